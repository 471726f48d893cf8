<?php
/**
 * The fallback's fingerprint of what a cached value is made of.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Fallback;

/**
 * XXH128 of serialize(), refused (null) in the cases the extension's fingerprint refuses: an
 * object other than stdClass (its data may change without its serialization showing it) or a
 * value JSON cannot carry.
 */
final class Fingerprint {

	/**
	 * @param array<mixed> $sources What the value is made of.
	 */
	public static function of( array $sources ): ?string {
		try {
			$serialized = serialize( $sources );
		} catch ( \Throwable $e ) {
			return null;
		}
		if ( 1 === preg_match( '/[OCE]:\d+:"(?!stdClass":)/', $serialized ) || false === json_encode( $sources, JSON_INVALID_UTF8_SUBSTITUTE, \McpNative\MAX_DEPTH ) ) {
			return null;
		}
		return hash( 'xxh128', $serialized );
	}
}
