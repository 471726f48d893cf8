<?php
/**
 * Site identity (issue 4, seed 004): the site-context tool on every server, the stable site_id,
 * and the optional site_id argument of every tool (a mismatch runs nothing).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\SiteIdentity;

final class SiteIdentityTest extends AbstractMcpTest {

	private const ROUTE   = '/mcpn-site/mcp';
	private const CONTEXT = 'mcp-native-get-site-context';
	private const UUID    = '/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/';

	/** @var array{permission: int, execute: int, pre_tool_call: int} */
	private array $counts = array(
		'permission'    => 0,
		'execute'       => 0,
		'pre_tool_call' => 0,
	);

	/** @var list<mixed> */
	private array $received = array();

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->counts   = array_map( static fn() => 0, $this->counts );
		$this->received = array();
		$this->register_test_ability(
			'mcpn-site/counted',
			array(
				'input_schema'        => array(
					'type'       => 'object',
					'properties' => array( 'n' => array( 'type' => 'integer' ) ),
				),
				'permission_callback' => function () {
					++$this->counts['permission'];
					return true;
				},
				'execute_callback'    => function ( $input = null ) {
					++$this->counts['execute'];
					$this->received[] = $input;
					return array( 'got' => $input );
				},
				'meta'                => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		$this->add_server(
			'site-test',
			array(
				'namespace' => 'mcpn-site',
				'route'     => 'mcp',
				'tools'     => array( 'mcpn-site/counted', 'mcp-native-tests/echo', 'mcp-native-tests/double' ),
			)
		);
		add_filter(
			'mcp_native_pre_tool_call',
			function ( $arguments ) {
				++$this->counts['pre_tool_call'];
				return $arguments;
			}
		);
	}

	// ------------------------------------------------------------------ the site-context tool

	public function test_every_server_offers_the_site_context_tool_last_with_read_only_hints(): void {
		foreach ( array( self::DEFAULT_ROUTE, self::ROUTE, '/mcp-native-demo/mcp' ) as $route ) {
			$tools = $this->list_tools( $route, $this->initialize( $route ) );
			$this->assertSame( self::CONTEXT, array_key_last( $tools ), $route );
			$tool = $tools[ self::CONTEXT ];
			$this->assertSame( 'Get Site Context', $tool['title'] );
			$this->assertTrue( $tool['annotations']['readOnlyHint'] );
			$this->assertFalse( $tool['annotations']['destructiveHint'] );
			$this->assertTrue( $tool['annotations']['idempotentHint'] );
			$this->assertSame( array( 'contract_version', 'wordpress_version', 'site' ), $tool['outputSchema']['required'] );
		}
	}

	public function test_site_context_values(): void {
		delete_option( SiteIdentity::OPTION );
		$result = $this->call_tool( self::DEFAULT_ROUTE, $this->initialize(), self::CONTEXT, new \stdClass() );
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$context = $result['structuredContent'];
		$this->assertSame( array( 'contract_version', 'wordpress_version', 'site' ), array_keys( $context ) );
		$this->assertSame( 3, $context['contract_version'] );
		$this->assertSame( get_bloginfo( 'version' ), $context['wordpress_version'] );
		$this->assertStringStartsWith( '7.1', $context['wordpress_version'] );
		$this->assertSame( array( 'site_id', 'site_url', 'blog_id' ), array_keys( $context['site'] ) );
		$this->assertMatchesRegularExpression( self::UUID, $context['site']['site_id'] );
		$this->assertSame( get_option( SiteIdentity::OPTION ), $context['site']['site_id'], 'created on first use and stored' );
		$this->assertSame( get_site_url(), $context['site']['site_url'] );
		$this->assertSame( get_current_blog_id(), $context['site']['blog_id'] );
		$this->assertSame( $context, json_decode( $result['content'][0]['text'], true ) );

		// Stable: the same on another call and on another server.
		$again = $this->call_tool( self::ROUTE, $this->initialize( self::ROUTE ), self::CONTEXT );
		$this->assertSame( $context, $again['structuredContent'] );
		$this->assertSame( $context['site']['site_id'], SiteIdentity::site_id() );
	}

	public function test_site_id_is_generated_once_and_a_corrupt_value_is_replaced(): void {
		delete_option( SiteIdentity::OPTION );
		$first = SiteIdentity::site_id();
		$this->assertMatchesRegularExpression( self::UUID, $first );
		wp_cache_flush();
		$this->assertSame( $first, SiteIdentity::site_id() );
		$this->assertSame( $first, get_option( SiteIdentity::OPTION ) );

		update_option( SiteIdentity::OPTION, 'not a uuid' );
		$replaced = SiteIdentity::site_id();
		$this->assertMatchesRegularExpression( self::UUID, $replaced );
		$this->assertNotSame( $first, $replaced );
		$this->assertSame( $replaced, get_option( SiteIdentity::OPTION ) );
	}

	// ------------------------------------------------------------------ site_id on every tool

	public function test_every_tool_lists_an_optional_site_id_beside_its_own_arguments(): void {
		$expected = array(
			'type'        => 'string',
			'description' => SiteIdentity::argument_schema()['description'],
		);
		foreach ( array( self::DEFAULT_ROUTE, self::ROUTE ) as $route ) {
			foreach ( $this->list_tools( $route, $this->initialize( $route ) ) as $name => $tool ) {
				$this->assertSame( $expected, $tool['inputSchema']['properties']['site_id'] ?? null, "$route $name" );
				$this->assertNotContains( 'site_id', $tool['inputSchema']['required'] ?? array(), "$route $name" );
			}
		}
		$double = $this->list_tools( self::ROUTE, $this->initialize( self::ROUTE ) )['mcp-native-tests-double']['inputSchema'];
		$this->assertSame( array( 'input', 'site_id' ), array_keys( $double['properties'] ), 'flattened: site_id sits beside input' );
		$this->assertSame( array( 'input' ), $double['required'] );
	}

	public function test_a_mismatched_site_id_is_refused_before_filters_permission_and_callback(): void {
		$session = $this->initialize( self::ROUTE );
		foreach ( array( 'some-other-site', wp_generate_uuid4(), '', 42, array( 'x' ) ) as $wrong ) {
			$result = $this->call_tool( self::ROUTE, $session, 'mcpn-site-counted', array( 'n' => 1, 'site_id' => $wrong ) );
			$this->assertTrue( $result['isError'], wp_json_encode( $wrong ) );
			$error = $result['structuredContent']['error'];
			$this->assertSame( 'site_mismatch', $error['code'] );
			$this->assertStringContainsString( 'Site mismatch', $result['content'][0]['text'] );
			$this->assertStringContainsString( SiteIdentity::site_id(), $result['content'][0]['text'] );
			$this->assertStringContainsString( self::CONTEXT, $result['content'][0]['text'] );
			$this->assertSame( SiteIdentity::site_id(), $error['data']['site_id'] );
		}
		$flat = $this->call_tool( self::ROUTE, $session, 'mcp-native-tests-double', array( 'input' => 2, 'site_id' => 'elsewhere' ) );
		$this->assertSame( 'site_mismatch', $flat['_meta']['mcp-native/error']['code'], 'double has an output schema: the error travels in _meta' );

		$context = $this->call_tool( self::ROUTE, $session, self::CONTEXT, array( 'site_id' => 'elsewhere' ) );
		$this->assertTrue( $context['isError'] );
		$this->assertSame( 'site_mismatch', $context['_meta']['mcp-native/error']['code'] );

		$execute = $this->call_tool(
			self::DEFAULT_ROUTE,
			$this->initialize(),
			'mcp-adapter-execute-ability',
			array( 'ability_name' => 'mcpn-site/counted', 'parameters' => array( 'n' => 1 ), 'site_id' => 'elsewhere' )
		);
		$this->assertTrue( $execute['isError'] );
		$this->assertFalse( $execute['structuredContent']['success'] );
		$this->assertSame( 'site_mismatch', $execute['structuredContent']['error']['code'] );

		$this->assertSame( array( 'permission' => 0, 'execute' => 0, 'pre_tool_call' => 0 ), $this->counts, 'nothing ran' );
	}

	public function test_a_matching_site_id_is_accepted_and_removed_before_the_ability_sees_the_arguments(): void {
		$site_id = SiteIdentity::site_id();
		$session = $this->initialize( self::ROUTE );

		$result = $this->call_tool( self::ROUTE, $session, 'mcpn-site-counted', array( 'n' => 1, 'site_id' => $site_id ) );
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$this->assertSame( array( 'got' => array( 'n' => 1 ) ), $result['structuredContent'] );

		$upper = $this->call_tool( self::ROUTE, $session, 'mcpn-site-counted', array( 'n' => 2, 'site_id' => strtoupper( $site_id ) ) );
		$this->assertFalse( $upper['isError'], 'UUIDs compare case-insensitively' );

		$null = $this->call_tool( self::ROUTE, $session, 'mcpn-site-counted', array( 'n' => 3, 'site_id' => null ) );
		$this->assertFalse( $null['isError'], 'a null site_id counts as absent' );

		$double = $this->call_tool( self::ROUTE, $session, 'mcp-native-tests-double', array( 'input' => 21, 'site_id' => $site_id ) );
		$this->assertSame( array( 'result' => 42 ), $double['structuredContent'] );

		$execute = $this->call_tool(
			self::DEFAULT_ROUTE,
			$this->initialize(),
			'mcp-adapter-execute-ability',
			array( 'ability_name' => 'mcpn-site/counted', 'parameters' => array( 'n' => 4 ), 'site_id' => $site_id )
		);
		$this->assertSame( array( 'success' => true, 'data' => array( 'got' => array( 'n' => 4 ) ) ), $execute['structuredContent'] );

		$context = $this->call_tool( self::ROUTE, $session, self::CONTEXT, array( 'site_id' => $site_id ) );
		$this->assertSame( $site_id, $context['structuredContent']['site']['site_id'] );

		$this->assertSame( array( array( 'n' => 1 ), array( 'n' => 2 ), array( 'n' => 3 ), array( 'n' => 4 ) ), $this->received );
	}

	public function test_a_tool_describing_its_own_site_id_keeps_it(): void {
		$this->register_test_ability(
			'mcpn-site/own-site-id',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'site_id' => array( 'type' => 'integer' ) ),
				),
				'execute_callback' => function ( $input = null ) {
					$this->received[] = $input;
					return array( 'ok' => true );
				},
			)
		);
		$this->add_server(
			'own-site-id',
			array(
				'namespace' => 'mcpn-site',
				'route'     => 'own',
				'tools'     => array( 'mcpn-site/own-site-id' ),
			)
		);
		$session = $this->initialize( '/mcpn-site/own' );
		$this->assertSame( array( 'type' => 'integer' ), $this->list_tools( '/mcpn-site/own', $session )['mcpn-site-own-site-id']['inputSchema']['properties']['site_id'] );
		$result = $this->call_tool( '/mcpn-site/own', $session, 'mcpn-site-own-site-id', array( 'site_id' => 7 ) );
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$this->assertSame( array( array( 'site_id' => 7 ) ), $this->received );
	}

	public function test_an_ability_cannot_take_the_site_context_tool_name(): void {
		add_filter( 'mcp_native_tool_name', static fn( $name, $ability ) => 'mcpn-site/counted' === $ability->get_name() ? self::CONTEXT : $name, 10, 2 );
		$session = $this->initialize( self::ROUTE );
		$result  = $this->call_tool( self::ROUTE, $session, self::CONTEXT );
		$this->assertSame( 3, $result['structuredContent']['contract_version'] );
		$this->assertSame( 0, $this->counts['execute'] );
		// The call builds only the tool it names; listing meets the clash and says so.
		$this->assertSame( 'Get Site Context', $this->list_tools( self::ROUTE, $session )[ self::CONTEXT ]['title'] );
		$this->assertNotEmpty( $this->logged_containing( 'already taken' ) );
	}

	// ------------------------------------------------------------------ over real HTTP

	public function test_over_http_context_then_mismatch_refused_and_match_accepted(): void {
		$path = '/wp-json' . self::DEFAULT_ROUTE;
		$init = $this->http( 'POST', $path, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25' ) ) );
		$this->assertSame( 200, $init['status'], $init['body'] );
		$headers = array( 'Mcp-Session-Id' => $init['headers']['mcp-session-id'] ?? '' );
		$call    = fn( string $name, array $arguments, int $id ) => $this->http(
			'POST',
			$path,
			array( 'jsonrpc' => '2.0', 'id' => $id, 'method' => 'tools/call', 'params' => array( 'name' => $name, 'arguments' => (object) $arguments ) ),
			$headers
		);

		$context = $call( self::CONTEXT, array(), 2 );
		$this->assertSame( 200, $context['status'], $context['body'] );
		$site = $context['json']['result']['structuredContent']['site'];
		$this->assertMatchesRegularExpression( self::UUID, $site['site_id'] );
		$this->assertSame( getenv( 'MCP_NATIVE_WP_URL' ), $site['site_url'] );

		$wrong = $call( 'mcp-adapter-discover-abilities', array( 'site_id' => 'f0000000-0000-4000-8000-000000000000' ), 3 );
		$this->assertSame( 200, $wrong['status'], $wrong['body'] );
		$this->assertTrue( $wrong['json']['result']['isError'] );
		$this->assertSame( 'site_mismatch', $wrong['json']['result']['structuredContent']['error']['code'] );
		$this->assertArrayNotHasKey( 'abilities', $wrong['json']['result']['structuredContent'] );

		$right = $call( 'mcp-adapter-discover-abilities', array( 'site_id' => $site['site_id'] ), 4 );
		$this->assertFalse( $right['json']['result']['isError'], $right['body'] );
		$this->assertContains( 'mcp-native-tests/echo', array_column( $right['json']['result']['structuredContent']['abilities'], 'name' ) );
	}
}
