<?php
/**
 * One round of a multi-round request (2026-07-28 input_required results).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;

/**
 * Any request whose work may ask the client for input (tools/call, prompts/get, resources/read:
 * an InputRequiredResult is not tied to tools) runs through one round: the answers the client
 * sends with it and those its signed requestState carries are checked before anything runs; the
 * work then runs with them (InputRequests::response()), and when it asked for more the round
 * answers input_required with a new state bound to the same method, name and arguments. At the
 * handshake revisions (no `_meta`) there are no rounds: the work runs alone and what it asked
 * stays its own error.
 */
final class InputRound {

	/**
	 * @param array<string, mixed> $arguments The request's arguments as the client sent them.
	 * @param array<string, mixed> $responses Answers available to this round.
	 */
	private function __construct(
		private readonly Message $message,
		private readonly ?RequestMeta $meta,
		private readonly string $server_id,
		private readonly string $name,
		private readonly array $arguments,
		private readonly array $responses
	) {}

	/**
	 * Opens the round of $message, a request naming $name (a tool, prompt or resource URI) with the
	 * arguments as the client sent them.
	 *
	 * @param array<string, mixed> $arguments
	 * @throws JsonRpcError -32602: a requestState that fails verification, inputResponses not an object of objects.
	 */
	public static function open( Message $message, ?RequestMeta $meta, string $server_id, string $name, array $arguments ): self {
		if ( null === $meta ) {
			return new self( $message, null, $server_id, $name, $arguments, array() );
		}
		$responses = array();
		if ( $message->has_param( 'requestState' ) ) {
			$responses = RequestState::verify( $message->param( 'requestState' ), get_current_user_id(), $server_id, (string) $message->method, $name, $arguments, $message->id );
		}
		$round = $message->param( 'inputResponses' );
		if ( null !== $round && ! $round instanceof \stdClass ) {
			throw ErrorFactory::invalid_params( 'Invalid params: inputResponses must be an object', $message->id );
		}
		foreach ( $round instanceof \stdClass ? get_object_vars( $round ) : array() as $key => $response ) {
			// Every answer (an elicitation, sampling or roots result) is an object.
			if ( ! $response instanceof \stdClass ) {
				throw ErrorFactory::invalid_params( sprintf( 'Invalid params: inputResponses.%s must be an object', $key ), $message->id );
			}
		}
		$responses = array_merge( $responses, $round instanceof \stdClass ? (array) Json::to_array( $round ) : array() );
		return new self( $message, $meta, $server_id, $name, $arguments, $responses );
	}

	/**
	 * Runs the work with this round's answers.
	 *
	 * @return array{0: mixed, 1: array<string, mixed>|null} The work's value, and the input_required
	 *         result to answer instead when it asked for input (null otherwise).
	 * @throws JsonRpcError -32021 when it asked for what the client did not declare.
	 */
	public function run( callable $work ): array {
		[ $result, $asked, $missing ] = InputRequests::collect( $this->meta, $this->responses, $work );
		if ( null === $this->meta || array() === $asked ) {
			return array( $result, null );
		}
		if ( array() !== $missing ) {
			throw ErrorFactory::missing_client_capability( $missing, $this->message->id );
		}
		return array(
			$result,
			array(
				'resultType'    => 'input_required',
				'inputRequests' => (object) $asked,
				'requestState'  => RequestState::issue( get_current_user_id(), $this->server_id, (string) $this->message->method, $this->name, $this->arguments, $this->responses ),
			),
		);
	}
}
