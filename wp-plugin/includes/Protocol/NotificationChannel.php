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
	 */
	public function send( array $notification ): void;
}
