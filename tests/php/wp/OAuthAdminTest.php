<?php
/**
 * The OAuth screens a site owner and a user see: connected clients on the profile and under
 * Tools → MCP Connections (everyone's, for an administrator), disconnecting (nonce and who may),
 * and the owner's switches.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\OAuth\Connections;
use McpNative\Plugin\OAuth\ConnectionsPage;
use McpNative\Plugin\OAuth\Grants;
use McpNative\Plugin\OAuth\Metadata;
use McpNative\Plugin\OAuth\Settings;

require_once __DIR__ . '/AbstractMcpTest.php';

final class OAuthAdminTest extends AbstractMcpTest {

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/template.php'; // submit_button(), as on any admin screen.
		Settings::flush();
		add_filter( 'wp_die_handler', static fn() => static function ( $message ) {
			throw new \RuntimeException( 'wp_die: ' . ( is_string( $message ) ? wp_strip_all_tags( $message ) : 'error' ) );
		} );
		add_filter( 'wp_redirect', static function ( $location ) {
			throw new \RuntimeException( 'redirected: ' . $location );
		} );
	}

	protected function tearDown(): void {
		Settings::flush();
		parent::tearDown();
	}

	public function test_profile_lists_the_users_clients_and_the_admin_page_lists_everyones(): void {
		$alice = get_user_by( 'id', $this->create_user( 'editor' ) );
		$bob   = get_user_by( 'id', $this->create_user( 'author' ) );
		$this->grant( $alice, 'Alice <b>bot</b>' );
		$this->grant( $bob, 'Bob client' );

		$this->set_user( $alice->ID );
		$profile = $this->output( static fn() => Connections::render_profile_section( $alice ) );
		$this->assertStringContainsString( 'Alice &lt;b&gt;bot&lt;/b&gt;', $profile, 'escaped' );
		$this->assertStringNotContainsString( 'Bob client', $profile, 'only the user\'s own' );
		$this->assertStringContainsString( 'Disconnect', $profile );
		$this->assertSame( '', $this->output( static fn() => Connections::render_profile_section( $bob ) ), 'an editor does not see another user\'s' );

		$this->set_user( 'administrator' );
		$page = $this->output( array( ConnectionsPage::class, 'render' ) );
		$this->assertStringContainsString( 'Bob client', $page );
		$this->assertStringContainsString( 'Alice &lt;b&gt;bot&lt;/b&gt;', $page );
		$this->assertStringContainsString( $bob->user_login, $page, 'with the user' );
	}

	public function test_disconnecting_needs_the_nonce_and_the_right_to_edit_that_user(): void {
		$alice = get_user_by( 'id', $this->create_user( 'editor' ) );
		$bob   = get_user_by( 'id', $this->create_user( 'editor' ) );
		$grant = $this->grant( $bob, 'Bob client' );

		$this->set_user( $alice->ID );
		$this->assertStringStartsWith( 'wp_die', $this->revoke( $grant->id, wp_create_nonce( Connections::REVOKE_ACTION . '|' . $grant->id ) ), 'another editor' );
		$this->set_user( $bob->ID );
		$this->assertStringStartsWith( 'wp_die', $this->revoke( $grant->id, 'forged' ), 'a forged nonce' );
		$this->assertStringStartsWith( 'wp_die', $this->revoke( $grant->id, wp_create_nonce( Connections::REVOKE_ACTION . '|' . ( $grant->id + 1 ) ) ), 'the nonce of another grant' );
		$this->assertNotNull( Grants::find( $grant->id ), 'still there' );

		$this->assertStringStartsWith( 'redirected', $this->revoke( $grant->id, wp_create_nonce( Connections::REVOKE_ACTION . '|' . $grant->id ) ) );
		$this->assertNull( Grants::find( $grant->id ), 'the owner disconnected it' );

		$other = $this->grant( $alice, 'Alice client' );
		$this->set_user( 'administrator' );
		$this->assertStringStartsWith( 'redirected', $this->revoke( $other->id, wp_create_nonce( Connections::REVOKE_ACTION . '|' . $other->id ) ) );
		$this->assertNull( Grants::find( $other->id ), 'an administrator disconnects anyone\'s' );
	}

	public function test_the_owners_switches_need_nonce_and_capability_and_take_effect(): void {
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_POST                     = array( 'mcp_native_oauth_enabled' => '1', 'mcp_native_oauth_cimd' => '1' ); // DCR unticked.
		$this->set_user( 'editor' );
		$_POST['_wpnonce'] = wp_create_nonce( 'mcp_native_oauth_settings' );
		$_REQUEST          = $_POST;
		$this->assertStringStartsWith( 'wp_die', $this->attempt( array( ConnectionsPage::class, 'save' ) ), 'no manage_options' );
		$this->set_user( 'administrator' );
		$_POST['_wpnonce'] = 'forged';
		$_REQUEST          = $_POST;
		$this->assertStringStartsWith( 'wp_die', $this->attempt( array( ConnectionsPage::class, 'save' ) ) );
		$this->assertTrue( Settings::get()['dcr'], 'unchanged' );

		$_POST['_wpnonce'] = wp_create_nonce( 'mcp_native_oauth_settings' );
		$_REQUEST          = $_POST;
		$this->assertStringStartsWith( 'redirected', $this->attempt( array( ConnectionsPage::class, 'save' ) ) );
		$this->assertFalse( Settings::get()['dcr'] );
		$this->assertArrayNotHasKey( 'registration_endpoint', Metadata::authorization_server(), 'no registration endpoint advertised' );
	}

	// ------------------------------------------------------------------ helpers

	private function grant( \WP_User $user, string $client_name ): \McpNative\Plugin\OAuth\Grant {
		$grant = Grants::approve( $user, 'mcpn_client_' . wp_generate_password( 8, false ), $client_name, 'claude.ai', self::DEFAULT_ROUTE, home_url( '/wp-json' . self::DEFAULT_ROUTE ), 'mcp:read' );
		$this->assertNotNull( $grant );
		return $grant;
	}

	private function revoke( int $grant_id, string $nonce ): string {
		$_GET     = array( 'grant' => (string) $grant_id, '_wpnonce' => $nonce );
		$_REQUEST = $_GET;
		return $this->attempt( array( Connections::class, 'handle_revoke' ) );
	}

	private function attempt( callable $action ): string {
		try {
			$action();
			return 'returned';
		} catch ( \RuntimeException $e ) {
			return $e->getMessage();
		}
	}

	private function output( callable $render ): string {
		ob_start();
		try {
			$render();
		} finally {
			$html = (string) ob_get_clean();
		}
		return $html;
	}
}
