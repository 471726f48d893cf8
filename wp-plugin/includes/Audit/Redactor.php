<?php
/**
 * The copy of a call's arguments the audit log keeps: secrets masked, size and depth bounded.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

use McpNative\Plugin\Json;

/**
 * A member whose name reads like a secret (password, passwd, passphrase, pwd, pin, otp, token,
 * secret, key, apikey, authorization, auth, cookie, credential, signature, salt, private key …:
 * any word of the name, split at `_`, `-`, `.`, spaces and camelCase, or one of the longer ones
 * anywhere in it) is replaced by "[redacted]" at any depth, whatever its value (an object under
 * `credentials` goes whole). Then: containers below MAX_DEPTH levels become "[…]", at most
 * MAX_ITEMS members per container are kept (then "…": "+N more"), strings are cut at
 * MAX_STRING_BYTES. The JSON of the result is at most MAX_BYTES; a longer one is cut on a
 * character boundary and ends with "…" (it is then no longer valid JSON). Masking comes first,
 * so a cut never reveals a secret.
 */
final class Redactor {

	public const MASK             = '[redacted]';
	public const MAX_BYTES        = 2048;
	public const MAX_DEPTH        = 6;
	public const MAX_ITEMS        = 50;
	public const MAX_STRING_BYTES = 256;

	/** Secret-like words anywhere in a name ("accesstoken", "client_secret", "x-api-key"). */
	private const SECRET_SUBSTRING = '/pass(?:word|wd|phrase)|secret|token|apikey|api_key|authori[sz]ation|credential|cookie|private_?key|signature/i';

	/** Secret-like names as a whole word of the name ("key", "pin", "auth", "pwd"). */
	private const SECRET_WORDS = array( 'key', 'keys', 'pass', 'pwd', 'pin', 'otp', 'auth', 'salt', 'nonce', 'jwt', 'bearer', 'session' );

	/**
	 * The JSON text kept for $arguments ('' when there are none).
	 */
	public static function summary( mixed $arguments ): string {
		if ( null === $arguments || array() === $arguments || ( $arguments instanceof \stdClass && array() === get_object_vars( $arguments ) ) ) {
			return '';
		}
		$json = Json::encode( self::redact( $arguments, 0 ) ) ?? '"[not encodable]"';
		if ( strlen( $json ) <= self::MAX_BYTES ) {
			return $json;
		}
		return AuditTable::fit( $json, self::MAX_BYTES - 3 ) . "…";
	}

	/**
	 * Whether a member name reads like a secret.
	 */
	public static function is_secret_name( string $name ): bool {
		if ( 1 === preg_match( self::SECRET_SUBSTRING, $name ) ) {
			return true;
		}
		$spaced = (string) preg_replace( '/([a-z0-9])([A-Z])/', '$1 $2', $name );
		$words  = preg_split( '/[^A-Za-z0-9]+/', strtolower( $spaced ), -1, PREG_SPLIT_NO_EMPTY );
		return is_array( $words ) && array() !== array_intersect( $words, self::SECRET_WORDS );
	}

	private static function redact( mixed $value, int $depth ): mixed {
		if ( is_string( $value ) ) {
			return strlen( $value ) > self::MAX_STRING_BYTES ? AuditTable::fit( $value, self::MAX_STRING_BYTES ) . "…" : $value;
		}
		$is_object = $value instanceof \stdClass;
		if ( $is_object ) {
			$value = get_object_vars( $value );
		}
		if ( ! is_array( $value ) ) {
			$finite = ! is_float( $value ) || is_finite( $value );
			return ( ( is_scalar( $value ) && $finite ) || null === $value ) ? $value : '[' . get_debug_type( $value ) . ']';
		}
		if ( $depth >= self::MAX_DEPTH ) {
			return '[…]';
		}
		$is_list = ! $is_object && array_is_list( $value );
		$copy    = array();
		$kept    = 0;
		foreach ( $value as $key => $member ) {
			if ( $kept === self::MAX_ITEMS ) {
				$more = '+' . ( count( $value ) - $kept ) . ' more';
				if ( $is_list ) {
					$copy[] = '…' . $more;
				} else {
					$copy['…'] = $more;
				}
				break;
			}
			++$kept;
			$copy[ $key ] = ( ! $is_list && self::is_secret_name( (string) $key ) ) ? self::MASK : self::redact( $member, $depth + 1 );
		}
		return ( ! $is_list && array() === $copy ) ? new \stdClass() : $copy;
	}
}
