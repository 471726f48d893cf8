<?php
/**
 * The MCP servers of this site.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Tools\Tool;

/**
 * Handed to plugin code on the `mcp_native_init` action:
 *
 *     add_action( 'mcp_native_init', function ( $registry ) {
 *         $registry->create_server( 'my-server', array(
 *             'namespace' => 'my-plugin',
 *             'route'     => 'mcp',
 *             'name'      => 'My Server',
 *             'version'   => '1.0.0',
 *             'tools'     => array( 'my-plugin/count-posts' ),
 *             'resources' => array( 'my-plugin/site-config', 'my-plugin/post' ), // meta.mcp.uri
 *             'prompts'   => array( 'my-plugin/review-post' ),
 *             'profile'   => 'strict', // optional; default 'standard'
 *         ) );
 *     } );
 */
final class ServerRegistry {

	/** @var array<string, Server> */
	private array $servers = array();

	/** @var (callable(Server): void)|null Called for servers created after routes were registered. */
	private $on_late_create = null;

	/**
	 * Creates a server. Invalid configuration is logged and returned as a WP_Error; it never
	 * affects other servers.
	 *
	 * @param string               $id     Unique server id.
	 * @param array<string, mixed> $config namespace, route, name, version, description, tools,
	 *                                    resources, prompts (ability names, or a Closure returning them),
	 *                                    profile ('standard' default, or 'strict': how ability
	 *                                    arguments are checked, see ArgumentProfile).
	 * @return Server|\WP_Error
	 */
	public function create_server( string $id, array $config ): Server|\WP_Error {
		$error = $this->validate( $id, $config );
		if ( null !== $error ) {
			Logger::warning( 'MCP server not created: ' . $error->get_error_message(), array( 'server' => $id ) );
			return $error;
		}

		$abilities = self::ability_names( $config['tools'] ?? array(), 'Tool', $id );
		$builtin = array();
		foreach ( (array) ( $config['builtin_tools'] ?? array() ) as $tool ) {
			if ( $tool instanceof Tool ) {
				$builtin[] = $tool;
			}
		}

		$server = new Server(
			$id,
			trim( (string) $config['namespace'], '/' ),
			trim( (string) $config['route'], '/' ),
			self::string_or( $config['name'] ?? null, $id ),
			self::string_or( $config['version'] ?? null, '1.0.0' ),
			self::string_or( $config['description'] ?? null, '' ),
			$abilities,
			$builtin,
			$config['profile'] ?? ArgumentProfile::STANDARD,
			( $config['resources'] ?? null ) instanceof \Closure ? $config['resources'] : self::ability_names( $config['resources'] ?? array(), 'Resource', $id ),
			( $config['prompts'] ?? null ) instanceof \Closure ? $config['prompts'] : self::ability_names( $config['prompts'] ?? array(), 'Prompt', $id )
		);
		$this->servers[ $id ] = $server;
		if ( null !== $this->on_late_create ) {
			( $this->on_late_create )( $server );
		}
		return $server;
	}

	public function get_server( string $id ): ?Server {
		return $this->servers[ $id ] ?? null;
	}

	/**
	 * @return array<string, Server>
	 */
	public function get_servers(): array {
		return $this->servers;
	}

	/**
	 * The server serving a REST route (as reported by WP_REST_Request::get_route()).
	 */
	public function find_by_route( string $route ): ?Server {
		$route = strtolower( '/' . trim( $route, '/' ) );
		foreach ( $this->servers as $server ) {
			if ( strtolower( $server->rest_route() ) === $route ) {
				return $server;
			}
		}
		return null;
	}

	/**
	 * @internal Used by the plugin once routes of existing servers are registered.
	 */
	public function on_late_create( ?callable $callback ): void {
		$this->on_late_create = $callback;
	}

	/**
	 * @param array<string, mixed> $config Config.
	 */
	private function validate( string $id, array $config ): ?\WP_Error {
		if ( '' === trim( $id ) ) {
			return new \WP_Error( 'mcp_native_invalid_server', 'Server id must be a non-empty string' );
		}
		if ( isset( $this->servers[ $id ] ) ) {
			return new \WP_Error( 'mcp_native_duplicate_server', sprintf( 'A server with id "%s" already exists', $id ) );
		}
		foreach ( array( 'namespace', 'route' ) as $key ) {
			$value = $config[ $key ] ?? null;
			if ( ! is_string( $value ) || '' === trim( $value, "/ \t" ) ) {
				return new \WP_Error( 'mcp_native_invalid_server', sprintf( 'Server "%s": config "%s" must be a non-empty string', $id, $key ) );
			}
			if ( ! preg_match( '#^/?[A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*/?$#', $value ) ) {
				return new \WP_Error( 'mcp_native_invalid_server', sprintf( 'Server "%s": config "%s" contains characters not allowed in a URL path: %s', $id, $key, $value ) );
			}
		}
		$route = '/' . trim( $config['namespace'], '/' ) . '/' . trim( $config['route'], '/' );
		if ( null !== $this->find_by_route( $route ) ) {
			return new \WP_Error( 'mcp_native_duplicate_route', sprintf( 'Server "%s": route %s is already served by another server', $id, $route ) );
		}
		if ( isset( $config['profile'] ) && ! ArgumentProfile::is_valid( $config['profile'] ) ) {
			return new \WP_Error(
				'mcp_native_invalid_server',
				sprintf(
					'Server "%s": config "profile" must be %s; got %s',
					$id,
					'"' . implode( '" or "', ArgumentProfile::all() ) . '"',
					is_string( $config['profile'] ) ? '"' . $config['profile'] . '"' : gettype( $config['profile'] )
				)
			);
		}
		foreach ( array( 'tools', 'resources', 'prompts' ) as $key ) {
			if ( isset( $config[ $key ] ) && ! is_array( $config[ $key ] ) && ! ( 'tools' !== $key && $config[ $key ] instanceof \Closure ) ) {
				return new \WP_Error( 'mcp_native_invalid_server', sprintf( 'Server "%s": config "%s" must be a list of ability names', $id, $key ) );
			}
		}
		return null;
	}

	/**
	 * Trimmed, unique, non-empty ability names of a config list; other entries are logged.
	 *
	 * @return list<string>
	 */
	private static function ability_names( mixed $list, string $kind, string $server_id ): array {
		$names = array();
		foreach ( (array) $list as $ability_name ) {
			if ( ! is_string( $ability_name ) || '' === trim( $ability_name ) ) {
				Logger::warning( $kind . ' entry skipped: ability names must be non-empty strings', array( 'server' => $server_id ) );
				continue;
			}
			$names[] = trim( $ability_name );
		}
		return array_values( array_unique( $names ) );
	}

	private static function string_or( mixed $value, string $fallback ): string {
		return ( is_string( $value ) && '' !== trim( $value ) ) ? trim( $value ) : $fallback;
	}
}
