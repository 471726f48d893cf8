<?php
/**
 * The audit log's table: created and upgraded with dbDelta, written with one INSERT a call.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

use McpNative\Plugin\Logger;

/**
 * One table per site, `{prefix}mcp_native_audit` (on a network each site has its own, as its
 * posts and options: the site's owner reads and prunes it, a deleted site takes it along). Times
 * are UTC. The version option is autoloaded, so checking it costs no query on the hot path.
 */
final class AuditTable {

	public const VERSION         = '1';
	public const VERSION_OPTION  = 'mcp_native_audit_db';

	/** Columns of a row as written (besides id), with their wpdb formats. */
	public const COLUMNS = array(
		'created_at'        => '%s',
		'blog_id'           => '%d',
		'user_id'           => '%d',
		'client_name'       => '%s',
		'client_version'    => '%s',
		'oauth_client_id'   => '%s',
		'oauth_client_name' => '%s',
		'server_id'         => '%s',
		'session_id'        => '%s',
		'protocol_version'  => '%s',
		'method'            => '%s',
		'target'            => '%s',
		'ability'           => '%s',
		'outcome'           => '%s',
		'error_code'        => '%s',
		'duration_ms'       => '%f',
		'arguments'         => '%s',
	);

	/** Longest text kept per column (bytes), matching the table's definition. */
	public const LIMITS = array(
		'client_name'       => 100,
		'client_version'    => 50,
		'oauth_client_id'   => 191,
		'oauth_client_name' => 200,
		'server_id'         => 100,
		'session_id'        => 64,
		'protocol_version'  => 20,
		'method'            => 32,
		'target'            => 255,
		'ability'           => 191,
		'outcome'           => 20,
		'error_code'        => 100,
	);

	public static function name(): string {
		return $GLOBALS['wpdb']->prefix . 'mcp_native_audit';
	}

	/** Whether this site's table exists at this version. */
	public static function installed(): bool {
		return self::VERSION === get_option( self::VERSION_OPTION );
	}

	/** Creates or upgrades this site's table when its version option says so. */
	public static function ensure(): void {
		if ( self::installed() ) {
			return;
		}
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		dbDelta(
			'CREATE TABLE ' . self::name() . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  created_at datetime NOT NULL,
  blog_id bigint(20) unsigned NOT NULL DEFAULT 0,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  client_name varchar(100) NOT NULL DEFAULT '',
  client_version varchar(50) NOT NULL DEFAULT '',
  oauth_client_id varchar(191) NOT NULL DEFAULT '',
  oauth_client_name varchar(200) NOT NULL DEFAULT '',
  server_id varchar(100) NOT NULL DEFAULT '',
  session_id varchar(64) NOT NULL DEFAULT '',
  protocol_version varchar(20) NOT NULL DEFAULT '',
  method varchar(32) NOT NULL,
  target varchar(255) NOT NULL DEFAULT '',
  ability varchar(191) NOT NULL DEFAULT '',
  outcome varchar(20) NOT NULL,
  error_code varchar(100) NOT NULL DEFAULT '',
  duration_ms decimal(12,3) NOT NULL DEFAULT 0,
  arguments text NOT NULL,
  PRIMARY KEY  (id),
  KEY created_at (created_at),
  KEY user_id (user_id),
  KEY ability (ability)
) " . $wpdb->get_charset_collate() . ';'
		);
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * Writes one row (one INSERT). Text is cut to its column's size on a character boundary.
	 *
	 * @param array<string, mixed> $row Values by COLUMNS name.
	 */
	public static function insert( array $row ): bool {
		global $wpdb;
		self::ensure();
		$values = array();
		foreach ( self::COLUMNS as $column => $format ) {
			$value = $row[ $column ] ?? ( '%s' === $format ? '' : 0 );
			if ( isset( self::LIMITS[ $column ] ) ) {
				$value = self::fit( (string) $value, self::LIMITS[ $column ] );
			}
			$values[ $column ] = $value;
		}
		// Written after the answer has gone: a database error must not print into anything.
		$suppressed = $wpdb->suppress_errors( true );
		$written    = false !== $wpdb->insert( self::name(), $values, array_values( self::COLUMNS ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->suppress_errors( $suppressed );
		if ( ! $written ) {
			Logger::warning_throttled( 'The audit log could not write a row: ' . $wpdb->last_error, array( 'table' => self::name() ) );
		}
		return $written;
	}

	/**
	 * Deletes rows older than $days days, then all but the newest $rows rows; returns how many went.
	 */
	public static function prune( int $days, int $rows ): int {
		global $wpdb;
		if ( ! self::installed() ) {
			return 0;
		}
		$table   = self::name();
		$cutoff  = gmdate( 'Y-m-d H:i:s', time() - max( 1, $days ) * DAY_IN_SECONDS );
		$deleted = (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE created_at < %s", $cutoff ) ); // phpcs:ignore WordPress.DB
		$keep_from = $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$table} ORDER BY id DESC LIMIT 1 OFFSET %d", max( 0, $rows ) ) ); // phpcs:ignore WordPress.DB
		if ( null !== $keep_from ) {
			$deleted += (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE id <= %d", (int) $keep_from ) ); // phpcs:ignore WordPress.DB
		}
		return $deleted;
	}

	/** Uninstall and site deletion: this site's table and its version. */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( 'DROP TABLE IF EXISTS ' . self::name() ); // phpcs:ignore WordPress.DB
		delete_option( self::VERSION_OPTION );
	}

	/**
	 * wpmu_drop_tables: a deleted site's audit table goes with its other tables.
	 *
	 * @param mixed $tables Tables WordPress drops.
	 * @return mixed
	 */
	public static function drop_with_site( mixed $tables ): mixed {
		if ( is_array( $tables ) ) {
			$tables[] = self::name();
		}
		return $tables;
	}

	/** $text cut to at most $bytes bytes, not inside a UTF-8 character (invalid UTF-8 dropped). */
	public static function fit( string $text, int $bytes ): string {
		$text = wp_check_invalid_utf8( $text, true );
		if ( strlen( $text ) <= $bytes ) {
			return $text;
		}
		$cut = substr( $text, 0, $bytes );
		for ( $i = 0; $i < 3 && 1 !== preg_match( '//u', $cut ); ++$i ) {
			$cut = substr( $cut, 0, -1 );
		}
		return $cut;
	}
}
