<?php
/**
 * What deleting the plugin removes.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Session\SessionStore;

/**
 * Everything the plugin writes to a site is named with one of two prefixes: options and
 * transients (the site identity, the request-state secret, the fallback's tools/list rows,
 * cancellation records, the accelerator's verdicts, throttled log marks) start with
 * `mcp_native_`, and session records are user meta starting with SessionStore::META_PREFIX (on
 * a network, followed by the site's id); OAuth clients, grants and tokens are in the network's
 * `{base_prefix}mcp_native_oauth_*` tables; the audit log is each site's `{prefix}mcp_native_audit`. Deleting the plugin removes them on every site of the
 * network. Nothing else is touched: the abilities belong to the plugins that registered them.
 */
final class Uninstaller {

	public const OPTION_PREFIX = 'mcp_native_';

	public static function run(): void {
		if ( is_multisite() ) {
			foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $site_id ) {
				switch_to_blog( (int) $site_id );
				self::delete_site_data();
				restore_current_blog();
			}
		} else {
			self::delete_site_data();
		}
		OAuth\Schema::drop(); // Clients, grants and tokens of every site: the tables are the network's.
		wp_clear_scheduled_hook( OAuth\OAuth::CLEANUP_HOOK );
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $wpdb->esc_like( SessionStore::META_PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		// User meta is cached per user; a persistent object cache would otherwise keep the rows.
		if ( function_exists( 'wp_cache_supports' ) && wp_cache_supports( 'flush_group' ) ) {
			wp_cache_flush_group( 'user_meta' );
		}
	}

	/** This site's audit table and cleanup event, then its options and transients. */
	private static function delete_site_data(): void {
		Audit\AuditTable::drop();
		wp_clear_scheduled_hook( Audit\AuditLog::CLEANUP_HOOK );
		self::delete_options();
	}

	/** This site's options and transients of the plugin, through delete_option() (its caches too). */
	private static function delete_options(): void {
		global $wpdb;
		$like  = static fn( string $prefix ): string => $wpdb->esc_like( $prefix ) . '%';
		$names = $wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s",
				$like( self::OPTION_PREFIX ),
				$like( '_transient_' . self::OPTION_PREFIX ),
				$like( '_transient_timeout_' . self::OPTION_PREFIX )
			)
		);
		foreach ( $names as $name ) {
			delete_option( $name );
		}
	}
}
