<?php
/**
 * prompts/list, prompts/get.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Handlers;

use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Pagination\Cursor;
use McpNative\Plugin\Protocol\InputRound;
use McpNative\Plugin\Protocol\RequestMeta;
use McpNative\Plugin\Server;

/**
 * An unknown prompt name is -32602, as the specification says (the official adapter answers -32004).
 */
final class PromptsHandler {

	public function __construct( private readonly Server $server ) {}

	/**
	 * @param Message $message The request; params {cursor?}
	 * @return array{prompts: list<array<string, mixed>>, nextCursor?: string}
	 * @throws JsonRpcError Invalid cursor.
	 */
	public function list_prompts( Message $message ): array {
		$params = $message->params;
		$entries = array();
		foreach ( $this->server->prompts() as $prompt ) {
			$entries[] = $prompt->descriptor();
		}
		/**
		 * Filters the entries of prompts/list before pagination.
		 *
		 * @param list<array<string, mixed>> $entries Descriptors.
		 * @param Server                     $server  The server.
		 */
		$filtered = apply_filters( 'mcp_native_prompts_list', $entries, $this->server );
		if ( is_array( $filtered ) ) {
			$entries = array_values( $filtered );
		}
		return Cursor::page( 'prompts', $entries, Params::get( $params, 'cursor' ), 'prompts/list', $this->server->id );
	}

	/**
	 * @param Message          $message The request; params {name, arguments?, inputResponses?, requestState?}
	 * @param mixed            $session Unused.
	 * @param RequestMeta|null $meta    The request's _meta (2026-07-28), for input_required rounds.
	 * @return array<string, mixed> GetPromptResult, or an input_required result (2026-07-28).
	 * @throws JsonRpcError Missing or unknown name, arguments not an object, refused or failed ability.
	 */
	public function get( Message $message, mixed $session = null, ?RequestMeta $meta = null ): array {
		$params = $message->params;
		$name   = Params::string( $params, 'name' );
		$prompt = $this->server->prompts()[ $name ] ?? null;
		if ( null === $prompt ) {
			throw ErrorFactory::invalid_params( 'Unknown prompt: ' . ErrorFactory::echoable( $name ) );
		}
		$arguments = Params::object( $params, 'arguments' );
		$round     = InputRound::open( $message, $meta, $this->server->id, $name, $arguments, $session );
		[ $value, $input_required ] = $round->run( fn() => $prompt->run( $arguments, $this->server->profile ) );
		return $input_required ?? $prompt->result( $value );
	}
}
