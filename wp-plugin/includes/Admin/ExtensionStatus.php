<?php
/**
 * What this PHP knows about the mcp_native extension, and where it would have to be configured.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\Contract;

/**
 * A snapshot of facts (detect() reads them from the running PHP; tests build their own) and the
 * verdict drawn from them:
 *
 *  - STATE_NATIVE:   the extension is loaded, has every function the contract facade calls, and
 *                    reports the version the plugin expects;
 *  - STATE_MISMATCH: loaded and complete, but another version than Contract::EXPECTED_EXTENSION_VERSION;
 *  - STATE_BROKEN:   loaded, but functions or classes the facade calls are missing (such calls
 *                    would end in fatal errors);
 *  - STATE_FALLBACK: not loaded: the pure-PHP fallback serves every request.
 */
final class ExtensionStatus {

	public const EXTENSION = 'mcp_native';

	/** The php.ini directive that loads the extension (from the extension directory). */
	public const INI_LINE = 'extension=mcp_native';

	/** The file name PHP looks for in extension_dir for INI_LINE. */
	public const SO_NAME = 'mcp_native.so';

	public const STATE_NATIVE   = 'native';
	public const STATE_MISMATCH = 'mismatch';
	public const STATE_BROKEN   = 'broken';
	public const STATE_FALLBACK = 'fallback';

	/**
	 * @param bool         $loaded        Whether extension_loaded('mcp_native').
	 * @param string|null  $version       The extension's own version (null when not loaded or unknown).
	 * @param string       $expected      The version the plugin was written against.
	 * @param list<string> $missing_api   Required functions/classes the loaded extension lacks.
	 * @param string       $extension_dir Where `extension=mcp_native` looks for mcp_native.so.
	 * @param string|null  $loaded_ini    php.ini in use (null: none).
	 * @param list<string> $scanned_ini   Additional .ini files parsed.
	 * @param string       $scan_dir      The directory of additional .ini files ('' = none).
	 * @param string       $sapi          PHP_SAPI (fpm-fcgi, apache2handler, cli-server, cli...).
	 * @param string       $php_version   PHP version (major.minor used in hints).
	 * @param bool         $zts           Whether this PHP is thread-safe (ZTS): the extension must match.
	 * @param string       $machine       CPU architecture (x86_64, aarch64...): the extension must match.
	 */
	public function __construct(
		public readonly bool $loaded,
		public readonly ?string $version,
		public readonly string $expected,
		public readonly array $missing_api = array(),
		public readonly string $extension_dir = '',
		public readonly ?string $loaded_ini = null,
		public readonly array $scanned_ini = array(),
		public readonly string $scan_dir = '',
		public readonly string $sapi = PHP_SAPI,
		public readonly string $php_version = PHP_VERSION,
		public readonly bool $zts = 1 === PHP_ZTS,
		public readonly string $machine = ''
	) {}

	/**
	 * The facts of the running PHP.
	 */
	public static function detect(): self {
		$loaded  = extension_loaded( self::EXTENSION );
		$version = null;
		$missing = array();
		if ( $loaded ) {
			foreach ( \McpNative\Plugin\Contract::NATIVE_FUNCTIONS as $function ) {
				if ( ! function_exists( $function ) ) {
					$missing[] = $function . '()';
				}
			}
			foreach ( \McpNative\Plugin\Contract::NATIVE_CLASSES as $class ) {
				if ( ! class_exists( $class, false ) ) {
					$missing[] = $class;
				}
			}
			if ( function_exists( 'McpNative\\version' ) ) {
				try {
					$version = (string) \McpNative\version();
				} catch ( \Throwable $e ) {
					$version = null;
				}
			}
			if ( null === $version || '' === $version ) {
				$module  = phpversion( self::EXTENSION );
				$version = is_string( $module ) && '' !== $module ? $module : null;
			}
		}

		$extension_dir = ini_get( 'extension_dir' );
		if ( ! is_string( $extension_dir ) || '' === $extension_dir ) {
			$extension_dir = PHP_EXTENSION_DIR;
		}
		$loaded_ini = php_ini_loaded_file();
		$scanned    = php_ini_scanned_files();
		$scanned    = is_string( $scanned ) && '' !== trim( $scanned )
			? array_values( array_filter( array_map( 'trim', explode( ',', $scanned ) ) ) )
			: array();
		$scan_dir = '';
		if ( array() !== $scanned ) {
			$scan_dir = dirname( $scanned[0] );
		} elseif ( '' !== (string) PHP_CONFIG_FILE_SCAN_DIR ) {
			$scan_dir = (string) PHP_CONFIG_FILE_SCAN_DIR;
		}

		return new self(
			$loaded,
			$version,
			Contract::EXPECTED_EXTENSION_VERSION,
			$missing,
			rtrim( $extension_dir, '/' ),
			is_string( $loaded_ini ) ? $loaded_ini : null,
			$scanned,
			rtrim( $scan_dir, '/' ),
			PHP_SAPI,
			PHP_VERSION,
			(bool) PHP_ZTS,
			function_exists( 'php_uname' ) ? php_uname( 'm' ) : '' // hosts may disable php_uname
		);
	}

