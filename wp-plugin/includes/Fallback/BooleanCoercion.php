<?php
/**
 * Pure-PHP twin of src/core/argument_profile.rs: the `standard` argument profile's coercion of
 * string booleans, when the extension is not loaded.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Fallback;

/**
 * Replaces string forms of booleans ("true"/"false", "1"/"0", "yes"/"no", "on"/"off", any ASCII
 * case) by booleans where the schema describes a boolean (and not also a string; "1"/"0" stay
 * strings when the schema also allows a number). Follows `properties`, `patternProperties` (the
 * first pattern that matches, read as core reads patterns), `additionalProperties`, and `items`
 * (a schema or a tuple, with `additionalItems`) / `prefixItems`; a value that is no array (an
 * object included) or no string is left as it is.
 *
 * Bounded as the extension is, with the same answers: schemas followed MAX_DEPTH levels, at
 * most MAX_VISITS values visited, in the same order (each value a schema is applied to counts).
 */
final class BooleanCoercion {

	/** Deepest schema level followed (src/core/argument_profile.rs MAX_DEPTH). */
	public const MAX_DEPTH = 64;

	/** Most values one call visits (src/core/argument_profile.rs MAX_VISITS). */
	public const MAX_VISITS = 1000000;

	private const TRUE_STRINGS  = array( 'true', '1', 'yes', 'on' );
	private const FALSE_STRINGS = array( 'false', '0', 'no', 'off' );

	private int $visits = 0;

	/**
	 * `McpNative\coerce_booleans()`.
	 *
	 * @param mixed                $value  Arguments in the ability's own schema shape.
	 * @param array<string, mixed> $schema The ability's input schema.
	 */
	public static function coerce_booleans( mixed $value, array $schema ): mixed {
		return ( new self() )->value( $value, $schema, 0, $changed );
	}

	/**
	 * The value coerced; `$changed` says whether anything was (an unchanged array is not written
	 * to, so it is not copied, as the extension shares it).
	 */
	private function value( mixed $value, mixed $schema, int $depth, ?bool &$changed ): mixed {
		$changed = false;
		if ( ++$this->visits > self::MAX_VISITS || $depth > self::MAX_DEPTH ) {
			return $value;
		}
		if ( $schema instanceof \stdClass ) {
			$schema = get_object_vars( $schema );
		}
		if ( ! is_array( $schema ) ) {
			return $value;
		}
		$types = self::types( $schema );
		if ( is_string( $value ) ) {
			$boolean = self::string_boolean( $value, $types );
			$changed = null !== $boolean;
			return $boolean ?? $value;
		}
		if ( ! is_array( $value ) || array() === $value ) {
			return $value;
		}
		$may_be_array  = in_array( 'array', $types, true ) || ( array() === $types && ( isset( $schema['items'] ) || isset( $schema['prefixItems'] ) ) );
		$may_be_object = in_array( 'object', $types, true ) || ( array() === $types && ! $may_be_array );
		if ( $may_be_array && array_is_list( $value ) ) {
			return $this->items( $value, $schema, $depth, $changed );
		}
		return $may_be_object ? $this->properties( $value, $schema, $depth, $changed ) : $value;
	}

	/**
	 * @param array<string, mixed> $schema Schema.
	 * @return list<string>
	 */
	private static function types( array $schema ): array {
		$type = $schema['type'] ?? null;
		if ( is_string( $type ) ) {
			return array( $type );
		}
		return is_array( $type ) ? array_values( array_filter( $type, 'is_string' ) ) : array();
	}

	/**
	 * The boolean a string stands for where the schema's types make it one, else null.
	 *
	 * @param list<string> $types Types the schema allows.
	 */
	private static function string_boolean( string $value, array $types ): ?bool {
		if ( ! in_array( 'boolean', $types, true ) || in_array( 'string', $types, true ) ) {
			return null;
		}
		$lower = strtolower( $value );
		if ( ( '1' === $lower || '0' === $lower ) && ( in_array( 'integer', $types, true ) || in_array( 'number', $types, true ) ) ) {
			return null; // "1" is as much a number as a boolean here: the verdict is left to validation.
		}
		if ( in_array( $lower, self::TRUE_STRINGS, true ) ) {
			return true;
		}
		return in_array( $lower, self::FALSE_STRINGS, true ) ? false : null;
	}

