<?php
/**
 * One incoming JSON-RPC 2.0 message, validated and classified.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\JsonRpc;

use McpNative\Plugin\Json;

/**
 * A request (method + id), a notification (method, no id) or a response from the client
 * (result/error + id).
 */
final class Message {

	public const REQUEST      = 'request';
	public const NOTIFICATION = 'notification';
	public const RESPONSE     = 'response';

	/**
	 * @param string                $kind   One of the constants.
	 * @param string|int|float|null $id     Request id (null for notifications).
	 * @param string|null           $method Method name (null for responses).
	 * @param \stdClass|array|null  $params Params as decoded (stdClass for objects).
	 */
	private function __construct(
		public readonly string $kind,
		public readonly string|int|float|null $id,
		public readonly ?string $method,
		public readonly \stdClass|array|null $params,
		public readonly ?\stdClass $response = null
	) {}

	/**
	 * Parses a raw HTTP body into a message.
	 *
	 * @throws JsonRpcError On malformed JSON, batches or invalid JSON-RPC.
	 */
	public static function parse( string $body ): self {
		if ( '' === trim( $body ) ) {
			throw ErrorFactory::parse_error( 'Empty request body' );
		}
		$decoded = Json::decode( $body, $ok );
		if ( ! $ok ) {
			throw ErrorFactory::parse_error();
		}
		if ( is_array( $decoded ) ) {
			throw ErrorFactory::batch_not_supported();
		}
		if ( ! $decoded instanceof \stdClass ) {
			throw ErrorFactory::invalid_request( 'a JSON-RPC message must be a JSON object' );
		}
		return self::from_object( $decoded );
	}

	/**
	 * @throws JsonRpcError When the object is not valid JSON-RPC 2.0.
	 */
	public static function from_object( \stdClass $message ): self {
		$has_id = property_exists( $message, 'id' );
		$id     = $has_id ? $message->id : null;
		if ( $has_id && null !== $id && ! is_string( $id ) && ! is_int( $id ) && ! is_float( $id ) ) {
			throw ErrorFactory::invalid_request( 'id must be a string or a number' );
		}
		if ( is_float( $id ) && ! is_finite( $id ) ) {
			// 1e400 decodes to INF, which no JSON response can carry back.
			throw ErrorFactory::invalid_request( 'id must be a string or a finite number' );
		}
		$safe_id = ( is_string( $id ) || is_int( $id ) || is_float( $id ) ) ? $id : null;

		if ( ! property_exists( $message, 'jsonrpc' ) || '2.0' !== $message->jsonrpc ) {
			throw ErrorFactory::invalid_request( 'jsonrpc version must be "2.0"', $safe_id );
		}

		if ( property_exists( $message, 'method' ) ) {
			if ( ! is_string( $message->method ) || '' === $message->method ) {
				throw ErrorFactory::invalid_request( 'method must be a non-empty string', $safe_id );
			}
			$params = property_exists( $message, 'params' ) ? $message->params : null;
			if ( null !== $params && ! $params instanceof \stdClass && ! is_array( $params ) ) {
				throw ErrorFactory::invalid_request( 'params must be an object', $safe_id );
			}
			if ( ! $has_id ) {
				return new self( self::NOTIFICATION, null, $message->method, $params );
			}
			if ( null === $id ) {
				throw ErrorFactory::invalid_request( 'id must not be null', null );
			}
			return new self( self::REQUEST, $id, $message->method, $params );
		}

		if ( property_exists( $message, 'result' ) || property_exists( $message, 'error' ) ) {
			if ( ! $has_id ) {
				throw ErrorFactory::invalid_request( 'Response messages must have an id field' );
			}
			return new self( self::RESPONSE, $safe_id, null, null, $message );
		}

		throw ErrorFactory::invalid_request( 'a message needs a method (request or notification) or a result/error (response)', $safe_id );
	}

	/**
	 * A param by name from an object-shaped params member.
	 */
	public function param( string $name ): mixed {
		if ( $this->params instanceof \stdClass && property_exists( $this->params, $name ) ) {
			return $this->params->{$name};
		}
		return null;
	}

	public function has_param( string $name ): bool {
		return $this->params instanceof \stdClass && property_exists( $this->params, $name );
	}
}
