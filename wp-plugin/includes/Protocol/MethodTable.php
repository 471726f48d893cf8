<?php
/**
 * The one table of JSON-RPC methods the server answers.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Handlers\LifecycleHandler;
use McpNative\Plugin\Handlers\LoggingHandler;
use McpNative\Plugin\Handlers\ToolsHandler;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\ProtocolVersion;

/**
 * A new method is one handler function plus one line here. Any other method is -32601, also
 * before a session exists (a newer client's probe, such as server/discover, must learn to fall back).
 */
final class MethodTable {

	private const HANDSHAKE = 'handshake';

	/** method => array( handler class, handler function, revision set, session rule ) */
	private const METHODS = array(
		'initialize'       => array( LifecycleHandler::class, 'initialize', self::HANDSHAKE, Method::OPENS_SESSION ),
		'ping'             => array( LifecycleHandler::class, 'ping', self::HANDSHAKE, Method::BEFORE_INITIALIZE ),
		'tools/list'       => array( ToolsHandler::class, 'list', self::HANDSHAKE, Method::IN_SESSION ),
		'tools/call'       => array( ToolsHandler::class, 'call', self::HANDSHAKE, Method::IN_SESSION ),
		'logging/setLevel' => array( LoggingHandler::class, 'set_level', self::HANDSHAKE, Method::IN_SESSION ),
	);

	/**
	 * The method a request names.
	 *
	 * @throws JsonRpcError -32601 for a method the server does not implement.
	 */
	public static function lookup( Message $message ): Method {
		$name = (string) $message->method;
		$row  = self::METHODS[ $name ] ?? null;
		if ( null === $row ) {
			throw ErrorFactory::method_not_found( $name, $message->id );
		}
		return new Method( $name, $row[0], $row[1], self::revisions( $row[2] ), $row[3] );
	}

	/**
	 * @return string[]
	 */
	private static function revisions( string $set ): array {
		return match ( $set ) {
			self::HANDSHAKE => ProtocolVersion::SUPPORTED,
		};
	}
}
