<?php
/**
 * `make bench`: the extension against the plugin's PHP fallback, in one process, on the same
 * inputs. Prints calls/s for each and the ratio native/PHP. A benchmark, not a test: nothing here
 * fails on a slow machine. Needs the extension loaded (the Makefile passes -d extension=…).
 */
require dirname( __DIR__ ) . '/wp-plugin/includes/Contract.php';
require __DIR__ . '/support.php';

use McpNative\Plugin\Fallback\Arguments;
use McpNative\Plugin\Fallback\SchemaTransformer;

if ( ! extension_loaded( 'mcp_native' ) ) {
	fwrite( STDERR, "bench: load the extension (php -d extension=target/release/libmcp_native.so bench/bench.php)\n" );
	exit( 1 );
}


$three = array(
	'type'       => 'object',
	'properties' => array(
		'title'  => array( 'type' => 'string', 'description' => 'Post title' ),
		'status' => array( 'type' => 'string', 'enum' => array( 'draft', 'publish' ) ),
		'count'  => array( 'type' => 'integer', 'minimum' => 1 ),
	),
	'required'   => array( 'title' ),
);
$flat_enum = array( 'type' => 'string', 'description' => 'Post type', 'enum' => array( 'post', 'page', 'attachment' ) );
$nested    = array( 'type' => 'object', 'properties' => array() );
for ( $i = 0; $i < 200; $i++ ) {
	$nested['properties'][ "field_$i" ] = 0 === $i % 4
		? array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string' ), 'b' => array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) ) ) )
		: array( 'type' => 'string', 'description' => "Field $i", 'maxLength' => 200 );
}
$wp_style = $nested;
foreach ( $wp_style['properties'] as $k => $p ) {
	$wp_style['properties'][ $k ]['sanitize_callback'] = 'sanitize_text_field';
}
$meta_in  = array( 'input_schema_transformed' => true, 'input_schema_wrapper' => 'input' );
$meta_out = array( 'output_schema_transformed' => true, 'output_schema_wrapper' => 'result' );
$args     = array( 'input' => 'post' );

$cases = array(
	'transform: 3-property object schema'        => array( fn() => \McpNative\SchemaTransformer::transform_to_object_schema( $three ), fn() => SchemaTransformer::transform_to_object_schema( $three ) ),
	'transform: flattened enum schema'           => array( fn() => \McpNative\SchemaTransformer::transform_to_object_schema( $flat_enum ), fn() => SchemaTransformer::transform_to_object_schema( $flat_enum ) ),
	'transform: 200-property nested schema'      => array( fn() => \McpNative\SchemaTransformer::transform_to_object_schema( $nested ), fn() => SchemaTransformer::transform_to_object_schema( $nested ) ),
	'transform: 200 properties + WP-only keys'   => array( fn() => \McpNative\SchemaTransformer::transform_to_object_schema( $wp_style ), fn() => SchemaTransformer::transform_to_object_schema( $wp_style ) ),
	'unwrap_input_if_needed'                     => array( fn() => \McpNative\unwrap_input_if_needed( $args, $meta_in ), fn() => Arguments::unwrap_input_if_needed( $args, $meta_in ) ),
	'wrap_output_if_needed'                      => array( fn() => \McpNative\wrap_output_if_needed( 42, $meta_out ), fn() => Arguments::wrap_output_if_needed( 42, $meta_out ) ),
	'normalize_arguments'                        => array( fn() => \McpNative\normalize_arguments( $three, null ), fn() => Arguments::normalize_arguments( $three, null ) ),
);

// Same answers first: a benchmark of different work would mean nothing.
foreach ( $cases as $name => [ $native, $php ] ) {
	if ( $native() !== $php() ) {
		fwrite( STDERR, "bench: native and PHP disagree on '$name'\n" );
		exit( 1 );
	}
}

printf( "mcp_native %s, PHP %s, calls/s (median of 5 rounds)\n\n", \McpNative\version(), PHP_VERSION );
printf( "| %-42s | %14s | %14s | %8s |\n", 'case', 'native', 'PHP fallback', 'ratio' );
printf( "|%s|%s|%s|%s|\n", str_repeat( '-', 44 ), str_repeat( '-', 16 ), str_repeat( '-', 16 ), str_repeat( '-', 10 ) );
foreach ( $cases as $name => [ $native, $php ] ) {
	$n = mcp_native_bench_rate( $native );
	$p = mcp_native_bench_rate( $php );
	printf( "| %-42s | %14s | %14s | %7.1f× |\n", $name, number_format( $n ), number_format( $p ), $n / $p );
}

