<?php
/**
 * Numbers in the strict profile as the extension treats them: `multipleOf` decided as the
 * jsonschema crate decides it, and numbers printed in messages as the extension prints them.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class StrictNumbers {
	/**
	 * `multipleOf` as the jsonschema crate decides it: a whole multiplier divides an integer
	 * exactly and a float when it is whole and fmod() leaves nothing; a fractional one divides
	 * zero, never a smaller magnitude, and otherwise the decimals both print as (0.1 is 1/10).
	 * Where those decimals pass 64-bit integers (the crate goes on with 128 bits, then fractions),
	 * the quotient is taken as whole within 1e-9.
	 *
	 * @param int|float $v
	 * @param int|float $m not zero
	 */
	public static function is_multiple( $v, $m ): bool {
		if ( floor( $m ) === (float) $m ) {
			if ( is_int( $v ) && $m > 0 && $m <= 2 ** 53 ) {
				return 0 === $v % (int) $m;
			}
			return floor( $v ) === (float) $v && 0.0 === fmod( (float) $v, (float) $m );
		}
		if ( 0 == $v ) { // phpcs:ignore Universal.Operators.StrictComparisons
			return true;
		}
		if ( abs( $v ) < $m ) {
			return false;
		}
		[ $vm, $vd ] = self::decimal( (float) $v );
		[ $mm, $md ] = self::decimal( (float) $m );
		$shared      = min( $vd, $md );
		$a           = self::scaled( $vm, $md - $shared );
		$b           = self::scaled( $mm, $vd - $shared );
		if ( null !== $a && null !== $b && 0 !== $b ) {
			return 0 === $a % $b;
		}
		$q = $v / $m;
		return abs( $q - round( $q ) ) <= 1e-9 * max( 1.0, abs( $q ) );
	}

	/** A bound as the extension prints it: a float as (string) at precision 14, whatever the ini says. @param mixed $n */
	public static function text( $n ): string {
		return is_float( $n ) ? sprintf( '%.14G', $n ) : ( is_scalar( $n ) ? (string) $n : 'array' );
	}

	/** A `multipleOf` as the extension prints it: a whole multiplier below 1e15 as an integer. @param int|float $m */
	public static function multiplier_text( $m ): string {
		return floor( $m ) === (float) $m && abs( $m ) < 1e15 ? (string) (int) $m : self::text( (float) $m );
	}

	/** A float as the shortest decimal that reads back as it: [mantissa, decimals] (mantissa / 10^decimals). */
	private static function decimal( float $f ): array {
		$precision = ini_get( 'serialize_precision' ); // -1 (PHP's default): the shortest form
		if ( '-1' !== $precision ) {
			ini_set( 'serialize_precision', '-1' );
		}
		$text = var_export( $f, true );
		if ( '-1' !== $precision ) {
			ini_set( 'serialize_precision', (string) $precision );
		}
		preg_match( '/^(-?)(\d+)(?:\.(\d+))?(?:E([-+]\d+))?$/', $text, $p );
		$fraction = rtrim( $p[3] ?? '', '0' );
		$digits   = ltrim( $p[2] . $fraction, '0' );
		if ( '' === $digits || strlen( $digits ) > 18 ) {
			return array( '' === $digits ? 0 : null, 0 );
		}
		return array( (int) ( $p[1] . $digits ), strlen( $fraction ) - (int) ( $p[4] ?? 0 ) );
	}

	/** `$mantissa` times 10^`$places`, or null past 64 bits. */
	private static function scaled( ?int $mantissa, int $places ): ?int {
		if ( null === $mantissa || $places < 0 || $places > 18 ) {
			return null;
		}
		$power = 10 ** $places;
		return abs( $mantissa ) > intdiv( PHP_INT_MAX, $power ) ? null : $mantissa * $power;
	}
}
