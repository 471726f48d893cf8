<?php
/**
 * Base class of the tests that run inside a real WordPress 7.1 (tests/php/wp/*Test.php).
 *
 * What every test gets for free:
 *  - a database transaction opened in setUp() and rolled back in tearDown() (posts, users,
 *    options, application passwords... written by a test are gone afterwards; CREATE/DROP TABLE
 *    become TEMPORARY so they do not commit the transaction), object cache flushed;
 *  - hooks restored: add_filter()/add_action() calls made during a test are undone;
 *  - a fresh REST server per test (rest_api_init fires again on the next REST dispatch);
 *  - no current user (anonymous) at the start of each test;
 *  - abilities and ability categories registered through the helpers below are unregistered;
 *  - _doing_it_wrong() fails the test (WP_DEBUG is on, PHPUnit turns the notice into an error)
 *    unless announced with expect_doing_it_wrong();
 *  - passwords hashed with bcrypt cost 4 (users are cheap to create).
 *
 * Abilities: core fires `wp_abilities_api_init` only once per process (when the registry is
 * first used), so fixtures come two ways:
 *  1. tests/php/wp/fixtures/*.php are installed as mu-plugins of the test site by
 *     scripts/test-wp.sh (and examples/sample-abilities.php, the demo abilities + the `demo`
 *     custom server): registered the normal way, present in every test;
 *  2. register_test_ability() / register_test_ability_category() register directly on the core
 *     registries (their register() methods are public; only the wp_register_* wrappers insist on
 *     the action), and in_abilities_init() runs code that calls wp_register_ability() /
 *     wp_register_ability_category() as if the init actions were running. Both are undone at
 *     the end of the test.
 *
 * Other helpers: set_user(), create_user(), rest(), rest_json(), http().
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use WP_Abilities_Registry;
use WP_Ability;
use WP_Ability_Categories_Registry;
use WP_Ability_Category;
use WP_REST_Request;
use WP_REST_Response;

abstract class TestCase extends \PHPUnit\Framework\TestCase {

	/** Category used by register_test_ability() when none is given (created on demand). */
	public const TEST_CATEGORY = 'mcp-native-tests';

	/** @var array<string, mixed> */
	private array $saved_hooks = array();

	/** @var array<string, mixed> */
	private array $saved_superglobals = array();

	/** @var list<string> abilities to unregister in tearDown */
	private array $test_abilities = array();

	/** @var list<string> ability categories to unregister in tearDown */
	private array $test_categories = array();

	/** @var list<string> function names announced with expect_doing_it_wrong() */
	private array $expected_doing_it_wrong = array();

	/** @var list<string> function names _doing_it_wrong() was called with during this test */
	private array $caught_doing_it_wrong = array();

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;

		$this->saved_superglobals = array(
			'_GET'     => $_GET,
			'_POST'    => $_POST,
			'_REQUEST' => $_REQUEST,
			'_SERVER'  => $_SERVER,
			'_COOKIE'  => $_COOKIE,
		);
		$this->backup_hooks();

		$wpdb->suppress_errors = false;
		$wpdb->show_errors     = false;
		$wpdb->query( 'SET autocommit = 0' );
		$wpdb->query( 'START TRANSACTION' );
		add_filter( 'query', array( $this, 'filter_ddl_to_temporary' ) );

		add_action( 'doing_it_wrong_run', array( $this, 'record_doing_it_wrong' ), 10, 1 );
		add_filter( 'doing_it_wrong_trigger_error', array( $this, 'filter_doing_it_wrong_trigger' ), 10, 2 );

		// bcrypt at cost 4 instead of 10: creating a user costs 1 ms instead of about 90 ms.
		add_filter( 'wp_hash_password_options', array( $this, 'filter_fast_password_hashing' ), 10, 2 );

		wp_set_current_user( 0 );
		$GLOBALS['wp_rest_server'] = null;
		// Each test starts as a fresh php-fpm worker would: no tools/list kept from another test,
		// no audit rows of another test's calls waiting to be written.
		if ( function_exists( 'McpNative\\cache_clear' ) ) {
			\McpNative\cache_clear();
		}
		\McpNative\Plugin\Audit\AuditEvent::discard();
	}

	protected function assertPostConditions(): void {
		parent::assertPostConditions();
		foreach ( $this->expected_doing_it_wrong as $function_name ) {
			$this->assertContains(
				$function_name,
				$this->caught_doing_it_wrong,
				"_doing_it_wrong() was expected for $function_name but did not happen."
			);
		}
		$unexpected = array_diff( $this->caught_doing_it_wrong, $this->expected_doing_it_wrong );
		$this->assertSame( array(), array_values( $unexpected ), 'Unexpected _doing_it_wrong() calls.' );
	}

	protected function tearDown(): void {
		global $wpdb;

		$this->unregister_test_abilities();

		$wpdb->query( 'ROLLBACK' );
		$wpdb->query( 'SET autocommit = 1' );

		$this->restore_hooks();
		foreach ( $this->saved_superglobals as $name => $value ) {
			$GLOBALS[ $name ] = $value;
		}
		$GLOBALS['wp_rest_server'] = null;
		wp_set_current_user( 0 );
		wp_cache_flush();

		$this->expected_doing_it_wrong = array();
		$this->caught_doing_it_wrong   = array();
		parent::tearDown();
	}

	// ------------------------------------------------------------------ abilities

	/**
	 * Registers an ability for this test only (removed in tearDown), directly on the core registry.
	 * Missing required arguments get test defaults: label, description, category
	 * (self::TEST_CATEGORY), permission_callback (allow), execute_callback (returns its input).
	 * Fails the test with core's reason when core refuses the ability.
	 *
	 * @param array<string, mixed> $args As for wp_register_ability().
	 */
	protected function register_test_ability( string $name, array $args = array() ): WP_Ability {
		$registry = $this->abilities_registry();
		$args    += array(
			'label'               => $name,
			'description'         => "Test ability $name.",
			'category'            => self::TEST_CATEGORY,
			'permission_callback' => '__return_true',
			'execute_callback'    => static function ( $input = null ) {
				return $input;
			},
		);
		if ( self::TEST_CATEGORY === $args['category'] && ! wp_has_ability_category( self::TEST_CATEGORY ) ) {
			$this->register_test_ability_category( self::TEST_CATEGORY );
		}

		$reasons = array();
		$collect = static function ( $function_name, $message ) use ( &$reasons ) {
			$reasons[] = wp_strip_all_tags( (string) $message );
		};
		// Core explains a refusal through _doing_it_wrong(): collect it quietly, report it below.
		$caught_before                   = count( $this->caught_doing_it_wrong );
		$this->expected_doing_it_wrong[] = 'WP_Abilities_Registry::register';
		add_action( 'doing_it_wrong_run', $collect, 10, 2 );
		try {
			$ability = $registry->register( $name, $args );
		} finally {
			remove_action( 'doing_it_wrong_run', $collect, 10 );
			array_pop( $this->expected_doing_it_wrong );
			array_splice( $this->caught_doing_it_wrong, $caught_before );
		}
		if ( ! $ability instanceof WP_Ability ) {
			$this->fail( "Core refused the test ability $name: " . ( implode( ' ', $reasons ) ?: 'no reason given' ) );
		}
		$this->test_abilities[] = $name;
		return $ability;
	}

	/**
	 * Registers an ability category for this test only (removed in tearDown).
	 *
	 * @param array<string, mixed> $args As for wp_register_ability_category().
	 */
	protected function register_test_ability_category( string $slug, array $args = array() ): WP_Ability_Category {
		$this->abilities_registry(); // initialises both registries (fires the init actions once)
		$args    += array(
			'label'       => $slug,
			'description' => "Test category $slug.",
		);
		$category = WP_Ability_Categories_Registry::get_instance()->register( $slug, $args );
		if ( ! $category instanceof WP_Ability_Category ) {
			$this->fail( "Core refused the test ability category $slug." );
		}
		$this->test_categories[] = $slug;
		return $category;
	}

	/**
	 * Runs $register as if `wp_abilities_api_categories_init` and `wp_abilities_api_init` were
	 * firing, so it can use wp_register_ability_category() and wp_register_ability() exactly as
	 * plugin code does (for example a plugin's own registration callback). Whatever it registers
	 * is removed at the end of the test.
	 *
	 * @param callable(WP_Abilities_Registry): void $register
	 */
	protected function in_abilities_init( callable $register ): void {
		global $wp_current_filter;
		$registry   = $this->abilities_registry();
		$categories = WP_Ability_Categories_Registry::get_instance();
		$before_a   = array_keys( $registry->get_all_registered() );
		$before_c   = array_keys( $categories->get_all_registered() );

		$wp_current_filter[] = 'wp_abilities_api_categories_init';
		$wp_current_filter[] = 'wp_abilities_api_init';
		try {
			$register( $registry );
		} finally {
			array_pop( $wp_current_filter );
			array_pop( $wp_current_filter );
			foreach ( array_diff( array_keys( $categories->get_all_registered() ), $before_c ) as $slug ) {
				$this->test_categories[] = (string) $slug;
			}
			foreach ( array_diff( array_keys( $registry->get_all_registered() ), $before_a ) as $name ) {
				$this->test_abilities[] = (string) $name;
			}
		}
	}

	protected function abilities_registry(): WP_Abilities_Registry {
		$registry = WP_Abilities_Registry::get_instance();
		$this->assertInstanceOf( WP_Abilities_Registry::class, $registry, 'The Abilities API registry is not available.' );
		return $registry;
	}

	private function unregister_test_abilities(): void {
		$registry = WP_Abilities_Registry::get_instance();
		foreach ( array_unique( $this->test_abilities ) as $name ) {
			if ( $registry && $registry->is_registered( $name ) ) {
				$registry->unregister( $name );
			}
		}
		$categories = WP_Ability_Categories_Registry::get_instance();
		foreach ( array_unique( $this->test_categories ) as $slug ) {
			if ( $categories && $categories->is_registered( $slug ) ) {
				$categories->unregister( $slug );
			}
		}
		$this->test_abilities  = array();
		$this->test_categories = array();
	}

	// ------------------------------------------------------------------ users

	/**
	 * Sets the current user. $who: a user ID, 0 for anonymous, a login (e.g. 'admin'), or a role
	 * name ('administrator', 'editor', 'subscriber', ...) to create a new user with that role
	 * (rolled back with the test). Returns the user ID.
	 */
	protected function set_user( int|string $who ): int {
		if ( is_int( $who ) ) {
			$id = $who;
		} elseif ( get_role( $who ) ) {
			$id = $this->create_user( $who );
		} else {
			$user = get_user_by( 'login', $who );
			$this->assertNotFalse( $user, "No user or role named '$who'." );
			$id = $user->ID;
		}
		wp_set_current_user( $id );
		return $id;
	}

	/**
	 * Creates a user (rolled back with the test). $role '' creates a user without any role.
	 *
	 * @param array<string, mixed> $extra More wp_insert_user() fields.
	 */
	protected function create_user( string $role = 'subscriber', array $extra = array() ): int {
		static $n = 0;
		++$n;
		$login = 'mcpn_' . ( '' === $role ? 'norole' : $role ) . '_' . $n . '_' . wp_generate_password( 6, false );
		$id    = wp_insert_user(
			$extra + array(
				'user_login' => $login,
				'user_pass'  => wp_generate_password( 24 ),
				'user_email' => $login . '@example.com',
				'role'       => $role,
			)
		);
		$this->assertIsInt( $id, is_wp_error( $id ) ? $id->get_error_message() : 'wp_insert_user failed' );
		return $id;
	}

	// ------------------------------------------------------------------ REST (in process)

	/**
	 * Dispatches a REST request in this process (rest_do_request: no HTTP, no auth; the current
	 * user is whoever set_user() chose). $body: array/object → JSON body, string → raw body.
	 *
	 * @param array<string, string>       $headers
	 * @param array<string, mixed>        $query
	 */
	protected function rest( string $method, string $route, mixed $body = null, array $headers = array(), array $query = array() ): WP_REST_Response {
		$request = new WP_REST_Request( strtoupper( $method ), $route );
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		if ( $query ) {
			$request->set_query_params( $query );
		}
		if ( null !== $body ) {
			if ( ! is_string( $body ) ) {
				$body = (string) wp_json_encode( $body );
			}
			if ( ! $request->get_header( 'content-type' ) ) {
				$request->set_header( 'Content-Type', 'application/json' );
			}
			$request->set_body( $body );
		}
		return rest_do_request( $request );
	}

	/**
	 * What the response's body would be on the wire, decoded as JSON (arrays, not objects).
	 */
	protected function rest_json( WP_REST_Response $response ): mixed {
		$data = rest_get_server()->response_to_data( $response, false );
		$json = wp_json_encode( $data );
		$this->assertIsString( $json, 'The REST response cannot be encoded as JSON.' );
		return json_decode( $json, true );
	}

	// ------------------------------------------------------------------ real HTTP

	/**
	 * A real HTTP request to the test site served by scripts/test-wp.sh (MCP_NATIVE_WP_URL), in
	 * the same extension mode as this run. NOTE: that server is another process: it does not see
	 * what this test wrote inside its (uncommitted) transaction.
	 *
	 * @param string                $path    e.g. '/wp-json/mcp/mcp-adapter-default-server'
	 * @param mixed                 $body    array/object → JSON, string → raw, null → none
	 * @param array<string, string> $headers
	 * @param string|array|null     $auth    'app-password' (MCP_NATIVE_WP_USER + MCP_NATIVE_WP_APP_PASSWORD),
	 *                                       [user, password] for Basic auth, or null for none
	 * @return array{status: int, headers: array<string, string>, body: string, json: mixed}
	 *         header names lower-cased; json is null when the body is not JSON
	 */
	protected function http( string $method, string $path, mixed $body = null, array $headers = array(), string|array|null $auth = 'app-password' ): array {
		$base = getenv( 'MCP_NATIVE_WP_URL' );
		if ( ! is_string( $base ) || '' === $base ) {
			$this->fail( 'MCP_NATIVE_WP_URL is not set: run the suite through scripts/test-wp.sh' );
		}
		$host = parse_url( $base, PHP_URL_HOST );
		$this->assertContains( $host, array( '127.0.0.1', 'localhost' ), 'Only loopback targets.' );

		$curl_headers = array();
		if ( null !== $body && ! is_string( $body ) ) {
			$body = (string) wp_json_encode( $body );
			$headers += array( 'Content-Type' => 'application/json' );
		}
		foreach ( $headers as $name => $value ) {
			$curl_headers[] = "$name: $value";
		}
		$curl_headers[] = 'Expect:';

		$ch = curl_init( rtrim( $base, '/' ) . $path );
		curl_setopt_array(
			$ch,
			array(
				CURLOPT_CUSTOMREQUEST  => strtoupper( $method ),
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_HEADER         => true,
				CURLOPT_HTTPHEADER     => $curl_headers,
				CURLOPT_TIMEOUT        => 30,
				CURLOPT_CONNECTTIMEOUT => 5,
				CURLOPT_FOLLOWLOCATION => false,
			)
		);
		if ( null !== $body ) {
			curl_setopt( $ch, CURLOPT_POSTFIELDS, $body );
		}
		if ( 'app-password' === $auth ) {
			$password = getenv( 'MCP_NATIVE_WP_APP_PASSWORD' );
			if ( ! is_string( $password ) || '' === $password ) {
				$this->fail( 'MCP_NATIVE_WP_APP_PASSWORD is not set: run the suite through scripts/test-wp.sh' );
			}
			$auth = array( getenv( 'MCP_NATIVE_WP_USER' ) ?: 'admin', $password );
		}
		if ( is_array( $auth ) ) {
			curl_setopt( $ch, CURLOPT_USERPWD, $auth[0] . ':' . $auth[1] );
		}
		$raw = curl_exec( $ch );
		if ( false === $raw ) {
			$error = curl_error( $ch );
			curl_close( $ch );
			$this->fail( "HTTP $method $path failed: $error" );
		}
		$status      = (int) curl_getinfo( $ch, CURLINFO_RESPONSE_CODE );
		$header_size = (int) curl_getinfo( $ch, CURLINFO_HEADER_SIZE );
		curl_close( $ch );

		$response_headers = array();
		foreach ( preg_split( '/\r?\n/', substr( $raw, 0, $header_size ) ) as $line ) {
			if ( str_contains( $line, ':' ) ) {
				[ $name, $value ] = explode( ':', $line, 2 );
				$response_headers[ strtolower( trim( $name ) ) ] = trim( $value );
			}
		}
		$response_body = substr( $raw, $header_size );
		$json          = json_decode( $response_body, true );
		return array(
			'status'  => $status,
			'headers' => $response_headers,
			'body'    => $response_body,
			'json'    => JSON_ERROR_NONE === json_last_error() ? $json : null,
		);
	}

	// ------------------------------------------------------------------ _doing_it_wrong

	/**
	 * Announces that the test triggers _doing_it_wrong() for $function_name (for example
	 * 'WP_Abilities_Registry::register'): it then does not raise a notice, and the test fails if
	 * it does NOT happen.
	 */
	protected function expect_doing_it_wrong( string $function_name ): void {
		$this->expected_doing_it_wrong[] = $function_name;
	}

	/** @internal hook callback */
	public function record_doing_it_wrong( $function_name ): void {
		$this->caught_doing_it_wrong[] = (string) $function_name;
	}

	/** @internal hook callback */
	public function filter_doing_it_wrong_trigger( $trigger, $function_name ) {
		return in_array( (string) $function_name, $this->expected_doing_it_wrong, true ) ? false : $trigger;
	}

	/** @internal hook callback */
	public function filter_fast_password_hashing( $options, $algorithm ) {
		return PASSWORD_BCRYPT === $algorithm ? array( 'cost' => 4 ) + (array) $options : $options;
	}

	/** @internal hook callback: DDL would commit the test's transaction. */
	public function filter_ddl_to_temporary( $query ) {
		if ( ! is_string( $query ) ) {
			return $query;
		}
		if ( preg_match( '/^\s*CREATE\s+TABLE\b/i', $query ) ) {
			return (string) preg_replace( '/^\s*CREATE\s+TABLE\b/i', 'CREATE TEMPORARY TABLE', $query );
		}
		if ( preg_match( '/^\s*DROP\s+TABLE\b/i', $query ) ) {
			return (string) preg_replace( '/^\s*DROP\s+TABLE\b/i', 'DROP TEMPORARY TABLE', $query );
		}
		return $query;
	}

	// ------------------------------------------------------------------ hooks

	private function backup_hooks(): void {
		$this->saved_hooks = array(
			'wp_filter'         => array(),
			'wp_actions'        => $GLOBALS['wp_actions'] ?? array(),
			'wp_filters'        => $GLOBALS['wp_filters'] ?? array(),
			'wp_current_filter' => $GLOBALS['wp_current_filter'] ?? array(),
		);
		foreach ( $GLOBALS['wp_filter'] as $hook_name => $hook ) {
			$this->saved_hooks['wp_filter'][ $hook_name ] = clone $hook;
		}
	}

	private function restore_hooks(): void {
		$GLOBALS['wp_filter'] = array();
		foreach ( $this->saved_hooks['wp_filter'] as $hook_name => $hook ) {
			$GLOBALS['wp_filter'][ $hook_name ] = clone $hook;
		}
		$GLOBALS['wp_actions']        = $this->saved_hooks['wp_actions'];
		$GLOBALS['wp_filters']        = $this->saved_hooks['wp_filters'];
		$GLOBALS['wp_current_filter'] = $this->saved_hooks['wp_current_filter'];
	}
}
