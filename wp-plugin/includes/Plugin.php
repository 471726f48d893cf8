<?php
/**
 * Bootstrap: WordPress hooks.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Transport\HttpTransport;

/**
 * On `rest_api_init`: a fresh ServerRegistry with the default server, `mcp_native_init` for
 * plugin code to add servers, then one REST route per server, answered by the HTTP transport
 * (which also hooks the REST API to shape every response of its routes).
 */
final class Plugin {

	private static bool $booted = false;

	private static ?ServerRegistry $registry = null;

	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;
		add_action( 'rest_api_init', array( self::class, 'register_servers' ) );
		HttpTransport::hook_into_rest_api();
		OAuth\OAuth::boot();
		Audit\AuditLog::boot();
	}

	/**
	 * The registry of the current REST server (null before rest_api_init).
	 */
	public static function registry(): ?ServerRegistry {
		return self::$registry;
	}

	/**
	 * rest_api_init: builds the servers and registers their routes.
	 */
	public static function register_servers(): void {
		$registry       = new ServerRegistry();
		self::$registry = $registry;

		if ( function_exists( 'wp_get_ability' ) ) {
			DefaultServer::register( $registry );
		}

		/**
		 * Fires when MCP servers are being set up; call `$registry->create_server( $id, $config )`.
		 *
		 * @param ServerRegistry $registry The registry.
		 */
		do_action( 'mcp_native_init', $registry );

		foreach ( $registry->get_servers() as $server ) {
			self::register_route( $server );
		}
		$registry->on_late_create( array( self::class, 'register_route' ) );

		// A request to one of our endpoints: PHP messages go to the log, never into the JSON body.
		$current_route = $GLOBALS['wp']->query_vars['rest_route'] ?? null;
		if ( is_string( $current_route ) && null !== $registry->find_by_route( $current_route ) ) {
			ini_set( 'display_errors', '0' ); // phpcs:ignore WordPress.PHP.IniSet.display_errors_Disallowed
		}
	}

	/**
	 * One REST route for a server, all methods (non-POST/DELETE answer 405).
	 */
	public static function register_route( Server $server ): void {
		$transport = new HttpTransport( $server );
		register_rest_route(
			$server->namespace,
			'/' . $server->route,
			array(
				'methods'             => array( 'GET', 'POST', 'DELETE', 'PUT', 'PATCH' ),
				'callback'            => array( $transport, 'handle' ),
				'permission_callback' => array( $transport, 'permission' ),
				'args'                => array(),
			)
		);
	}

	/**
	 * Whether a REST request targets one of our endpoints.
	 */
	public static function server_for( \WP_REST_Request $request ): ?Server {
		return null === self::$registry ? null : self::$registry->find_by_route( $request->get_route() );
	}
}
