<?php
/**
 * The OAuth REST routes: token, revocation, registration, the REST form of the protected
 * resource metadata, and the empty key set the OpenID document names.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

final class Endpoints {

	public const MAX_REGISTRATION_BYTES = 16384;
	public const REGISTRATIONS_PER_HOUR = 20;

	public static function boot(): void {
		add_action( 'rest_api_init', array( self::class, 'register_routes' ) );
		add_filter( 'rest_authentication_errors', array( self::class, 'no_user_authentication' ), 100 );
	}

	public static function register_routes(): void {
		if ( ! Settings::enabled() ) {
			return;
		}
		$ns     = Metadata::REST_NAMESPACE;
		$public = '__return_true'; // Client authentication is OAuth's own, checked by each endpoint.
		register_rest_route( $ns, '/oauth/authorize', array( 'methods' => 'GET', 'callback' => array( self::class, 'authorize' ), 'permission_callback' => $public ) );
		register_rest_route( $ns, '/oauth/token', array( 'methods' => 'POST', 'callback' => array( TokenEndpoint::class, 'token' ), 'permission_callback' => $public ) );
		register_rest_route( $ns, '/oauth/revoke', array( 'methods' => 'POST', 'callback' => array( TokenEndpoint::class, 'revoke' ), 'permission_callback' => $public ) );
		register_rest_route( $ns, '/oauth/register', array( 'methods' => 'POST', 'callback' => array( self::class, 'register' ), 'permission_callback' => $public ) );
		register_rest_route( $ns, '/oauth/jwks', array( 'methods' => 'GET', 'callback' => static fn() => new \WP_REST_Response( array( 'keys' => array() ) ), 'permission_callback' => $public ) );
		register_rest_route(
			$ns,
			'/oauth-protected-resource/(?P<route>.+)',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'resource_metadata' ),
				'permission_callback' => $public,
			)
		);
	}

	/**
	 * rest_authentication_errors: the OAuth routes authenticate clients, not users, so a failed
	 * application-password check on their `Authorization: Basic client:secret` (WordPress reads
	 * every Basic header as one) must not refuse them.
	 *
	 * @param mixed $result Error so far.
	 */
	public static function no_user_authentication( mixed $result ): mixed {
		$route = Resources::current_route();
		return ( null !== $route && str_starts_with( $route, '/' . Metadata::REST_NAMESPACE . '/oauth' ) ) ? null : $result;
	}

	/**
	 * GET …/oauth/authorize: the authorization endpoint as the metadata names it. A URL without a
	 * query of its own (on pretty permalinks), because clients append theirs with a bare "?" (the
	 * conformance suite does); it sends the browser on to the consent screen with the OAuth
	 * parameters only.
	 */
	public static function authorize( \WP_REST_Request $request ): \WP_REST_Response {
		$params   = array_filter( Consent::params( $request->get_query_params(), false ), static fn( string $v ) => '' !== $v );
		$response = new \WP_REST_Response( null, 302 );
		$response->header( 'Location', Consent::url() . '&' . http_build_query( $params, '', '&', PHP_QUERY_RFC3986 ) );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/** POST …/oauth/register (RFC 7591). */
	public static function register( \WP_REST_Request $request ): \WP_REST_Response {
		if ( ! Settings::get()['dcr'] ) {
			return TokenEndpoint::error_json( 'access_denied', 'Dynamic client registration is switched off on this site.', 403 );
		}
		$keys = array( 'register-ip:' . RateLimit::client_ip() );
		$wait = RateLimit::retry_after( $keys, self::REGISTRATIONS_PER_HOUR );
		if ( $wait > 0 ) {
			return TokenEndpoint::too_many( $wait, 'Too many registrations from this address; retry later.' );
		}
		$body = (string) $request->get_body();
		if ( strlen( $body ) > self::MAX_REGISTRATION_BYTES ) {
			return TokenEndpoint::error_json( 'invalid_client_metadata', 'The registration request is larger than ' . self::MAX_REGISTRATION_BYTES . ' bytes.', 413 );
		}
		$metadata = json_decode( $body, true, 16 );
		if ( ! is_array( $metadata ) || array_is_list( $metadata ) && array() !== $metadata ) {
			return TokenEndpoint::error_json( 'invalid_client_metadata', 'The body must be a JSON object.', 400 );
		}
		RateLimit::hit( $keys, HOUR_IN_SECONDS );
		$client = Clients::register( $metadata );
		if ( is_wp_error( $client ) ) {
			return TokenEndpoint::error_json( (string) $client->get_error_code(), $client->get_error_message(), 400 );
		}
		return TokenEndpoint::json( $client, 201 );
	}

	/** GET …/oauth-protected-resource/{namespace}/{route}. */
	public static function resource_metadata( \WP_REST_Request $request ): \WP_REST_Response {
		$server = Resources::servers()[ '/' . trim( (string) $request['route'], '/' ) ] ?? null;
		if ( null === $server ) {
			return new \WP_REST_Response( array( 'error' => 'not_found' ), 404 );
		}
		$response = new \WP_REST_Response( Metadata::resource( $server, Resources::resource_of( $server ) ) );
		$response->header( 'Access-Control-Allow-Origin', '*' );
		return $response;
	}
}
