<?php
/**
 * From one parsed JSON-RPC message to its answer.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Audit\AuditedCall;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\ProtocolVersion;
use McpNative\Plugin\Server;

/**
 * Transport-neutral: the method table says which handler answers at the request's revision, the
 * session scope whether a handshake-era request may run (a stateless one needs no session).
 * Transports only frame what comes in and what goes out.
 */
final class Dispatcher {

	public function __construct( private readonly Server $server ) {}

	/**
	 * The JSON-RPC response to a message; null for notifications and client responses (nothing to answer).
	 *
	 * @param Message      $message          The message.
	 * @param SessionScope $session          The transport's session scope (handshake revisions).
	 * @param string|null  $declared_version The revision the transport says the client speaks (HTTP header), if any.
	 * @param NotificationChannel|null $channel Where notifications sent while the request runs go (none: not sent).
	 * @return array<string, mixed>|null
	 * @throws JsonRpcError On every protocol error.
	 */
	public function dispatch( Message $message, SessionScope $session, ?string $declared_version = null, ?NotificationChannel $channel = null ): ?array {
		if ( Message::REQUEST === $message->kind && RequestMeta::is_stateless_request( $message, $declared_version ) ) {
			return $this->dispatch_stateless( $message, $session, $channel );
		}
		if ( Message::RESPONSE === $message->kind ) {
			// The client's answer to a request of ours (ClientRequests): to the worker waiting for it.
			$session->replies()?->deliver( $message->id, $message->response ?? new \stdClass() );
			return null;
		}
		if ( Message::NOTIFICATION === $message->kind && 'notifications/cancelled' === $message->method ) {
			$cancelled = $message->param( 'requestId' );
			if ( ( is_string( $cancelled ) && strlen( $cancelled ) <= 200 ) || is_int( $cancelled ) ) {
				$session->cancel( $cancelled );
			}
			return null;
		}
		// The method first: a newer client's probe must learn -32601, whatever version it declares.
		$method = Message::REQUEST === $message->kind ? MethodTable::lookup( $message ) : null;
		if ( null !== $declared_version && '' !== $declared_version && ! ProtocolVersion::is_supported( $declared_version ) ) {
			throw ErrorFactory::unsupported_protocol_version( $declared_version, $message->id );
		}
		if ( null === $method ) {
			return null;
		}
		$session->admit( $message, $method );
		$id       = $message->id;
		$notifier = Notifier::for_request( $message, $channel, $session->log_level(), ( is_string( $id ) || is_int( $id ) ) ? static fn() => $session->is_cancelled( $id ) : null );
		try {
			return self::response( $message, $notifier->run( fn() => $this->handle( $method, $message, $session, null ) ) );
		} finally {
			// A record nobody saw is removed by age (CancelledRequests): no query per request.
			if ( $notifier->was_cancelled() && ( is_string( $id ) || is_int( $id ) ) ) {
				$session->forget( $id );
			}
		}
	}

	/**
	 * 2026-07-28: `_meta` validated, then the method as it exists at that revision, no session;
	 * every result says its type, cacheable ones how long and for whom.
	 *
	 * @return array<string, mixed>
	 * @throws JsonRpcError On every protocol error.
	 */
	private function dispatch_stateless( Message $message, SessionScope $session, ?NotificationChannel $channel ): array {
		$meta     = RequestMeta::of( $message );
		$method   = MethodTable::lookup( $message, true );
		$id       = $message->id;
		// No session, but the connection's own cancellation (stdio's notifications/cancelled) still counts.
		$notifier = Notifier::for_request( $message, $channel, $meta->log_level, ( is_string( $id ) || is_int( $id ) ) ? static fn() => $session->is_cancelled( $id ) : null );
		$result   = $notifier->run( fn() => $this->handle( $method, $message, new StatelessScope(), $meta ) );
		if ( is_array( $result ) ) {
			$result['resultType'] ??= 'complete';
			if ( null !== $method->cache_scope ) {
				/**
				 * Filters how long (ms) a client may keep a cacheable 2026-07-28 result (tools/list, server/discover).
				 *
				 * @param int    $ttl_ms Default from the method table.
				 * @param string $method JSON-RPC method.
				 * @param Server $server The server.
				 */
				$result['ttlMs']      = max( 0, (int) apply_filters( 'mcp_native_cache_ttl_ms', $method->ttl_ms, $method->name, $this->server ) );
				$result['cacheScope'] = $method->cache_scope;
			}
		}
		return self::response( $message, $result );
	}

	private function handle( Method $method, Message $message, SessionScope $session, ?RequestMeta $meta ): mixed {
		$handler = new ( $method->handler )( $this->server );
		try {
			// tools/call, resources/read and prompts/get are timed and recorded in the audit log.
			return AuditedCall::run( $this->server, $message, $session, $meta, static fn() => $handler->{$method->function}( $message, $session, $meta ) );
		} catch ( JsonRpcError $error ) {
			// Handlers deep in a family (params, cursors) throw without the request's id.
			throw null === $error->id ? $error->with_id( $message->id ) : $error;
		}
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function response( Message $message, mixed $result ): array {
		return array(
			'jsonrpc' => '2.0',
			'id'      => $message->id,
			'result'  => $result,
		);
	}
}
