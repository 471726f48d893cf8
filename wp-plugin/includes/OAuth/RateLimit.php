<?php
/**
 * Counting failures (and registrations) per client address and per client, in fixed windows.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * Counters live in transients (the object cache where the site has one), so only requests that
 * count write anything: a successful token request reads one or two transients.
 */
final class RateLimit {

	/**
	 * Seconds until the window of any of the keys reopens, when one is at its limit; else 0.
	 *
	 * @param list<string> $keys Keys, e.g. "token-ip:1.2.3.4".
	 */
	public static function retry_after( array $keys, int $limit ): int {
		$wait = 0;
		foreach ( $keys as $key ) {
			$entry = get_transient( self::name( $key ) );
			if ( is_array( $entry ) && (int) ( $entry['count'] ?? 0 ) >= $limit ) {
				$wait = max( $wait, (int) ( $entry['until'] ?? 0 ) - time() );
			}
		}
		return max( 0, $wait );
	}

	/**
	 * Counts one more event for each key in a window of $window seconds.
	 *
	 * @param list<string> $keys Keys.
	 */
	public static function hit( array $keys, int $window ): void {
		foreach ( $keys as $key ) {
			$name  = self::name( $key );
			$entry = get_transient( $name );
			if ( ! is_array( $entry ) || (int) ( $entry['until'] ?? 0 ) <= time() ) {
				$entry = array(
					'count' => 0,
					'until' => time() + $window,
				);
			}
			++$entry['count'];
			set_transient( $name, $entry, max( 1, (int) $entry['until'] - time() ) );
		}
	}

	/** The requesting address (filterable for sites behind a proxy they trust). */
	public static function client_ip(): string {
		$ip = isset( $_SERVER['REMOTE_ADDR'] ) ? (string) $_SERVER['REMOTE_ADDR'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- hashed into a key only.
		/**
		 * Filters the client address OAuth rate limits count by (e.g. from a trusted proxy's header).
		 *
		 * @param string $ip REMOTE_ADDR.
		 */
		return (string) apply_filters( 'mcp_native_oauth_client_ip', $ip );
	}

	private static function name( string $key ): string {
		return 'mcp_native_rl_' . substr( hash( 'sha256', $key ), 0, 32 );
	}
}
