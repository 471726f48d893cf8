<?php
/**
 * Ability annotations (WordPress names) to MCP tool annotations.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * readonly -> readOnlyHint, destructive -> destructiveHint, idempotent -> idempotentHint;
 * MCP names (readOnlyHint, …, openWorldHint, title) are accepted as given. A non-null WordPress
 * value wins over the MCP one. Booleans are normalised (true/false, 1/0, "true"/"false",
 * "1"/"0" case-insensitively); anything else is dropped, as are nulls.
 */
final class AnnotationMapper {

	/** MCP field => WordPress alias (or null). Order is the output order. */
	private const TOOL_FIELDS = array(
		'readOnlyHint'    => 'readonly',
		'destructiveHint' => 'destructive',
		'idempotentHint'  => 'idempotent',
		'openWorldHint'   => null,
		'title'           => null,
	);

	/**
	 * An ability's MCP tool annotations, from its meta.annotations: what its tool descriptor
	 * says, and what the OAuth scope, the "ask first" default and the admin screens read.
	 *
	 * @return array<string, bool|string> MCP tool annotations (possibly empty).
	 */
	public static function of( \WP_Ability $ability ): array {
		$annotations = $ability->get_meta()['annotations'] ?? null;
		return is_array( $annotations ) ? self::map_tool( $annotations ) : array();
	}

	/**
	 * @param array<string, mixed> $annotations Ability meta.annotations.
	 * @return array<string, bool|string> MCP tool annotations (possibly empty).
	 */
	public static function map_tool( array $annotations ): array {
		$out = array();
		foreach ( self::TOOL_FIELDS as $mcp_field => $wp_field ) {
			$value = null;
			if ( null !== $wp_field && array_key_exists( $wp_field, $annotations ) && null !== $annotations[ $wp_field ] ) {
				$value = $annotations[ $wp_field ];
			} elseif ( array_key_exists( $mcp_field, $annotations ) ) {
				$value = $annotations[ $mcp_field ];
			}
			if ( null === $value ) {
				continue;
			}
			if ( 'title' === $mcp_field ) {
				if ( ! is_scalar( $value ) ) {
					continue;
				}
				$title = trim( (string) $value );
				if ( '' !== $title ) {
					$out['title'] = $title;
				}
				continue;
			}
			$bool = self::to_bool( $value );
			if ( null !== $bool ) {
				$out[ $mcp_field ] = $bool;
			}
		}
		return $out;
	}

	/**
	 * Strict boolean normalisation; null when the value is not a recognised boolean.
	 */
	public static function to_bool( mixed $value ): ?bool {
		if ( is_bool( $value ) ) {
			return $value;
		}
		if ( is_int( $value ) ) {
			return 1 === $value ? true : ( 0 === $value ? false : null );
		}
		if ( is_string( $value ) ) {
			$normalized = strtolower( trim( $value ) );
			if ( 'true' === $normalized || '1' === $normalized ) {
				return true;
			}
			if ( 'false' === $normalized || '0' === $normalized ) {
				return false;
			}
		}
		return null;
	}

	/**
	 * Annotations of a resource, a resource template or a prompt (MCP's shared Annotations):
	 * audience (a list of "user"/"assistant"), priority (a number from 0 to 1), lastModified (an
	 * ISO 8601 date-time). Invalid fields are dropped.
	 *
	 * @param array<string, mixed> $annotations
	 * @return array<string, mixed>
	 */
	public static function map_content( array $annotations ): array {
		$out = array();
		if ( is_array( $annotations['audience'] ?? null ) ) {
			$audience = array_values( array_unique( array_intersect( $annotations['audience'], array( 'user', 'assistant' ) ) ) );
			if ( array() !== $audience && count( $audience ) === count( $annotations['audience'] ) ) {
				$out['audience'] = $audience;
			}
		}
		$priority = $annotations['priority'] ?? null;
		if ( ( is_int( $priority ) || is_float( $priority ) ) && $priority >= 0 && $priority <= 1 ) {
			$out['priority'] = $priority;
		}
		$modified = $annotations['lastModified'] ?? null;
		if ( is_string( $modified ) && preg_match( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/', $modified ) ) {
			$out['lastModified'] = $modified;
		}
		return $out;
	}
}
