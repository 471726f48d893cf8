<?php
/**
 * The /.well-known/ discovery URLs, answered before WordPress matches rewrite rules (so on pretty
 * and plain permalinks alike, whenever the web server hands the request to index.php).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\Auth;

/**
 * Accepted forms, for a site at {origin}{home path}:
 *   {home path}/.well-known/{name}{suffix}   (always reaches a WordPress in a subdirectory)
 *   /.well-known/{name}{suffix}              (RFC 8414/9728 path insertion; at a subdirectory
 *                                            install it needs a rule at the host's root)
 * where {name} is oauth-protected-resource (suffix: the resource's path, or none for the
 * default server), oauth-authorization-server or openid-configuration (suffix: none or the
 * issuer's path). On a subdirectory network, a suffix naming a sub-site answers for that site.
 */
final class WellKnown {

	private const NAMES = array( 'oauth-protected-resource', 'oauth-authorization-server', 'openid-configuration' );

	public static function boot(): void {
		add_filter( 'do_parse_request', array( self::class, 'intercept' ), 1 );
	}

	/**
	 * do_parse_request: answers a discovery URL and ends the request; anything else goes on.
	 *
	 * @param bool $parse Whether WordPress should parse the request.
	 */
	public static function intercept( mixed $parse ): mixed {
		$uri  = isset( $_SERVER['REQUEST_URI'] ) ? wp_unslash( $_SERVER['REQUEST_URI'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- matched against fixed names only.
		$path = is_string( $uri ) ? (string) wp_parse_url( $uri, PHP_URL_PATH ) : '';
		if ( ! str_contains( $path, '/.well-known/' ) ) {
			return $parse;
		}
		$found = self::match( rawurldecode( $path ) );
		if ( null === $found ) {
			return $parse;
		}
		[ $name, $suffix ] = $found;
		$switched          = self::switch_to_suffix_site( $suffix );
		// OAuth switched off on the site asked about: a 404, as for any unknown URL.
		$document = Settings::enabled() ? self::document( $name, $suffix ) : null;
		if ( $switched ) {
			restore_current_blog();
			Settings::flush();
		}
		self::send( $document );
		exit;
	}

	/**
	 * The well-known name and suffix of a path, or null.
	 *
	 * @return array{0: string, 1: string}|null
	 */
	public static function match( string $path ): ?array {
		$home_path = Resources::home_path();
		if ( '' !== $home_path && str_starts_with( $path, $home_path . '/.well-known/' ) ) {
			$path = substr( $path, strlen( $home_path ) );
		}
		foreach ( self::NAMES as $name ) {
			$prefix = '/.well-known/' . $name;
			if ( $path === $prefix || str_starts_with( $path, $prefix . '/' ) ) {
				return array( $name, rtrim( substr( $path, strlen( $prefix ) ), '/' ) );
			}
		}
		return null;
	}

	/**
	 * The document a name and suffix ask for on the current site, or null (404).
	 *
	 * @return array<string, mixed>|null
	 */
	public static function document( string $name, string $suffix ): ?array {
		$home_path = Resources::home_path();
		if ( 'oauth-protected-resource' !== $name ) {
			return ( '' === $suffix || $suffix === $home_path ) ? Metadata::authorization_server( 'openid-configuration' === $name ) : null;
		}
		if ( '' === $suffix ) {
			$server = Resources::default_server();
			return null === $server ? null : Metadata::resource( $server, Resources::resource_of( $server ) );
		}
		// The suffix is the resource's path from the host's root, or (home-relative form) from home.
		$origin = (string) Auth::normalize_origin( home_url() );
		foreach ( array( $origin . $suffix, Resources::issuer() . $suffix ) as $resource ) {
			$server = Resources::server_for_resource( $resource );
			if ( null !== $server ) {
				return Metadata::resource( $server, $resource );
			}
		}
		return null;
	}

	/**
	 * On a network, the site a suffix's path belongs to when it is not the current one (a request
	 * for /.well-known/…/two/… arrives at the main site): switches to it; false when nothing changed.
	 */
	private static function switch_to_suffix_site( string $suffix ): bool {
		if ( ! is_multisite() || '' === $suffix ) {
			return false;
		}
		// A network's domain keeps its port (localhost:8888), as WordPress stores it.
		$home = wp_parse_url( home_url() );
		$host = ( $home['host'] ?? '' ) . ( isset( $home['port'] ) ? ':' . $home['port'] : '' );
		$site = get_site_by_path( $host, $suffix . '/' );
		if ( ! $site instanceof \WP_Site || (int) $site->blog_id === get_current_blog_id() ) {
			return false;
		}
		switch_to_blog( (int) $site->blog_id );
		Settings::flush();
		return true;
	}

	/**
	 * Sends a document (or a 404) as JSON any origin may read.
	 *
	 * @param array<string, mixed>|null $document The document.
	 */
	private static function send( ?array $document ): void {
		nocache_headers();
		header( 'Access-Control-Allow-Origin: *' );
		header( 'Access-Control-Allow-Methods: GET, OPTIONS' );
		header( 'Access-Control-Allow-Headers: MCP-Protocol-Version' );
		header( 'Content-Type: application/json; charset=utf-8' );
		header( 'X-Content-Type-Options: nosniff' );
		status_header( null === $document ? 404 : 200 );
		echo wp_json_encode( $document ?? array( 'error' => 'not_found' ), JSON_UNESCAPED_SLASHES ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON.
	}
}
