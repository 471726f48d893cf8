<?php
/**
 * From one parsed JSON-RPC message to its answer.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\ProtocolVersion;
use McpNative\Plugin\Server;

/**
 * Transport-neutral: the method table says which handler answers, the session scope whether the
 * request may run. Transports only frame what comes in and what goes out.
 */
final class Dispatcher {

	public function __construct( private readonly Server $server ) {}

	/**
	 * The JSON-RPC response to a message; null for notifications and client responses (nothing to answer).
	 *
	 * @param Message      $message          The message.
	 * @param SessionScope $session          The transport's session scope.
	 * @param string|null  $declared_version The revision the transport says the client speaks (HTTP header), if any.
	 * @return array<string, mixed>|null
	 * @throws JsonRpcError On every protocol error.
	 */
	public function dispatch( Message $message, SessionScope $session, ?string $declared_version = null ): ?array {
		// The method first: a newer client's probe must learn -32601, whatever version it declares.
		$method = Message::REQUEST === $message->kind ? MethodTable::lookup( $message ) : null;
		if ( null !== $declared_version && '' !== $declared_version && ! ProtocolVersion::is_supported( $declared_version ) ) {
			throw ErrorFactory::unsupported_protocol_version( $declared_version, ProtocolVersion::SUPPORTED, $message->id );
		}
		if ( null === $method ) {
			return null;
		}
		$session->admit( $message, $method );
		$handler = new ( $method->handler )( $this->server );
		return array(
			'jsonrpc' => '2.0',
			'id'      => $message->id,
			'result'  => $handler->{$method->function}( $message, $session ),
		);
	}
}
