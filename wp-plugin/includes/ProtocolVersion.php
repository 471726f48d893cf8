<?php
/**
 * MCP protocol versions.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * The revisions of the MCP specification this server speaks, in two eras served side by side on
 * the same endpoints: the handshake revisions (initialize, sessions) and the stateless one
 * (server/discover, every request carrying its version and capabilities in `_meta`).
 */
final class ProtocolVersion {

	/** The newest handshake revision: what initialize answers when it cannot give the client's. */
	public const LATEST = '2025-11-25';

	/** Revisions negotiated by initialize. */
	public const HANDSHAKE = array( '2025-11-25', '2025-06-18', '2025-03-26' );

	/** Revisions where each request stands alone. */
	public const STATELESS = array( '2026-07-28' );

	/** Every revision served, newest first (server/discover's supportedVersions, the unsupported-version errors). */
	public const ALL = array( '2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26' );

	public static function is_supported( mixed $version ): bool {
		return is_string( $version ) && in_array( $version, self::ALL, true );
	}

	public static function is_stateless( mixed $version ): bool {
		return is_string( $version ) && in_array( $version, self::STATELESS, true );
	}

	public static function is_handshake( mixed $version ): bool {
		return is_string( $version ) && in_array( $version, self::HANDSHAKE, true );
	}

	/**
	 * The version answered to an initialize request: the client's when it is a handshake revision,
	 * otherwise our latest one (the client then decides whether to continue).
	 */
	public static function negotiate( mixed $requested ): string {
		return self::is_handshake( $requested ) ? $requested : self::LATEST;
	}
}
