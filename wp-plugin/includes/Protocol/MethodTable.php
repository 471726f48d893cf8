<?php
/**
 * The one table of JSON-RPC methods the server answers.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Handlers\CompletionHandler;
use McpNative\Plugin\Handlers\LifecycleHandler;
use McpNative\Plugin\Handlers\LoggingHandler;
use McpNative\Plugin\Handlers\PromptsHandler;
use McpNative\Plugin\Handlers\ResourcesHandler;
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
	private const STATELESS = 'stateless';
	private const ALL       = 'all';

	/**
	 * method => array( handler class, handler function, revisions, session rule[, cache scope, ttl ms] )
	 *
	 * Cache hints (2026-07-28): the tool list is private because plugins may filter it per user
	 * (mcp_native_tools_list and the other list filters; permission callbacks decide what a user sees) and a minute fresh because no list-changed notification is sent;
	 * discovery says nothing about the caller, and changes only with the site's configuration. A
	 * resource's contents are whatever the ability returns now, for this user: private, not to be
	 * kept (ttlMs 0).
	 */
	private const METHODS = array(
		'initialize'       => array( LifecycleHandler::class, 'initialize', self::HANDSHAKE, Method::OPENS_SESSION ),
		'ping'             => array( LifecycleHandler::class, 'ping', self::HANDSHAKE, Method::BEFORE_INITIALIZE ),
		'server/discover'  => array( LifecycleHandler::class, 'discover', self::STATELESS, Method::BEFORE_INITIALIZE, 'public', 300000 ),
		'tools/list'       => array( ToolsHandler::class, 'list', self::ALL, Method::IN_SESSION, 'private', 60000 ),
		'tools/call'       => array( ToolsHandler::class, 'call', self::ALL, Method::IN_SESSION ),
		'logging/setLevel' => array( LoggingHandler::class, 'set_level', self::HANDSHAKE, Method::IN_SESSION ),
		'resources/list'   => array( ResourcesHandler::class, 'list_resources', self::ALL, Method::IN_SESSION, 'private', 60000 ),
		'resources/templates/list' => array( ResourcesHandler::class, 'list_templates', self::ALL, Method::IN_SESSION, 'private', 60000 ),
		'resources/read'   => array( ResourcesHandler::class, 'read', self::ALL, Method::IN_SESSION, 'private', 0 ),
		'prompts/list'     => array( PromptsHandler::class, 'list_prompts', self::ALL, Method::IN_SESSION, 'private', 60000 ),
		'prompts/get'      => array( PromptsHandler::class, 'get', self::ALL, Method::IN_SESSION ),
		'completion/complete' => array( CompletionHandler::class, 'complete', self::ALL, Method::IN_SESSION ),
	);

	/**
	 * The method a request names, as it exists at the request's revision.
	 *
	 * @param Message $message   The request.
	 * @param bool    $stateless Whether the request speaks the stateless revision.
	 * @throws JsonRpcError -32601 for a method the server does not implement at that revision
	 *                      (HTTP 404 at 2026-07-28, 200 in the handshake revisions).
	 */
	public static function lookup( Message $message, bool $stateless = false ): Method {
		$name = (string) $message->method;
		$row  = self::METHODS[ $name ] ?? null;
		$era  = $stateless ? self::STATELESS : self::HANDSHAKE;
		if ( null === $row || ( self::ALL !== $row[2] && $era !== $row[2] ) ) {
			throw ErrorFactory::method_not_found( $name, $message->id, $stateless ? 404 : 200 );
		}
		return new Method( $name, $row[0], $row[1], self::revisions( $row[2] ), $row[3], $row[4] ?? null, $row[5] ?? 0 );
	}

	/**
	 * @return string[]
	 */
	private static function revisions( string $set ): array {
		return match ( $set ) {
			self::HANDSHAKE => ProtocolVersion::HANDSHAKE,
			self::STATELESS => ProtocolVersion::STATELESS,
			self::ALL       => ProtocolVersion::ALL,
		};
	}
}
