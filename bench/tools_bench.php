<?php
/**
 * tools/list and tools/call with 500 abilities registered, in one PHP process (issue 15): the
 * plugin's own server code (building the tools, their wire schemas, the JSON text) on the real
 * WordPress 7.1 Abilities API, loaded without a database. Prints ms per operation and ratios:
 * tools/list against registering the 500 abilities (the floor any request on such a site pays),
 * and a call with 500 abilities served against the same call on a 1-tool server.
 *
 *   php [-d extension=target/release/libmcp_native.so] bench/tools_bench.php [BASELINE_PLUGIN_DIR]
 *
 * With BASELINE_PLUGIN_DIR (a wp-plugin/ tree of another version, e.g. from
 * `git archive <commit> wp-plugin | tar -x -C /tmp/base`), each case also runs on that tree, in a
 * process of its own, and the ratio this tree / baseline is printed. A benchmark, not a test.
 */

declare(strict_types=1);

require __DIR__ . '/support.php';

const MCP_NATIVE_BENCH_ABILITIES = 500;

if ( 'child' === ( $argv[1] ?? '' ) ) {
	mcp_native_tools_bench_child( (string) $argv[2] );
	exit( 0 );
}

$trees = array( 'this tree' => dirname( __DIR__ ) . '/wp-plugin' );
if ( isset( $argv[1] ) ) {
	$trees['baseline'] = rtrim( $argv[1], '/' );
}
$so = null;
if ( extension_loaded( 'mcp_native' ) ) {
	foreach ( array( getenv( 'EXT_SO' ), dirname( __DIR__ ) . '/target/release/libmcp_native.so' ) as $candidate ) {
		if ( is_string( $candidate ) && is_file( $candidate ) ) {
			$so = $candidate;
			break;
		}
	}
}
$modes = array( 'fallback' => array() );
if ( null !== $so ) {
	$modes = array( 'native' => array( '-d', 'extension=' . $so ) ) + $modes;
} else {
	fwrite( STDERR, "tools_bench: the extension is not loaded: only the PHP fallback is measured\n" );
}

// Paired rounds: each round runs every tree in its own process, in turn first, so the machine's
// changes of speed between processes move both sides of a round (one run each showed identical
// trees 1.2-1.4x apart). Each figure is the median over the rounds; each ratio the median of the
// rounds' ratios.
$rounds  = isset( $trees['baseline'] ) ? 5 : 1;
$samples = array();
$ratios  = array();
foreach ( $modes as $mode => $flags ) {
	for ( $round = 0; $round < $rounds; $round++ ) {
		$order = 0 === $round % 2 ? $trees : array_reverse( $trees, true );
		$run   = array();
		foreach ( $order as $tree => $dir ) {
			$command = array_merge( array( PHP_BINARY, '-n', '-d', 'memory_limit=1G' ), $flags, array( __FILE__, 'child', $dir ) );
			$out     = shell_exec( implode( ' ', array_map( 'escapeshellarg', $command ) ) );
			$decoded = is_string( $out ) ? json_decode( $out, true ) : null;
			if ( ! is_array( $decoded ) ) {
				fwrite( STDERR, "tools_bench: the $mode run on $dir failed:\n$out\n" );
				exit( 1 );
			}
			$run[ $tree ]                 = $decoded;
			$samples[ $mode ][ $tree ][] = $decoded;
		}
		if ( isset( $run['baseline'] ) ) {
			$ratios[ $mode ]['list'][] = $run['this tree']['list'] / $run['baseline']['list'];
			$ratios[ $mode ]['call'][] = $run['this tree']['call500'] / $run['baseline']['call500'];
		}
	}
}
$results = array();
foreach ( $samples as $mode => $by_tree ) {
	foreach ( $by_tree as $tree => $runs ) {
		foreach ( $runs[0] as $key => $value ) {
			$column                            = array_column( $runs, $key );
			$results[ $mode ][ $tree ][ $key ] = is_float( $value ) || is_int( $value ) ? mcp_native_bench_median( $column ) : $value;
		}
	}
}

