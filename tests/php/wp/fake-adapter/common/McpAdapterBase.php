<?php
/**
 * What every FAKE adapter main class does (test fixtures): like the real McpAdapter, hook
 * rest_api_init at priority 15 to create the default server at mcp/mcp-adapter-default-server
 * (whose route, as the real HttpTransport does, is registered on rest_api_init 16), then fire
 * mcp_adapter_init. Each variant's includes/Core/McpAdapter.php adds only its VERSION.
 */

declare(strict_types=1);

namespace McpNative\Tests\FakeAdapter;

abstract class McpAdapterBase {

	private static ?self $instance = null;

	public static function instance(): self {
		if ( null === self::$instance ) {
			self::$instance = new static();
			add_action( 'rest_api_init', array( self::$instance, 'init' ), 15 );
		}
		return self::$instance;
	}

	public function init(): void {
		// As the adapter's HttpTransport does: the routes come on rest_api_init 16, in the same pass.
		if ( apply_filters( 'mcp_adapter_create_default_server', true ) ) {
			add_action( 'rest_api_init', array( $this, 'register_routes' ), 16 );
		}
		do_action( 'mcp_adapter_init', $this );
	}

	public function register_routes(): void {
		register_rest_route(
			'mcp',
			'/mcp-adapter-default-server',
			array(
				'methods'             => 'POST',
				'callback'            => static fn() => array( 'served_by' => 'fake-adapter' ),
				'permission_callback' => '__return_true',
			)
		);
	}
}