	/**
	 * A list's items: a tuple (`prefixItems`, or an `items` list with `additionalItems` for the
	 * rest), else `items` for each.
	 *
	 * @param list<mixed>          $value  A list.
	 * @param array<string, mixed> $schema Array schema.
	 */
	private function items( array $value, array $schema, int $depth, ?bool &$changed ): array {
		$items  = self::map( $schema['items'] ?? null );
		$prefix = $schema['prefixItems'] ?? null;
		$tuple  = array();
		if ( is_array( $prefix ) && array_is_list( $prefix ) ) {
			$tuple = $prefix;
		} elseif ( null !== $items && array() !== $items && array_is_list( $items ) ) {
			$tuple = $items;
			$items = self::map( $schema['additionalItems'] ?? null );
		}
		$changes = array();
		foreach ( $value as $index => $item ) {
			if ( array_key_exists( $index, $tuple ) ) {
				$new = $this->value( $item, $tuple[ $index ], $depth + 1, $item_changed );
			} elseif ( null !== $items ) {
				$new = $this->value( $item, $items, $depth + 1, $item_changed );
			} else {
				continue;
			}
			if ( $item_changed ) {
				$changes[ $index ] = $new;
			}
		}
		return self::with_changes( $value, $changes, $changed );
	}

	/**
	 * An object's members: `properties` by name, else the first `patternProperties` pattern that
	 * matches the name, else `additionalProperties`.
	 *
	 * @param array<int|string, mixed> $value  An object (PHP array).
	 * @param array<string, mixed>     $schema Object schema.
	 */
	private function properties( array $value, array $schema, int $depth, ?bool &$changed ): array {
		$properties = self::map( $schema['properties'] ?? null ) ?? array();
		$patterns   = self::map( $schema['patternProperties'] ?? null ) ?? array();
		$additional = self::map( $schema['additionalProperties'] ?? null );
		$changes    = array();
		foreach ( $value as $key => $item ) {
			$name = (string) $key;
			if ( array_key_exists( $name, $properties ) ) {
				$new = $this->value( $item, $properties[ $name ], $depth + 1, $item_changed );
			} else {
				$new = $this->member( $item, $name, $patterns, $additional, $depth, $item_changed );
			}
			if ( $item_changed ) {
				$changes[ $key ] = $new;
			}
		}
		return self::with_changes( $value, $changes, $changed );
	}

	/**
	 * `$value` with its changed entries replaced: a new array (never a write through a PHP
	 * reference the caller holds), in the same order; `$value` itself when nothing changed.
	 *
	 * @param array<int|string, mixed> $changes Key => new value.
	 */
	private static function with_changes( array $value, array $changes, ?bool &$changed ): array {
		$changed = array() !== $changes;
		if ( ! $changed ) {
			return $value;
		}
		$out = array();
		foreach ( $value as $key => $item ) {
			$out[ $key ] = array_key_exists( $key, $changes ) ? $changes[ $key ] : $item;
		}
		return $out;
	}

	/**
	 * A member no `properties` entry names: the first `patternProperties` pattern that matches
	 * its name, else `additionalProperties`.
	 *
	 * @param array<int|string, mixed> $patterns   patternProperties.
	 * @param array<int|string, mixed> $additional additionalProperties, or null.
	 */
	private function member( mixed $item, string $name, array $patterns, ?array $additional, int $depth, ?bool &$changed ): mixed {
		$changed = false;
		foreach ( $patterns as $pattern => $pattern_schema ) {
			if ( self::pattern_matches( (string) $pattern, $name ) ) {
				return $this->value( $item, $pattern_schema, $depth + 1, $changed );
			}
		}
		return null === $additional ? $item : $this->value( $item, $additional, $depth + 1, $changed );
	}

	/**
	 * A schema map as an array (a stdClass's properties), or null when it is neither.
	 *
	 * @return array<int|string, mixed>|null
	 */
	private static function map( mixed $map ): ?array {
		if ( $map instanceof \stdClass ) {
			return get_object_vars( $map );
		}
		return is_array( $map ) ? $map : null;
	}

	/** Whether a pattern matches: core's own reading of a schema pattern (one that does not compile matches nothing). */
	private static function pattern_matches( string $pattern, string $subject ): bool {
		// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- an invalid pattern is the schema author's problem, not a notice.
		return @\rest_validate_json_schema_pattern( $pattern, $subject );
	}
}
