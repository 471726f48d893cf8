<?php
/**
 * The default server's meta tools.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

final class DefaultServerTest extends AbstractMcpTest {

	private string $session;

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
	}

	private function session(): string {
		return $this->session ??= $this->initialize();
	}

	private function execute( string $ability, mixed $parameters = 'ABSENT' ): array {
		$arguments = array( 'ability_name' => $ability );
		if ( 'ABSENT' !== $parameters ) {
			$arguments['parameters'] = $parameters;
		}
		return $this->call_tool( self::DEFAULT_ROUTE, $this->session(), 'mcp-adapter-execute-ability', $arguments );
	}

	public function test_lists_the_three_meta_tools_with_adapter_names_and_annotations(): void {
		$tools = $this->list_tools( self::DEFAULT_ROUTE, $this->session() );
		$this->assertSame(
			array( 'mcp-adapter-discover-abilities', 'mcp-adapter-get-ability-info', 'mcp-adapter-execute-ability', 'mcp-native-get-site-context' ),
			array_keys( $tools )
		);
		$this->assertSame( array( 'readOnlyHint' => true, 'destructiveHint' => false, 'idempotentHint' => true, 'title' => 'Discover Abilities' ), $tools['mcp-adapter-discover-abilities']['annotations'] );
		$this->assertSame( array( 'readOnlyHint' => false, 'destructiveHint' => true, 'idempotentHint' => false, 'title' => 'Execute Ability' ), $tools['mcp-adapter-execute-ability']['annotations'] );
		$this->assertSame( array( 'ability_name' ), $tools['mcp-adapter-get-ability-info']['inputSchema']['required'] );
		foreach ( $tools as $tool ) {
			$this->assertSame( 'object', $tool['inputSchema']['type'] );
			$this->assertSame( 'object', $tool['outputSchema']['type'] );
		}
	}

	public function test_discover_lists_only_public_tool_abilities(): void {
		$this->register_test_ability( 'mcpn-test/public-one', array( 'meta' => array( 'mcp' => array( 'public' => true ) ) ) );
		$this->register_test_ability( 'mcpn-test/not-public', array( 'meta' => array( 'mcp' => array( 'public' => false ) ) ) );
		$this->register_test_ability( 'mcpn-test/no-mcp-meta', array( 'meta' => array( 'show_in_rest' => true ) ) );
		$this->register_test_ability( 'mcpn-test/truthy-not-true', array( 'meta' => array( 'mcp' => array( 'public' => 1 ) ) ) );
		$this->register_test_ability( 'mcpn-test/a-resource', array( 'meta' => array( 'mcp' => array( 'public' => true, 'type' => 'resource' ) ) ) );

		$result = $this->call_tool( self::DEFAULT_ROUTE, $this->session(), 'mcp-adapter-discover-abilities', new \stdClass() );
		$this->assertFalse( $result['isError'] );
		$names = array_column( $result['structuredContent']['abilities'], 'name' );

		$this->assertContains( 'mcpn-test/public-one', $names );
		$this->assertContains( 'mcp-native-tests/echo', $names );
		$this->assertContains( 'mcp-native-tests/double', $names );
		foreach ( array( 'mcpn-test/not-public', 'mcpn-test/no-mcp-meta', 'mcpn-test/truthy-not-true', 'mcpn-test/a-resource', 'mcp-native-tests/private-echo' ) as $hidden ) {
			$this->assertNotContains( $hidden, $names );
		}
		foreach ( $result['structuredContent']['abilities'] as $item ) {
			$this->assertSame( array( 'name', 'label', 'description', 'category' ), array_keys( $item ) );
		}
		$this->assertSame( $result['structuredContent'], json_decode( $result['content'][0]['text'], true ) );
	}

	public function test_get_info_returns_schemas_in_the_abilitys_own_shape(): void {
		$result = $this->call_tool( self::DEFAULT_ROUTE, $this->session(), 'mcp-adapter-get-ability-info', array( 'ability_name' => 'mcp-native-tests/double' ) );
		$this->assertFalse( $result['isError'] );
		$info = $result['structuredContent'];
		$this->assertSame( 'mcp-native-tests/double', $info['name'] );
		$this->assertSame( 'Double', $info['label'] );
		$this->assertSame( 'integer', $info['input_schema']['type'] ); // not wrapped
		$this->assertSame( array( 'type' => 'integer' ), $info['output_schema'] );
		$this->assertTrue( $info['meta']['mcp']['public'] );
	}

	public function test_get_info_of_an_ability_without_schema_sends_objects_not_arrays(): void {
		$this->register_test_ability( 'mcpn-test/no-schema', array( 'meta' => array( 'mcp' => array( 'public' => true ) ) ) );
		$response = $this->request( self::DEFAULT_ROUTE, $this->session(), 'tools/call', array( 'name' => 'mcp-adapter-get-ability-info', 'arguments' => array( 'ability_name' => 'mcpn-test/no-schema' ) ) );
		$wire     = $this->wire( $response );
		$this->assertStringContainsString( '"input_schema":{}', $wire );
		$this->assertStringNotContainsString( '"output_schema"', $wire );
	}

	/**
	 * @dataProvider refused_abilities
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'refused_abilities' )]
	public function test_get_info_and_execute_refuse_hidden_or_missing_abilities( string $ability, string $code ): void {
		foreach ( array( 'mcp-adapter-get-ability-info', 'mcp-adapter-execute-ability' ) as $tool ) {
			$result = $this->call_tool( self::DEFAULT_ROUTE, $this->session(), $tool, array( 'ability_name' => $ability ) );
			$this->assertTrue( $result['isError'], $tool );
			$error = $result['structuredContent']['error'];
			$this->assertSame( $code, $error['code'] );
			$this->assertSame( $error['message'], $result['content'][0]['text'] );
			if ( 'mcp-adapter-execute-ability' === $tool ) {
				$this->assertFalse( $result['structuredContent']['success'] );
			}
		}
	}

	public static function refused_abilities(): array {
		return array(
			'not public' => array( 'mcp-native-tests/private-echo', 'ability_not_found' ),
			'missing'    => array( 'nonexistent/ability', 'ability_not_found' ),
		);
	}

	public function test_missing_ability_name_is_rejected_before_any_handler(): void {
		$result = $this->call_tool( self::DEFAULT_ROUTE, $this->session(), 'mcp-adapter-execute-ability', array( 'parameters' => new \stdClass() ) );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'invalid_arguments', $result['structuredContent']['error']['code'] );
		$this->assertStringContainsString( 'ability_name', $result['content'][0]['text'] );
	}

	public function test_execute_object_ability_with_parameters_as_given(): void {
		$result = $this->execute( 'mcp-native-tests/echo', array( 'message' => 'hi', 'count' => 2 ) );
		$this->assertFalse( $result['isError'] );
		$this->assertSame( array( 'success' => true, 'data' => array( 'message' => 'hi', 'count' => 2 ) ), $result['structuredContent'] );
	}

	public function test_execute_flattened_ability_with_a_bare_value(): void {
		$result = $this->execute( 'mcp-native-tests/double', 21 );
		$this->assertFalse( $result['isError'] );
		$this->assertSame( array( 'success' => true, 'data' => 42 ), $result['structuredContent'] );
	}

	public function test_execute_validates_input_before_the_callback(): void {
		$calls = 0;
		$this->register_test_ability(
			'mcpn-test/needs-title',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'title' => array( 'type' => 'string' ) ),
					'required'   => array( 'title' ),
				),
				'execute_callback' => static function ( $input ) use ( &$calls ) {
					++$calls;
					return $input;
				},
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		// {} is normalized to [] (an object), which then fails on the missing required field.
		$result = $this->execute( 'mcpn-test/needs-title', new \stdClass() );
		$this->assertTrue( $result['isError'] );
		// Checked by the plugin (argument profile) before WP_Ability::execute() reaches its callback.
		$this->assertSame( 'invalid_arguments', $result['structuredContent']['error']['code'] );
		$this->assertSame( '/parameters/title', $result['structuredContent']['error']['data']['violations'][0]['path'] );
		$this->assertStringContainsString( 'title is a required property', $result['content'][0]['text'] );

		$wrong_type = $this->execute( 'mcpn-test/needs-title', array( 'title' => array( 'not', 'a', 'string' ) ) );
		$this->assertTrue( $wrong_type['isError'] );
		$this->assertSame( 0, $calls );

		$extra = $this->execute( 'mcpn-test/needs-title', array( 'title' => 'x', 'undescribed' => true ) );
		$this->assertFalse( $extra['isError'] );
		$this->assertSame( 1, $calls );
	}

	public function test_execute_normalizes_empty_parameters(): void {
		$received = array();
		$record   = static function ( $input = null ) use ( &$received ) {
			$received[] = $input;
			return array( 'ok' => true );
		};
		$this->register_test_ability( 'mcpn-test/no-input', array( 'execute_callback' => $record, 'meta' => array( 'mcp' => array( 'public' => true ) ) ) );
		$this->register_test_ability(
			'mcpn-test/with-default',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'n' => array( 'type' => 'integer' ) ),
					'default'    => array( 'n' => 5 ),
				),
				'execute_callback' => $record,
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		$this->register_test_ability(
			'mcpn-test/optional-object',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'n' => array( 'type' => 'integer' ) ),
				),
				'execute_callback' => $record,
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);

		foreach ( array( new \stdClass(), null, 'ABSENT' ) as $empty ) {
			$received = array();
			foreach ( array( 'mcpn-test/no-input', 'mcpn-test/with-default', 'mcpn-test/optional-object' ) as $ability ) {
				$result = $this->execute( $ability, $empty );
				$this->assertFalse( $result['isError'], $ability . ': ' . $result['content'][0]['text'] );
			}
			$this->assertSame( array( null, array( 'n' => 5 ), array() ), $received );
		}
	}

	public function test_execute_keeps_wp_error_code_and_data(): void {
		$this->register_test_ability(
			'mcpn-test/fails',
			array(
				'execute_callback' => static fn() => new \WP_Error( 'custom_failure', 'Custom execution error', array( 'status' => 418, 'post_id' => 7, 'object' => new \ArrayObject() ) ),
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		$result = $this->execute( 'mcpn-test/fails' );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'Custom execution error', $result['content'][0]['text'] );
		$this->assertSame(
			array(
				'success' => false,
				'error'   => array(
					'code'    => 'custom_failure',
					'message' => 'Custom execution error',
					'data'    => array( 'post_id' => 7 ),
				),
			),
			$result['structuredContent']
		);
	}

	public function test_execute_reports_callback_exceptions_by_an_id_whose_detail_is_only_logged(): void {
		$this->register_test_ability(
			'mcpn-test/throws',
			array(
				'execute_callback' => static function () {
					throw new \RuntimeException( 'Test execution exception' );
				},
				'meta'             => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		$result = $this->execute( 'mcpn-test/throws' );
		$this->assertTrue( $result['isError'] );
		$error = $result['structuredContent']['error'];
		$this->assertSame( 'ability_callback_exception', $error['code'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f-]{36}$/', $error['data']['error_id'] );
		$this->assertStringContainsString( $error['data']['error_id'], $result['content'][0]['text'] );
		$this->assertStringNotContainsString( 'Test execution exception', (string) wp_json_encode( $result ) );
		$logged = $this->logged_containing( 'threw an exception' );
		$this->assertCount( 1, $logged );
		$this->assertSame( $error['data']['error_id'], $logged[0][2]['error_id'] );
		$this->assertStringContainsString( 'Test execution exception', $logged[0][2]['detail'] );
	}

	public function test_execute_permission_denied_is_a_tool_error(): void {
		$this->register_test_ability(
			'mcpn-test/denied',
			array(
				'permission_callback' => '__return_false',
				'meta'                => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		$result = $this->execute( 'mcpn-test/denied' );
		$this->assertTrue( $result['isError'] );
		$this->assertSame( 'ability_invalid_permissions', $result['structuredContent']['error']['code'] );
	}

	public function test_default_server_can_be_disabled(): void {
		add_filter( 'mcp_native_default_server_enabled', '__return_false' );
		$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize' ) );
		$this->assertSame( 404, $response->get_status() );
	}
}
