<?php
/**
 * OAuth 2.1 (docs/OAUTH.md), in process on the real WordPress: discovery documents, the resource
 * a URL names, redirect URIs, registration, codes and tokens, the bearer check and its audience,
 * scope on tool calls, consent checks. The HTTP flow with real clients is in tests/e2e/oauth-*.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\OAuth\BearerAuth;
use McpNative\Plugin\OAuth\Clients;
use McpNative\Plugin\OAuth\Consent;
use McpNative\Plugin\OAuth\Grants;
use McpNative\Plugin\OAuth\Metadata;
use McpNative\Plugin\OAuth\Pkce;
use McpNative\Plugin\OAuth\RedirectUris;
use McpNative\Plugin\OAuth\Resources;
use McpNative\Plugin\OAuth\Settings;
use McpNative\Plugin\OAuth\Tokens;
use McpNative\Plugin\OAuth\WellKnown;

require_once __DIR__ . '/AbstractMcpTest.php';

final class OAuthTest extends AbstractMcpTest {

	private const REDIRECT = 'http://127.0.0.1:7777/callback';

	protected function setUp(): void {
		parent::setUp();
		Settings::flush();
		BearerAuth::reset();
		Tokens::forget_cached();
		rest_get_server(); // Our servers are registered on rest_api_init.
	}

	protected function tearDown(): void {
		unset( $_SERVER['HTTP_AUTHORIZATION'] );
		BearerAuth::reset();
		Settings::flush();
		parent::tearDown();
	}

	public function test_authorization_server_metadata_names_every_endpoint_and_only_s256(): void {
		$doc = Metadata::authorization_server();
		$this->assertSame( untrailingslashit( home_url() ), $doc['issuer'] );
		$this->assertSame( array( 'S256' ), $doc['code_challenge_methods_supported'] );
		$this->assertSame( array( 'code' ), $doc['response_types_supported'] );
		$this->assertTrue( $doc['authorization_response_iss_parameter_supported'] );
		$this->assertTrue( $doc['client_id_metadata_document_supported'] );
		foreach ( array( 'authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint' ) as $key ) {
			$this->assertNotFalse( wp_http_validate_url( $doc[ $key ] ), $key );
		}
		$this->assertArrayNotHasKey( 'jwks_uri', $doc );
		$this->assertArrayHasKey( 'jwks_uri', Metadata::authorization_server( true ) );

		update_option( Settings::OPTION, array( 'enabled' => true, 'cimd' => false, 'dcr' => false ) );
		Settings::flush();
		$off = Metadata::authorization_server();
		$this->assertArrayNotHasKey( 'registration_endpoint', $off );
		$this->assertFalse( $off['client_id_metadata_document_supported'] );
	}

	public function test_well_known_paths_name_the_right_document(): void {
		$this->assertSame( array( 'oauth-protected-resource', '/wp-json/mcp/mcp-adapter-default-server' ), WellKnown::match( '/.well-known/oauth-protected-resource/wp-json/mcp/mcp-adapter-default-server' ) );
		$this->assertSame( array( 'oauth-authorization-server', '' ), WellKnown::match( '/.well-known/oauth-authorization-server' ) );
		$this->assertSame( array( 'openid-configuration', '' ), WellKnown::match( '/.well-known/openid-configuration/' ) );
		$this->assertNull( WellKnown::match( '/.well-known/security.txt' ) );
		$this->assertNull( WellKnown::match( '/.well-known/oauth-protected-resourcex' ) );

		$resource = WellKnown::document( 'oauth-protected-resource', '/wp-json/mcp/mcp-adapter-default-server' );
		$this->assertSame( home_url( '/wp-json/mcp/mcp-adapter-default-server' ), $resource['resource'] );
		$this->assertSame( array( untrailingslashit( home_url() ) ), $resource['authorization_servers'] );
		$this->assertSame( $resource['resource'], WellKnown::document( 'oauth-protected-resource', '' )['resource'], 'root form: the default server' );
		$this->assertNull( WellKnown::document( 'oauth-protected-resource', '/wp-json/wp/v2/users' ), 'not an MCP server' );
		$this->assertNull( WellKnown::document( 'oauth-authorization-server', '/elsewhere' ), 'another issuer path' );
		$this->assertSame( untrailingslashit( home_url() ), WellKnown::document( 'openid-configuration', '' )['issuer'] );
	}

	public function test_a_resource_is_matched_by_the_route_it_names_in_every_form_wordpress_answers(): void {
		$route = self::DEFAULT_ROUTE;
		foreach ( array( home_url( '/wp-json' . $route ), home_url( '/index.php?rest_route=' . $route ), home_url( '/?rest_route=' . $route ), home_url( '/wp-json' . $route . '/' ) ) as $url ) {
			$this->assertSame( $route, Resources::route_of_url( $url ), $url );
		}
		foreach ( array( 'http://evil.example/wp-json' . $route, home_url( '/wp-json' . $route ) . '#x', 'http://user@' . wp_parse_url( home_url(), PHP_URL_HOST ) . '/wp-json' . $route, home_url( '/not-rest' . $route ) ) as $url ) {
			$this->assertNull( Resources::route_of_url( $url ), $url );
		}
		$this->assertSame( 'mcp-adapter-default-server', Resources::server_for_resource( home_url( '/wp-json' . $route ) )?->route );
	}

	public function test_redirect_uris_refuse_what_a_browser_would_run_and_non_loopback_http(): void {
		foreach ( array( 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'https://a.example/cb#frag', 'http://a.example/cb', 'https://user:pw@a.example/cb', '/relative', "https://a.example/c\nb", str_repeat( 'a', 2001 ) ) as $bad ) {
			$this->assertNotNull( RedirectUris::problem( $bad ), $bad );
		}
		foreach ( array( 'https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1:33418/cb', 'http://localhost/cb', 'http://[::1]:8080/x', 'cursor://anysphere.cursor-retrieval/oauth/callback' ) as $good ) {
			$this->assertNull( RedirectUris::problem( $good ), $good );
		}
		$client = array( 'redirect_uris' => array( 'http://127.0.0.1/cb', 'https://a.example/cb' ) );
		$this->assertTrue( Clients::redirect_allowed( $client, 'http://127.0.0.1:51234/cb' ), 'loopback: any port (RFC 8252 §7.3)' );
		$this->assertFalse( Clients::redirect_allowed( $client, 'http://127.0.0.1:51234/other' ) );
		$this->assertFalse( Clients::redirect_allowed( $client, 'https://a.example:8443/cb' ), 'https: exact match only' );
		$this->assertFalse( Clients::redirect_allowed( $client, 'https://a.example/cb?x=1' ) );
	}

	public function test_registration_validates_metadata_and_issues_a_secret_only_to_confidential_clients(): void {
		$this->assertWPError( Clients::register( array() ), 'invalid_redirect_uri' );
		$this->assertWPError( Clients::register( array( 'redirect_uris' => array( 'javascript:x' ) ) ), 'invalid_redirect_uri' );
		$this->assertWPError( Clients::register( array( 'redirect_uris' => array_fill( 0, 11, self::REDIRECT ) ) ), 'invalid_redirect_uri' );
		$this->assertWPError( Clients::register( array( 'redirect_uris' => array( self::REDIRECT ), 'token_endpoint_auth_method' => 'private_key_jwt' ) ), 'invalid_client_metadata' );
		$this->assertWPError( Clients::register( array( 'redirect_uris' => array( self::REDIRECT ), 'grant_types' => array( 'password' ) ) ), 'invalid_client_metadata' );

		$public = Clients::register( array( 'redirect_uris' => array( self::REDIRECT ), 'client_name' => '<b>Bot</b>' ) );
		$this->assertArrayNotHasKey( 'client_secret', $public );
		$this->assertSame( 'Bot', $public['client_name'], 'markup stripped' );
		$found = Clients::find( $public['client_id'] );
		$this->assertTrue( Clients::authenticated( $found, null, 'none' ) );
		$this->assertFalse( Clients::authenticated( $found, 'guess', 'client_secret_post' ) );

		$confidential = Clients::register( array( 'redirect_uris' => array( self::REDIRECT ), 'token_endpoint_auth_method' => 'client_secret_post' ) );
		$client       = Clients::find( $confidential['client_id'] );
		$this->assertTrue( Clients::authenticated( $client, $confidential['client_secret'], 'client_secret_post' ) );
		$this->assertFalse( Clients::authenticated( $client, $confidential['client_secret'], 'client_secret_basic' ), 'the method it registered' );
		$this->assertFalse( Clients::authenticated( $client, null, 'none' ) );
		$this->assertFalse( Clients::authenticated( $client, $confidential['client_secret'] . 'x', 'client_secret_post' ) );
	}

	public function test_code_exchange_checks_client_redirect_and_verifier_and_a_code_is_single_use(): void {
		[ $client_id, $code, $verifier ] = $this->authorize( 'mcp:read' );
		$exchange                        = fn( array $over ) => $this->token( $over + array( 'grant_type' => 'authorization_code', 'code' => $code, 'redirect_uri' => self::REDIRECT, 'code_verifier' => $verifier, 'client_id' => $client_id ) );

		$wrong = $exchange( array( 'code_verifier' => str_repeat( 'x', 43 ) ) );
		$this->assertSame( 400, $wrong->get_status() );
		$this->assertSame( 'invalid_grant', $wrong->get_data()['error'] );
		$this->assertSame( 'invalid_grant', $exchange( array() )->get_data()['error'], 'a code is spent by any attempt' );

		[ $client_id, $code, $verifier ] = $this->authorize( 'mcp:read' );
		$this->assertSame( 'invalid_grant', $this->token( array( 'grant_type' => 'authorization_code', 'code' => $code, 'redirect_uri' => 'http://127.0.0.1:7777/other', 'code_verifier' => $verifier, 'client_id' => $client_id ) )->get_data()['error'] );

		[ $client_id, $code, $verifier ] = $this->authorize( 'mcp:read' );
		$ok = $this->token( array( 'grant_type' => 'authorization_code', 'code' => $code, 'redirect_uri' => self::REDIRECT, 'code_verifier' => $verifier, 'client_id' => $client_id ) );
		$this->assertSame( 200, $ok->get_status(), wp_json_encode( $ok->get_data() ) );
		$this->assertSame( 'no-store', $ok->get_headers()['Cache-Control'] );
		$this->assertSame( 'mcp:read', $ok->get_data()['scope'] );
		$this->assertStringStartsWith( Tokens::ACCESS_PREFIX, $ok->get_data()['access_token'] );
		$this->assertNotNull( Tokens::access( $ok->get_data()['access_token'] ) );

		$replay = $this->token( array( 'grant_type' => 'authorization_code', 'code' => $code, 'redirect_uri' => self::REDIRECT, 'code_verifier' => $verifier, 'client_id' => $client_id ) );
		$this->assertSame( 'invalid_grant', $replay->get_data()['error'] );
		Tokens::forget_cached();
		$this->assertNull( Tokens::access( $ok->get_data()['access_token'] ), 'a replayed code revokes what it issued' );
	}

	public function test_the_token_alone_decides_and_only_on_its_own_endpoint_and_site(): void {
		$user   = $this->create_user( 'editor' );
		$tokens = $this->tokens_for( $user, 'mcp:read mcp:write' );
		$this->assertSame( $user, $this->authenticate_as( $tokens['access_token'], '/wp-json' . self::DEFAULT_ROUTE ) );
		$this->assertSame( 0, $this->authenticate_as( $tokens['access_token'], '/wp-json/mcp-native-e2e/mcp' ), 'another MCP server' );
		$this->assertSame( 0, $this->authenticate_as( $tokens['access_token'], '/wp-json/wp/v2/users/me' ), 'an ordinary REST route' );
		$this->assertSame( 0, $this->authenticate_as( $tokens['access_token'], '/wp-admin/' ), 'not REST at all' );
		$this->assertSame( 0, $this->authenticate_as( $tokens['access_token'] . 'x', '/wp-json' . self::DEFAULT_ROUTE ) );
		$this->assertSame( 0, $this->authenticate_as( $tokens['refresh_token'], '/wp-json' . self::DEFAULT_ROUTE ), 'a refresh token is no access token' );

		wp_set_password( 'a new password', $user );
		Tokens::forget_cached();
		$this->assertSame( 0, $this->authenticate_as( $tokens['access_token'], '/wp-json' . self::DEFAULT_ROUTE ), 'after a password change' );
	}

	public function test_refresh_rotates_and_a_spent_refresh_token_revokes_the_grant(): void {
		$user      = $this->create_user( 'editor' );
		$tokens    = $this->tokens_for( $user, 'mcp:read mcp:write' );
		$client_id = Grants::of_user( $user )[0]->client_id;
		$refreshed = $this->token( array( 'grant_type' => 'refresh_token', 'refresh_token' => $tokens['refresh_token'], 'client_id' => $client_id, 'scope' => 'mcp:read' ) );
		$this->assertSame( 200, $refreshed->get_status(), wp_json_encode( $refreshed->get_data() ) );
		$this->assertSame( 'mcp:read', $refreshed->get_data()['scope'], 'narrowed on request' );
		$this->assertNotSame( $tokens['refresh_token'], $refreshed->get_data()['refresh_token'] );

		$wider = $this->token( array( 'grant_type' => 'refresh_token', 'refresh_token' => $refreshed->get_data()['refresh_token'], 'client_id' => $client_id, 'scope' => 'mcp:write' ) );
		$this->assertSame( 200, $wider->get_status(), 'the grant had write: a narrowed token may get it back' );

		$replay = $this->token( array( 'grant_type' => 'refresh_token', 'refresh_token' => $tokens['refresh_token'], 'client_id' => $client_id ) );
		$this->assertSame( 'invalid_grant', $replay->get_data()['error'] );
		$this->assertSame( array(), Grants::of_user( $user ), 'the grant is gone' );
		Tokens::forget_cached();
		$this->assertNull( Tokens::access( $wider->get_data()['access_token'] ) );
	}

	public function test_a_read_token_runs_read_only_abilities_and_gets_a_step_up_challenge_for_others(): void {
		$this->register_test_ability( 'mcpn-test/reader', array( 'meta' => array( 'mcp' => array( 'public' => true ), 'annotations' => array( 'readonly' => true ) ) ) );
		$this->register_test_ability( 'mcpn-test/writer', array( 'meta' => array( 'mcp' => array( 'public' => true ), 'annotations' => array( 'readonly' => false ) ) ) );
		$user   = $this->create_user( 'administrator' );
		$tokens = $this->tokens_for( $user, 'mcp:read' );
		$this->assertSame( $user, $this->authenticate_as( $tokens['access_token'], '/wp-json' . self::DEFAULT_ROUTE ) );
		$session = $this->initialize();

		$read = $this->call_tool( self::DEFAULT_ROUTE, $session, 'mcp-adapter-execute-ability', array( 'ability_name' => 'mcpn-test/reader', 'parameters' => array( 'x' => 1 ) ) );
		$this->assertFalse( $read['isError'] ?? false, wp_json_encode( $read ) );

		$write = $this->request( self::DEFAULT_ROUTE, $session, 'tools/call', array( 'name' => 'mcp-adapter-execute-ability', 'arguments' => array( 'ability_name' => 'mcpn-test/writer', 'parameters' => array( 'x' => 1 ) ) ) );
		$this->assertRpcError( $write, 403, -32011, 'insufficient_scope' );
		$this->assertStringStartsWith( 'Bearer ', $write->get_headers()['WWW-Authenticate'] ?? '' );
		$this->assertStringContainsString( 'error="insufficient_scope"', $write->get_headers()['WWW-Authenticate'] );
		$this->assertStringContainsString( 'resource_metadata="', $write->get_headers()['WWW-Authenticate'] );
	}

	public function test_without_a_token_nothing_is_narrowed_and_401_names_the_metadata(): void {
		$anonymous = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping' ) );
		$this->assertRpcError( $anonymous, 401, -32010 );
		$challenge = $anonymous->get_headers()['WWW-Authenticate'] ?? '';
		$this->assertStringStartsWith( 'Bearer resource_metadata="', $challenge );
		$this->assertStringNotContainsString( 'error=', $challenge, 'no token was sent' );

		update_option( Settings::OPTION, array( 'enabled' => false ) );
		Settings::flush();
		$this->assertStringStartsWith( 'Basic', $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'ping' ) )->get_headers()['WWW-Authenticate'] ?? '' );
	}

	public function test_consent_refuses_unknown_clients_and_foreign_redirects_without_redirecting(): void {
		$user   = get_user_by( 'id', $this->create_user( 'editor' ) );
		$client = Clients::register( array( 'redirect_uris' => array( self::REDIRECT ) ) );
		$params = fn( array $over ) => Consent::params( $over + array( 'response_type' => 'code', 'client_id' => $client['client_id'], 'redirect_uri' => self::REDIRECT, 'code_challenge' => Pkce::challenge( str_repeat( 'v', 43 ) ), 'code_challenge_method' => 'S256' ) );

		$this->assertArrayHasKey( 'fatal', Consent::check( $params( array( 'client_id' => 'nope' ) ), $user ) );
		$this->assertArrayHasKey( 'fatal', Consent::check( $params( array( 'redirect_uri' => 'https://evil.example/cb' ) ), $user ) );
		$this->assertSame( 'invalid_request', Consent::check( $params( array( 'code_challenge_method' => 'plain' ) ), $user )['redirect_error'] ?? null );
		$this->assertSame( 'invalid_request', Consent::check( $params( array( 'code_challenge' => '' ) ), $user )['redirect_error'] ?? null );
		$this->assertSame( 'unsupported_response_type', Consent::check( $params( array( 'response_type' => 'token' ) ), $user )['redirect_error'] ?? null );
		$this->assertSame( 'invalid_target', Consent::check( $params( array( 'resource' => home_url( '/wp-json/wp/v2/posts' ) ) ), $user )['redirect_error'] ?? null );
		$unknown = Consent::check( $params( array( 'scope' => 'read write' ) ), $user );
		$this->assertArrayNotHasKey( 'redirect_error', $unknown, 'unknown scopes are ignored (RFC 6749 §3.3)' );
		$this->assertTrue( $unknown['may_write'], 'nothing known asked for: the user chooses' );
		$this->assertFalse( $unknown['asked_write'], 'and read only is preselected' );
		$ok = Consent::check( $params( array( 'scope' => 'mcp:read' ) ), $user );
		$this->assertSame( 'mcp-adapter-default-server', $ok['server']->route );
		$this->assertFalse( $ok['may_write'], 'a client gets at most what it asked for' );

		$nobody = get_user_by( 'id', $this->create_user( '' ) );
		$this->assertSame( 'access_denied', Consent::check( $params( array() ), $nobody )['redirect_error'] ?? null, 'a user who may not use the server' );
		$this->assertNotSame( Consent::nonce_action( $params( array() ) ), Consent::nonce_action( $params( array( 'redirect_uri' => 'http://127.0.0.1:1/cb' ) ) ), 'the nonce is bound to the request' );
	}

	public function test_metadata_document_urls_must_be_https_paths_and_private_addresses_are_never_fetched(): void {
		foreach ( array( 'https://client.example', 'https://client.example/', 'https://client.example/a/../b', 'https://u:p@client.example/c', 'https://client.example/c#f' ) as $bad ) {
			$this->assertNotNull( RedirectUris::metadata_url_problem( $bad ), $bad );
		}
		$this->assertNull( RedirectUris::metadata_url_problem( 'https://client.example/oauth/metadata.json' ) );
		foreach ( array( 'http://127.0.0.2:8080/client.json', 'http://localhost/client.json', 'http://10.1.2.3/client.json', 'http://[::1]/client.json', 'http://169.254.169.254/latest/meta-data' ) as $private ) {
			$found = Clients::find( $private );
			$this->assertWPError( $found, 'invalid_client' );
			$this->assertStringContainsString( 'private or reserved', $found->get_error_message(), $private );
		}
	}

	// ------------------------------------------------------------------ helpers

	private function assertWPError( mixed $value, string $code ): void {
		$this->assertInstanceOf( \WP_Error::class, $value );
		$this->assertSame( $code, $value->get_error_code(), $value->get_error_message() );
	}

	/**
	 * A registered client, an approved grant for the current test user (an editor) and a code.
	 *
	 * @return array{0: string, 1: string, 2: string} client_id, code, verifier.
	 */
	private function authorize( string $scope, ?int $user_id = null ): array {
		$client   = Clients::register( array( 'redirect_uris' => array( self::REDIRECT ), 'client_name' => 'Test client' ) );
		$user     = get_user_by( 'id', $user_id ?? $this->create_user( 'editor' ) );
		$grant    = Grants::approve( $user, $client['client_id'], 'Test client', '127.0.0.1', self::DEFAULT_ROUTE, home_url( '/wp-json' . self::DEFAULT_ROUTE ), $scope );
		$verifier = wp_generate_password( 64, false );
		$code     = Tokens::issue_code( $grant, array( 'client_id' => $client['client_id'], 'redirect_uri' => self::REDIRECT, 'code_challenge' => Pkce::challenge( $verifier ), 'scope' => $scope ) );
		return array( $client['client_id'], $code, $verifier );
	}

	/** @return array<string, mixed> The token endpoint's answer for a fresh authorization of $user_id. */
	private function tokens_for( int $user_id, string $scope ): array {
		[ $client_id, $code, $verifier ] = $this->authorize( $scope, $user_id );
		$response                        = $this->token( array( 'grant_type' => 'authorization_code', 'code' => $code, 'redirect_uri' => self::REDIRECT, 'code_verifier' => $verifier, 'client_id' => $client_id ) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		return $response->get_data();
	}

	/** @param array<string, string> $params Form parameters. */
	private function token( array $params ): \WP_REST_Response {
		$request = new \WP_REST_Request( 'POST', '/mcp-native/v1/oauth/token' );
		$request->set_header( 'Content-Type', 'application/x-www-form-urlencoded' );
		$request->set_body_params( $params );
		return rest_do_request( $request );
	}

	/** Who WordPress says the request is when it carries this bearer token to $uri (0: nobody). */
	private function authenticate_as( string $token, string $uri ): int {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $token;
		$_SERVER['REQUEST_URI']        = wp_parse_url( home_url(), PHP_URL_PATH ) . $uri;
		BearerAuth::reset();
		Tokens::forget_cached();
		$GLOBALS['current_user'] = null;
		return get_current_user_id();
	}
}
