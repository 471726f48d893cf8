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
 * handshake revisions (no `_meta`) the rounds happen inside the request: what the work asked goes
 * to the client on the call's SSE stream, the answers come back through the session
 * (ClientRequests), and the work runs again with them; where the client cannot be asked, what the
 * work asked stays its own error, saying why.
 */
final class InputRound {

	/** Rounds one 2025-11-25 request may take before the work's own error stands. */
	public const MAX_SESSION_ROUNDS = 8;

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
		private readonly array $responses,
		private readonly ?SessionScope $session = null,
		private readonly array $asked_by_server = array()
	) {}

	/**
	 * Opens the round of $message, a request naming $name (a tool, prompt or resource URI) with the
	 * arguments as the client sent them.
	 *
	 * @param array<string, mixed> $arguments
	 * @param mixed                $session The handler's session scope (handshake revisions).
	 * @throws JsonRpcError -32602: a requestState that fails verification, inputResponses not an object of objects.
	 */
	public static function open( Message $message, ?RequestMeta $meta, string $server_id, string $name, array $arguments, mixed $session = null ): self {
		if ( null === $meta ) {
			return new self( $message, null, $server_id, $name, $arguments, array(), $session instanceof SessionScope ? $session : null );
		}
		$responses = array();
		$asked     = array();
		if ( $message->has_param( 'requestState' ) ) {
			[ $responses, $asked ] = RequestState::verify( $message->param( 'requestState' ), get_current_user_id(), $server_id, (string) $message->method, $name, $arguments, $message->id );
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
		$answers   = $round instanceof \stdClass ? (array) Json::to_array( $round ) : array();
		$responses = array_merge( $responses, $answers );
		// Answers to requests the signed state says this server made (an approval must be one).
		$asked_by_server = array_values( array_intersect( $asked, array_map( 'strval', array_keys( $answers ) ) ) );
		return new self( $message, $meta, $server_id, $name, $arguments, $responses, null, $asked_by_server );
	}

	/**
	 * Runs the work with this round's answers.
	 *
	 * @return array{0: mixed, 1: array<string, mixed>|null} The work's value, and the input_required
	 *         result to answer instead when it asked for input (null otherwise).
	 * @throws JsonRpcError -32021 when it asked for what the client did not declare.
	 */
	public function run( callable $work ): array {
		if ( null === $this->meta ) {
			return array( $this->run_in_session( $work ), null );
		}
		[ $result, $asked, $missing ] = InputRequests::collect( $this->meta, $this->responses, $work, array(), null, $this->asked_by_server );
		if ( array() === $asked ) {
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
				'requestState'  => RequestState::issue( get_current_user_id(), $this->server_id, (string) $this->message->method, $this->name, $this->arguments, $this->responses, array_map( 'strval', array_keys( $asked ) ) ),
			),
		);
	}

	/**
	 * 2025-11-25: the work runs; while it asks for what the client declared it can answer, the
	 * requests go out on the stream and the work runs again with the answers. When asking cannot
	 * be done, the work runs once more told why, so its result (or error) says so.
	 */
	private function run_in_session( callable $work ): mixed {
		$client       = ClientRequests::of( Notifier::current()?->channel(), $this->session );
		$capabilities = $client?->capabilities() ?? array();
		$responses    = array();
		$cannot_ask   = null;
		for ( $round = 0; ; ++$round ) {
			[ $result, $asked, $missing ] = InputRequests::collect( null, $responses, $work, $capabilities, $cannot_ask, array_map( 'strval', array_keys( $responses ) ) );
			if ( array() === $asked || null !== $cannot_ask || null === $client ) {
				return $result;
			}
			if ( array() !== $missing ) {
				$cannot_ask = 'the client did not declare the capability ' . implode( ', ', $missing ) . ' in initialize';
			} elseif ( $round >= self::MAX_SESSION_ROUNDS ) {
				$cannot_ask = sprintf( 'it asked more than %d times', self::MAX_SESSION_ROUNDS );
			} else {
				$answers    = $client->ask( $asked );
				$cannot_ask = is_string( $answers ) ? $answers : null;
				$responses  = is_array( $answers ) ? array_merge( $responses, $answers ) : $responses;
			}
		}
	}
}
