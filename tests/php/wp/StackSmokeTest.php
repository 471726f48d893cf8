<?php
/**
 * The test stack itself: the right WordPress, the Abilities API, the plugin, the extension mode,
 * and the harness's promises (rollback, ability helpers, REST and HTTP helpers).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

final class StackSmokeTest extends TestCase {

	public function test_wordpress_is_7_1(): void {
		$this->assertMatchesRegularExpression( '/^7\.1(\.\d+)?$/', get_bloginfo( 'version' ) );
		$this->assertSame( 'local', wp_get_environment_type() );
	}

	public function test_abilities_api_is_in_core(): void {
		foreach ( array( 'wp_register_ability', 'wp_get_ability', 'wp_get_abilities', 'wp_register_ability_category' ) as $function ) {
			$this->assertTrue( function_exists( $function ), "$function() missing" );
		}
		$this->assertTrue( class_exists( \WP_Abilities_Registry::class ) );
		$this->assertFileExists( ABSPATH . WPINC . '/abilities-api.php' );
	}

	public function test_plugin_is_active(): void {
		$this->assertTrue( is_plugin_active( 'mcp-native/mcp-native.php' ), 'mcp-native is not active on the test site' );
		$this->assertTrue( defined( 'MCP_NATIVE_PLUGIN_FILE' ), 'the plugin file was not loaded' );
	}

	public function test_extension_mode_is_the_required_one(): void {
		$require = getenv( 'MCP_NATIVE_REQUIRE' );
		if ( ! in_array( $require, array( 'native', 'fallback' ), true ) ) {
			$this->fail( 'MCP_NATIVE_REQUIRE must be native or fallback in this suite (scripts/test-wp.sh sets it)' );
		}
		$this->assertSame( 'native' === $require, extension_loaded( 'mcp_native' ) );
	}

	public function test_fixture_and_sample_abilities_are_registered(): void {
		$this->assertInstanceOf( \WP_Ability::class, wp_get_ability( 'mcp-native-tests/echo' ) );
		$this->assertInstanceOf( \WP_Ability::class, wp_get_ability( 'mcp-native-demo/count-posts' ) );
		$this->set_user( 'subscriber' );
		$this->assertSame( 6, wp_get_ability( 'mcp-native-tests/double' )->execute( 3 ) );
	}

	public function test_writes_are_visible_inside_the_test(): int {
		$id = wp_insert_post(
			array(
				'post_title'  => 'rolled back',
				'post_status' => 'publish',
			)
		);
		$this->assertIsInt( $id );
		$this->assertGreaterThan( 0, $id );
		wp_cache_flush();
		$this->assertSame( 'rolled back', get_post( $id )->post_title );
		return $id;
	}

	/**
	 * @depends test_writes_are_visible_inside_the_test
	 */
	#[\PHPUnit\Framework\Attributes\Depends( 'test_writes_are_visible_inside_the_test' )]
	public function test_previous_test_was_rolled_back( int $id ): void {
		global $wpdb;
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE ID = %d", $id ) ) );
		$this->assertNull( get_post( $id ) );
	}

	public function test_hooks_and_tables_made_by_a_test(): void {
		global $wpdb;
		add_filter( 'mcp_native_smoke_test_filter', static fn () => 'changed' );
		$this->assertSame( 'changed', apply_filters( 'mcp_native_smoke_test_filter', 'default' ) );
		// DDL would commit the transaction: the harness makes such tables TEMPORARY.
		$this->assertSame( '1', $wpdb->get_var( 'SELECT @@in_transaction' ) );
		$wpdb->query( "CREATE TABLE {$wpdb->prefix}mcpn_smoke (id INT) ENGINE=InnoDB" );
		$this->assertSame( '1', $wpdb->get_var( 'SELECT @@in_transaction' ), 'CREATE TABLE committed the test transaction' );
		$wpdb->query( "INSERT INTO {$wpdb->prefix}mcpn_smoke VALUES (1)" );
		$this->assertSame( '1', $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}mcpn_smoke" ) );
		$wpdb->query( "DROP TABLE {$wpdb->prefix}mcpn_smoke" );
		$_GET['mcpn_smoke'] = '1';
	}

	/**
	 * @depends test_hooks_and_tables_made_by_a_test
	 */
	#[\PHPUnit\Framework\Attributes\Depends( 'test_hooks_and_tables_made_by_a_test' )]
	public function test_hooks_and_superglobals_are_restored_afterwards(): void {
		$this->assertSame( 'default', apply_filters( 'mcp_native_smoke_test_filter', 'default' ) );
		$this->assertArrayNotHasKey( 'mcpn_smoke', $_GET );
		$this->assertSame( 0, get_current_user_id() );
	}

	public function test_register_test_ability_with_a_flattened_schema(): void {
		$this->register_test_ability(
			'mcp-native-tests/tmp-triple',
			array(
				'input_schema'     => array( 'type' => 'integer' ),
				'output_schema'    => array( 'type' => 'integer' ),
				'execute_callback' => static fn ( $n ) => 3 * $n,
			)
		);
		$this->assertSame( 21, wp_get_ability( 'mcp-native-tests/tmp-triple' )->execute( 7 ) );
		$this->assertInstanceOf( \WP_Error::class, wp_get_ability( 'mcp-native-tests/tmp-triple' )->execute( 'x' ) );
	}

	public function test_in_abilities_init_allows_the_public_api(): void {
		$this->in_abilities_init(
			static function (): void {
				wp_register_ability_category( 'mcp-native-tmp', array( 'label' => 'Tmp', 'description' => 'Tmp.' ) );
				wp_register_ability(
					'mcp-native-tests/tmp-hello',
					array(
						'label'               => 'Hello',
						'description'         => 'Says hello.',
						'category'            => 'mcp-native-tmp',
						'execute_callback'    => static fn () => 'hello',
						'permission_callback' => '__return_true',
					)
				);
			}
		);
		$this->assertSame( 'hello', wp_get_ability( 'mcp-native-tests/tmp-hello' )->execute() );
	}

	/**
	 * @depends test_register_test_ability_with_a_flattened_schema
	 * @depends test_in_abilities_init_allows_the_public_api
	 */
	#[\PHPUnit\Framework\Attributes\Depends( 'test_register_test_ability_with_a_flattened_schema' )]
	#[\PHPUnit\Framework\Attributes\Depends( 'test_in_abilities_init_allows_the_public_api' )]
	public function test_test_abilities_are_gone_afterwards(): void {
		$this->assertFalse( wp_has_ability( 'mcp-native-tests/tmp-triple' ) );
		$this->assertFalse( wp_has_ability( 'mcp-native-tests/tmp-hello' ) );
		$this->assertFalse( wp_has_ability_category( 'mcp-native-tmp' ) );
		$this->assertTrue( wp_has_ability( 'mcp-native-tests/echo' ), 'fixtures must survive' );
	}

	public function test_registering_outside_the_init_action_is_refused_by_core(): void {
		$this->expect_doing_it_wrong( 'wp_register_ability' );
		$this->assertNull(
			wp_register_ability(
				'mcp-native-tests/too-late',
				array(
					'label'               => 'x',
					'description'         => 'x',
					'category'            => 'mcp-native-fixtures',
					'execute_callback'    => '__return_null',
					'permission_callback' => '__return_true',
				)
			)
		);
	}

	public function test_rest_helper_dispatches_as_the_current_user(): void {
		$anonymous = $this->rest( 'GET', '/wp-abilities/v1/abilities/mcp-native-tests/echo' );
		$this->assertSame( 401, $anonymous->get_status() );

		$this->set_user( 'administrator' );
		$response = $this->rest( 'GET', '/wp-abilities/v1/abilities/mcp-native-tests/echo' );
		$this->assertSame( 200, $response->get_status() );
		$data = $this->rest_json( $response );
		$this->assertSame( 'mcp-native-tests/echo', $data['name'] );

		// Read-only abilities run over GET, with the input in the query string.
		$run = $this->rest( 'GET', '/wp-abilities/v1/abilities/mcp-native-tests/echo/run', null, array(), array( 'input' => array( 'message' => 'hi' ) ) );
		$this->assertSame( 200, $run->get_status(), (string) wp_json_encode( $run->get_data() ) );
		$this->assertSame( array( 'message' => 'hi' ), $this->rest_json( $run ) );

		// Others over POST with a JSON body; what they write is rolled back with the test.
		$draft = $this->rest( 'POST', '/wp-abilities/v1/abilities/mcp-native-demo/create-draft/run', array( 'input' => array( 'title' => 'Draft from a test' ) ) );
		$this->assertSame( 200, $draft->get_status(), (string) wp_json_encode( $draft->get_data() ) );
		$this->assertSame( 'Draft from a test', get_post( $this->rest_json( $draft )['post_id'] )->post_title );
	}

	public function test_http_helper_reaches_the_served_site(): void {
		$index = $this->http( 'GET', '/wp-json/', null, array(), null );
		$this->assertSame( 200, $index['status'] );
		$this->assertStringStartsWith( 'application/json', $index['headers']['content-type'] ?? '' );
		$this->assertIsArray( $index['json'] );

		$me = $this->http( 'GET', '/wp-json/wp/v2/users/me?context=edit' );
		$this->assertSame( 200, $me['status'], $me['body'] );
		$this->assertSame( getenv( 'MCP_NATIVE_WP_USER' ) ?: 'admin', $me['json']['username'] );

		$denied = $this->http( 'GET', '/wp-json/wp/v2/users/me', null, array(), array( 'admin', 'not the password' ) );
		$this->assertSame( 401, $denied['status'] );
		$this->assertIsArray( $denied['json'], 'a refusal must be JSON' );
	}
}
