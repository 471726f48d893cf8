<?php
/**
 * tools/call results: success and error shapes, protocol errors.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Tools\ToolResult;

final class ToolResultTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-test/results';

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
	}

	/**
	 * Registers an ability returning $value (optionally with an output schema), serves it, calls it.
	 *
	 * @param array<string, mixed> $extra Extra ability args.
	 */
	private function result_of( mixed $value, array $extra = array() ): array {
		$this->register_test_ability(
			'mcpn-test/returns',
			$extra + array(
				'execute_callback' => static fn() => $value,
			)
		);
		$session = $this->serve_one( 'mcpn-test/returns' );
		return $this->call_tool( self::ROUTE, $session, 'mcpn-test-returns', new \stdClass() );
	}

	private function serve_one( string ...$abilities ): string {
		$this->add_server(
			'results',
			array(
				'namespace' => 'mcpn-test',
				'route'     => 'results',
				'tools'     => $abilities,
			)
		);
		return $this->initialize( self::ROUTE );
	}

	public function test_object_result(): void {
		$result = $this->result_of( array( 'url' => 'https://x.test/a', 'name' => 'café', 'n' => 1.5 ) );
		$this->assertSame(
			array(
				'content'           => array(
					array(
						'type' => 'text',
						'text' => '{"url":"https://x.test/a","name":"café","n":1.5}',
					),
				),
				'structuredContent' => array( 'url' => 'https://x.test/a', 'name' => 'café', 'n' => 1.5 ),
				'isError'           => false,
			),
			$result
		);
	}

	/**
	 * @dataProvider wrapped_values
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'wrapped_values' )]
	public function test_non_object_results_are_wrapped( mixed $value, string $structured_wire ): void {
		$this->register_test_ability( 'mcpn-test/returns', array( 'execute_callback' => static fn() => $value ) );
		$session  = $this->serve_one( 'mcpn-test/returns' );
		$response = $this->request( self::ROUTE, $session, 'tools/call', array( 'name' => 'mcpn-test-returns' ) );
		$wire     = $this->wire( $response );
		$this->assertStringContainsString( '"structuredContent":' . $structured_wire . ',"isError":false', $wire );
		$result = $this->decoded( $response )['result'];
		$this->assertSame( json_decode( $structured_wire, true ), json_decode( $result['content'][0]['text'], true ) );
	}

	public static function wrapped_values(): array {
		return array(
			'list'        => array( array( array( 'a' => 1 ), array( 'a' => 2 ) ), '{"result":[{"a":1},{"a":2}]}' ),
			'string'      => array( 'hello-world', '{"result":"hello-world"}' ),
			'int'         => array( 0, '{"result":0}' ),
			'false'       => array( false, '{"result":false}' ),
			'null'        => array( null, '{"result":null}' ),
			'empty array' => array( array(), '{"result":[]}' ),
		);
	}

	public function test_empty_array_with_object_output_schema_is_an_empty_object(): void {
		$this->register_test_ability(
			'mcpn-test/returns',
			array(
				'output_schema'    => array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'integer' ) ) ),
				'execute_callback' => static fn() => array(),
			)
		);
		$session  = $this->serve_one( 'mcpn-test/returns' );
		$response = $this->request( self::ROUTE, $session, 'tools/call', array( 'name' => 'mcpn-test-returns' ) );
		$this->assertStringContainsString( '"content":[{"type":"text","text":"{}"}],"structuredContent":{},"isError":false', $this->wire( $response ) );
	}

	public function test_invalid_utf8_in_a_result_still_gives_valid_json(): void {
		$result = $this->result_of( array( 'bytes' => "ok\xB1\x31" ) );
		$this->assertFalse( $result['isError'] );
		$this->assertSame( "ok\u{FFFD}1", $result['structuredContent']['bytes'] );
		$this->assertSame( "ok\u{FFFD}1", json_decode( $result['content'][0]['text'], true )['bytes'] );
	}

	public function test_unencodable_result_is_a_tool_error(): void {
		$result = $this->result_of( array( 'x' => INF ) );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'mcp_native_unencodable_result', $result['structuredContent']['error']['code'] );
	}

	public function test_wp_error_keeps_code_and_safe_data(): void {
		$result = $this->result_of( new \WP_Error( 'test_error', 'Test error message', array( 'status' => 404, 'field' => 'title', 'callback' => static fn() => 1 ) ) );
		$this->assertSame(
			array(
				'content'           => array(
					array(
						'type' => 'text',
						'text' => 'Test error message',
					),
				),
				'isError'           => true,
				'structuredContent' => array(
					'error' => array(
						'code'    => 'test_error',
						'message' => 'Test error message',
						'data'    => array( 'field' => 'title' ),
					),
				),
			),
			$result
		);
	}

	public function test_error_of_a_tool_with_output_schema_travels_in_meta(): void {
		$result = $this->result_of(
			new \WP_Error( 'post_not_found', 'No such post', array( 'post_id' => 9 ) ),
			array( 'output_schema' => array( 'type' => 'object', 'properties' => array( 'title' => array( 'type' => 'string' ) ), 'required' => array( 'title' ) ) )
		);
		$this->assertTrue( $result['isError'] );
		$this->assertArrayNotHasKey( 'structuredContent', $result ); // would fail the client's outputSchema validation
		$this->assertSame( 'No such post', $result['content'][0]['text'] );
		$this->assertSame(
			array(
				'code'    => 'post_not_found',
				'message' => 'No such post',
				'data'    => array( 'post_id' => 9 ),
			),
			$result['_meta'][ ToolResult::ERROR_META_KEY ]
		);
	}

	public function test_callback_exception_is_a_tool_error_without_trace(): void {
		$this->register_test_ability(
			'mcpn-test/returns',
			array(
				'execute_callback' => static function () {
					throw new \RuntimeException( 'boom in ' . __FILE__ );
				},
			)
		);
		$session = $this->serve_one( 'mcpn-test/returns' );
		$result  = $this->call_tool( self::ROUTE, $session, 'mcpn-test-returns' );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'ability_callback_exception', $result['structuredContent']['error']['code'] );
		$id = $result['structuredContent']['error']['data']['error_id'];
		$this->assertStringContainsString( $id, $result['content'][0]['text'] );
		$this->assertStringNotContainsString( 'boom', (string) wp_json_encode( $result ) );
		$this->assertStringNotContainsString( '.php', (string) wp_json_encode( $result ) );
		$logged = $this->logged_containing( 'threw an exception' );
		$this->assertSame( $id, $logged[0][2]['error_id'] ?? null );
		$this->assertStringContainsString( 'boom in ' . __FILE__, $logged[0][2]['detail'] );
	}

	public function test_a_type_error_never_shows_server_paths_to_the_client(): void {
		$this->register_test_ability(
			'mcpn-test/typed',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'n' => array( 'type' => 'integer' ) ),
				),
				'execute_callback' => static function ( array $input ) {
					return strlen( $input['n'] ); // A TypeError under strict_types: it names this file and line.
				},
			)
		);
		$session = $this->serve_one( 'mcpn-test/typed' );
		$result  = $this->call_tool( self::ROUTE, $session, 'mcpn-test-typed', array( 'n' => 3 ) );
		$this->assertTrue( $result['isError'] );
		$wire = (string) wp_json_encode( $result );
		$this->assertStringNotContainsString( '.php', $wire );
		$this->assertStringNotContainsString( 'strlen', $wire );
		$logged = $this->logged_containing( 'threw an exception' );
		$this->assertSame( $result['structuredContent']['error']['data']['error_id'], $logged[0][2]['error_id'] );
		$this->assertStringContainsString( 'strlen()', $logged[0][2]['detail'] );
	}

	public function test_a_callback_tool_that_throws_is_reported_by_id(): void {
		$this->register_test_ability( 'mcpn-test/returns' );
		add_filter(
			'mcp_native_server_tools',
			static fn( $tools ) => $tools + array(
				'thrower' => new \McpNative\Plugin\Tools\CallbackTool(
					'thrower',
					'',
					'',
					array( 'type' => 'object' ),
					null,
					array(),
					static function () {
						throw new \RuntimeException( 'internal detail in ' . __FILE__ );
					}
				),
			)
		);
		$session = $this->serve_one( 'mcpn-test/returns' );
		$result  = $this->call_tool( self::ROUTE, $session, 'thrower' );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'tool_exception', $result['structuredContent']['error']['code'] );
		$this->assertStringNotContainsString( 'internal detail', (string) wp_json_encode( $result ) );
		$logged = $this->logged_containing( 'threw an exception' );
		$this->assertSame( $result['structuredContent']['error']['data']['error_id'], $logged[0][2]['error_id'] );
		$this->assertStringContainsString( 'internal detail in ' . __FILE__, $logged[0][2]['detail'] );
	}

	public function test_an_exception_thrown_by_a_hook_is_reported_by_id_too(): void {
		$this->register_test_ability( 'mcpn-test/returns' );
		add_action(
			'wp_before_execute_ability',
			static function () {
				throw new \LogicException( 'hook failed in ' . __FILE__ );
			}
		);
		$session = $this->serve_one( 'mcpn-test/returns' );
		$result  = $this->call_tool( self::ROUTE, $session, 'mcpn-test-returns' );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'ability_callback_exception', $result['structuredContent']['error']['code'] );
		$this->assertStringNotContainsString( '.php', (string) wp_json_encode( $result ) );
		$logged = $this->logged_containing( 'threw an exception' );
		$this->assertStringContainsString( 'LogicException: hook failed in ' . __FILE__, $logged[0][2]['detail'] );
	}

	public function test_permission_denied_and_permission_error_are_tool_errors(): void {
		$this->register_test_ability( 'mcpn-test/denied', array( 'permission_callback' => '__return_false' ) );
		$this->register_test_ability( 'mcpn-test/perm-error', array( 'permission_callback' => static fn() => new \WP_Error( 'nope', 'secret reason' ) ) );
		$session = $this->serve_one( 'mcpn-test/denied', 'mcpn-test/perm-error' );

		$denied = $this->call_tool( self::ROUTE, $session, 'mcpn-test-denied' );
		$this->assertTrue( $denied['isError'] );
		$this->assertSame( 'ability_invalid_permissions', $denied['structuredContent']['error']['code'] );

		$this->expect_doing_it_wrong( 'WP_Ability::execute' ); // core reports the hidden reason that way
		$error = $this->call_tool( self::ROUTE, $session, 'mcpn-test-perm-error' );
		$this->assertTrue( $error['isError'] );
		$this->assertStringNotContainsString( 'secret reason', $error['content'][0]['text'] );
	}

	public function test_legacy_success_false_convention_is_an_error(): void {
		$this->register_test_ability( 'mcpn-test/legacy', array( 'execute_callback' => static fn() => array( 'success' => false, 'error' => 'Test string error' ) ) );
		$this->register_test_ability( 'mcpn-test/blank', array( 'execute_callback' => static fn() => array( 'success' => false, 'error' => '  ' ) ) );
		$session = $this->serve_one( 'mcpn-test/legacy', 'mcpn-test/blank' );

		$result = $this->call_tool( self::ROUTE, $session, 'mcpn-test-legacy' );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'Test string error', $result['content'][0]['text'] );

		$blank = $this->call_tool( self::ROUTE, $session, 'mcpn-test-blank' );
		$this->assertFalse( $blank['isError'] );
		$this->assertSame( array( 'success' => false, 'error' => '  ' ), $blank['structuredContent'] );
	}

	public function test_pre_tool_call_filter_can_refuse_and_result_filter_can_edit(): void {
		$this->register_test_ability( 'mcpn-test/returns', array( 'execute_callback' => static fn() => array( 'ok' => true ) ) );
		$session = $this->serve_one( 'mcpn-test/returns' );

		add_filter( 'mcp_native_tool_call_result', static function ( $payload ) {
			$payload['structuredContent']->filtered = true;
			return $payload;
		} );
		$this->assertSame( array( 'ok' => true, 'filtered' => true ), $this->call_tool( self::ROUTE, $session, 'mcpn-test-returns' )['structuredContent'] );

		add_filter( 'mcp_native_pre_tool_call', static fn() => new \WP_Error( 'blocked', 'Rate limit exceeded' ) );
		$blocked = $this->call_tool( self::ROUTE, $session, 'mcpn-test-returns' );
		$this->assertTrue( $blocked['isError'] );
		$this->assertSame( 'Rate limit exceeded', $blocked['content'][0]['text'] );
		$this->assertSame( 'blocked', $blocked['structuredContent']['error']['code'] );
	}

	// ------------------------------------------------------------------ protocol errors

	public function test_unknown_tool_is_invalid_params(): void {
		$session = $this->initialize();
		$error   = $this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'tools/call', array( 'name' => 'nope' ), 8 ), 200, -32602, 'nope', 8 );
		$this->assertStringContainsString( 'Unknown tool', $error['message'] );
	}

	/**
	 * @dataProvider bad_calls
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'bad_calls' )]
	public function test_malformed_calls_are_invalid_params( array|null $params, string $message ): void {
		$session = $this->initialize();
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'tools/call', $params, 9 ), 200, -32602, $message, 9 );
	}

	public static function bad_calls(): array {
		return array(
			'no params'         => array( null, 'tool name' ),
			'missing name'      => array( array( 'arguments' => new \stdClass() ), 'Missing required parameter: tool name' ),
			'empty name'        => array( array( 'name' => '  ' ), 'Missing required parameter: tool name' ),
			'name not string'   => array( array( 'name' => array( 'x' ) ), 'Missing required parameter: tool name' ),
			'string arguments'  => array( array( 'name' => 'mcp-adapter-discover-abilities', 'arguments' => 'invalid' ), 'arguments must be an object' ),
			'integer arguments' => array( array( 'name' => 'mcp-adapter-discover-abilities', 'arguments' => 42 ), 'arguments must be an object' ),
			'list arguments'    => array( array( 'name' => 'mcp-adapter-discover-abilities', 'arguments' => array( 1, 2 ) ), 'arguments must be an object' ),
		);
	}

	public function test_null_missing_and_padded_name_calls_succeed(): void {
		$session = $this->initialize();
		foreach ( array( array( 'name' => 'mcp-adapter-discover-abilities', 'arguments' => null ), array( 'name' => '  mcp-adapter-discover-abilities  ' ) ) as $params ) {
			$response = $this->request( self::DEFAULT_ROUTE, $session, 'tools/call', $params );
			$this->assertSame( 200, $response->get_status() );
			$this->assertFalse( $this->decoded( $response )['result']['isError'] );
		}
	}

	public function test_extra_request_fields_from_proxies_are_ignored(): void {
		$session  = $this->initialize();
		$response = $this->post(
			self::DEFAULT_ROUTE,
			array(
				'jsonrpc'           => '2.0',
				'id'                => 10,
				'method'            => 'tools/call',
				// mcp-wordpress-remote adds _proxy_request_id to every request's params.
				'params'            => array( 'name' => 'mcp-adapter-discover-abilities', 'arguments' => new \stdClass(), '_meta' => array( 'progressToken' => 1 ), '_proxy_request_id' => 3 ),
			),
			array( 'Mcp-Session-Id' => $session, 'MCP-Protocol-Version' => '2025-06-18' )
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertFalse( $this->decoded( $response )['result']['isError'] );
	}
}
