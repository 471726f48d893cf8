<?php
/**
 * Authentication and the capability filter.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

final class AuthTest extends AbstractMcpTest {

	private const INIT = array(
		'jsonrpc' => '2.0',
		'id'      => 1,
		'method'  => 'initialize',
		'params'  => array( 'protocolVersion' => '2025-11-25' ),
	);

	public function test_anonymous_gets_401_json_with_www_authenticate(): void {
		$response = $this->post( self::DEFAULT_ROUTE, self::INIT );
		$this->assertRpcError( $response, 401, -32010, 'Unauthorized' );
		// OAuth (on by default) names where a client learns how to get a token (RFC 9728 §5.1).
		$this->assertStringStartsWith( 'Bearer resource_metadata="', $response->get_headers()['WWW-Authenticate'] ?? '' );
		$this->assertArrayNotHasKey( 'Mcp-Session-Id', $response->get_headers() );

		foreach ( array( 'GET', 'DELETE' ) as $method ) {
			$this->assertRpcError( $this->rest( $method, self::DEFAULT_ROUTE ), 401, -32010 );
		}
	}

	public function test_authentication_errors_echo_the_request_id_when_it_is_readable(): void {
		$this->assertRpcError( $this->post( self::DEFAULT_ROUTE, self::INIT ), 401, -32010, null, 1 );
		$this->assertRpcError( $this->post( self::DEFAULT_ROUTE, array( 'id' => 'abc' ) + self::INIT ), 401, -32010, null, 'abc' );
		$this->assertRpcError( $this->post( self::DEFAULT_ROUTE, '{"id": 5, broken' ), 401, -32010, null, null );

		$this->set_user( $this->create_user( 'subscriber' ) );
		add_filter( 'mcp_native_required_capability', static fn() => 'manage_options' );
		$this->assertRpcError( $this->post( self::DEFAULT_ROUTE, array( 'id' => 9 ) + self::INIT ), 403, -32011, null, 9 );
	}

	public function test_over_http_wordpress_authentication_errors_echo_the_request_id(): void {
		$wrong = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, array( 'id' => 'req-17' ) + self::INIT, array(), array( 'admin', 'abcd efgh ijkl mnop qrst uvwx' ) );
		$this->assertSame( 401, $wrong['status'], $wrong['body'] );
		$this->assertSame( 'req-17', $wrong['json']['id'] ?? null, $wrong['body'] );
	}

	public function test_anonymous_is_refused_before_the_body_is_read(): void {
		$this->assertRpcError( $this->post( self::DEFAULT_ROUTE, 'not json' ), 401, -32010 );
	}

	public function test_subscriber_with_read_capability_may_connect(): void {
		$this->set_user( 'subscriber' );
		$session = $this->initialize();
		$tools   = $this->list_tools( self::DEFAULT_ROUTE, $session );
		$this->assertArrayHasKey( 'mcp-adapter-discover-abilities', $tools );
	}

	public function test_user_without_read_capability_gets_403(): void {
		$this->set_user( $this->create_user( '' ) );
		$this->assertRpcError( $this->post( self::DEFAULT_ROUTE, self::INIT ), 403, -32011, '"read"' );
	}

	public function test_required_capability_is_filterable_per_server(): void {
		$seen = array();
		add_filter(
			'mcp_native_required_capability',
			static function ( $capability, $server_id ) use ( &$seen ) {
				$seen[] = $server_id;
				return 'mcp-adapter-default-server' === $server_id ? 'manage_options' : $capability;
			},
			10,
			2
		);

		$this->set_user( 'editor' );
		$this->assertRpcError( $this->post( self::DEFAULT_ROUTE, self::INIT ), 403, -32011, 'manage_options' );
		$this->assertContains( 'mcp-adapter-default-server', $seen );

		$this->set_user( 'administrator' );
		$this->assertSame( 200, $this->post( self::DEFAULT_ROUTE, self::INIT )->get_status() );
	}

	public function test_invalid_capability_filter_value_falls_back_to_read(): void {
		add_filter( 'mcp_native_required_capability', static fn() => array( 'nonsense' ) );
		$this->set_user( 'subscriber' );
		$this->assertSame( 200, $this->post( self::DEFAULT_ROUTE, self::INIT )->get_status() );
	}

	public function test_capability_is_checked_on_every_request_not_only_initialize(): void {
		$this->set_user( 'editor' );
		$session = $this->initialize();
		add_filter( 'mcp_native_required_capability', static fn() => 'manage_options' );
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'tools/list' ), 403, -32011 );
	}

	// ------------------------------------------------------------------ real HTTP (served site)

	public function test_over_http_application_password_works_and_missing_or_wrong_credentials_get_401_json(): void {
		$ok = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, self::INIT );
		$this->assertSame( 200, $ok['status'], $ok['body'] );
		$this->assertNotEmpty( $ok['headers']['mcp-session-id'] ?? '' );

		$none = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, self::INIT, array(), null );
		$this->assertSame( 401, $none['status'] );
		$this->assertStringStartsWith( 'application/json', $none['headers']['content-type'] ?? '' );
		$this->assertSame( -32010, $none['json']['error']['code'] ?? null, $none['body'] );

		$wrong = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, self::INIT, array(), array( 'admin', 'abcd efgh ijkl mnop qrst uvwx' ) );
		$this->assertSame( 401, $wrong['status'] );
		$this->assertSame( '2.0', $wrong['json']['jsonrpc'] ?? null, $wrong['body'] );
		$this->assertSame( -32010, $wrong['json']['error']['code'] ?? null, $wrong['body'] );
		$this->assertStringNotContainsString( '<', $wrong['body'] );
	}

	public function test_over_http_logged_in_cookie_without_nonce_is_not_authenticated(): void {
		// A cookie that is not a valid auth cookie and no nonce: WordPress treats the request as anonymous.
		$response = $this->http( 'POST', '/wp-json' . self::DEFAULT_ROUTE, self::INIT, array( 'Cookie' => 'wordpress_logged_in_x=admin%7C1%7Cx%7Cx' ), null );
		$this->assertSame( 401, $response['status'], $response['body'] );
		$this->assertSame( -32010, $response['json']['error']['code'] ?? null );
	}
}
