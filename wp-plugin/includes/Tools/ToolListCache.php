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
use McpNative\Plugin\Transport\GzipBody;

/**
 * Building 500 tools (names, wire schemas, annotations) and encoding them costs more than the
 * rest of a `tools/list` request; their JSON only changes when what it is made of changes. So it
 * is kept between requests, keyed by a fingerprint of everything the list is made of
 * (Server::tool_sources(): every listed ability's name, label, description, schemas and meta,
 * the built-in tools' descriptors, the server's id and profile) and of the code that makes it
 * (code_stamp(): versions and the build). A change makes another key, so an entry is never stale.
 *
 * - With the extension, the worker keeps it in memory (McpNative\cache_store, bounded; old
 *   entries age out), with each page's DEFLATE form for gzip answers (Transport\GzipBody).
 * - Without it, PHP keeps nothing between requests, so one option per server (not autoloaded)
 *   holds the key and the texts, read back with one query: WordPress's own store, in its object
 *   cache where the site has a persistent one. The key is XXH128 of serialize(). A list whose key
 *   changed less than REWRITE_AFTER seconds after the last write is not written (a list that
 *   changes on every request costs one write a minute, not one per request), nor one larger than
 *   MAX_STORED_BYTES.
 *
 * Not cached, and built as before on every request: while a filter may change the list from PHP
 * code (mcp_native_server_tools, mcp_native_tools_list, mcp_native_tool_name: their answers
 * cannot be fingerprinted), when `mcp_native_cache_tool_list` returns false, and when an
 * ability's data holds an object other than stdClass (its JSON may change without it). A hit logs
 * nothing about abilities skipped when the list was built (they were logged then).
 */
final class ToolListCache {

	/** Changes when the cached form changes without any file below changing. */
	private const FORMAT = 1;

	/** Filters whose callbacks make the list from PHP code. */
	private const LIST_FILTERS = array( 'mcp_native_server_tools', 'mcp_native_tools_list', 'mcp_native_tool_name' );

	/** The fallback's option of a server: this prefix and a hash of the server's id. */
	public const OPTION_PREFIX = 'mcp_native_tool_list_';

	/** Seconds after the fallback's last write before a list with another key is written. */
	public const REWRITE_AFTER = 60;

	/** The largest list (bytes of JSON) the fallback writes to the database. */
	public const MAX_STORED_BYTES = 4 << 20;

	/** Nesting above a tool in a tools/list message: the message, its result, the tools list. */
	public const DEPTH_ABOVE = 3;

	/**
	 * The key of a server's list, or null when it is not cached.
	 */
	public static function key( Server $server ): ?string {
		if ( Contract::is_native() && ! Contract::has_worker_cache() ) {
			return null; // A build without the worker cache: nothing is kept.
		}
		foreach ( self::LIST_FILTERS as $hook ) {
			if ( has_filter( $hook ) ) {
				return null;
			}
		}
		/**
		 * Filters whether a server's encoded tools/list may be kept between requests (with the
		 * extension in the worker's memory, without it in an option).
		 *
		 * @param bool   $cache  Default true.
		 * @param Server $server The server.
		 */
		if ( true !== apply_filters( 'mcp_native_cache_tool_list', true, $server ) ) {
			return null;
		}
		$sources = array( self::FORMAT, self::code_stamp(), $server->tool_sources() );
		return Contract::fingerprint( $sources );
	}

	/**
	 * The cached entries (each tool's JSON text, in list order), or null.
	 *
	 * @return list<string>|null
	 */
	public static function fetch( Server $server, string $key ): ?array {
		if ( Contract::has_worker_cache() ) {
			return Contract::worker_cache_fetch( $key );
		}
		$row = get_option( self::option( $server ), '' );
		if ( ! is_string( $row ) || ! str_starts_with( $row, $key . ' ' ) ) {
			return null;
		}
		$texts = explode( "\n", $row );
		array_shift( $texts ); // The key and the time of writing.
		return $texts;
	}

