<?php
/**
 * Soak: N calls (default 100 000) of each function of the contract in one PHP process, with
 * varied realistic inputs, printing memory_get_usage() and RSS (VmRSS) before and after each
 * function's run. Fails when either grows past a fixed bound.
 *
 *   php [-d extension=…/libmcp_native.so] tests/php/fuzz/soak.php [CALLS]
 *
 * Bounds (after a warm-up pass over every input, so caches, interned strings and the allocators'
 * pools are at their steady size before "before" is read):
 * - memory_get_usage(): +16 KiB. Everything a call allocates in PHP's heap is freed when its
 *   result is released; a leak of one zval (16 B) per call would show as +1.6 MB.
 * - RSS: +2 MiB, one Zend MM chunk (the unit PHP's heap grows by) and well under what the
 *   smallest leaked malloc block (32 B) per call would add over 100 000 calls (3.2 MB); the
 *   extension's own allocations (Rust, outside memory_limit) only show here.
 *
 * @package McpNative
 */

declare(strict_types=1);

use McpNative\Plugin\Contract;
use McpNative\Plugin\SchemaEncoder;

require dirname( __DIR__, 3 ) . '/wp-plugin/includes/Contract.php';
require dirname( __DIR__, 3 ) . '/wp-plugin/includes/SchemaEncoder.php';
require dirname( __DIR__, 2 ) . '/validation/wp-core.php';
Contract::assert_required_mode();
// The fallback validates with WordPress core's functions: without them every fallback validate
// would only throw, and soak nothing.
if ( null === mcp_native_load_wp_core() ) {
	fwrite( STDERR, "soak: WordPress 7.1 sources not found (scripts/install-deps.sh, or MCP_NATIVE_WP_DIR)\n" );
	exit( 1 );
}

const HEAP_BOUND = 16 * 1024;
const RSS_BOUND  = 2 * 1024 * 1024;

$calls = (int) ( $argv[1] ?? 100000 );

function rss(): int {
	$status = (string) file_get_contents( '/proc/self/status' );
	return preg_match( '/^VmRSS:\s+(\d+) kB/m', $status, $m ) ? (int) $m[1] * 1024 : -1;
}

/** Realistic ability schemas: changed by the transform and unchanged, wrapped and not. */
function schemas(): array {
	$sanitize = static fn( $v ) => $v;
	$list     = array(
		'unchanged object'      => array( 'type' => 'object', 'properties' => array( 'id' => array( 'type' => 'integer', 'minimum' => 1 ), 'title' => array( 'type' => 'string', 'maxLength' => 200 ) ), 'required' => array( 'id' ) ),
		'wrapped string'        => array( 'type' => 'string', 'enum' => array( 'draft', 'publish', 'private' ) ),
		'wrapped array'         => array( 'type' => 'array', 'items' => array( 'type' => 'integer' ), 'maxItems' => 50 ),
		'changed (callbacks)'   => array( 'type' => 'object', 'properties' => array( 'url' => array( 'type' => 'string', 'format' => 'uri', 'sanitize_callback' => $sanitize, 'validate_callback' => 'rest_validate_request_arg' ), 'tags' => array( 'type' => 'array', 'items' => array( 'type' => 'string' ), 'arg_options' => array( 'sanitize_callback' => 'sanitize_text_field' ) ) ) ),
		'changed (stdClass)'    => array( 'type' => 'object', 'properties' => (object) array( 'n' => (object) array( 'type' => 'number' ) ) ),
		'changed (empty props)' => array( 'type' => 'object', 'properties' => array(), 'additionalProperties' => false ),
		'no type'               => array( 'properties' => array( 'q' => array( 'type' => 'string' ) ) ),
		'null'                  => null,
	);
	// A 200-property schema, and 300 distinct small ones (more than the validator's 256-entry
	// cache: its eviction runs during the soak).
	$big = array();
	for ( $i = 0; $i < 200; $i++ ) {
		$big[ "p$i" ] = array( 'type' => 0 === $i % 3 ? 'string' : 'integer', 'description' => "property $i" );
	}
	$list['200 properties'] = array( 'type' => 'object', 'properties' => $big );
	for ( $i = 0; $i < 300; $i++ ) {
		$list[ "distinct $i" ] = array( 'type' => 'object', 'properties' => array( "f$i" => array( 'type' => 'integer', 'maximum' => $i ) ) );
	}
	return $list;
}

function metas(): array {
	return array(
		array(),
		array( 'input_schema_transformed' => true, 'input_schema_wrapper' => 'input' ),
		array( 'input_schema_transformed' => true, 'input_schema_wrapper' => 'payload', 'output_schema_transformed' => true, 'output_schema_wrapper' => 'result' ),
		array( 'input_schema_transformed' => false, 'output_schema_transformed' => true ),
	);
}

function values(): array {
	return array(
		array( 'input' => array( 'id' => 5, 'title' => 'Hello' ) ),
		array( 'payload' => 'publish' ),
		array( 'id' => 7 ),
		array(),
		null,
		'draft',
		array( 'posts' => array_map( static fn( $i ) => array( 'id' => $i, 'title' => "Post $i" ), range( 1, 20 ) ) ),
		42,
	);
}

