<?php
/**
 * Argument profiles (issue 4): every violation in one isError result with JSON Pointer paths,
 * boolean strings normalized under `standard` and refused under `strict`, the ability never
 * called on invalid arguments; hints are descriptions only.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\ArgumentProfile;
use McpNative\Plugin\Contract;
use McpNative\Plugin\Plugin;
use McpNative\Plugin\Server;

final class ValidationProfileTest extends AbstractMcpTest {

	private const STANDARD_ROUTE = '/mcpn-profile/standard';
	private const STRICT_ROUTE   = '/mcpn-profile/strict';

	/** @var list<mixed> inputs received by the test abilities' callbacks */
	private array $received = array();

	protected function setUp(): void {
		parent::setUp();
		$missing = self::missing_validator();
		if ( null !== $missing ) {
			$this->markTestSkipped( $missing );
		}
		$this->set_user( 'administrator' );
		$this->received = array();
		// These tests are about arguments: the destructive ability below runs without asking a
		// person first (OwnerControlTest covers the approval).
		add_filter( 'mcp_native_ask_first_default', '__return_false' );

		$this->register_test_ability(
			'mcpn-profile/publish',
			array(
				'input_schema'     => self::publish_schema(),
				'execute_callback' => $this->recorder(),
				'meta'             => array(
					'annotations' => array( 'destructive' => true ),
					'mcp'         => array( 'public' => true ),
				),
			)
		);
		$this->register_test_ability(
			'mcpn-profile/flag',
			array(
				'input_schema'     => array(
					'type'        => 'boolean',
					'description' => 'A bare boolean (flattened schema).',
				),
				'execute_callback' => $this->recorder(),
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		foreach ( array( 'standard' => self::STANDARD_ROUTE, 'strict' => self::STRICT_ROUTE ) as $profile => $route ) {
			$this->add_server(
				'profile-' . $profile,
				array(
					'namespace' => 'mcpn-profile',
					'route'     => $profile,
					'tools'     => array( 'mcpn-profile/publish', 'mcpn-profile/flag' ),
					'profile'   => $profile,
				)
			);
		}
	}

	/**
	 * Skips the test when the running contract implementation cannot validate under `$profile` yet.
	 */
	private function require_profile( string $profile ): void {
		try {
			Contract::validate( true, array( 'type' => 'boolean' ), $profile );
		} catch ( \Throwable $e ) {
			$this->markTestSkipped( sprintf( 'Contract::validate() cannot use the %s profile in %s mode yet: %s', $profile, Contract::is_native() ? 'native' : 'fallback', $e->getMessage() ) );
		}
	}

	/**
	 * Why the validation tests cannot run in this mode, or null when they can.
	 */
	private static function missing_validator(): ?string {
		if ( Contract::is_native() ) {
			return function_exists( 'McpNative\\validate' ) ? null : 'McpNative\\validate() is not in the loaded extension yet (issue 4, native validator)';
		}
		return class_exists( 'McpNative\\Plugin\\Fallback\\Validator' ) ? null : 'wp-plugin/includes/Fallback/Validator.php (the PHP mirror of the validator) does not exist yet';
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function publish_schema(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'dry_run' => array(
					'type'        => 'boolean',
					'description' => 'Only report what would change.',
				),
				'note'    => array( 'type' => 'string' ),
				'limit'   => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'options' => array(
					'type'       => 'object',
					'properties' => array(
						'notify' => array( 'type' => 'boolean' ),
						'labels' => array(
							'type'  => 'object',
							'additionalProperties' => array( 'type' => 'boolean' ),
						),
					),
				),
				'posts'   => array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'title'    => array( 'type' => 'string' ),
							'status'   => array(
								'type' => 'string',
								'enum' => array( 'draft', 'publish' ),
							),
							'featured' => array( 'type' => 'boolean' ),
						),
						'required'   => array( 'title' ),
					),
				),
			),
			'required'   => array( 'posts' ),
		);
	}

	private function recorder(): \Closure {
		return function ( $input = null ) {
			$this->received[] = $input;
			return array( 'received' => $input );
		};
	}

	private function call( string $route, string $tool, array|\stdClass $arguments ): array {
		return $this->call_tool( $route, $this->initialize( $route ), $tool, $arguments );
	}

	/**
	 * The violations of an invalid_arguments result (after checking its shape).
	 *
	 * @return list<array{path: string, keyword: string, message: string}>
	 */
	private function violations( array $result ): array {
		$this->assertTrue( $result['isError'], wp_json_encode( $result ) );
		$error = $result['structuredContent']['error'];
		$this->assertSame( 'invalid_arguments', $error['code'], wp_json_encode( $result ) );
		$this->assertSame( $error['message'], $result['content'][0]['text'] );
		$violations = $error['data']['violations'];
		$this->assertIsArray( $violations );
		$this->assertTrue( array_is_list( $violations ) );
		$this->assertNotEmpty( $violations );
		foreach ( $violations as $violation ) {
			$this->assertSame( array( 'path', 'keyword', 'message' ), array_keys( $violation ) );
			$this->assertNotSame( '', $violation['keyword'] );
			$this->assertNotSame( '', $violation['message'] );
			// Every violation is in the text too, with its path.
			$this->assertStringContainsString( ( '' === $violation['path'] ? '(root)' : $violation['path'] ) . ': ' . $violation['message'], $result['content'][0]['text'] );
		}
		return $violations;
	}

	/**
	 * @param list<array{path: string, keyword: string, message: string}> $violations
	 * @return list<string>
	 */
	private static function paths( array $violations ): array {
		$paths = array_column( $violations, 'path' );
		sort( $paths );
		return $paths;
	}

	/**
	 * Arguments with four independent mistakes, deep in a list and in a nested object.
	 */
	private static function bad_publish_arguments(): array {
		return array(
			'posts'   => array(
				array( 'title' => 'fine' ),
				array( 'title' => 42 ),
				array( 'status' => 'bogus' ),
			),
			'limit'   => 0,
			'options' => array( 'notify' => 'perhaps' ),
		);
	}

	private function assert_bad_publish_violations( array $violations, string $prefix ): void {
		$paths = self::paths( $violations );
		$this->assertContains( $prefix . '/posts/1/title', $paths );
		$this->assertContains( $prefix . '/posts/2/status', $paths );
		$this->assertContains( $prefix . '/limit', $paths );
		$this->assertContains( $prefix . '/options/notify', $paths );
		$required = array_values( array_filter( $violations, static fn( $v ) => 'required' === $v['keyword'] ) );
		$this->assertCount( 1, $required, 'the missing title of posts[2] is reported once' );
		$this->assertStringStartsWith( $prefix . '/posts/2', $required[0]['path'] );
		$by_path = array_column( $violations, 'keyword', 'path' );
		$this->assertSame( 'enum', $by_path[ $prefix . '/posts/2/status' ] );
		$this->assertSame( 'minimum', $by_path[ $prefix . '/limit' ] );
		$this->assertSame( 'type', $by_path[ $prefix . '/posts/1/title' ] );
		$this->assertSame( 'type', $by_path[ $prefix . '/options/notify' ] );
	}

	// ------------------------------------------------------------------ every violation, once

	public function test_custom_server_reports_every_violation_in_one_result_and_does_not_run_the_ability(): void {
		$this->require_profile( ArgumentProfile::STRICT );
		foreach ( array( self::STANDARD_ROUTE, self::STRICT_ROUTE ) as $route ) {
			$result     = $this->call( $route, 'mcpn-profile-publish', self::bad_publish_arguments() );
			$violations = $this->violations( $result );
			$this->assert_bad_publish_violations( $violations, '' );
			$this->assertCount( 5, $violations, $route . ': ' . $result['content'][0]['text'] );
			$this->assertStringStartsWith( 'Invalid arguments for mcpn-profile/publish: 5 violations.', $result['content'][0]['text'] );
		}
		$this->assertSame( array(), $this->received, 'the ability never ran' );
	}

	public function test_default_server_execute_reports_violations_with_paths_into_its_arguments(): void {
		$result = $this->call_tool(
			self::DEFAULT_ROUTE,
			$this->initialize(),
			'mcp-adapter-execute-ability',
			array(
				'ability_name' => 'mcpn-profile/publish',
				'parameters'   => self::bad_publish_arguments(),
			)
		);
		$this->assertFalse( $result['structuredContent']['success'] );
		$violations = $this->violations( $result );
		$this->assert_bad_publish_violations( $violations, '/parameters' );
		foreach ( $violations as $violation ) {
			// The validator names places relative to the ability's input; the result, relative to the tool's arguments.
			$this->assertDoesNotMatchRegularExpression( '~(^|\s)/(posts|limit|options)~', $violation['message'] );
		}
		$this->assertStringContainsString( '/parameters/posts/1/title', array_column( $violations, 'message', 'path' )['/parameters/posts/1/title'] );
		$this->assertSame( array(), $this->received );
	}

	public function test_a_flattened_schema_reports_paths_under_its_wrapper(): void {
		$result     = $this->call( self::STANDARD_ROUTE, 'mcpn-profile-flag', array( 'input' => 'sometimes' ) );
		$violations = $this->violations( $result );
		$this->assertSame( array( '/input' ), self::paths( $violations ) );
		$this->assertSame( 'type', $violations[0]['keyword'] );

		$missing = $this->violations( $this->call( self::STANDARD_ROUTE, 'mcpn-profile-flag', new \stdClass() ) );
		$this->assertSame( array( '/input' ), self::paths( $missing ) );
		$this->assertSame( array(), $this->received );
	}

	public function test_violations_reach_the_client_even_when_the_tool_has_an_output_schema(): void {
		$this->register_test_ability(
			'mcpn-profile/typed-output',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'n' => array( 'type' => 'integer' ) ),
					'required'   => array( 'n' ),
				),
				'output_schema'    => array(
					'type'       => 'object',
					'properties' => array( 'doubled' => array( 'type' => 'integer' ) ),
					'required'   => array( 'doubled' ),
				),
				'execute_callback' => $this->recorder(),
			)
		);
		$this->add_server(
			'typed-output',
			array(
				'namespace' => 'mcpn-profile',
				'route'     => 'typed',
				'tools'     => array( 'mcpn-profile/typed-output' ),
			)
		);
		$result = $this->call( '/mcpn-profile/typed', 'mcpn-profile-typed-output', array( 'n' => 'x' ) );
		$this->assertTrue( $result['isError'] );
		$this->assertArrayNotHasKey( 'structuredContent', $result, 'an error object would not match the output schema' );
		$error = $result['_meta']['mcp-native/error'];
		$this->assertSame( 'invalid_arguments', $error['code'] );
		$this->assertSame( array( '/n' ), array_column( $error['data']['violations'], 'path' ) );
		$this->assertStringContainsString( '/n: ', $result['content'][0]['text'] );
		$this->assertSame( array(), $this->received );
	}

	// ------------------------------------------------------------------ booleans: standard vs strict

	public function test_standard_normalizes_boolean_strings_at_any_depth_before_the_callback(): void {
		$result = $this->call(
			self::STANDARD_ROUTE,
			'mcpn-profile-publish',
			array(
				'dry_run' => 'true',
				'note'    => 'true',
				'extra'   => 'true',
				'options' => array(
					'notify' => 'OFF',
					'labels' => array(
						'a' => 'Yes',
						'b' => '0',
					),
				),
				'posts'   => array(
					array( 'title' => 'one', 'featured' => 'on' ),
					array( 'title' => 'two', 'featured' => 'no' ),
					array( 'title' => 'three', 'featured' => false ),
				),
			)
		);
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$this->assertSame(
			array(
				array(
					'dry_run' => true,
					'note'    => 'true', // described as a string: untouched
					'extra'   => 'true', // undescribed: accepted and untouched
					'options' => array(
						'notify' => false,
						'labels' => array(
							'a' => true,
							'b' => false,
						),
					),
					'posts'   => array(
						array( 'title' => 'one', 'featured' => true ),
						array( 'title' => 'two', 'featured' => false ),
						array( 'title' => 'three', 'featured' => false ),
					),
				),
			),
			$this->received
		);
	}

	/**
	 * @dataProvider boolean_strings
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'boolean_strings' )]
	public function test_standard_accepts_each_common_boolean_string( string $sent, bool $expected ): void {
		$result = $this->call( self::STANDARD_ROUTE, 'mcpn-profile-publish', array( 'dry_run' => $sent, 'posts' => array() ) );
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$this->assertSame( array( array( 'dry_run' => $expected, 'posts' => array() ) ), $this->received );
	}

	public static function boolean_strings(): array {
		$cases = array();
		foreach ( array( 'true', 'TRUE', 'True', '1', 'yes', 'YES', 'on', 'On' ) as $s ) {
			$cases[ $s ] = array( $s, true );
		}
		foreach ( array( 'false', 'FALSE', '0', 'no', 'No', 'off', 'OFF' ) as $s ) {
			$cases[ $s ] = array( $s, false );
		}
		return $cases;
	}

	public function test_strict_refuses_boolean_strings_and_accepts_json_booleans(): void {
		$this->require_profile( ArgumentProfile::STRICT );
		$result     = $this->call( self::STRICT_ROUTE, 'mcpn-profile-publish', array( 'dry_run' => 'true', 'posts' => array( array( 'title' => 't', 'featured' => '1' ) ) ) );
		$violations = $this->violations( $result );
		$this->assertSame( array( '/dry_run', '/posts/0/featured' ), self::paths( $violations ) );
		$this->assertSame( array( 'type', 'type' ), array_column( $violations, 'keyword' ) );
		$this->assertSame( array(), $this->received, 'the ability never ran' );

		$ok = $this->call( self::STRICT_ROUTE, 'mcpn-profile-publish', array( 'dry_run' => true, 'posts' => array( array( 'title' => 't' ) ), 'undescribed' => 'kept' ) );
		$this->assertFalse( $ok['isError'], $ok['content'][0]['text'] );
		$this->assertSame( array( array( 'dry_run' => true, 'posts' => array( array( 'title' => 't' ) ), 'undescribed' => 'kept' ) ), $this->received );
	}

	public function test_strict_refuses_numeric_strings_that_standard_accepts(): void {
		$this->require_profile( ArgumentProfile::STRICT );
		$standard = $this->call( self::STANDARD_ROUTE, 'mcpn-profile-publish', array( 'limit' => '5', 'posts' => array() ) );
		$this->assertFalse( $standard['isError'], $standard['content'][0]['text'] );
		$strict = $this->violations( $this->call( self::STRICT_ROUTE, 'mcpn-profile-publish', array( 'limit' => '5', 'posts' => array() ) ) );
		$this->assertSame( array( '/limit' ), self::paths( $strict ) );
		$this->assertCount( 1, $this->received );
	}

	public function test_flattened_boolean_under_both_profiles(): void {
		$this->require_profile( ArgumentProfile::STRICT );
		$standard = $this->call( self::STANDARD_ROUTE, 'mcpn-profile-flag', array( 'input' => 'yes' ) );
		$this->assertFalse( $standard['isError'], $standard['content'][0]['text'] );
		$this->assertSame( array( true ), $this->received );

		$strict = $this->violations( $this->call( self::STRICT_ROUTE, 'mcpn-profile-flag', array( 'input' => 'yes' ) ) );
		$this->assertSame( array( '/input' ), self::paths( $strict ) );
		$this->assertSame( array( true ), $this->received );

		$json_bool = $this->call( self::STRICT_ROUTE, 'mcpn-profile-flag', array( 'input' => false ) );
		$this->assertFalse( $json_bool['isError'], $json_bool['content'][0]['text'] );
		$this->assertSame( array( true, false ), $this->received );
	}

	public function test_default_server_profile_is_standard_and_filterable(): void {
		$this->require_profile( ArgumentProfile::STRICT );
		$arguments = array(
			'ability_name' => 'mcpn-profile/publish',
			'parameters'   => array( 'dry_run' => 'false', 'posts' => array() ),
		);
		$standard  = $this->call_tool( self::DEFAULT_ROUTE, $this->initialize(), 'mcp-adapter-execute-ability', $arguments );
		$this->assertFalse( $standard['isError'], $standard['content'][0]['text'] );
		$this->assertSame( array( array( 'dry_run' => false, 'posts' => array() ) ), $this->received );
		$this->assertSame( ArgumentProfile::STANDARD, Plugin::registry()->get_server( 'mcp-adapter-default-server' )->profile );

		$GLOBALS['wp_rest_server'] = null; // next dispatch builds the servers again, with the filter
		add_filter( 'mcp_native_default_server_profile', static fn() => 'strict' );
		$strict = $this->call_tool( self::DEFAULT_ROUTE, $this->initialize(), 'mcp-adapter-execute-ability', $arguments );
		$this->assertSame( array( '/parameters/dry_run' ), self::paths( $this->violations( $strict ) ) );
		$this->assertSame( ArgumentProfile::STRICT, Plugin::registry()->get_server( 'mcp-adapter-default-server' )->profile );
		$this->assertCount( 1, $this->received );
	}

	public function test_an_unknown_default_profile_from_the_filter_falls_back_to_standard(): void {
		add_filter( 'mcp_native_default_server_profile', static fn() => 'lenient' );
		$this->initialize();
		$this->assertSame( ArgumentProfile::STANDARD, Plugin::registry()->get_server( 'mcp-adapter-default-server' )->profile );
		$this->assertNotEmpty( $this->logged_containing( 'unknown profile' ) );
	}

	public function test_server_profile_config_is_validated(): void {
		$results = array();
		add_action(
			'mcp_native_init',
			static function ( $registry ) use ( &$results ) {
				$results['unknown'] = $registry->create_server( 'p1', array( 'namespace' => 'mcpn-profile', 'route' => 'p1', 'profile' => 'lenient' ) );
				$results['number']  = $registry->create_server( 'p2', array( 'namespace' => 'mcpn-profile', 'route' => 'p2', 'profile' => 1 ) );
				$results['default'] = $registry->create_server( 'p3', array( 'namespace' => 'mcpn-profile', 'route' => 'p3' ) );
			}
		);
		$this->initialize( self::STRICT_ROUTE );
		$this->assertInstanceOf( \WP_Error::class, $results['unknown'] );
		$this->assertStringContainsString( '"profile" must be "standard" or "strict"', $results['unknown']->get_error_message() );
		$this->assertInstanceOf( \WP_Error::class, $results['number'] );
		$this->assertInstanceOf( Server::class, $results['default'] );
		$this->assertSame( ArgumentProfile::STANDARD, $results['default']->profile );
		$this->assertSame( ArgumentProfile::STRICT, Plugin::registry()->get_server( 'profile-strict' )->profile );
	}

	// ------------------------------------------------------------------ the check sits inside WP_Ability::execute

	public function test_schema_default_and_other_normalizers_run_before_the_check(): void {
		$this->register_test_ability(
			'mcpn-profile/with-default',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'verbose' => array( 'type' => 'boolean' ) ),
					'default'    => array( 'verbose' => 'yes' ),
				),
				'execute_callback' => $this->recorder(),
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		$result = $this->call_tool( self::DEFAULT_ROUTE, $this->initialize(), 'mcp-adapter-execute-ability', array( 'ability_name' => 'mcpn-profile/with-default' ) );
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$this->assertSame( array( array( 'verbose' => true ) ), $this->received, 'the default was applied by core, then normalized' );
	}

	public function test_a_pre_execute_short_circuit_still_wins_and_the_check_is_removed_after_the_call(): void {
		add_filter(
			'wp_pre_execute_ability',
			static fn( $pre, $name ) => 'mcpn-profile/publish' === $name ? array( 'cached' => true ) : $pre,
			10,
			2
		);
		$result = $this->call( self::STRICT_ROUTE, 'mcpn-profile-publish', array( 'dry_run' => 'not-even-a-boolean' ) );
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$this->assertSame( array( 'cached' => true ), $result['structuredContent'] );
		$this->assertSame( array(), $this->received );
		$this->assertFalse( has_filter( 'wp_ability_normalize_input' ), 'the per-call check is removed after the call' );
	}

	// ------------------------------------------------------------------ hints are descriptions only

	public function test_a_read_only_hint_does_not_skip_the_permission_check(): void {
		$ran = 0;
		$this->register_test_ability(
			'mcpn-profile/read-only-but-forbidden',
			array(
				'input_schema'        => array(
					'type'       => 'object',
					'properties' => array( 'id' => array( 'type' => 'integer' ) ),
				),
				'permission_callback' => '__return_false',
				'execute_callback'    => static function () use ( &$ran ) {
					++$ran;
					return array( 'leaked' => true );
				},
				'meta'                => array(
					'annotations' => array(
						'readonly'    => true,
						'destructive' => false,
						'idempotent'  => true,
					),
					'mcp'         => array( 'public' => true ),
				),
			)
		);
		$this->add_server(
			'hints',
			array(
				'namespace' => 'mcpn-profile',
				'route'     => 'hints',
				'tools'     => array( 'mcpn-profile/read-only-but-forbidden', 'mcpn-profile/publish' ),
			)
		);
		$session = $this->initialize( '/mcpn-profile/hints' );
		$tools   = $this->list_tools( '/mcpn-profile/hints', $session );
		$this->assertSame(
			array( 'readOnlyHint' => true, 'destructiveHint' => false, 'idempotentHint' => true, 'title' => 'mcpn-profile/read-only-but-forbidden' ),
			$tools['mcpn-profile-read-only-but-forbidden']['annotations']
		);
		$this->assertSame( array( 'destructiveHint' => true, 'title' => 'mcpn-profile/publish' ), $tools['mcpn-profile-publish']['annotations'] );

		$result = $this->call_tool( '/mcpn-profile/hints', $session, 'mcpn-profile-read-only-but-forbidden', array( 'id' => 1 ) );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'ability_invalid_permissions', $result['structuredContent']['error']['code'] );

		$via_default = $this->call_tool( self::DEFAULT_ROUTE, $this->initialize(), 'mcp-adapter-execute-ability', array( 'ability_name' => 'mcpn-profile/read-only-but-forbidden', 'parameters' => array( 'id' => 1 ) ) );
		$this->assertTrue( $via_default['isError'] );
		$this->assertSame( 'ability_invalid_permissions', $via_default['structuredContent']['error']['code'] );
		$this->assertSame( 0, $ran );
	}

	// ------------------------------------------------------------------ the profile helper itself

	public function test_coerce_booleans_leaves_ambiguous_and_undescribed_values_alone(): void {
		$schema = array(
			'type'       => 'object',
			'properties' => array(
				'either'   => array( 'type' => array( 'boolean', 'string' ) ),
				'num_bool' => array( 'type' => array( 'boolean', 'integer' ) ),
				'nullable' => array( 'type' => array( 'boolean', 'null' ) ),
				'any'      => array( 'description' => 'no type' ),
				'list'     => array(
					'type'  => 'array',
					'items' => array( 'type' => 'boolean' ),
				),
			),
			'patternProperties' => array( '^flag_' => array( 'type' => 'boolean' ) ),
		);
		$this->assertSame(
			array(
				'either'   => 'true',
				'num_bool' => '1',
				'nullable' => true,
				'any'      => 'yes',
				'list'     => array( true, false, 'maybe' ),
				'flag_x'   => false,
				'other'    => 'on',
			),
			ArgumentProfile::coerce_booleans(
				array(
					'either'   => 'true',
					'num_bool' => '1',
					'nullable' => 'TRUE',
					'any'      => 'yes',
					'list'     => array( 'on', 'off', 'maybe' ),
					'flag_x'   => 'no',
					'other'    => 'on',
				),
				$schema
			)
		);
		$this->assertSame( 'num', ArgumentProfile::coerce_booleans( 'num', array( 'type' => 'boolean' ) ) );
		$this->assertTrue( ArgumentProfile::coerce_booleans( 'true', array( 'type' => array( 'boolean', 'integer' ) ) ) );
	}
}
