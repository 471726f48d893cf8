<?php
/**
 * A server's encoded tools/list, kept by the php-fpm worker between requests.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\Contract;
use McpNative\Plugin\Server;

/**
 * Building 500 tools (names, wire schemas, annotations) and encoding them costs more than the
 * rest of a `tools/list` request; their JSON only changes when what it is made of changes. The
 * extension keeps it per process (McpNative\cache_store), keyed by a fingerprint of everything
 * the list is made of (Server::tool_sources(): every listed ability's name, label, description,
 * schemas and meta, the built-in tools' descriptors, the server's id and profile) and of the
 * code that makes it (the files below, by mtime). A change makes another key, so an entry is
 * never stale; old ones age out of the bounded store.
 *
 * Not cached, and built as before on every request: without the extension (PHP keeps nothing
 * between requests), while a filter may change the list from PHP code (mcp_native_server_tools,
 * mcp_native_tools_list, mcp_native_tool_name: their answers cannot be fingerprinted), when
 * `mcp_native_cache_tool_list` returns false, and when an ability's data holds an object other
 * than stdClass (its JSON may change without it). A hit logs nothing about abilities skipped
 * when the list was built (they were logged then).
 */
final class ToolListCache {

	/** Changes when the cached form changes without any file below changing. */
	private const FORMAT = 1;

	/** Filters whose callbacks make the list from PHP code. */
	private const LIST_FILTERS = array( 'mcp_native_server_tools', 'mcp_native_tools_list', 'mcp_native_tool_name' );

	/** The code a tool descriptor comes from (relative to includes/). */
	private const CODE = array(
		'Tools/Tool.php',
		'Tools/AbilityTool.php',
		'Tools/CallbackTool.php',
		'Tools/ToolFactory.php',
		'Tools/ToolListCache.php',
		'Handlers/ToolsHandler.php',
		'Server.php',
		'SchemaEncoder.php',
		'AnnotationMapper.php',
		'NameSanitizer.php',
		'SiteIdentity.php',
		'Json.php',
	);

	/** Nesting above a tool in a tools/list message: the message, its result, the tools list. */
	public const DEPTH_ABOVE = 3;

	/**
	 * The key of a server's list, or null when it is not cached.
	 */
	public static function key( Server $server ): ?string {
		if ( ! Contract::is_native() || ! function_exists( 'McpNative\\cache_fetch' ) ) {
			return null;
		}
		foreach ( self::LIST_FILTERS as $hook ) {
			if ( has_filter( $hook ) ) {
				return null;
			}
		}
		/**
		 * Filters whether this worker may keep a server's encoded tools/list between requests.
		 *
		 * @param bool   $cache  Default true.
		 * @param Server $server The server.
		 */
		if ( true !== apply_filters( 'mcp_native_cache_tool_list', true, $server ) ) {
			return null;
		}
		return \McpNative\fingerprint( array( self::FORMAT, self::code_stamp(), $server->tool_sources() ) );
	}

	/**
	 * The cached entries (each tool's JSON text, in list order), or null.
	 *
	 * @return list<string>|null
	 */
	public static function fetch( string $key ): ?array {
		return \McpNative\cache_fetch( $key );
	}

	/**
	 * Encodes the descriptors and keeps them under $key. Null when one does not encode (the
	 * caller sends the descriptors, and the message fails to encode as it would have).
	 *
	 * @param list<array<string, mixed>> $descriptors Tool descriptors, in list order.
	 * @return list<string>|null
	 */
	public static function store( string $key, array $descriptors ): ?array {
		$texts = array();
		foreach ( $descriptors as $descriptor ) {
			$json = \McpNative\Plugin\Json::encode( $descriptor, \McpNative\Plugin\Json::MAX_DEPTH - self::DEPTH_ABOVE );
			if ( null === $json ) {
				return null;
			}
			$texts[] = $json;
		}
		\McpNative\cache_store( $key, $texts );
		return $texts;
	}

	/**
	 * The mtimes of the code a descriptor comes from: an edited file makes new keys.
	 *
	 * @return list<int|false>
	 */
	private static function code_stamp(): array {
		$base  = dirname( __DIR__ ) . '/';
		$stamp = array();
		foreach ( self::CODE as $file ) {
			$stamp[] = @filemtime( $base . $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a missing file is a value too.
		}
		return $stamp;
	}
}
