<?php
/**
 * Requests a client cancelled (notifications/cancelled), seen by the worker that runs them.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Session;

/**
 * Over HTTP the cancellation arrives in another request, often on another PHP worker, while the
 * call runs: it is recorded in the options table and read back with a direct query, because
 * WordPress caches option reads (and a persistent object cache may keep transients off the
 * database) for the rest of the running request. Records are bound to the user and session, and
 * removed when the call ends or after MAX_AGE seconds.
 */
final class CancelledRequests {

	public const PREFIX  = 'mcp_native_cancel_';
	public const MAX_AGE = 900;

	/**
	 * Records that a session's request was cancelled.
	 */
	public static function record( int $user_id, string $session_id, string|int $request_id ): void {
		global $wpdb;
		// Old records (calls that ended before their cancellation arrived) go first.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s AND option_value < %d", $wpdb->esc_like( self::PREFIX ) . '%', time() - self::MAX_AGE ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->replace( $wpdb->options, array( 'option_name' => self::key( $user_id, $session_id, $request_id ), 'option_value' => (string) time(), 'autoload' => 'off' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	public static function is_cancelled( int $user_id, string $session_id, string|int $request_id ): bool {
		global $wpdb;
		return null !== $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::key( $user_id, $session_id, $request_id ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	public static function forget( int $user_id, string $session_id, string|int $request_id ): void {
		global $wpdb;
		$wpdb->delete( $wpdb->options, array( 'option_name' => self::key( $user_id, $session_id, $request_id ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	private static function key( int $user_id, string $session_id, string|int $request_id ): string {
		// A string id "1" and a number 1 are different requests.
		return self::PREFIX . md5( $user_id . '|' . $session_id . '|' . gettype( $request_id ) . ':' . $request_id );
	}
}
