<?php
/**
 * JSON helpers: one encoder for everything the plugin puts on the wire.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * Encodes and decodes JSON the same way everywhere.
 *
 * Objects from the client are decoded as stdClass (so `{}` and `[]` stay distinct) and turned
 * into PHP arrays only where WordPress code expects arrays. Everything we send is encoded with
 * invalid UTF-8 replaced by U+FFFD, so a response can never fail to encode because of bytes
 * some ability returned.
 */
final class Json {

	public const ENCODE_FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION;

	/** Maximum nesting accepted in a request body and produced in a response. */
	public const MAX_DEPTH = 512;

	/**
	 * Encodes a value; returns null when it cannot be encoded (INF/NAN, too deep, recursion).
	 * RawJson values inside are written as they are.
	 *
	 * @param int $depth Deepest nesting allowed: MAX_DEPTH for a whole message; less for a part
	 *                   encoded ahead that will sit that many levels down in one.
	 */
	public static function encode( mixed $value, int $depth = self::MAX_DEPTH ): ?string {
		$parts = self::parts( $value, $depth );
		return null === $parts ? null : RawJson::join( $parts );
	}

	/**
	 * encode()'s text in parts: our encoder's text between RawJson values, and those values
	 * (RawJson::parts()); null when the value cannot be encoded.
	 *
	 * @return list<string|RawJson>|null
	 */
	public static function parts( mixed $value, int $depth = self::MAX_DEPTH ): ?array {
		return RawJson::parts(
			static function () use ( $value, $depth ): ?string {
				try {
					return json_encode( $value, self::ENCODE_FLAGS | JSON_THROW_ON_ERROR, $depth );
				} catch ( \Throwable $e ) {
					return null;
				}
			}
		);
	}

	/**
	 * Decodes a JSON text with objects as stdClass.
	 *
	 * @param string $json  The text.
	 * @param bool   $ok    Set to false when the text is not valid JSON.
	 */
	public static function decode( string $json, ?bool &$ok = null ): mixed {
		try {
			$value = json_decode( $json, false, self::MAX_DEPTH, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_SUBSTITUTE );
			$ok    = true;
			return $value;
		} catch ( \Throwable $e ) {
			$ok = false;
			return null;
		}
	}

	/**
	 * Converts decoded JSON (stdClass objects) into PHP arrays recursively.
	 */
	public static function to_array( mixed $value ): mixed {
		if ( $value instanceof \stdClass ) {
			$value = get_object_vars( $value );
		}
		if ( is_array( $value ) ) {
			foreach ( $value as $key => $item ) {
				if ( is_array( $item ) || $item instanceof \stdClass ) {
					$value[ $key ] = self::to_array( $item );
				}
			}
		}
		return $value;
	}

	/**
	 * Round-trips a PHP value through JSON: the result is exactly what a client will see
	 * (objects as stdClass, lists as arrays, invalid UTF-8 replaced). Returns $ok=false when
	 * the value cannot be encoded.
	 *
	 * @param mixed     $value The value.
	 * @param bool|null $ok    Set to false when encoding failed.
	 * @param string    $json  The encoded text.
	 */
	public static function canonicalize( mixed $value, ?bool &$ok = null, ?string &$json = null ): mixed {
		$json = self::encode( $value );
		if ( null === $json ) {
			$ok = false;
			return null;
		}
		return self::decode( $json, $ok );
	}

	/**
	 * Makes a value safe to put in an error's `data`: scalars, null and arrays of those only
	 * (objects, resources and closures are dropped), bounded depth.
	 */
	public static function safe_data( mixed $value, int $depth = 0 ): mixed {
		if ( null === $value || is_scalar( $value ) ) {
			if ( is_float( $value ) && ! is_finite( $value ) ) {
				return null;
			}
			return $value;
		}
		if ( $depth >= 8 ) {
			return null;
		}
		if ( $value instanceof \stdClass ) {
			$value = get_object_vars( $value );
		}
		if ( ! is_array( $value ) ) {
			return null;
		}
		$out = array();
		foreach ( $value as $key => $item ) {
			if ( null !== $item && ! is_scalar( $item ) && ! is_array( $item ) && ! $item instanceof \stdClass ) {
				continue;
			}
			$out[ $key ] = self::safe_data( $item, $depth + 1 );
		}
		return $out;
	}
}
