<?php
/**
 * Validation benchmark (issue 4): native `McpNative\validate(…, 'standard')` against WordPress
 * 7.1 core's own rest_validate_value_from_schema() (the real wp-includes, loaded without a
 * database by tests/validation/wp-core.php), and the plugin's PHP fallback (core's walk with
 * core's functions at every node, listing every violation) against the same.
 * Prints ops/s side by side and the ratios to core (paired rounds), and checks the verdicts are
 * identical. The fallback is timed twice: validating again against the schema it saw last (a
 * long-running stdio server, a batch) and as the first call of a request (php-fpm: what it keeps
 * between calls is forgotten before each call). A benchmark, not a test: it never fails on a slow machine (it fails only if verdicts
 * differ). `make bench` runs it with opcache on, as sites run PHP:
 *
 *   php -d opcache.enable_cli=1 -d extension=target/release/libmcp_native.so bench/validate_bench.php
 */
require dirname( __DIR__ ) . '/wp-plugin/includes/Contract.php';
require __DIR__ . '/support.php';
require dirname( __DIR__ ) . '/tests/validation/wp-core.php';

use McpNative\Plugin\Fallback\Validator;

if ( ! extension_loaded( 'mcp_native' ) ) {
	fwrite( STDERR, "validate_bench: load the extension (php -d extension=target/release/libmcp_native.so bench/validate_bench.php)\n" );
	exit( 1 );
}
if ( null === mcp_native_load_wp_core() ) {
	fwrite( STDERR, "validate_bench: WordPress 7.1 not found (scripts/install-deps.sh, or MCP_NATIVE_WP_DIR)\n" );
	exit( 1 );
}
set_error_handler( static fn() => true ); // core's _doing_it_wrong notices are not measured


[ $cases, $forget, $forget_tokens ] = require __DIR__ . '/validate_cases.php';

printf( "%-30s %14s %14s %14s %12s %14s %16s\n", 'payload', 'native ops/s', 'core ops/s', 'fallback ops/s', 'native/core', 'fallback/core', 'first call/core' );
$failed = false;
foreach ( $cases as [ $label, $schema, $value ] ) {
	$core_valid   = true === rest_validate_value_from_schema( $value, $schema, 'input' );
	$native_valid = array() === \McpNative\validate( $value, $schema );
	$php_valid    = array() === Validator::validate( $value, $schema );
	if ( $core_valid !== $native_valid || $core_valid !== $php_valid ) {
		$failed = true;
		fprintf( STDERR, "%s: verdicts differ (core %s, native %s, fallback %s)\n", $label, var_export( $core_valid, true ), var_export( $native_valid, true ), var_export( $php_valid, true ) );
	}
	// Paired rounds (bench/support.php): each ratio is the median of rounds that time core and
	// the other side one right after the other, so the machine's changes of speed cancel out.
	$core_loop = static function ( int $n ) use ( $value, $schema ) {
		for ( $i = 0; $i < $n; $i++ ) {
			rest_validate_value_from_schema( $value, $schema, 'input' );
		}
	};
	[ $native, , $native_ratio ] = mcp_native_bench_pair_loops(
		static function ( int $n ) use ( $value, $schema ) {
			for ( $i = 0; $i < $n; $i++ ) {
				\McpNative\validate( $value, $schema );
			}
		},
		$core_loop,
		9,
		0.1
	);
	[ $php, $core, $php_ratio ] = mcp_native_bench_pair_loops(
		static function ( int $n ) use ( $value, $schema ) {
			for ( $i = 0; $i < $n; $i++ ) {
				Validator::validate( $value, $schema );
			}
		},
		$core_loop,
		9,
		0.1
	);
	[ , , $first_ratio ] = mcp_native_bench_pair_loops(
		static function ( int $n ) use ( $value, $schema, $forget, $forget_tokens ) {
			for ( $i = 0; $i < $n; $i++ ) {
				$forget();
				$forget_tokens();
				Validator::validate( $value, $schema );
			}
		},
		$core_loop,
		9,
		0.1
	);
	printf( "%-30s %14s %14s %14s %11.1fx %13.2fx %15.2fx\n", $label, number_format( $native ), number_format( $core ), number_format( $php ), $native_ratio, $php_ratio, $first_ratio );
}
printf( "verdicts: %s (WordPress %s)\n", $failed ? 'DIFFER' : 'identical', $GLOBALS['wp_version'] );
exit( $failed ? 1 : 0 );
