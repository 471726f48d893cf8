<?php
/**
 * CSV of audit rows, safe to open in a spreadsheet.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

/**
 * A cell starting with =, +, -, @, a tab or a carriage return would be read as a formula by
 * spreadsheets (CSV injection): it gets a leading apostrophe. Quoting is RFC 4180 (fputcsv).
 */
final class Csv {

	/** The columns exported, in order. */
	public const COLUMNS = array( 'id', 'created_at', 'blog_id', 'user_id', 'client_name', 'client_version', 'oauth_client_id', 'oauth_client_name', 'server_id', 'session_id', 'protocol_version', 'method', 'target', 'ability', 'outcome', 'error_code', 'duration_ms', 'arguments' );

	public static function cell( mixed $value ): string {
		$text = is_scalar( $value ) ? (string) $value : '';
		return ( '' !== $text && false !== strpbrk( $text[0], "=+-@\t\r" ) ) ? "'" . $text : $text;
	}

	/**
	 * Writes the header and the rows to a stream.
	 *
	 * @param resource                    $stream
	 * @param iterable<array<string, mixed>> $rows
	 */
	public static function write( $stream, iterable $rows ): void {
		fputcsv( $stream, self::COLUMNS, ',', '"', '' );
		foreach ( $rows as $row ) {
			$line = array();
			foreach ( self::COLUMNS as $column ) {
				$line[] = self::cell( $row[ $column ] ?? '' );
			}
			fputcsv( $stream, $line, ',', '"', '' );
		}
	}

	/**
	 * The CSV text of rows.
	 *
	 * @param iterable<array<string, mixed>> $rows
	 */
	public static function text( iterable $rows ): string {
		$stream = fopen( 'php://temp', 'w+' );
		self::write( $stream, $rows );
		rewind( $stream );
		$text = (string) stream_get_contents( $stream );
		fclose( $stream );
		return $text;
	}
}
