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
use McpNative\Plugin\Protocol\ClientInfo;
use McpNative\Plugin\Protocol\Method;
use McpNative\Plugin\Protocol\ReplyBox;
use McpNative\Plugin\Protocol\SessionScope;

/**
 * The process is the session: before initialize only the methods allowed before it (ping) run.
 */
final class StdioSessionScope implements SessionScope {

	private bool $initialized = false;

	private ?string $log_level = null;

	private string|int|null $in_flight = null;

	private bool $in_flight_cancelled = false;

	private ?ClientInfo $client = null;

	public function admit( Message $message, Method $method ): void {
		if ( ! $this->initialized && Method::IN_SESSION === $method->session ) {
			throw ErrorFactory::invalid_request( 'the server is not initialized: send initialize first', $message->id );
		}
	}

	public function open( string $protocol_version, string $client_name, string $client_version = '', array $client_capabilities = array() ): ?string {
		$this->initialized = true;
		$this->client      = new ClientInfo( $client_name, $client_version, null, $protocol_version );
		return null;
	}

	public function client_capabilities(): array {
		return array();
	}

	/** Over stdio requests run one at a time: no answer to a request of ours could arrive meanwhile. */
	public function replies(): ?ReplyBox {
		return null;
	}

	public function client(): ClientInfo {
		return $this->client ?? new ClientInfo();
	}

	public function log_level(): ?string {
		return $this->log_level;
	}

	public function set_log_level( string $level ): void {
		$this->log_level = $level;
	}

	/**
	 * Records notifications/cancelled for the request being handled (read from stdin while it runs,
	 * StdioTransport::disconnected()); one naming any other request comes too late and is ignored.
	 */
	public function cancel( string|int $request_id ): void {
		if ( null !== $this->in_flight && $request_id === $this->in_flight ) {
			$this->in_flight_cancelled = true;
		}
	}

	public function is_cancelled( string|int $request_id ): bool {
		return $this->in_flight_cancelled && $request_id === $this->in_flight;
	}

	/**
	 * The request the transport is handling now (null between requests): requests run one at a time.
	 */
	public function running( string|int|null $request_id ): void {
		$this->in_flight           = $request_id;
		$this->in_flight_cancelled = false;
	}

	/**
	 * Whether the client cancelled the request being handled.
	 */
	public function in_flight_cancelled(): bool {
		return $this->in_flight_cancelled;
	}

	public function forget( string|int $request_id ): void {}
}
