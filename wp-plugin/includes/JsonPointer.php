<?php
/**
 * JSON Pointer (RFC 6901) reference tokens: the one place the PHP side escapes them.
 *
 * @package McpNative
 */

namespace McpNative\Plugin;

final class JsonPointer {
	/** A byte that makes a name's token differ from the name: `~`, `/`, NUL, or any non-ASCII byte. */
	private const NOT_PLAIN = '/[~\/\x00\x80-\xff]/';

	/**
	 * The reference token for an array key or property name: `~` → `~0`, `/` → `~1`. A key that
	 * is not UTF-8 or holds a NUL byte cannot be written in JSON; it is shown as 0x + hex, so a
	 * pointer stays printable and unambiguous (as src/core/transform/error.rs `pointer_segment`).
	 *
	 * @param int|string $key
	 */
	public static function token( $key ): string {
		if ( is_int( $key ) ) {
			return (string) $key;
		}
		if ( ! preg_match( self::NOT_PLAIN, $key ) ) {
			return $key; // ASCII with nothing to escape, as most names (one scan instead of the general case's three)
		}
		if ( ! preg_match( '//u', $key ) || str_contains( $key, "\0" ) ) {
			return '0x' . bin2hex( $key );
		}
		return str_replace( array( '~', '/' ), array( '~0', '~1' ), $key );
	}

	/**
	 * Is every key its own token? One scan for all of them, where most objects' names are plain
	 * ASCII, instead of one a name.
	 *
	 * @param list<int|string> $keys
	 */
	public static function all_plain( array $keys ): bool {
		return ! preg_match( self::NOT_PLAIN, implode( '', $keys ) );
	}

	/** `$pointer` extended by one token. @param int|string $key */
	public static function append( string $pointer, $key ): string {
		return $pointer . '/' . self::token( $key );
	}
}