	public function state(): string {
		if ( ! $this->loaded ) {
			return self::STATE_FALLBACK;
		}
		if ( array() !== $this->missing_api ) {
			return self::STATE_BROKEN;
		}
		if ( null === $this->version || 0 !== version_compare( $this->version, $this->expected ) ) {
			return self::STATE_MISMATCH;
		}
		return self::STATE_NATIVE;
	}

	/**
	 * One line for people: what runs.
	 */
	public function summary(): string {
		switch ( $this->state() ) {
			case self::STATE_NATIVE:
				/* translators: %s: extension version */
				return sprintf( __( 'Native extension mcp_native %s is loaded: MCP requests run on the native core.', 'mcp-native' ), (string) $this->version );
			case self::STATE_MISMATCH:
				return sprintf(
					/* translators: 1: extension version, 2: expected version */
					__( 'Native extension mcp_native %1$s is loaded, but this plugin expects version %2$s.', 'mcp-native' ),
					$this->version ?? __( '(unknown)', 'mcp-native' ),
					$this->expected
				);
			case self::STATE_BROKEN:
				/* translators: %s: list of missing functions */
				return sprintf( __( 'Extension mcp_native is loaded but incomplete: missing %s.', 'mcp-native' ), implode( ', ', $this->missing_api ) );
			default:
				return __( 'The mcp_native extension is not loaded: the PHP fallback is in use.', 'mcp-native' );
		}
	}

	/**
	 * Where `mcp_native.so` has to be for INI_LINE to find it.
	 */
	public function so_path(): string {
		return ( '' !== $this->extension_dir ? $this->extension_dir : PHP_EXTENSION_DIR ) . '/' . self::SO_NAME;
	}

	/**
	 * The file INI_LINE should go in: a new file in the scan directory of this SAPI when it has one
	 * (Debian: the mods-available file, enabled with phpenmod), else the loaded php.ini.
	 *
	 * @return array{file: string, how: string, debian_mods: string|null, enable: string|null}
	 */
	public function ini_target(): array {
		$debian_mods = null;
		$enable      = null;
		if ( preg_match( '#^/etc/php/(\d+\.\d+)/([^/]+)/conf\.d$#', $this->scan_dir, $m ) ) {
			$debian_mods = '/etc/php/' . $m[1] . '/mods-available/mcp_native.ini';
			$enable      = 'phpenmod -v ' . $m[1] . ' -s ' . $m[2] . ' mcp_native';
		}
		if ( '' !== $this->scan_dir ) {
			return array(
				'file'        => $this->scan_dir . '/20-mcp_native.ini',
				'how'         => 'new-file',
				'debian_mods' => $debian_mods,
				'enable'      => $enable,
			);
		}
		if ( null !== $this->loaded_ini ) {
			return array(
				'file'        => $this->loaded_ini,
				'how'         => 'append',
				'debian_mods' => null,
				'enable'      => null,
			);
		}
		return array(
			'file'        => rtrim( (string) PHP_CONFIG_FILE_PATH, '/' ) . '/php.ini',
			'how'         => 'create',
			'debian_mods' => null,
			'enable'      => null,
		);
	}

	/**
	 * The PHP an extension file must be built for: "PHP 8.2, non-thread-safe (NTS), x86_64, API 20220829".
	 */
	public function build_target(): string {
		$parts = array(
			'PHP ' . $this->php_minor(),
			$this->zts ? __( 'thread-safe (ZTS)', 'mcp-native' ) : __( 'non-thread-safe (NTS)', 'mcp-native' ),
		);
		if ( '' !== $this->machine ) {
			$parts[] = $this->machine;
		}
		if ( preg_match( '#/(\d{8})(?:-zts)?$#', $this->extension_dir, $m ) ) {
			/* translators: %s: PHP extension API number */
			$parts[] = sprintf( __( 'API %s', 'mcp-native' ), $m[1] );
		}
		return implode( ', ', $parts );
	}

	public function php_minor(): string {
		return implode( '.', array_slice( explode( '.', $this->php_version ), 0, 2 ) );
	}

	/**
	 * What to restart for a changed php.ini to take effect under this SAPI.
	 */
	public function restart_hint(): string {
		$minor = $this->php_minor();
		switch ( $this->sapi ) {
			case 'fpm-fcgi':
				/* translators: %s: PHP major.minor version */
				return sprintf( __( 'restart PHP-FPM (for example: service php%s-fpm restart)', 'mcp-native' ), $minor );
			case 'apache2handler':
				return __( 'restart Apache (for example: service apache2 restart)', 'mcp-native' );
			case 'cli-server':
				return __( 'restart PHP\'s built-in web server (php -S)', 'mcp-native' );
			case 'litespeed':
				return __( 'restart LiteSpeed', 'mcp-native' );
			default:
				return __( 'restart the PHP processes that serve the site (PHP-FPM, or the web server); on managed hosting, ask your host', 'mcp-native' );
		}
	}
}
