<?php
/**
 * Issue 17: the site_id of a site is created once, also when its first requests overlap.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/ConcurrentHttp.php';

use McpNative\Plugin\SiteIdentity;

final class SiteIdRaceTest extends TestCase {

	use ConcurrentHttp;

	public function test_two_simultaneous_first_requests_get_the_one_stored_site_id(): void {
		global $wpdb;
		$this->assert_first_requests_agree_on_site_id( '/wp-json/mcp/mcp-adapter-default-server', $wpdb->options, 5 );
	}

	public function test_a_refused_write_is_an_error_not_an_id_that_is_not_stored(): void {
		global $wpdb;
		delete_option( SiteIdentity::OPTION );
		$refuse = static function ( $query ) use ( $wpdb ) {
			return is_string( $query ) && str_contains( $query, SiteIdentity::OPTION ) && preg_match( '/^\s*INSERT/i', $query )
				? "INSERT INTO {$wpdb->options} (no_such_column) VALUES (1)"
				: $query;
		};
		add_filter( 'query', $refuse );
		$wpdb->suppress_errors( true );
		$handed_out = null;
		$error      = null;
		try {
			$handed_out = SiteIdentity::site_id();
		} catch ( \RuntimeException $e ) {
			$error = $e->getMessage();
		} finally {
			$wpdb->suppress_errors( false );
			remove_filter( 'query', $refuse );
		}
		$this->assertNull( $handed_out, 'an id was handed out although none is stored' );
		$this->assertStringContainsString( 'could not be stored', (string) $error );
		$this->assertFalse( get_option( SiteIdentity::OPTION ) );
		// Once the database accepts it, the id is created and stays.
		$id = SiteIdentity::site_id();
		$this->assertSame( $id, SiteIdentity::site_id() );
		wp_cache_flush();
		$this->assertSame( $id, get_option( SiteIdentity::OPTION ) );
	}
}
