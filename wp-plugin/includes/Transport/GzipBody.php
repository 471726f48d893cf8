<?php
/**
 * gzip answers made around text compressed once.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\RawJson;

/**
 * A `tools/list` of 500 tools is about 580 KB of JSON and compresses twenty-fold; the clients
 * (the TypeScript and Python SDKs, mcp-wordpress-remote) send `Accept-Encoding: gzip`. Writing
 * the plain text costs a worker, nginx and the network more than the rest of a cached answer,
 * and compressing it on every request (PHP's zlib.output_compression, nginx's gzip) costs more
 * still. So a RawJson that comes with its DEFLATE form (a cached page: ToolListCache) is sent
 * as it was compressed once, and the message around it (`{"jsonrpc":"2.0","id":…` and the
 * cursor: a few dozen bytes that change per request) as stored DEFLATE blocks. DEFLATE blocks
 * chain, so the parts make one gzip member (RFC 1952) whose CRC-32 and length are those of the
 * whole text: any gzip decoder reads it as the JSON Json::encode() gives.
 *
 * Only then, and only when nothing else encodes this response: the client accepts gzip (no
 * `q=0`), headers are not sent, no output buffer is open but PHP's own (php.ini's
 * output_buffering: a page cache, ob_gzhandler or any buffer a plugin opened would get bytes it
 * does not expect), zlib.output_compression is off, no Content-Encoding is set, and
 * `mcp_native_gzip_answers` does not return false. Every other answer is sent as before (small
 * ones gain little). Without zlib no part has a compressed form (deflate()), so of() says no.
 */
final class GzipBody {

	/** The member's header: gzip magic, DEFLATE, no flags, no mtime, no extra flags, Unix. */
	private const HEADER = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03";

	/** An empty final stored block: the DEFLATE stream's end. */
	private const LAST_BLOCK = "\x01\x00\x00\xff\xff";

	/** The most bytes one stored block holds. */
	private const STORED_MAX = 0xffff;

	/**
	 * Whether this response may be sent as gzip.
	 */
	public static function allowed( \WP_REST_Request $request ): bool {
		$accept = $request->get_header( 'accept-encoding' );
		if ( ! is_string( $accept ) || ! self::accepts_gzip( $accept ) || headers_sent() ) {
			return false;
		}
		if ( filter_var( ini_get( 'zlib.output_compression' ), FILTER_VALIDATE_BOOLEAN ) || '' !== (string) ini_get( 'zlib.output_handler' ) ) {
			return false;
		}
		// Only PHP's own buffer (php.ini's output_buffering) may be open: a buffer a plugin opened,
		// with or without a callback, may keep or rewrite what it gets.
		$own      = in_array( strtolower( trim( (string) ini_get( 'output_buffering' ) ) ), array( '', '0', 'off', 'no', 'false', 'none' ), true ) ? 0 : 1;
		$handlers = ob_list_handlers();
		if ( count( $handlers ) > $own || ( 1 === count( $handlers ) && 'default output handler' !== $handlers[0] ) ) {
			return false;
		}
		foreach ( headers_list() as $header ) {
			if ( 0 === stripos( $header, 'content-encoding:' ) ) {
				return false;
			}
		}
		/**
		 * Filters whether an MCP answer whose bulk was compressed ahead (a cached tools/list page)
		 * may be sent gzip-encoded to a client that accepts it.
		 *
		 * @param bool             $allowed Default true.
		 * @param \WP_REST_Request $request The request.
		 */
		return true === apply_filters( 'mcp_native_gzip_answers', true, $request );
	}

	/**
	 * Whether an Accept-Encoding value takes gzip (RFC 9110 12.5.3: `gzip`, `x-gzip` or `*`, with
	 * a q-value above 0; a `gzip` entry decides over `*`).
	 */
	public static function accepts_gzip( string $accept ): bool {
		$any = null;
		foreach ( explode( ',', strtolower( $accept ) ) as $entry ) {
			$fields = explode( ';', $entry );
			$coding = trim( $fields[0] );
			$q      = 1.0;
			foreach ( array_slice( $fields, 1 ) as $parameter ) {
				$pair = explode( '=', $parameter, 2 );
				if ( 'q' === trim( $pair[0] ) ) {
					$q = is_numeric( trim( $pair[1] ?? '' ) ) ? (float) trim( $pair[1] ) : 0.0;
				}
			}
			if ( 'gzip' === $coding || 'x-gzip' === $coding ) {
				return $q > 0;
			}
			if ( '*' === $coding ) {
				$any = $q > 0;
			}
		}
		return true === $any;
	}

	/**
	 * The gzip member of an encoding's parts (Json::parts(): what Json::encode() joins), or null
	 * when no part of it was compressed ahead (the caller sends the joined text).
	 *
	 * @param list<string|RawJson> $parts
	 */
	public static function of( array $parts ): ?string {
		$deflated = array();
		foreach ( $parts as $i => $part ) {
			$blocks = $part instanceof RawJson ? $part->deflated() : null;
			if ( null !== $blocks ) {
				$deflated[ $i ] = $blocks;
			}
		}
		if ( array() === $deflated ) {
			return null; // Nothing to gain: the caller sends the text, unread here.
		}
		$body = self::HEADER;
		$crc  = hash_init( 'crc32b' );
		$size = 0;
		foreach ( $parts as $i => $part ) {
			$text = $part instanceof RawJson ? $part->json : $part;
			hash_update( $crc, $text );
			$size += strlen( $text );
			$body .= $deflated[ $i ] ?? self::stored( $text );
		}
		// The trailer: CRC-32 and length mod 2^32, little-endian (hash_final gives the CRC big-endian).
		return $body . self::LAST_BLOCK . strrev( hash_final( $crc, true ) ) . pack( 'V', $size & 0xffffffff );
	}

	/**
	 * Raw DEFLATE blocks of $text ending on a byte boundary without a final block: what a RawJson
	 * keeps as its compressed form. Null without zlib.
	 */
	public static function deflate( string $text ): ?string {
		$context  = function_exists( 'deflate_init' ) ? deflate_init( ZLIB_ENCODING_RAW, array( 'level' => 6 ) ) : false;
		$deflated = false === $context ? false : deflate_add( $context, $text, ZLIB_SYNC_FLUSH );
		return is_string( $deflated ) ? $deflated : null;
	}

	/**
	 * $text as non-final stored blocks (each: a byte-aligned header, LEN, its complement, the bytes).
	 */
	private static function stored( string $text ): string {
		$blocks = '';
		foreach ( '' === $text ? array() : str_split( $text, self::STORED_MAX ) as $chunk ) {
			$length  = strlen( $chunk );
			$blocks .= "\x00" . pack( 'vv', $length, ~$length & 0xffff ) . $chunk;
		}
		return $blocks;
	}
}
