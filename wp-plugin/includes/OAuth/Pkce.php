<?php
/**
 * PKCE (RFC 7636), S256 only.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

final class Pkce {

	/** BASE64URL(SHA256(verifier)), the only transformation accepted. */
	public static function challenge( string $verifier ): string {
		return rtrim( strtr( base64_encode( hash( 'sha256', $verifier, true ) ), '+/', '-_' ), '=' );
	}

	/** Whether a code_challenge has the shape an S256 challenge has (43 base64url characters). */
	public static function is_s256_challenge( string $challenge ): bool {
		return 1 === preg_match( '/^[A-Za-z0-9_-]{43}$/', $challenge );
	}
}
