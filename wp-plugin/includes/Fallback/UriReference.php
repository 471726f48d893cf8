<?php
/**
 * URI references (RFC 3986) as the strict profile reads `$id`, `$ref` and `$dynamicRef`: what
 * the meta-schema accepts, and a reference resolved against a base URI.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class UriReference {
	/**
	 * The meta-schema's `$id`: the characters of a URI reference, no fragment but an empty one.
	 * Possessive (the runs and `%XX` cannot overlap): a megabyte-long `$id` then needs no
	 * backtracking stack, which PCRE's JIT would run out of (and answer "no match").
	 */
	public const ID = '~^(?:[A-Za-z0-9\-._:/?\[\]@!$&\'()*+,;=\~]++|%[0-9A-Fa-f]{2})*+(?:#)?\z~';

	/** A URI reference (RFC 3986): `$id`'s characters, then a fragment without brackets. */
	public const REF = '~^(?:[A-Za-z0-9\-._:/?\[\]@!$&\'()*+,;=\~]++|%[0-9A-Fa-f]{2})*+(?:#(?:[A-Za-z0-9\-._:/?@!$&\'()*+,;=\~]++|%[0-9A-Fa-f]{2})*+)?\z~';

	/** The document (the URI without its fragment) `$reference` names, resolved against `$base`. */
	public static function document( string $base, string $reference ): string {
		return strstr( self::resolve( $base, $reference ) . '#', '#', true );
	}

	/** `$reference` resolved against the absolute URI `$base` (RFC 3986 §5.2). */
	public static function resolve( string $base, string $reference ): string {
		if ( preg_match( '~^[A-Za-z][A-Za-z0-9+.\-]*:~', $reference ) ) {
			$scheme = strstr( $reference, ':', true );
			$rest   = substr( $reference, strlen( $scheme ) + 1 );
		} else {
			$scheme = strstr( $base, ':', true );
			$rest   = self::relative( substr( $base, strlen( $scheme ) + 1 ), $reference );
		}
		preg_match( '~^(//[^/?#]*)?([^?#]*)(.*)\z~s', $rest, $m );
		return strtolower( $scheme ) . ':' . ( $m[1] ?? '' ) . self::without_dot_segments( $m[2] ) . $m[3];
	}

	/** A reference without a scheme, resolved against the base URI's part after its scheme (`$parent`). */
	private static function relative( string $parent, string $reference ): string {
		if ( str_starts_with( $reference, '//' ) ) {
			return $reference;
		}
		preg_match( '~^(//[^/?#]*)?([^?#]*)(\?[^#]*)?~', $parent, $b );
		[ , $authority, $path ] = $b + array( '', '', '' );
		$query                  = $b[3] ?? '';
		if ( '' === $reference || '#' === $reference[0] ) {
			return $authority . $path . $query . $reference;
		}
		if ( '?' === $reference[0] ) {
			return $authority . $path . $reference;
		}
		if ( '/' === $reference[0] ) {
			return $authority . $reference;
		}
		$dir = '' === $path && '' !== $authority ? '/' : substr( $path, 0, (int) strrpos( $path, '/' ) + ( str_contains( $path, '/' ) ? 1 : 0 ) );
		return $authority . $dir . $reference;
	}

	/** remove_dot_segments (RFC 3986 §5.2.4) on a path. */
	private static function without_dot_segments( string $path ): string {
		$out      = array();
		$last_dot = false;
		foreach ( explode( '/', $path ) as $seg ) {
			if ( '..' === $seg ) {
				if ( count( $out ) > 1 ) {
					array_pop( $out );
				}
				$last_dot = true;
			} elseif ( '.' === $seg ) {
				$last_dot = true;
			} else {
				$out[]    = $seg;
				$last_dot = false;
			}
		}
		if ( $last_dot ) {
			$out[] = '';
		}
		return implode( '/', $out );
	}
}
