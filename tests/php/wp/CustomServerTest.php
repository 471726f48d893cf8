<?php
/**
 * Custom servers created on mcp_native_init: direct tools from abilities.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Server;
use McpNative\Plugin\SiteIdentity;

final class CustomServerTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-test/mcp';

	/** @var list<mixed> inputs received by the recording abilities */
	private array $received = array();

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->received = array();
	}

	private function recorder( mixed $returns = 'ECHO' ): \Closure {
		return function ( $input = null ) use ( $returns ) {
			$this->received[] = $input;
			return 'ECHO' === $returns ? $input : $returns;
		};
	}

	/**
	 * @param list<string>         $tools
	 * @param array<string, mixed> $extra
	 */
	private function serve( array $tools, array $extra = array() ): string {
		$this->add_server(
			'test-server',
			$extra + array(
				'namespace'   => 'mcpn-test',
				'route'       => 'mcp',
				'name'        => 'Test Server',
				'version'     => '2.3.4',
				'description' => 'A server for tests',
				'tools'       => $tools,
			)
		);
		return $this->initialize( self::ROUTE );
	}

	public function test_server_info_and_only_listed_abilities_as_tools(): void {
		$this->add_server(
			'test-server',
			array(
				'namespace'   => 'mcpn-test',
				'route'       => '/mcp/',
				'name'        => 'Test Server',
				'version'     => '2.3.4',
				'description' => 'A server for tests',
				'tools'       => array( 'mcp-native-tests/echo', 'mcp-native-tests/double' ),
			)
		);
		$init = $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-06-18' ) ) );
		$body = $this->decoded( $init );
		$this->assertSame( array( 'name' => 'Test Server', 'version' => '2.3.4' ), $body['result']['serverInfo'] );
		$this->assertSame( 'A server for tests', $body['result']['instructions'] );

		$tools = $this->list_tools( self::ROUTE, $init->get_headers()['Mcp-Session-Id'] );
		// Plus the site-context tool every server offers (issue 4), listed last.
		$this->assertSame( array( 'mcp-native-tests-echo', 'mcp-native-tests-double', 'mcp-native-get-site-context' ), array_keys( $tools ) );
	}

	public function test_flattened_schemas_are_wrapped_and_values_unwrapped(): void {
		$this->register_test_ability(
			'mcpn-test/flat',
			array(
				'label'            => 'Flat',
				'input_schema'     => array( 'type' => 'string', 'enum' => array( 'post', 'page' ), 'description' => 'Post type' ),
				'output_schema'    => array( 'type' => 'integer' ),
				'execute_callback' => $this->recorder( 42 ),
			)
		);
		$session = $this->serve( array( 'mcpn-test/flat' ) );
		$tool    = $this->list_tools( self::ROUTE, $session )['mcpn-test-flat'];
		$this->assertSame(
			array(
				'type'       => 'object',
				'properties' => array(
					'input'   => array( 'type' => 'string', 'enum' => array( 'post', 'page' ), 'description' => 'Post type' ),
					'site_id' => SiteIdentity::argument_schema(), // the contract's optional site_id, beside input
				),
				'required'   => array( 'input' ),
			),
			$tool['inputSchema']
		);
		$this->assertSame(
			array(
				'type'       => 'object',
				'properties' => array( 'result' => array( 'type' => 'integer' ) ),
				'required'   => array( 'result' ),
			),
			$tool['outputSchema']
		);

		$result = $this->call_tool( self::ROUTE, $session, 'mcpn-test-flat', array( 'input' => 'post' ) );
		$this->assertSame( array( 'post' ), $this->received );
		$this->assertFalse( $result['isError'] );
		$this->assertSame( array( 'result' => 42 ), $result['structuredContent'] );
		$this->assertSame( '{"result":42}', $result['content'][0]['text'] );
	}

	public function test_flattened_input_is_validated_before_the_callback(): void {
		$this->register_test_ability(
			'mcpn-test/flat',
			array(
				'input_schema'     => array( 'type' => 'string', 'enum' => array( 'post', 'page' ) ),
				'execute_callback' => $this->recorder(),
			)
		);
		$session = $this->serve( array( 'mcpn-test/flat' ) );
		foreach ( array( new \stdClass(), array( 'input' => 'nope' ), array( 'other' => 'post' ) ) as $arguments ) {
			$result = $this->call_tool( self::ROUTE, $session, 'mcpn-test-flat', $arguments );
			$this->assertTrue( $result['isError'] );
			// Checked by the plugin (argument profile) before WP_Ability::execute() reaches its callback.
			$this->assertSame( 'invalid_arguments', $result['structuredContent']['error']['code'] );
			$this->assertSame( '/input', $result['structuredContent']['error']['data']['violations'][0]['path'] );
		}
		$this->assertSame( array(), $this->received );
	}

	public function test_object_schemas_pass_through_unchanged(): void {
		$session = $this->serve( array( 'mcp-native-tests/echo' ) );
		$tool    = $this->list_tools( self::ROUTE, $session )['mcp-native-tests-echo'];
		$this->assertSame( array( 'message' ), $tool['inputSchema']['required'] );
		$this->assertSame( array( 'type' => 'integer', 'minimum' => 0 ), $tool['inputSchema']['properties']['count'] );
		$this->assertSame( 'Echo', $tool['title'] );
		$this->assertSame( 'Returns its input unchanged.', $tool['description'] );

		$result = $this->call_tool( self::ROUTE, $session, 'mcp-native-tests-echo', array( 'message' => 'héllo/wörld', 'count' => 3, 'extra' => 'kept' ) );
		$this->assertFalse( $result['isError'] );
		$this->assertSame( array( 'message' => 'héllo/wörld', 'count' => 3, 'extra' => 'kept' ), $result['structuredContent'] );
		$this->assertSame( $result['structuredContent'], json_decode( $result['content'][0]['text'], true ) );
	}

	public function test_required_fields_are_checked_before_the_callback_and_extras_accepted(): void {
		$this->register_test_ability(
			'mcpn-test/strict',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array(
						'id'   => array( 'type' => 'integer' ),
						'name' => array( 'type' => 'string' ),
					),
					'required'   => array( 'id' ),
				),
				'execute_callback' => $this->recorder( array( 'done' => true ) ),
			)
		);
		$session = $this->serve( array( 'mcpn-test/strict' ) );

		$missing = $this->call_tool( self::ROUTE, $session, 'mcpn-test-strict', array( 'name' => 'x' ) );
		$this->assertTrue( $missing['isError'] );
		$this->assertStringContainsString( 'id is a required property', $missing['content'][0]['text'] );
		$wrong = $this->call_tool( self::ROUTE, $session, 'mcpn-test-strict', array( 'id' => 'abc' ) );
		$this->assertTrue( $wrong['isError'] );
		$this->assertSame( array(), $this->received );

		$ok = $this->call_tool( self::ROUTE, $session, 'mcpn-test-strict', array( 'id' => 1, 'undescribed' => array( 'a' => 1 ) ) );
		$this->assertFalse( $ok['isError'] );
		$this->assertSame( array( array( 'id' => 1, 'undescribed' => array( 'a' => 1 ) ) ), $this->received );
	}

	public function test_ability_without_input_schema_ignores_arguments(): void {
		$this->register_test_ability( 'mcpn-test/no-input', array( 'execute_callback' => $this->recorder( array( 'ok' => true ) ) ) );
		$session = $this->serve( array( 'mcpn-test/no-input' ) );
		$this->assertSame( array( 'type' => 'object', 'properties' => array( 'site_id' => SiteIdentity::argument_schema() ) ), $this->list_tools( self::ROUTE, $session )['mcpn-test-no-input']['inputSchema'] );
		foreach ( array( null, new \stdClass(), array( 'unexpected' => 1 ) ) as $arguments ) {
			$result = $this->call_tool( self::ROUTE, $session, 'mcpn-test-no-input', $arguments );
			$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		}
		$this->assertSame( array( null, null, null ), $this->received );
	}

	public function test_bad_abilities_are_skipped_and_logged_without_taking_the_server_down(): void {
		add_filter(
			'mcp_native_tool_name',
			static fn( $name, $ability ) => 'mcpn-test/bad-name' === $ability->get_name() ? 'has spaces!' : $name,
			10,
			2
		);
		$this->register_test_ability( 'mcpn-test/bad-name' );
		$this->register_test_ability( 'mcpn-test/fine', array( 'execute_callback' => static fn() => 'ok' ) );
		$session = $this->serve( array( 'nonexistent/ability', 'mcpn-test/bad-name', 'mcpn-test/fine', 'mcpn-test/fine', 42 ) );

		$tools = $this->list_tools( self::ROUTE, $session );
		$this->assertSame( array( 'mcpn-test-fine', SiteIdentity::TOOL_NAME ), array_keys( $tools ) );
		$this->assertSame( array( 'result' => 'ok' ), $this->call_tool( self::ROUTE, $session, 'mcpn-test-fine' )['structuredContent'] );

		$this->assertNotEmpty( $this->logged_containing( 'not registered' ) );
		$this->assertNotEmpty( $this->logged_containing( 'invalid MCP tool name' ) );
		$this->assertNotEmpty( $this->logged_containing( 'ability names must be non-empty strings' ) );
	}

	public function test_ability_whose_schema_cannot_be_converted_is_skipped(): void {
		if ( ! defined( 'McpNative\MAX_DEPTH' ) ) {
			$this->markTestSkipped( 'McpNative\MAX_DEPTH is not defined by the contract implementation' );
		}
		$schema = array( 'type' => 'string' );
		for ( $i = 0; $i < \McpNative\MAX_DEPTH + 8; $i++ ) {
			$schema = array(
				'type'       => 'object',
				'properties' => array( 'n' => $schema ),
			);
		}
		$this->register_test_ability( 'mcpn-test/too-deep', array( 'input_schema' => $schema ) );
		$session = $this->serve( array( 'mcpn-test/too-deep', 'mcp-native-tests/double' ) );
		$this->assertSame( array( 'mcp-native-tests-double', SiteIdentity::TOOL_NAME ), array_keys( $this->list_tools( self::ROUTE, $session ) ) );
		$this->assertNotEmpty( $this->logged_containing( 'mcpn-test/too-deep could not be converted' ) );
	}

	public function test_duplicate_tool_names_keep_the_first(): void {
		add_filter( 'mcp_native_tool_name', static fn() => 'same-name' );
		$this->register_test_ability( 'mcpn-test/one', array( 'execute_callback' => static fn() => 1 ) );
		$this->register_test_ability( 'mcpn-test/two', array( 'execute_callback' => static fn() => 2 ) );
		$session = $this->serve( array( 'mcpn-test/one', 'mcpn-test/two' ) );
		$this->assertSame( array( 'same-name', SiteIdentity::TOOL_NAME ), array_keys( $this->list_tools( self::ROUTE, $session ) ) );
		$this->assertSame( array( 'result' => 1 ), $this->call_tool( self::ROUTE, $session, 'same-name' )['structuredContent'] );
		$this->assertNotEmpty( $this->logged_containing( 'already taken' ) );
	}

	public function test_invalid_server_configs_are_refused_and_others_still_served(): void {
		$results = array();
		add_action(
			'mcp_native_init',
			static function ( $registry ) use ( &$results ) {
				$results['missing route'] = $registry->create_server( 'a', array( 'namespace' => 'mcpn-test' ) );
				$results['bad route']     = $registry->create_server( 'b', array( 'namespace' => 'mcpn-test', 'route' => 'sp ace' ) );
				$results['tools string']  = $registry->create_server( 'c', array( 'namespace' => 'mcpn-test', 'route' => 'c', 'tools' => 'x/y' ) );
				$results['same route']    = $registry->create_server( 'd', array( 'namespace' => 'mcp', 'route' => 'mcp-adapter-default-server' ) );
				$results['good']          = $registry->create_server( 'e', array( 'namespace' => 'mcpn-test', 'route' => 'good', 'tools' => array( 'mcp-native-tests/double' ) ) );
				$results['same id']       = $registry->create_server( 'e', array( 'namespace' => 'mcpn-test', 'route' => 'other' ) );
			}
		);
		$session = $this->initialize( '/mcpn-test/good' );
		foreach ( array( 'missing route', 'bad route', 'tools string', 'same route', 'same id' ) as $case ) {
			$this->assertInstanceOf( \WP_Error::class, $results[ $case ], $case );
		}
		$this->assertInstanceOf( Server::class, $results['good'] );
		$this->assertSame( array( 'result' => 42 ), $this->call_tool( '/mcpn-test/good', $session, 'mcp-native-tests-double', array( 'input' => 21 ) )['structuredContent'] );
		$this->assertSame( 200, $this->request( self::DEFAULT_ROUTE, $this->initialize(), 'ping' )->get_status() );
		$this->assertCount( 5, $this->logged_containing( 'MCP server not created' ) );
	}

	public function test_the_demo_server_from_the_sample_abilities_is_served(): void {
		$session = $this->initialize( '/mcp-native-demo/mcp' );
		$tools   = $this->list_tools( '/mcp-native-demo/mcp', $session );
		$this->assertArrayHasKey( 'mcp-native-demo-count-posts', $tools );
		$result = $this->call_tool( '/mcp-native-demo/mcp', $session, 'mcp-native-demo-count-posts', array( 'input' => 'page' ) );
		$this->assertFalse( $result['isError'] );
		$this->assertIsInt( $result['structuredContent']['result'] );
	}
}
