<?php
/**
 * No session: the stateless revision.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\JsonRpc\Message;

/**
 * At 2026-07-28 every request stands alone: nothing to check, nothing to open (a session header,
 * if a client sends one, is ignored).
 */
final class StatelessScope implements SessionScope {

	public function admit( Message $message, Method $method ): void {}

	public function open( string $protocol_version, string $client_name, string $client_version = '', array $client_capabilities = array() ): ?string {
		return null;
	}

	public function client_capabilities(): array {
		return array(); // Per request: `_meta` clientCapabilities (RequestMeta).
	}

	public function replies(): ?ReplyBox {
		return null; // 2026-07-28 asks with input_required results, never with requests of its own.
	}

	public function client(): ClientInfo {
		return new ClientInfo(); // Per request: `_meta` clientInfo (RequestMeta).
	}

	public function log_level(): ?string {
		return null; // Per request: `_meta` logLevel (RequestMeta).
	}

	public function set_log_level( string $level ): void {}

	public function cancel( string|int $request_id ): void {}

	public function is_cancelled( string|int $request_id ): bool {
		return false; // At 2026-07-28 a client cancels by closing the stream (the worker stops at its next event).
	}

	public function forget( string|int $request_id ): void {}
}
