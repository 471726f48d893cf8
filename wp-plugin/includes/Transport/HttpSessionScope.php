<?php
/**
 * Sessions of the HTTP transport.
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
use McpNative\Plugin\Session\CancelledRequests;
use McpNative\Plugin\Session\ClientReplies;
use McpNative\Plugin\Session\Session;
use McpNative\Plugin\Session\SessionStore;

/**
 * Every request but initialize carries the Mcp-Session-Id header of a session stored for this
 * user and server; initialize stores a new one, sent back in the response header.
 */
final class HttpSessionScope implements SessionScope {

	private ?string $opened = null;

	private ?Session $admitted = null;

	/**
	 * @param SessionStore $sessions  The store.
	 * @param string       $server_id Server the request is for.
	 * @param string|null  $header    The request's Mcp-Session-Id (trimmed), if any.
	 */
	public function __construct(
		private readonly SessionStore $sessions,
		private readonly string $server_id,
		private readonly ?string $header
	) {}

	public function admit( Message $message, Method $method ): void {
		if ( Method::OPENS_SESSION === $method->session ) {
			return;
		}
		if ( null === $this->header || '' === $this->header ) {
			throw ErrorFactory::missing_session( $message->id );
		}
		$this->admitted = $this->sessions->find( get_current_user_id(), $this->server_id, $this->header );
		if ( null === $this->admitted ) {
			throw ErrorFactory::session_not_found( $message->id );
		}
	}

	public function log_level(): ?string {
		return $this->admitted?->log_level;
	}

	/**
	 * A notification is not admitted (nothing answers it): the session is looked up here.
	 */
	public function cancel( string|int $request_id ): void {
		if ( null !== $this->header && '' !== $this->header && null !== $this->sessions->find( get_current_user_id(), $this->server_id, $this->header ) ) {
			CancelledRequests::record( get_current_user_id(), $this->header, $request_id );
		}
	}

	public function is_cancelled( string|int $request_id ): bool {
		return null !== $this->admitted && CancelledRequests::is_cancelled( $this->admitted->user_id, $this->admitted->id, $request_id );
	}

	public function forget( string|int $request_id ): void {
		if ( null !== $this->admitted ) {
			CancelledRequests::forget( $this->admitted->user_id, $this->admitted->id, $request_id );
		}
	}

	public function set_log_level( string $level ): void {
		if ( null !== $this->admitted ) {
			$this->sessions->set_log_level( $this->admitted, $level );
		}
	}

	public function open( string $protocol_version, string $client_name, string $client_version = '', array $client_capabilities = array() ): ?string {
		$this->opened = $this->sessions->create( get_current_user_id(), $this->server_id, $protocol_version, $client_name, $client_version, $client_capabilities )->id;
		return $this->opened;
	}

	public function client_capabilities(): array {
		return $this->admitted?->client_capabilities ?? array();
	}

	/**
	 * The session's reply box: a client's answer is a response, not a request, so it is not
	 * admitted: the session is looked up here, as for a cancellation.
	 */
	public function replies(): ?ReplyBox {
		$session = $this->admitted;
		if ( null === $session && null !== $this->header && '' !== $this->header ) {
			$session = $this->sessions->find( get_current_user_id(), $this->server_id, $this->header );
		}
		return null === $session ? null : new ClientReplies( $session->user_id, $session->id );
	}

	public function client(): ClientInfo {
		$session = $this->admitted;
		return null === $session ? new ClientInfo() : new ClientInfo( $session->client_name, $session->client_version, $session->id, $session->protocol_version );
	}

	/**
	 * The id of the session initialize opened in this request, if any.
	 */
	public function opened(): ?string {
		return $this->opened;
	}
}
