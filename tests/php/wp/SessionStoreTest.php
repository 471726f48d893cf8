<?php
/**
 * Issue 10 (session items): clientInfo.name is cut on a character boundary, and a session the
 * database did not store is a JSON-RPC error, never an id handed out.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Session\SessionStore;

final class SessionStoreTest extends AbstractMcpTest {

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function long_names(): array {
		return array(
			// The 200-byte cut falls inside a character of 2, 3 and 4 bytes, on every offset.
			'2-byte at 199'   => array( str_repeat( 'a', 199 ) . str_repeat( 'é', 10 ) ),
			'3-byte at 199'   => array( str_repeat( 'a', 199 ) . str_repeat( '€', 10 ) ),
			'3-byte at 198'   => array( str_repeat( 'a', 198 ) . str_repeat( '€', 10 ) ),
			'4-byte at 197'   => array( str_repeat( 'a', 197 ) . str_repeat( '😀', 10 ) ),
			'4-byte at 198'   => array( str_repeat( 'a', 198 ) . str_repeat( '😀', 10 ) ),
			'4-byte at 199'   => array( str_repeat( 'a', 199 ) . str_repeat( '😀', 10 ) ),
			'all 4-byte'      => array( str_repeat( '😀', 100 ) ),
			'on a boundary'   => array( str_repeat( 'a', 196 ) . str_repeat( '😀', 10 ) ),
		);
	}

	/**
	 * @dataProvider long_names
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'long_names' )]
	public function test_a_long_client_name_is_cut_without_splitting_a_character( string $name ): void {
		$response = $this->post(
			self::DEFAULT_ROUTE,
			array(
				'jsonrpc' => '2.0',
				'id'      => 1,
				'method'  => 'initialize',
				'params'  => array(
					'protocolVersion' => '2025-11-25',
					'capabilities'    => new \stdClass(),
					'clientInfo'      => array(
						'name'    => $name,
						'version' => '1',
					),
				),
			)
		);
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		$session = $response->get_headers()['Mcp-Session-Id'];
		$stored  = get_user_meta( get_current_user_id(), SessionStore::key_prefix() . $session, true );
		$kept    = $stored['client'];
		$this->assertSame( 1, preg_match( '//u', $kept ), 'stored name is not valid UTF-8' );
		$this->assertLessThanOrEqual( SessionStore::MAX_CLIENT_NAME_BYTES, strlen( $kept ) );
		$this->assertGreaterThan( SessionStore::MAX_CLIENT_NAME_BYTES - 4, strlen( $kept ) );
		$this->assertStringStartsWith( $kept, $name );
		// The session works afterwards.
		$this->assertSame( 200, $this->request( self::DEFAULT_ROUTE, $session, 'ping' )->get_status() );
	}

	public function test_short_and_invalid_names(): void {
		$this->assertSame( 'Claude ✨', SessionStore::client_name( 'Claude ✨' ) );
		$this->assertSame( 1, preg_match( '//u', SessionStore::client_name( "ok \xff\xfe" . str_repeat( 'x', 300 ) ) ), 'invalid UTF-8 is not kept' );
	}

	public function test_a_session_the_database_refuses_is_an_error_with_the_request_id_and_no_session(): void {
		global $wpdb;
		$refuse = static function ( $query ) use ( $wpdb ) {
			return is_string( $query ) && preg_match( '/^\s*INSERT INTO `?' . preg_quote( $wpdb->usermeta, '/' ) . '/i', $query ) && str_contains( $query, SessionStore::META_PREFIX )
				? "INSERT INTO {$wpdb->usermeta} (no_such_column) VALUES (1)"
				: $query;
		};
		add_filter( 'query', $refuse );
		$wpdb->suppress_errors( true );
		try {
			$response = $this->post(
				self::DEFAULT_ROUTE,
				array(
					'jsonrpc' => '2.0',
					'id'      => 'init-42',
					'method'  => 'initialize',
					'params'  => array(
						'protocolVersion' => '2025-11-25',
						'capabilities'    => new \stdClass(),
						'clientInfo'      => array(
							'name'    => 'phpunit',
							'version' => '1',
						),
					),
				)
			);
		} finally {
			$wpdb->suppress_errors( false );
			remove_filter( 'query', $refuse );
		}
		$error = $this->assertRpcError( $response, 500, -32603, 'session could not be stored', 'init-42' );
		$this->assertArrayNotHasKey( 'Mcp-Session-Id', $response->get_headers() );
		$keys = array_filter( array_keys( get_user_meta( get_current_user_id() ) ), static fn( $k ) => str_starts_with( (string) $k, SessionStore::META_PREFIX ) );
		$this->assertSame( array(), array_values( $keys ) );
		$this->assertNotEmpty( $this->logged_containing( 'could not be stored' ) );
		$this->assertArrayNotHasKey( 'result', (array) $this->decoded( $response ) );
		$this->assertIsArray( $error );
		// The next attempt, with the database back, gets a session that works.
		$session = $this->initialize();
		$this->assertSame( 200, $this->request( self::DEFAULT_ROUTE, $session, 'ping' )->get_status() );
	}
}
