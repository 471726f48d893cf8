<?php
/**
 * The official adapter's public API on MCP Native while the adapter is absent (issue 38):
 * mcp_adapter_init, create_server() (positional and named arguments), the adapter's class names,
 * its WP_Error answers, its filters, the 0.6+ exposure rule, and `wp mcp-adapter serve`.
 *
 * The test site has no adapter (the fake adapters of AdapterAccelerationTest run in processes of
 * their own), so every class name below resolves to MCP Native's stand-ins.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\AdapterApi\AdapterApi;
use McpNative\Plugin\AdapterApi\CliAlias;
use McpNative\Plugin\AdapterApi\Notes;
use McpNative\Plugin\Adapter\Accelerator;
use McpNative\Plugin\Plugin;
use WP\MCP\Core\McpAdapter;

final class AdapterApiTest extends AbstractMcpTest {

	private const ROUTE = '/adapter-api-test/mcp';

	/** create_server()'s parameters in the adapter 0.5.0 to 0.7.0 (name => default, '' for none). */
	private const ADAPTER_PARAMETERS = array(
		'server_id'                     => '',
		'server_route_namespace'        => '',
		'server_route'                  => '',
		'server_name'                   => '',
		'server_description'            => '',
		'server_version'                => '',
		'mcp_transports'                => '',
		'error_handler'                 => '',
		'observability_handler'         => 'NULL',
		'tools'                         => 'array (\n)',
		'resources'                     => 'array (\n)',
		'prompts'                       => 'array (\n)',
		'transport_permission_callback' => 'NULL',
	);

	/** @var list<mixed> what create_server() returned inside mcp_adapter_init */
	private array $returned = array();

	protected function setUp(): void {
		parent::setUp();
		$this->returned = array();
		Notes::reset();
		$this->register_test_ability(
			'adapter-api/echo',
			array(
				'input_schema'  => array(
					'type'       => 'object',
					'properties' => array( 'text' => array( 'type' => 'string' ) ),
					'required'   => array( 'text' ),
				),
				'output_schema' => array(
					'type'       => 'object',
					'properties' => array( 'echo' => array( 'type' => 'string' ) ),
				),
				'execute_callback' => static fn( $input ) => array( 'echo' => 'said ' . $input['text'] ),
			)
		);
	}

	/** Hooks mcp_adapter_init with $create (given the adapter) and records what it returns. */
	private function on_adapter_init( callable $create ): void {
		add_action(
			'mcp_adapter_init',
			function ( $adapter ) use ( $create ): void {
				$this->returned[] = $create( $adapter );
			}
		);
	}

	/** Builds the servers of a fresh REST server (fires rest_api_init, hence mcp_adapter_init). */
	private function build_servers(): void {
		$GLOBALS['wp_rest_server'] = null;
		rest_get_server();
	}

	public function test_the_adapters_class_names_resolve_to_stand_ins_while_it_is_absent(): void {
		foreach ( array(
			'WP\\MCP\\Core\\McpAdapter',
			'WP\\MCP\\Transport\\HttpTransport',
			'WP\\MCP\\Transport\\Http\\RestTransport',
			'WP\\MCP\\Transport\\Http\\StreamableTransport',
			'WP\\MCP\\Infrastructure\\ErrorHandling\\ErrorLogMcpErrorHandler',
			'WP\\MCP\\Infrastructure\\ErrorHandling\\NullMcpErrorHandler',
			'WP\\MCP\\Infrastructure\\Observability\\NullMcpObservabilityHandler',
			'WP\\MCP\\Infrastructure\\Observability\\ErrorLogMcpObservabilityHandler',
		) as $class_name ) {
			$this->assertTrue( class_exists( $class_name ), $class_name );
			$this->assertTrue( AdapterApi::is_stand_in( $class_name ), $class_name );
		}
		$this->assertTrue( interface_exists( 'WP\\MCP\\Transport\\Contracts\\McpTransportInterface' ) );
		$this->assertContains( 'WP\\MCP\\Transport\\Contracts\\McpTransportInterface', class_implements( 'WP\\MCP\\Transport\\HttpTransport' ) );
		$this->assertTrue( AdapterApi::serves_adapter_api() );
		$this->assertFalse( AdapterApi::official_adapter_loaded() );
		$this->assertSame( McpAdapter::instance(), McpAdapter::instance() );
		$this->assertFalse( Accelerator::status()['adapter_loaded'], 'the stand-in is no adapter for the accelerator' );
	}

	public function test_create_server_has_the_adapters_parameter_names_order_and_defaults(): void {
		$found = array();
		foreach ( ( new \ReflectionMethod( McpAdapter::class, 'create_server' ) )->getParameters() as $parameter ) {
			$found[ $parameter->getName() ] = $parameter->isDefaultValueAvailable() ? str_replace( "\n", '\n', var_export( $parameter->getDefaultValue(), true ) ) : '';
		}
		$this->assertSame( self::ADAPTER_PARAMETERS, $found );
	}

	public function test_a_server_created_positionally_is_served_at_the_adapters_route(): void {
		$this->on_adapter_init(
			static fn( $adapter ) => $adapter->create_server(
				'adapter-api-test',
				'adapter-api-test',
				'mcp',
				'Adapter API Test',
				'A server made through the adapter API',
				'v1.2.3',
				array( \WP\MCP\Transport\HttpTransport::class ),
				\WP\MCP\Infrastructure\ErrorHandling\ErrorLogMcpErrorHandler::class,
				\WP\MCP\Infrastructure\Observability\NullMcpObservabilityHandler::class,
				array( 'adapter-api/echo' )
			)
		);
		$this->set_user( 'admin' );
		$session = $this->initialize( self::ROUTE );
		$this->assertInstanceOf( McpAdapter::class, $this->returned[0] ?? null );
		$server = Plugin::registry()->get_server( 'adapter-api-test' );
		$this->assertNotNull( $server );
		$this->assertSame( array( 'Adapter API Test', 'v1.2.3' ), array( $server->name, $server->version ) );
		$this->assertArrayHasKey( 'adapter-api-echo', $this->list_tools( self::ROUTE, $session ) );
		$result = $this->call_tool( self::ROUTE, $session, 'adapter-api-echo', array( 'text' => 'hi' ) );
		$this->assertFalse( $result['isError'] );
		$this->assertSame( array( 'echo' => 'said hi' ), $result['structuredContent'] );
	}

	public function test_named_arguments_and_the_views_of_get_server_and_get_servers(): void {
		$this->on_adapter_init(
			static function ( $adapter ) {
				$adapter->create_server(
					server_id: 'adapter-api-named',
					server_route_namespace: 'adapter-api-test',
					server_route: 'mcp',
					server_name: 'Named',
					server_description: 'Named arguments',
					server_version: '1.0.0',
					mcp_transports: array( \WP\MCP\Transport\HttpTransport::class ),
					error_handler: null,
					tools: array( 'adapter-api/echo' ),
				);
				return $adapter->get_server( 'adapter-api-named' );
			}
		);
		$this->build_servers();
		$view = $this->returned[0];
		$this->assertInstanceOf( \WP\MCP\Core\McpServer::class, $view );
		$this->assertSame( array( 'adapter-api-named', 'adapter-api-test', 'mcp', 'Named' ), array( $view->get_server_id(), $view->get_server_route_namespace(), $view->get_server_route(), $view->get_server_name() ) );
		$this->assertArrayHasKey( 'adapter-api-echo', $view->get_tools() );
		$ids = array_keys( McpAdapter::instance()->get_servers() );
		$this->assertContains( 'adapter-api-named', $ids );
		$this->assertContains( 'mcp-adapter-default-server', $ids );
		$this->assertNull( McpAdapter::instance()->get_server( 'no-such-server' ) );
	}

	public function test_refusals_are_the_adapters_wp_errors(): void {
		$make = static fn( $adapter, string $id, string $route, ?string $error_handler = null ) => $adapter->create_server( $id, 'adapter-api-test', $route, 'n', 'd', '1', array(), $error_handler );
		$this->on_adapter_init( static fn( $adapter ) => $make( $adapter, 'a', 'one', 'No\\Such\\Handler' ) );
		$this->on_adapter_init( static fn( $adapter ) => $make( $adapter, 'a', 'one', \WP\MCP\Transport\HttpTransport::class ) );
		$this->on_adapter_init( static fn( $adapter ) => $make( $adapter, 'a', 'one' ) );
		$this->on_adapter_init( static fn( $adapter ) => $make( $adapter, 'a', 'two' ) );
		$this->on_adapter_init( static fn( $adapter ) => $make( $adapter, 'b', 'one' ) );
		$this->expect_doing_it_wrong( 'create_server' );
		$this->build_servers();
		$codes = array_map( static fn( $r ) => $r instanceof \WP_Error ? $r->get_error_code() : get_class( $r ), $this->returned );
		$this->assertSame( array( 'invalid_error_handler', 'invalid_error_handler', McpAdapter::class, 'duplicate_server_id', 'server_creation_failed' ), $codes );
		$this->assertSame( 'Error handler class "No\\Such\\Handler" does not exist.', $this->returned[0]->get_error_message() );

		$outside = McpAdapter::instance()->create_server( 'c', 'adapter-api-test', 'three', 'n', 'd', '1', array(), null );
		$this->assertSame( 'invalid_timing', $outside->get_error_code() );
	}

	public function test_a_transport_permission_callback_decides_access(): void {
		$this->on_adapter_init(
			static fn( $adapter ) => $adapter->create_server( 'adapter-api-open', 'adapter-api-test', 'mcp', 'Open', 'd', '1', array( \WP\MCP\Transport\HttpTransport::class ), null, null, array( 'adapter-api/echo' ), array(), array(), static fn( $request ) => $request instanceof \WP_REST_Request && 'yes' === $request->get_header( 'x-let-me-in' ) )
		);
		$message  = array(
			'jsonrpc' => '2.0',
			'id'      => 1,
			'method'  => 'ping',
		);
		$headers  = array( 'MCP-Protocol-Version' => '2025-06-18' );
		$refused  = $this->post( self::ROUTE, $message, $headers );
		$allowed  = $this->post( self::ROUTE, $message, $headers + array( 'X-Let-Me-In' => 'yes' ) );
		$this->assertSame( 401, $refused->get_status(), 'anonymous and refused by the callback' );
		$this->assertNotSame( 401, $allowed->get_status(), $this->wire( $allowed ) );
		$this->assertNotSame( 403, $allowed->get_status(), $this->wire( $allowed ) );
	}

	public function test_a_custom_transport_class_is_accepted_and_noted(): void {
		$this->on_adapter_init(
			static fn( $adapter ) => $adapter->create_server( 'adapter-api-custom', 'adapter-api-test', 'mcp', 'Custom', 'd', '1', array( AdapterApiTestTransport::class ), null, null, array( 'adapter-api/echo' ) )
		);
		$this->build_servers();
		$this->assertInstanceOf( McpAdapter::class, $this->returned[0] );
		$this->assertNotNull( Plugin::registry()->find_by_route( self::ROUTE ) );
		$notes = implode( "\n", Notes::all() );
		$this->assertStringContainsString( AdapterApiTestTransport::class, $notes );
		$this->assertStringContainsString( 'own HTTP transport', $notes );
	}

	public function test_adapter_filters_are_bridged_onto_ours(): void {
		add_filter( 'mcp_adapter_tool_name', static fn( $name, $ability ) => 'x-' . $name, 10, 2 );
		add_filter( 'mcp_adapter_create_default_server', '__return_false' );
		add_filter( 'mcp_adapter_tools_list', static fn( $tools ) => $tools );
		$this->on_adapter_init(
			static fn( $adapter ) => $adapter->create_server( 'adapter-api-test', 'adapter-api-test', 'mcp', 'T', 'd', '1', array( \WP\MCP\Transport\HttpTransport::class ), null, null, array( 'adapter-api/echo' ) )
		);
		$this->set_user( 'admin' );
		$session = $this->initialize( self::ROUTE );
		$this->assertArrayHasKey( 'x-adapter-api-echo', $this->list_tools( self::ROUTE, $session ) );
		$this->assertNull( Plugin::registry()->get_server( 'mcp-adapter-default-server' ) );
		$this->assertStringContainsString( 'mcp_adapter_tools_list', implode( "\n", Notes::all() ) );
	}

	public function test_meta_public_exposes_on_the_default_server_unless_meta_mcp_public_is_false(): void {
		$this->register_test_ability( 'adapter-api/top-public', array( 'meta' => array( 'public' => true ) ) );
		$this->register_test_ability( 'adapter-api/mcp-private', array( 'meta' => array( 'public' => true, 'mcp' => array( 'public' => false ) ) ) );
		$this->register_test_ability( 'adapter-api/mcp-public', array( 'meta' => array( 'public' => false, 'mcp' => array( 'public' => true ) ) ) );
		$this->register_test_ability( 'adapter-api/neither', array( 'meta' => array() ) );
		$this->set_user( 'admin' );
		$session = $this->initialize();
		$found   = array();
		foreach ( array( 'adapter-api/top-public', 'adapter-api/mcp-private', 'adapter-api/mcp-public', 'adapter-api/neither' ) as $name ) {
			$result         = $this->call_tool( self::DEFAULT_ROUTE, $session, 'mcp-adapter-get-ability-info', array( 'ability_name' => $name ) );
			$found[ $name ] = ! $result['isError'];
		}
		$this->assertSame(
			array(
				'adapter-api/top-public'  => true,
				'adapter-api/mcp-private' => false,
				'adapter-api/mcp-public'  => true,
				'adapter-api/neither'     => false,
			),
			$found
		);
	}

	public function test_wp_mcp_adapter_serve_is_registered_with_the_adapters_arguments(): void {
		AdapterApiTestCli::$commands = array();
		$this->assertTrue( CliAlias::add_to( AdapterApiTestCli::class ) );
		$this->assertArrayHasKey( 'mcp-adapter serve', AdapterApiTestCli::$commands );
		list( $callable, $spec ) = AdapterApiTestCli::$commands['mcp-adapter serve'];
		$this->assertSame( array( CliAlias::class, 'serve' ), $callable );
		$this->assertSame( array( 'server', 'user' ), array_column( $spec['synopsis'], 'name' ) );

		$mapped = CliAlias::map_arguments( array( 'server' => 'demo', 'user' => 'admin' ) );
		$this->assertSame( array( 'server' => 'demo' ), $mapped['assoc_args'] );
		$this->assertSame( get_user_by( 'login', 'admin' )->ID, $mapped['user_id'] );
		$this->assertSame( array( 'assoc_args' => array() ), CliAlias::map_arguments( array() ) );
		$this->assertSame( 'User "nobody-here" not found.', CliAlias::map_arguments( array( 'user' => 'nobody-here' ) )['error'] );
		add_filter( 'mcp_adapter_enable_stdio_transport', '__return_false' );
		$this->assertStringContainsString( 'STDIO transport is disabled', CliAlias::map_arguments( array() )['error'] );
	}

	public function test_site_health_is_precise_about_adapter_0_7(): void {
		$reason = Accelerator::changed_series_reason( '0.7.2' );
		$this->assertIsString( $reason );
		$this->assertStringStartsWith( 'Off: MCP Adapter 0.7.2 no longer repairs', $reason );
		$this->assertStringContainsString( 'Deactivate the MCP Adapter plugin to switch', $reason );
		$this->assertNull( Accelerator::changed_series_reason( '0.6.1' ) );
		$this->assertNull( Accelerator::changed_series_reason( null ) );
		$result = \McpNative\Plugin\Admin\SiteHealth::adapter_result(
			array(
				'active'          => false,
				'opted_in'        => false,
				'adapter_loaded'  => true,
				'adapter_version' => '0.7.0',
				'reason'          => (string) Accelerator::changed_series_reason( '0.7.0' ),
				'series_changed'  => true,
			)
		);
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( 'better path', $result['label'] );
		$this->assertStringContainsString( 'same tools at the same URLs', $result['description'] );
	}
}

/** A plugin's own transport class, as plugins subclass the adapter's. */
class AdapterApiTestTransport extends \WP\MCP\Transport\HttpTransport {
}

/** Records WP-CLI command registrations (WP-CLI itself cannot be installed here). */
final class AdapterApiTestCli {
	/** @var array<string, array{0: callable, 1: array<string, mixed>}> */
	public static array $commands = array();

	/** @param array<string, mixed> $spec */
	public static function add_command( string $name, callable $callable, array $spec = array() ): void {
		self::$commands[ $name ] = array( $callable, $spec );
	}
}
