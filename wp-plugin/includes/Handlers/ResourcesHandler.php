<?php
/**
 * resources/list, resources/templates/list, resources/read.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Handlers;

use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Logger;
use McpNative\Plugin\Pagination\Cursor;
use McpNative\Plugin\Protocol\InputRound;
use McpNative\Plugin\Protocol\RequestMeta;
use McpNative\Plugin\Server;

/**
 * A URI no resource serves is -32602 with `data.uri` (SEP-2164; clients of 2025-11-25 also accept
 * it). Subscriptions need a stream: the capability says `subscribe: false`.
 */
final class ResourcesHandler {

	public function __construct( private readonly Server $server ) {}

	/**
	 * @param Message $message The request; params {cursor?}
	 * @return array{resources: list<array<string, mixed>>, nextCursor?: string}
	 * @throws JsonRpcError Invalid cursor.
	 */
	public function list_resources( Message $message ): array {
		$params = $message->params;
		return $this->page( 'resources/list', 'resources', false, $params );
	}

	/**
	 * @param Message $message The request; params {cursor?}
	 * @return array{resourceTemplates: list<array<string, mixed>>, nextCursor?: string}
	 * @throws JsonRpcError Invalid cursor.
	 */
	public function list_templates( Message $message ): array {
		$params = $message->params;
		return $this->page( 'resources/templates/list', 'resourceTemplates', true, $params );
	}

	/**
	 * @param Message          $message The request; params {uri, inputResponses?, requestState?}
	 * @param mixed            $session Unused.
	 * @param RequestMeta|null $meta    The request's _meta (2026-07-28), for input_required rounds.
	 * @return array<string, mixed> ReadResourceResult, or an input_required result (2026-07-28).
	 * @throws JsonRpcError Missing or unknown URI, refused or failed ability.
	 */
	public function read( Message $message, mixed $session = null, ?RequestMeta $meta = null ): array {
		$params = $message->params;
		$uri   = Params::string( $params, 'uri' );
		$found = $this->server->find_resource( $uri );
		if ( null === $found ) {
			throw new JsonRpcError( ErrorCode::INVALID_PARAMS, 'Resource not found: ' . ErrorFactory::echoable( $uri ), 200, array( 'uri' => ErrorFactory::echoable( $uri ) ) );
		}
		list( $resource, $variables ) = $found;
		$round = InputRound::open( $message, $meta, $this->server->id, $uri, $variables, $session );
		[ $value, $input_required ] = $round->run( fn() => $resource->run( $variables, $this->server->profile ) );
		if ( null !== $input_required ) {
			return $input_required;
		}
		try {
			$contents = $resource->contents( $value, $uri );
		} catch ( \UnexpectedValueException $e ) {
			Logger::error( 'Resource read failed: ' . $e->getMessage(), array( 'server' => $this->server->id, 'uri' => $uri ) );
			throw new JsonRpcError( ErrorCode::INTERNAL_ERROR, 'Resource read failed: ' . $e->getMessage(), 200 );
		}
		return array( 'contents' => $contents );
	}

	/**
	 * @param \stdClass|array<mixed>|null $params
	 * @return array<string, mixed>
	 */
	private function page( string $method, string $key, bool $templates, \stdClass|array|null $params ): array {
		$entries = array();
		foreach ( $this->server->resources() as $resource ) {
			if ( $resource->is_template() === $templates ) {
				$entries[] = $resource->descriptor();
			}
		}
		/**
		 * Filters the entries of resources/list (`mcp_native_resources_list`) or of
		 * resources/templates/list (`mcp_native_resource_templates_list`) before pagination.
		 *
		 * @param list<array<string, mixed>> $entries Descriptors.
		 * @param Server                     $server  The server.
		 */
		$filter   = $templates ? 'mcp_native_resource_templates_list' : 'mcp_native_resources_list';
		$filtered = apply_filters( $filter, $entries, $this->server );
		if ( is_array( $filtered ) ) {
			$entries = array_values( $filtered );
		}
		return Cursor::page( $key, $entries, Params::get( $params, 'cursor' ), $method, $this->server->id );
	}
}
