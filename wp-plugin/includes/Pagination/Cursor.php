<?php
/**
 * Opaque pagination cursors for the list methods.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Pagination;

use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Logger;

/**
 * A cursor is the offset of the next page plus a fingerprint of the list it belongs to (method,
 * server, filters), signed with the site's salt (wp_hash): any PHP worker of the site accepts a
 * cursor another issued, a client cannot forge or edit one, and a cursor from another list (or
 * another filter) is refused with -32602 instead of silently returning the wrong page. Offsets
 * keep their meaning while abilities are registered in a stable order; a cursor past the end gives
 * an empty last page.
 */
final class Cursor {

	public const DEFAULT_PAGE_SIZE = 100;
	public const MAX_PAGE_SIZE     = 1000;

	/** Longest cursor accepted (bytes); ours are about 60. */
	private const MAX_LENGTH = 256;

	private const VERSION = 'c1';

	/**
	 * The page size of a list: filter `mcp_native_page_size`, clamped to 1..MAX_PAGE_SIZE.
	 *
	 * @param string $list      tools/list, resources/list, resources/templates/list, prompts/list or discover.
	 * @param string $server_id The server.
	 */
	public static function page_size( string $list, string $server_id ): int {
		/**
		 * Filters how many entries one page of a list holds.
		 *
		 * @param int    $size      Default 100.
		 * @param string $list      The list (JSON-RPC method, or "discover" for the default server's discover tool).
		 * @param string $server_id Server id.
		 */
		$size = apply_filters( 'mcp_native_page_size', self::DEFAULT_PAGE_SIZE, $list, $server_id );
		if ( ! is_int( $size ) && ! ( is_string( $size ) && ctype_digit( $size ) ) ) {
			Logger::warning_throttled( 'Filter mcp_native_page_size returned a non-integer; using the default', array( 'list' => $list ) );
			return self::DEFAULT_PAGE_SIZE;
		}
		return max( 1, min( self::MAX_PAGE_SIZE, (int) $size ) );
	}

	/**
	 * One page of `$items` and the cursor of the next one (null on the last page).
	 *
	 * @template T
	 * @param list<T> $items  The whole list, in its stable order.
	 * @param mixed   $cursor The client's cursor (null or absent = first page).
	 * @param string  $scope  What the list is: method, server and filters (see fingerprint()).
	 * @return array{0: list<T>, 1: string|null}
	 * @throws JsonRpcError -32602 for a cursor this list did not issue.
	 */
	private static function paginate( array $items, mixed $cursor, string $scope, int $page_size ): array {
		$offset = null === $cursor ? 0 : self::decode( $cursor, $scope );
		$page   = array_slice( $items, $offset, $page_size );
		$next   = $offset + $page_size;
		return array( $page, $next < count( $items ) ? self::encode( $next, $scope ) : null );
	}

	/**
	 * The result of a list method: one page of `$entries` under `$key`, plus `nextCursor` while
	 * more remain.
	 *
	 * @param string                     $key       Result member (tools, resources, prompts, …).
	 * @param list<mixed>                $entries   Every entry, in order.
	 * @param mixed                      $cursor    The client's cursor.
	 * @param string                     $list      The list (see page_size()).
	 * @param string                     $server_id The server.
	 * @param array<string, scalar|null> $filters   Filters the entries were selected by.
	 * @return array<string, mixed>
	 * @throws JsonRpcError -32602 for a cursor this list did not issue.
	 */
	public static function page( string $key, array $entries, mixed $cursor, string $list, string $server_id, array $filters = array() ): array {
		list( $page, $next ) = self::paginate( $entries, $cursor, self::scope( $list, $server_id, $filters ), self::page_size( $list, $server_id ) );
		$result = array( $key => $page );
		if ( null !== $next ) {
			$result['nextCursor'] = $next;
		}
		return $result;
	}

	public static function encode( int $offset, string $scope ): string {
		$payload = self::VERSION . ':' . $offset . ':' . self::fingerprint( $scope );
		return rtrim( strtr( base64_encode( $payload . ':' . self::signature( $payload ) ), '+/', '-_' ), '=' );
	}

	/**
	 * The offset a cursor stands for.
	 *
	 * @throws JsonRpcError -32602 when it is not a cursor of this list.
	 */
	public static function decode( mixed $cursor, string $scope ): int {
		if ( ! is_string( $cursor ) || '' === $cursor || strlen( $cursor ) > self::MAX_LENGTH || ! preg_match( '/^[A-Za-z0-9_-]+$/', $cursor ) ) {
			throw self::invalid();
		}
		$decoded = base64_decode( strtr( $cursor, '-_', '+/' ), true );
		$parts   = is_string( $decoded ) ? explode( ':', $decoded ) : array();
		if ( 4 !== count( $parts ) || self::VERSION !== $parts[0] || ! ctype_digit( $parts[1] ) || strlen( $parts[1] ) > 9 ) {
			throw self::invalid();
		}
		$payload = $parts[0] . ':' . $parts[1] . ':' . $parts[2];
		if ( ! hash_equals( self::signature( $payload ), $parts[3] ) || ! hash_equals( self::fingerprint( $scope ), $parts[2] ) ) {
			throw self::invalid();
		}
		return (int) $parts[1];
	}

	/**
	 * A scope string from the list's method, server and filters (sorted, so their order is irrelevant).
	 *
	 * @param array<string, scalar|null> $filters
	 */
	private static function scope( string $list, string $server_id, array $filters = array() ): string {
		ksort( $filters );
		return $list . "\0" . $server_id . "\0" . http_build_query( $filters );
	}

	private static function fingerprint( string $scope ): string {
		return substr( hash( 'sha256', $scope ), 0, 16 );
	}

	private static function signature( string $payload ): string {
		return substr( hash_hmac( 'sha256', $payload, wp_salt( 'nonce' ) ), 0, 24 );
	}

	private static function invalid(): JsonRpcError {
		return ErrorFactory::invalid_params( 'Invalid params: invalid or expired cursor (start again without one)' );
	}
}
