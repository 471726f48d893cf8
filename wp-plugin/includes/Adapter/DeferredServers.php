<?php
/**
 * The accelerated adapter builds its MCP servers only for requests that may reach them.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Adapter;

/**
 * The official MCP Adapter (0.5.x, 0.6.x) builds every server, and so every tool of every ability,
 * on `rest_api_init` (McpAdapter::init at priority 15): every REST request of the site pays for it,
 * including the ones that never reach an MCP route. While the adapter is accelerated, this class
 * moves that call, through the adapter's public API only (its hooked `init` method, its public
 * default-ability callbacks), to the first dispatch that may need it:
 *
 * - on `rest_api_init` (priority 14) it unhooks McpAdapter::init and hooks, for the default server,
 *   the ability callbacks that 0.5's init() would have hooked at that moment;
 * - on `rest_pre_dispatch` (first) it runs McpAdapter::init unless the request matches, by path and
 *   method, a route registered without the adapter (the REST index `/`, which lists every route,
 *   and batch requests, which may hold any, always build them), then runs what init() hooked on
 *   `rest_api_init` after priority 15 (the transports' register_routes at 16) for the pass they
 *   missed, in priority order.
 *
 * So `mcp_adapter_init` fires on requests that may reach an MCP route: the index, batches, and any
 * request no route registered without the adapter answers (a 404 stays a 404). Off with the filter
 * `mcp_native_defer_adapter_servers` (return false), and never under WP-CLI (the adapter initialises
 * on `init` there) or when the adapter is not hooked as 0.5 and 0.6 hook it.
 */
final class DeferredServers {

	public const FILTER = 'mcp_native_defer_adapter_servers';

	/** Where McpAdapter::instance() hooks McpAdapter::init on rest_api_init (0.5.x, 0.6.x). */
	private const ADAPTER_PRIORITY = 15;

	/** @var object|null the adapter whose init() waits for a dispatch */
	private static ?object $waiting = null;

	/** Whether this request moved the adapter's init() off rest_api_init (it may have run since). */
	private static bool $moved = false;

	public static function boot(): void {
		add_action( 'rest_api_init', array( self::class, 'defer' ), self::ADAPTER_PRIORITY - 1 );
	}

	/** Whether the adapter's servers are still waiting for a request that may reach them. */
	public static function waiting(): bool {
		return null !== self::$waiting;
	}

	/**
	 * Whether the adapter's init() was moved off rest_api_init in this request (waiting, or run
	 * by a dispatch since): the adapter is hooked, in our hands.
	 */
	public static function moved(): bool {
		return self::$moved;
	}

	/**
	 * rest_api_init (priority 14): unhooks the adapter's init() when it is accelerated.
	 */
	public static function defer(): void {
		if ( self::$moved || ( defined( 'WP_CLI' ) && constant( 'WP_CLI' ) ) || ! Accelerator::active() ) {
			return;
		}
		$adapter = self::hooked_adapter();
		/**
		 * Filters whether the accelerated MCP Adapter builds its servers only for REST requests that
		 * may reach them (default) rather than on every REST request.
		 *
		 * @param bool $defer Default true.
		 */
		if ( null === $adapter || true !== apply_filters( self::FILTER, true ) ) {
			return;
		}
		remove_action( 'rest_api_init', array( $adapter, 'init' ), self::ADAPTER_PRIORITY );
		// 0.5's init() hooks the default server's abilities here; 0.6 already did at instance(),
		// and hooking the same callback again is a no-op.
		if ( apply_filters( 'mcp_adapter_create_default_server', true )
			&& method_exists( $adapter, 'register_default_category' ) && method_exists( $adapter, 'register_default_abilities' ) ) {
			add_action( 'wp_abilities_api_categories_init', array( $adapter, 'register_default_category' ) );
			add_action( 'wp_abilities_api_init', array( $adapter, 'register_default_abilities' ) );
		}
		self::$waiting = $adapter;
		self::$moved   = true;
		add_filter( 'rest_pre_dispatch', array( self::class, 'before_dispatch' ), PHP_INT_MIN, 3 );
	}

