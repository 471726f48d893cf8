<?php
/**
 * Opt-in acceleration of an installed official MCP Adapter (wordpress/mcp-adapter 0.5.x and 0.6.x).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Adapter;

use McpNative\Plugin\AdapterApi\AdapterApi;
use McpNative\Plugin\Contract;
use McpNative\Plugin\Logger;

/**
 * When the official MCP Adapter 0.5.x or 0.6.x is loaded and the site opts in (constant
 * MCP_NATIVE_ACCELERATE_ADAPTER === true, or the `mcp_native_accelerate_adapter` filter), the
 * adapter's `WP\MCP\Domain\Utils\SchemaTransformer` and `WP\MCP\Domain\Utils\AbilityArgumentNormalizer`
 * are served by this plugin: classes with the same names and the same public static signatures
 * (includes/Adapter/WpMcp/), delegating to Contract (the native extension, or our PHP fallback).
 * They are resolved ahead of the adapter's own autoloader by an autoloader registered with
 * prepend=true when this plugin loads, and registered again (still first) on `plugins_loaded`
 * priority 0, after every plugin (and any Composer/Jetpack autoloader they prepend) has loaded.
 *
 * It stays out, and status() says why, when: the site has not opted in; the adapter is not
 * loaded; its version is not in a series of SIGNATURES; the public methods of its two classes (read
 * from its own source files, so they are never loaded) are not exactly those of its series; or
 * something loaded those classes before us. Our replacement classes are checked with Reflection
 * against the same signatures before they are used.
 *
 * While accelerated, the adapter builds its servers only for REST requests that may reach them
 * (DeferredServers), not on every REST request.
 *
 * Independently of the opt-in: while the adapter serves its default server (its instance is
 * hooked on rest_api_init and `mcp_adapter_create_default_server` is true), our default server
 * is not registered (filter `mcp_native_default_server_enabled`), because both live at
 * /wp-json/mcp/mcp-adapter-default-server.
 */
final class Accelerator {

	public const CONSTANT = 'MCP_NATIVE_ACCELERATE_ADAPTER';
	public const FILTER   = 'mcp_native_accelerate_adapter';

	public const ADAPTER_CLASS = 'WP\\MCP\\Core\\McpAdapter';

	/** Option: the verdicts of source_problem(), by file state (autoloaded). */
	public const VERDICTS = 'mcp_native_adapter_api_verdicts';

	private const TRANSFORMER = 'WP\\MCP\\Domain\\Utils\\SchemaTransformer';
	private const NORMALIZER  = 'WP\\MCP\\Domain\\Utils\\AbilityArgumentNormalizer';

	/**
	 * The adapter series we accelerate, each with the public API of the classes we replace as the
	 * adapter published it: series ("major.minor") => class => method => compact signature
	 * ("static " when static, no whitespace, leading backslashes of class types dropped; see
	 * SignatureReader). Read from the adapter's repository: 0.5.x from the tag v0.5.0 (and its
	 * development branch, which still reports 0.5.0); 0.6.x from the 0.6.0 source of
	 * AbilityArgumentNormalizer (`@since 0.6.0`) and the stored versions of SchemaTransformer (one
	 * signature in all of them). The adapter's own version picks the series; its source must then
	 * match that series exactly.
	 */
	public const SIGNATURES = array(
		'0.5' => array(
			self::TRANSFORMER => array(
				'transform_to_object_schema' => "static transform_to_object_schema(?array\$schema,string\$wrapper_key='input'):array",
			),
			self::NORMALIZER  => array(
				'normalize' => 'static normalize(WP_Ability$ability,$parameters)',
			),
		),
		'0.6' => array(
			self::TRANSFORMER => array(
				'transform_to_object_schema' => "static transform_to_object_schema(?array\$schema,string\$wrapper_key='input'):array",
			),
			self::NORMALIZER  => array(
				'normalize' => 'static normalize(WP_Ability$ability,$parameters)',
			),
		),
	);

