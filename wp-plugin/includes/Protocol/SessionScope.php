<?php
/**
 * How a transport ties requests to a session.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;

/**
 * HTTP keeps sessions in the database (Mcp-Session-Id header); on stdio the connection is the
 * session. The dispatcher asks the scope to admit each request before its handler runs;
 * initialize opens the session through it.
 */
interface SessionScope {

	/**
	 * @throws JsonRpcError When the request may not run in this session state.
	 */
	public function admit( Message $message, Method $method ): void;

	/**
	 * Opens the session negotiated by initialize; returns its id when the transport has one to send.
	 *
	 * @param list<string> $client_capabilities What the client can be asked for (elicitation, sampling, roots).
	 */
	public function open( string $protocol_version, string $client_name, string $client_version = '', array $client_capabilities = array() ): ?string;

	/**
	 * What the session's client declared it can be asked for mid-request (elicitation, sampling, roots).
	 *
	 * @return list<string>
	 */
	public function client_capabilities(): array;

	/**
	 * Where the client's answers to requests the server sent it arrive (2025-11-25: in a POST of
	 * their own, often on another worker), or null when this transport cannot receive them.
	 */
	public function replies(): ?ReplyBox;

	/**
	 * The client of the request being handled (clientInfo from initialize, the session), for the audit log.
	 */
	public function client(): ClientInfo;

	/**
	 * The lowest log level the client asked for (logging/setLevel); null: send no log messages.
	 */
	public function log_level(): ?string;

	/**
	 * Records logging/setLevel for the rest of the session.
	 */
	public function set_log_level( string $level ): void;

	/**
	 * Records notifications/cancelled for one of the session's requests.
	 */
	public function cancel( string|int $request_id ): void;

	/**
	 * Whether the client cancelled the request (checked by the running ability through Report).
	 */
	public function is_cancelled( string|int $request_id ): bool;

	/**
	 * The request ended: its cancellation record, if any, is no longer needed.
	 */
	public function forget( string|int $request_id ): void;
}