	/**
	 * rest_pre_dispatch (first): builds the adapter's servers when this request may need them.
	 *
	 * @param mixed            $result  Passed through.
	 * @param \WP_REST_Server  $server  The REST server.
	 * @param \WP_REST_Request $request The request.
	 * @return mixed
	 */
	public static function before_dispatch( $result, $server, $request ) {
		if ( null !== self::$waiting && $server instanceof \WP_REST_Server && $request instanceof \WP_REST_Request
			&& ! self::served_without_adapter( $server, $request ) ) {
			self::init_now( $server );
		}
		return $result;
	}

	/**
	 * Whether a route registered so far (without the adapter's) answers this request. Only the
	 * routes of the namespaces the path starts with are normalised and matched, so that the check
	 * stays far cheaper than the servers it saves.
	 */
	private static function served_without_adapter( \WP_REST_Server $server, \WP_REST_Request $request ): bool {
		$path = $request->get_route();
		if ( '' === $path || '/' === $path || 0 === strncasecmp( $path, '/batch/', 7 ) ) {
			return false; // the index lists every route; a batch may hold requests to any
		}
		$method = $request->get_method();
		foreach ( $server->get_namespaces() as $namespace ) {
			$prefix = '/' . $namespace;
			if ( 0 !== strncasecmp( $path, $prefix, strlen( $prefix ) ) || ! in_array( substr( $path, strlen( $prefix ), 1 ), array( '', '/' ), true ) ) {
				continue;
			}
			foreach ( $server->get_routes( $namespace ) as $pattern => $handlers ) {
				if ( 1 !== preg_match( '@^' . $pattern . '$@i', $path ) ) {
					continue;
				}
				if ( 'OPTIONS' === $method ) {
					return true;
				}
				foreach ( $handlers as $handler ) {
					$methods = (array) ( $handler['methods'] ?? array() );
					if ( ! empty( $methods[ $method ] ) || ( 'HEAD' === $method && ! empty( $methods['GET'] ) ) ) {
						return true;
					}
				}
			}
		}
		return false;
	}

	/**
	 * Runs the adapter's init() now, then what it hooked on rest_api_init after its own priority
	 * (which that pass would have run), in priority order; they stay hooked, as they would.
	 */
	private static function init_now( \WP_REST_Server $server ): void {
		$adapter       = self::$waiting;
		self::$waiting = null;
		remove_filter( 'rest_pre_dispatch', array( self::class, 'before_dispatch' ), PHP_INT_MIN );
		$before = self::rest_api_init_callbacks();
		$adapter->init();
		$added = array_diff_key( self::rest_api_init_callbacks(), $before );
		uasort( $added, static fn( array $a, array $b ): int => $a['priority'] <=> $b['priority'] );
		foreach ( $added as $callback ) {
			if ( $callback['priority'] > self::ADAPTER_PRIORITY ) {
				call_user_func_array( $callback['function'], array_slice( array( $server ), 0, (int) $callback['accepted_args'] ) );
			}
		}
	}

	/**
	 * @return array<string, array{function: callable, accepted_args: int, priority: int}> by priority and id
	 */
	private static function rest_api_init_callbacks(): array {
		$all = array();
		foreach ( $GLOBALS['wp_filter']['rest_api_init']->callbacks ?? array() as $priority => $callbacks ) {
			foreach ( $callbacks as $id => $callback ) {
				$all[ $priority . ':' . $id ] = $callback + array( 'priority' => (int) $priority );
			}
		}
		return $all;
	}

	/** The McpAdapter instance hooked on rest_api_init at its priority, or null. */
	private static function hooked_adapter(): ?object {
		foreach ( $GLOBALS['wp_filter']['rest_api_init']->callbacks[ self::ADAPTER_PRIORITY ] ?? array() as $callback ) {
			$fn = $callback['function'] ?? null;
			if ( is_array( $fn ) && isset( $fn[0], $fn[1] ) && 'init' === $fn[1] && is_a( $fn[0], Accelerator::ADAPTER_CLASS ) ) {
				return $fn[0];
			}
		}
		return null;
	}
}
