<?php
/**
 * `wp mcp-native audit`: the audit log from WP-CLI.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

/**
 * Reads and prunes the audit log from the command line.
 *
 * The work is in list_rows() and prune(), which take plain arguments and return plain values
 * (tested without WP-CLI); list() and the prune subcommand only print.
 *
 * ## EXAMPLES
 *
 *     wp mcp-native audit list --outcome=refused --from=2026-12-01 --format=csv
 *     wp mcp-native audit list --user=admin --ability=demo/get-time --limit=20
 *     wp mcp-native audit prune
 *     wp mcp-native audit prune --days=7 --rows=5000
 */
final class AuditCommand {

	public const COMMAND = 'mcp-native audit';
	public const FORMATS = array( 'table', 'csv', 'json' );
	public const MAX_LIMIT = AuditQuery::EXPORT_LIMIT;

	/** Registers the command where WP-CLI runs. */
	public static function register(): void {
		if ( class_exists( 'WP_CLI' ) ) {
			\WP_CLI::add_command( self::COMMAND, self::class );
		}
	}

	/**
	 * Rows matching the filters, newest first.
	 *
	 * @param array<string, mixed> $assoc_args user, ability, outcome, from, to, limit (default 100).
	 * @return list<array<string, string>>|\WP_Error
	 */
	public static function list_rows( array $assoc_args ): array|\WP_Error {
		$limit = $assoc_args['limit'] ?? '100';
		if ( ( ! is_string( $limit ) && ! is_int( $limit ) ) || 1 !== preg_match( '/^[0-9]{1,9}$/', (string) $limit ) || (int) $limit < 1 || (int) $limit > self::MAX_LIMIT ) {
			return new \WP_Error( 'mcp_native_audit_limit_invalid', sprintf( '--limit must be a whole number from 1 to %d.', self::MAX_LIMIT ) );
		}
		$unknown = array_diff( array_keys( $assoc_args ), AuditQuery::KEYS, array( 'limit', 'format' ) );
		if ( array() !== $unknown ) {
			return new \WP_Error( 'mcp_native_audit_option_unknown', 'Unknown option: --' . implode( ', --', $unknown ) );
		}
		$query = AuditQuery::parse( array_intersect_key( $assoc_args, array_flip( AuditQuery::KEYS ) ) );
		return $query instanceof \WP_Error ? $query : $query->rows( (int) $limit );
	}

	/**
	 * Applies the retention (the site's, or the days and rows given); returns how many rows went.
	 *
	 * @param array<string, mixed> $assoc_args days, rows (optional).
	 */
	public static function prune_rows( array $assoc_args ): int|\WP_Error {
		$retention = Retention::parse( $assoc_args + array_map( 'strval', Retention::get() ) );
		return $retention instanceof \WP_Error ? $retention : AuditTable::prune( $retention['days'], $retention['rows'] );
	}

	/**
	 * Lists recorded calls.
	 *
	 * ## OPTIONS
	 *
	 * [--user=<login-or-id>]
	 * : Calls made as this user.
	 *
	 * [--ability=<name>]
	 * : Calls of this ability, or of this tool, prompt or resource URI as called.
	 *
	 * [--outcome=<outcome>]
	 * : success, tool_error, refused, cancelled or approval_denied.
	 *
	 * [--from=<date>]
	 * : From this day (YYYY-MM-DD, site time zone).
	 *
	 * [--to=<date>]
	 * : Up to and including this day.
	 *
	 * [--limit=<n>]
	 * : At most this many rows, newest first. Default 100.
	 *
	 * [--format=<format>]
	 * : table, csv or json. Default table.
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function list( array $args, array $assoc_args ): void {
		$format = $assoc_args['format'] ?? 'table';
		if ( ! in_array( $format, self::FORMATS, true ) ) {
			\WP_CLI::error( '--format must be one of ' . implode( ', ', self::FORMATS ) . '.' );
		}
		$rows = self::list_rows( $assoc_args );
		if ( $rows instanceof \WP_Error ) {
			\WP_CLI::error( $rows->get_error_message() );
		}
		if ( 'csv' === $format ) {
			\WP_CLI::line( rtrim( Csv::text( $rows ), "\n" ) ); // Formula-safe cells, as the screen's export.
			return;
		}
		if ( 'json' === $format ) {
			\WP_CLI::line( (string) wp_json_encode( $rows, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
			return;
		}
		\WP_CLI\Utils\format_items( $format, $rows, Csv::COLUMNS );
	}

	/**
	 * Deletes rows past the retention now (what the nightly cleanup does).
	 *
	 * ## OPTIONS
	 *
	 * [--days=<days>]
	 * : Keep this many days instead of the site's setting.
	 *
	 * [--rows=<rows>]
	 * : Keep at most this many rows instead of the site's setting.
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function prune( array $args, array $assoc_args ): void {
		$deleted = self::prune_rows( $assoc_args );
		if ( $deleted instanceof \WP_Error ) {
			\WP_CLI::error( $deleted->get_error_message() );
		}
		\WP_CLI::success( sprintf( '%d rows deleted.', $deleted ) );
	}
}
