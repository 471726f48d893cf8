<?php
/**
 * The session of a stdio connection.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Protocol\Method;
use McpNative\Plugin\Protocol\SessionScope;

/**
 * The process is the session: before initialize only the methods allowed before it (ping) run.
 */
final class StdioSessionScope implements SessionScope {

	private bool $initialized = false;

	private ?string $log_level = null;

	public function admit( Message $message, Method $method ): void {
		if ( ! $this->initialized && Method::IN_SESSION === $method->session ) {
			throw ErrorFactory::invalid_request( 'the server is not initialized: send initialize first', $message->id );
		}
	}

	public function open( string $protocol_version, string $client_name ): ?string {
		$this->initialized = true;
		return null;
	}

	public function log_level(): ?string {
		return $this->log_level;
	}

	public function set_log_level( string $level ): void {
		$this->log_level = $level;
	}

	/**
	 * One process reads one line at a time: a cancellation is read only after the call it names
	 * has ended, so there is nothing left to stop.
	 */
	public function cancel( string|int $request_id ): void {}

	public function is_cancelled( string|int $request_id ): bool {
		return false;
	}

	public function forget( string|int $request_id ): void {}
}
