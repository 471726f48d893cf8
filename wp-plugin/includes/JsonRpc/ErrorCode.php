<?php
/**
 * JSON-RPC error codes used by the plugin.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\JsonRpc;

/**
 * Standard JSON-RPC 2.0 codes plus the server-defined ones existing MCP clients know.
 */
final class ErrorCode {
	public const PARSE_ERROR      = -32700;
	public const INVALID_REQUEST  = -32600;
	public const METHOD_NOT_FOUND = -32601;
	public const INVALID_PARAMS   = -32602;
	public const INTERNAL_ERROR   = -32603;

	/** Unknown or expired session (official adapter's code; mcp-wordpress-remote re-initialises on it). */
	public const SESSION_NOT_FOUND = -32005;

	/** Authentication missing or invalid (official adapter's code). */
	public const UNAUTHORIZED = -32010;

	/** Authenticated but not allowed (capability, Origin). */
	public const FORBIDDEN = -32011;

	/** 2026-07-28: an HTTP header disagrees with the body, or a required one is missing (HeaderMismatchError). */
	public const HEADER_MISMATCH = -32020;

	/** 2026-07-28: the request needs a client capability the client did not declare (MissingRequiredClientCapabilityError). */
	public const MISSING_CLIENT_CAPABILITY = -32021;

	/** 2026-07-28: the request's protocol version is not served here (UnsupportedProtocolVersionError). */
	public const UNSUPPORTED_PROTOCOL_VERSION = -32022;
}
