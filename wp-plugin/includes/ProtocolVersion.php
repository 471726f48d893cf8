<?php
/**
 * MCP protocol versions.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * The revisions of the MCP specification this server speaks (all with Streamable HTTP).
 */
final class ProtocolVersion {

	public const LATEST = '2025-11-25';

	public const SUPPORTED = array( '2025-11-25', '2025-06-18', '2025-03-26' );

	public static function is_supported( mixed $version ): bool {
		return is_string( $version ) && in_array( $version, self::SUPPORTED, true );
	}

	/**
	 * The version answered to an initialize request: the client's when we support it,
	 * otherwise our latest (the client then decides whether to continue).
	 */
	public static function negotiate( mixed $requested ): string {
		return self::is_supported( $requested ) ? $requested : self::LATEST;
	}
}
