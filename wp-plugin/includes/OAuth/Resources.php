<?php
/**
 * Which MCP server a resource URL names, and which REST route a request is for.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\Auth;
use McpNative\Plugin\DefaultServer;
use McpNative\Plugin\Plugin;
use McpNative\Plugin\Server;

/**
 * A server's resource identifier (RFC 8707) is its REST URL as rest_url() writes it. Clients may
 * reach the same endpoint through the other forms WordPress answers at (`/wp-json/…`,
 * `/index.php?rest_route=/…`, `/?rest_route=/…`), so a resource is matched by the REST route it
 * names on this site's host, not by string equality. A token is bound to that route and site.
 */
final class Resources {

	/** The path of this site's home URL without its trailing slash ('' at the host's root). */
	public static function home_path(): string {
		return rtrim( (string) wp_parse_url( home_url(), PHP_URL_PATH ), '/' );
	}

	/** The issuer: this site's home URL, without a trailing slash. */
	public static function issuer(): string {
		return untrailingslashit( home_url() );
	}

	/**
	 * Every server of this site (builds the REST server, and so our registry, when asked from
	 * wp-admin before any REST request).
	 *
	 * @return array<string, Server> By REST route.
	 */
	public static function servers(): array {
		if ( null === Plugin::registry() && function_exists( 'rest_get_server' ) ) {
			rest_get_server();
		}
		$servers = array();
		foreach ( Plugin::registry()?->get_servers() ?? array() as $server ) {
			$servers[ $server->rest_route() ] = $server;
		}
		return $servers;
	}

	/** The server the root well-known document and a resource-less request name. */
	public static function default_server(): ?Server {
		$servers = self::servers();
		foreach ( $servers as $server ) {
			if ( DefaultServer::ID === $server->id ) {
				return $server;
			}
		}
		return array() === $servers ? null : reset( $servers );
	}

	/** The server a resource URL names on this site, or null. */
	public static function server_for_resource( string $resource ): ?Server {
		$route = self::route_of_url( $resource );
		return null === $route ? null : ( self::servers()[ $route ] ?? null );
	}

	/**
	 * The REST route a URL of this site names ("/namespace/route"), or null when it is another
	 * host, not a REST URL, or carries a fragment or user info.
	 */
	public static function route_of_url( string $url ): ?string {
		$parts = wp_parse_url( trim( $url ) );
		if ( ! is_array( $parts ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) || isset( $parts['pass'] )
			|| empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
			return null;
		}
		if ( Auth::normalize_origin( $url ) !== Auth::normalize_origin( home_url() ) ) {
			return null;
		}
		parse_str( $parts['query'] ?? '', $query );
		return self::route_of( $parts['path'] ?? '/', is_string( $query['rest_route'] ?? null ) ? $query['rest_route'] : null );
	}

	/**
	 * The REST route of the current HTTP request, read from the request itself (the filter that
	 * authenticates runs before WordPress has parsed it), or null when it is no REST request.
	 */
	public static function current_route(): ?string {
		$route = $GLOBALS['wp']->query_vars['rest_route'] ?? null;
		if ( is_string( $route ) && '' !== $route ) {
			return '/' . trim( $route, '/' );
		}
		$uri   = isset( $_SERVER['REQUEST_URI'] ) ? wp_unslash( $_SERVER['REQUEST_URI'] ) : '/'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- parsed, compared only.
		$path  = (string) wp_parse_url( is_string( $uri ) ? $uri : '/', PHP_URL_PATH );
		$query = isset( $_GET['rest_route'] ) && is_string( $_GET['rest_route'] ) ? wp_unslash( $_GET['rest_route'] ) : null; // phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared only.
		return self::route_of( $path, $query );
	}

	/**
	 * The REST route of a path (under this site's REST prefix) or of a rest_route query value.
	 */
	private static function route_of( string $path, ?string $rest_route ): ?string {
		$home_path = self::home_path();
		$path      = rawurldecode( $path );
		if ( null !== $rest_route && in_array( $path, array( $home_path . '/', $home_path . '/index.php', $home_path ), true ) ) {
			$route = $rest_route;
		} else {
			$prefix = $home_path . '/' . trim( rest_get_url_prefix(), '/' ) . '/';
			if ( ! str_starts_with( $path, $prefix ) ) {
				$prefix = $home_path . '/index.php/' . trim( rest_get_url_prefix(), '/' ) . '/';
				if ( ! str_starts_with( $path, $prefix ) ) {
					return null;
				}
			}
			$route = substr( $path, strlen( $prefix ) );
		}
		$route = '/' . trim( $route, '/' );
		return '/' === $route ? null : $route;
	}

	/** The resource identifier of a server: its REST URL. */
	public static function resource_of( Server $server ): string {
		return $server->url();
	}

	/**
	 * Where a client reads a server's protected resource metadata: the path-suffixed well-known
	 * URL (RFC 9728 §3.1) when that reaches WordPress for certain (pretty permalinks, WordPress at
	 * the host's root), else the REST form, which always does.
	 */
	public static function metadata_url( Server $server ): string {
		if ( '' === self::home_path() && '' !== (string) get_option( 'permalink_structure' ) ) {
			$path = (string) wp_parse_url( self::resource_of( $server ), PHP_URL_PATH );
			return Auth::normalize_origin( home_url() ) . '/.well-known/oauth-protected-resource' . $path;
		}
		return rest_url( 'mcp-native/v1/oauth-protected-resource' . $server->rest_route() );
	}
}
