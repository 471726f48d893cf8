<?php
/**
 * MCP 2026-07-28 (stateless) next to the handshake revisions on the same endpoints.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use WP_REST_Response;

require_once __DIR__ . '/AbstractMcpTest.php';

final class StatelessRevisionTest extends AbstractMcpTest {

	private const ROUTE   = '/mcpn-test/mcp';
	private const VERSION = '2026-07-28';

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->add_server(
			'test-server',
			array(
				'namespace'   => 'mcpn-test',
				'route'       => 'mcp',
				'name'        => 'Test Server',
				'version'     => '2.3.4',
				'description' => 'A server for tests',
				'tools'       => array( 'mcp-native-tests/echo', 'mcp-native-tests/double' ),
			)
		);
	}

	/**
	 * The request's _meta as a 2026-07-28 client sends it.
	 *
	 * @return array<string, mixed>
	 */
	private static function meta( array $override = array() ): array {
		return array_merge(
			array(
				'io.modelcontextprotocol/protocolVersion'    => self::VERSION,
				'io.modelcontextprotocol/clientCapabilities' => new \stdClass(),
				'io.modelcontextprotocol/clientInfo'         => array( 'name' => 'phpunit', 'version' => '1' ),
			),
			$override
		);
	}

	/**
	 * POSTs a 2026-07-28 request with its standard headers (overridable; null removes one).
	 *
	 * @param array<string, mixed>       $params  Params; `_meta` added unless present.
	 * @param array<string, string|null> $headers Header overrides.
	 */
	private function modern( string $method, array $params = array(), array $headers = array(), int|string $id = 11, string $route = self::ROUTE ): WP_REST_Response {
		if ( ! array_key_exists( '_meta', $params ) ) {
			$params['_meta'] = self::meta();
		} elseif ( null === $params['_meta'] ) {
			unset( $params['_meta'] );
		}
		$standard = array(
			'MCP-Protocol-Version' => self::VERSION,
			'Mcp-Method'           => $method,
		);
		if ( isset( $params['name'] ) && is_string( $params['name'] ) ) {
			$standard['Mcp-Name'] = $params['name'];
		}
		$all = array_filter( array_merge( $standard, $headers ), static fn( $v ) => null !== $v );
		return $this->post(
			$route,
			array(
				'jsonrpc' => '2.0',
				'id'      => $id,
				'method'  => $method,
				'params'  => (object) $params,
			),
			$all
		);
	}

	/** @return array<string, mixed> */
	private function result( WP_REST_Response $response ): array {
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		$body = $this->decoded( $response );
		$this->assertArrayHasKey( 'result', $body, $this->wire( $response ) );
		$this->assertArrayNotHasKey( 'Mcp-Session-Id', $response->get_headers(), 'no sessions at 2026-07-28' );
		return $body['result'];
	}

	public function test_server_discover_answers_without_a_session(): void {
		$result = $this->result( $this->modern( 'server/discover' ) );
		$this->assertSame( array( '2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26' ), $result['supportedVersions'] );
		$this->assertSame(
			array(
				'tools'       => array( 'listChanged' => false ),
				'resources'   => array(
					'subscribe'   => false,
					'listChanged' => false,
				),
				'prompts'     => array( 'listChanged' => false ),
				'completions' => array(),
				'logging'     => array(),
			),
			$result['capabilities']
		);
		$this->assertSame( array( 'name' => 'Test Server', 'version' => '2.3.4' ), $result['_meta']['io.modelcontextprotocol/serverInfo'] );
		$this->assertSame( 'A server for tests', $result['instructions'] );
		$this->assertSame( 'complete', $result['resultType'] );
		$this->assertSame( 'public', $result['cacheScope'] );
		$this->assertSame( 300000, $result['ttlMs'] );

		// The default server too.
		$default = $this->result( $this->modern( 'server/discover', array(), array(), 1, self::DEFAULT_ROUTE ) );
		$this->assertContains( self::VERSION, $default['supportedVersions'] );
	}

	public function test_tools_list_and_call_stand_alone_with_result_type_and_cache_hints(): void {
		$list = $this->result( $this->modern( 'tools/list' ) );
		$this->assertSame( 'complete', $list['resultType'] );
		$this->assertSame( 'private', $list['cacheScope'], 'the list may depend on the user: never a shared cache entry' );
		$this->assertSame( 60000, $list['ttlMs'] );
		$names = array_column( $list['tools'], 'name' );
		$this->assertContains( 'mcp-native-tests-double', $names );

		add_filter( 'mcp_native_cache_ttl_ms', static fn( $ttl, $method ) => 'tools/list' === $method ? 5 : $ttl, 10, 2 );
		$this->assertSame( 5, $this->result( $this->modern( 'tools/list' ) )['ttlMs'] );

		$flat = $this->result( $this->modern( 'tools/call', array( 'name' => 'mcp-native-tests-double', 'arguments' => array( 'input' => 21 ) ) ) );
		$this->assertSame( 'complete', $flat['resultType'] );
		$this->assertFalse( $flat['isError'] );
		$this->assertSame( array( 'result' => 42 ), $flat['structuredContent'] );
		$this->assertArrayNotHasKey( 'ttlMs', $flat );

		$object = $this->result( $this->modern( 'tools/call', array( 'name' => 'mcp-native-tests-echo', 'arguments' => array( 'message' => 'hi' ) ) ) );
		$this->assertFalse( $object['isError'] );
		$this->assertSame( 'hi', $object['structuredContent']['message'] );

		// A session header, if sent, changes nothing; handler errors stay in-band (HTTP 200).
		$this->assertSame( 200, $this->modern( 'tools/list', array(), array( 'Mcp-Session-Id' => 'not-a-session' ) )->get_status() );
		$this->assertRpcError( $this->modern( 'tools/call', array( 'name' => 'nope' ) ), 200, -32602, 'Unknown tool', 11 );
	}

	/**
	 * @dataProvider invalid_meta_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'invalid_meta_cases' )]
	public function test_missing_or_malformed_meta_is_invalid_params_with_400( mixed $meta, string $expected ): void {
		$error = $this->assertRpcError( $this->modern( 'server/discover', array( '_meta' => $meta ), array(), 101 ), 400, -32602, $expected, 101 );
		$this->assertStringStartsWith( 'Invalid params', $error['message'] );
	}

	public static function invalid_meta_cases(): array {
		return array(
			'no _meta'                 => array( null, 'io.modelcontextprotocol/protocolVersion' ),
			'no protocolVersion'       => array( array( 'io.modelcontextprotocol/clientCapabilities' => new \stdClass() ), 'io.modelcontextprotocol/protocolVersion' ),
			'no clientCapabilities'    => array( array( 'io.modelcontextprotocol/protocolVersion' => self::VERSION ), 'io.modelcontextprotocol/clientCapabilities' ),
			'capabilities not object'  => array( self::meta( array( 'io.modelcontextprotocol/clientCapabilities' => 'all' ) ), 'must be an object' ),
			'clientInfo not object'    => array( self::meta( array( 'io.modelcontextprotocol/clientInfo' => 3 ) ), 'clientInfo' ),
			'unknown logLevel'         => array( self::meta( array( 'io.modelcontextprotocol/logLevel' => 'loud' ) ), 'logLevel' ),
		);
	}

	public function test_client_info_is_optional(): void {
		$meta = self::meta();
		unset( $meta['io.modelcontextprotocol/clientInfo'] );
		$this->result( $this->modern( 'server/discover', array( '_meta' => $meta ) ) );
	}

	public function test_unsupported_version_is_400_with_the_supported_list(): void {
		$error = $this->assertRpcError(
			$this->modern( 'server/discover', array( '_meta' => self::meta( array( 'io.modelcontextprotocol/protocolVersion' => 'v999.0.0' ) ) ), array( 'MCP-Protocol-Version' => 'v999.0.0' ), 301 ),
			400,
			-32022,
			'v999.0.0',
			301
		);
		$this->assertSame( array( '2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26' ), $error['data']['supported'] );
		$this->assertSame( 'v999.0.0', $error['data']['requested'] );
	}

	/**
	 * @dataProvider header_mismatch_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'header_mismatch_cases' )]
	public function test_standard_headers_must_match_the_body( string $method, array $params, array $headers, string $expected ): void {
		$this->assertRpcError( $this->modern( $method, $params, $headers, 302 ), 400, -32020, $expected, 302 );
	}

	public static function header_mismatch_cases(): array {
		return array(
			'version header differs from _meta' => array( 'server/discover', array(), array( 'MCP-Protocol-Version' => '2025-11-25' ), 'MCP-Protocol-Version' ),
			'version header missing'            => array( 'server/discover', array(), array( 'MCP-Protocol-Version' => null ), 'missing MCP-Protocol-Version' ),
			'Mcp-Method missing'                => array( 'tools/list', array(), array( 'Mcp-Method' => null ), 'missing Mcp-Method' ),
			'Mcp-Method differs'                => array( 'tools/list', array(), array( 'Mcp-Method' => 'tools/call' ), 'Mcp-Method' ),
			'Mcp-Name missing'                  => array( 'tools/call', array( 'name' => 'mcp-native-tests-echo' ), array( 'Mcp-Name' => null ), 'missing Mcp-Name' ),
			'Mcp-Name differs'                  => array( 'tools/call', array( 'name' => 'mcp-native-tests-echo' ), array( 'Mcp-Name' => 'mcp-native-tests-double' ), 'Mcp-Name' ),
		);
	}

	public function test_a_base64_mcp_name_is_decoded(): void {
		$response = $this->modern( 'tools/call', array( 'name' => 'mcp-native-tests-echo', 'arguments' => array( 'message' => 'x' ) ), array( 'Mcp-Name' => '=?base64?' . base64_encode( 'mcp-native-tests-echo' ) . '?=' ) );
		$this->assertFalse( $this->result( $response )['isError'] );
	}

	/**
	 * @dataProvider parameter_header_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'parameter_header_cases' )]
	public function test_arguments_declared_with_x_mcp_header_must_be_mirrored( ?string $header, bool $accepted ): void {
		$this->register_test_ability(
			'mcpn-test/regional',
			array(
				'input_schema' => array(
					'type'       => 'object',
					'properties' => array(
						'region' => array(
							'type'         => 'string',
							'x-mcp-header' => 'Region',
						),
						'limit'  => array(
							'type'         => 'integer',
							'x-mcp-header' => 'Limit',
						),
					),
					'required'   => array( 'region' ),
				),
			)
		);
		$this->add_server(
			'regional',
			array(
				'namespace' => 'mcpn-regional',
				'route'     => 'mcp',
				'name'      => 'R',
				'version'   => '1',
				'tools'     => array( 'mcpn-test/regional' ),
			)
		);
		$route = '/mcpn-regional/mcp';
		$list  = $this->result( $this->modern( 'tools/list', array(), array(), 1, $route ) );
		$this->assertSame( 'Region', $list['tools'][0]['inputSchema']['properties']['region']['x-mcp-header'] ?? null, 'x-mcp-header reaches the wire schema' );

		$headers  = array( 'Mcp-Param-Limit' => '5' ) + ( null === $header ? array() : array( 'Mcp-Param-Region' => $header ) );
		$response = $this->modern( 'tools/call', array( 'name' => 'mcpn-test-regional', 'arguments' => array( 'region' => 'Hello', 'limit' => 5 ) ), $headers, 12, $route );
		if ( $accepted ) {
			$this->assertFalse( $this->result( $response )['isError'] );
		} else {
			$this->assertRpcError( $response, 400, -32020, 'Region', 12 );
		}
	}

	public static function parameter_header_cases(): array {
		return array(
			'plain value'            => array( 'Hello', true ),
			'base64 value'           => array( '=?base64?' . base64_encode( 'Hello' ) . '?=', true ),
			'missing header'         => array( null, false ),
			'other value'            => array( 'World', false ),
			'base64 without padding' => array( '=?base64?SGVsbG8?=', false ),
			'base64 bad characters'  => array( '=?base64?SGVs!G8=?=', false ),
		);
	}

	/**
	 * @dataProvider methods_of_the_old_revision_only
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'methods_of_the_old_revision_only' )]
	public function test_handshake_methods_and_unknown_methods_are_404_method_not_found( string $method ): void {
		$this->assertRpcError( $this->modern( $method, array(), array(), 500 ), 404, -32601, $method, 500 );
	}

	public static function methods_of_the_old_revision_only(): array {
		return array(
			'initialize'       => array( 'initialize' ),
			'ping'             => array( 'ping' ),
			'logging/setLevel' => array( 'logging/setLevel' ),
			'unknown'          => array( 'unknown/method' ),
		);
	}

	public function test_the_handshake_revisions_are_unchanged_on_the_same_url(): void {
		// server/discover without _meta or a 2026 header is an unknown method of the old revision.
		$this->assertRpcError( $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 3, 'method' => 'server/discover' ) ), 200, -32601, 'server/discover', 3 );
		$session = $this->initialize( self::ROUTE );
		$list    = $this->request( self::ROUTE, $session, 'tools/list' );
		$result  = $this->decoded( $list )['result'];
		$this->assertArrayNotHasKey( 'resultType', $result );
		$this->assertArrayNotHasKey( 'ttlMs', $result );
		// A handshake-era request still needs its session.
		$this->assertRpcError( $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 4, 'method' => 'tools/list' ) ), 400, -32600, 'Mcp-Session-Id', 4 );
		// An unknown header version without _meta keeps the old answer.
		$this->assertRpcError( $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 5, 'method' => 'ping' ), array( 'Mcp-Session-Id' => $session, 'MCP-Protocol-Version' => '1999-01-01' ) ), 400, -32600, '1999-01-01', 5 );
	}

	public function test_over_stdio_a_request_with_meta_needs_no_initialize(): void {
		$server = \McpNative\Plugin\Plugin::registry()->get_server( 'test-server' );
		$this->assertNotNull( $server );
		$stdio = new \McpNative\Plugin\Transport\StdioTransport( $server );
		$meta  = self::meta();
		$line  = static fn( string $method, array $params, int $id ) => (string) wp_json_encode(
			array(
				'jsonrpc' => '2.0',
				'id'      => $id,
				'method'  => $method,
				'params'  => array( '_meta' => $meta ) + $params,
			)
		);
		$discover = $stdio->handle_line( $line( 'server/discover', array(), 1 ) );
		$this->assertSame( 'complete', $discover['result']['resultType'] ?? null, (string) wp_json_encode( $discover ) );
		$call = $stdio->handle_line( $line( 'tools/call', array( 'name' => 'mcp-native-tests-double', 'arguments' => array( 'input' => 2 ) ), 2 ) );
		$this->assertEquals( (object) array( 'result' => 4 ), $call['result']['structuredContent'] ?? null, (string) wp_json_encode( $call ) );
		$ping = $stdio->handle_line( $line( 'ping', array(), 3 ) );
		$this->assertSame( -32601, $ping['error']['code'] ?? null );
		// A handshake-era request on the same connection still needs initialize first.
		$old = $stdio->handle_line( (string) wp_json_encode( array( 'jsonrpc' => '2.0', 'id' => 4, 'method' => 'tools/list' ) ) );
		$this->assertSame( -32600, $old['error']['code'] ?? null );
	}
}
