<?php
/**
 * The per-request `_meta` of the stateless revision.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Handlers\LoggingHandler;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\ProtocolVersion;

/**
 * At 2026-07-28 there is no initialize: every request names its protocol version and the
 * client's capabilities in `params._meta` (clientInfo and logLevel optional). A request belongs
 * to that revision when its body says so (`_meta` protocolVersion, body-primary) or, lacking
 * one, when the transport's declared version (the HTTP header) names it; anything else is a
 * handshake-era request, handled exactly as before.
 */
final class RequestMeta {

	public const PROTOCOL_VERSION    = 'io.modelcontextprotocol/protocolVersion';
	public const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
	public const CLIENT_INFO         = 'io.modelcontextprotocol/clientInfo';
	public const LOG_LEVEL           = 'io.modelcontextprotocol/logLevel';

	private function __construct(
		public readonly string $protocol_version,
		public readonly \stdClass $client_capabilities,
		public readonly ?\stdClass $client_info,
		public readonly ?string $log_level
	) {}

	/**
	 * The `_meta` protocolVersion a request's body carries, as sent (null when absent).
	 */
	public static function claimed_version( Message $message ): mixed {
		$meta = $message->param( '_meta' );
		return ( $meta instanceof \stdClass && property_exists( $meta, self::PROTOCOL_VERSION ) ) ? $meta->{self::PROTOCOL_VERSION} : null;
	}

	/**
	 * Whether a request speaks the stateless revision (or claims a version only it could be).
	 *
	 * @param string|null $declared_version The transport's declared version (HTTP header), if any.
	 */
	public static function is_stateless_request( Message $message, ?string $declared_version ): bool {
		$claimed = self::claimed_version( $message );
		if ( null !== $claimed ) {
			return ! ProtocolVersion::is_handshake( $claimed );
		}
		return ProtocolVersion::is_stateless( $declared_version );
	}

	/**
	 * The validated `_meta` of a stateless request.
	 *
	 * @throws JsonRpcError -32022 for a version not served; -32602 (HTTP 400) for a missing or malformed key.
	 */
	public static function of( Message $message ): self {
		$claimed = self::claimed_version( $message );
		if ( null !== $claimed && ! ProtocolVersion::is_stateless( $claimed ) ) {
			throw ErrorFactory::unsupported_stateless_version( $claimed, $message->id );
		}
		$meta = $message->param( '_meta' );
		if ( ! $meta instanceof \stdClass ) {
			throw ErrorFactory::invalid_request_meta( 'missing _meta keys: ' . self::PROTOCOL_VERSION . ', ' . self::CLIENT_CAPABILITIES, $message->id );
		}
		$missing = array();
		foreach ( array( self::PROTOCOL_VERSION, self::CLIENT_CAPABILITIES ) as $key ) {
			if ( ! property_exists( $meta, $key ) || null === $meta->{$key} ) {
				$missing[] = $key;
			}
		}
		if ( array() !== $missing ) {
			throw ErrorFactory::invalid_request_meta( 'missing _meta keys: ' . implode( ', ', $missing ), $message->id );
		}
		$capabilities = $meta->{self::CLIENT_CAPABILITIES};
		if ( ! $capabilities instanceof \stdClass && array() !== $capabilities ) {
			throw ErrorFactory::invalid_request_meta( '_meta ' . self::CLIENT_CAPABILITIES . ' must be an object', $message->id );
		}
		$client_info = $meta->{self::CLIENT_INFO} ?? null;
		if ( null !== $client_info && ! $client_info instanceof \stdClass ) {
			throw ErrorFactory::invalid_request_meta( '_meta ' . self::CLIENT_INFO . ' must be an object', $message->id );
		}
		$log_level = $meta->{self::LOG_LEVEL} ?? null;
		if ( null !== $log_level && ( ! is_string( $log_level ) || ! in_array( $log_level, LoggingHandler::LEVELS, true ) ) ) {
			throw ErrorFactory::invalid_request_meta( '_meta ' . self::LOG_LEVEL . ' must be one of ' . implode( ', ', LoggingHandler::LEVELS ), $message->id );
		}
		return new self(
			(string) $claimed,
			$capabilities instanceof \stdClass ? $capabilities : new \stdClass(),
			$client_info,
			$log_level
		);
	}

	/**
	 * Whether the client declared a capability on this request (servers must not infer it from earlier ones).
	 */
	public function has_capability( string $name ): bool {
		return property_exists( $this->client_capabilities, $name ) && null !== $this->client_capabilities->{$name};
	}
}