	/**
	 * Adapter series whose classes we replace kept their public signatures but changed what they
	 * do, so replacing them would change the adapter's answers: series => why, and the better path.
	 * 0.7 (from the adapter's 0.7 migration guide and the 0.7.0 McpAdapter in the search index; its
	 * Domain/Utils sources are not stored): schemas without a type are no longer repaired and the
	 * DTO and validator layer around the transform is gone.
	 */
	public const CHANGED_SERIES = array(
		'0.7' => 'no longer repairs ability schemas that have no "type" (0.5 and 0.6 added "type": "object") and dropped the DTO and validator layer around its schema transform, so MCP Native\'s replacement classes, which keep the 0.5/0.6 behaviour, would change its answers: it keeps running on its own code. The better path is MCP Native\'s own server: the same abilities as the same tools at the same URLs (/wp-json/mcp/mcp-adapter-default-server, and every server plugins create through mcp_adapter_init, which MCP Native answers while the adapter is inactive), with native schema conversion, validation of every call and a cached tool list. Deactivate the MCP Adapter plugin to switch (see docs/MIGRATION.md).',
	);

	/**
	 * The public API of our replacement classes (includes/Adapter/WpMcp/), checked by Reflection
	 * before use. It equals every series above: a series whose API differed would need classes
	 * of its own.
	 */
	public const EXPECTED = self::SIGNATURES['0.5'];

	/** Our replacement class files, by class. */
	private const FILES = array(
		self::TRANSFORMER => 'WpMcp/SchemaTransformer.php',
		self::NORMALIZER  => 'WpMcp/AbilityArgumentNormalizer.php',
	);

	private static bool $booted = false;

	/** @var array{active: bool, reason: string, adapter_version: ?string}|null the cached decision */
	private static ?array $decision = null;

	/** @var array<string, int> calls served, by method */
	private static array $calls = array(
		'transform_to_object_schema' => 0,
		'normalize'                  => 0,
	);

