<?php
/**
 * JSON values as the strict profile reads them (the JSON form StrictValueJson gives a PHP value):
 * their types, equality, and a key that equal values share.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class JsonValue {
	/** The type names of JSON Schema, in the order a `type` message lists them (as the crate). */
	public const TYPES = array( 'null', 'boolean', 'integer', 'number', 'string', 'array', 'object' );

	/**
	 * A stdClass itself, the one object both implementations read as a JSON object (the
	 * extension's ObjectKind::Plain): a subclass, JsonSerializable or not, has no JSON form here.
	 *
	 * @param mixed $v
	 */
	public static function is_plain_object( $v ): bool {
		return $v instanceof \stdClass && \stdClass::class === \get_class( $v );
	}

	/** @param mixed $v a value in JSON form */
	public static function type_of( $v ): string {
		if ( null === $v ) {
			return 'null';
		}
		if ( is_bool( $v ) ) {
			return 'boolean';
		}
		if ( is_int( $v ) || is_float( $v ) ) {
			return 'number';
		}
		if ( is_string( $v ) ) {
			return 'string';
		}
		return is_array( $v ) ? 'array' : 'object';
	}

	/** Is `$v` of the type named `$t` (an integer: any number without a fraction)? @param mixed $v */
	public static function has_type( $v, string $t ): bool {
		$jt = self::type_of( $v );
		if ( 'integer' === $t ) {
			return is_int( $v ) || ( is_float( $v ) && floor( $v ) === $v );
		}
		return $jt === $t;
	}

	/** JSON equality: numbers by value, object members in any order. @param mixed $a @param mixed $b */
	public static function equal( $a, $b ): bool {
		if ( ( is_int( $a ) || is_float( $a ) ) && ( is_int( $b ) || is_float( $b ) ) ) {
			return $a == $b; // phpcs:ignore Universal.Operators.StrictComparisons
		}
		if ( is_array( $a ) && is_array( $b ) ) {
			if ( count( $a ) !== count( $b ) ) {
				return false;
			}
			foreach ( $a as $i => $x ) {
				if ( ! self::equal( $x, $b[ $i ] ) ) {
					return false;
				}
			}
			return true;
		}
		if ( $a instanceof \stdClass && $b instanceof \stdClass ) {
			$x = get_object_vars( $a );
			$y = get_object_vars( $b );
			if ( count( $x ) !== count( $y ) ) {
				return false;
			}
			foreach ( $x as $k => $c ) {
				if ( ! array_key_exists( $k, $y ) || ! self::equal( $c, $y[ $k ] ) ) {
					return false;
				}
			}
			return true;
		}
		return $a === $b;
	}

	/**
	 * A key equal JSON values share and unequal ones do not (numbers by value, object members in
	 * any order): uniqueItems hashes each item once instead of comparing pairs. A container's key
	 * is a SHA-256 of its members' keys, so keys stay short and collisions cannot be crafted.
	 *
	 * @param mixed $v a value in JSON form
	 */
	public static function canonical( $v ): string {
		if ( is_array( $v ) ) {
			$members = '';
			foreach ( $v as $item ) {
				$members .= self::canonical( $item ) . ',';
			}
			return '[' . hash( 'sha256', $members, true );
		}
		if ( $v instanceof \stdClass ) {
			$vars = get_object_vars( $v );
			ksort( $vars, SORT_STRING );
			$members = '';
			foreach ( $vars as $name => $item ) {
				$members .= strlen( (string) $name ) . ':' . $name . '=' . self::canonical( $item ) . ',';
			}
			return '{' . hash( 'sha256', $members, true );
		}
		if ( is_float( $v ) ) {
			return floor( $v ) === $v && abs( $v ) < 9.2e18 ? 'n' . (int) $v : 'n' . sprintf( '%.17g', $v );
		}
		if ( is_int( $v ) ) {
			return 'n' . $v;
		}
		return is_string( $v ) ? 's' . strlen( $v ) . ':' . $v : var_export( $v, true );
	}
}
