<?php
/**
 * Stand-in for WP\MCP\Core\McpServer: a read-only view of an MCP Native server, as
 * McpAdapter::get_server() / get_servers() return it while the official adapter is absent.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace WP\MCP\Core;

use McpNative\Plugin\Server;

/**
 * The adapter's getters that describe a server. Tools, resources and prompts come back as
 * MCP Native's objects, keyed by MCP name (tools, prompts) or URI (resources).
 */
final class McpServer {

	public function __construct( private readonly Server $server ) {
	}

	public function get_server_id(): string {
		return $this->server->id;
	}

	public function get_server_route_namespace(): string {
		return $this->server->namespace;
	}

	public function get_server_route(): string {
		return $this->server->route;
	}

	public function get_server_name(): string {
		return $this->server->name;
	}

	public function get_server_description(): string {
		return $this->server->description;
	}

	public function get_server_version(): string {
		return $this->server->version;
	}

	/** @return array<string, mixed> */
	public function get_tools(): array {
		return $this->server->tools();
	}

	/** @return array<string, mixed> */
	public function get_resources(): array {
		$by_uri = array();
		foreach ( $this->server->resources() as $resource ) {
			$by_uri[ $resource->uri ] = $resource;
		}
		return $by_uri;
	}

	/** @return array<string, mixed> */
	public function get_prompts(): array {
		return $this->server->prompts();
	}

	/** The MCP Native server behind this view. */
	public function mcp_native_server(): Server {
		return $this->server;
	}
}