	/**
	 * Called once when the plugin loads.
	 */
	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;
		spl_autoload_register( array( self::class, 'autoload' ), true, true );
		add_action( 'plugins_loaded', array( self::class, 'reprepend_autoloader' ), 0 );
		add_filter( 'mcp_native_default_server_enabled', array( self::class, 'default_server_enabled' ), 5 );
		DeferredServers::boot();
	}

	/** Whether the adapter's two classes are (or, on first use, will be) served by this plugin. */
	public static function active(): bool {
		return self::decide()['active'];
	}

	/**
	 * plugins_loaded (priority 0): puts our autoloader first again, ahead of any autoloader a
	 * plugin loaded after us prepended (Composer's ClassLoader prepends by default).
	 */
	public static function reprepend_autoloader(): void {
		spl_autoload_unregister( array( self::class, 'autoload' ) );
		spl_autoload_register( array( self::class, 'autoload' ), true, true );
	}

	/**
	 * The autoloader: serves only the two adapter class names, and only when the decision is yes.
	 */
	public static function autoload( string $class_name ): void {
		if ( ! isset( self::FILES[ $class_name ] ) ) {
			return;
		}
		$decision = self::decide();
		if ( ! $decision['active'] ) {
			return; // the adapter's own autoloader loads its class
		}
		foreach ( self::FILES as $name => $file ) {
			if ( ! class_exists( $name, false ) ) {
				require_once __DIR__ . '/' . $file;
			}
		}
		$problem = self::check_own_classes();
		if ( null !== $problem ) {
			// Cannot happen unless this plugin's files were edited: say so loudly, once.
			self::$decision = array(
				'active'          => false,
				'reason'          => 'MCP Native\'s replacement classes do not match the adapter\'s API: ' . $problem,
				'adapter_version' => $decision['adapter_version'],
			);
			Logger::error( 'Adapter acceleration: ' . self::$decision['reason'] );
		}
	}

	/**
	 * The state of the acceleration, for Site Health and the admin page.
	 *
	 * @return array{active: bool, reason: string, opted_in: bool, adapter_loaded: bool, adapter_version: ?string,
	 *               adapter_serves_default_server: bool, classes_loaded_from: array<string, ?string>,
	 *               implementation: string, calls: array<string, int>}
	 *   active: the adapter's two classes are (or, on first use, will be) served by this plugin;
	 *   reason: one sentence saying why (not); Admin\SiteHealth::adapter_result() words the state
	 *   for Site Health (test `mcp_native_adapter`) and the status page.
	 */
	public static function status(): array {
		$decision = self::decide();
		$loaded   = array();
		foreach ( array_keys( self::EXPECTED ) as $name ) {
			$loaded[ $name ] = class_exists( $name, false ) ? ( new \ReflectionClass( $name ) )->getFileName() : null;
			if ( false === $loaded[ $name ] ) {
				$loaded[ $name ] = null;
			}
		}
		return array(
			'active'                        => $decision['active'],
			'reason'                        => $decision['reason'],
			'opted_in'                      => self::opted_in(),
			'adapter_loaded'                => AdapterApi::official_adapter_loaded(),
			'adapter_version'               => $decision['adapter_version'],
			'adapter_serves_default_server' => self::adapter_serves_default_server(),
			'series_changed'                => null !== self::changed_series_reason( $decision['adapter_version'] ),
			'classes_loaded_from'           => $loaded,
			'implementation'                => Contract::is_native() ? 'native extension mcp_native ' . Contract::version() : 'PHP fallback',
			'calls'                         => self::$calls,
		);
	}

	/**
	 * Forgets the cached decision (tests; a request never needs it).
	 */
	public static function reset(): void {
		self::$decision = null;
	}

	/**
	 * Filter mcp_native_default_server_enabled (priority 5): off while the adapter serves its own
	 * default server at the same route. A site can still force ours on with a later filter.
	 */
	public static function default_server_enabled( mixed $enabled ): mixed {
		if ( $enabled && self::adapter_serves_default_server() ) {
			Logger::debug( 'The official MCP Adapter serves /wp-json/mcp/mcp-adapter-default-server: MCP Native does not register its default server there.' );
			return false;
		}
		return $enabled;
	}

	/**
	 * Whether the adapter is running and will create its default server: its instance is hooked
	 * (rest_api_init, or init under WP-CLI) and its `mcp_adapter_create_default_server` filter is true.
	 */
	public static function adapter_serves_default_server(): bool {
		if ( ! AdapterApi::official_adapter_loaded() ) {
			return false;
		}
		$hooked = DeferredServers::moved(); // its init() runs on a dispatch that may reach it
		foreach ( $hooked ? array() : array( 'rest_api_init', 'init' ) as $hook ) {
			$callbacks = $GLOBALS['wp_filter'][ $hook ]->callbacks ?? array();
			foreach ( $callbacks as $by_priority ) {
				foreach ( $by_priority as $callback ) {
					$fn = $callback['function'] ?? null;
					if ( is_array( $fn ) && isset( $fn[0] ) && is_a( $fn[0], self::ADAPTER_CLASS ) ) {
						$hooked = true;
						break 3;
					}
				}
			}
		}
		return $hooked && (bool) apply_filters( 'mcp_adapter_create_default_server', true );
	}

	// ------------------------------------------------------------------ what the replacements call

	/**
	 * WP\MCP\Domain\Utils\SchemaTransformer::transform_to_object_schema, on Contract.
	 * Same return shape as the adapter: ['schema' => array, 'was_transformed' => bool,
	 * 'wrapper_property' => ?string]. A schema nested deeper than McpNative\MAX_DEPTH is logged and
	 * served as the minimal `{"type":"object"}` (the ability still validates its own input), where
	 * the adapter would recurse until PHP dies on a cyclic one.
	 */
	public static function transform_to_object_schema( ?array $schema, string $wrapper_key = 'input' ): array {
		++self::$calls['transform_to_object_schema'];
		try {
			return Contract::transform_to_object_schema( $schema, $wrapper_key );
		} catch ( \McpNative\SchemaException $e ) {
			Logger::warning_throttled(
				'Adapter acceleration: a schema could not be transformed; serving {"type":"object"} for it',
				array( 'error' => $e->getMessage() )
			);
			return array(
				'schema'           => array( 'type' => 'object' ),
				'was_transformed'  => false,
				'wrapper_property' => null,
			);
		}
	}

	/**
	 * WP\MCP\Domain\Utils\AbilityArgumentNormalizer::normalize, on Contract::normalize_arguments.
	 *
	 * For the 0.6 series, "no arguments" follows the rule 0.6.0 published, which is Contract's for
	 * object schemas and defaults and goes further elsewhere: with any input schema (and no
	 * top-level default) null and `[]` become `[]`, except an explicit null that the schema's own
	 * `type` allows, which stays null. So an accelerated 0.6 adapter never turns a call that its
	 * own class would have let validate into one that fails.
	 *
	 * @param mixed $parameters
	 * @return mixed
	 */
	public static function normalize( \WP_Ability $ability, $parameters ) {
		++self::$calls['normalize'];
		$schema = $ability->get_input_schema();
		$schema = is_array( $schema ) ? $schema : null;
		if ( ( null === $parameters || array() === $parameters ) && ! empty( $schema ) && ! array_key_exists( 'default', $schema )
			&& '0.6' === self::series( (string) ( self::decide()['adapter_version'] ?? '' ) ) ) {
			$type = $schema['type'] ?? null;
			$null = 'null' === $type || ( is_array( $type ) && in_array( 'null', $type, true ) );
			return null === $parameters && $null ? null : array();
		}
		return Contract::normalize_arguments( $schema, $parameters );
	}

	// ------------------------------------------------------------------ the decision

	/**
	 * @return array{active: bool, reason: string, adapter_version: ?string}
	 */
	private static function decide(): array {
		if ( null !== self::$decision ) {
			return self::$decision;
		}
		$decision = self::evaluate();
		// Before every plugin has loaded, a "no" is not final (the adapter or the opt-in filter
		// may come from a plugin that loads later).
		if ( $decision['active'] || did_action( 'plugins_loaded' ) ) {
			self::$decision = $decision;
		}
		return $decision;
	}

	/**
	 * @return array{active: bool, reason: string, adapter_version: ?string}
	 */
	private static function evaluate(): array {
		$no = static fn( string $reason, ?string $version = null ): array => array(
			'active'          => false,
			'reason'          => $reason,
			'adapter_version' => $version,
		);
		$loaded   = class_exists( self::ADAPTER_CLASS ) && ! AdapterApi::is_stand_in( self::ADAPTER_CLASS ); // MCP Native's stand-in is no adapter
		$includes = '';
		$version  = null;
		if ( $loaded ) {
			$adapter_file = ( new \ReflectionClass( self::ADAPTER_CLASS ) )->getFileName();
			$includes     = is_string( $adapter_file ) ? dirname( $adapter_file, 2 ) : '';
			$version      = self::adapter_version( $includes );
		}
		$changed = self::changed_series_reason( $version );
		if ( null !== $changed ) {
			return $no( $changed, $version );
		}
		if ( ! self::opted_in() ) {
			return $no( 'Off: not enabled. To run the official MCP Adapter\'s schema and argument layer on MCP Native, define( \'' . self::CONSTANT . '\', true ) in wp-config.php or return true from the ' . self::FILTER . ' filter.', $version );
		}
		if ( ! $loaded ) {
			return $no( 'Off: the official MCP Adapter (WP\\MCP\\Core\\McpAdapter) is not loaded.' );
		}
		if ( null === $version ) {
			return $no( 'Off: the version of the loaded MCP Adapter could not be determined (no McpAdapter::VERSION, WP_MCP_VERSION or plugin header).' );
		}
		$series = self::series( $version );
		if ( null === $series ) {
			return $no( "Off: MCP Adapter $version is not supported; MCP Native accelerates " . self::supported_series_text() . '.', $version );
		}
		foreach ( self::SIGNATURES[ $series ] as $class_name => $methods ) {
			if ( class_exists( $class_name, false ) ) {
				$file = ( new \ReflectionClass( $class_name ) )->getFileName();
				if ( ! is_string( $file ) || ! str_starts_with( $file, __DIR__ . '/' ) ) {
					return $no( "Off: $class_name was already loaded from " . ( is_string( $file ) ? $file : 'an unknown file' ) . ' before MCP Native could take over (load MCP Native earlier, e.g. from a mu-plugin).', $version );
				}
				continue;
			}
			$short  = substr( $class_name, (int) strrpos( $class_name, '\\' ) + 1 );
			$source = $includes . '/Domain/Utils/' . $short . '.php';
			if ( ! is_readable( $source ) ) {
				return $no( "Off: the adapter's $short.php was not found at $source, so its API cannot be checked.", $version );
			}
			$problem = self::source_problem( $class_name, $methods, $source, $series );
			if ( null !== $problem ) {
				return $no( $problem, $version );
			}
		}
		return array(
			'active'          => true,
			'reason'          => "On: the official MCP Adapter $version's SchemaTransformer and AbilityArgumentNormalizer run on MCP Native (" . ( Contract::is_native() ? 'native extension' : 'PHP fallback: install the mcp_native extension for the native speed-up' ) . ').',
			'adapter_version' => $version,
		);
	}

	/**
	 * Null when the adapter's $source declares $class_name with exactly $methods; else why not.
	 * Reading the source takes about 0.2 ms, and it is needed on every REST request once the
	 * adapter's servers wait for a dispatch (DeferredServers): the verdict is kept in an autoloaded
	 * option, keyed by the file's path, inode, size and mtime and by the expected signatures, so it
	 * is read again only when the adapter's files (or ours) change.
	 *
	 * @param array<string, string> $methods
	 */
	private static function source_problem( string $class_name, array $methods, string $source, string $series ): ?string {
		$stat  = stat( $source );
		$key   = md5( implode( "\0", array( $class_name, $source, $stat ? $stat['ino'] . ':' . $stat['size'] . ':' . $stat['mtime'] : '', $series, serialize( $methods ) ) ) );
		$cache = function_exists( 'get_option' ) ? get_option( self::VERDICTS, array() ) : array();
		$cache = is_array( $cache ) ? $cache : array();
		if ( array_key_exists( $key, $cache ) && ( null === $cache[ $key ] || is_string( $cache[ $key ] ) ) ) {
			return $cache[ $key ];
		}
		$found   = SignatureReader::public_methods( (string) file_get_contents( $source ), $class_name );
		$diff    = null === $found ? null : self::compare( $methods, $found );
		$problem = null === $found
			? "Off: $source does not declare $class_name."
			: ( null === $diff ? null : "Off: the public API of the adapter's $class_name differs from the published $series.x one ($diff)." );
		if ( function_exists( 'update_option' ) ) {
			$cache         = array_slice( $cache, -7, null, true ); // a few adapter copies at most
			$cache[ $key ] = $problem;
			update_option( self::VERDICTS, $cache, true );
		}
		return $problem;
	}

	public static function opted_in(): bool {
		$default = defined( self::CONSTANT ) && true === constant( self::CONSTANT );
		/**
		 * Filters whether MCP Native serves the official MCP Adapter's SchemaTransformer and
		 * AbilityArgumentNormalizer (adapter 0.5.x and 0.6.x). Add it before `rest_api_init`.
		 *
		 * @param bool $accelerate Default: the MCP_NATIVE_ACCELERATE_ADAPTER constant is true.
		 */
		return true === apply_filters( self::FILTER, $default );
	}

	/**
	 * The key of SIGNATURES for an adapter version ("0.6" for "0.6.1", "0.6.0-beta1" or
	 * "0.6.2-dev"), or null when we do not accelerate that series.
	 */
	public static function series( string $version ): ?string {
		$series = self::series_of( $version );
		return isset( self::SIGNATURES[ $series ] ) ? $series : null;
	}

	/** "major.minor" of a version string, or null when it is none. */
	private static function series_of( string $version ): ?string {
		if ( 1 !== preg_match( '/^v?(\d+)\.(\d+)(?:\.\d+)?(?:[-+][0-9A-Za-z.+-]*)?$/', trim( $version ), $m ) ) {
			return null;
		}
		return (int) $m[1] . '.' . (int) $m[2];
	}

	/**
	 * Why a loaded adapter of a series whose replaced classes changed behaviour is not
	 * accelerated, and what to do instead; null for other versions.
	 */
	public static function changed_series_reason( ?string $version ): ?string {
		$why = self::CHANGED_SERIES[ self::series_of( (string) $version ) ?? '' ] ?? null;
		return null === $why ? null : 'Off: MCP Adapter ' . $version . ' ' . $why;
	}

	/** "0.5.x and 0.6.x". */
	private static function supported_series_text(): string {
		$all  = array_map( static fn( string $s ): string => $s . '.x', array_keys( self::SIGNATURES ) );
		$last = array_pop( $all );
		return array() === $all ? $last : implode( ', ', $all ) . ' and ' . $last;
	}

	/**
	 * McpAdapter::VERSION, else WP_MCP_VERSION, else the Version header of the adapter's main file.
	 */
	private static function adapter_version( string $includes ): ?string {
		$constant = self::ADAPTER_CLASS . '::VERSION';
		if ( defined( $constant ) && is_string( constant( $constant ) ) ) {
			return constant( $constant );
		}
		if ( defined( 'WP_MCP_VERSION' ) && is_string( constant( 'WP_MCP_VERSION' ) ) ) {
			return constant( 'WP_MCP_VERSION' );
		}
		$main = dirname( $includes ) . '/mcp-adapter.php';
		if ( '' !== $includes && is_readable( $main ) && function_exists( 'get_file_data' ) ) {
			$header = get_file_data( $main, array( 'Version' => 'Version' ), 'plugin' );
			if ( is_string( $header['Version'] ?? null ) && '' !== $header['Version'] ) {
				return $header['Version'];
			}
		}
		return null;
	}

	/**
	 * Null when $found has exactly the $expected public methods and signatures; else what differs.
	 *
	 * @param array<string, string> $expected
	 * @param array<string, string> $found
	 */
	private static function compare( array $expected, array $found ): ?string {
		$problems = array();
		foreach ( $expected as $method => $signature ) {
			if ( ! isset( $found[ $method ] ) ) {
				$problems[] = "no public $method()";
			} elseif ( $found[ $method ] !== $signature ) {
				$problems[] = "$method is `{$found[ $method ]}`, expected `$signature`";
			}
		}
		foreach ( array_diff_key( $found, $expected ) as $method => $signature ) {
			$problems[] = "extra public method `$signature`";
		}
		return array() === $problems ? null : implode( '; ', $problems );
	}

	/**
	 * Our replacement classes against EXPECTED, by Reflection: null when they match.
	 */
	private static function check_own_classes(): ?string {
		foreach ( self::EXPECTED as $class_name => $methods ) {
			if ( ! class_exists( $class_name, false ) ) {
				return "$class_name is not defined";
			}
			$diff = self::compare( $methods, SignatureReader::reflect_public_methods( $class_name ) );
			if ( null !== $diff ) {
				return "$class_name: $diff";
			}
		}
		return null;
	}
}
