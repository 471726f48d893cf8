<?php
/**
 * What an ability can tell the client while it runs.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Protocol\Notifier;

/**
 * Call from any execute callback, whatever transport runs it:
 *
 *     \McpNative\Plugin\Report::progress( 2, 10, 'Imported 2 of 10 posts' );
 *     \McpNative\Plugin\Report::log( 'info', 'Skipped a draft', array( 'post' => 42 ) );
 *
 * Over stdio the notifications are written as lines before the result; over HTTP, when the client
 * accepts `text/event-stream`, the call's answer becomes an SSE stream with them and the result
 * last. Each returns whether the notification was sent: false (and nothing else happens) outside
 * a request, when the client asked for no progress (no progressToken) or a higher log level, or
 * when progress does not increase.
 */
final class Report {

	/**
	 * @param float|int      $progress Work done so far (must increase from call to call).
	 * @param float|int|null $total    Total work, when known.
	 * @param string|null    $message  Human-readable status.
	 */
	public static function progress( float|int $progress, float|int|null $total = null, ?string $message = null ): bool {
		return Notifier::current()?->progress( $progress, $total, $message ) ?? false;
	}

	/**
	 * @param string $level   debug, info, notice, warning, error, critical, alert or emergency.
	 * @param string $message What happened.
	 * @param mixed  $data    Optional details (JSON-encodable).
	 */
	public static function log( string $level, string $message, mixed $data = null ): bool {
		return Notifier::current()?->log( $level, $message, $data ) ?? false;
	}

	/**
	 * Whether the client cancelled the running call: a long ability checks it between steps and
	 * stops. True once the client closed the call's SSE stream (HTTP, when it accepts SSE: asking
	 * opens the stream and writes an SSE comment, since PHP learns of a closed connection only
	 * when a write fails), closed stdin, or sent notifications/cancelled for it (HTTP sessions at
	 * 2025-11-25: one database read per check; stdio: read from stdin without waiting). False
	 * outside a request and where nothing can tell.
	 */
	public static function cancelled(): bool {
		return Notifier::current()?->cancelled() ?? false;
	}
}
