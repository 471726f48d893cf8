<?php
/**
 * JSON Pointer (RFC 6901) reference tokens: the one place the PHP side escapes them.
 *
 * @package McpNative
 */

namespace McpNative\Plugin;

final class JsonPointer {
	/**
	 * The reference token for an array key or property name: `~` → `~0`, `/` → `~1`. A key that
	 * is not UTF-8 or holds a NUL byte cannot be written in JSON; it is shown as 0x + hex, so a
	 * pointer stays printable and unambiguous (as src/core/transform.rs `pointer_segment`).
	 *
	 * @param int|string $key
	 */
	public static function token( $key ): string {
		if ( is_int( $key ) ) {
			return (string) $key;
		}
		if ( ! preg_match( '/[~\/\x00\x80-\xff]/', $key ) ) {
			return $key; // ASCII with nothing to escape, as most names (one scan instead of the general case's three)
		}
		if ( ! preg_match( '//u', $key ) || str_contains( $key, "\0" ) ) {
			return '0x' . bin2hex( $key );
		}
		return str_replace( array( '~', '/' ), array( '~0', '~1' ), $key );
	}

	/** `$pointer` extended by one token. @param int|string $key */
	public static function append( string $pointer, $key ): string {
		return $pointer . '/' . self::token( $key );
	}
}
