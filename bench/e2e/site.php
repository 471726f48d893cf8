<?php
/**
 * Plugin Name: mcp-native bench-e2e fixture
 * Description: mu-plugin of the site scripts/bench-e2e.sh serves. One site, one database, several
 * php-fpm pools side by side: each pool's environment (MCPN_BENCH_VARIANT) picks what this request
 * runs, so every target is measured on the same WordPress, the same data and the same code.
 *
 *   floor          neither MCP plugin active, no abilities: a plain authenticated REST request
 *   floor-reg      the same, plus the 500 abilities registered (the registry is used once)
 *   ours           MCP Native with a server "mcp-native-bench/mcp" whose tools are the 500 abilities
 *   ours-1         MCP Native with only bench/ping registered and a 1-tool server at the same route
 *   ours-1of500    MCP Native with all the abilities registered and a 1-tool server (bench/ping)
 *   adapter        the official adapter alone with a server "mcp-adapter-bench/mcp" of the 500 tools
 *   adapter-accel  the same adapter, with MCP Native active and accelerating it
 *
 * The abilities come from the file named by MCPN_BENCH_ABILITIES (bench/e2e/generate.php).
 * Loopback test sites only.
 *
 * @package McpNative\Bench
 */

defined( 'ABSPATH' ) || exit;

define( 'MCPN_BENCH_VARIANT', (string) getenv( 'MCPN_BENCH_VARIANT' ) );

const MCPN_BENCH_VARIANTS = array( 'floor', 'floor-reg', 'ours', 'ours-1', 'ours-1of500', 'adapter', 'adapter-accel' );

if ( ! in_array( MCPN_BENCH_VARIANT, MCPN_BENCH_VARIANTS, true ) ) {
	return; // set-up runs (CLI) see the site as installed
}

// Every answer says which target served it and whether opcache runs (the driver checks both).
add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		if ( $response instanceof WP_REST_Response ) {
			$opcache = function_exists( 'opcache_get_status' ) && ! empty( opcache_get_status( false )['opcache_enabled'] );
			$response->header( 'X-Mcpn-Bench', MCPN_BENCH_VARIANT . ' opcache=' . ( $opcache ? 'on' : 'off' ) );
		}
		return $response;
	}
);

// Which plugins run in this pool (the site has both activated).
add_filter(
	'option_active_plugins',
	static function ( $plugins ) {
		$keep = array(
			'mcp-native/mcp-native.php'   => in_array( MCPN_BENCH_VARIANT, array( 'ours', 'ours-1', 'ours-1of500', 'adapter-accel' ), true ),
			'mcp-adapter/mcp-adapter.php' => in_array( MCPN_BENCH_VARIANT, array( 'adapter', 'adapter-accel' ), true ),
		);
		return array_values( array_filter( (array) $plugins, static fn( $p ) => $keep[ $p ] ?? true ) );
	}
);

if ( 'floor' === MCPN_BENCH_VARIANT ) {
	return;
}

/** The callback of every generated ability: small, the same for all. */
function mcpn_bench_execute( $input = null ) {
	$text = is_array( $input ) && isset( $input['text'] ) ? (string) $input['text'] : 'x';
	return array(
		'id'      => strlen( $text ),
		'status'  => 'ok',
		'message' => 'pong: ' . $text,
	);
}

function mcpn_bench_permission(): bool {
	return current_user_can( 'read' );
}

/** @return array{categories: array, abilities: array} */
function mcpn_bench_data(): array {
	static $data = null;
	if ( null === $data ) {
		$file = (string) getenv( 'MCPN_BENCH_ABILITIES' );
		$data = '' !== $file && is_file( $file ) ? require $file : array( 'categories' => array(), 'abilities' => array() );
		if ( 'ours-1' === MCPN_BENCH_VARIANT ) {
			$ping               = $data['abilities']['bench/ping'];
			$data['abilities']  = array( 'bench/ping' => $ping );
			$data['categories'] = array_intersect_key( $data['categories'], array( $ping['category'] => true ) );
		}
	}
	return $data;
}

add_action(
	'wp_abilities_api_categories_init',
	static function (): void {
		foreach ( mcpn_bench_data()['categories'] as $slug => $category ) {
			wp_register_ability_category( $slug, $category );
		}
	}
);

add_action(
	'wp_abilities_api_init',
	static function (): void {
		foreach ( mcpn_bench_data()['abilities'] as $name => $ability ) {
			$ability['execute_callback']    = 'mcpn_bench_execute';
			$ability['permission_callback'] = 'mcpn_bench_permission';
			wp_register_ability( $name, $ability );
		}
	}
);

if ( 'floor-reg' === MCPN_BENCH_VARIANT ) {
	// What registration costs: the registry is built once, as any consumer of abilities would.
	add_action(
		'rest_api_init',
		static function (): void {
			wp_get_abilities();
		}
	);
}

// The pool that measures a list built on every request (what a worker's first tools/list, or a
// site whose filters make the list, costs).
if ( 'off' === getenv( 'MCPN_BENCH_LIST_CACHE' ) ) {
	add_filter( 'mcp_native_cache_tool_list', '__return_false' );
}

// One tools/list answer carries all 500 tools, as the adapter's does (our default page is 100
// tools; a client would then send 5 requests). Measured like for like.
add_filter( 'mcp_native_page_size', static fn() => 1000 );

add_action(
	'mcp_native_init',
	static function ( $registry ): void {
		if ( ! in_array( MCPN_BENCH_VARIANT, array( 'ours', 'ours-1', 'ours-1of500' ), true ) ) {
			return; // beside the adapter, MCP Native only accelerates it
		}
		$registry->create_server(
			'mcpn-bench',
			array(
				'namespace' => 'mcp-native-bench',
				'route'     => 'mcp',
				'name'      => 'bench-e2e',
				'version'   => '1.0.0',
				// The called tool (bench/ping) last: a call pays for the lookup's worst case.
				'tools'     => 'ours-1of500' === MCPN_BENCH_VARIANT
					? array( 'bench/ping' )
					: array_merge( array_diff( array_keys( mcpn_bench_data()['abilities'] ), array( 'bench/ping' ) ), array( 'bench/ping' ) ),
			)
		);
	}
);

add_action(
	'mcp_adapter_init',
	static function ( $adapter ): void {
		$adapter->create_server(
			'mcpn-bench',
			'mcp-adapter-bench',
			'mcp',
			'bench-e2e',
			'The generated abilities as tools.',
			'1.0.0',
			array( \WP\MCP\Transport\HttpTransport::class ),
			null,
			null,
			array_keys( mcpn_bench_data()['abilities'] )
		);
	}
);
