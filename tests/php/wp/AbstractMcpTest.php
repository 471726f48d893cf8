<?php
/**
 * Shared helpers of the plugin's MCP tests: JSON-RPC over the REST routes, in process.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Json;
use WP_REST_Response;

abstract class AbstractMcpTest extends TestCase {

	public const DEFAULT_ROUTE = '/mcp/mcp-adapter-default-server';

	/** @var list<array{0: string, 1: string, 2: array}> messages received on mcp_native_log */
	protected array $logged = array();

	protected function setUp(): void {
		parent::setUp();
		$this->logged = array();
		add_action(
			'mcp_native_log',
			function ( $level, $message, $context ) {
				$this->logged[] = array( $level, $message, $context );
			},
			10,
			3
		);
		// Expected warnings of these tests belong to the assertions, not to error_log.
		add_filter( 'mcp_native_error_log', '__return_false' );
	}

	/**
	 * POSTs one JSON-RPC message (array → JSON, string → raw body).
	 *
	 * @param array<string, string> $headers
	 */
	protected function post( string $route, mixed $message, array $headers = array() ): WP_REST_Response {
		return $this->rest( 'POST', $route, $message, $headers );
	}

	/**
	 * Opens a session; returns its id.
	 */
	protected function initialize( string $route = self::DEFAULT_ROUTE, string $version = '2025-11-25' ): string {
		$response = $this->post(
			$route,
			array(
				'jsonrpc' => '2.0',
				'id'      => 1,
				'method'  => 'initialize',
				'params'  => array(
					'protocolVersion' => $version,
					'capabilities'    => new \stdClass(),
					'clientInfo'      => array(
						'name'    => 'phpunit',
						'version' => '1.0',
					),
				),
			)
		);
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		$headers = $response->get_headers();
		$this->assertArrayHasKey( 'Mcp-Session-Id', $headers );
		return $headers['Mcp-Session-Id'];
	}

	/**
	 * A request inside a session; returns the response.
	 *
	 * @param array<string, mixed>|null $params
	 */
	protected function request( string $route, string $session, string $method, ?array $params = null, int|string $id = 7 ): WP_REST_Response {
		$message = array(
			'jsonrpc' => '2.0',
			'id'      => $id,
			'method'  => $method,
		);
		if ( null !== $params ) {
			$message['params'] = $params;
		}
		return $this->post( $route, $message, array( 'Mcp-Session-Id' => $session ) );
	}

	/**
	 * tools/call; returns the decoded wire `result` (arrays) after asserting a JSON-RPC success.
	 *
	 * @param array<string, mixed>|\stdClass|null $arguments
	 */
	protected function call_tool( string $route, string $session, string $name, array|\stdClass|null $arguments = null ): array {
		$params = array( 'name' => $name );
		if ( null !== $arguments ) {
			$params['arguments'] = $arguments;
		}
		$response = $this->request( $route, $session, 'tools/call', $params );
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		$body = $this->decoded( $response );
		$this->assertArrayHasKey( 'result', $body, $this->wire( $response ) );
		return $body['result'];
	}

	/**
	 * tools/list; returns tools by name (decoded wire).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	protected function list_tools( string $route, string $session ): array {
		$response = $this->request( $route, $session, 'tools/list' );
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		$tools = array();
		foreach ( $this->decoded( $response )['result']['tools'] as $tool ) {
			$tools[ $tool['name'] ] = $tool;
		}
		return $tools;
	}

	/**
	 * The body exactly as the plugin puts it on the wire ('' for no body).
	 */
	protected function wire( WP_REST_Response $response ): string {
		$data = $response->get_data();
		if ( null === $data ) {
			return '';
		}
		$json = Json::encode( $data );
		$this->assertIsString( $json, 'response body must encode as JSON' );
		return $json;
	}

	/**
	 * The wire body decoded as arrays.
	 */
	protected function decoded( WP_REST_Response $response ): mixed {
		$wire = $this->wire( $response );
		$this->assertNotSame( '', $wire, 'expected a body' );
		return json_decode( $wire, true, 512, JSON_THROW_ON_ERROR );
	}

	/**
	 * Asserts a JSON-RPC error response.
	 */
	protected function assertRpcError( WP_REST_Response $response, int $http_status, int $code, ?string $message_contains = null, mixed $id = 'any' ): array {
		$body = $this->decoded( $response );
		$this->assertSame( $http_status, $response->get_status(), $this->wire( $response ) );
		$this->assertSame( '2.0', $body['jsonrpc'] ?? null );
		$this->assertArrayNotHasKey( 'result', $body );
		$this->assertSame( $code, $body['error']['code'] ?? null, $this->wire( $response ) );
		$this->assertIsString( $body['error']['message'] );
		if ( null !== $message_contains ) {
			$this->assertStringContainsString( $message_contains, $body['error']['message'] );
		}
		if ( 'any' !== $id ) {
			$this->assertSame( $id, $body['id'] );
		}
		return $body['error'];
	}

	/**
	 * Registers a custom server on the next REST dispatch.
	 *
	 * @param array<string, mixed> $config
	 */
	protected function add_server( string $id, array $config ): void {
		add_action(
			'mcp_native_init',
			static function ( $registry ) use ( $id, $config ) {
				$registry->create_server( $id, $config );
			}
		);
	}

	/**
	 * Log messages matching a substring.
	 *
	 * @return list<array{0: string, 1: string, 2: array}>
	 */
	protected function logged_containing( string $needle ): array {
		return array_values( array_filter( $this->logged, static fn( $entry ) => str_contains( $entry[1], $needle ) ) );
	}
}
