<?php
/**
 * Admin-side hooks: Site Health test and info, the Tools → MCP Native status page, and on
 * multisite the Network Admin → Settings → MCP Native page.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

final class Admin {

	private static bool $booted = false;

	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;
		add_filter( 'site_status_tests', array( SiteHealth::class, 'register_test' ) );
		add_filter( 'debug_information', array( SiteHealth::class, 'debug_information' ) );
		add_action( 'admin_menu', array( StatusPage::class, 'register_menu' ) );
		add_action( 'admin_menu', array( AbilitiesPage::class, 'register_menu' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( MCP_NATIVE_PLUGIN_FILE ), array( self::class, 'action_links' ) );
		if ( is_multisite() ) {
			add_action( 'network_admin_menu', array( NetworkPage::class, 'register_menu' ) );
			add_filter( 'network_admin_plugin_action_links_' . plugin_basename( MCP_NATIVE_PLUGIN_FILE ), array( self::class, 'network_action_links' ) );
		}
	}

	/**
	 * A "Network status" link on the network's Plugins screen.
	 *
	 * @param mixed $links Links.
	 * @return mixed
	 */
	public static function network_action_links( mixed $links ): mixed {
		if ( is_array( $links ) && current_user_can( NetworkPage::CAPABILITY ) ) {
			array_unshift( $links, '<a href="' . esc_url( NetworkPage::url() ) . '">' . esc_html__( 'Network status', 'mcp-native' ) . '</a>' );
		}
		return $links;
	}

	/**
	 * A "Status" link on the Plugins screen.
	 *
	 * @param mixed $links Links.
	 * @return mixed
	 */
	public static function action_links( mixed $links ): mixed {
		if ( is_array( $links ) && current_user_can( StatusPage::CAPABILITY ) ) {
			array_unshift( $links, '<a href="' . esc_url( StatusPage::url() ) . '">' . esc_html__( 'Status', 'mcp-native' ) . '</a>' );
		}
		return $links;
	}
}
