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
	 * The MCP name of an ability as a tool or a prompt on a server: sanitized, then the
	 * `mcp_native_{kind}_name` filter, whose value is validated, not re-sanitized. Reads no schema.
	 *
	 * @param string $kind 'tool' or 'prompt'.
	 */
	public static function for_ability( \WP_Ability $ability, string $kind, string $server_id = '' ): string|\WP_Error {
		$ability_name = $ability->get_name();
		$name         = self::sanitize( $ability_name );
		if ( $name instanceof \WP_Error ) {
			return $name;
		}
		$hook = "mcp_native_{$kind}_name";
		/**
		 * Filters the MCP tool name (mcp_native_tool_name) or prompt name (mcp_native_prompt_name)
		 * of an ability. The value is validated, not re-sanitized.
		 *
		 * @param string      $name      Sanitized name.
		 * @param \WP_Ability $ability   The ability.
		 * @param string      $server_id Server id.
		 */
		$filtered = apply_filters( $hook, $name, $ability, $server_id );
		if ( ! is_string( $filtered ) || ! self::is_valid( $filtered ) ) {
			return new \WP_Error(
				"{$hook}_invalid",
				sprintf( 'Filter %s returned an invalid MCP %s name for %s: %s', $hook, $kind, $ability_name, is_string( $filtered ) ? $filtered : gettype( $filtered ) )
			);
		}
		return $filtered;
	}

	/** Characters of the usual ability name (core allows lowercase letters, digits, '-' and '/'). */
	private const PLAIN = 'abcdefghijklmnopqrstuvwxyz0123456789-/';

	/**
	 * What sanitizing keeps of an ASCII name: its letters, digits, '_' and '.' in order (it only
	 * adds, replaces or removes other characters, and '_' at the edges). A name and every name that
	 * sanitizes to it have the same key.
	 */
	public static function key( string $name ): string {
		return trim( (string) preg_replace( '/[^A-Za-z0-9_.]+/', '', $name ), '_' );
	}

	/**
	 * False only when $ability_name cannot sanitize to a name whose key() is $key, so a tool lookup
	 * sanitizes (and filters) only the abilities that may hold the name. A name that could be
	 * truncated (longer than MAX_LENGTH) or transliterated (non-ASCII) may always. Not for names a
	 * filter may change.
	 */
	public static function may_sanitize_to( string $ability_name, string $key ): bool {
		if ( strlen( $ability_name ) > self::MAX_LENGTH ) {
			return true;
		}
		if ( strspn( $ability_name, self::PLAIN ) === strlen( $ability_name ) ) {
			return str_replace( array( '-', '/' ), '', $ability_name ) === $key; // No '_' to trim: key() without a regex.
		}
		return 1 === preg_match( '/[\x80-\xff]/', $ability_name ) || self::key( $ability_name ) === $key;
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