	/**
	 * Encodes the descriptors and keeps them under $key. Null when one does not encode (the
	 * caller sends the descriptors, and the message fails to encode as it would have).
	 *
	 * @param list<array<string, mixed>> $descriptors Tool descriptors, in list order.
	 * @return list<string>|null
	 */
	public static function store( Server $server, string $key, array $descriptors ): ?array {
		$texts = array();
		foreach ( $descriptors as $descriptor ) {
			$json = \McpNative\Plugin\Json::encode( $descriptor, \McpNative\Plugin\Json::MAX_DEPTH - self::DEPTH_ABOVE );
			if ( null === $json ) {
				return null;
			}
			$texts[] = $json;
		}
		if ( ! Contract::worker_cache_store( $key, $texts ) ) {
			self::write_option( $server, $key, $texts );
		}
		return $texts;
	}

	/**
	 * What gives a page its DEFLATE form (Transport\GzipBody), or null when none is kept (the
	 * fallback's answers are plain JSON). With the extension the form is made at the page's first
	 * gzip answer and kept beside the list under a key of its own: the list's key, the cursor and
	 * the page's length fix the page's text.
	 *
	 * @return (\Closure(string): ?string)|null Given the page's text, its form (null without zlib).
	 */
	public static function deflater( string $key, ?string $cursor, int $count ): ?\Closure {
		if ( ! Contract::has_worker_cache() ) {
			return null;
		}
		$page_key = $key . ':deflate:' . $count . ':' . ( $cursor ?? '' );
		return static function ( string $json ) use ( $page_key ): ?string {
			$kept = Contract::worker_cache_fetch( $page_key );
			if ( isset( $kept[0] ) ) {
				return $kept[0];
			}
			$deflated = GzipBody::deflate( $json );
			if ( null !== $deflated ) {
				Contract::worker_cache_store( $page_key, array( $deflated ) );
			}
			return $deflated;
		};
	}

	/** The fallback's option name of a server's list. */
	private static function option( Server $server ): string {
		return self::OPTION_PREFIX . substr( md5( $server->id ), 0, 16 );
	}

	/**
	 * Writes a server's list to its option, as `KEY TIME`, then `\nTEXT` for each text (a JSON
	 * text never holds a raw newline), unless a list was written less than REWRITE_AFTER seconds
	 * ago (under another key: this one would have been a hit) or it is larger than
	 * MAX_STORED_BYTES. fetch() read the option on this request and WordPress keeps it in its
	 * object cache, so the check costs no query.
	 *
	 * @param list<string> $texts
	 */
	private static function write_option( Server $server, string $key, array $texts ): void {
		$name    = self::option( $server );
		$old     = get_option( $name, '' );
		$head    = is_string( $old ) ? explode( "\n", $old, 2 )[0] : '';
		$written = (int) ( explode( ' ', $head )[1] ?? 0 );
		if ( time() - $written < self::REWRITE_AFTER ) {
			return;
		}
		$row = $key . ' ' . time() . ( array() === $texts ? '' : "\n" . implode( "\n", $texts ) );
		if ( strlen( $row ) <= self::MAX_STORED_BYTES ) {
			update_option( $name, $row, false );
		}
	}

	/**
	 * What the code that makes a list is: the plugin's version, the running implementation's
	 * (the extension's version, or the fallback), and the build: the hash `make dist` writes into
	 * the plugin's build.php, or, in a checkout, the newest change to any of its PHP files (no
	 * hand-kept list of files to forget one from). Worked out once a request.
	 *
	 * @return list<string|int>
	 */
	private static function code_stamp(): array {
		static $stamp = null;
		if ( null === $stamp ) {
			$plugin = dirname( __DIR__, 2 );
			$build  = is_file( $plugin . '/build.php' ) ? include $plugin . '/build.php' : null;
			$stamp  = array(
				defined( 'MCP_NATIVE_PLUGIN_VERSION' ) ? MCP_NATIVE_PLUGIN_VERSION : '',
				Contract::version(),
				is_array( $build ) && is_string( $build['hash'] ?? null ) ? $build['hash'] : self::newest_change( $plugin . '/includes' ),
			);
		}
		return $stamp;
	}

	/** The newest modification time of the PHP files below a folder. */
	private static function newest_change( string $dir ): int {
		$newest = 0;
		$files  = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( $file instanceof \SplFileInfo && 'php' === $file->getExtension() ) {
				$newest = max( $newest, (int) $file->getMTime() );
			}
		}
		return $newest;
	}
}
