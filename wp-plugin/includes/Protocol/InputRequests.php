<?php
/**
 * Asking the client for input while a tool, prompt or resource read runs (2026-07-28 input_required results).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

/**
 * The PHP API for abilities, served as tools (tools/call), prompts (prompts/get) or resources
 * (resources/read). Inside an ability's execute_callback:
 *
 *     use McpNative\Plugin\Protocol\InputRequests;
 *
 *     $answer = InputRequests::response( 'confirm' );
 *     if ( null === $answer ) {
 *         return InputRequests::ask( array( 'confirm' => InputRequests::elicitation( 'Delete post 5?', array(
 *             'type' => 'object', 'properties' => array( 'ok' => array( 'type' => 'boolean' ) ), 'required' => array( 'ok' ),
 *         ) ) ) );
 *     }
 *     if ( 'accept' !== ( $answer['action'] ?? '' ) || empty( $answer['content']['ok'] ) ) { ... declined ... }
 *
 * ask() returns a WP_Error the ability returns as is: at 2026-07-28 the server answers the request
 * with `resultType: "input_required"`, the requests, and a signed `requestState` (InputRound);
 * the client asks its user (or model), then sends the request again with the same arguments,
 * `inputResponses` and the state, and the ability runs again, now finding the answers through
 * response(). Earlier answers carry over from round to round. On a 2025-11-25 connection the
 * requests go to the client on the call's SSE stream and the work runs again with the answers
 * (ClientRequests); where that cannot be done (no stream, no session, stdio, a timeout) the
 * WP_Error becomes the tool's error result (the JSON-RPC error of a prompt or resource), saying
 * why. Only ask for what the client declared (client_supports()): asking for more is refused
 * with -32021 at 2026-07-28 and with the error result at 2025-11-25.
 */
final class InputRequests {

	/** Client capability each request method needs. */
	private const CAPABILITY = array(
		'elicitation/create'     => 'elicitation',
		'sampling/createMessage' => 'sampling',
		'roots/list'             => 'roots',
	);

	private static ?self $current = null;

	/** @var array<string, array{method: string, params: mixed}> */
	private array $asked = array();

	/** @var array<string, true> */
	private array $missing_capabilities = array();

	/**
	 * @param array<string, mixed> $responses            Responses available to this run.
	 * @param RequestMeta|null     $meta                 The request's _meta (null in the handshake revisions).
	 * @param list<string>         $session_capabilities What the session's client declared (handshake revisions).
	 * @param string|null          $cannot_ask           Why asking is not possible on this connection (handshake revisions).
	 * @param list<string>         $asked_by_server      Keys whose answer responds to a request this server made.
	 */
	private function __construct(
		private readonly array $responses,
		private readonly ?RequestMeta $meta,
		private readonly array $session_capabilities = array(),
		private readonly ?string $cannot_ask = null,
		private readonly array $asked_by_server = array()
	) {}

	/**
	 * The client's answer to the input request named $key, when it sent one (null otherwise).
	 */
	public static function response( string $key ): mixed {
		return self::$current?->responses[ $key ] ?? null;
	}

	/**
	 * The client's answer to the input request named $key, only when it answers a request this
	 * server made (the signed requestState lists it, or it came back to a request sent in the
	 * session): what a decision such as an approval must rest on, since a client may send any
	 * inputResponses it likes.
	 */
	public static function answer_to_request( string $key ): mixed {
		$current = self::$current;
		return ( null !== $current && in_array( $key, $current->asked_by_server, true ) ) ? ( $current->responses[ $key ] ?? null ) : null;
	}

	/**
	 * Whether the client declared a capability (elicitation, sampling, roots) on this request.
	 */
	public static function client_supports( string $capability ): bool {
		$current = self::$current;
		if ( null === $current ) {
			return false;
		}
		return null !== $current->meta ? $current->meta->has_capability( $capability ) : in_array( $capability, $current->session_capabilities, true );
	}

	/**
	 * Asks the client for input; return the result from the ability.
	 *
	 * @param array<string, array{method: string, params?: mixed}> $requests Key => request (see elicitation(), sampling(), roots()).
	 */
	public static function ask( array $requests ): \WP_Error {
		$methods = array();
		foreach ( $requests as $key => $request ) {
			$method = is_array( $request ) ? ( $request['method'] ?? null ) : null;
			if ( ! is_string( $method ) || ! isset( self::CAPABILITY[ $method ] ) ) {
				return new \WP_Error( 'mcp_invalid_input_request', sprintf( 'Input request "%s" must be elicitation/create, sampling/createMessage or roots/list', $key ) );
			}
			$methods[] = $method;
			if ( null !== self::$current ) {
				self::$current->asked[ (string) $key ] = array(
					'method' => $method,
					'params' => $request['params'] ?? new \stdClass(),
				);
				if ( ! self::client_supports( self::CAPABILITY[ $method ] ) ) {
					self::$current->missing_capabilities[ self::CAPABILITY[ $method ] ] = true;
				}
			}
		}
		$why = self::$current?->cannot_ask ?? 'this connection cannot ask for it (an MCP 2026-07-28 client, or a 2025-11-25 client on a session that accepts an SSE answer, can)';
		return new \WP_Error( 'mcp_input_required', sprintf( 'This request needs input from the client (%s): %s.', implode( ', ', array_unique( $methods ) ), $why ) );
	}

	/**
	 * An elicitation/create request: a message and the (flat object) schema of the answer.
	 *
	 * @param array<string, mixed> $requested_schema
	 * @return array{method: string, params: array<string, mixed>}
	 */
	public static function elicitation( string $message, array $requested_schema ): array {
		return array(
			'method' => 'elicitation/create',
			'params' => array(
				'message'         => $message,
				'requestedSchema' => $requested_schema,
			),
		);
	}

	/**
	 * A sampling/createMessage request: one user message.
	 *
	 * @return array{method: string, params: array<string, mixed>}
	 */
	public static function sampling( string $prompt, int $max_tokens = 256 ): array {
		return array(
			'method' => 'sampling/createMessage',
			'params' => array(
				'messages'  => array(
					array(
						'role'    => 'user',
						'content' => array(
							'type' => 'text',
							'text' => $prompt,
						),
					),
				),
				'maxTokens' => $max_tokens,
			),
		);
	}

	/**
	 * A roots/list request.
	 *
	 * @return array{method: string, params: \stdClass}
	 */
	public static function roots(): array {
		return array(
			'method' => 'roots/list',
			'params' => new \stdClass(),
		);
	}

	/**
	 * Runs an ability's work with the responses available, collecting what it asks (InputRound).
	 *
	 * @param array<string, mixed> $responses
	 * @param list<string>         $session_capabilities What the session's client declared (handshake revisions).
	 * @param string|null          $cannot_ask           Why the client cannot be asked (handshake revisions).
	 * @param list<string>         $asked_by_server      Keys answering a request this server made.
	 * @return array{0: mixed, 1: array<string, array{method: string, params: mixed}>, 2: string[]} The work's
	 *         result, the requests it made, the client capabilities they need that were not declared.
	 */
	public static function collect( ?RequestMeta $meta, array $responses, callable $run, array $session_capabilities = array(), ?string $cannot_ask = null, array $asked_by_server = array() ): array {
		$outer         = self::$current;
		self::$current = new self( $responses, $meta, $session_capabilities, $cannot_ask, $asked_by_server );
		try {
			$result = $run();
			return array( $result, self::$current->asked, array_keys( self::$current->missing_capabilities ) );
		} finally {
			self::$current = $outer;
		}
	}
}
