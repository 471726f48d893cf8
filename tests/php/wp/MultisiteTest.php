<?php
/**
 * Issue 17 on a real subdirectory multisite (scripts/test-wp.sh makes it: .test-run/network with
 * sub-sites /two/ and /three/, the plugin network-activated): sessions are counted, capped and
 * expired per site; site_ids are per site and created once also when first requests overlap.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/ConcurrentHttp.php';

use McpNative\Plugin\Admin\Admin;
use McpNative\Plugin\Admin\ClientConfig;
use McpNative\Plugin\Admin\NetworkPage;
use McpNative\Plugin\Admin\StatusPage;
use McpNative\Plugin\Session\SessionStore;
use McpNative\Plugin\SiteIdentity;
use McpNative\Plugin\Uninstaller;

/**
 * @group multisite
 */
#[\PHPUnit\Framework\Attributes\Group( 'multisite' )]
final class MultisiteTest extends TestCase {

	use ConcurrentHttp;

	private const ENDPOINT = '/wp-json/mcp/mcp-adapter-default-server';

	private int $two;

	private int $three;

	protected function setUp(): void {
		parent::setUp();
		if ( ! is_multisite() ) {
			$this->fail( 'These tests need the multisite test network: run them through scripts/test-wp.sh.' );
		}
		$this->two   = (int) get_blog_id_from_url( get_network()->domain, '/two/' );
		$this->three = (int) get_blog_id_from_url( get_network()->domain, '/three/' );
		$this->assertGreaterThan( 1, $this->two, 'sub-site /two/ missing' );
		$this->assertGreaterThan( 1, $this->three, 'sub-site /three/ missing' );
	}

	protected function tearDown(): void {
		while ( ms_is_switched() ) {
			restore_current_blog();
		}
		parent::tearDown();
	}

	/**
	 * A user who is a member of both sub-sites.
	 */
	private function member_of_both(): int {
		$user = $this->create_user( 'subscriber' );
		add_user_to_blog( $this->two, $user, 'editor' );
		add_user_to_blog( $this->three, $user, 'editor' );
		return $user;
	}

	private function on_site( int $blog_id, callable $work ): mixed {
		switch_to_blog( $blog_id );
		try {
			return $work();
		} finally {
			restore_current_blog();
		}
	}

	public function test_the_session_cap_counts_each_site_on_its_own(): void {
		add_filter( 'mcp_native_max_sessions_per_user', static fn() => 2 );
		$user  = $this->member_of_both();
		$store = new SessionStore();
		$on_two = $this->on_site( $this->two, static fn() => $store->create( $user, 'mcp-adapter-default-server', '2025-11-25', 'a' ) );
		$on_three = array();
		for ( $i = 0; $i < 3; $i++ ) {
			$on_three[] = $this->on_site( $this->three, static fn() => $store->create( $user, 'mcp-adapter-default-server', '2025-11-25', 'b' ) );
		}
		// Site three keeps its 2 newest; site two's only session is untouched.
		$this->assertNotNull( $this->on_site( $this->two, static fn() => $store->find( $user, 'mcp-adapter-default-server', $on_two->id ) ), 'site three\'s cap removed a session of site two' );
		$this->assertNull( $this->on_site( $this->three, static fn() => $store->find( $user, 'mcp-adapter-default-server', $on_three[0]->id ) ) );
		$this->assertNotNull( $this->on_site( $this->three, static fn() => $store->find( $user, 'mcp-adapter-default-server', $on_three[2]->id ) ) );
		// Keys name their site; a session of one site does not exist on another.
		$keys = array_values( array_filter( array_keys( get_user_meta( $user ) ), static fn( $k ) => str_starts_with( (string) $k, SessionStore::META_PREFIX ) ) );
		sort( $keys );
		$expected = array( SessionStore::META_PREFIX . $this->two . '_' . $on_two->id, SessionStore::META_PREFIX . $this->three . '_' . $on_three[1]->id, SessionStore::META_PREFIX . $this->three . '_' . $on_three[2]->id );
		sort( $expected );
		$this->assertSame( $expected, $keys );
		$this->assertNull( $this->on_site( $this->three, static fn() => $store->find( $user, 'mcp-adapter-default-server', $on_two->id ) ) );
	}

	public function test_sessions_expire_by_their_own_site_s_lifetime(): void {
		$user   = $this->member_of_both();
		$store  = new SessionStore();
		$on_two = $this->on_site( $this->two, static fn() => $store->create( $user, 'mcp-adapter-default-server', '2025-11-25' ) );
		$key    = SessionStore::META_PREFIX . $this->two . '_' . $on_two->id;
		$stored = get_user_meta( $user, $key, true );
		$stored['seen'] = time() - HOUR_IN_SECONDS;
		update_user_meta( $user, $key, $stored );

		// Site three has a short lifetime (10 minutes): its clean-up leaves site two's session alone.
		$short = static fn() => 600;
		$this->on_site(
			$this->three,
			static function () use ( $store, $user, $short ) {
				add_filter( 'mcp_native_session_ttl', $short );
				$store->create( $user, 'mcp-adapter-default-server', '2025-11-25' );
				remove_filter( 'mcp_native_session_ttl', $short );
			}
		);
		$this->assertIsArray( get_user_meta( $user, $key, true ), 'site three expired a session of site two' );
		// Site two (default lifetime, one day) still serves it.
		$this->assertNotNull( $this->on_site( $this->two, static fn() => $store->find( $user, 'mcp-adapter-default-server', $on_two->id ) ) );
	}

