<?php
/**
 * Streamable HTTP transport: statuses, JSON-RPC codes, sessions.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Contract;
use McpNative\Plugin\Json;
use McpNative\Plugin\Session\SessionStore;
use McpNative\Plugin\SiteIdentity;

final class TransportTest extends AbstractMcpTest {

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
	}

	public function test_initialize_negotiates_version_and_returns_session_and_capabilities(): void {
		$response = $this->post(
			self::DEFAULT_ROUTE,
			array(
				'jsonrpc' => '2.0',
				'id'      => 1,
				'method'  => 'initialize',
				'params'  => array(
					'protocolVersion' => '2025-06-18',
					'clientInfo'      => array(
						'name'    => 'test-client',
						'version' => '1.0.0',
					),
				),
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', $response->get_headers()['Mcp-Session-Id'] ?? '' );
		$body = $this->decoded( $response );
		$this->assertSame( 1, $body['id'] );
		$this->assertSame( '2025-06-18', $body['result']['protocolVersion'] );
		$this->assertSame( array( 'listChanged' => false ), $body['result']['capabilities']['tools'] );
		$this->assertSame( 'mcp-native-default-server', $body['result']['serverInfo']['name'] );
		$this->assertIsString( $body['result']['serverInfo']['version'] );
	}

	/**
	 * @dataProvider version_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'version_cases' )]
	public function test_initialize_version_negotiation( ?string $requested, string $answered ): void {
		$params   = null === $requested ? new \stdClass() : array( 'protocolVersion' => $requested );
		$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 'init', 'method' => 'initialize', 'params' => $params ) );
		$this->assertSame( $answered, $this->decoded( $response )['result']['protocolVersion'] );
	}

	public static function version_cases(): array {
		return array(
			'latest'      => array( '2025-11-25', '2025-11-25' ),
			'2025-06-18'  => array( '2025-06-18', '2025-06-18' ),
			'2025-03-26'  => array( '2025-03-26', '2025-03-26' ),
			'unsupported' => array( '1999-01-01', '2025-11-25' ),
			'absent'      => array( null, '2025-11-25' ),
		);
	}

	public function test_ping_returns_empty_object(): void {
		$session  = $this->initialize();
		$response = $this->request( self::DEFAULT_ROUTE, $session, 'ping', null, 'a' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '{"jsonrpc":"2.0","id":"a","result":{}}', $this->wire( $response ) );
	}

	public function test_notifications_and_client_responses_get_202_without_body(): void {
		$session = $this->initialize();
		foreach ( array(
			array( 'jsonrpc' => '2.0', 'method' => 'notifications/initialized' ),
			array( 'jsonrpc' => '2.0', 'method' => 'notifications/cancelled', 'params' => array( 'requestId' => 123 ) ),
			array( 'jsonrpc' => '2.0', 'id' => 3, 'result' => new \stdClass() ),
			array( 'jsonrpc' => '2.0', 'id' => 4, 'error' => array( 'code' => -1, 'message' => 'x' ) ),
		) as $message ) {
			$response = $this->post( self::DEFAULT_ROUTE, $message, array( 'Mcp-Session-Id' => $session ) );
			$this->assertSame( 202, $response->get_status() );
			$this->assertSame( '', $this->wire( $response ) );
		}
	}

	public function test_response_without_id_is_invalid_request(): void {
		$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'result' => new \stdClass() ) );
		$this->assertRpcError( $response, 400, -32600, 'id' );
	}

	public function test_unknown_methods_are_method_not_found_even_without_session(): void {
		$session = $this->initialize();
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'foo/bar', null, 7 ), 200, -32601, 'Method not found: foo/bar', 7 );
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'resources/subscribe', array( 'uri' => 'x://y' ) ), 200, -32601 ); // needs a stream (issue 13)
		// Python's mcp client probes server/discover before initializing.
		$probe = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 's', 'method' => 'server/discover', 'params' => new \stdClass() ) );
		$this->assertRpcError( $probe, 200, -32601, 'server/discover', 's' );
	}

	public function test_get_is_405_with_json_body(): void {
		$response = $this->rest( 'GET', self::DEFAULT_ROUTE, null, array( 'Accept' => 'text/event-stream' ) );
		$this->assertRpcError( $response, 405, -32600 );
		$this->assertSame( 'POST, DELETE', $response->get_headers()['Allow'] ?? null );
	}

	public function test_delete_ends_the_session(): void {
		$session = $this->initialize();
		$this->assertSame( 200, $this->request( self::DEFAULT_ROUTE, $session, 'ping' )->get_status() );

		$deleted = $this->rest( 'DELETE', self::DEFAULT_ROUTE, null, array( 'Mcp-Session-Id' => $session ) );
		$this->assertSame( 200, $deleted->get_status() );
		$this->assertSame( '', $this->wire( $deleted ) );

		$after = $this->request( self::DEFAULT_ROUTE, $session, 'tools/list', null, 9 );
		$this->assertRpcError( $after, 404, -32005, 'Session not found: Invalid or expired session', 9 );
		$again = $this->rest( 'DELETE', self::DEFAULT_ROUTE, null, array( 'Mcp-Session-Id' => $session ) );
		$this->assertRpcError( $again, 404, -32005 );
	}

	public function test_delete_without_session_is_400(): void {
		$this->assertRpcError( $this->rest( 'DELETE', self::DEFAULT_ROUTE ), 400, -32600, 'Missing Mcp-Session-Id header' );
	}

	public function test_missing_session_is_400(): void {
		$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/list', 'params' => new \stdClass() ) );
		$this->assertRpcError( $response, 400, -32600, 'Invalid Request: Missing Mcp-Session-Id header', 1 );
	}

	/**
	 * mcp-wordpress-remote re-initialises only on -32005 or -32602 whose message contains
	 * "Session not found" or "Invalid or expired session".
	 */
	public function test_unknown_session_is_404_with_the_code_clients_recover_from(): void {
		foreach ( array( 'expired-session-id', '00000000-0000-4000-8000-000000000000', str_repeat( 'x', 300 ), 'bad id with spaces' ) as $sid ) {
			$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/list' ), array( 'Mcp-Session-Id' => $sid ) );
			$error    = $this->assertRpcError( $response, 404, -32005, null, 1 );
			$this->assertStringContainsString( 'Session not found', $error['message'] );
			$this->assertStringContainsString( 'Invalid or expired session', $error['message'] );
		}
	}

	public function test_sessions_live_in_the_database_not_in_the_process(): void {
		$session = $this->initialize();
		// Another worker: no object cache, a new REST server, registry rebuilt.
		wp_cache_flush();
		$GLOBALS['wp_rest_server'] = null;
		$this->assertSame( 200, $this->request( self::DEFAULT_ROUTE, $session, 'ping' )->get_status() );
		$stored = get_user_meta( get_current_user_id(), SessionStore::META_PREFIX . $session, true );
		$this->assertIsArray( $stored );
		$this->assertSame( 'mcp-adapter-default-server', $stored['server'] );
		$this->assertSame( '2025-11-25', $stored['protocol'] );
	}

	public function test_a_session_belongs_to_its_user(): void {
		$session = $this->initialize();
		$this->set_user( 'administrator' );
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'ping' ), 404, -32005 );
	}

	public function test_a_session_belongs_to_its_server(): void {
		$this->add_server(
			'other',
			array(
				'namespace' => 'mcpn-test',
				'route'     => 'other',
				'tools'     => array(),
			)
		);
		$session = $this->initialize();
		$this->assertRpcError( $this->request( '/mcpn-test/other', $session, 'ping' ), 404, -32005 );
		$other = $this->initialize( '/mcpn-test/other' );
		$this->assertSame( 200, $this->request( '/mcpn-test/other', $other, 'ping' )->get_status() );
	}

	public function test_expired_session_is_404_and_removed(): void {
		$session = $this->initialize();
		$user    = get_current_user_id();
		$key     = SessionStore::META_PREFIX . $session;
		$stored  = get_user_meta( $user, $key, true );
		$stored['seen'] = time() - 3600;
		update_user_meta( $user, $key, $stored );
		add_filter( 'mcp_native_session_ttl', static fn() => 600 );

		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'ping' ), 404, -32005 );
		$this->assertSame( '', get_user_meta( $user, $key, true ) );
	}

	public function test_sessions_per_user_are_capped(): void {
		add_filter( 'mcp_native_max_sessions_per_user', static fn() => 3 );
		$first = $this->initialize();
		for ( $i = 0; $i < 3; $i++ ) {
			$last = $this->initialize();
		}
		$keys = array_filter( array_keys( get_user_meta( get_current_user_id() ) ), static fn( $k ) => str_starts_with( (string) $k, SessionStore::META_PREFIX ) );
		$this->assertCount( 3, $keys );
		$this->assertSame( 200, $this->request( self::DEFAULT_ROUTE, $last, 'ping' )->get_status() );
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $first, 'ping' ), 404, -32005 );
	}

	/**
	 * @dataProvider protocol_header_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'protocol_header_cases' )]
	public function test_protocol_version_header( string $header, int $status ): void {
		$session  = $this->initialize();
		$response = $this->post(
			self::DEFAULT_ROUTE,
			array( 'jsonrpc' => '2.0', 'id' => 5, 'method' => 'ping' ),
			array(
				'Mcp-Session-Id'       => $session,
				'MCP-Protocol-Version' => $header,
			)
		);
		if ( 200 === $status ) {
			$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
			return;
		}
		$this->assertRpcError( $response, 400, -32600, 'Unsupported protocol version: ' . $header, 5 );
	}

	public static function protocol_header_cases(): array {
		return array(
			'2025-11-25' => array( '2025-11-25', 200 ),
			'2025-06-18' => array( '2025-06-18', 200 ),
			'2025-03-26' => array( '2025-03-26', 200 ),
			'1999-01-01' => array( '1999-01-01', 400 ),
			'garbage'    => array( 'latest', 400 ),
		);
	}

	public function test_batches_are_rejected(): void {
		$session  = $this->initialize();
		$response = $this->post(
			self::DEFAULT_ROUTE,
			array(
				array( 'jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/list' ),
				array( 'jsonrpc' => '2.0', 'id' => 3, 'method' => 'ping' ),
			),
			array( 'Mcp-Session-Id' => $session )
		);
		$this->assertRpcError( $response, 400, -32600, 'batch', null );
	}

	/**
	 * @dataProvider malformed_bodies
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'malformed_bodies' )]
	public function test_malformed_bodies_get_json_rpc_errors( string $body, int $code, mixed $id = null ): void {
		$response = $this->post( self::DEFAULT_ROUTE, $body );
		// The id is echoed when it could be read, null otherwise.
		$this->assertRpcError( $response, 400, $code, null, $id );
	}

	public static function malformed_bodies(): array {
		return array(
			'invalid json'      => array( 'invalid json', -32700 ),
			'truncated'         => array( '{"jsonrpc":"2.0","id":1,', -32700 ),
			'empty'             => array( '', -32700 ),
			'too deep'          => array( str_repeat( '[', 600 ) . str_repeat( ']', 600 ), -32700 ),
			'scalar'            => array( '42', -32600 ),
			'string'            => array( '"ping"', -32600 ),
			'wrong version'     => array( '{"jsonrpc":"1.0","id":1,"method":"initialize","params":{}}', -32600, 1 ),
			'no version'        => array( '{"id":1,"method":"ping"}', -32600, 1 ),
			'method not string' => array( '{"jsonrpc":"2.0","id":1,"method":5}', -32600, 1 ),
			'null id'           => array( '{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600 ),
			'object id'         => array( '{"jsonrpc":"2.0","id":{},"method":"ping"}', -32600 ),
			'params scalar'     => array( '{"jsonrpc":"2.0","id":1,"method":"ping","params":3}', -32600, 1 ),
			'neither'           => array( '{"jsonrpc":"2.0","id":1}', -32600, 1 ),
		);
	}

	public function test_huge_body_is_413(): void {
		add_filter( 'mcp_native_max_body_bytes', static fn() => 2048 );
		$message  = array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping', 'params' => array( 'pad' => str_repeat( 'x', 4000 ) ) );
		$response = $this->post( self::DEFAULT_ROUTE, $message );
		$this->assertRpcError( $response, 413, -32600, '2048' );
	}

	public function test_oversize_body_is_refused_before_wordpress_decodes_it(): void {
		add_filter( 'mcp_native_max_body_bytes', static fn() => 2048 );
		$request = new \WP_REST_Request( 'POST', self::DEFAULT_ROUTE );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( (string) wp_json_encode( array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping', 'params' => array( 'pad' => str_repeat( 'x', 4000 ) ) ) ) );
		$response = rest_do_request( $request );
		$this->assertRpcError( $response, 413, -32600, '2048' );
		$parsed = new \ReflectionProperty( \WP_REST_Request::class, 'parsed_json' );
		$this->assertFalse( $parsed->getValue( $request ), 'WordPress decoded the oversize body before it was refused' );
	}

	public function test_declared_content_length_over_the_limit_is_413(): void {
		add_filter( 'mcp_native_max_body_bytes', static fn() => 2048 );
		$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping' ), array( 'Content-Length' => '1000000' ) );
		$this->assertRpcError( $response, 413, -32600, '2048' );
	}

	public function test_over_http_a_body_over_post_max_size_is_413_json(): void {
		$post_max = wp_convert_hr_to_bytes( (string) ini_get( 'post_max_size' ) );
		if ( $post_max <= 0 || $post_max > 64 * 1024 * 1024 ) {
			$this->markTestSkipped( 'post_max_size is unlimited or above 64 MiB here' );
		}
		$body     = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"' . str_repeat( 'x', $post_max + 1024 ) . '"}}';
		$response = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, $body, array( 'Content-Type' => 'application/json' ) );
		$this->assertSame( 413, $response['status'], substr( $response['body'], 0, 500 ) );
		$this->assertSame( -32600, $response['json']['error']['code'] ?? null, substr( $response['body'], 0, 500 ) );
	}

	public function test_foreign_origin_is_403_and_own_origin_is_allowed(): void {
		$session  = $this->initialize();
		$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping' ), array( 'Mcp-Session-Id' => $session, 'Origin' => 'https://malicious-site.com' ) );
		$this->assertRpcError( $response, 403, -32011, 'Origin' );

		$own = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping' ), array( 'Mcp-Session-Id' => $session, 'Origin' => untrailingslashit( home_url() ) ) );
		$this->assertSame( 200, $own->get_status(), $this->wire( $own ) );

		add_filter( 'mcp_native_allowed_origins', static fn( $allowed ) => array_merge( $allowed, array( 'https://malicious-site.com' ) ) );
		$allowed = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping' ), array( 'Mcp-Session-Id' => $session, 'Origin' => 'https://malicious-site.com' ) );
		$this->assertSame( 200, $allowed->get_status() );
	}

	public function test_output_and_notices_from_abilities_never_reach_the_body(): void {
		$this->register_test_ability(
			'mcpn-test/noisy',
			array(
				'input_schema'     => array( 'type' => 'object', 'properties' => array() ),
				'execute_callback' => static function () {
					echo '<b>Warning</b>: something printed HTML';
					trigger_error( 'a notice from an ability', E_USER_NOTICE ); // phpcs:ignore
					return array( 'ok' => true );
				},
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		$session = $this->initialize();
		$result  = $this->call_tool(
			self::DEFAULT_ROUTE,
			$session,
			'mcp-adapter-execute-ability',
			array( 'ability_name' => 'mcpn-test/noisy', 'parameters' => new \stdClass() )
		);
		$this->assertFalse( $result['isError'] );
		$this->assertSame( array( 'success' => true, 'data' => array( 'ok' => true ) ), $result['structuredContent'] );
		$this->assertNotEmpty( $this->logged_containing( 'a notice from an ability' ) );
		$this->assertNotEmpty( $this->logged_containing( 'Discarded output' ) );
	}

	// ------------------------------------------------------------------ real HTTP (served site)

	public function test_over_http_initialize_list_and_empty_202(): void {
		$init = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25' ) ), array( 'Accept' => 'application/json, text/event-stream' ) );
		$this->assertSame( 200, $init['status'], $init['body'] );
		$this->assertStringStartsWith( 'application/json', $init['headers']['content-type'] ?? '' );
		$session = $init['headers']['mcp-session-id'] ?? '';
		$this->assertNotSame( '', $session );

		$note = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'method' => 'notifications/initialized' ), array( 'Mcp-Session-Id' => $session ) );
		$this->assertSame( 202, $note['status'] );
		$this->assertSame( '', $note['body'] );

		$list = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/list' ), array( 'Mcp-Session-Id' => $session, 'MCP-Protocol-Version' => '2025-11-25' ) );
		$this->assertSame( 200, $list['status'], $list['body'] );
		// Schema objects go out as JSON objects on the real wire (discover's only property is the
		// contract's optional site_id, issue 4).
		$this->assertStringContainsString( '"name":"mcp-adapter-discover-abilities"', $list['body'] );
		$this->assertStringContainsString( '"inputSchema":{"type":"object","properties":{"site_id":' . Json::encode( SiteIdentity::argument_schema() ) . '}}', $list['body'] );

		$ping = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 3, 'method' => 'ping' ), array( 'Mcp-Session-Id' => $session ) );
		$this->assertSame( '{"jsonrpc":"2.0","id":3,"result":{}}', $ping['body'] );

		$delete = $this->http( 'DELETE', '/wp-json' . self::DEFAULT_ROUTE, null, array( 'Mcp-Session-Id' => $session ) );
		$this->assertSame( 200, $delete['status'] );
		$gone = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 4, 'method' => 'ping' ), array( 'Mcp-Session-Id' => $session ) );
		$this->assertSame( 404, $gone['status'] );
		$this->assertSame( -32005, $gone['json']['error']['code'] ?? null );
	}

	public function test_over_http_a_kept_list_goes_gzip_to_a_client_that_takes_it(): void {
		$init = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25' ) ) );
		$session = $init['headers']['mcp-session-id'] ?? '';
		$this->assertNotSame( '', $session, $init['body'] );
		$headers = array( 'Mcp-Session-Id' => $session, 'MCP-Protocol-Version' => '2025-11-25' );
		$list    = fn( array $more ) => $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/list' ), $headers + $more );

		$plain = $list( array() );
		$this->assertSame( 200, $plain['status'], $plain['body'] );
		$this->assertArrayNotHasKey( 'content-encoding', $plain['headers'], 'a client that does not ask gets plain JSON' );
		$this->assertStringContainsString( '"name":"mcp-adapter-discover-abilities"', $plain['body'] );

		foreach ( array( 'first', 'kept' ) as $round ) {
			$gzip = $list( array( 'Accept-Encoding' => 'gzip, deflate' ) );
			$this->assertSame( 200, $gzip['status'] );
			if ( Contract::is_native() ) {
				// The worker keeps the list and its compressed form: gzip, decoding to the same bytes.
				$this->assertSame( 'gzip', $gzip['headers']['content-encoding'] ?? null, "$round: " . $gzip['body'] );
				$this->assertStringContainsString( 'Accept-Encoding', $gzip['headers']['vary'] ?? '' );
				$this->assertSame( $plain['body'], gzdecode( $gzip['body'] ), $round );
			} else {
				// The fallback keeps no compressed form (its list is kept in an option): plain JSON.
				$this->assertArrayNotHasKey( 'content-encoding', $gzip['headers'], $round );
				$this->assertSame( $plain['body'], $gzip['body'], $round );
			}
		}
		$buffered = $list( array( 'Accept-Encoding' => 'gzip', 'X-Mcpn-Test-Ob-Start' => '1' ) );
		$this->assertArrayNotHasKey( 'content-encoding', $buffered['headers'], 'a buffer a plugin opened: plain JSON' );
		$this->assertSame( $plain['body'], $buffered['body'] );
		$refused = $list( array( 'Accept-Encoding' => 'gzip;q=0, deflate' ) );
		$this->assertArrayNotHasKey( 'content-encoding', $refused['headers'], 'q=0 refuses gzip' );
		$this->assertSame( $plain['body'], $refused['body'] );

		$ping = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 3, 'method' => 'ping' ), $headers + array( 'Accept-Encoding' => 'gzip' ) );
		$this->assertArrayNotHasKey( 'content-encoding', $ping['headers'], 'a small answer is not compressed' );
		$this->assertSame( '{"jsonrpc":"2.0","id":3,"result":{}}', $ping['body'] );
	}

	public function test_over_http_malformed_json_and_get_are_json(): void {
		$bad = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, '{"jsonrpc":', array( 'Content-Type' => 'application/json' ) );
		$this->assertSame( 400, $bad['status'], $bad['body'] );
		$this->assertSame( -32700, $bad['json']['error']['code'] ?? null, $bad['body'] );

		$get = $this->http( 'GET', '/wp-json' . self::DEFAULT_ROUTE, null, array( 'Accept' => 'text/event-stream' ) );
		$this->assertSame( 405, $get['status'] );
		$this->assertSame( 'POST, DELETE', $get['headers']['allow'] ?? null );
		$this->assertSame( -32600, $get['json']['error']['code'] ?? null, $get['body'] );
	}
}
