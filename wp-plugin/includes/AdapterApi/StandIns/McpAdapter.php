<?php
/**
 * Stand-in for the official MCP Adapter's WP\MCP\Core\McpAdapter, declared only when the adapter
 * is not loaded (see McpNative\Plugin\AdapterApi\AdapterApi). Not the adapter: its servers are
 * MCP Native servers.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace WP\MCP\Core;

use McpNative\Plugin\AdapterApi\AdapterApi;

/**
 * The adapter's public API (0.5 to 0.7): instance(), create_server() with the adapter's exact
 * parameter names (plugins call it positionally and with named arguments), get_server(),
 * get_servers(). Servers are created in MCP Native's registry, at the same REST route.
 */
final class McpAdapter {

	/** The adapter version whose API this stands in for (the parity tests run against 0.5.0). */
	public const VERSION = '0.5.0';

	/** Marks this class as MCP Native's stand-in, not the official adapter. */
	public const MCP_NATIVE_STAND_IN = true;

	private static ?self $instance = null;

	public static function instance(): self {
		return self::$instance ??= new self();
	}

	/** The adapter initialises on rest_api_init; MCP Native fires mcp_adapter_init itself. */
	public function init(): void {
	}

	public function ensure_initialized(): void {
	}

	/**
	 * @param string        $server_id                     Unique server id.
	 * @param string        $server_route_namespace        REST namespace.
	 * @param string        $server_route                  REST route.
	 * @param string        $server_name                   serverInfo.name.
	 * @param string        $server_description            Description.
	 * @param string        $server_version                serverInfo.version.
	 * @param array         $mcp_transports                Transport class names (served by MCP Native's HTTP transport).
	 * @param string|null   $error_handler                 Error handler class (checked as the adapter checks it).
	 * @param string|null   $observability_handler         Observability handler class (checked likewise).
	 * @param array         $tools                         Ability names.
	 * @param array         $resources                     Ability names.
	 * @param array         $prompts                       Ability names.
	 * @param callable|null $transport_permission_callback Replaces the login and capability check.
	 * @return self|\WP_Error
	 */
	public function create_server( string $server_id, string $server_route_namespace, string $server_route, string $server_name, string $server_description, string $server_version, array $mcp_transports, ?string $error_handler, ?string $observability_handler = null, array $tools = array(), array $resources = array(), array $prompts = array(), ?callable $transport_permission_callback = null ) {
		$result = AdapterApi::create_server( get_defined_vars() );
		return $result instanceof \WP_Error ? $result : $this;
	}

	public function get_server( string $server_id ): ?McpServer {
		return AdapterApi::server_view( $server_id );
	}

	/**
	 * @return array<string, McpServer>
	 */
	public function get_servers(): array {
		return AdapterApi::server_views();
	}
}
