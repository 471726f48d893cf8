<?php
/**
 * Named constructors for every protocol error the server sends.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\JsonRpc;

use McpNative\Plugin\ProtocolVersion;

/**
 * One place for codes, messages and HTTP statuses of protocol errors.
 *
 * Messages of the session errors are the ones existing clients match on
 * (mcp-wordpress-remote re-initialises on -32005 / "Session not found").
 */
final class ErrorFactory {

	public static function parse_error( string $detail = 'Invalid JSON in request body' ): JsonRpcError {
		return new JsonRpcError( ErrorCode::PARSE_ERROR, 'Parse error: ' . $detail, 400 );
	}

	public static function invalid_request( string $detail, string|int|float|null $id = null, int $http_status = 400 ): JsonRpcError {
		return new JsonRpcError( ErrorCode::INVALID_REQUEST, 'Invalid Request: ' . $detail, $http_status, null, $id );
	}

	public static function batch_not_supported(): JsonRpcError {
		return self::invalid_request( 'JSON-RPC batches are not supported (removed in MCP 2025-06-18); send one message per request' );
	}

	public static function body_too_large( int $limit ): JsonRpcError {
		return new JsonRpcError( ErrorCode::INVALID_REQUEST, sprintf( 'Invalid Request: request body exceeds %d bytes', $limit ), 413 );
	}

	/** Longest piece of a client-supplied name echoed in an error message (bytes). */
	private const MAX_ECHO = 200;

	/**
	 * @param int $http_status 200 in the handshake revisions; 404 at 2026-07-28.
	 */
	public static function method_not_found( string $method, string|int|float|null $id = null, int $http_status = 200 ): JsonRpcError {
		return new JsonRpcError( ErrorCode::METHOD_NOT_FOUND, 'Method not found: ' . self::echoable( $method ), $http_status, null, $id );
	}

	public static function invalid_params( string $message, string|int|float|null $id = null ): JsonRpcError {
		return new JsonRpcError( ErrorCode::INVALID_PARAMS, $message, 200, null, $id );
	}

	public static function unknown_tool( string $name, string|int|float|null $id = null ): JsonRpcError {
		return new JsonRpcError( ErrorCode::INVALID_PARAMS, 'Unknown tool: ' . self::echoable( $name ), 200, null, $id );
	}

	public static function internal_error( string|int|float|null $id = null ): JsonRpcError {
		return new JsonRpcError( ErrorCode::INTERNAL_ERROR, 'Internal error', 500, null, $id );
	}

	public static function missing_session( string|int|float|null $id = null ): JsonRpcError {
		return self::invalid_request( 'Missing Mcp-Session-Id header', $id );
	}

	public static function session_not_found( string|int|float|null $id = null ): JsonRpcError {
		return new JsonRpcError( ErrorCode::SESSION_NOT_FOUND, 'Session not found: Invalid or expired session', 404, null, $id );
	}

	/**
	 * A handshake-era request whose MCP-Protocol-Version header names a version not served here.
	 *
	 * @param string $version Version the client sent.
	 */
	public static function unsupported_protocol_version( string $version, string|int|float|null $id = null ): JsonRpcError {
		return new JsonRpcError(
			ErrorCode::INVALID_REQUEST,
			sprintf( 'Bad Request: Unsupported protocol version: %s (supported versions: %s)', self::echoable( $version ), implode( ', ', ProtocolVersion::ALL ) ),
			400,
			array( 'supported' => ProtocolVersion::ALL ),
			$id
		);
	}

	/**
	 * 2026-07-28: the version a request names (in `_meta` and the header) is not served here.
	 *
	 * @param mixed $requested The version the request named.
	 */
	public static function unsupported_stateless_version( mixed $requested, string|int|float|null $id = null ): JsonRpcError {
		$requested = is_string( $requested ) ? self::echoable( $requested ) : (string) wp_json_encode( $requested );
		return new JsonRpcError(
			ErrorCode::UNSUPPORTED_PROTOCOL_VERSION,
			sprintf( 'Unsupported protocol version: %s (supported versions: %s)', $requested, implode( ', ', ProtocolVersion::ALL ) ),
			400,
			array(
				'supported' => ProtocolVersion::ALL,
				'requested' => $requested,
			),
			$id
		);
	}

	/**
	 * 2026-07-28: the request's `_meta` lacks a required key or holds a malformed one (HTTP 400).
	 */
	public static function invalid_request_meta( string $detail, string|int|float|null $id = null ): JsonRpcError {
		return new JsonRpcError( ErrorCode::INVALID_PARAMS, 'Invalid params: ' . $detail, 400, null, $id );
	}

	/**
	 * 2026-07-28 over HTTP: a standard header is missing or disagrees with the body.
	 */
	public static function header_mismatch( string $detail, string|int|float|null $id = null ): JsonRpcError {
		return new JsonRpcError( ErrorCode::HEADER_MISMATCH, 'Header mismatch: ' . self::echoable( $detail ), 400, null, $id );
	}

	/**
	 * 2026-07-28: the request needs client capabilities it did not declare (HTTP 400).
	 *
	 * @param string[] $capabilities Capability names.
	 */
	public static function missing_client_capability( array $capabilities, string|int|float|null $id = null ): JsonRpcError {
		$required = array();
		foreach ( $capabilities as $capability ) {
			$required[ $capability ] = new \stdClass();
		}
		return new JsonRpcError(
			ErrorCode::MISSING_CLIENT_CAPABILITY,
			'Missing required client capability: ' . implode( ', ', $capabilities ),
			400,
			array( 'requiredCapabilities' => (object) $required ),
			$id
		);
	}

	public static function unauthorized( string $message = 'Unauthorized: authentication required (an OAuth access token, an application password over Basic auth, or a cookie with a REST nonce)' ): JsonRpcError {
		return new JsonRpcError( ErrorCode::UNAUTHORIZED, $message, 401 );
	}

	public static function forbidden( string $message ): JsonRpcError {
		return new JsonRpcError( ErrorCode::FORBIDDEN, $message, 403 );
	}

	/**
	 * A client-supplied name as echoed in an error message: at most MAX_ECHO bytes, so an error
	 * never reflects an unbounded request back (a 1 MiB method name gets a short answer).
	 */
	public static function echoable( string $value ): string {
		return strlen( $value ) > self::MAX_ECHO ? substr( $value, 0, self::MAX_ECHO ) . '… (' . strlen( $value ) . ' bytes)' : $value;
	}
}
