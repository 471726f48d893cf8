<?php
/**
 * What MCP Native accepted from a plugin's use of the adapter's API without giving it meaning.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\AdapterApi;

use McpNative\Plugin\Logger;

/**
 * A custom transport class, a plugin's own error handler, a hooked adapter filter without an MCP
 * Native counterpart, …: each is logged once and kept (an option, written only when the set
 * changes) for Site Health, which runs outside the REST requests that create servers.
 */
final class Notes {

	public const OPTION = 'mcp_native_adapter_api_notes';

	/** At most this many notes are kept. */
	private const LIMIT = 50;

	/** @var array<string, string> notes of this request, by key */
	private static array $seen = array();

	public static function add( string $key, string $note ): void {
		if ( isset( self::$seen[ $key ] ) ) {
			return;
		}
		self::$seen[ $key ] = $note;
		Logger::warning_throttled( 'Adapter API: ' . $note );
		$stored = self::stored();
		if ( ( $stored[ $key ] ?? null ) !== $note ) {
			$stored[ $key ] = $note;
			update_option( self::OPTION, array_slice( $stored, -self::LIMIT, null, true ), false );
		}
	}

	/**
	 * Every note kept, by key.
	 *
	 * @return array<string, string>
	 */
	public static function all(): array {
		return self::$seen + self::stored();
	}

	/** Forgets the notes of this request (tests). */
	public static function reset(): void {
		self::$seen = array();
	}

	/** @return array<string, string> */
	private static function stored(): array {
		$stored = get_option( self::OPTION, array() );
		return is_array( $stored ) ? array_filter( $stored, 'is_string' ) : array();
	}
}
