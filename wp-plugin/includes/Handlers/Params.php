<?php
/**
 * Reading the params of a request.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Handlers;

use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;

/**
 * Typed access to request params (a JSON object decoded as stdClass); a wrong type is -32602.
 */
final class Params {

	/** Trimmed around names and URIs: whitespace only (a NUL byte is part of the value). */
	private const TRIM = " \t\n\r";

	/**
	 * @param \stdClass|array<mixed>|null $params
	 * @throws JsonRpcError When missing or not a non-empty string.
	 */
	public static function string( \stdClass|array|null $params, string $name ): string {
		$value = self::get( $params, $name );
		if ( ! is_string( $value ) || '' === trim( $value, self::TRIM ) ) {
			throw ErrorFactory::invalid_params( 'Missing required parameter: ' . $name );
		}
		return trim( $value, self::TRIM );
	}

	/**
	 * An optional object param as an array (absent, null or [] = empty).
	 *
	 * @param \stdClass|array<mixed>|null $params
	 * @return array<string, mixed>
	 * @throws JsonRpcError When present and not an object.
	 */
	public static function object( \stdClass|array|null $params, string $name ): array {
		$value = self::get( $params, $name );
		if ( null === $value || array() === $value ) {
			return array();
		}
		if ( ! $value instanceof \stdClass ) {
			throw ErrorFactory::invalid_params( 'Invalid params: ' . $name . ' must be an object' );
		}
		return (array) Json::to_array( $value );
	}

	/**
	 * @param \stdClass|array<mixed>|null $params
	 */
	public static function get( \stdClass|array|null $params, string $name ): mixed {
		return $params instanceof \stdClass && property_exists( $params, $name ) ? $params->{$name} : null;
	}
}
