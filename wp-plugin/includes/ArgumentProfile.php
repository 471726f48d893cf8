<?php
/**
 * A server's argument profile: how an ability's arguments are checked before its callback.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * Two profiles (config key `profile` of ServerRegistry::create_server):
 *
 *  - `standard` (default): WordPress semantics (the verdict of rest_validate_value_from_schema),
 *    and before validating, the common string forms of booleans ("true"/"false", "1"/"0",
 *    "yes"/"no", "on"/"off", any case) become real booleans wherever the schema says boolean
 *    (at any depth of described properties and items), so the callback receives `true`, not "true".
 *  - `strict`: JSON types exactly as sent (a string where a boolean is described is a violation),
 *    standard JSON Schema.
 *
 * In both, undescribed extra fields stay accepted. Validation itself is Contract::validate
 * (native when the extension runs).
 */
final class ArgumentProfile {

	public const STANDARD = 'standard';
	public const STRICT   = 'strict';

	public const ERROR_CODE = 'invalid_arguments';

	/** How deep coerce_booleans() descends (deeper values are left as they are). */
	private const MAX_DEPTH = 64;

	private const TRUE_STRINGS  = array( 'true', '1', 'yes', 'on' );
	private const FALSE_STRINGS = array( 'false', '0', 'no', 'off' );

	/**
	 * @return list<string>
	 */
	public static function all(): array {
		return array( self::STANDARD, self::STRICT );
	}

	public static function is_valid( mixed $profile ): bool {
		return is_string( $profile ) && in_array( $profile, self::all(), true );
	}

	/**
	 * The value the callback receives under `$profile` (booleans coerced for `standard`).
	 *
	 * @param mixed                $value  Arguments in the ability's own schema shape.
	 * @param array<string, mixed> $schema The ability's input schema.
	 */
	public static function prepare( mixed $value, array $schema, string $profile ): mixed {
		return self::STANDARD === $profile ? self::coerce_booleans( $value, $schema ) : $value;
	}

	/**
	 * Replaces string forms of booleans by booleans where the schema describes a boolean (and
	 * not also a string; "1"/"0" stay strings when the schema also allows a number). Follows
	 * `properties`, `patternProperties`, `additionalProperties` (a schema) and `items` (a schema
	 * or a tuple) / `prefixItems`; leaves everything else untouched.
	 *
	 * @param mixed $value  Value.
	 * @param mixed $schema Its schema.
	 */
	public static function coerce_booleans( mixed $value, mixed $schema, int $depth = 0 ): mixed {
		if ( $schema instanceof \stdClass ) {
			$schema = get_object_vars( $schema );
		}
		if ( ! is_array( $schema ) || $depth > self::MAX_DEPTH ) {
			return $value;
		}
		$types = self::types( $schema );

		if ( is_string( $value ) ) {
			return self::coerce_string( $value, $types );
		}
		if ( ! is_array( $value ) || array() === $value ) {
			return $value;
		}

		$may_be_array  = in_array( 'array', $types, true ) || ( array() === $types && ( isset( $schema['items'] ) || isset( $schema['prefixItems'] ) ) );
		$may_be_object = in_array( 'object', $types, true ) || ( array() === $types && ! $may_be_array );
		if ( $may_be_array && array_is_list( $value ) ) {
			return self::coerce_items( $value, $schema, $depth );
		}
		if ( $may_be_object ) {
			return self::coerce_properties( $value, $schema, $depth );
		}
		return $value;
	}

	/**
	 * The list of violations as a WP_Error (code invalid_arguments): the message lists every
	 * violation, `data.violations` has them as [{path, keyword, message}] (paths are JSON Pointers
	 * into the tool's arguments: Contract::validate was told where the input sits).
	 *
	 * @param list<array{path?: mixed, keyword?: mixed, message?: mixed}> $violations From Contract::validate.
	 */
	public static function violations_error( array $violations, string $ability_name = '' ): \WP_Error {
		$clean = array();
		foreach ( $violations as $violation ) {
			$violation = is_array( $violation ) ? $violation : array();
			$clean[]   = array(
				'path'    => is_string( $violation['path'] ?? null ) ? $violation['path'] : '',
				'keyword' => is_string( $violation['keyword'] ?? null ) ? $violation['keyword'] : '',
				'message' => is_string( $violation['message'] ?? null ) ? $violation['message'] : 'Invalid value.',
			);
		}
		$count = count( $clean );
		$lines = array(
			sprintf(
				'Invalid arguments%s: %d %s. Nothing was run; fix %s and call again.',
				'' !== $ability_name ? ' for ' . $ability_name : '',
				$count,
				1 === $count ? 'violation' : 'violations',
				1 === $count ? 'it' : 'all of them'
			),
		);
		foreach ( $clean as $violation ) {
			$lines[] = sprintf(
				'- %s: %s%s',
				'' === $violation['path'] ? '(root)' : $violation['path'],
				$violation['message'],
				'' !== $violation['keyword'] ? ' [' . $violation['keyword'] . ']' : ''
			);
		}
		return new \WP_Error( self::ERROR_CODE, implode( "\n", $lines ), array( 'violations' => $clean ) );
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
		if ( is_array( $type ) ) {
			return array_values( array_filter( $type, 'is_string' ) );
		}
		return array();
	}