printf( "%d abilities; ms per operation (median)\n\n", MCP_NATIVE_BENCH_ABILITIES );
printf( "%-9s %-10s %10s %10s %10s %10s %14s %14s\n", 'mode', 'tree', 'register', 'list', 'call/500', 'call/1', 'list/register', 'call500/call1' );
foreach ( $results as $mode => $by_tree ) {
	foreach ( $by_tree as $tree => $r ) {
		printf(
			"%-9s %-10s %10.2f %10.2f %10.3f %10.3f %13.2f× %13.2f×\n",
			$mode,
			$tree,
			$r['register'],
			$r['list'],
			$r['call500'],
			$r['call1'],
			$r['list'] / $r['register'],
			$r['call500'] / $r['call1']
		);
	}
}
print "\ntools/list as served (handler + JSON message), ms: built on every request, and from this worker's cache\n";
foreach ( $results as $mode => $by_tree ) {
	foreach ( $by_tree as $tree => $r ) {
		printf( "%-9s %-10s built %8.2f   cached %s\n", $mode, $tree, $r['built'], null === $r['served'] ? '(no worker cache here)' : sprintf( '%8.2f  (%.2f×)', $r['served'], $r['served'] / $r['built'] ) );
	}
}
if ( isset( $trees['baseline'] ) ) {
	printf( "\nthis tree / baseline (below 1 = faster; medians of %d paired rounds)\n", $rounds );
	foreach ( $results as $mode => $by_tree ) {
		printf(
			"%-9s tools/list %.2f×   tools/call with 500 registered %.2f×   list JSON identical: %s\n",
			$mode,
			mcp_native_bench_median( $ratios[ $mode ]['list'] ),
			mcp_native_bench_median( $ratios[ $mode ]['call'] ),
			$by_tree['this tree']['list_hash'] === $by_tree['baseline']['list_hash'] ? 'yes' : 'NO'
		);
	}
}
if ( isset( $results['native'] ) ) {
	printf( "\nnative / fallback tools/list (this tree): %.2f×\n", $results['native']['this tree']['list'] / $results['fallback']['this tree']['list'] );
	printf( "list JSON identical in both implementations: %s\n", $results['native']['this tree']['list_hash'] === $results['fallback']['this tree']['list_hash'] ? 'yes' : 'NO' );
}

/**
 * One process: loads WordPress's Abilities API and the plugin tree, prints the timings as JSON.
 */
function mcp_native_tools_bench_child( string $plugin_dir ): void {
	mcp_native_tools_bench_load( $plugin_dir );
	[ $names, $register ] = mcp_native_tools_bench_register();
	$server = static fn( array $abilities ) => new McpNative\Plugin\Server( 'bench', 'bench', 'mcp', 'bench', '1', '', $abilities );
	$json   = '';
	$list   = mcp_native_bench_ms(
		static function () use ( $server, $names, &$json ): void {
			$tools = array();
			foreach ( $server( $names )->tools() as $tool ) {
				$tools[] = $tool->descriptor();
			}
			$json = McpNative\Plugin\Json::encode( array( 'tools' => $tools ) );
		}
	);
	[ $served_ms, $built_ms ] = mcp_native_tools_bench_served( $server, $names );
	print json_encode(
		array(
			'register'  => $register,
			'list'      => $list,
			'call500'   => mcp_native_bench_ms( mcp_native_tools_bench_call( $server, $names ) ),
			'call1'     => mcp_native_bench_ms( mcp_native_tools_bench_call( $server, array( 'bench/ability-250' ) ) ),
			'list_hash' => md5( (string) $json ),
			'served'    => $served_ms,
			'built'     => $built_ms,
		)
	);
}

/** WordPress's Abilities API without a database, the plugin tree's autoloader, `init`. */
function mcp_native_tools_bench_load( string $plugin_dir ): void {
	require dirname( __DIR__ ) . '/tests/validation/wp-core.php';
	if ( null === mcp_native_load_wp_core() ) {
		fwrite( STDERR, "tools_bench: WordPress 7.1 not found (scripts/install-deps.sh, or MCP_NATIVE_WP_DIR)\n" );
		exit( 1 );
	}
	// No database: the site owner's exposure choices are none (WordPress's own short-circuit of get_option()).
	add_filter( 'pre_option_mcp_native_exposure', static fn() => array() );
	foreach ( array( 'class-wp-filter-sentinel.php', 'abilities-api/class-wp-ability-category.php', 'abilities-api/class-wp-ability-categories-registry.php', 'abilities-api/class-wp-ability.php', 'abilities-api/class-wp-abilities-registry.php', 'abilities-api.php' ) as $file ) {
		require_once ABSPATH . WPINC . '/' . $file;
	}
	spl_autoload_register(
		static function ( string $class_name ) use ( $plugin_dir ): void {
			if ( str_starts_with( $class_name, 'McpNative\\Plugin\\' ) ) {
				$file = $plugin_dir . '/includes/' . str_replace( '\\', '/', substr( $class_name, 17 ) ) . '.php';
				if ( is_file( $file ) ) {
					require_once $file;
				}
			}
		}
	);
	add_filter( 'mcp_native_error_log', '__return_false' );
	do_action( 'init' );
}

/**
 * Registers the abilities (on `wp_abilities_api_init`, as a site does), then times registering
 * them again.
 *
 * @return array{0: list<string>, 1: float} the abilities' names, ms to register them all
 */
function mcp_native_tools_bench_register(): array {
	$names = array();
	add_action( 'wp_abilities_api_categories_init', static fn() => wp_register_ability_category( 'bench', array( 'label' => 'Bench', 'description' => 'Benchmark abilities.' ) ) );
	add_action(
		'wp_abilities_api_init',
		static function () use ( &$names ): void {
			for ( $i = 0; $i < MCP_NATIVE_BENCH_ABILITIES; $i++ ) {
				$names[] = "bench/ability-$i";
				wp_register_ability( "bench/ability-$i", mcp_native_bench_ability( $i ) );
			}
		}
	);
	$registry = WP_Abilities_Registry::get_instance();

	$register = mcp_native_bench_ms(
		static function () use ( $registry ): void {
			for ( $i = 0; $i < MCP_NATIVE_BENCH_ABILITIES; $i++ ) {
				$registry->unregister( "bench/ability-$i" );
			}
			for ( $i = 0; $i < MCP_NATIVE_BENCH_ABILITIES; $i++ ) {
				$registry->register( "bench/ability-$i", mcp_native_bench_ability( $i ) );
			}
		}
	);
	return array( $names, $register );
}

