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

use McpNative\Plugin\Session\SessionStore;
use McpNative\Plugin\SiteIdentity;

/**
 * @group multisite
 */
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
}
