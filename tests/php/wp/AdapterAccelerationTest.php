<?php
/**
 * Acceleration of an installed official MCP Adapter, and no route collision with it.
 *
 * The real adapter cannot be installed here (no Packagist, no GitHub downloads), so it is played by
 * FAKE adapters in tests/php/wp/fake-adapter/: plugins with the adapter's class names and its
 * public signatures as read from its public repository (0.5.x: McpAdapter::VERSION,
 * SchemaTransformer::transform_to_object_schema, AbilityArgumentNormalizer::normalize, a default
 * server registered on rest_api_init at mcp/mcp-adapter-default-server), whose method bodies only
 * mark that the adapter's own code ran. Variants: v05 (0.5.0, the exact API), v06 (0.6.1, the
 * exact API of 0.6.x), v06-extra (0.6.2-dev, an added public method), v05-changed (0.5.9, a changed
 * signature), v07 (0.7.0, a series we do not know). What they share is in fake-adapter/common/
 * (the published classes are symlinked into each variant, where the accelerator reads them). The real adapter runs in `make test-adapter`
 * (scripts/test-adapter.sh), which CI cannot do.
 *
 * Class definitions cannot be unloaded, so each scenario is one WordPress request in a PHP process
 * of its own (fake-adapter/run.php, same PHP and extension mode as this suite).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Adapter\Accelerator;
use McpNative\Plugin\Adapter\SignatureReader;
use McpNative\Plugin\Contract;

final class AdapterAccelerationTest extends TestCase {

	private const FIXTURES = __DIR__ . '/fake-adapter';
	private const ADAPTER  = 'mcp-adapter/mcp-adapter.php';
	private const NATIVE   = 'mcp-native/mcp-native.php';
	private const ST       = 'WP\\MCP\\Domain\\Utils\\SchemaTransformer';
	private const AN       = 'WP\\MCP\\Domain\\Utils\\AbilityArgumentNormalizer';

	/** @var array<string, string> variant => scratch plugins folder */
	private static array $plugin_dirs = array();

	public static function tearDownAfterClass(): void {
		foreach ( self::$plugin_dirs as $dir ) {
			foreach ( array( 'mcp-adapter', 'mcp-native' ) as $link ) {
				if ( is_link( "$dir/$link" ) ) {
					unlink( "$dir/$link" );
				}
			}
			if ( is_dir( $dir ) ) {
				rmdir( $dir );
			}
		}
		self::$plugin_dirs = array();
		parent::tearDownAfterClass();
	}

	/** A plugins folder with the fake adapter $variant (or none) and this repository's plugin. */
	private static function plugins_dir( string $variant ): string {
		if ( isset( self::$plugin_dirs[ $variant ] ) ) {
			return self::$plugin_dirs[ $variant ];
		}
		$dir = sys_get_temp_dir() . '/mcpn-adapter-' . $variant . '-' . getmypid();
		if ( ! is_dir( $dir ) && ! mkdir( $dir, 0700 ) ) {
			throw new \RuntimeException( "cannot create $dir" );
		}
		if ( 'none' !== $variant ) {
			symlink( self::FIXTURES . '/' . $variant, "$dir/mcp-adapter" );
		}
		symlink( dirname( MCP_NATIVE_PLUGIN_FILE ), "$dir/mcp-native" );
		return self::$plugin_dirs[ $variant ] = $dir;
	}

	/**
	 * One request with the fake adapter $variant; returns what fake-adapter/run.php printed.
	 *
	 * @param array<string, string> $env Extra MCPN_* variables.
	 * @return array<string, mixed>
	 */
	private function scenario( string $variant, string $opt, array $env = array(), ?array $active = null ): array {
		$php = array( PHP_BINARY );
		if ( extension_loaded( 'mcp_native' ) ) {
			$so = getenv( 'EXT_SO' ) ?: dirname( __DIR__, 3 ) . '/target/release/libmcp_native.so';
			$this->assertFileExists( $so, 'the extension this suite runs with (EXT_SO)' );
			$php = array( PHP_BINARY, '-d', 'extension=' . $so );
		}
		$cmd   = array_merge( array( 'timeout', '-k', '5', '60' ), $php, array( '-d', 'display_errors=stderr', self::FIXTURES . '/run.php' ) );
		$vars  = array_merge(
			getenv(),
			array(
				'MCPN_SITE'    => MCP_NATIVE_TESTS_WP_DIR,
				'MCPN_PLUGINS' => self::plugins_dir( $variant ),
				'MCPN_ACTIVE'  => implode( ',', $active ?? ( 'none' === $variant ? array( self::NATIVE ) : array( self::ADAPTER, self::NATIVE ) ) ),
				'MCPN_OPT'     => $opt,
			),
			$env
		);
		$pipes = array();
		$proc  = proc_open( $cmd, array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes, null, $vars );
		$this->assertIsResource( $proc );
		$stdout = stream_get_contents( $pipes[1] );
		$stderr = stream_get_contents( $pipes[2] );
		fclose( $pipes[1] );
		fclose( $pipes[2] );
		$status = proc_close( $proc );
		$this->assertSame( 0, $status, "fake-adapter/run.php ($variant, $opt) failed:\n$stderr\n$stdout" );
		$this->assertSame( '', trim( (string) $stderr ), 'no PHP messages while serving' );
		$out = json_decode( (string) $stdout, true );
		$this->assertIsArray( $out, "not JSON: $stdout" );
		return $out;
	}

	private static function ours( string $file ): bool {
		return str_starts_with( $file, realpath( dirname( MCP_NATIVE_PLUGIN_FILE ) ) . '/includes/Adapter/WpMcp/' );
	}

	// ---------------------------------------------------------------------------------- in process

	public function test_source_reader_reads_the_fixture_signatures_as_expected(): void {
		foreach ( Accelerator::SIGNATURES as $series => $classes ) {
			foreach ( $classes as $class => $methods ) {
				$short = substr( $class, strrpos( $class, '\\' ) + 1 );
				$this->assertSame( $methods, SignatureReader::public_methods( (string) file_get_contents( self::FIXTURES . '/common/Utils/' . $short . '.php' ), $class ), "$series: $class" );
			}
		}
		$extra = SignatureReader::public_methods( (string) file_get_contents( self::FIXTURES . '/v06-extra/includes/Domain/Utils/SchemaTransformer.php' ), self::ST );
		$this->assertSame( 'static ensure_properties(array$schema):array', $extra['ensure_properties'] ?? null );
		$changed = SignatureReader::public_methods( (string) file_get_contents( self::FIXTURES . '/v05-changed/includes/Domain/Utils/SchemaTransformer.php' ), self::ST );
		$this->assertSame( "static transform_to_object_schema(?array\$schema,string\$wrapper_key='input',array\$options=array()):array", $changed['transform_to_object_schema'] );
		// A private method is not part of the public API; a class in another namespace is not the class.
		$this->assertArrayNotHasKey( 'wrap_in_object', $changed );
		$this->assertNull( SignatureReader::public_methods( '<?php namespace Other; class SchemaTransformer { public static function f() {} }', self::ST ) );
		$this->assertNull( SignatureReader::public_methods( '<?php this is not PHP {', self::ST ) );
	}

	public function test_our_replacement_classes_have_exactly_the_expected_signatures_by_reflection(): void {
		if ( ! class_exists( self::ST, false ) ) {
			require_once dirname( MCP_NATIVE_PLUGIN_FILE ) . '/includes/Adapter/WpMcp/SchemaTransformer.php';
			require_once dirname( MCP_NATIVE_PLUGIN_FILE ) . '/includes/Adapter/WpMcp/AbilityArgumentNormalizer.php';
		}
		foreach ( Accelerator::EXPECTED as $class => $methods ) {
			$this->assertTrue( self::ours( (string) ( new \ReflectionClass( $class ) )->getFileName() ), $class );
			$this->assertSame( $methods, SignatureReader::reflect_public_methods( $class ), $class );
			$this->assertFalse( ( new \ReflectionClass( $class ) )->isFinal(), 'not final, like the adapter\'s' );
		}
	}

	public function test_without_an_adapter_status_says_so_and_our_default_server_stays(): void {
		Accelerator::reset();
		$status = Accelerator::status();
		$this->assertFalse( $status['active'] );
		$this->assertFalse( $status['adapter_loaded'] );
		$this->assertFalse( $status['adapter_serves_default_server'] );
		$this->assertIsString( $status['reason'] );
		$this->assertMatchesRegularExpression( '/^Off: /', $status['reason'] );
		$this->assertTrue( Accelerator::default_server_enabled( true ) );
		$this->assertFalse( Accelerator::default_server_enabled( false ) );
		add_filter( 'mcp_native_accelerate_adapter', '__return_true' );
		Accelerator::reset();
		$this->assertSame( 'Off: the official MCP Adapter (WP\\MCP\\Core\\McpAdapter) is not loaded.', Accelerator::status()['reason'] );
		Accelerator::reset();
	}

	// ---------------------------------------------------------------------------------- scenarios

	public function test_adapter_05_opted_in_by_constant_runs_on_our_core(): void {
		$out    = $this->scenario( 'v05', 'constant' );
		$before = $out['status_before'];
		$this->assertTrue( $before['active'], $before['reason'] );
		$this->assertSame( '0.5.0', $before['adapter_version'] );
		$this->assertStringStartsWith( 'On: the official MCP Adapter 0.5.0', $before['reason'] );
		$this->assertSame( array( self::ST => null, self::AN => null ), $before['classes_loaded_from'], 'nothing loaded before first use' );
		$this->assertTrue( self::ours( $out['class_files']['SchemaTransformer'] ), $out['class_files']['SchemaTransformer'] );
		$this->assertTrue( self::ours( $out['class_files']['AbilityArgumentNormalizer'] ) );
		$this->assertSame( Contract::is_native() ? 'native extension mcp_native ' . Contract::version() : 'PHP fallback', $out['status_after']['implementation'] );
		$this->assertSame( array( 'transform_to_object_schema' => 5, 'normalize' => 10 ), $out['status_after']['calls'] );

		// The adapter's return shape, with our wire cleaning.
		$t = $out['transform'];
		$this->assertSame(
			array(
				'schema'           => array( 'type' => 'object', 'properties' => array( 'input' => array( 'type' => 'string' ) ), 'required' => array( 'input' ) ),
				'was_transformed'  => true,
				'wrapper_property' => 'input',
			),
			$t['flattened'],
			'wrapped, and sanitize_callback (WordPress-only) removed: the adapter 0.5.0 keeps it'
		);
		$this->assertSame( array( 'type' => 'object', 'properties' => array( 'opts' => array( 'type' => 'object' ) ) ), $t['nested_empty']['schema'], 'a nested empty properties never goes out as []' );
		$this->assertSame( array( 'schema' => array( 'type' => 'object' ), 'was_transformed' => false, 'wrapper_property' => null ), $t['null'] );
		$this->assertSame( 'result', $t['output']['wrapper_property'] );
		$this->assertSame( array( 'result' ), $t['output']['schema']['required'] );
		$this->assertSame( array( 'schema' => array( 'type' => 'object' ), 'was_transformed' => false, 'wrapper_property' => null ), $t['too_deep'], 'past MAX_DEPTH: minimal schema, no crash' );
		foreach ( array( 'flattened', 'nested_empty', 'null', 'output' ) as $k ) {
			$this->assertSame( array( 'schema', 'was_transformed', 'wrapper_property' ), array_keys( $t[ $k ] ), "$k: same keys as the adapter's" );
		}

		$n = $out['normalize'];
		$this->assertSame( array(), $n['object_null'], 'null for an object schema becomes [] (adapter issue 229)' );
		$this->assertSame( array(), $n['object_empty'] );
		$this->assertSame( array( 'a' => 'b' ), $n['object_value'] );
		$this->assertNull( $n['default_empty'], 'a top-level default: null, so WordPress applies it' );
		$this->assertNull( $n['no_schema_empty'] );
		$this->assertSame( 'x', $n['no_schema_str'] );
		$this->assertNull( $n['array_null'], '0.5 series: Contract::normalize_arguments (null stays null for a non-object schema)' );
		$this->assertSame( array(), $n['array_empty'] );
		$this->assertSame( array(), $n['nullable_null'], '0.5 series: an object-or-null schema gets []' );
		$this->assertSame( array(), $n['nullable_empty'] );

		// The adapter serves the default route; ours is not registered there. Our custom servers stay.
		$this->assertSame( array( 'other' ), $out['default_route_handlers'] );
		$this->assertTrue( $out['status_before']['adapter_serves_default_server'] );
		$this->assertTrue( $out['custom_route_present'] );

		$health = $out['site_health'];
		$this->assertSame( 'good', $health['status'] );
		$this->assertSame( 'mcp_native_adapter', $health['test'], 'one Site Health test for the adapter state' );
		$this->assertSame( 'The official MCP Adapter runs faster on MCP Native', $health['label'] );
		$this->assertStringStartsWith( 'yes: The official MCP Adapter runs faster on MCP Native', (string) $out['status_page_adapter'], 'Tools -> MCP Native: the same words' );
		$this->assertStringContainsString( 'MCP Adapter version: 0.5.0.', (string) $out['status_page_adapter'] );
		$this->assertStringContainsString( esc_html( $out['status_after']['reason'] ), $health['description'] );
		$this->assertStringContainsString( 'does not register its own default server', $health['description'] );
	}

	public function test_accelerated_adapter_builds_its_servers_only_for_requests_that_may_reach_them(): void {
		foreach ( array( 'v05', 'v06' ) as $variant ) {
			$out   = $this->scenario( $variant, 'constant' );
			$fired = $out['adapter_init_fired'];
			$this->assertSame( 0, $fired['rest_api_init'], "$variant: nothing built on rest_api_init" );
			$this->assertSame( 0, $fired['GET /wp/v2/types/post'], "$variant: a core REST request does not build the adapter's servers" );
			$this->assertSame( 200, $out['dispatched']['GET /wp/v2/types/post']['status'] );
			$this->assertSame( 1, $fired['POST /mcp/mcp-adapter-default-server'], "$variant: a request to its route builds them, once" );
			$this->assertSame( array( 'served_by' => 'fake-adapter' ), $out['dispatched']['POST /mcp/mcp-adapter-default-server']['data'], "$variant: and the adapter answers it (its route came from rest_api_init 16, replayed)" );
			$this->assertSame( array( 'other' ), $out['default_route_handlers'], "$variant: our default server still stays off its route" );
			$this->assertTrue( $out['status_after']['adapter_serves_default_server'] );
		}
	}

	public function test_requests_no_route_answers_without_the_adapter_build_its_servers(): void {
		$cases = array(
			'GET /'                 => 'the index lists every route',
			'GET /no-such/route'    => 'a route that may be the adapter\'s',
			'POST /wp/v2/types/post' => 'a core path with a method only the adapter could add',
			'GET /mcp'              => 'the namespace index of an adapter server',
			'POST /batch/v1'        => 'a batch may hold requests to any route',
		);
		foreach ( $cases as $dispatch => $why ) {
			$out = $this->scenario( 'v05', 'constant', array( 'MCPN_DISPATCH' => "GET /wp/v2/types/post,$dispatch,GET /wp/v2/types/page" ) );
			$this->assertSame( 0, $out['adapter_init_fired']['GET /wp/v2/types/post'], $dispatch );
			$this->assertSame( 1, $out['adapter_init_fired'][ $dispatch ], "$dispatch builds the servers: $why" );
			$this->assertSame( 1, $out['adapter_init_fired']['GET /wp/v2/types/page'], 'and never twice' );
		}
		$index = $this->scenario( 'v05', 'constant', array( 'MCPN_DISPATCH' => 'GET /' ) );
		$this->assertArrayHasKey( '/mcp/mcp-adapter-default-server', $index['dispatched']['GET /']['data']['routes'], 'the index lists the adapter\'s route' );
	}

	public function test_adapter_servers_are_built_on_rest_api_init_when_not_accelerated_or_deferral_is_off(): void {
		$cases = array(
			'not opted in'  => $this->scenario( 'v05', 'none' ),
			'filter off'    => $this->scenario( 'v05', 'constant', array( 'MCPN_NO_DEFER' => '1' ) ),
			'unknown series' => $this->scenario( 'v07', 'constant' ),
		);
		foreach ( $cases as $case => $out ) {
			$this->assertSame( 1, $out['adapter_init_fired']['rest_api_init'], "$case: the adapter builds its servers on rest_api_init, as it does alone" );
			$this->assertSame( array( 'served_by' => 'fake-adapter' ), $out['dispatched']['POST /mcp/mcp-adapter-default-server']['data'], $case );
		}
	}

	public function test_the_adapter_api_check_is_stored_by_file_state_and_read_back(): void {
		$first = $this->scenario( 'v05', 'constant' );
		$this->assertTrue( $first['status_before']['active'], $first['status_before']['reason'] );
		// The verdict now comes from the option: poisoned on read, it is what the check says.
		$stored = $this->scenario( 'v05', 'constant', array( 'MCPN_POISON_VERDICTS' => '1' ) );
		$this->assertFalse( $stored['status_before']['active'] );
		$this->assertSame( 'Off: a stored verdict.', $stored['status_before']['reason'] );
		$this->assertSame( 1, $stored['adapter_init_fired']['rest_api_init'], 'not accelerated: the adapter keeps its own timing' );
		// A refusal is stored as such, with its reason.
		$changed = $this->scenario( 'v05-changed', 'constant' );
		$again   = $this->scenario( 'v05-changed', 'constant' );
		$this->assertFalse( $changed['status_before']['active'] );
		$this->assertStringContainsString( 'differs from the published 0.5.x one', $changed['status_before']['reason'] );
		$this->assertSame( $changed['status_before']['reason'], $again['status_before']['reason'] );
		$this->assertTrue( $this->scenario( 'v05', 'constant' )['status_before']['active'], 'the right verdict is still stored' );
	}

	public function test_adapter_05_opted_in_by_filter(): void {
		$out = $this->scenario( 'v05', 'filter' );
		$this->assertTrue( $out['status_after']['active'], $out['status_after']['reason'] );
		$this->assertTrue( self::ours( $out['class_files']['SchemaTransformer'] ) );
	}

	public function test_not_opted_in_the_adapter_keeps_its_classes_but_routes_still_do_not_collide(): void {
		foreach ( array( 'none', 'constant-false' ) as $opt ) {
			$out = $this->scenario( 'v05', $opt );
			$this->assertFalse( $out['status_after']['active'], $opt );
			$this->assertStringStartsWith( 'Off: not enabled.', $out['status_after']['reason'] );
			$this->assertStringContainsString( 'MCP_NATIVE_ACCELERATE_ADAPTER', $out['status_after']['reason'] );
			$this->assertSame( '0.5.0', $out['status_after']['adapter_version'] );
			$this->assertFalse( self::ours( $out['class_files']['SchemaTransformer'] ), $opt );
			$this->assertSame( 'served-by-fake-adapter', $out['normalize']['object_null'] );
			$this->assertSame( 'fake-adapter', $out['transform']['flattened']['schema']['x-served-by'] );
			$this->assertSame( array( 'transform_to_object_schema' => 0, 'normalize' => 0 ), $out['status_after']['calls'] );
			$this->assertSame( array( 'other' ), $out['default_route_handlers'], "$opt: only the adapter at its default route" );
			$this->assertTrue( $out['custom_route_present'], "$opt: our custom servers keep their routes" );
			$this->assertSame( 'good', $out['site_health']['status'] );
			$this->assertStringStartsWith( 'no: MCP Native can speed up the official MCP Adapter', (string) $out['status_page_adapter'], $opt );
			$this->assertStringContainsString( "define( 'MCP_NATIVE_ACCELERATE_ADAPTER', true );", (string) $out['status_page_adapter'] );
		}
	}

	public function test_a_site_can_force_our_default_server_back_on(): void {
		$out = $this->scenario( 'v05', 'none', array( 'MCPN_FORCE_DEFAULT' => '1' ) );
		$this->assertContains( 'mcp-native', $out['default_route_handlers'] );
	}

	public function test_adapter_06_with_the_published_api_runs_on_our_core(): void {
		$out = $this->scenario( 'v06', 'constant' );
		$this->assertTrue( $out['status_after']['active'], $out['status_after']['reason'] );
		$this->assertSame( '0.6.1', $out['status_after']['adapter_version'] );
		$this->assertStringStartsWith( 'On: the official MCP Adapter 0.6.1', $out['status_after']['reason'] );
		$this->assertTrue( self::ours( $out['class_files']['SchemaTransformer'] ) );
		$this->assertTrue( self::ours( $out['class_files']['AbilityArgumentNormalizer'] ) );
		$this->assertSame( array(), $out['normalize']['object_empty'] );
		$this->assertNull( $out['normalize']['default_empty'] );
		$this->assertSame( array(), $out['normalize']['object_null'] );
		$this->assertNull( $out['normalize']['no_schema_empty'] );
		$this->assertSame( 'x', $out['normalize']['no_schema_str'] );
		// The 0.6.0 rule: any schema without a default gets [] for "no arguments", except an
		// explicit null its type allows.
		$this->assertSame( array(), $out['normalize']['array_null'] );
		$this->assertSame( array(), $out['normalize']['array_empty'] );
		$this->assertNull( $out['normalize']['nullable_null'] );
		$this->assertSame( array(), $out['normalize']['nullable_empty'] );
		$this->assertSame( 'input', $out['transform']['flattened']['wrapper_property'] );
		$this->assertSame( 'good', $out['site_health']['status'] );
	}

	public function test_adapter_06_loaded_after_or_before_us_with_its_prepended_autoloader_still_runs_on_our_core(): void {
		foreach ( array( array( self::ADAPTER, self::NATIVE ), array( self::NATIVE, self::ADAPTER ) ) as $order ) {
			$out = $this->scenario( 'v06', 'constant', array(), $order );
			$this->assertSame( $order, $out['active_plugins'] );
			$this->assertTrue( $out['status_after']['active'], $out['status_after']['reason'] );
			$this->assertTrue( self::ours( $out['class_files']['SchemaTransformer'] ), implode( ', ', $order ) );
		}
	}

	public function test_an_added_public_method_in_a_06_adapter_is_left_alone_and_site_health_says_why(): void {
		$out    = $this->scenario( 'v06-extra', 'constant' );
		$reason = $out['status_after']['reason'];
		$this->assertFalse( $out['status_after']['active'] );
		$this->assertSame( "Off: the public API of the adapter's " . self::ST . ' differs from the published 0.6.x one (extra public method `static ensure_properties(array$schema):array`).', $reason );
		$this->assertFalse( self::ours( $out['class_files']['SchemaTransformer'] ) );
		$this->assertSame( 'served-by-fake-adapter', $out['normalize']['object_empty'] );
		$this->assertSame( array( 'other' ), $out['default_route_handlers'] );
		$this->assertSame( 'recommended', $out['site_health']['status'], 'opted in but out: Site Health says why' );
		$this->assertSame( 'MCP Native cannot speed up this version of the official MCP Adapter', $out['site_health']['label'] );
		$this->assertStringContainsString( esc_html( $reason ), $out['site_health']['description'] );
		$this->assertStringContainsString( '<code>0.6.2-dev</code>', $out['site_health']['description'] );
	}

	public function test_0_7_is_left_alone_even_with_a_matching_api_and_site_health_says_why_and_what_instead(): void {
		foreach ( array( 'constant', 'none' ) as $opt_in ) {
			$out = $this->scenario( 'v07', $opt_in );
			$this->assertFalse( $out['status_after']['active'] );
			$this->assertSame( Accelerator::changed_series_reason( '0.7.0' ), $out['status_after']['reason'], $opt_in );
			$this->assertStringContainsString( 'no longer repairs ability schemas that have no "type"', $out['status_after']['reason'] );
			$this->assertFalse( self::ours( $out['class_files']['SchemaTransformer'] ) );
			$this->assertSame( 'recommended', $out['site_health']['status'], $opt_in );
			$this->assertStringContainsString( 'better path', $out['site_health']['label'], $opt_in );
			$this->assertStringContainsString( 'same tools at the same URLs', $out['site_health']['description'], $opt_in );
		}
	}


	public function test_series_of_a_version(): void {
		$this->assertSame( '0.5', Accelerator::series( '0.5.0' ) );
		$this->assertSame( '0.5', Accelerator::series( '0.5.12' ) );
		$this->assertSame( '0.6', Accelerator::series( '0.6.1' ) );
		$this->assertSame( '0.6', Accelerator::series( '0.6.2-dev' ) );
		$this->assertSame( '0.6', Accelerator::series( '0.6.0-beta.1' ) );
		$this->assertSame( '0.6', Accelerator::series( 'v0.6' ) );
		foreach ( array( '0.4.1', '0.7.0', '1.0.0', '', 'trunk', '0.6.x', '00.5.0junk!' ) as $v ) {
			$this->assertNull( Accelerator::series( $v ), $v );
		}
		$this->assertSame( Accelerator::SIGNATURES['0.5'], Accelerator::EXPECTED );
		$this->assertSame( Accelerator::SIGNATURES['0.6'], Accelerator::EXPECTED, 'our classes serve every series' );
	}

	public function test_a_changed_signature_in_a_05_adapter_is_left_alone_and_status_names_it(): void {
		$out    = $this->scenario( 'v05-changed', 'constant' );
		$reason = $out['status_after']['reason'];
		$this->assertFalse( $out['status_after']['active'] );
		$this->assertStringStartsWith( "Off: the public API of the adapter's " . self::ST . ' differs from the published 0.5.x one', $reason );
		$this->assertStringContainsString( 'array$options=array()', $reason );
		$this->assertSame( '0.5.9', $out['status_after']['adapter_version'] );
		$this->assertFalse( self::ours( $out['class_files']['SchemaTransformer'] ) );
		$this->assertFalse( self::ours( $out['class_files']['AbilityArgumentNormalizer'] ), 'all or nothing' );
	}

	public function test_classes_loaded_before_we_could_decide_are_reported(): void {
		$out = $this->scenario( 'v05', 'constant', array( 'MCPN_PRELOAD' => '1' ) );
		$this->assertFalse( $out['status_after']['active'] );
		$this->assertMatchesRegularExpression( '#^Off: WP\\\\MCP\\\\Domain\\\\Utils\\\\SchemaTransformer was already loaded from .*/fake-adapter/(v05/includes/Domain|common)/Utils/SchemaTransformer\.php before MCP Native could take over#', $out['status_after']['reason'] );
	}

	public function test_mcp_native_loading_before_the_adapter_still_takes_over(): void {
		// As when MCP Native is loaded first (a mu-plugin loader, or another plugin order).
		$out = $this->scenario( 'v05', 'constant', array(), array( self::NATIVE, self::ADAPTER ) );
		$this->assertSame( array( self::NATIVE, self::ADAPTER ), $out['active_plugins'] );
		$this->assertTrue( $out['status_after']['active'], $out['status_after']['reason'] );
		$this->assertTrue( self::ours( $out['class_files']['SchemaTransformer'] ) );
		$this->assertSame( array( 'other' ), $out['default_route_handlers'] );
	}

	public function test_opted_in_without_an_adapter_our_default_server_serves(): void {
		$out = $this->scenario( 'none', 'constant' );
		$this->assertFalse( $out['status_before']['active'] );
		$this->assertSame( 'Off: the official MCP Adapter (WP\\MCP\\Core\\McpAdapter) is not loaded.', $out['status_before']['reason'] );
		$this->assertSame( array( 'mcp-native' ), $out['default_route_handlers'] );
		$this->assertTrue( $out['custom_route_present'] );
		$this->assertNull( $out['class_files'], 'no adapter: its class names stay undefined' );
		$this->assertNull( $out['status_page_adapter'], 'no adapter: Tools -> MCP Native has no adapter section' );
		$this->assertSame( 'recommended', $out['site_health']['status'], 'opted in without an adapter: Site Health says so' );
		$this->assertSame( 'MCP Adapter acceleration is enabled, but the official MCP Adapter is not active', $out['site_health']['label'] );
	}
}
