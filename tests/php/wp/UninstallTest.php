<?php
/**
 * Deleting the plugin (wp-plugin/uninstall.php, run by WordPress with WP_UNINSTALL_PLUGIN): what
 * the plugin stored is gone, nothing else is. The site's rows are put back afterwards, since
 * the other tests run on the same site.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Session\SessionStore;
use McpNative\Plugin\Tools\ToolListCache;
use McpNative\Plugin\Uninstaller;

final class UninstallTest extends TestCase {

	/** @var list<array<string, string>> */
	private array $options = array();

	/** @var list<array<string, string>> */
	private array $user_meta = array();

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		$this->options   = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value, autoload FROM {$wpdb->options} WHERE option_name LIKE %s", '%' . $wpdb->esc_like( Uninstaller::OPTION_PREFIX ) . '%' ), ARRAY_A );
		$this->user_meta = $wpdb->get_results( $wpdb->prepare( "SELECT user_id, meta_key, meta_value FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $wpdb->esc_like( SessionStore::META_PREFIX ) . '%' ), ARRAY_A );
	}

	protected function tearDown(): void {
		global $wpdb;
		foreach ( $this->options as $row ) {
			$wpdb->replace( $wpdb->options, $row );
		}
		foreach ( $this->user_meta as $row ) {
			$wpdb->insert( $wpdb->usermeta, $row );
		}
		wp_cache_flush();
		parent::tearDown();
	}

	public function test_deleting_the_plugin_removes_what_it_stored_and_nothing_else(): void {
		$user = $this->create_user( 'editor' );
		update_option( ToolListCache::OPTION_PREFIX . '0123456789abcdef', 'key 1', false );
		update_option( 'mcp_native_site_id', 'a site id' );
		set_transient( 'mcp_native_log_uninstall_test', 1, 600 );
		add_user_meta( $user, SessionStore::META_PREFIX . 'abc', array( 'session' => 1 ) );
		// Kept: the LIKE patterns escape `_` (unescaped, `mcp-native-…` would match them).
		update_option( 'mcp-native-not-ours', 'kept', false );
		update_option( 'blogname', 'The site' );
		add_user_meta( $user, 'mcp-native-session-not-ours', 'kept' );

		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', plugin_basename( MCP_NATIVE_PLUGIN_FILE ) );
		}
		require dirname( MCP_NATIVE_PLUGIN_FILE ) . '/uninstall.php';
		wp_cache_flush();

		$this->assertFalse( get_option( ToolListCache::OPTION_PREFIX . '0123456789abcdef' ) );
		$this->assertFalse( get_option( 'mcp_native_site_id' ) );
		$this->assertFalse( get_transient( 'mcp_native_log_uninstall_test' ) );
		$this->assertSame( array(), get_user_meta( $user, SessionStore::META_PREFIX . 'abc' ) );
		global $wpdb;
		$this->assertSame( '0', (string) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", '%' . $wpdb->esc_like( Uninstaller::OPTION_PREFIX ) . '%' ) ), 'no option or transient of ours is left' );
		$this->assertSame( 'kept', get_option( 'mcp-native-not-ours' ) );
		$this->assertSame( 'The site', get_option( 'blogname' ) );
		$this->assertSame( 'kept', get_user_meta( $user, 'mcp-native-session-not-ours', true ) );
		delete_option( 'mcp-native-not-ours' );
	}
}
