<?php
/**
 * Bearer tokens on MCP endpoints: who the request is, and the challenge when it is nobody.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\Server;

/**
 * On `determine_current_user`, after WordPress's cookie and application-password checks: an
 * `Authorization: Bearer mcpn_at_…` header decides alone; it logs its user in only on the REST
 * route and site its grant names (RFC 8707 audience binding); everywhere else it is refused,
 * never taken as a login.
 * A request without such a header pays one header read.
 */
final class BearerAuth {

	public const INVALID = 'invalid_token';

	private static ?AccessToken $current = null;

	/** Null: no token of ours was sent; else '' (accepted) or why it was refused. */
	private static ?string $outcome = null;

	public static function boot(): void {
		add_filter( 'determine_current_user', array( self::class, 'authenticate' ), 30 );
		add_filter( 'rest_authentication_errors', array( self::class, 'refuse_elsewhere' ), 99 );
	}

	/**
	 * determine_current_user.
	 *
	 * @param int|false $user_id User found so far.
	 * @return int|false
	 */
	public static function authenticate( mixed $user_id ): mixed {
		$value = self::presented();
		if ( null === $value ) {
			return $user_id;
		}
		// The token alone decides: a login cookie sent beside it (a browser-based client on the
		// site's own domain) neither adds to nor replaces what the token grants.
		self::$current = null;
		self::$outcome = self::INVALID;
		$found         = Settings::enabled() ? Tokens::access( $value ) : null;
		if ( null === $found ) {
			return false;
		}
		[ $grant, $data ] = $found;
		if ( $grant->blog_id !== get_current_blog_id() || Resources::current_route() !== $grant->server_route ) {
			self::$outcome = 'wrong_resource';
			return false;
		}
		$user = Grants::still_valid( $grant );
		if ( null === $user ) {
			return false;
		}
		Grants::touch( $grant );
		self::$current = new AccessToken( $grant, is_string( $data['scope'] ?? null ) ? $data['scope'] : $grant->scope );
		self::$outcome = '';
		return $user->ID;
	}

	/**
	 * rest_authentication_errors (99): a request our token authenticated is authenticated; our
	 * token on a REST route it was not issued for is an error (MCP endpoints answer that
	 * themselves, with their challenge).
	 *
	 * @param mixed $result Error so far.
	 */
	public static function refuse_elsewhere( mixed $result ): mixed {
		if ( null === self::presented() || is_wp_error( $result ) ) {
			return $result;
		}
		if ( '' === self::$outcome ) {
			// Authenticated by the token: WordPress's cookie check (next, at 100) must not log the
			// request out because a cookie without a nonce came along.
			return true;
		}
		$route = Resources::current_route();
		if ( null !== $route && isset( Resources::servers()[ $route ] ) ) {
			return $result;
		}
		return new \WP_Error( 'mcp_native_oauth_wrong_resource', 'This access token was issued for an MCP endpoint and is not accepted here.', array( 'status' => 401 ) );
	}

	/** The token that authenticated this request, or null. */
	public static function current(): ?AccessToken {
		return self::$current;
	}

	/**
	 * The value of an `Authorization: Bearer` header carrying one of our access tokens, or null.
	 */
	public static function presented(): ?string {
		$header = $_SERVER['HTTP_AUTHORIZATION'] ?? $_SERVER['REDIRECT_HTTP_AUTHORIZATION'] ?? null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
		if ( ! is_string( $header ) || strncasecmp( $header, 'Bearer ', 7 ) !== 0 ) {
			return null;
		}
		$value = trim( substr( $header, 7 ) );
		return str_starts_with( $value, Tokens::ACCESS_PREFIX ) ? $value : null;
	}

	/**
	 * The WWW-Authenticate value for a 401 or 403 of an MCP endpoint: a Bearer challenge naming
	 * the server's resource metadata (RFC 9728 §5.1) when OAuth is on, else Basic as before.
	 *
	 * @param string|null $error RFC 6750 error code (insufficient_scope), else invalid_token when a token was refused.
	 */
	public static function challenge( Server $server, ?string $error = null ): string {
		if ( ! Settings::enabled() ) {
			return 'Basic realm="WordPress MCP"';
		}
		$error ??= ( null !== self::$outcome && '' !== self::$outcome ) ? self::INVALID : null;
		$params  = array( 'resource_metadata="' . Resources::metadata_url( $server ) . '"', 'scope="' . implode( ' ', Scope::all() ) . '"' );
		if ( null !== $error ) {
			$params[] = 'error="' . $error . '"';
		}
		return 'Bearer ' . implode( ', ', $params );
	}

	/** Tests: forget the request's outcome. */
	public static function reset(): void {
		self::$current = null;
		self::$outcome = null;
	}
}
