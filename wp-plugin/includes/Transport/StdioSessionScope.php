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
}
