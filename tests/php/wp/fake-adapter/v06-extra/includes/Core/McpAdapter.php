<?php
/**
 * FAKE adapter main class (test fixture v06-extra): its VERSION, and like the real one it hooks
 * rest_api_init at priority 15 to create its default server at mcp/mcp-adapter-default-server.
 */

declare(strict_types=1);

namespace WP\MCP\Core;

final class McpAdapter {

	public const VERSION = '0.6.2-dev';

	private static ?self $instance = null;

	public static function instance(): self {
		if ( null === self::$instance ) {
			self::$instance = new self();
			add_action( 'rest_api_init', array( self::$instance, 'init' ), 15 );
		}
		return self::$instance;
	}

	public function init(): void {
		if ( apply_filters( 'mcp_adapter_create_default_server', true ) ) {
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
		do_action( 'mcp_adapter_init', $this );
	}
}
