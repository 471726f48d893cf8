<?php
/**
 * The one wire encoding of JSON Schemas: every schema that leaves the server goes through it.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Fallback\SchemaKeywords;

/**
 * A schema leaves the server as the contract's transform made it (Contract::transform_to_object_schema:
 * WordPress-only keys and values JSON cannot carry removed at every depth, objects converted,
 * cycles cut, empty sub-schema maps removed, non-object roots wrapped), plus the rules the
 * transform does not apply yet, applied here copy-on-write (branches that need nothing are not
 * copied; most schemas come back as the transform's very array):
 *
 *  - an empty sub-schema (`[]` in PHP) is the JSON object `{}`, and a map of sub-schemas whose
 *    keys PHP reads as a list stays a JSON object;
 *  - WordPress's draft-3 `required: true` on a property moves to the parent's `required` list; a
 *    `required` that is not a list of names is dropped;
 *  - a tool's root schema always has `type: object` and a `properties` object.
 *
 * Used by tools/list (through the tools' descriptors), get-ability-info and the admin page.
 */
final class SchemaEncoder {

	/** The rule of `required` (not a schema position: a list of names, or WordPress's draft-3 boolean). */
	private const REQUIRED = 'required';

	/** @var array<string, string>|null keyword => position, for the keywords this encoding has a rule for */
	private static ?array $rules = null;

	/** The structural positions of the one keyword table (SchemaKeywords), plus `required`. */
	private static function rules(): array {
		return self::$rules ??= array_filter(
			SchemaKeywords::POSITIONS,
			static fn( string $position ) => SchemaKeywords::DATA !== $position && SchemaKeywords::WORDPRESS_ONLY !== $position
		) + array( 'required' => self::REQUIRED );
	}

	/**
	 * A tool's inputSchema/outputSchema from an ability's schema.
	 *
	 * @param array<string, mixed> $source      The ability's schema ([] = none).
	 * @param string               $wrapper_key Property a non-object schema is wrapped in.
	 * @return array{schema: array<string, mixed>, wrapper: ?string} The wire schema (type object) and
	 *                                                                the wrapper used, if any.
	 * @throws \McpNative\SchemaException  From the transform (nesting too deep).
	 * @throws \UnexpectedValueException When the transform did not give an object schema.
	 */
	public static function tool_schema( array $source, string $wrapper_key ): array {
		$transformed = Contract::transform_to_object_schema( $source, $wrapper_key );
		$schema      = $transformed['schema'] ?? null;
		$type        = is_array( $schema ) ? ( $schema['type'] ?? null ) : null;
		if ( 'object' !== $type && ! ( is_array( $type ) && in_array( 'object', $type, true ) ) ) {
			throw new \UnexpectedValueException( sprintf( 'the schema converted to type %s, not object', is_string( $type ) ? $type : gettype( $type ) ) );
		}
		$schema         = self::schema( $schema );
		$schema['type'] = 'object';
		if ( ! isset( $schema['properties'] ) ) {
			$schema['properties'] = new \stdClass();
		}
		$wrapper = empty( $transformed['was_transformed'] ) ? null : ( is_string( $transformed['wrapper_property'] ?? null ) ? $transformed['wrapper_property'] : $wrapper_key );
		return array(
			'schema'  => $schema,
			'wrapper' => $wrapper,
		);
	}

	/**
	 * An ability's own schema as clients see it (not wrapped): get-ability-info, the admin page.
	 * No schema is `{}`.
	 *
	 * @param array<string, mixed> $source The ability's schema.
	 * @throws \McpNative\SchemaException From the transform (nesting too deep).
	 */
	public static function ability_schema( array $source ): array|\stdClass {
		if ( array() === $source ) {
			return new \stdClass();
		}
		$transformed = Contract::transform_to_object_schema( $source, 'input' );
		$schema      = $transformed['schema'];
		if ( ! empty( $transformed['was_transformed'] ) ) {
			$schema = $schema['properties'][ $transformed['wrapper_property'] ];
		}
		$schema = self::schema( $schema );
		return array() === $schema ? new \stdClass() : $schema;
	}

