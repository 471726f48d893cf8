<?php
/**
 * The official MCP Adapter's public API on MCP Native's servers, while the adapter is absent.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\AdapterApi;

use McpNative\Plugin\Logger;
use McpNative\Plugin\Plugin;
use McpNative\Plugin\Server;
use McpNative\Plugin\ServerRegistry;

/**
 * Plugins written for the official adapter (wordpress/mcp-adapter 0.5 to 0.7) hook
 * `mcp_adapter_init` and call `$adapter->create_server( ... )`. While the adapter is not loaded,
 * MCP Native answers that API itself:
 *
 * - the adapter's class names plugins call or test with class_exists() resolve to small stand-ins
 *   (StandIns/, in the adapter's namespace), through an autoloader appended after every other one
 *   and answering only once plugins_loaded has fired, so that a loaded adapter always wins and its
 *   API is left alone (a plugin that tests class_exists() while it is being loaded sees no adapter);
 * - `mcp_adapter_init` fires on rest_api_init at the adapter's priority (15) with the stand-in
 *   McpAdapter, whose create_server() (the adapter's exact parameter names) creates the server in
 *   MCP Native's ServerRegistry: the same REST route, served by MCP Native;
 * - the adapter's documented filters that have an MCP Native counterpart are bridged onto it
 *   (HookBridge); the ones without are reported in Site Health, as are parameters that have no
 *   meaning here (Notes).
 */
final class AdapterApi {

	public const ADAPTER_CLASS = 'WP\\MCP\\Core\\McpAdapter';

	/** The adapter fires mcp_adapter_init on rest_api_init at this priority. */
	public const INIT_PRIORITY = 15;

	/** Stand-in class => file in StandIns/. */
	private const STAND_INS = array(
		'WP\\MCP\\Core\\McpAdapter'                                                => 'McpAdapter.php',
		'WP\\MCP\\Core\\McpServer'                                                 => 'McpServer.php',
		'WP\\MCP\\Infrastructure\\ErrorHandling\\Contracts\\McpErrorHandlerInterface' => 'Contracts.php',
		'WP\\MCP\\Infrastructure\\Observability\\Contracts\\McpObservabilityHandlerInterface' => 'Contracts.php',
		'WP\\MCP\\Transport\\Contracts\\McpTransportInterface'                     => 'Contracts.php',
		'WP\\MCP\\Transport\\Contracts\\McpRestTransportInterface'                 => 'Contracts.php',
		'WP\\MCP\\Infrastructure\\ErrorHandling\\ErrorLogMcpErrorHandler'          => 'Handlers.php',
		'WP\\MCP\\Infrastructure\\ErrorHandling\\NullMcpErrorHandler'              => 'Handlers.php',
		'WP\\MCP\\Infrastructure\\Observability\\NullMcpObservabilityHandler'      => 'Handlers.php',
		'WP\\MCP\\Infrastructure\\Observability\\ErrorLogMcpObservabilityHandler'  => 'Handlers.php',
		'WP\\MCP\\Transport\\HttpTransport'                                        => 'Transports.php',
		'WP\\MCP\\Transport\\Http\\RestTransport'                                  => 'Transports.php',
		'WP\\MCP\\Transport\\Http\\StreamableTransport'                            => 'Transports.php',
		'WP\\MCP\\Transport\\Infrastructure\\McpTransportContext'                  => 'Transports.php',
	);

	private const ERROR_HANDLER_INTERFACE = 'WP\\MCP\\Infrastructure\\ErrorHandling\\Contracts\\McpErrorHandlerInterface';
	private const OBSERVABILITY_INTERFACE = 'WP\\MCP\\Infrastructure\\Observability\\Contracts\\McpObservabilityHandlerInterface';
	private const TRANSPORT_INTERFACE     = 'WP\\MCP\\Transport\\Contracts\\McpTransportInterface';

	private static bool $booted = false;

	/** The registry mcp_adapter_init last fired for (the current REST server's). */
	private static ?ServerRegistry $registry = null;

