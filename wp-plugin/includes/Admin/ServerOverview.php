<?php
/**
 * The site's MCP servers and their tools, as the admin screens show them.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\DefaultServer;
use McpNative\Plugin\Plugin;
use McpNative\Plugin\Schema\AdapterMeta;
use McpNative\Plugin\SchemaEncoder;
use McpNative\Plugin\Server;
use McpNative\Plugin\ServerRegistry;
use McpNative\Plugin\Tools\AbilityTool;
use McpNative\Plugin\Tools\Tool;

/**
 * Servers are created on `rest_api_init`; outside REST requests (admin screens) this builds the
 * REST server once, which fires it, so the registry is exactly the one requests would see.
 */
final class ServerOverview {

	/**
	 * @return array<string, Server>
	 */
	public static function servers(): array {
		$registry = self::registry();
		return null === $registry ? array() : $registry->get_servers();
	}

	public static function registry(): ?ServerRegistry {
		if ( null === Plugin::registry() || ! ( $GLOBALS['wp_rest_server'] ?? null ) instanceof \WP_REST_Server ) {
			rest_get_server(); // fires rest_api_init → Plugin::register_servers()
		}
		return Plugin::registry();
	}

	/**
	 * The server's argument profile, when servers have one.
	 */
	public static function profile( Server $server ): ?string {
		if ( property_exists( $server, 'profile' ) && isset( $server->profile ) && is_string( $server->profile ) ) {
			return $server->profile;
		}
		return null;
	}

	public static function is_default( Server $server ): bool {
		return DefaultServer::ID === $server->id;
	}

	/**
	 * The server's tools, or the error that stopped building them.
	 *
	 * @return array<string, Tool>|\Throwable
	 */
	public static function tools( Server $server ): array|\Throwable {
		try {
			return $server->tools();
		} catch ( \Throwable $e ) {
			return $e;
		}
	}

	/**
	 * URIs of the server's resources and resource templates and names of its prompts (issue 13),
	 * or the error that stopped building them.
	 *
	 * @return array{resources: list<string>, resource templates: list<string>, prompts: list<string>}|\Throwable
	 */
	public static function resources_and_prompts( Server $server ): array|\Throwable {
		try {
			$listed = array( 'resources' => array(), 'resource templates' => array(), 'prompts' => array_keys( $server->prompts() ) );
			foreach ( $server->resources() as $resource ) {
				$listed[ $resource->is_template() ? 'resource templates' : 'resources' ][] = $resource->uri;
			}
			return $listed;
		} catch ( \Throwable $e ) {
			return $e;
		}
	}

	/**
	 * What the page says about one tool: wire descriptor and wrapping.
	 *
	 * @return array{descriptor: array, input_wrapper: ?string, output_wrapper: ?string,
	 *               ability: ?string, ability_input_schema: ?array, ability_output_schema: ?array, profile: ?string}
	 */
	public static function tool_details( Tool $tool ): array {
		$details = array(
			'descriptor'            => $tool->descriptor(),
			'input_wrapper'         => null,
			'output_wrapper'        => null,
			'ability'               => null,
			'ability_input_schema'  => null,
			'ability_output_schema' => null,
			'profile'               => null,
		);
		if ( $tool instanceof AbilityTool ) {
			$meta               = $tool->adapter_meta;
			$details['ability'] = $tool->ability->get_name();
			$details['profile'] = $tool->profile;
			$details['input_wrapper']  = AdapterMeta::input_wrapper( $meta );
			$details['output_wrapper'] = AdapterMeta::output_wrapper( $meta );
			if ( null !== $details['input_wrapper'] ) {
				$details['ability_input_schema'] = SchemaEncoder::ability_schema( $tool->ability->get_input_schema() );
			}
			if ( null !== $details['output_wrapper'] ) {
				$details['ability_output_schema'] = SchemaEncoder::ability_schema( $tool->ability->get_output_schema() );
			}
		}
		return $details;
	}

	/**
	 * Pretty JSON of a schema or config for display ('' when it cannot be encoded).
	 */
	public static function pretty_json( mixed $value ): string {
		$json = wp_json_encode( $value, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		return is_string( $json ) ? $json : '';
	}
}