	/**
	 * @param list<string> $types Types the schema allows.
	 */
	private static function coerce_string( string $value, array $types ): mixed {
		if ( ! in_array( 'boolean', $types, true ) || in_array( 'string', $types, true ) ) {
			return $value;
		}
		if ( is_numeric( $value ) && ( in_array( 'integer', $types, true ) || in_array( 'number', $types, true ) ) ) {
			return $value; // "1" is as much a number as a boolean here: leave the verdict to validation.
		}
		$normalized = strtolower( $value );
		if ( in_array( $normalized, self::TRUE_STRINGS, true ) ) {
			return true;
		}
		if ( in_array( $normalized, self::FALSE_STRINGS, true ) ) {
			return false;
		}
		return $value;
	}

	/**
	 * @param list<mixed>          $value  A list.
	 * @param array<string, mixed> $schema Array schema.
	 */
	private static function coerce_items( array $value, array $schema, int $depth ): array {
		$items  = $schema['items'] ?? null;
		$prefix = $schema['prefixItems'] ?? null;
		if ( $items instanceof \stdClass ) {
			$items = get_object_vars( $items );
		}
		$tuple = null;
		if ( is_array( $prefix ) && array_is_list( $prefix ) ) {
			$tuple = $prefix;
		} elseif ( is_array( $items ) && array() !== $items && array_is_list( $items ) ) {
			$tuple = $items;
			$items = $schema['additionalItems'] ?? null;
		}
		foreach ( $value as $index => $item ) {
			if ( null !== $tuple && array_key_exists( $index, $tuple ) ) {
				$value[ $index ] = self::coerce_booleans( $item, $tuple[ $index ], $depth + 1 );
			} elseif ( is_array( $items ) || $items instanceof \stdClass ) {
				$value[ $index ] = self::coerce_booleans( $item, $items, $depth + 1 );
			}
		}
		return $value;
	}

	/**
	 * @param array<string|int, mixed> $value  An object (PHP array).
	 * @param array<string, mixed>     $schema Object schema.
	 */
	private static function coerce_properties( array $value, array $schema, int $depth ): array {
		$properties = self::map( $schema['properties'] ?? null );
		$patterns   = self::map( $schema['patternProperties'] ?? null );
		$additional = $schema['additionalProperties'] ?? null;
		foreach ( $value as $key => $item ) {
			$key = (string) $key;
			if ( array_key_exists( $key, $properties ) ) {
				$value[ $key ] = self::coerce_booleans( $item, $properties[ $key ], $depth + 1 );
				continue;
			}
			$matched = false;
			foreach ( $patterns as $pattern => $sub_schema ) {
				if ( self::pattern_matches( (string) $pattern, $key ) ) {
					$value[ $key ] = self::coerce_booleans( $item, $sub_schema, $depth + 1 );
					$matched       = true;
					break;
				}
			}
			if ( ! $matched && ( is_array( $additional ) || $additional instanceof \stdClass ) ) {
				$value[ $key ] = self::coerce_booleans( $item, $additional, $depth + 1 );
			}
		}
		return $value;
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function map( mixed $map ): array {
		if ( $map instanceof \stdClass ) {
			return get_object_vars( $map );
		}
		return is_array( $map ) ? $map : array();
	}

	/**
	 * Whether a JSON Schema pattern matches (as WordPress reads patterns; an invalid pattern matches nothing).
	 */
	private static function pattern_matches( string $pattern, string $subject ): bool {
		$regex = '#' . str_replace( '#', '\\#', $pattern ) . '#u';
		// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- an invalid pattern is the schema author's problem, not a notice.
		return 1 === @preg_match( $regex, $subject );
	}
}
