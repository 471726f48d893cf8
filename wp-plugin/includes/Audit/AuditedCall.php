<?php
/**
 * One audited request: timed around its handler, recorded when it ends.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

use McpNative\Plugin\ArgumentProfile;
use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Logger;
use McpNative\Plugin\Protocol\ClientInfo;
use McpNative\Plugin\Protocol\Notifier;
use McpNative\Plugin\Protocol\RequestMeta;
use McpNative\Plugin\Protocol\SessionScope;
use McpNative\Plugin\Server;
use McpNative\Plugin\Tools\ToolResult;

/**
 * The dispatcher hands every request's handler to run(): the three audited methods are timed
 * and recorded (one INSERT, then the action), everything else runs straight through. A 2026-07-28
 * round that answers input_required is not recorded: the round that completes the call is.
 */
final class AuditedCall {

	/** The methods recorded, and where their arguments are. */
	private const METHODS = array(
		'tools/call'     => 'arguments',
		'prompts/get'    => 'arguments',
		'resources/read' => null,
	);

	/** isError codes meaning nothing ran (the rest of an isError result is a tool error). */
	private const REFUSAL_CODES = array( ArgumentProfile::ERROR_CODE, 'ability_invalid_input', 'ability_invalid_permissions', 'rest_forbidden', 'ability_not_found', 'missing_ability_name' );

	/** @var list<self> The audited calls being handled (innermost last). */
	private static array $in_flight = array();

	private ?string $marked_outcome = null;

	private string $marked_code = '';

	private string $ability = '';

	private function __construct( private readonly Message $message ) {}

	/**
	 * Runs a request's handler; records it when its method is audited.
	 *
	 * @template T
	 * @param callable(): T $handler
	 * @return T
	 */
	public static function run( Server $server, Message $message, SessionScope $session, ?RequestMeta $meta, callable $handler ): mixed {
		if ( ! array_key_exists( (string) $message->method, self::METHODS ) || ! AuditLog::enabled() ) {
			return $handler();
		}
		$call              = new self( $message );
		self::$in_flight[] = $call;
		$started           = hrtime( true );
		$result            = null;
		$thrown            = null;
		try {
			$result = $handler();
			return $result;
		} catch ( \Throwable $e ) {
			$thrown = $e;
			throw $e;
		} finally {
			array_pop( self::$in_flight );
			$call->record( $server, $session, $meta, $result, $thrown, ( hrtime( true ) - $started ) / 1e6 );
		}
	}

	/** The audited call being handled, if any. */
	public static function current(): ?self {
		return array() === self::$in_flight ? null : self::$in_flight[ count( self::$in_flight ) - 1 ];
	}

	/**
	 * The ability the call runs (AbilityInvoker tells, for every kind of call); the first one counts.
	 */
	public static function note_ability( string $name ): void {
		$call = self::current();
		if ( null !== $call && '' === $call->ability ) {
			$call->ability = $name;
		}
	}

	/** AuditLog::mark_outcome(). */
	public function mark( string $outcome, string $error_code ): void {
		$this->marked_outcome = $outcome;
		$this->marked_code    = $error_code;
	}

	private function record( Server $server, SessionScope $session, ?RequestMeta $meta, mixed $result, ?\Throwable $thrown, float $duration_ms ): void {
		if ( is_array( $result ) && 'input_required' === ( $result['resultType'] ?? null ) && null === $this->marked_outcome ) {
			return;
		}
		[ $outcome, $code, $error_type ] = $this->outcome( $result, $thrown );
		$client = null === $meta ? $session->client() : ClientInfo::from_object( $meta->client_info, null, $meta->protocol_version );
		$key    = self::METHODS[ (string) $this->message->method ];
		$target = $this->message->param( 'tools/call' === $this->message->method || 'prompts/get' === $this->message->method ? 'name' : 'uri' );
		try {
			AuditEvent::emit(
				array(
					'server'     => $server->id,
					'method'     => (string) $this->message->method,
					'request_id' => $this->message->id,
					'target'     => is_string( $target ) || is_int( $target ) ? trim( (string) $target ) : '',
					'ability'    => $this->ability,
					'outcome'    => $outcome,
					'error_code' => $code,
					'error_type' => $error_type,
					'duration'   => $duration_ms,
					'arguments'  => null === $key ? null : $this->message->param( $key ),
				),
				$client
			);
		} catch ( \Throwable $e ) {
			// The audit log never breaks a call; the failure is logged.
			Logger::warning_throttled( 'The audit log could not record a call: ' . $e->getMessage(), array( 'server' => $server->id ) );
		}
	}

	/**
	 * @return array{0: string, 1: string, 2: string} Outcome, error code, OpenTelemetry error.type.
	 */
	private function outcome( mixed $result, ?\Throwable $thrown ): array {
		if ( null !== $this->marked_outcome ) {
			return array( $this->marked_outcome, $this->marked_code, AuditLog::SUCCESS === $this->marked_outcome ? '' : $this->marked_outcome );
		}
		if ( Notifier::current()?->was_cancelled() ) {
			return array( AuditLog::CANCELLED, '', AuditLog::CANCELLED );
		}
		if ( $thrown instanceof JsonRpcError ) {
			$data = is_array( $thrown->data ) ? ( $thrown->data['code'] ?? null ) : null;
			$code = is_string( $data ) ? $data : (string) $thrown->rpc_code;
			return array( ErrorCode::INTERNAL_ERROR === $thrown->rpc_code ? AuditLog::TOOL_ERROR : AuditLog::REFUSED, $code, (string) $thrown->rpc_code );
		}
		if ( null !== $thrown ) {
			return array( AuditLog::TOOL_ERROR, 'exception', get_class( $thrown ) );
		}
		if ( is_array( $result ) && true === ( $result['isError'] ?? null ) ) {
			$code = self::tool_error_code( $result );
			return array( in_array( $code, self::REFUSAL_CODES, true ) ? AuditLog::REFUSED : AuditLog::TOOL_ERROR, $code, 'tool_error' );
		}
		return array( AuditLog::SUCCESS, '', '' );
	}

	/**
	 * The error code of an isError CallToolResult (ToolResult puts it in structuredContent or `_meta`).
	 *
	 * @param array<string, mixed> $result
	 */
	private static function tool_error_code( array $result ): string {
		$structured = $result['structuredContent'] ?? null;
		$error      = $structured instanceof \stdClass ? ( $structured->error ?? null ) : ( is_array( $structured ) ? ( $structured['error'] ?? null ) : null );
		if ( null === $error ) {
			$meta  = $result['_meta'] ?? null;
			$error = $meta instanceof \stdClass ? ( $meta->{ToolResult::ERROR_META_KEY} ?? null ) : null;
		}
		$code = $error instanceof \stdClass ? ( $error->code ?? '' ) : ( is_array( $error ) ? ( $error['code'] ?? '' ) : '' );
		return is_string( $code ) ? $code : '';
	}
}
