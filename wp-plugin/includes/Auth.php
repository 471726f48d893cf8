<?php
/**
 * Who may talk to an MCP endpoint.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;

/**
 * Authentication is WordPress's own (application passwords over Basic auth, or the logged-in
 * cookie with a REST nonce; WordPress resolves both before our code runs). On top of it:
 * the Origin check (DNS-rebinding protection required by the MCP transport spec) and a
 * filterable capability.
 */
final class Auth {

	/**
	 * Checks a request against a server's access rules.
	 *
	 * @return JsonRpcError|null Null when the request may proceed.
	 */
	public static function check( \WP_REST_Request $request, Server $server ): ?JsonRpcError {
		$origin = $request->get_header( 'origin' );
		if ( null !== $origin && '' !== $origin && ! self::is_allowed_origin( $origin, $server ) ) {
			return ErrorFactory::forbidden( 'Forbidden: Origin not allowed: ' . $origin );
		}

		/**
		 * Decides whether a request may use a server before the login and capability checks
		 * (the adapter API's transport permission callbacks, AdapterApi): true allows it, false
		 * refuses it, null leaves it to those checks.
		 *
		 * @param bool|null        $allowed Null.
		 * @param \WP_REST_Request $request The request.
		 * @param Server           $server  The server.
		 */
		$allowed = apply_filters( 'mcp_native_transport_permission', null, $request, $server );
		if ( is_bool( $allowed ) ) {
			return $allowed ? null : ( is_user_logged_in() ? ErrorFactory::forbidden( 'Forbidden: the server\'s permission callback refused the request' ) : ErrorFactory::unauthorized() );
		}

		if ( ! is_user_logged_in() ) {
			return ErrorFactory::unauthorized();
		}

		$capability = self::required_capability( $server );
		if ( ! current_user_can( $capability ) ) {
			return ErrorFactory::forbidden( sprintf( 'Forbidden: the current user lacks the "%s" capability', $capability ) );
		}
		return null;
	}

	/**
	 * The capability a user needs to use a server.
	 */
	public static function required_capability( Server $server ): string {
		/**
		 * Filters the capability required to use an MCP server.
		 *
		 * @param string $capability Default 'read'.
		 * @param string $server_id  Server id.
		 * @param Server $server     The server.
		 */
		$capability = apply_filters( 'mcp_native_required_capability', 'read', $server->id, $server );
		return ( is_string( $capability ) && '' !== trim( $capability ) ) ? trim( $capability ) : 'read';
	}

	/**
	 * Whether a browser Origin may call the endpoint: the site's own origins by default.
	 */
	public static function is_allowed_origin( string $origin, Server $server ): bool {
		// An Origin is scheme://host[:port] and nothing else (RFC 6454): userinfo, a path, a
		// query or a fragment ("http://evil@site") never come from a browser and are refused.
		$parts = wp_parse_url( trim( $origin ) );
		if ( ! is_array( $parts ) || isset( $parts['user'] ) || isset( $parts['pass'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] )
			|| ( isset( $parts['path'] ) && '' !== $parts['path'] && '/' !== $parts['path'] ) ) {
			return false;
		}
		$normalized = self::normalize_origin( $origin );
		$allowed    = array();
		foreach ( array( home_url(), site_url(), rest_url() ) as $url ) {
			$candidate = self::normalize_origin( $url );
			if ( null !== $candidate ) {
				$allowed[] = $candidate;
			}
		}
		/**
		 * Filters the origins (scheme://host[:port]) allowed to call an MCP endpoint from a browser.
		 * Requests without an Origin header (non-browser clients) are always allowed.
		 *
		 * @param string[] $allowed   Allowed origins.
		 * @param string   $origin    The Origin header received.
		 * @param string   $server_id Server id.
		 */
		$allowed = apply_filters( 'mcp_native_allowed_origins', array_values( array_unique( $allowed ) ), $origin, $server->id );
		if ( ! is_array( $allowed ) ) {
			return false;
		}
		foreach ( $allowed as $candidate ) {
			if ( ! is_string( $candidate ) ) {
				continue;
			}
			if ( '*' === $candidate ) {
				return true;
			}
			if ( null !== $normalized && self::normalize_origin( $candidate ) === $normalized ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * scheme://host[:port] in lower case, default ports removed; null when unparsable.
	 */
	public static function normalize_origin( string $url ): ?string {
		$parts = wp_parse_url( trim( $url ) );
		if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] );
		$host   = strtolower( $parts['host'] );
		$port   = isset( $parts['port'] ) ? (int) $parts['port'] : null;
		if ( ( 'http' === $scheme && 80 === $port ) || ( 'https' === $scheme && 443 === $port ) ) {
			$port = null;
		}
		return $scheme . '://' . $host . ( null !== $port ? ':' . $port : '' );
	}
}
