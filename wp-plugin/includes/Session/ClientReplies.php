<?php
/**
 * A session's reply box in the options table, seen by every worker and web node.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Session;

use McpNative\Plugin\Json;
use McpNative\Plugin\Protocol\ReplyBox;

/**
 * One row per awaited request, bound to the user and session (as CancelledRequests are), read
 * with a direct query because WordPress caches option reads for the rest of a request. The row
 * says `p:<time>` while the request waits and `a:<time>:<json>` once answered; an answer can only
 * replace a waiting row, so a client cannot store anything the server did not ask for. Rows a
 * crashed worker left behind are removed by age.
 */
final class ClientReplies implements ReplyBox {

	public const PREFIX  = 'mcp_native_reply_';
	public const MAX_AGE = 900;

	public function __construct( private readonly int $user_id, private readonly string $session_id ) {}

	public function expect( string $request_id ): void {
		global $wpdb;
		$wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s AND CAST(SUBSTRING_INDEX(SUBSTRING(option_value, 3), ':', 1) AS UNSIGNED) < %d",
				$wpdb->esc_like( self::PREFIX ) . '%',
				time() - self::MAX_AGE
			)
		);
		$wpdb->replace( $wpdb->options, array( 'option_name' => $this->key( $request_id ), 'option_value' => 'p:' . time(), 'autoload' => 'off' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	public function deliver( string|int|float|null $request_id, \stdClass $response ): bool {
		global $wpdb;
		if ( ! is_string( $request_id ) || '' === $request_id ) {
			return false; // The server's requests have string ids.
		}
		$json = Json::encode( $response );
		if ( null === $json ) {
			return false;
		}
		$updated = $wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value LIKE 'p:%%'", 'a:' . time() . ':' . $json, $this->key( $request_id ) )
		);
		return 1 === $updated;
	}

	public function take( string $request_id ): ?\stdClass {
		global $wpdb;
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $this->key( $request_id ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		if ( ! is_string( $value ) || ! str_starts_with( $value, 'a:' ) ) {
			return null;
		}
		$this->forget( $request_id );
		$response = Json::decode( (string) substr( $value, (int) strpos( $value, ':', 2 ) + 1 ), $ok );
		return $ok && $response instanceof \stdClass ? $response : null;
	}

	public function forget( string $request_id ): void {
		global $wpdb;
		$wpdb->delete( $wpdb->options, array( 'option_name' => $this->key( $request_id ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	private function key( string $request_id ): string {
		return self::PREFIX . md5( $this->user_id . '|' . $this->session_id . '|' . $request_id );
	}
}