	public function test_over_http_sessions_on_one_site_do_not_push_out_another_site_s(): void {
		$cap      = SessionStore::max_sessions_per_user();
		$two      = '/two' . self::ENDPOINT;
		$three    = '/three' . self::ENDPOINT;
		$session  = $this->http_session( $two );
		for ( $i = 0; $i <= $cap; $i++ ) {
			$this->http_session( $three );
		}
		$ping = function ( string $path, string $sid ): int {
			return $this->http_concurrently(
				array(
					array(
						'path'    => $path,
						'headers' => array(
							'Mcp-Session-Id'       => $sid,
							'MCP-Protocol-Version' => '2025-11-25',
						),
						'body'    => array(
							'jsonrpc' => '2.0',
							'id'      => 5,
							'method'  => 'ping',
						),
					),
				)
			)[0]['status'];
		};
		$this->assertSame( 200, $ping( $two, $session ), "$cap+1 sessions on /three/ removed the session on /two/" );
		$this->assertSame( 404, $ping( $three, $session ), 'a session of /two/ is not one of /three/' );
	}

	public function test_each_site_has_its_own_site_id(): void {
		$ids = array();
		foreach ( array( 1, $this->two, $this->three ) as $blog_id ) {
			$ids[ $blog_id ] = $this->on_site( $blog_id, static fn() => SiteIdentity::site_id() );
			$this->assertSame( $ids[ $blog_id ], $this->on_site( $blog_id, static fn() => SiteIdentity::context()['site']['site_id'] ) );
			$this->assertSame( $blog_id, $this->on_site( $blog_id, static fn() => SiteIdentity::context()['site']['blog_id'] ) );
		}
		$this->assertCount( 3, array_unique( $ids ) );
	}

	public function test_simultaneous_first_requests_on_new_sub_sites_agree_on_the_site_id(): void {
		global $wpdb;
		foreach ( array( 'two' => $this->two, 'three' => $this->three ) as $slug => $blog_id ) {
			$this->assert_first_requests_agree_on_site_id( "/$slug" . self::ENDPOINT, $wpdb->get_blog_prefix( $blog_id ) . 'options', 3 );
		}
	}

	// ------------------------------------------------------------------ admin screens

	private function super_admin(): int {
		$admin = get_user_by( 'login', 'admin' );
		$this->assertNotFalse( $admin );
		$this->assertTrue( is_super_admin( $admin->ID ) );
		wp_set_current_user( $admin->ID );
		return $admin->ID;
	}

	private static function dom( string $html ): \DOMXPath {
		$dom      = new \DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$dom->loadHTML( '<?xml encoding="UTF-8"><html><body>' . $html . '</body></html>' );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		return new \DOMXPath( $dom );
	}

	public function test_network_admin_page_lists_every_site_with_endpoint_and_site_id(): void {
		$this->super_admin();
		$two_id = $this->on_site( $this->two, static fn() => SiteIdentity::site_id() );
		// A site that never served MCP shows "not assigned yet" and gets no id from the page.
		$this->on_site( $this->three, static fn() => delete_option( SiteIdentity::OPTION ) );

		ob_start();
		NetworkPage::render();
		$html  = (string) ob_get_clean();
		$xpath = self::dom( $html );
		$this->assertSame( 1, $xpath->query( '//p[contains(@class,"mcp-native-extension-status")]' )->length, 'extension status once for the network' );
		$rows = array();
		foreach ( $xpath->query( '//tr[contains(@class,"mcp-native-site-row")]' ) as $tr ) {
			$rows[ (int) $tr->getAttribute( 'data-blog-id' ) ] = $tr;
		}
		$this->assertSame( array( 1, $this->two, $this->three ), array_keys( $rows ) );
		foreach ( $rows as $blog_id => $tr ) {
			$this->assertSame( 'yes', $tr->getAttribute( 'data-active' ), 'network-activated: every site serves MCP' );
			$this->assertSame( get_rest_url( $blog_id, 'mcp/mcp-adapter-default-server' ), $xpath->query( './/code[contains(@class,"mcp-native-endpoint")]', $tr )->item( 0 )->textContent );
			$this->assertSame( get_admin_url( $blog_id, 'tools.php?page=mcp-native' ), $xpath->query( './/a[contains(@class,"mcp-native-site-status")]', $tr )->item( 0 )->getAttribute( 'href' ) );
		}
		$this->assertSame( $two_id, $xpath->query( './/code[contains(@class,"mcp-native-site-id")]', $rows[ $this->two ] )->item( 0 )->textContent );
		$this->assertSame( 1, $xpath->query( './/*[contains(@class,"mcp-native-site-id-pending")]', $rows[ $this->three ] )->length );
		$this->assertFalse( $this->on_site( $this->three, static fn() => get_option( SiteIdentity::OPTION ) ), 'the page created a site_id' );
		foreach ( $xpath->query( '//button[contains(@class,"mcp-native-copy")]' ) as $button ) {
			$this->assertStringStartsWith( 'Copy the endpoint URL of ', $button->getAttribute( 'aria-label' ) );
		}
	}