// ------------------------------------------------------------------ against the official adapter
// The adapter's own WP\MCP\Domain\Utils\SchemaTransformer (its class file needs nothing else), in
// this process, on the same schemas: when MCP_NATIVE_ADAPTER_DIR names a checkout of it.
echo "\n";
$adapter_dir  = (string) getenv( 'MCP_NATIVE_ADAPTER_DIR' );
$adapter_file = rtrim( $adapter_dir, '/' ) . '/includes/Domain/Utils/SchemaTransformer.php';
if ( '' === $adapter_dir || ! is_file( $adapter_file ) ) {
	printf(
		"Against the official adapter's SchemaTransformer: skipped (%s). Set MCP_NATIVE_ADAPTER_DIR to a checkout of github.com/WordPress/mcp-adapter (never committed here).\n",
		'' === $adapter_dir ? 'MCP_NATIVE_ADAPTER_DIR is not set' : "no $adapter_file"
	);
	return;
}
require_once $adapter_file;
$adapter_version = preg_match( "/VERSION\s*=\s*'([^']+)'/", (string) @file_get_contents( rtrim( $adapter_dir, '/' ) . '/includes/Core/McpAdapter.php' ), $m ) ? $m[1] : 'unknown version';
$against         = array(
	'transform: 3-property object schema'   => array( $three, 5 ),
	'transform: flattened enum schema'      => array( $flat_enum, 5 ),
	'transform: 200-property nested schema' => array( $nested, 20 ),
);
// Each side's calls in a plain PHP loop of its own (no closure call timed with each one), and,
// as the plugin's table above does, each call through a closure (which adds the same cost to
// both sides and so pulls the ratio towards 1).
$native_loop  = fn( $schema ) => function ( int $n ) use ( $schema ) {
	for ( $i = 0; $i < $n; $i++ ) {
		\McpNative\SchemaTransformer::transform_to_object_schema( $schema );
	}
};
$adapter_loop = fn( $schema ) => function ( int $n ) use ( $schema ) {
	for ( $i = 0; $i < $n; $i++ ) {
		\WP\MCP\Domain\Utils\SchemaTransformer::transform_to_object_schema( $schema );
	}
};
printf( "Against the official adapter %s's own SchemaTransformer (%s), calls/s and ratio: medians of 9 paired rounds (each times both, one right after the other), each side's calls in a plain loop; the last ratio with each call through a closure\n\n", $adapter_version, $adapter_file );
printf( "| %-42s | %14s | %14s | %8s | %6s | %s | %9s |\n", 'case', 'native', 'adapter (PHP)', 'ratio', 'target', 'same output', 'closures' );
printf( "|%s|%s|%s|%s|%s|%s|%s|\n", str_repeat( '-', 44 ), str_repeat( '-', 16 ), str_repeat( '-', 16 ), str_repeat( '-', 10 ), str_repeat( '-', 8 ), str_repeat( '-', 13 ), str_repeat( '-', 11 ) );
foreach ( $against as $name => [ $schema, $target ] ) {
	$native  = fn() => \McpNative\SchemaTransformer::transform_to_object_schema( $schema );
	$adapter = fn() => \WP\MCP\Domain\Utils\SchemaTransformer::transform_to_object_schema( $schema );
	[ $n, $a, $ratio ] = mcp_native_bench_pair_loops( $native_loop( $schema ), $adapter_loop( $schema ) );
	[ , , $through_closures ] = mcp_native_bench_pair( $native, $adapter );
	printf( "| %-42s | %14s | %14s | %7.1f× | %5s | %-11s | %8.1f× |\n", $name, number_format( $n ), number_format( $a ), $ratio, "≥{$target}×", $native() === $adapter() ? 'yes' : 'no', $through_closures );
}

// What stands in the way of a ratio: the least work each case needs, done by PHP's own C in one
// internal call, against the adapter. A flattened schema's answer is three new arrays (the result,
// the wrapper, its `properties`; the extension shares one immutable `required`); a scan of the 200 properties reads every entry
// of every nested array (count()'s recursion does only that, without reading a single key). Their
// ratio to the adapter is the most any native implementation doing at least that work could reach.
$two_keys  = array( 'schema' => 1, 'properties' => 2 );
$floors    = array(
	'transform: flattened enum schema'      => array(
		'three new arrays: array_chunk($two_keys, 1, true)',
		function ( int $n ) use ( $two_keys ) {
			for ( $i = 0; $i < $n; $i++ ) {
				array_chunk( $two_keys, 1, true );
			}
		},
		$flat_enum,
	),
	'transform: 200-property nested schema' => array(
		'every entry read: count($schema, COUNT_RECURSIVE)',
		function ( int $n ) use ( $nested ) {
			for ( $i = 0; $i < $n; $i++ ) {
				count( $nested, COUNT_RECURSIVE );
			}
		},
		$nested,
	),
);
printf( "\nThe least work each case needs, in PHP's own C (one internal call), against the adapter: calls/s (plain loops, paired as above)\n\n" );
printf( "| %-42s | %-52s | %14s | %14s | %11s | %11s |\n", 'case', 'least work, in PHP\'s C', 'that work', 'adapter (PHP)', 'most ratio', 'ours' );
printf( "|%s|%s|%s|%s|%s|%s|\n", str_repeat( '-', 44 ), str_repeat( '-', 54 ), str_repeat( '-', 16 ), str_repeat( '-', 16 ), str_repeat( '-', 13 ), str_repeat( '-', 13 ) );
foreach ( $floors as $name => [ $what, $floor, $schema ] ) {
	[ $f, $a, $most ] = mcp_native_bench_pair_loops( $floor, $adapter_loop( $schema ) );
	[ , , $ours ]     = mcp_native_bench_pair_loops( $native_loop( $schema ), $adapter_loop( $schema ) );
	printf( "| %-42s | %-52s | %14s | %14s | %10.1f× | %10.1f× |\n", $name, $what, number_format( $f ), number_format( $a ), $most, $ours );
}
