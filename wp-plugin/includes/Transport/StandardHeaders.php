<?php
/**
 * The standard request headers of Streamable HTTP at 2026-07-28.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Protocol\RequestMeta;

/**
 * A stateless request over HTTP repeats parts of its body in headers so that intermediaries can
 * route it without parsing JSON: `MCP-Protocol-Version` (the `_meta` version), `Mcp-Method`, and
 * for the methods that name a target `Mcp-Name`. A missing header or one that disagrees with the
 * body is refused (400, -32020) before anything runs. Values that are not plain visible ASCII
 * travel as `=?base64?…?=`.
 */
final class StandardHeaders {

	/** Methods whose Mcp-Name header mirrors a body param: method => param. */
	private const NAME_SOURCE = array(
		'tools/call'     => 'name',
		'prompts/get'    => 'name',
		'resources/read' => 'uri',
	);

	/**
	 * @param \WP_REST_Request          $request      The HTTP request.
	 * @param Message                   $message      Its JSON-RPC message.
	 * @param array<string, mixed>|null $input_schema For tools/call, the tool's input schema: arguments
	 *                                                whose property declares `x-mcp-header` are mirrored
	 *                                                in an `Mcp-Param-{name}` header that must match.
	 * @throws JsonRpcError -32020 for a missing, malformed or disagreeing header.
	 */
	public static function check( \WP_REST_Request $request, Message $message, ?array $input_schema = null ): void {
		$version = $request->get_header( 'mcp-protocol-version' );
		if ( null === $version || '' === $version ) {
			throw ErrorFactory::header_mismatch( 'missing MCP-Protocol-Version header', $message->id );
		}
		$claimed = RequestMeta::claimed_version( $message );
		if ( null !== $claimed && $claimed !== $version ) {
			throw ErrorFactory::header_mismatch( 'MCP-Protocol-Version header does not match _meta ' . RequestMeta::PROTOCOL_VERSION, $message->id );
		}
		$method = self::value( $request, 'mcp-method' );
		if ( null === $method ) {
			throw ErrorFactory::header_mismatch( 'missing Mcp-Method header', $message->id );
		}
		if ( $method !== $message->method ) {
			throw ErrorFactory::header_mismatch( 'Mcp-Method header does not match the body method', $message->id );
		}
		$param = self::NAME_SOURCE[ (string) $message->method ] ?? null;
		$named = null === $param ? null : $message->param( $param );
		if ( ! is_string( $named ) ) {
			return; // Nothing named (or not a string): the handler answers the malformed params.
		}
		$name = self::value( $request, 'mcp-name' );
		if ( null === $name ) {
			throw ErrorFactory::header_mismatch( 'missing Mcp-Name header', $message->id );
		}
		if ( $name !== $named ) {
			throw ErrorFactory::header_mismatch( 'Mcp-Name header does not match params.' . $param, $message->id );
		}
		if ( null !== $input_schema ) {
			self::check_parameters( $request, $message, $input_schema );
		}
	}

	/**
	 * The `x-mcp-header` mirrors of a tools/call (SEP-2243): every argument whose property declares
	 * one, when present in the body, needs its header with the same value (strings as they are,
	 * numbers and booleans in their JSON form).
	 *
	 * @param array<string, mixed> $input_schema
	 * @throws JsonRpcError -32020.
	 */
	private static function check_parameters( \WP_REST_Request $request, Message $message, array $input_schema ): void {
		$arguments = $message->param( 'arguments' );
		if ( ! $arguments instanceof \stdClass || ! is_array( $input_schema['properties'] ?? null ) ) {
			return;
		}
		foreach ( $input_schema['properties'] as $property => $schema ) {
			$header = is_array( $schema ) ? ( $schema['x-mcp-header'] ?? null ) : null;
			if ( ! is_string( $header ) || '' === $header || ! property_exists( $arguments, (string) $property ) || null === $arguments->{$property} ) {
				continue;
			}
			$sent = self::value( $request, 'mcp-param-' . strtolower( $header ) );
			if ( null === $sent ) {
				throw ErrorFactory::header_mismatch( sprintf( 'missing or malformed Mcp-Param-%s header for argument %s', $header, $property ), $message->id );
			}
			$value = $arguments->{$property};
			$same  = match ( true ) {
				is_string( $value ) => $sent === $value,
				is_bool( $value )   => $sent === ( $value ? 'true' : 'false' ),
				is_int( $value ), is_float( $value ) => is_numeric( $sent ) && (float) $sent === (float) $value,
				default             => false, // Objects and lists are never mirrored in a header.
			};
			if ( ! $same ) {
				throw ErrorFactory::header_mismatch( sprintf( 'Mcp-Param-%s header does not match argument %s', $header, $property ), $message->id );
			}
		}
	}

	/**
	 * A header's value, base64 sentinel decoded; null when absent, empty or undecodable.
	 */
	private static function value( \WP_REST_Request $request, string $header ): ?string {
		$value = $request->get_header( $header );
		if ( ! is_string( $value ) || '' === $value ) {
			return null;
		}
		if ( 1 === preg_match( '/^=\?base64\?(.*)\?=$/s', $value, $match ) ) {
			// Strict: the standard alphabet with its padding; anything else is malformed.
			if ( 0 !== strlen( $match[1] ) % 4 || 1 !== preg_match( '/^[A-Za-z0-9+\/]*={0,2}$/', $match[1] ) ) {
				return null;
			}
			$decoded = base64_decode( $match[1], true );
			return false === $decoded ? null : $decoded;
		}
		return $value;
	}
}
