<?php
/**
 * Where a transport carries notifications sent while a request runs.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

/**
 * The transport's side of in-flight notifications: stdio writes a line, HTTP an SSE event on the
 * POST's response. What is sent (progress token, log level) is decided by the Notifier; a
 * channel only frames.
 */
interface NotificationChannel {

	/**
	 * @param array<string, mixed> $notification A complete JSON-RPC notification.
	 * @return bool Whether it was written (false once the client has gone).
	 */
	public function send( array $notification ): bool;

	/**
	 * Whether the client has gone: closed the request's SSE stream (HTTP) or its stdin (stdio).
	 * A closed stream cancels the request (2026-07-28 requires it; at 2025-11-25 nobody is left to
	 * read the answer, since streams cannot be resumed here). The transport may write or read to
	 * find out: PHP only learns of a closed connection when a write fails, and stdio takes in what
	 * arrived on stdin meanwhile (a notifications/cancelled).
	 */
	public function disconnected(): bool;
}
