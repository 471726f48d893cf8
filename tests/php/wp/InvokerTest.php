<?php
/**
 * The one invoker for abilities: both tool kinds (a custom server's direct tool, the default
 * server's execute tool) run an ability the same way, validate once, and fire core's hooks as
 * WP_Ability::execute() fires them.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Contract;

final class InvokerTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-invoker/tools';

	/** Hooks of WP_Ability::execute() in the order core fires them. */
	private const CORE_HOOKS = array(
		'wp_ability_invoked',
		'wp_pre_execute_ability',
		'wp_ability_normalize_input',
		'wp_ability_validate_input',
		'wp_ability_permission_result',
		'wp_before_execute_ability',
		'wp_ability_execute_result',
		'wp_ability_validate_output',
		'wp_after_execute_ability',
	);

	private const SCHEMA = array(
		'type'       => 'object',
		'properties' => array(
			'email' => array(
				'type'   => 'string',
				'format' => 'email',
			),
			'count' => array( 'type' => 'integer' ),
			'flag'  => array( 'type' => 'boolean' ),
		),
		'required'   => array( 'email' ),
	);

	/** @var list<mixed> inputs the ability's callback received */
	private array $received = array();

	/** @var list<string> hooks fired, in order */
	private array $fired = array();

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->received = array();
		$this->fired    = array();
	}

	private function register( string $name, array $args = array() ): void {
		$this->register_test_ability(
			$name,
			$args + array(
				'input_schema'     => self::SCHEMA,
				'execute_callback' => function ( $input ) {
					$this->received[] = $input;
					return array( 'ok' => true );
				},
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
	}

	/**
	 * Calls the ability through its direct tool on a custom server and through the default
	 * server's execute tool; returns [direct result, execute result, direct wire, execute wire].
	 */
	private function call_both( string $ability, array $arguments ): array {
		$this->add_server(
			'invoker',
			array(
				'namespace' => 'mcpn-invoker',
				'route'     => 'tools',
				'tools'     => array( $ability ),
			)
		);
		$direct  = $this->request(
			self::ROUTE,
			$this->initialize( self::ROUTE ),
			'tools/call',
			array(
				'name'      => str_replace( '/', '-', $ability ),
				'arguments' => $arguments,
			)
		);
		$execute = $this->request(
			self::DEFAULT_ROUTE,
			$this->initialize(),
			'tools/call',
			array(
				'name'      => 'mcp-adapter-execute-ability',
				'arguments' => array(
					'ability_name' => $ability,
					'parameters'   => $arguments,
				),
			)
		);
		return array( $this->decoded( $direct )['result'], $this->decoded( $execute )['result'], $this->wire( $direct ), $this->wire( $execute ) );
	}

	private function record_hooks(): void {
		foreach ( self::CORE_HOOKS as $hook ) {
			add_filter(
				$hook,
				function ( $value = null ) use ( $hook ) {
					$this->fired[] = $hook;
					return $value;
				},
				10,
				1
			);
		}
	}

	private function count_is_email( callable $run ): int {
		$count   = 0;
		$counter = static function ( $value ) use ( &$count ) {
			++$count;
			return $value;
		};
		add_filter( 'is_email', $counter );
		$run();
		remove_filter( 'is_email', $counter );
		return $count;
	}

	public function test_each_call_validates_its_input_once(): void {
		$this->register( 'mcpn-invoker/once' );
		$input = array(
			'email' => 'someone@example.com',
			'count' => 2,
		);
		// What one validation of this input costs in is_email() calls, whichever implementation runs.
		$one_validation = $this->count_is_email( static fn() => Contract::validate( $input, self::SCHEMA, 'standard' ) );
		// Core's rest_validate_value_from_schema() calls is_email() once here: a second validation shows.
		$this->assertSame( 1, $this->count_is_email( static fn() => rest_validate_value_from_schema( $input, self::SCHEMA, 'input' ) ) );

		$this->add_server(
			'invoker',
			array(
				'namespace' => 'mcpn-invoker',
				'route'     => 'tools',
				'tools'     => array( 'mcpn-invoker/once' ),
			)
		);
		$direct_session  = $this->initialize( self::ROUTE );
		$default_session = $this->initialize();
		$direct          = $this->count_is_email(
			fn() => $this->assertFalse( $this->call_tool( self::ROUTE, $direct_session, 'mcpn-invoker-once', $input )['isError'] )
		);
		$execute         = $this->count_is_email(
			fn() => $this->assertFalse(
				$this->call_tool(
					self::DEFAULT_ROUTE,
					$default_session,
					'mcp-adapter-execute-ability',
					array(
						'ability_name' => 'mcpn-invoker/once',
						'parameters'   => $input,
					)
				)['isError']
			)
		);
		$this->assertSame( $one_validation, $direct, 'the direct tool validates once' );
		$this->assertSame( $one_validation, $execute, 'the execute tool validates once' );
		$this->assertSame( array( $input, $input ), $this->received );
	}

	public function test_core_hooks_fire_in_cores_order_for_both_tool_kinds(): void {
		$this->register( 'mcpn-invoker/hooks' );
		$this->record_hooks();
		$input = array( 'email' => 'someone@example.com' );

		wp_get_ability( 'mcpn-invoker/hooks' )->execute( $input );
		$core        = $this->fired;
		$this->fired = array();
		$this->assertSame( self::CORE_HOOKS, $core, 'the list above is what core fires' );

		$this->call_both( 'mcpn-invoker/hooks', $input );
		$this->assertSame( array_merge( $core, $core ), $this->fired );
	}

	public function test_no_filter_is_installed_for_the_call(): void {
		$seen = array();
		$this->register(
			'mcpn-invoker/filters',
			array(
				'execute_callback' => static function () use ( &$seen ) {
					foreach ( array( 'wp_ability_normalize_input', 'wp_ability_validate_input', 'wp_ability_permission_result' ) as $hook ) {
						$seen[ $hook ] = has_filter( $hook );
					}
					return array();
				},
			)
		);
		$this->call_both( 'mcpn-invoker/filters', array( 'email' => 'a@example.com' ) );
		$this->assertSame(
			array(
				'wp_ability_normalize_input'   => false,
				'wp_ability_validate_input'    => false,
				'wp_ability_permission_result' => false,
			),
			$seen
		);
	}

	public function test_both_tool_kinds_give_the_same_answers(): void {
		$this->register(
			'mcpn-invoker/same',
			array(
				'output_schema'    => array(
					'type'       => 'object',
					'properties' => array( 'ok' => array( 'type' => 'boolean' ) ),
				),
				'execute_callback' => function ( $input ) {
					$this->received[] = $input;
					if ( 'throw@example.com' === $input['email'] ) {
						throw new \RuntimeException( 'secret detail' );
					}
					if ( 'legacy@example.com' === $input['email'] ) {
						return array(
							'success' => false,
							'error'   => 'legacy failure',
						);
					}
					return 'empty@example.com' === $input['email'] ? array() : array( 'ok' => true );
				},
			)
		);

		// Valid input, booleans coerced by the standard profile: the callback gets the same input.
		[ $direct, $execute ] = $this->call_both( 'mcpn-invoker/same', array( 'email' => 'a@example.com', 'flag' => 'yes' ) );
		$this->assertSame( array( 'ok' => true ), $direct['structuredContent'] );
		$this->assertSame( array( 'ok' => true ), $execute['structuredContent']['data'] );
		$this->assertSame( array( array( 'email' => 'a@example.com', 'flag' => true ), array( 'email' => 'a@example.com', 'flag' => true ) ), $this->received );

		// An empty result of an object output schema is {} for both.
		[ , , $direct_wire, $execute_wire ] = $this->call_both( 'mcpn-invoker/same', array( 'email' => 'empty@example.com' ) );
		$this->assertStringContainsString( '"structuredContent":{}', $direct_wire );
		$this->assertStringContainsString( '"data":{}', $execute_wire );

		// Violations: same keywords and messages, paths under each tool's arguments.
		$this->received       = array();
		[ $direct, $execute ] = $this->call_both( 'mcpn-invoker/same', array( 'count' => 'many' ) );
		$this->assertSame( array(), $this->received );
		$direct_violations  = $direct['_meta']['mcp-native/error']['data']['violations'] ?? $direct['structuredContent']['error']['data']['violations'];
		$execute_violations = $execute['structuredContent']['error']['data']['violations'];
		$this->assertSame( array_column( $direct_violations, 'keyword' ), array_column( $execute_violations, 'keyword' ) );
		$this->assertSame(
			array_map( static fn( $path ) => '/parameters' . $path, array_column( $direct_violations, 'path' ) ),
			array_column( $execute_violations, 'path' )
		);
		$this->assertCount( 2, $direct_violations );

		// Exceptions and the legacy failure convention.
		foreach ( array( 'throw@example.com' => 'ability_callback_exception', 'legacy@example.com' => 'ability_failed' ) as $email => $code ) {
			[ $direct, $execute ] = $this->call_both( 'mcpn-invoker/same', array( 'email' => $email ) );
			$direct_error         = $direct['_meta']['mcp-native/error'] ?? $direct['structuredContent']['error'];
			$this->assertSame( $code, $direct_error['code'] );
			$this->assertSame( $code, $execute['structuredContent']['error']['code'] );
		}
		$this->assertStringNotContainsString( 'secret detail', (string) wp_json_encode( array( $direct, $execute ) ) );
	}

	public function test_the_validate_input_filter_gets_our_verdict_and_may_overrule_it(): void {
		$this->register( 'mcpn-invoker/verdict' );
		$verdicts = array();
		add_filter(
			'wp_ability_validate_input',
			static function ( $valid, $input ) use ( &$verdicts ) {
				$verdicts[] = is_wp_error( $valid ) ? $valid->get_error_code() : $valid;
				// A site rule on top of the schema: example.org addresses are refused.
				if ( is_array( $input ) && 'x@example.org' === ( $input['email'] ?? null ) ) {
					return new \WP_Error( 'site_rule', 'No example.org addresses.' );
				}
				return $valid;
			},
			10,
			2
		);
		[ $direct, $execute ] = $this->call_both( 'mcpn-invoker/verdict', array( 'email' => 'x@example.org' ) );
		$this->assertSame( 'site_rule', $direct['structuredContent']['error']['code'] );
		$this->assertSame( 'site_rule', $execute['structuredContent']['error']['code'] );
		[ $direct ] = $this->call_both( 'mcpn-invoker/verdict', array( 'count' => 1 ) );
		$this->assertSame( 'invalid_arguments', $direct['structuredContent']['error']['code'] );
		$this->assertSame( array( true, true, 'invalid_arguments', 'invalid_arguments' ), $verdicts );
		$this->assertSame( array(), $this->received );
	}

	public function test_an_ability_class_with_its_own_validation_keeps_it(): void {
		$class = OwnValidationAbility::class;
		$this->register( 'mcpn-invoker/own-validation', array( 'ability_class' => $class ) );
		[ $direct, $execute ] = $this->call_both( 'mcpn-invoker/own-validation', array( 'email' => 'blocked@example.com' ) );
		$this->assertSame( 'class_rule', $direct['structuredContent']['error']['code'] );
		$this->assertSame( 'class_rule', $execute['structuredContent']['error']['code'] );
		[ $direct ] = $this->call_both( 'mcpn-invoker/own-validation', array( 'email' => 'fine@example.com', 'flag' => 'on' ) );
		$this->assertFalse( $direct['isError'] );
		$fine = array( 'email' => 'fine@example.com', 'flag' => true );
		$this->assertSame( array( $fine, $fine ), $this->received );
	}
}

/** An ability class that adds its own rule to core's validation. */
class OwnValidationAbility extends \WP_Ability {

	public function validate_input( $input = null ) {
		return is_array( $input ) && 'blocked@example.com' === ( $input['email'] ?? null )
			? new \WP_Error( 'class_rule', 'Blocked by the ability class.' )
			: parent::validate_input( $input );
	}
}
