<?php
/**
 * JSON Schemas made safe for the wire.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * Walks a JSON Schema (PHP arrays, possibly with stdClass) and returns a structure in which
 * every place that must be a JSON object is a stdClass: map-valued keywords (`properties`,
 * `patternProperties`, `$defs`, `definitions`, `dependentSchemas`) and empty sub-schemas.
 * An empty `properties` therefore encodes as `{}`, never `[]`, at any depth, while a property
 * merely *named* "properties" is left alone.
 */
final class SchemaEncoder {

	private const MAP_KEYWORDS = array( 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas' );

	private const SCHEMA_KEYWORDS = array(
		'additionalProperties',
		'additionalItems',
		'unevaluatedProperties',
		'unevaluatedItems',
		'propertyNames',
		'contains',
		'not',
		'if',
		'then',
		'else',
		'contentSchema',
	);

	private const LIST_KEYWORDS = array( 'allOf', 'anyOf', 'oneOf', 'prefixItems' );

	private const MAX_DEPTH = 64;

	/**
	 * A root schema (tool inputSchema/outputSchema): always an object with `type: object`
	 * and a `properties` object.
	 *
	 * @param array<string, mixed> $schema Schema.
	 */
	public static function encode_root( array $schema ): \stdClass {
		if ( ! isset( $schema['type'] ) ) {
			$schema = array( 'type' => 'object' ) + $schema;
		}
		if ( ! array_key_exists( 'properties', $schema ) && 'object' === $schema['type'] ) {
			$schema['properties'] = array();
		}
		$encoded = self::encode_schema( $schema, 0 );
		return $encoded instanceof \stdClass ? $encoded : new \stdClass();
	}

	/**
	 * Any schema value (array, stdClass, bool).
	 */
	public static function encode_schema( mixed $schema, int $depth = 0 ): mixed {
		if ( is_bool( $schema ) ) {
			return $schema;
		}
		if ( $schema instanceof \stdClass ) {
			$schema = get_object_vars( $schema );
		}
		if ( ! is_array( $schema ) ) {
			return $schema;
		}
		if ( $depth > self::MAX_DEPTH ) {
			return new \stdClass();
		}
		$out               = new \stdClass();
		$promoted_required = array();
		foreach ( $schema as $key => $value ) {
			$key = (string) $key;
			if ( in_array( $key, self::MAP_KEYWORDS, true ) && ( is_array( $value ) || $value instanceof \stdClass ) ) {
				$map = new \stdClass();
				foreach ( ( $value instanceof \stdClass ? get_object_vars( $value ) : $value ) as $name => $sub ) {
					if ( 'properties' === $key && is_array( $sub ) && array_key_exists( 'required', $sub ) && is_bool( $sub['required'] ) ) {
						// WordPress (draft-03) style `required: true` on a property: move it to the parent's list.
						if ( true === $sub['required'] ) {
							$promoted_required[] = (string) $name;
						}
						unset( $sub['required'] );
					}
					$map->{(string) $name} = self::encode_schema( $sub, $depth + 1 );
				}
				$out->{$key} = $map;
			} elseif ( 'required' === $key ) {
				if ( is_array( $value ) ) {
					$out->required = array_values( array_map( 'strval', array_filter( $value, 'is_scalar' ) ) );
				}
				// A non-array `required` (bool) at schema level is not JSON Schema: dropped.
			} elseif ( in_array( $key, self::SCHEMA_KEYWORDS, true ) ) {
				$out->{$key} = self::encode_schema( $value, $depth + 1 );
			} elseif ( 'items' === $key ) {
				if ( is_array( $value ) && array() !== $value && array_is_list( $value ) ) {
					$out->items = array_map( static fn( $sub ) => self::encode_schema( $sub, $depth + 1 ), $value );
				} else {
					$out->items = self::encode_schema( $value, $depth + 1 );
				}
			} elseif ( in_array( $key, self::LIST_KEYWORDS, true ) && is_array( $value ) ) {
				$out->{$key} = array_map( static fn( $sub ) => self::encode_schema( $sub, $depth + 1 ), array_values( $value ) );
			} elseif ( 'dependencies' === $key && ( is_array( $value ) || $value instanceof \stdClass ) ) {
				$deps = new \stdClass();
				foreach ( ( $value instanceof \stdClass ? get_object_vars( $value ) : $value ) as $name => $sub ) {
					$deps->{(string) $name} = ( is_array( $sub ) && array_is_list( $sub ) && array() !== $sub ) ? $sub : self::encode_schema( $sub, $depth + 1 );
				}
				$out->dependencies = $deps;
			} else {
				$out->{$key} = $value;
			}
		}
		if ( array() !== $promoted_required ) {
			$existing      = isset( $out->required ) && is_array( $out->required ) ? $out->required : array();
			$out->required = array_values( array_unique( array_merge( $existing, $promoted_required ) ) );
		}
		return $out;
	}
}
