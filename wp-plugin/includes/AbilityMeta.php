<?php
/**
 * Reading the MCP keys of an ability's meta.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * `meta.mcp.{key}` first, then the top-level `meta.{key}` the official adapter still accepts
 * (deprecated there since 0.5: `uri`, `mimeType`, `annotations`, `size`).
 */
final class AbilityMeta {

	public const TOOL     = 'tool';
	public const RESOURCE = 'resource';
	public const PROMPT   = 'prompt';

	/**
	 * meta.mcp as an array.
	 *
	 * @return array<string, mixed>
	 */
	public static function mcp( \WP_Ability $ability ): array {
		$mcp = $ability->get_meta()['mcp'] ?? null;
		return is_array( $mcp ) ? $mcp : array();
	}

	/**
	 * meta.mcp.type: tool (default), resource or prompt.
	 */
	public static function type( \WP_Ability $ability ): string {
		$type = self::mcp( $ability )['type'] ?? self::TOOL;
		return in_array( $type, array( self::RESOURCE, self::PROMPT ), true ) ? $type : self::TOOL;
	}

	/**
	 * Whether an ability is exposed through the default server (the adapter's rule since 0.6):
	 * meta.mcp.public when it is set, else the top-level meta.public; a meta.mcp that is not an
	 * array exposes nothing.
	 */
	public static function is_public( \WP_Ability $ability ): bool {
		$meta = $ability->get_meta();
		if ( isset( $meta['mcp'] ) && ! is_array( $meta['mcp'] ) ) {
			return false;
		}
		return true === ( $meta['mcp']['public'] ?? $meta['public'] ?? null );
	}

	public static function get( \WP_Ability $ability, string $key ): mixed {
		$mcp = self::mcp( $ability );
		if ( isset( $mcp[ $key ] ) ) {
			return $mcp[ $key ];
		}
		return $ability->get_meta()[ $key ] ?? null;
	}

	/**
	 * A non-empty string key, trimmed, or null.
	 */
	public static function string( \WP_Ability $ability, string $key ): ?string {
		$value = self::get( $ability, $key );
		return ( is_string( $value ) && '' !== trim( $value ) ) ? trim( $value ) : null;
	}

	/**
	 * meta.mcp._meta when it is a non-empty map.
	 *
	 * @return array<string, mixed>
	 */
	public static function user_meta( \WP_Ability $ability ): array {
		$meta = self::mcp( $ability )['_meta'] ?? null;
		return ( is_array( $meta ) && array() !== $meta && ! array_is_list( $meta ) ) ? $meta : array();
	}

	/**
	 * Names of the public abilities of one type (the default server's resources and prompts).
	 *
	 * @return list<string>
	 */
	public static function public_names( string $type ): array {
		$names = array();
		foreach ( function_exists( 'wp_get_abilities' ) ? wp_get_abilities() : array() as $ability ) {
			if ( $ability instanceof \WP_Ability && self::is_public( $ability ) && self::type( $ability ) === $type ) {
				$names[] = $ability->get_name();
			}
		}
		return $names;
	}
}