	/**
	 * The wire form of a transformed schema value (a schema, a boolean schema, or what the
	 * transform left in a schema position).
	 */
	private static function schema( mixed $schema ): mixed {
		if ( ! is_array( $schema ) ) {
			return $schema;
		}
		if ( array() === $schema ) {
			return new \stdClass();
		}
		// Most schemas (leaves) have no keyword with a rule: one C-level intersection decides.
		$rules = self::rules();
		$ruled = array_intersect_key( $schema, $rules );
		if ( array() === $ruled ) {
			return $schema;
		}
		$out      = $schema;
		$promoted = array();
		foreach ( $ruled as $key => $value ) {
			switch ( $rules[ $key ] ) {
				case SchemaKeywords::SCHEMA_MAP:
					$new = is_array( $value ) ? self::map( $value, 'properties' === $key, $promoted ) : $value;
					break;
				case SchemaKeywords::SCHEMA:
					$new = is_array( $value ) ? self::schema( $value ) : $value;
					break;
				case SchemaKeywords::SCHEMA_OR_LIST:
					$new = is_array( $value ) && array_is_list( $value ) && array() !== $value ? self::schemas( $value ) : self::schema( $value );
					break;
				case SchemaKeywords::SCHEMA_LIST:
					$new = is_array( $value ) ? self::schemas( array_values( $value ) ) : $value;
					break;
				case SchemaKeywords::MAP_OF_SCHEMA_OR_LIST:
					$new = is_array( $value ) ? self::dependencies( $value ) : $value;
					break;
				default: // REQUIRED.
					if ( ! is_array( $value ) ) {
						unset( $out['required'] ); // A draft-3 boolean outside `properties` means nothing on the wire.
						continue 2;
					}
					$new = self::names( $value );
			}
			if ( $new !== $value ) {
				$out[ $key ] = $new;
			}
		}
		if ( array() !== $promoted ) {
			$out['required'] = array_values( array_unique( array_merge( is_array( $out['required'] ?? null ) ? $out['required'] : array(), $promoted ) ) );
		}
		return $out;
	}

	/**
	 * A map of sub-schemas; for `properties`, collects the names marked draft-3 `required: true`.
	 *
	 * @param array<int|string, mixed> $map        The map.
	 * @param bool                     $properties Whether it is a `properties` map.
	 * @param list<string>             $promoted   Collects the names to require.
	 */
	private static function map( array $map, bool $properties, array &$promoted ): array|\stdClass {
		$out = $map;
		foreach ( $map as $name => $sub ) {
			if ( $properties && is_array( $sub ) && isset( $sub['required'] ) && is_bool( $sub['required'] ) ) {
				if ( true === $sub['required'] ) {
					$promoted[] = (string) $name;
				}
				unset( $sub['required'] );
			}
			if ( ! is_array( $sub ) ) {
				continue;
			}
			$new = self::schema( $sub );
			if ( $new !== $map[ $name ] ) {
				$out[ $name ] = $new;
			}
		}
		// Names PHP stores as integer keys 0..n-1 would otherwise reach the wire as a JSON array.
		return array_is_list( $out ) ? (object) $out : $out;
	}

	/**
	 * A list of sub-schemas.
	 *
	 * @param list<mixed> $list The list.
	 */
	private static function schemas( array $list ): array {
		foreach ( $list as $index => $sub ) {
			$new = self::schema( $sub );
			if ( $new !== $sub ) {
				$list[ $index ] = $new;
			}
		}
		return $list;
	}

	/**
	 * `dependencies`: each entry a list of names or a sub-schema.
	 *
	 * @param array<int|string, mixed> $dependencies The map.
	 */
	private static function dependencies( array $dependencies ): array|\stdClass {
		$out = $dependencies;
		foreach ( $dependencies as $name => $sub ) {
			if ( ! ( is_array( $sub ) && array_is_list( $sub ) && array() !== $sub ) ) {
				$new = self::schema( $sub );
				if ( $new !== $sub ) {
					$out[ $name ] = $new;
				}
			}
		}
		return array_is_list( $out ) ? (object) $out : $out;
	}

	/**
	 * A `required` list: names only, as strings.
	 *
	 * @param array<int|string, mixed> $names The list.
	 * @return list<string>
	 */
	private static function names( array $names ): array {
		foreach ( $names as $name ) {
			if ( ! is_string( $name ) ) {
				return array_values( array_map( 'strval', array_filter( $names, 'is_scalar' ) ) );
			}
		}
		return array_is_list( $names ) ? $names : array_values( $names );
	}
}