	/** @var array<string, callable> transport permission callbacks, by server id */
	private static array $permission_callbacks = array();

	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;
		spl_autoload_register( array( self::class, 'autoload' ) ); // appended: a loaded adapter's own autoloader answers first
		add_action( 'rest_api_init', array( HookBridge::class, 'bridge' ), 9 ); // before Plugin::register_servers
		add_action( 'rest_api_init', array( self::class, 'fire_init' ), self::INIT_PRIORITY );
		add_filter( 'mcp_native_transport_permission', array( self::class, 'transport_permission' ), 10, 3 );
	}

	/**
	 * Declares a stand-in class, unless the official adapter is loaded.
	 */
	public static function autoload( string $class_name ): void {
		// Not before every plugin has loaded: an adapter (or a plugin's bundled copy) loaded after
		// MCP Native must find its class names free.
		if ( ! isset( self::STAND_INS[ $class_name ] ) || ! did_action( 'plugins_loaded' ) || self::official_adapter_loaded() ) {
			return;
		}
		require_once __DIR__ . '/StandIns/' . self::STAND_INS[ $class_name ];
	}

	/** Whether the official adapter's McpAdapter is declared (never autoloads). */
	public static function official_adapter_loaded(): bool {
		return class_exists( self::ADAPTER_CLASS, false ) && ! self::is_stand_in( self::ADAPTER_CLASS );
	}

	/** Whether a declared class is one of MCP Native's stand-ins. */
	public static function is_stand_in( string $class_name ): bool {
		if ( ! isset( self::STAND_INS[ $class_name ] ) || ! class_exists( $class_name, false ) && ! interface_exists( $class_name, false ) ) {
			return false;
		}
		$file = ( new \ReflectionClass( $class_name ) )->getFileName();
		return is_string( $file ) && str_starts_with( $file, __DIR__ . '/StandIns/' );
	}

	/**
	 * Whether MCP Native answers the adapter's API in this request: the adapter's McpAdapter
	 * resolves (through every autoloader) to the stand-in.
	 */
	public static function serves_adapter_api(): bool {
		return class_exists( self::ADAPTER_CLASS ) && self::is_stand_in( self::ADAPTER_CLASS );
	}

	/**
	 * rest_api_init (priority 15, the adapter's): fires `mcp_adapter_init` with the stand-in.
	 */
	public static function fire_init(): void {
		$registry = Plugin::registry();
		if ( null === $registry || ! self::serves_adapter_api() ) {
			return;
		}
		self::$registry             = $registry;
		self::$permission_callbacks = array();
		/**
		 * The official adapter's action, fired by MCP Native while the adapter is absent.
		 *
		 * @param \WP\MCP\Core\McpAdapter $adapter MCP Native's stand-in (create_server(), get_server(), get_servers()).
		 */
		do_action( 'mcp_adapter_init', \WP\MCP\Core\McpAdapter::instance() );
	}

	/**
	 * The stand-in's create_server(): the adapter's checks and answers, then a server in MCP
	 * Native's registry.
	 *
	 * @param array<string, mixed> $args create_server()'s parameters by name.
	 */
	public static function create_server( array $args ): Server|\WP_Error {
		$id    = (string) $args['server_id'];
		$error = self::handler_error( $args['error_handler'], self::ERROR_HANDLER_INTERFACE, 'invalid_error_handler', 'Error handler' )
			?? self::handler_error( $args['observability_handler'], self::OBSERVABILITY_INTERFACE, 'invalid_observability_handler', 'Observability handler' );
		if ( null !== $error ) {
			return $error;
		}
		if ( ! doing_action( 'mcp_adapter_init' ) || null === self::$registry ) {
			_doing_it_wrong( 'create_server', 'MCP Servers must be created during the "mcp_adapter_init" action. Hook into "mcp_adapter_init" to register your server.', '0.1.0' );
			return new \WP_Error( 'invalid_timing', 'MCP Server creation must be done during mcp_adapter_init action.' );
		}
		if ( null !== self::$registry->get_server( $id ) ) {
			_doing_it_wrong( 'create_server', sprintf( 'Server with ID "%s" already exists. Each server must have a unique ID.', esc_html( $id ) ), '0.1.0' );
			return new \WP_Error( 'duplicate_server_id', sprintf( 'Server with ID "%s" already exists.', $id ) );
		}
		self::check_transports( $id, (array) $args['mcp_transports'] );
		$server = self::$registry->create_server(
			$id,
			array(
				'namespace'   => $args['server_route_namespace'],
				'route'       => $args['server_route'],
				'name'        => $args['server_name'],
				'description' => $args['server_description'],
				'version'     => $args['server_version'],
				'tools'       => self::ability_names( $id, 'tools', (array) $args['tools'] ),
				'resources'   => self::ability_names( $id, 'resources', (array) $args['resources'] ),
				'prompts'     => self::ability_names( $id, 'prompts', (array) $args['prompts'] ),
			)
		);
		if ( $server instanceof \WP_Error ) {
			return new \WP_Error( 'server_creation_failed', sprintf( 'Failed to create server "%1$s": %2$s', $id, $server->get_error_message() ) );
		}
		if ( is_callable( $args['transport_permission_callback'] ) ) {
			self::$permission_callbacks[ $id ] = $args['transport_permission_callback'];
		}
		return $server;
	}

	/**
	 * The adapter's check of a handler class name: null when usable (null picks the Null handler).
	 */
	private static function handler_error( mixed $class_name, string $interface, string $code, string $what ): ?\WP_Error {
		if ( null === $class_name || '' === $class_name ) {
			return null; // the adapter falls back to its Null handler
		}
		if ( ! is_string( $class_name ) || ! class_exists( $class_name ) ) {
			return new \WP_Error( $code, sprintf( '%s class "%s" does not exist.', $what, esc_html( (string) $class_name ) ) );
		}
		if ( ! in_array( $interface, class_implements( $class_name ) ?: array(), true ) ) {
			return new \WP_Error( $code, sprintf( '%s class "%s" must implement the %s.', $what, esc_html( $class_name ), substr( $interface, (int) strrpos( $interface, '\\' ) + 1 ) ) );
		}
		if ( ! self::is_stand_in( ltrim( $class_name, '\\' ) ) ) {
			Notes::add( 'handler:' . $class_name, sprintf( '%s %s (named by a plugin) is accepted but not called: MCP Native logs through its own logger (action mcp_native_log).', $what, $class_name ) );
		}
		return null;
	}

	/**
	 * The adapter's transport checks (a missing class, or one that is no McpTransportInterface, is
	 * skipped with _doing_it_wrong); a plugin's own transport class is accepted and noted.
	 *
	 * @param array<int, mixed> $transports
	 */
	private static function check_transports( string $server_id, array $transports ): void {
		foreach ( $transports as $transport ) {
			$name = is_string( $transport ) ? ltrim( $transport, '\\' ) : '';
			if ( '' === $name || ! class_exists( $name ) ) {
				_doing_it_wrong( 'initialize_transports', sprintf( 'Transport class "%s" does not exist. Make sure the class is properly autoloaded or included.', esc_html( is_string( $transport ) ? $transport : gettype( $transport ) ) ), '0.1.0' );
				continue;
			}
			if ( ! in_array( self::TRANSPORT_INTERFACE, class_implements( $name ) ?: array(), true ) ) {
				_doing_it_wrong( 'initialize_transports', sprintf( 'Transport class "%s" must implement McpTransportInterface. Check your transport implementation.', esc_html( $name ) ), '0.1.0' );
				continue;
			}
			if ( ! self::is_stand_in( $name ) ) {
				Notes::add( 'transport:' . $name, sprintf( 'Server "%s" names the transport class %s: MCP Native serves the server with its own HTTP transport; that class\'s code does not run.', $server_id, $name ) );
			}
		}
		if ( array() === $transports ) {
			Notes::add( 'no-transport:' . $server_id, sprintf( 'Server "%s" names no transport (the adapter would not serve it over HTTP): MCP Native serves it at its REST route.', $server_id ) );
		}
	}

	/**
	 * Ability names of a tools/resources/prompts list; other entries (0.7's McpTool objects, …)
	 * are left out and noted.
	 *
	 * @param array<int, mixed> $list
	 * @return list<string>
	 */
	private static function ability_names( string $server_id, string $kind, array $list ): array {
		$names = array();
		foreach ( $list as $entry ) {
			if ( is_string( $entry ) ) {
				$names[] = $entry;
				continue;
			}
			$type = is_object( $entry ) ? get_class( $entry ) : gettype( $entry );
			Notes::add( "entry:$server_id:$kind:$type", sprintf( 'Server "%s": a %s entry of type %s is left out; MCP Native builds %s from ability names only.', $server_id, $kind, $type, $kind ) );
		}
		return $names;
	}

	/**
	 * Filter mcp_native_transport_permission: a server created with a transport permission
	 * callback is decided by it, as in the adapter (truthy: allowed, even without a login;
	 * false, a WP_Error or an exception: refused).
	 *
	 * @param mixed            $allowed Null unless decided.
	 * @param \WP_REST_Request $request The request.
	 * @param Server           $server  The server.
	 */
	public static function transport_permission( mixed $allowed, $request, $server ): mixed {
		$callback = $server instanceof Server ? ( self::$permission_callbacks[ $server->id ] ?? null ) : null;
		if ( null === $callback || null !== $allowed ) {
			return $allowed;
		}
		try {
			$result = $callback( $request );
		} catch ( \Throwable $e ) {
			Logger::warning( 'Error in transport permission callback: ' . $e->getMessage(), array( 'server' => $server->id ) );
			return false;
		}
		if ( $result instanceof \WP_Error ) {
			Logger::warning( 'Permission callback returned WP_Error: ' . $result->get_error_message(), array( 'server' => $server->id ) );
			return false;
		}
		return (bool) $result;
	}

	/** Whether a server decides its access with a plugin's transport permission callback. */
	public static function has_permission_callback( string $server_id ): bool {
		return isset( self::$permission_callbacks[ $server_id ] );
	}

	public static function server_view( string $server_id ): ?\WP\MCP\Core\McpServer {
		$server = self::$registry?->get_server( $server_id );
		return null === $server ? null : new \WP\MCP\Core\McpServer( $server );
	}

	/**
	 * @return array<string, \WP\MCP\Core\McpServer>
	 */
	public static function server_views(): array {
		$views = array();
		foreach ( self::$registry?->get_servers() ?? array() as $id => $server ) {
			$views[ $id ] = new \WP\MCP\Core\McpServer( $server );
		}
		return $views;
	}
}