/**
 * tools/list as served: the handler (with the extension, from this worker's cache after the
 * first request) and the JSON message.
 *
 * @return array{0: ?float, 1: float} ms from the worker's cache (null without one), ms built
 */
function mcp_native_tools_bench_served( callable $server, array $names ): array {
	$served_json = '';
	$served      = static function () use ( $server, $names, &$served_json ): void {
		$message     = McpNative\Plugin\JsonRpc\Message::parse( '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' );
		$result      = ( new McpNative\Plugin\Handlers\ToolsHandler( $server( $names ) ) )->list( $message );
		$served_json = McpNative\Plugin\Json::encode( array( 'jsonrpc' => '2.0', 'id' => 1, 'result' => $result ) );
	};
	add_filter( 'mcp_native_page_size', static fn() => 1000 );
	// Only the extension's store is measured here: the fallback keeps its list in an option, and
	// this process has no database (make bench-e2e measures it).
	$served_ms = function_exists( 'McpNative\cache_fetch' ) && class_exists( 'McpNative\Plugin\Tools\ToolListCache' ) ? mcp_native_bench_ms( $served ) : null;
	add_filter( 'mcp_native_cache_tool_list', '__return_false' );
	$built_ms = mcp_native_bench_ms( $served );
	$built_json = $served_json;
	remove_filter( 'mcp_native_cache_tool_list', '__return_false' );
	if ( null !== $served_ms ) {
		$served();
		if ( $served_json !== $built_json ) {
			fwrite( STDERR, "tools_bench: the cached tools/list differs from the built one\n" );
			exit( 1 );
		}
	}
	return array( $served_ms, $built_ms );
}

/** tools/call of bench/ability-250 on a server of `$abilities`, as a function to time. */
function mcp_native_tools_bench_call( callable $server, array $abilities ): callable {
	return static function () use ( $server, $abilities ): void {
		$result = $server( $abilities )->get_tool( 'bench-ability-250' )->call(
			array(
				'title'  => 'Hello',
				'status' => 'draft',
				'count'  => 3,
				'flag'   => 'true',
			)
		);
		if ( $result->is_error() ) {
			throw new RuntimeException( McpNative\Plugin\Json::encode( $result->to_array() ) );
		}
		McpNative\Plugin\Json::encode( $result->to_array() );
	};
}

/** Median ms of one run of $fn. */
function mcp_native_bench_ms( callable $fn ): float {
	return 1000 / mcp_native_bench_rate( $fn, 0.5, 5 );
}

/**
 * A realistic ability: mostly object schemas with a few typed properties (enums, bounds, lists,
 * a nested object, WordPress-only keys, draft-3 `required`), every fifth one flattened.
 */
function mcp_native_bench_ability( int $i ): array {
	$properties = array(
		'title'  => array( 'type' => 'string', 'minLength' => 1, 'maxLength' => 200, 'description' => "Title $i", 'sanitize_callback' => 'sanitize_text_field' ),
		'status' => array( 'type' => 'string', 'enum' => array( 'publish', 'draft', 'private' ), 'default' => 'draft' ),
		'count'  => array( 'type' => 'integer', 'minimum' => 1, 'maximum' => 100, 'required' => true ),
		'flag'   => array( 'type' => 'boolean' ),
		'tags'   => array( 'type' => 'array', 'items' => array( 'type' => 'string' ), 'uniqueItems' => true ),
		'meta'   => array(
			'type'                 => 'object',
			'properties'           => array(
				'key'   => array( 'type' => 'string' ),
				'value' => array(),
			),
			'additionalProperties' => false,
		),
	);
	$flattened = 0 === $i % 5 && 250 !== $i;
	return array(
		'label'               => "Bench ability $i",
		'description'         => "Ability number $i of the benchmark.",
		'category'            => 'bench',
		'input_schema'        => $flattened
			? array( 'type' => 'string', 'enum' => array( 'a', 'b', 'c' ), 'description' => 'One value' )
			: array( 'type' => 'object', 'properties' => array_slice( $properties, 0, 3 + $i % 4, true ), 'required' => array( 'title' ) ),
		'output_schema'       => array(
			'type'       => 'object',
			'properties' => array(
				'id'  => array( 'type' => 'integer' ),
				'url' => array( 'type' => 'string', 'format' => 'uri' ),
			),
		),
		'execute_callback'    => static fn( $input ) => array( 'id' => 1, 'url' => 'https://example.com/' ),
		'permission_callback' => '__return_true',
		'meta'                => array( 'annotations' => array( 'readonly' => 0 === $i % 2 ) ),
	);
}
