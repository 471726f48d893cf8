<?php
/**
 * A schema's regular expressions (`pattern`, the names of `patternProperties`) run by PHP's PCRE.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class StrictPattern {
	/** Does `$pattern` compile, within the length the extension compiles (MAX_PATTERN_BYTES)? */
	public static function compiles( string $pattern ): bool {
		return \strlen( $pattern ) <= \McpNative\MAX_PATTERN_BYTES && false !== @preg_match( self::regex( $pattern ), '' ); // phpcs:ignore
	}

	/**
	 * Does `$pattern` match somewhere in `$subject`? Not where PCRE gives up (its backtracking
	 * limit), as the extension's engine may: neither lets such a value pass.
	 */
	public static function matches( string $pattern, string $subject ): bool {
		return 1 === @preg_match( self::regex( $pattern ), $subject ); // phpcs:ignore
	}

	/** A schema's `pattern` as a PCRE pattern (UTF-8, `/` as delimiter). */
	private static function regex( string $pattern ): string {
		return '/' . str_replace( '/', '\\/', $pattern ) . '/u';
	}
}
