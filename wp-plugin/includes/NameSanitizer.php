<?php
/**
 * MCP-safe tool names, the way the official adapter derives them.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * Tool names allow A-Z a-z 0-9 _ - . and at most 128 characters (MCP 2025-11-25).
 * A valid name is returned unchanged; otherwise: trim, transliterate accents, replace runs of
 * other characters by '-', collapse '-' runs, trim '-' and '_' at the edges, and truncate long
 * names to 115 characters + '-' + 12 hex digits of the md5 of the original name.
 */
final class NameSanitizer {

	public const MAX_LENGTH      = 128;
	public const HASH_LENGTH     = 12;
	public const TRUNCATE_LENGTH = 115;

	public static function is_valid( string $name ): bool {
		return 1 === preg_match( '/^[A-Za-z0-9_.\-]{1,' . self::MAX_LENGTH . '}$/', $name );
	}

	/**
	 * @return string|\WP_Error The MCP name, or WP_Error `mcp_name_invalid`.
	 */
	public static function sanitize( string $name ): string|\WP_Error {
		if ( self::is_valid( $name ) ) {
			return $name;
		}
		$sanitized = trim( $name );
		if ( function_exists( 'remove_accents' ) ) {
			$sanitized = remove_accents( $sanitized );
		}
		$sanitized = (string) preg_replace( '/[^A-Za-z0-9_.\-]+/', '-', $sanitized );
		$sanitized = (string) preg_replace( '/-{2,}/', '-', $sanitized );
		$sanitized = trim( $sanitized, '-_' );

		if ( '' === $sanitized ) {
			return new \WP_Error( 'mcp_name_invalid', 'Unable to derive valid MCP name from: ' . $name );
		}
		if ( strlen( $sanitized ) > self::MAX_LENGTH ) {
			$sanitized = substr( $sanitized, 0, self::TRUNCATE_LENGTH ) . '-' . substr( md5( $name ), 0, self::HASH_LENGTH );
		}
		return $sanitized;
	}
}
