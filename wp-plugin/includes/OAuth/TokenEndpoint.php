<?php
/**
 * The token endpoint (authorization code with PKCE, refresh token) and revocation (RFC 7009).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * Form-encoded POSTs. Every failure is an RFC 6749 §5.2 error body and counts toward the
 * per-address and per-client limit (30 in 5 minutes), after which the endpoint answers 429
 * with Retry-After until the window ends.
 */
final class TokenEndpoint {

	public const FAILURE_LIMIT  = 30;
	public const FAILURE_WINDOW = 300;

	/** POST …/oauth/token. */
	public static function token( \WP_REST_Request $request ): \WP_REST_Response {
		$params = self::params( $request );
		[ $client_id, $secret, $method ] = self::client_credentials( $request, $params );
		$limited                         = self::limited( $client_id );
		if ( null !== $limited ) {
			return $limited;
		}
		$grant_type = $params['grant_type'] ?? '';
		$answer     = match ( $grant_type ) {
			'authorization_code' => self::client_then( $client_id, $secret, $method, static fn( array $client ) => self::exchange_code( $client, $params ) ),
			'refresh_token'      => self::client_then( $client_id, $secret, $method, static fn( array $client ) => self::refresh( $client, $params ) ),
			default              => Clients::error( 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.' ),
		};
		if ( is_wp_error( $answer ) ) {
			RateLimit::hit( self::limit_keys( $client_id ), self::FAILURE_WINDOW );
			return self::error_response( $answer, 'client_secret_basic' === $method );
		}
		return self::json( $answer, 200 );
	}

	/** POST …/oauth/revoke: 200 whatever the token was (RFC 7009 §2.2), once the client is known. */
	public static function revoke( \WP_REST_Request $request ): \WP_REST_Response {
		$params = self::params( $request );
		[ $client_id, $secret, $method ] = self::client_credentials( $request, $params );
		$limited                         = self::limited( $client_id );
		if ( null !== $limited ) {
			return $limited;
		}
		$answer = self::client_then(
			$client_id,
			$secret,
			$method,
			static function ( array $client ) use ( $params ) {
				$token = $params['token'] ?? '';
				if ( '' === $token ) {
					return Clients::error( 'invalid_request', 'token is required.' );
				}
				Tokens::revoke( $token, $client['client_id'] );
				return array();
			}
		);
		if ( is_wp_error( $answer ) ) {
			RateLimit::hit( self::limit_keys( $client_id ), self::FAILURE_WINDOW );
			return self::error_response( $answer, 'client_secret_basic' === $method );
		}
		return self::json( null, 200 );
	}

	/**
	 * authorization_code: the code spent, then checked against everything it was bound to.
	 *
	 * @param array<string, mixed>  $client Client.
	 * @param array<string, string> $params Request parameters.
	 * @return array<string, mixed>|\WP_Error
	 */
	private static function exchange_code( array $client, array $params ): array|\WP_Error {
		foreach ( array( 'code', 'redirect_uri', 'code_verifier' ) as $required ) {
			if ( '' === ( $params[ $required ] ?? '' ) ) {
				return Clients::error( 'invalid_request', $required . ' is required.' );
			}
		}
		$spent = Tokens::spend( $params['code'], 'code' );
		if ( null === $spent ) {
			return Clients::error( 'invalid_grant', 'The authorization code is unknown, expired or already used.' );
		}
		[ $grant, $binding ] = $spent;
		$verifier            = $params['code_verifier'];
		$problem             = match ( true ) {
			! hash_equals( (string) ( $binding['client_id'] ?? '' ), $client['client_id'] ) => 'The authorization code was issued to another client.',
			( $binding['redirect_uri'] ?? null ) !== $params['redirect_uri'] => 'redirect_uri differs from the one of the authorization request.',
			1 !== preg_match( '/^[A-Za-z0-9\-._~]{43,128}$/', $verifier ) => 'code_verifier must be 43 to 128 unreserved characters.',
			! hash_equals( (string) ( $binding['code_challenge'] ?? '' ), Pkce::challenge( $verifier ) ) => 'code_verifier does not match the code_challenge.',
			default => null,
		};
		if ( null !== $problem ) {
			return Clients::error( 'invalid_grant', $problem );
		}
		return self::issue( $grant, (string) ( $binding['scope'] ?? $grant->scope ), $params );
	}

	/**
	 * refresh_token: rotated; the new pair may narrow the scope, never beyond the grant's.
	 *
	 * @param array<string, mixed>  $client Client.
	 * @param array<string, string> $params Request parameters.
	 * @return array<string, mixed>|\WP_Error
	 */
	private static function refresh( array $client, array $params ): array|\WP_Error {
		if ( '' === ( $params['refresh_token'] ?? '' ) ) {
			return Clients::error( 'invalid_request', 'refresh_token is required.' );
		}
		$spent = Tokens::spend( $params['refresh_token'], 'refresh' );
		if ( null === $spent || ! hash_equals( $spent[0]->client_id, $client['client_id'] ) ) {
			return Clients::error( 'invalid_grant', 'The refresh token is unknown, expired, revoked or already used.' );
		}
		[ $grant, $binding ] = $spent;
		$scope               = (string) ( $binding['scope'] ?? $grant->scope );
		if ( '' !== ( $params['scope'] ?? '' ) ) {
			// RFC 6749 §6: at most what the user granted (a narrowed token may get it back).
			$scope = Scope::normalize( $params['scope'] );
			if ( '' === $scope || ( Scope::covers_write( $scope ) && ! Scope::covers_write( $grant->scope ) ) ) {
				return Clients::error( 'invalid_scope', 'A refreshed token cannot have more scope than its grant.' );
			}
		}
		return self::issue( $grant, $scope, $params );
	}

	/**
	 * A token pair, once the grant's user and the resource asked for check out.
	 *
	 * @param array<string, string> $params Request parameters.
	 * @return array<string, mixed>|\WP_Error
	 */
	private static function issue( Grant $grant, string $scope, array $params ): array|\WP_Error {
		if ( $grant->blog_id !== get_current_blog_id() ) {
			return Clients::error( 'invalid_grant', 'The grant belongs to another site.' );
		}
		if ( null === Grants::still_valid( $grant ) ) {
			Grants::revoke( $grant->id );
			return Clients::error( 'invalid_grant', 'The user of this grant changed their password or no longer exists.' );
		}
		$resource = $params['resource'] ?? '';
		if ( '' !== $resource && Resources::server_for_resource( $resource )?->rest_route() !== $grant->server_route ) {
			return Clients::error( 'invalid_target', 'The resource is not the MCP server this grant was made for.' );
		}
		return Tokens::issue_pair( $grant, $scope );
	}

	/**
	 * Finds and authenticates the client, then runs $then.
	 *
	 * @return array<string, mixed>|\WP_Error
	 */
	private static function client_then( string $client_id, ?string $secret, string $method, \Closure $then ): array|\WP_Error {
		if ( '' === $client_id ) {
			return Clients::error( 'invalid_request', 'client_id is required.' );
		}
		$client = Clients::find( $client_id );
		if ( is_wp_error( $client ) || ! Clients::authenticated( $client, $secret, $method ) ) {
			return Clients::error( 'invalid_client', 'Client authentication failed.', 401 );
		}
		return $then( $client );
	}

	/**
	 * The client's id, secret and how it sent them: HTTP Basic (RFC 6749 §2.3.1, form-encoded
	 * parts), the body, or nothing (public client).
	 *
	 * @param array<string, string> $params Request parameters.
	 * @return array{0: string, 1: string|null, 2: string}
	 */
	private static function client_credentials( \WP_REST_Request $request, array $params ): array {
		$header = (string) $request->get_header( 'authorization' );
		if ( 0 === strncasecmp( $header, 'Basic ', 6 ) ) {
			$decoded = base64_decode( trim( substr( $header, 6 ) ), true );
			if ( is_string( $decoded ) && str_contains( $decoded, ':' ) ) {
				[ $id, $secret ] = explode( ':', $decoded, 2 );
				return array( urldecode( $id ), urldecode( $secret ), 'client_secret_basic' );
			}
		}
		$client_id = $params['client_id'] ?? '';
		if ( isset( $params['client_secret'] ) ) {
			return array( $client_id, $params['client_secret'], 'client_secret_post' );
		}
		return array( $client_id, null, 'none' );
	}

	/**
	 * The form parameters, strings only (a repeated or array-valued parameter is dropped).
	 *
	 * @return array<string, string>
	 */
	private static function params( \WP_REST_Request $request ): array {
		$params = array();
		foreach ( (array) $request->get_body_params() as $key => $value ) {
			if ( is_string( $key ) && is_string( $value ) && strlen( $value ) <= 4096 ) {
				$params[ $key ] = $value;
			}
		}
		return $params;
	}

	/** 429 when this address or client failed too often. */
	private static function limited( string $client_id ): ?\WP_REST_Response {
		$wait = RateLimit::retry_after( self::limit_keys( $client_id ), self::FAILURE_LIMIT );
		if ( 0 === $wait ) {
			return null;
		}
		return self::too_many( $wait, 'Too many failed requests; retry later.' );
	}

	/**
	 * Failures count per address, and per client from that address: a client id is public (a
	 * metadata document's is its URL), so counting per client alone would let anyone lock a
	 * client out by failing in its name.
	 *
	 * @return list<string>
	 */
	private static function limit_keys( string $client_id ): array {
		$ip   = RateLimit::client_ip();
		$keys = array( 'token-ip:' . $ip );
		if ( '' !== $client_id ) {
			$keys[] = 'token-client:' . get_current_blog_id() . ':' . $ip . ':' . $client_id;
		}
		return $keys;
	}

	private static function error_response( \WP_Error $error, bool $basic ): \WP_REST_Response {
		$status   = (int) ( $error->get_error_data()['status'] ?? 400 );
		$response = self::error_json( (string) $error->get_error_code(), $error->get_error_message(), $status );
		if ( 401 === $status && $basic ) {
			$response->header( 'WWW-Authenticate', 'Basic realm="' . Resources::issuer() . '"' );
		}
		return $response;
	}

	/** An OAuth error body (RFC 6749 §5.2, RFC 7591 §3.2.2), never cached. */
	public static function error_json( string $code, string $description, int $status ): \WP_REST_Response {
		return self::json( array( 'error' => $code, 'error_description' => $description ), $status );
	}

	/** 429 with the seconds until the limit's window reopens. */
	public static function too_many( int $wait, string $description ): \WP_REST_Response {
		$response = self::error_json( 'invalid_request', $description, 429 );
		$response->header( 'Retry-After', (string) $wait );
		return $response;
	}

	/** A JSON answer never cached (RFC 6749 §5.1). */
	public static function json( mixed $data, int $status ): \WP_REST_Response {
		$response = new \WP_REST_Response( $data, $status );
		$response->header( 'Cache-Control', 'no-store' );
		$response->header( 'Pragma', 'no-cache' );
		return $response;
	}
}
