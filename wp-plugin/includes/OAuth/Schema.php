<?php
/**
 * The OAuth tables: created and upgraded with dbDelta, dropped on uninstall.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * Three tables shared by a network (`{base_prefix}mcp_native_oauth_*`), each row naming its site:
 * - clients: registered (DCR) clients and cached Client ID Metadata Documents;
 * - grants: what a user approved for a client on one MCP server of one site (listed on the
 *   profile screen, revoked as a whole);
 * - tokens: codes, access and refresh tokens of a grant, by the SHA-256 of their value only.
 */
final class Schema {

	public const VERSION        = '1';
	private const VERSION_OPTION = 'mcp_native_oauth_db';

	public static function clients(): string {
		return $GLOBALS['wpdb']->base_prefix . 'mcp_native_oauth_clients';
	}

	public static function grants(): string {
		return $GLOBALS['wpdb']->base_prefix . 'mcp_native_oauth_grants';
	}

	public static function tokens(): string {
		return $GLOBALS['wpdb']->base_prefix . 'mcp_native_oauth_tokens';
	}

	/**
	 * Creates or upgrades the tables when the stored version is not this one (one cached option
	 * read on the requests that write).
	 */
	public static function ensure(): void {
		if ( self::installed() ) {
			return;
		}
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$charset = $wpdb->get_charset_collate();
		dbDelta(
			array(
				'CREATE TABLE ' . self::clients() . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  blog_id bigint(20) unsigned NOT NULL,
  client_id varchar(191) NOT NULL,
  kind varchar(8) NOT NULL,
  secret_hash char(64) NOT NULL DEFAULT '',
  metadata longtext NOT NULL,
  created_at bigint(20) unsigned NOT NULL,
  expires_at bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (id),
  UNIQUE KEY blog_client (blog_id,client_id)
) $charset;",
				'CREATE TABLE ' . self::grants() . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  blog_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL,
  client_id varchar(191) NOT NULL,
  client_name varchar(200) NOT NULL DEFAULT '',
  redirect_host varchar(191) NOT NULL DEFAULT '',
  server_route varchar(191) NOT NULL,
  resource text NOT NULL,
  scope varchar(191) NOT NULL,
  pass_check char(16) NOT NULL,
  created_at bigint(20) unsigned NOT NULL,
  last_used_at bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (id),
  KEY user_blog (user_id,blog_id),
  KEY blog_client (blog_id,client_id)
) $charset;",
				'CREATE TABLE ' . self::tokens() . " (
  token_hash char(64) NOT NULL,
  grant_id bigint(20) unsigned NOT NULL,
  kind varchar(16) NOT NULL,
  expires_at bigint(20) unsigned NOT NULL,
  data text NOT NULL,
  PRIMARY KEY  (token_hash),
  KEY grant_id (grant_id),
  KEY expires_at (expires_at)
) $charset;",
			)
		);
		update_site_option( self::VERSION_OPTION, self::VERSION );
	}

	/** Whether the tables exist at this version (nothing to read or revoke before the first authorization). */
	public static function installed(): bool {
		return self::VERSION === get_site_option( self::VERSION_OPTION );
	}

	/** Uninstall: the tables and their version. */
	public static function drop(): void {
		global $wpdb;
		foreach ( array( self::clients(), self::grants(), self::tokens() ) as $table ) {
			$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		}
		delete_site_option( self::VERSION_OPTION );
	}
}
