<?php
/**
 * Which redirect URIs and client metadata URLs a client may use.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * Redirect URIs (OAuth 2.1 §2.3.1, RFC 8252): absolute, no fragment, no user info; `https`, or
 * `http` on a loopback host only, or a private-use scheme of a native app (`cursor://…`,
 * `com.example.app:/cb`); never a scheme a browser would run or read locally.
 */
final class RedirectUris {

	public const MAX_LENGTH = 2000;

	private const FORBIDDEN_SCHEMES = array( 'javascript', 'data', 'file', 'vbscript', 'about', 'blob', 'filesystem', 'ftp', 'ws', 'wss', 'mailto', 'tel', 'chrome', 'view-source' );

	/** Why a URI cannot be a redirect URI, or null. */
	public static function problem( string $uri ): ?string {
		if ( '' === $uri || strlen( $uri ) > self::MAX_LENGTH || 1 === preg_match( '/[\x00-\x20\x7f]/', $uri ) ) {
			return 'a redirect URI must be a non-empty URI of at most ' . self::MAX_LENGTH . ' bytes without spaces or control characters';
		}
		if ( str_contains( $uri, '#' ) ) {
			return 'a redirect URI must not contain a fragment';
		}
		if ( 1 !== preg_match( '/^([a-z][a-z0-9+.\-]*):/i', $uri, $m ) ) {
			return 'a redirect URI must be absolute';
		}
		$scheme = strtolower( $m[1] );
		if ( in_array( $scheme, self::FORBIDDEN_SCHEMES, true ) ) {
			return sprintf( 'the scheme "%s" is not allowed in a redirect URI', $scheme );
		}
		if ( 'https' !== $scheme && 'http' !== $scheme ) {
			return null; // A native app's private-use scheme (RFC 8252 §7.1).
		}
		$parts = wp_parse_url( $uri );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return 'a redirect URI must name a host';
		}
		if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return 'a redirect URI must not contain user information';
		}
		if ( 'http' === $scheme && ! self::is_loopback( $uri ) ) {
			return 'an http redirect URI must be a loopback address (127.0.0.1, [::1] or localhost); use https';
		}
		return null;
	}

	/** Whether a URI is http on a loopback host (any port may be used at authorization time). */
	public static function is_loopback( string $uri ): bool {
		$parts = wp_parse_url( $uri );
		return is_array( $parts ) && 'http' === strtolower( (string) ( $parts['scheme'] ?? '' ) )
			&& in_array( strtolower( (string) ( $parts['host'] ?? '' ) ), array( '127.0.0.1', '[::1]', 'localhost' ), true );
	}

	/**
	 * Why a client_id URL cannot be a Client ID Metadata Document, or null: https with a path
	 * and no fragment, credentials or dot segments; http only on a site in the `local` environment.
	 */
	public static function metadata_url_problem( string $url ): ?string {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return 'A client_id URL must have a host and no fragment or credentials.';
		}
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		if ( 'https' !== $scheme && ! ( 'http' === $scheme && 'local' === wp_get_environment_type() ) ) {
			return 'A client_id URL must use https.';
		}
		$path = (string) ( $parts['path'] ?? '' );
		if ( '' === $path || '/' === $path || 1 === preg_match( '#(^|/)\.\.?(/|$)#', $path ) ) {
			return 'A client_id URL must have a path without dot segments.';
		}
		return null;
	}
}
