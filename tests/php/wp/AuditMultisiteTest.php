<?php
/**
 * The audit log on a network (scripts/test-wp.sh's subdirectory network, sub-sites /two/ and
 * /three/): one table per site, a call is written into its own site's table whatever site is
 * current when rows are written, deleting a site or the plugin drops the tables.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Audit\AuditLog;
use McpNative\Plugin\Audit\AuditQuery;
use McpNative\Plugin\Audit\AuditTable;
use McpNative\Plugin\Uninstaller;

/**
 * @group multisite
 */
#[\PHPUnit\Framework\Attributes\Group( 'multisite' )]
final class AuditMultisiteTest extends AbstractMcpTest {

	private int $two;

	protected function setUp(): void {
		parent::setUp();
		if ( ! is_multisite() ) {
			$this->fail( 'These tests need the multisite test network: run them through scripts/test-wp.sh.' );
		}
		$this->two = (int) get_blog_id_from_url( get_network()->domain, '/two/' );
		$this->assertGreaterThan( 1, $this->two, 'sub-site /two/ missing' );
	}

	protected function tearDown(): void {
		while ( ms_is_switched() ) {
			restore_current_blog();
		}
		parent::tearDown();
	}

	/** @return list<string> the targets in the current site's log */
	private function targets(): array {
		return array_column( AuditQuery::parse( array() )->rows( 100 ), 'target' );
	}

	public function test_each_site_has_its_own_table(): void {
		global $wpdb;
		$main = AuditTable::name();
		switch_to_blog( $this->two );
		$two = AuditTable::name();
		$this->assertTrue( AuditTable::installed() );
		restore_current_blog();
		$this->assertSame( $wpdb->base_prefix . 'mcp_native_audit', $main );
		$this->assertSame( $wpdb->base_prefix . $this->two . '_mcp_native_audit', $two );
		$this->assertSame( $two, $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $two ) ) );
	}

	public function test_a_call_on_a_sub_site_is_in_that_site_s_log_only(): void {
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . AuditTable::name() );
		switch_to_blog( $this->two );
		$wpdb->query( 'DELETE FROM ' . AuditTable::name() );
		$this->set_user( 1 ); // The network's super admin.
		$session = $this->initialize();
		$this->call_tool( self::DEFAULT_ROUTE, $session, 'mcp-native-get-site-context' );
		restore_current_blog();

		$this->assertSame( 1, AuditLog::flush(), 'written from the main site' );
		$this->assertSame( array(), $this->targets(), 'not in the main site\'s log' );
		switch_to_blog( $this->two );
		$rows = AuditQuery::parse( array() )->rows( 100 );
		$this->assertSame( array( 'mcp-native-get-site-context' ), array_column( $rows, 'target' ) );
		$this->assertSame( (string) $this->two, $rows[0]['blog_id'] );
	}

	public function test_deleting_a_site_or_the_plugin_drops_the_tables(): void {
		switch_to_blog( $this->two );
		$two = AuditTable::name();
		$this->assertContains( $two, apply_filters( 'wpmu_drop_tables', array(), $this->two ) );
		restore_current_blog();

		$queries = array();
		add_filter(
			'query',
			static function ( $query ) use ( &$queries ) {
				$queries[] = $query;
				return $query;
			},
			5
		);
		Uninstaller::run();
		foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $site ) {
			switch_to_blog( (int) $site );
			$this->assertContains( 'DROP TABLE IF EXISTS ' . AuditTable::name(), $queries, "site $site" );
			restore_current_blog();
		}
	}
}
