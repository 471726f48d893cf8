<?php
/**
 * Tools → Site Health: the extension and streaming tests (Status tab) and the plugin's section of
 * the Info tab.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;


final class SiteHealth {

	public const TEST_ID = 'mcp_native_extension';

	public const ADAPTER_TEST_ID = 'mcp_native_adapter';

	public const STREAMING_TEST_ID = 'mcp_native_streaming';

	public const INFO_SECTION = 'mcp-native';

	/**
	 * site_status_tests: a direct test (runs while the Status tab renders).
	 *
	 * @param mixed $tests Tests by type.
	 * @return mixed
	 */
	public static function register_test( mixed $tests ): mixed {
		if ( ! is_array( $tests ) ) {
			return $tests;
		}
		$tests['direct'][ self::TEST_ID ] = array(
			'label' => __( 'MCP Native extension', 'mcp-native' ),
			'test'  => array( self::class, 'run_test' ),
		);
		$tests['direct'][ self::STREAMING_TEST_ID ] = array(
			'label' => __( 'MCP Native streaming (progress and log messages)', 'mcp-native' ),
			'test'  => array( self::class, 'run_streaming_test' ),
		);
		$tests   = AdapterApiHealth::register_test( $tests );
		$adapter = self::adapter_status();
		if ( null !== $adapter && ( ! empty( $adapter['adapter_loaded'] ) || ! empty( $adapter['opted_in'] ) ) ) {
			$tests['direct'][ self::ADAPTER_TEST_ID ] = array(
				'label' => __( 'MCP Native and the official MCP Adapter', 'mcp-native' ),
				'test'  => array( self::class, 'run_adapter_test' ),
			);
		}
		return $tests;
	}

	/**
	 * The acceleration state of an installed official MCP Adapter (Adapter\Accelerator::status()),
	 * or null when this build of the plugin has no such layer.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function adapter_status(): ?array {
		$class = 'McpNative\\Plugin\\Adapter\\Accelerator';
		if ( ! class_exists( $class ) || ! method_exists( $class, 'status' ) ) {
			return null;
		}
		try {
			$status = $class::status();
		} catch ( \Throwable $e ) {
			return array(
				'active'   => false,
				'reason'   => 'The acceleration state could not be read: ' . $e->getMessage(),
				'opted_in' => false,
			);
		}
		return is_array( $status ) ? $status : null;
	}

	/**
	 * The adapter test on the running site (registered only when the adapter is loaded or the site opted in).
	 *
	 * @return array<string, mixed>
	 */
	public static function run_adapter_test(): array {
		return self::adapter_result( self::adapter_status() ?? array() );
	}

	/**
	 * The one wording of the adapter state (Site Health test, status page): good when the
	 * adapter's schema and argument layer runs on MCP Native, or when the site has not asked for
	 * it; recommended when the site asked but MCP Native stays out (the reason says why).
	 *
	 * @param array<string, mixed> $adapter Adapter\Accelerator::status().
	 * @return array<string, mixed>
	 */
	public static function adapter_result( array $adapter ): array {
		$active   = true === ( $adapter['active'] ?? null );
		$opted_in = true === ( $adapter['opted_in'] ?? null );
		$loaded   = true === ( $adapter['adapter_loaded'] ?? null ) || is_string( $adapter['adapter_version'] ?? null );
		$version  = is_string( $adapter['adapter_version'] ?? null ) ? $adapter['adapter_version'] : null;
		$reason   = is_string( $adapter['reason'] ?? null ) ? $adapter['reason'] : '';
		$native   = str_starts_with( (string) ( $adapter['implementation'] ?? '' ), 'native' );
		$changed  = true === ( $adapter['series_changed'] ?? null );
		if ( $changed ) {
			$label   = __( 'MCP Native\'s own server is the better path for this version of the official MCP Adapter', 'mcp-native' );
			$status  = 'recommended';
			$summary = __( 'MCP Native does not speed up this version of the MCP Adapter, which keeps running on its own code. Why, and what switching gains:', 'mcp-native' );
		} elseif ( $active ) {
			$label   = __( 'The official MCP Adapter runs faster on MCP Native', 'mcp-native' );
			$status  = 'good';
			$summary = $native
				? __( 'The MCP Adapter converts ability schemas and tool arguments with MCP Native\'s native extension instead of its own PHP code. Nothing else about the adapter changes.', 'mcp-native' )
				: __( 'The MCP Adapter converts ability schemas and tool arguments with MCP Native\'s code (its PHP fallback, because the mcp_native extension is not loaded: load it for the native speed-up).', 'mcp-native' );
		} elseif ( ! $opted_in ) {
			$label   = __( 'MCP Native can speed up the official MCP Adapter', 'mcp-native' );
			$status  = 'good';
			$summary = sprintf(
				/* translators: %s: the wp-config.php line */
				__( 'The MCP Adapter runs on its own code. To let MCP Native convert its ability schemas and tool arguments (faster, and without the adapter\'s crash on callbacks in schemas), add %s to wp-config.php.', 'mcp-native' ),
				"define( 'MCP_NATIVE_ACCELERATE_ADAPTER', true );"
			);
		} elseif ( ! $loaded ) {
			$label   = __( 'MCP Adapter acceleration is enabled, but the official MCP Adapter is not active', 'mcp-native' );
			$status  = 'recommended';
			$summary = __( 'Nothing to speed up: activate the MCP Adapter plugin, or remove MCP_NATIVE_ACCELERATE_ADAPTER from wp-config.php.', 'mcp-native' );
		} else {
			$label   = __( 'MCP Native cannot speed up this version of the official MCP Adapter', 'mcp-native' );
			$status  = 'recommended';
			$summary = __( 'The MCP Adapter keeps running on its own code, so it works as before. The reason:', 'mcp-native' );
		}
		$description = '<p>' . esc_html( $summary ) . '</p>';
		if ( $active || $opted_in || $changed ) { // not asked for: the summary already says how, the reason would repeat it
			$description .= '<p>' . esc_html( $reason ) . '</p>';
		}
		if ( null !== $version ) {
			/* translators: %s: adapter version */
			$description .= '<p>' . sprintf( esc_html__( 'MCP Adapter version: %s.', 'mcp-native' ), '<code>' . esc_html( $version ) . '</code>' ) . '</p>';
		}
		if ( true === ( $adapter['adapter_serves_default_server'] ?? null ) ) {
			$description .= '<p>' . esc_html__( 'The adapter serves /wp-json/mcp/mcp-adapter-default-server, so MCP Native does not register its own default server there; MCP Native\'s custom servers are still served.', 'mcp-native' ) . '</p>';
		}
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'Performance', 'mcp-native' ),
				'color' => 'blue',
			),
			'description' => $description,
			'actions'     => '<p><a href="' . esc_url( admin_url( 'tools.php?page=' . StatusPage::SLUG ) ) . '">' . esc_html__( 'MCP Native status page', 'mcp-native' ) . '</a></p>',
			'test'        => self::ADAPTER_TEST_ID,
		);
	}

	/**
	 * The direct test on the running PHP.
	 *
	 * @return array<string, mixed>
	 */
	public static function run_test(): array {
		return self::result( ExtensionStatus::detect() );
	}

	/**
	 * The Site Health result for a status: good (native, expected version), recommended (PHP
	 * fallback, or another version), critical (loaded but missing functions the plugin calls).
	 *
	 * @return array{label: string, status: string, badge: array{label: string, color: string}, description: string, actions: string, test: string}
	 */
	public static function result( ExtensionStatus $status ): array {
		$badge = array(
			'label' => __( 'Performance', 'mcp-native' ),
			'color' => 'blue',
		);
		$page  = admin_url( 'tools.php?page=' . StatusPage::SLUG );

		switch ( $status->state() ) {
			case ExtensionStatus::STATE_NATIVE:
				$result = array(
					'label'       => __( 'The MCP Native extension is loaded', 'mcp-native' ),
					'status'      => 'good',
					'description' => '<p>' . sprintf(
						/* translators: 1: extension version */
						esc_html__( 'The mcp_native PHP extension %1$s is loaded, the version this plugin expects. MCP schema conversion and argument validation run natively.', 'mcp-native' ),
						'<code>' . esc_html( (string) $status->version ) . '</code>'
					) . '</p>',
				);
				break;

			case ExtensionStatus::STATE_MISMATCH:
				$result = array(
					'label'       => __( 'The MCP Native extension version does not match the plugin', 'mcp-native' ),
					'status'      => 'recommended',
					'description' => '<p>' . sprintf(
						/* translators: 1: loaded version, 2: expected version */
						esc_html__( 'The loaded mcp_native extension reports version %1$s, but this version of the MCP Native plugin was written against %2$s, so the plugin does not use it: MCP requests run on the PHP fallback (correct, but slower). Install the extension and the plugin from the same release.', 'mcp-native' ),
						'<code>' . esc_html( $status->version ?? __( '(unknown)', 'mcp-native' ) ) . '</code>',
						'<code>' . esc_html( $status->expected ) . '</code>'
					) . '</p>' . self::so_location_html( $status ),
				);
				break;

			case ExtensionStatus::STATE_BROKEN:
				$result = array(
					'label'       => __( 'The MCP Native extension is loaded but incomplete', 'mcp-native' ),
					'status'      => 'recommended',
					'description' => '<p>' . sprintf(
						/* translators: 1: list of missing functions, 2: version */
						esc_html__( 'The loaded mcp_native extension (version %2$s) lacks what the plugin calls: %1$s, so the plugin does not use it: MCP requests run on the PHP fallback (correct, but slower). Install the extension built for this plugin version.', 'mcp-native' ),
						'<code>' . esc_html( implode( ', ', $status->missing_api ) ) . '</code>',
						'<code>' . esc_html( $status->version ?? __( '(unknown)', 'mcp-native' ) ) . '</code>'
					) . '</p>' . self::so_location_html( $status ),
				);
				break;

			default:
				$result = array(
					'label'       => __( 'MCP Native runs on its PHP fallback', 'mcp-native' ),
					'status'      => 'recommended',
					'description' => '<p>' . esc_html__( 'The mcp_native PHP extension is not loaded. MCP requests work, served by the plugin\'s pure-PHP fallback; the native extension makes schema conversion and argument validation faster.', 'mcp-native' ) . '</p>'
						. self::install_html( $status ),
				);
				break;
		}

		$result['badge']   = $badge;
		$result['test']    = self::TEST_ID;
		$result['actions'] = '<p><a href="' . esc_url( $page ) . '">' . esc_html__( 'MCP Native status page', 'mcp-native' ) . '</a></p>';
		return $result;
	}

	/**
	 * The streaming test on the running PHP.
	 *
	 * @return array<string, mixed>
	 */
	public static function run_streaming_test(): array {
		return self::streaming_result( StreamingConfig::detect() );
	}

	/**
	 * Good when nothing PHP can read holds events back or cuts long calls short, else recommended
	 * with what to change; both name what the web server in use needs, which PHP cannot read.
	 *
	 * @return array{label: string, status: string, badge: array{label: string, color: string}, description: string, actions: string, test: string}
	 */
	public static function streaming_result( StreamingConfig $config ): array {
		$problems    = $config->problems();
		$description = '<p>' . esc_html__( 'While an ability runs, MCP Native can send the client its progress and log messages as an SSE stream, and a client that closes the stream cancels the call. For that, nothing between PHP and the client may hold the events back, and long calls must be allowed to run.', 'mcp-native' ) . '</p>';
		if ( array() !== $problems ) {
			$description .= '<ul>';
			foreach ( $problems as $problem ) {
				$description .= '<li>' . esc_html( $problem ) . '</li>';
			}
			$description .= '</ul>';
		} else {
			$description .= '<p>' . sprintf(
				/* translators: 1: max_execution_time value */
				esc_html__( 'PHP: zlib.output_compression is off, max_execution_time is %1$s (PHP\'s own output buffers are emptied before every event).', 'mcp-native' ),
				'<code>' . esc_html( 0 === $config->max_execution_time ? __( 'unlimited', 'mcp-native' ) : $config->max_execution_time . ' s' ) . '</code>'
			) . '</p>';
		}
		$description .= '<p>' . esc_html( $config->server_advice() ) . '</p>';
		return array(
			'label'       => array() === $problems
				? __( 'MCP streaming: PHP sends events as they happen', 'mcp-native' )
				: __( 'MCP streaming: this host\'s PHP settings can hold events back or cut long calls short', 'mcp-native' ),
			'status'      => array() === $problems ? 'good' : 'recommended',
			'badge'       => array(
				'label' => __( 'Performance', 'mcp-native' ),
				'color' => 'blue',
			),
			'description' => $description,
			'actions'     => '',
			'test'        => self::STREAMING_TEST_ID,
		);
	}

	/**
	 * How to load the extension in this PHP, on the host as it is (escaped HTML): which build to
	 * get, where the file goes, the php.ini line for this PHP's configuration, what to restart.
	 */
	public static function install_html( ExtensionStatus $status ): string {
		$target = $status->ini_target();
		$html   = '<p>' . esc_html__( 'To load it (it needs access to the server\'s PHP configuration; on managed hosting, ask your host to do these steps):', 'mcp-native' ) . '</p><ol class="mcp-native-install-steps">';
		$html  .= '<li>' . sprintf(
			/* translators: 1: PHP build description, 2: plugin version, 3: build command */
			esc_html__( 'Get the extension file built for this PHP: %1$s. Take it from the mcp-native release of plugin version %2$s, or build it from the mcp-native source with %3$s (needs Rust and the PHP development headers; the result is libmcp_native.so).', 'mcp-native' ),
			'<strong>' . esc_html( $status->build_target() ) . '</strong>',
			'<code>' . esc_html( defined( 'MCP_NATIVE_PLUGIN_VERSION' ) ? (string) MCP_NATIVE_PLUGIN_VERSION : $status->expected ) . '</code>',
			'<code>cargo build --release</code>'
		) . '</li>';
		$html  .= '<li>' . sprintf(
			/* translators: %s: destination path of the .so */
			esc_html__( 'Copy it, named mcp_native.so, to %s (this PHP\'s extension directory).', 'mcp-native' ),
			'<code>' . esc_html( $status->so_path() ) . '</code>'
		) . '</li>';
		if ( null !== $target['debian_mods'] ) {
			$html .= '<li>' . sprintf(
				/* translators: 1: ini line, 2: mods-available file, 3: phpenmod command, 4: conf.d file */
				esc_html__( 'Put the line %1$s in %2$s and enable it with %3$s (this creates %4$s).', 'mcp-native' ),
				'<code>' . esc_html( ExtensionStatus::INI_LINE ) . '</code>',
				'<code>' . esc_html( $target['debian_mods'] ) . '</code>',
				'<code>' . esc_html( (string) $target['enable'] ) . '</code>',
				'<code>' . esc_html( $target['file'] ) . '</code>'
			) . '</li>';
		} elseif ( 'new-file' === $target['how'] ) {
			$html .= '<li>' . sprintf(
				/* translators: 1: ini line, 2: ini file */
				esc_html__( 'Add the line %1$s to a new file %2$s (this PHP reads every .ini file of that directory).', 'mcp-native' ),
				'<code>' . esc_html( ExtensionStatus::INI_LINE ) . '</code>',
				'<code>' . esc_html( $target['file'] ) . '</code>'
			) . '</li>';
		} else {
			$html .= '<li>' . sprintf(
				/* translators: 1: ini line, 2: php.ini path */
				esc_html__( 'Add the line %1$s to %2$s.', 'mcp-native' ),
				'<code>' . esc_html( ExtensionStatus::INI_LINE ) . '</code>',
				'<code>' . esc_html( $target['file'] ) . '</code>'
			) . '</li>';
		}
		$html .= '<li>' . esc_html( ucfirst( $status->restart_hint() ) ) . '.</li>';
		$html .= '<li>' . esc_html__( 'Reload this page: it says which implementation runs.', 'mcp-native' ) . '</li></ol>';
		$html .= '<p>' . sprintf(
			/* translators: 1: PHP SAPI, 2: loaded php.ini */
			esc_html__( 'PHP runs here through %1$s; its php.ini is %2$s. The command line and other PHP-FPM pools have their own configuration. Until then, MCP works on the PHP fallback.', 'mcp-native' ),
			'<code>' . esc_html( $status->sapi ) . '</code>',
			'<code>' . esc_html( $status->loaded_ini ?? __( '(none)', 'mcp-native' ) ) . '</code>'
		) . '</p>';
		return $html;
	}

	private static function so_location_html( ExtensionStatus $status ): string {
		return '<p>' . sprintf(
			/* translators: %s: path */
			esc_html__( 'The extension is loaded from the extension directory %s (unless the ini line names a full path).', 'mcp-native' ),
			'<code>' . esc_html( $status->extension_dir ) . '</code>'
		) . '</p>';
	}

	/**
	 * debug_information: the Info tab section (also in "Copy site info to clipboard").
	 *
	 * @param mixed $info Sections.
	 * @return mixed
	 */
	public static function debug_information( mixed $info ): mixed {
		if ( ! is_array( $info ) ) {
			return $info;
		}
		$info[ self::INFO_SECTION ] = array(
			'label'  => __( 'MCP Native', 'mcp-native' ),
			'fields' => self::info_fields( ExtensionStatus::detect() ),
		);
		return $info;
	}

	/**
	 * @return array<string, array{label: string, value: string, debug?: string}>
	 */
	public static function info_fields( ExtensionStatus $status ): array {
		return array_merge(
			self::extension_fields( $status ),
			self::streaming_fields( StreamingConfig::detect() ),
			self::adapter_fields(),
			self::identity_fields(),
			self::server_fields()
		);
	}

	/**
	 * The plugin and the extension: versions, which implementation runs, and where PHP looks for
	 * the extension.
	 *
	 * @return array<string, array{label: string, value: string, debug?: string}>
	 */
	private static function extension_fields( ExtensionStatus $status ): array {
		$state_labels = array(
			ExtensionStatus::STATE_NATIVE   => __( 'Loaded (native core in use)', 'mcp-native' ),
			ExtensionStatus::STATE_MISMATCH => __( 'Loaded, version differs from the expected one', 'mcp-native' ),
			ExtensionStatus::STATE_BROKEN   => __( 'Loaded but incomplete', 'mcp-native' ),
			ExtensionStatus::STATE_FALLBACK => __( 'Not loaded (PHP fallback in use)', 'mcp-native' ),
		);
		$state  = $status->state();
		$fields = array(
			'plugin_version'     => array(
				'label' => __( 'Plugin version', 'mcp-native' ),
				'value' => defined( 'MCP_NATIVE_PLUGIN_VERSION' ) ? (string) MCP_NATIVE_PLUGIN_VERSION : '',
			),
			'extension'          => array(
				'label' => __( 'Extension mcp_native', 'mcp-native' ),
				'value' => $state_labels[ $state ],
				'debug' => $state,
			),
			'extension_version'  => array(
				'label' => __( 'Extension version', 'mcp-native' ),
				'value' => $status->version ?? __( 'Not loaded', 'mcp-native' ),
				'debug' => $status->version ?? 'none',
			),
			'expected_version'   => array(
				'label' => __( 'Expected extension version', 'mcp-native' ),
				'value' => $status->expected,
			),
			'implementation'     => array(
				'label' => __( 'Implementation in use', 'mcp-native' ),
				'value' => $status->loaded ? __( 'Native (Rust)', 'mcp-native' ) : __( 'PHP fallback', 'mcp-native' ),
				'debug' => $status->loaded ? 'native' : 'fallback',
			),
			'extension_dir'      => array(
				'label' => __( 'PHP extension directory', 'mcp-native' ),
				'value' => $status->extension_dir,
			),
			'php_ini'            => array(
				'label' => __( 'Loaded php.ini', 'mcp-native' ),
				'value' => $status->loaded_ini ?? __( '(none)', 'mcp-native' ),
			),
			'php_ini_scan_dir'   => array(
				'label' => __( 'Additional .ini directory', 'mcp-native' ),
				'value' => '' !== $status->scan_dir ? $status->scan_dir : __( '(none)', 'mcp-native' ),
			),
		);
		if ( ExtensionStatus::STATE_BROKEN === $state ) {
			$fields['missing_api'] = array(
				'label' => __( 'Missing extension functions', 'mcp-native' ),
				'value' => implode( ', ', $status->missing_api ),
			);
		}
		if ( ! $status->loaded ) {
			$fields['ini_line'] = array(
				'label' => __( 'php.ini line to load the extension', 'mcp-native' ),
				'value' => ExtensionStatus::INI_LINE . ' (' . $status->ini_target()['file'] . ')',
			);
		}
		return $fields;
	}

	/**
	 * The PHP settings streamed answers depend on, and what is wrong with them.
	 *
	 * @return array<string, array{label: string, value: string}>
	 */
	private static function streaming_fields( StreamingConfig $streaming ): array {
		return array(
			'streaming_php'   => array(
				'label' => __( 'Streaming: PHP settings', 'mcp-native' ),
				'value' => sprintf( 'SAPI %s; max_execution_time %d; zlib.output_compression %s; output_buffering %s', $streaming->sapi, $streaming->max_execution_time, $streaming->zlib_compression ? 'on' : 'off', '' !== $streaming->output_buffering ? $streaming->output_buffering : '0' ),
			),
			'streaming_check' => array(
				'label' => __( 'Streaming: findings', 'mcp-native' ),
				'value' => array() === $streaming->problems() ? __( 'none', 'mcp-native' ) : implode( ' ', $streaming->problems() ),
			),
		);
	}

	/**
	 * The official MCP Adapter's acceleration and version, when the adapter is there.
	 *
	 * @return array<string, array{label: string, value: string, debug?: string}>
	 */
	private static function adapter_fields(): array {
		$fields  = array();
		$adapter = self::adapter_status();
		if ( null !== $adapter ) {
			$fields['adapter_acceleration'] = array(
				'label' => __( 'Official MCP Adapter acceleration', 'mcp-native' ),
				'value' => is_string( $adapter['reason'] ?? null ) ? $adapter['reason'] : '',
				'debug' => true === ( $adapter['active'] ?? null ) ? 'on' : 'off',
			);
			if ( is_string( $adapter['adapter_version'] ?? null ) ) {
				$fields['adapter_version'] = array(
					'label' => __( 'Official MCP Adapter version', 'mcp-native' ),
					'value' => $adapter['adapter_version'],
				);
			}
		}
		return $fields;
	}

	/**
	 * The site's MCP identity, and its blog id in a network.
	 *
	 * @return array<string, array{label: string, value: string}>
	 */
	private static function identity_fields(): array {
		$fields = array();
		try {
			$fields['site_id'] = array(
				'label' => __( 'site_id (MCP site identity)', 'mcp-native' ),
				'value' => \McpNative\Plugin\SiteIdentity::site_id(),
			);
		} catch ( \RuntimeException $e ) {
			$fields['site_id'] = array(
				'label' => __( 'site_id (MCP site identity)', 'mcp-native' ),
				'value' => $e->getMessage(),
			);
		}
		if ( is_multisite() ) {
			$fields['blog_id'] = array(
				'label' => __( 'Blog ID in the network', 'mcp-native' ),
				'value' => (string) get_current_blog_id(),
			);
		}
		return $fields;
	}

	/**
	 * The MCP servers: how many, then each with its URL, argument profile, tools, resources and
	 * prompts.
	 *
	 * @return array<string, array{label: string, value: string, debug?: string}>
	 */
	private static function server_fields(): array {
		$servers = ServerOverview::servers();
		$fields  = array(
			'servers' => array(
				'label' => __( 'MCP servers', 'mcp-native' ),
				'value' => (string) count( $servers ),
			),
		);
		foreach ( $servers as $server ) {
			$tools   = ServerOverview::tools( $server );
			$profile = ServerOverview::profile( $server );
			$parts   = array( $server->url() );
			if ( null !== $profile ) {
				/* translators: %s: argument profile */
				$parts[] = sprintf( __( 'profile %s', 'mcp-native' ), $profile );
			}
			$parts[] = is_array( $tools )
				/* translators: %d: number of tools */
				? sprintf( _n( '%d tool', '%d tools', count( $tools ), 'mcp-native' ), count( $tools ) )
				: __( 'tools could not be built', 'mcp-native' );
			$debug  = array_merge( array( $server->url() ), null !== $profile ? array( 'profile=' . $profile ) : array(), is_array( $tools ) ? array( 'tools=' . implode( ',', array_keys( $tools ) ) ) : array( 'tools=error' ) );
			$listed = ServerOverview::resources_and_prompts( $server );
			foreach ( is_array( $listed ) ? array_filter( $listed ) : array() as $kind => $entries ) {
				$parts[] = count( $entries ) . ' ' . ( 1 === count( $entries ) ? rtrim( $kind, 's' ) : $kind ); // Resources, templates and prompts (issue 13), when there are any.
				$debug[] = str_replace( ' ', '_', $kind ) . '=' . implode( ',', $entries );
			}
			$fields[ 'server_' . sanitize_key( $server->id ) ] = array(
				/* translators: %s: server id */
				'label' => sprintf( __( 'Server %s', 'mcp-native' ), $server->id ),
				'value' => implode( ' — ', $parts ),
				'debug' => implode( ' | ', $debug ),
			);
		}
		return $fields;
	}
}
