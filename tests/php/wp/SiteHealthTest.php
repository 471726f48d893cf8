<?php
/**
 * Tools → Site Health: the extension test (Status tab) and the MCP Native section of the Info tab.
 *
 * The suite runs twice (scripts/test-wp.sh): with the extension (MCP_NATIVE_REQUIRE=native) the
 * test must pass as "good"; without it, it must recommend the php.ini line.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Admin\ExtensionStatus;
use McpNative\Plugin\Admin\SiteHealth;
use McpNative\Plugin\Admin\StreamingConfig;
use McpNative\Plugin\Contract;

final class SiteHealthTest extends TestCase {

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-debug-data.php';
	}

	private function mode(): string {
		$mode = getenv( 'MCP_NATIVE_REQUIRE' );
		$this->assertContains( $mode, array( 'native', 'fallback' ), 'run through scripts/test-wp.sh' );
		return $mode;
	}

	/**
	 * The keys and types site-health.js requires of a result (it drops results that lack them).
	 */
	private function assertSiteHealthResult( array $result ): void {
		foreach ( array( 'label', 'status', 'description', 'actions', 'test' ) as $key ) {
			$this->assertIsString( $result[ $key ] ?? null, "result.$key" );
		}
		$this->assertIsString( $result['badge']['label'] ?? null );
		$this->assertContains( $result['badge']['color'] ?? null, array( 'blue', 'green', 'red', 'orange', 'purple', 'gray' ) );
		$this->assertContains( $result['status'], array( 'good', 'recommended', 'critical' ) );
		$this->assertSame( SiteHealth::TEST_ID, $result['test'] );
	}

	public function test_registered_as_a_direct_site_health_test(): void {
		$tests = \WP_Site_Health::get_tests();
		$this->assertArrayHasKey( SiteHealth::TEST_ID, $tests['direct'] );
		$this->assertSame( 'MCP Native extension', $tests['direct'][ SiteHealth::TEST_ID ]['label'] );
		$this->assertIsCallable( $tests['direct'][ SiteHealth::TEST_ID ]['test'] );
		$this->assertArrayNotHasKey( SiteHealth::TEST_ID, $tests['async'] );
	}

	public function test_result_in_the_running_mode(): void {
		$tests  = \WP_Site_Health::get_tests();
		$result = call_user_func( $tests['direct'][ SiteHealth::TEST_ID ]['test'] );
		$this->assertSiteHealthResult( $result );
		$this->assertStringContainsString( 'tools.php?page=mcp-native', $result['actions'] );

		if ( 'native' === $this->mode() ) {
			$this->assertSame( 'good', $result['status'], wp_strip_all_tags( $result['description'] ) );
			$this->assertSame( 'The MCP Native extension is loaded', $result['label'] );
			$this->assertStringContainsString( '<code>' . Contract::EXPECTED_EXTENSION_VERSION . '</code>', $result['description'] );
			$this->assertStringNotContainsString( 'extension=mcp_native', $result['description'] );
		} else {
			$this->assertSame( 'recommended', $result['status'] );
			$this->assertSame( 'MCP Native runs on its PHP fallback', $result['label'] );
			$this->assertStringContainsString( '<code>extension=mcp_native</code>', $result['description'] );
			// Where the .so goes and which ini file this PHP reads, from this PHP's own settings.
			$extension_dir = rtrim( (string) ( ini_get( 'extension_dir' ) ?: PHP_EXTENSION_DIR ), '/' );
			$this->assertStringContainsString( '<code>' . $extension_dir . '/mcp_native.so</code>', $result['description'] );
			$scanned = php_ini_scanned_files();
			if ( is_string( $scanned ) && '' !== trim( $scanned ) ) {
				$first = trim( explode( ',', $scanned )[0] );
				$this->assertStringContainsString( dirname( $first ) . '/20-mcp_native.ini', $result['description'] );
			} else {
				$this->assertStringContainsString( (string) php_ini_loaded_file(), $result['description'] );
			}
		}
	}

	public function test_status_detected_from_the_running_php(): void {
		$status = ExtensionStatus::detect();
		$this->assertSame( 'native' === $this->mode(), $status->loaded );
		$this->assertSame( Contract::EXPECTED_EXTENSION_VERSION, $status->expected );
		if ( 'native' === $this->mode() ) {
			$this->assertSame( Contract::version(), $status->version );
			$this->assertSame( array(), $status->missing_api, 'the loaded extension lacks functions the contract facade calls' );
			$this->assertSame( ExtensionStatus::STATE_NATIVE, $status->state() );
		} else {
			$this->assertNull( $status->version );
			$this->assertSame( ExtensionStatus::STATE_FALLBACK, $status->state() );
			$this->assertSame( 'php-fallback', Contract::version() );
		}
	}

	public function test_version_mismatch_is_recommended_with_both_versions(): void {
		$result = SiteHealth::result( new ExtensionStatus( true, '0.0.9', '0.1.0', array(), '/usr/lib/php/20220829' ) );
		$this->assertSiteHealthResult( $result );
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( 'does not match', $result['label'] );
		$this->assertStringContainsString( '<code>0.0.9</code>', $result['description'] );
		$this->assertStringContainsString( '<code>0.1.0</code>', $result['description'] );
		$this->assertStringContainsString( 'same release', $result['description'] );
		$this->assertStringContainsString( 'run on the PHP fallback', $result['description'], 'a mismatched extension is not used' );
		$this->assertStringContainsString( '/usr/lib/php/20220829', $result['description'] );

		// A newer extension is a mismatch too; an equal one with another spelling is not.
		$this->assertSame( ExtensionStatus::STATE_MISMATCH, ( new ExtensionStatus( true, '0.2.0', '0.1.0' ) )->state() );
		$this->assertSame( ExtensionStatus::STATE_NATIVE, ( new ExtensionStatus( true, '0.1.0', '0.1.0' ) )->state() );
		$this->assertSame( ExtensionStatus::STATE_MISMATCH, ( new ExtensionStatus( true, null, '0.1.0' ) )->state() );
	}

	public function test_missing_extension_functions_say_the_fallback_runs(): void {
		$result = SiteHealth::result( new ExtensionStatus( true, '0.1.0', '0.1.0', array( 'McpNative\\validate()' ) ) );
		$this->assertSiteHealthResult( $result );
		// The facade does not call an incomplete build (Contract::native_usable()): requests still work.
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( 'McpNative\\validate()', $result['description'] );
		$this->assertStringContainsString( 'run on the PHP fallback', $result['description'] );
		$this->assertTrue( \McpNative\Plugin\Contract::native_usable() === extension_loaded( 'mcp_native' ), 'the build under test is complete and of the expected version' );
	}

	public function test_fallback_hint_for_each_ini_layout(): void {
		// Debian: the mods-available file, enabled with phpenmod for this SAPI; FPM must restart.
		$debian = new ExtensionStatus( false, null, '0.1.0', array(), '/usr/lib/php/20220829', '/etc/php/8.2/fpm/php.ini', array( '/etc/php/8.2/fpm/conf.d/10-opcache.ini' ), '/etc/php/8.2/fpm/conf.d', 'fpm-fcgi', '8.2.29' );
		$result = SiteHealth::result( $debian );
		$this->assertSame( 'recommended', $result['status'] );
		$text = wp_strip_all_tags( $result['description'] );
		$this->assertStringContainsString( '/usr/lib/php/20220829/mcp_native.so', $text );
		$this->assertStringContainsString( 'extension=mcp_native in /etc/php/8.2/mods-available/mcp_native.ini', $text );
		$this->assertStringContainsString( 'phpenmod -v 8.2 -s fpm mcp_native', $text );
		$this->assertStringContainsString( '/etc/php/8.2/fpm/conf.d/20-mcp_native.ini', $text );
		$this->assertStringContainsString( 'service php8.2-fpm restart', $text );
		// Said for a host that installed the plugin as a zip: which build, no repository paths.
		$this->assertStringContainsString( 'Get the extension file built for this PHP: PHP 8.2, non-thread-safe (NTS), API 20220829', $text );
		$this->assertStringContainsString( 'Copy it, named mcp_native.so, to /usr/lib/php/20220829/mcp_native.so', $text );
		$this->assertStringNotContainsString( 'target/release', $text );
		$this->assertStringNotContainsString( 'php -S', $text );
		$zts = new ExtensionStatus( false, null, '0.1.0', array(), '/usr/lib/php/20220829-zts', null, array(), '', 'fpm-fcgi', '8.3.1', true, 'aarch64' );
		$this->assertSame( 'PHP 8.3, thread-safe (ZTS), aarch64, API 20220829', $zts->build_target() );

		// Another distribution's scan directory: a new file there.
		$scan = new ExtensionStatus( false, null, '0.1.0', array(), '/opt/php/ext', '/opt/php/php.ini', array( '/opt/php/conf.d/a.ini' ), '/opt/php/conf.d', 'apache2handler' );
		$text = wp_strip_all_tags( SiteHealth::result( $scan )['description'] );
		$this->assertStringContainsString( 'Add the line extension=mcp_native to a new file /opt/php/conf.d/20-mcp_native.ini', $text );
		$this->assertStringContainsString( 'Restart Apache', $text );
		$this->assertStringNotContainsString( 'phpenmod', $text );

		// No scan directory: the loaded php.ini itself.
		$plain = new ExtensionStatus( false, null, '0.1.0', array(), '/opt/php/ext', '/opt/php/php.ini', array(), '' );
		$text  = wp_strip_all_tags( SiteHealth::result( $plain )['description'] );
		$this->assertStringContainsString( 'Add the line extension=mcp_native to /opt/php/php.ini.', $text );
		$this->assertStringContainsString( '/opt/php/ext/mcp_native.so', $text );
	}

	public function test_descriptions_escape_what_they_print(): void {
		$result = SiteHealth::result( new ExtensionStatus( true, '<script>alert(1)</script>', '0.1.0', array(), '/x/<b>' ) );
		$this->assertStringNotContainsString( '<script>', $result['description'] );
		$this->assertStringNotContainsString( '<b>', $result['description'] );
		$this->assertStringContainsString( '&lt;script&gt;', $result['description'] );
	}

	public function test_info_tab_section(): void {
		$this->set_user( 'administrator' );
		// What WP_Debug_Data::debug_data() ends with (the whole of it also probes media tools by shelling out).
		$info = apply_filters( 'debug_information', array() );
		$this->assertArrayHasKey( SiteHealth::INFO_SECTION, $info );
		$section = $info[ SiteHealth::INFO_SECTION ];
		$this->assertSame( 'MCP Native', $section['label'] );
		$fields = $section['fields'];

		$this->assertSame( Contract::EXPECTED_EXTENSION_VERSION, $fields['expected_version']['value'] );
		if ( 'native' === $this->mode() ) {
			$this->assertSame( 'native', $fields['extension']['debug'] );
			$this->assertSame( Contract::version(), $fields['extension_version']['value'] );
			$this->assertArrayNotHasKey( 'ini_line', $fields );
		} else {
			$this->assertSame( 'fallback', $fields['extension']['debug'] );
			$this->assertSame( 'Not loaded (PHP fallback in use)', $fields['extension']['value'] );
			$this->assertStringStartsWith( 'extension=mcp_native (', $fields['ini_line']['value'] );
		}

		// Servers and their endpoints: the default server and the sample `demo` server.
		$default = rest_url( 'mcp/mcp-adapter-default-server' );
		$demo    = rest_url( 'mcp-native-demo/mcp' );
		$this->assertGreaterThanOrEqual( 2, (int) $fields['servers']['value'] );
		$this->assertStringStartsWith( $default . ' — profile standard — 4 tools', $fields['server_mcp-adapter-default-server']['value'] );
		$this->assertStringContainsString( 'tools=mcp-adapter-discover-abilities,mcp-adapter-get-ability-info,mcp-adapter-execute-ability', $fields['server_mcp-adapter-default-server']['debug'] );
		$this->assertStringStartsWith( $demo, $fields['server_demo']['value'] );

		// "Copy site info to clipboard" includes it.
		$copied = \WP_Debug_Data::format( $info, 'debug' );
		$this->assertStringContainsString( '### mcp-native ###', $copied );
		$this->assertStringContainsString( 'expected_version: ' . Contract::EXPECTED_EXTENSION_VERSION, $copied );
		$this->assertStringContainsString( $default, $copied );
	}

	public function test_adapter_test_appears_when_the_site_opts_in(): void {
		$accelerator = \McpNative\Plugin\Adapter\Accelerator::class;
		$this->assertFalse( \McpNative\Plugin\AdapterApi\AdapterApi::official_adapter_loaded(), 'this test assumes the official adapter is not installed' );
		$accelerator::reset();
		try {
			$this->assertArrayNotHasKey( SiteHealth::ADAPTER_TEST_ID, \WP_Site_Health::get_tests()['direct'], 'no adapter, no opt-in: nothing to say' );

			add_filter( $accelerator::FILTER, '__return_true' );
			$accelerator::reset();
			$tests = \WP_Site_Health::get_tests();
			$this->assertArrayHasKey( SiteHealth::ADAPTER_TEST_ID, $tests['direct'] );
			$result = call_user_func( $tests['direct'][ SiteHealth::ADAPTER_TEST_ID ]['test'] );
			$this->assertSame( 'recommended', $result['status'] );
			$this->assertSame( SiteHealth::ADAPTER_TEST_ID, $result['test'] );
			$this->assertStringContainsString( 'is not loaded', $result['description'], 'Site Health says why it stays out' );

			$fields = SiteHealth::info_fields( ExtensionStatus::detect() );
			$this->assertSame( 'off', $fields['adapter_acceleration']['debug'] );
			$this->assertStringContainsString( 'is not loaded', $fields['adapter_acceleration']['value'] );
		} finally {
			remove_filter( $accelerator::FILTER, '__return_true' );
			$accelerator::reset();
		}
	}

	public function test_adapter_results(): void {
		$on = SiteHealth::adapter_result(
			array(
				'active'                        => true,
				'opted_in'                      => true,
				'reason'                        => 'On: the official MCP Adapter 0.5.1 runs on MCP Native.',
				'adapter_version'               => '0.5.1',
				'adapter_serves_default_server' => true,
			)
		);
		$this->assertSame( 'good', $on['status'] );
		$this->assertStringContainsString( '<code>0.5.1</code>', $on['description'] );
		$this->assertStringContainsString( 'does not register its own default server', $on['description'] );

		$refused = SiteHealth::adapter_result(
			array(
				'active'          => false,
				'opted_in'        => true,
				'reason'          => 'Off: MCP Adapter 0.6.0 is not supported; <b>0.5.x</b> only.',
				'adapter_version' => '0.6.0',
			)
		);
		$this->assertSame( 'recommended', $refused['status'] );
		$this->assertStringContainsString( 'MCP Adapter 0.6.0 is not supported; &lt;b&gt;0.5.x&lt;/b&gt; only.', $refused['description'] );

		$not_asked = SiteHealth::adapter_result( array( 'active' => false, 'opted_in' => false, 'reason' => 'Off: not enabled.' ) );
		$this->assertSame( 'good', $not_asked['status'] );
		$this->assertStringNotContainsString( 'default server', $not_asked['description'] );
	}

	public function test_info_tab_lists_custom_servers_with_their_profile(): void {
		add_action(
			'mcp_native_init',
			static function ( $registry ) {
				$registry->create_server(
					'strict-one',
					array(
						'namespace' => 'mcpn-health',
						'route'     => 'strict',
						'tools'     => array( 'mcp-native-tests/echo' ),
						'profile'   => 'strict',
					)
				);
			}
		);
		$fields = SiteHealth::info_fields( ExtensionStatus::detect() );
		$this->assertArrayHasKey( 'server_strict-one', $fields );
		$this->assertSame( rest_url( 'mcpn-health/strict' ) . ' — profile strict — 2 tools', $fields['server_strict-one']['value'] );
	}

	/**
	 * The keys and types site-health.js requires, for the streaming test.
	 */
	private function assertStreamingResult( array $result ): void {
		foreach ( array( 'label', 'status', 'description', 'actions', 'test' ) as $key ) {
			$this->assertIsString( $result[ $key ] ?? null, "result.$key" );
		}
		$this->assertIsString( $result['badge']['label'] ?? null );
		$this->assertContains( $result['status'], array( 'good', 'recommended' ) );
		$this->assertSame( SiteHealth::STREAMING_TEST_ID, $result['test'] );
	}

	public function test_streaming_is_a_direct_test_and_runs_on_this_php(): void {
		$tests = \WP_Site_Health::get_tests();
		$this->assertArrayHasKey( SiteHealth::STREAMING_TEST_ID, $tests['direct'] );
		$result = call_user_func( $tests['direct'][ SiteHealth::STREAMING_TEST_ID ]['test'] );
		$this->assertStreamingResult( $result );
		$detected = StreamingConfig::detect();
		$this->assertSame( (int) ini_get( 'max_execution_time' ), $detected->max_execution_time );
		$this->assertSame( array() === $detected->problems() ? 'good' : 'recommended', $result['status'] );
	}

	public function test_streaming_on_a_well_configured_nginx_and_fpm_host_is_good_and_names_what_php_cannot_read(): void {
		$result = SiteHealth::streaming_result( new StreamingConfig( 'fpm-fcgi', 'nginx/1.22.1', 300, false, '4096' ) );
		$this->assertStreamingResult( $result );
		$this->assertSame( 'good', $result['status'] );
		$this->assertStringContainsString( '<code>300 s</code>', $result['description'] );
		$this->assertStringContainsString( 'X-Accel-Buffering: no', $result['description'] );
		$this->assertStringContainsString( 'fastcgi_read_timeout', $result['description'] );
		$this->assertStringContainsString( 'request_terminate_timeout', $result['description'] );
	}

	public function test_streaming_with_zlib_compression_and_a_short_time_limit_is_recommended_with_both_fixes(): void {
		$config = new StreamingConfig( 'apache2handler', 'Apache/2.4.62 (Debian)', 10, true, '0' );
		$this->assertSame( array( 'zlib.output_compression', 'max_execution_time' ), array_keys( $config->problems() ) );
		$result = SiteHealth::streaming_result( $config );
		$this->assertStreamingResult( $result );
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( 'zlib.output_compression is on', $result['description'] );
		$this->assertStringContainsString( 'max_execution_time is 10 s', $result['description'] );
		$this->assertStringContainsString( 'mod_deflate', $result['description'] );
		$this->assertStringNotContainsString( 'request_terminate_timeout', $result['description'], 'not php-fpm' );
	}

	public function test_streaming_time_limit_boundary_and_the_advice_for_other_servers(): void {
		$this->assertSame( array(), ( new StreamingConfig( 'cli-server', '', 0, false, '' ) )->problems(), 'no time limit is no problem' );
		$this->assertStringContainsString( '<code>unlimited</code>', SiteHealth::streaming_result( new StreamingConfig( 'cli-server', '', 0, false, '' ) )['description'] );
		$this->assertStringContainsString( 'proxy or CDN', SiteHealth::streaming_result( new StreamingConfig( 'cli-server', '', 0, false, '' ) )['description'] );
		$this->assertSame( array( 'max_execution_time' ), array_keys( ( new StreamingConfig( 'fpm-fcgi', 'Apache', 29, false, '' ) )->problems() ) );
		$this->assertSame( array(), ( new StreamingConfig( 'fpm-fcgi', 'Apache', 30, false, '' ) )->problems() );
		$this->assertStringContainsString( 'flushpackets=on', SiteHealth::streaming_result( new StreamingConfig( 'fpm-fcgi', 'Apache', 30, false, '' ) )['description'] );
	}

	public function test_the_info_tab_lists_the_streaming_settings_of_this_php(): void {
		$fields = SiteHealth::info_fields( ExtensionStatus::detect() );
		$this->assertStringContainsString( 'SAPI ' . PHP_SAPI, $fields['streaming_php']['value'] );
		$this->assertStringContainsString( 'max_execution_time ' . (int) ini_get( 'max_execution_time' ), $fields['streaming_php']['value'] );
		$problems = StreamingConfig::detect()->problems();
		$this->assertSame( array() === $problems ? 'none' : implode( ' ', $problems ), $fields['streaming_check']['value'] );
	}
}