/** One call; a Throwable is counted (and released) rather than ending the soak. */
function attempt( callable $call, int $i, int &$threw ) {
	try {
		return $call( $i );
	} catch ( \Throwable $e ) {
		++$threw;
		return null;
	}
}

/** name => closure(int $i) that makes one call and returns its result. */
function workloads(): array {
	$schemas = array_values( schemas() );
	$nonnull = array_values( array_filter( $schemas, 'is_array' ) );
	$metas   = metas();
	$values  = values();
	$ns      = count( $schemas );
	$nn      = count( $nonnull );
	$nm      = count( $metas );
	$nv      = count( $values );
	return array(
		'transform_to_object_schema' => static fn( int $i ) => Contract::transform_to_object_schema( $schemas[ $i % $ns ], 0 === $i % 5 ? 'args' : 'input' ),
		'unwrap_input_if_needed'     => static fn( int $i ) => Contract::unwrap_input_if_needed( $values[ $i % $nv ], $metas[ $i % $nm ] ),
		'wrap_output_if_needed'      => static fn( int $i ) => Contract::wrap_output_if_needed( $values[ $i % $nv ], $metas[ ( $i >> 1 ) % $nm ] ),
		'normalize_arguments'        => static fn( int $i ) => Contract::normalize_arguments( $schemas[ $i % $ns ], $values[ $i % $nv ] ),
		'validate'                   => static fn( int $i ) => Contract::validate( $values[ $i % $nv ], $nonnull[ $i % $nn ], 0 === $i % 4 ? 'strict' : 'standard' ),
		'wire_tool_schema'           => static fn( int $i ) => SchemaEncoder::tool_schema( $nonnull[ $i % $nn ], 'input' ),
		'wire_ability_schema'        => static fn( int $i ) => SchemaEncoder::ability_schema( $nonnull[ $i % $nn ] ),
		'version'                    => static fn( int $i ) => Contract::version(),
	) + ( Contract::is_native() ? native_only_workloads( $nonnull ) : array() );
}

/**
 * The per-process list store and its key (extension only: the fallback keeps no list). 1 000
 * keys cycle through a store of 32 entries, so every store evicts; fetches hit 16 hot keys and
 * miss (then store) cold ones. The store is full after the warm-up, so its memory stays put.
 */
function native_only_workloads( array $schemas ): array {
	$n     = count( $schemas );
	$parts = array_map( static fn( $s ) => (string) json_encode( $s ), $schemas );
	$chunk = static fn( int $i ) => array_slice( $parts, $i % $n, 50 );
	return array(
		'fingerprint' => static fn( int $i ) => \McpNative\fingerprint( array( $i % 1000, $schemas[ $i % $n ] ) ),
		'cache_store' => static fn( int $i ) => \McpNative\cache_store( 'k' . ( $i % 1000 ), $chunk( $i ) ),
		'cache_fetch' => static function ( int $i ) use ( $chunk ) {
			$key = 'f' . ( 0 === $i % 3 ? $i % 600 : $i % 16 );
			return \McpNative\cache_fetch( $key ) ?? \McpNative\cache_store( $key, $chunk( $i ) );
		},
	);
}

$impl = Contract::is_native() ? 'native' : 'fallback';
printf( "soak (%s, %s calls per function)\n", $impl, number_format( $calls ) );
printf( "  %-28s %12s %12s %9s %11s %11s %9s %7s %7s\n", 'function', 'heap before', 'heap after', 'Δ heap', 'RSS before', 'RSS after', 'Δ RSS', 'seconds', 'threw' );
$failed = false;
foreach ( workloads() as $name => $call ) {
	// Warm-up: every input once (and more), so that steady-state sizes are reached.
	$threw = 0;
	for ( $i = 0; $i < 2000; $i++ ) {
		$r = attempt( $call, $i, $threw );
	}
	$threw = 0;
	unset( $r );
	gc_collect_cycles();
	$heap0 = memory_get_usage();
	$rss0  = rss();
	$t0    = microtime( true );
	$last  = null;
	for ( $i = 0; $i < $calls; $i++ ) {
		$last = attempt( $call, $i, $threw );
	}
	$seconds = microtime( true ) - $t0;
	unset( $last );
	gc_collect_cycles();
	$heap1 = memory_get_usage();
	$rss1  = rss();
	$ok    = $heap1 - $heap0 <= HEAP_BOUND && $rss1 - $rss0 <= RSS_BOUND;
	$failed = $failed || ! $ok;
	printf( "  %-28s %12s %12s %+9d %11s %11s %+9d %7.2f %7d%s\n", $name, number_format( $heap0 ), number_format( $heap1 ), $heap1 - $heap0, number_format( $rss0 ), number_format( $rss1 ), $rss1 - $rss0, $seconds, $threw, $ok ? '' : '  FAIL' );
}
printf( "  bounds: heap +%d B, RSS +%d B per function; peak heap %s B\n", HEAP_BOUND, RSS_BOUND, number_format( memory_get_peak_usage() ) );
echo $failed ? "soak: FAILED\n" : "soak: OK\n";
exit( $failed ? 1 : 0 );