	public function test_network_menu_and_plugins_screen_link_for_super_admins_only(): void {
		$this->super_admin();
		$GLOBALS['submenu'] = array();
		NetworkPage::register_menu();
		$entries = array_values( array_filter( $GLOBALS['submenu']['settings.php'] ?? array(), static fn( $e ) => NetworkPage::SLUG === $e[2] ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'manage_network_options', $entries[0][1] );
		$this->assertSame( network_admin_url( 'settings.php?page=mcp-native-network' ), NetworkPage::url() );

		$hook = 'network_admin_plugin_action_links_' . plugin_basename( MCP_NATIVE_PLUGIN_FILE );
		$this->assertNotFalse( has_filter( $hook, array( Admin::class, 'network_action_links' ) ) );
		$links = apply_filters( $hook, array( 'deactivate' => '<a href="#">Network Deactivate</a>' ) );
		$this->assertSame( '<a href="' . esc_url( NetworkPage::url() ) . '">Network status</a>', $links[0] );

		// A site administrator who is not a super admin gets neither.
		$site_admin = $this->create_user( 'subscriber' );
		add_user_to_blog( 1, $site_admin, 'administrator' );
		wp_set_current_user( $site_admin );
		$this->assertCount( 1, apply_filters( $hook, array( 'deactivate' => '<a href="#">x</a>' ) ) );
		$this->assertFalse( current_user_can( NetworkPage::CAPABILITY ) );
	}

	public function test_each_site_page_shows_its_own_site_id_and_a_distinct_claude_key(): void {
		$this->super_admin();
		$keys = array();
		foreach ( array( $this->two, $this->three ) as $blog_id ) {
			$this->on_site(
				$blog_id,
				function () use ( $blog_id, &$keys ) {
					$GLOBALS['wp_rest_server'] = null;
					ob_start();
					StatusPage::render();
					$xpath = self::dom( (string) ob_get_clean() );
					$this->assertSame( SiteIdentity::site_id(), $xpath->query( '//input[@id="mcp-native-site-id"]' )->item( 0 )->getAttribute( 'value' ) );
					$this->assertSame( (string) $blog_id, $xpath->query( '//code[contains(@class,"mcp-native-blog-id")]' )->item( 0 )->textContent );
					$config = json_decode( $xpath->query( '//textarea[@id="mcp-native-claude-config"]' )->item( 0 )->textContent, true );
					$key    = ClientConfig::site_key();
					$this->assertSame( get_rest_url( $blog_id, 'mcp/mcp-adapter-default-server' ), $config['mcpServers'][ $key ]['env']['WP_API_URL'] );
					$keys[] = $key;
				}
			);
		}
		$this->assertCount( 2, array_unique( $keys ), 'two sites, one Claude Desktop key' );
	}

	public function test_deleting_the_plugin_removes_its_options_on_every_site_of_the_network(): void {
		global $wpdb;
		$sites = array( get_main_site_id(), $this->two, $this->three );
		$saved = array();
		foreach ( $sites as $site ) {
			switch_to_blog( $site );
			$saved[ $site ] = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value, autoload FROM {$wpdb->options} WHERE option_name LIKE %s", '%' . $wpdb->esc_like( Uninstaller::OPTION_PREFIX ) . '%' ), ARRAY_A );
			update_option( 'mcp_native_uninstall_probe', $site, false );
			update_option( 'mcp-native-uninstall-kept', $site, false );
			restore_current_blog();
		}
		try {
			Uninstaller::run();
			foreach ( $sites as $site ) {
				switch_to_blog( $site );
				wp_cache_flush();
				$this->assertFalse( get_option( 'mcp_native_uninstall_probe' ), "site $site" );
				$this->assertSame( (string) $site, (string) get_option( 'mcp-native-uninstall-kept' ), "site $site: not ours, kept" );
				delete_option( 'mcp-native-uninstall-kept' );
				restore_current_blog();
			}
		} finally {
			foreach ( $saved as $site => $rows ) {
				switch_to_blog( $site );
				foreach ( $rows as $row ) {
					$wpdb->replace( $wpdb->options, $row );
				}
				restore_current_blog();
			}
			wp_cache_flush();
		}
	}
}
