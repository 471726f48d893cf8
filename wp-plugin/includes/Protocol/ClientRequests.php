<?php
/**
 * Asking the client mid-request at 2025-11-25: requests on the call's SSE stream, answers from
 * its own POSTs.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Json;

/**
 * The handshake revisions' way to what 2026-07-28 does with input_required: the server sends
 * `elicitation/create` (or `sampling/createMessage`, `roots/list`) as a JSON-RPC request on the
 * SSE stream of the POST it is answering, and waits for the client's response, which arrives in a
 * POST of its own and reaches this worker through the session's reply box. The wait is bounded
 * (filter `mcp_native_client_request_timeout`, 60 s by default) and ends early when the client
 * closes the stream.
 */
final class ClientRequests {

	public const DEFAULT_TIMEOUT = 60;
	private const POLL_MICROSECONDS = 100000;

	/**
	 * @param list<string> $capabilities What the client declared it can be asked for.
	 */
	private function __construct(
		private readonly NotificationChannel $channel,
		private readonly ReplyBox $box,
		private readonly array $capabilities
	) {}

	/**
	 * The way to ask this request's client, or null when there is none (no SSE stream, no session
	 * that can receive answers).
	 */
	public static function of( ?NotificationChannel $channel, ?SessionScope $session ): ?self {
		$box = $session?->replies();
		return ( null === $channel || null === $box ) ? null : new self( $channel, $box, $session->client_capabilities() );
	}

	/** @return list<string> */
	public function capabilities(): array {
		return $this->capabilities;
	}

	/**
	 * Sends every request and waits for every answer.
	 *
	 * @param array<string, array{method: string, params: mixed}> $asked Key => request.
	 * @return array<string, mixed>|string Key => the client's result (decoded as arrays), or why
	 *                                     the answers could not be had.
	 */
	public function ask( array $asked ): array|string {
		$pending = array();
		foreach ( $asked as $key => $request ) {
			$id = 'mcpn-' . bin2hex( random_bytes( 8 ) );
			$this->box->expect( $id );
			$pending[ $id ] = (string) $key;
			$sent           = $this->channel->send(
				array(
					'jsonrpc' => '2.0',
					'id'      => $id,
					'method'  => $request['method'],
					'params'  => $request['params'],
				)
			);
			if ( ! $sent ) {
				$this->give_up( $pending );
				return 'the client closed the stream before it could be asked';
			}
		}
		return $this->wait( $pending );
	}

	/**
	 * @param array<string, string> $pending Request id => key.
	 * @return array<string, mixed>|string
	 */
	private function wait( array $pending ): array|string {
		$answers  = array();
		$deadline = microtime( true ) + self::timeout();
		while ( array() !== $pending ) {
			foreach ( $pending as $id => $key ) {
				$response = $this->box->take( $id );
				if ( null === $response ) {
					continue;
				}
				unset( $pending[ $id ] );
				if ( isset( $response->error ) ) {
					$this->give_up( $pending );
					$message = $response->error instanceof \stdClass && is_string( $response->error->message ?? null ) ? $response->error->message : 'an error';
					return sprintf( 'the client answered the request "%s" with an error: %s', $key, $message );
				}
				$answers[ $key ] = Json::to_array( $response->result ?? new \stdClass() );
			}
			if ( array() === $pending ) {
				break;
			}
			if ( microtime( true ) >= $deadline || $this->channel->disconnected() ) {
				$this->give_up( $pending );
				return microtime( true ) >= $deadline ? sprintf( 'the client did not answer within %d seconds', self::timeout() ) : 'the client closed the stream';
			}
			usleep( self::POLL_MICROSECONDS );
		}
		return $answers;
	}

	/**
	 * @param array<string, string> $pending Request ids still awaited.
	 */
	private function give_up( array $pending ): void {
		foreach ( array_keys( $pending ) as $id ) {
			$this->box->forget( (string) $id );
		}
	}

	public static function timeout(): int {
		/**
		 * Filters how long (seconds) a request waits for the client's answer to an elicitation or
		 * sampling request at 2025-11-25 (1 to 600; default 60). The PHP worker waits meanwhile.
		 *
		 * @param int $seconds Seconds.
		 */
		return min( 600, max( 1, (int) apply_filters( 'mcp_native_client_request_timeout', self::DEFAULT_TIMEOUT ) ) );
	}
}
