<?php
/**
 * The strict profile's keywords that judge a value itself: `type`, `const`, `enum`, the numeric
 * bounds and `multipleOf`, and `minLength`/`maxLength`/`pattern`.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class StrictValueKeywords {
	/** Each numeric bound: the comparison that breaks it, and the words of its message. */
	private const BOUNDS = array(
		'minimum'          => array( '<', 'greater than or equal to' ),
		'maximum'          => array( '>', 'less than or equal to' ),
		'exclusiveMinimum' => array( '<=', 'greater than' ),
		'exclusiveMaximum' => array( '>=', 'less than' ),
	);

	/** `type`: `$v` is of one of the types it names. @param mixed $v */
	public static function type( StrictWalk $walk, $v, \stdClass $s, string $path, string $who ): void {
		if ( ! property_exists( $s, 'type' ) ) {
			return;
		}
		$types = is_array( $s->type ) ? $s->type : array( $s->type );
		foreach ( $types as $t ) {
			if ( is_string( $t ) && JsonValue::has_type( $v, $t ) ) {
				return;
			}
		}
		$names = array_values( array_filter( JsonValue::TYPES, static fn( $t ) => in_array( $t, $types, true ) ) );
		$walk->fail( $path, 'type', "$who is not of type " . implode( ',', $names ) . '.' );
	}

	/**
	 * Does the crate check `type` together with `items` (its array-shape validator, sorted where
	 * `items` is: after the object keywords up to propertyNames)? For `"type": "array"` with an
	 * `items` schema and none of the keywords that need items one by one.
	 */
	public static function type_with_items( \stdClass $s ): bool {
		if ( 'array' !== ( $s->type ?? null ) || ! ( ( $s->items ?? null ) instanceof \stdClass || false === ( $s->items ?? null ) ) ) {
			return false;
		}
		foreach ( array( 'prefixItems', 'additionalItems', 'contains', 'unevaluatedItems', 'uniqueItems' ) as $keyword ) {
			if ( property_exists( $s, $keyword ) ) {
				return false;
			}
		}
		return true;
	}

	/** `const`, `enum`, then the number or the string keywords, in the crate's order. @param mixed $v */
	public static function check( StrictWalk $walk, $v, \stdClass $s, string $path, string $who ): void {
		if ( property_exists( $s, 'const' ) && ! JsonValue::equal( $v, $s->const ) ) {
			$walk->fail( $path, 'const', "$who is not the expected constant." );
		}
		if ( property_exists( $s, 'enum' ) && is_array( $s->enum ) && ! self::in_enum( $v, $s->enum ) ) {
			$walk->fail( $path, 'enum', "$who is not one of the allowed values." );
		}
		if ( is_int( $v ) || is_float( $v ) ) {
			self::number( $walk, $v, $s, $path, $who );
		}
		if ( is_string( $v ) ) {
			self::string( $walk, $v, $s, $path, $who );
		}
	}

	/** @param mixed $v */
	private static function in_enum( $v, array $members ): bool {
		foreach ( $members as $m ) {
			if ( JsonValue::equal( $v, $m ) ) {
				return true;
			}
		}
		return false;
	}

	/** The numeric bounds, then `multipleOf`. @param int|float $v */
	private static function number( StrictWalk $walk, $v, \stdClass $s, string $path, string $who ): void {
		foreach ( self::BOUNDS as $kw => [ $op, $words ] ) {
			if ( isset( $s->$kw ) && ( is_int( $s->$kw ) || is_float( $s->$kw ) ) ) {
				$l   = $s->$kw;
				$bad = '<' === $op ? $v < $l : ( '>' === $op ? $v > $l : ( '<=' === $op ? $v <= $l : $v >= $l ) );
				if ( $bad ) {
					$walk->fail( $path, $kw, "$who must be $words " . StrictNumbers::text( $l ) . '.' );
				}
			}
		}
		if ( isset( $s->multipleOf ) && ( is_int( $s->multipleOf ) || is_float( $s->multipleOf ) ) && 0 != $s->multipleOf ) { // phpcs:ignore
			if ( ! StrictNumbers::is_multiple( $v, $s->multipleOf ) ) {
				$walk->fail( $path, 'multipleOf', "$who must be a multiple of " . StrictNumbers::multiplier_text( $s->multipleOf ) . '.' );
			}
		}
	}

	/** `minLength` and `maxLength` (in characters), then `pattern`. */
	private static function string( StrictWalk $walk, string $v, \stdClass $s, string $path, string $who ): void {
		$len = strlen( $v ) - preg_match_all( '/[\x80-\xBF]/', $v );
		if ( isset( $s->minLength ) && is_int( $s->minLength ) && $len < $s->minLength ) {
			$walk->fail( $path, 'minLength', "$who must be at least {$s->minLength} characters long." );
		}
		if ( isset( $s->maxLength ) && is_int( $s->maxLength ) && $len > $s->maxLength ) {
			$walk->fail( $path, 'maxLength', "$who must be at most {$s->maxLength} characters long." );
		}
		if ( isset( $s->pattern ) && is_string( $s->pattern ) && ! StrictPattern::matches( $s->pattern, $v ) ) {
			$walk->fail( $path, 'pattern', "$who does not match pattern {$s->pattern}." );
		}
	}
}
