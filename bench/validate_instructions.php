<?php
/**
 * The PHP fallback's `validate(…, 'standard')` against WordPress core's own
 * rest_validate_value_from_schema(), counted in CPU instructions (valgrind's callgrind) rather
 * than timed: the same count on every run whatever else the machine does, so a change of a few
 * per cent shows, where bench/validate_bench.php's timings move by more than that between runs.
 * Same payloads (bench/validate_cases.php), opcache on as there; the fallback is counted
 * validating again against the schema it checked (`fallback`) and as the first validation of a
 * php-fpm request (`first call`: the schema check and the member names' tokens start empty, and
 * the two closures that forget them are counted too). Each figure is the difference between a
 * run of 2n calls and one of n, so PHP's start-up, WordPress's loading and the first call's
 * class loading fall out. Ratios are core's count over the other's (above 1: fewer instructions
 * than core). A benchmark: it never fails on numbers.
 *
 *   php bench/validate_instructions.php        (needs valgrind; about a minute)
 */

$counted_run = isset( $argv[1] ) && '--run' === $argv[1];
if ( $counted_run ) {
	// without the cycle collector, whose runs come at thresholds that move with what ran before
	// (the count of a side would depend on the other code loaded)
	gc_disable();
}
require dirname( __DIR__ ) . '/wp-plugin/includes/Contract.php';
require dirname( __DIR__ ) . '/tests/validation/wp-core.php';
if ( null === mcp_native_load_wp_core() ) {
	fwrite( STDERR, "validate_instructions: WordPress 7.1 not found (scripts/install-deps.sh, or MCP_NATIVE_WP_DIR)\n" );
	exit( 1 );
}
set_error_handler( static fn() => true );
[ $cases, $forget, $forget_tokens ] = require __DIR__ . '/validate_cases.php';

if ( $counted_run ) {
	// One counted run: case $argv[2], side $argv[3], $argv[4] calls.
	[ , $schema, $value ] = $cases[ (int) $argv[2] ];
	$calls                = (int) $argv[4];
	switch ( $argv[3] ) {
		case 'core':
			for ( $i = 0; $i < $calls; $i++ ) {
				rest_validate_value_from_schema( $value, $schema, 'input' );
			}
			break;
		case 'fallback':
			for ( $i = 0; $i < $calls; $i++ ) {
				\McpNative\Plugin\Fallback\Validator::validate( $value, $schema );
			}
			break;
		case 'first':
			for ( $i = 0; $i < $calls; $i++ ) {
				$forget();
				$forget_tokens();
				\McpNative\Plugin\Fallback\Validator::validate( $value, $schema );
			}
			break;
	}
	exit( 0 );
}

if ( '' === trim( (string) shell_exec( 'command -v valgrind' ) ) ) {
	echo "validate_instructions: skipped (valgrind is not installed: apt-get install valgrind)\n";
	exit( 0 );
}

/** Instructions callgrind counts for one run of `$calls` calls. */
function mcp_native_count_instructions( int $case, string $side, int $calls ): int {
	$command = sprintf(
		'valgrind --tool=callgrind --callgrind-out-file=/dev/null %s -d opcache.enable_cli=1 %s --run %d %s %d 2>&1',
		escapeshellarg( PHP_BINARY ),
		escapeshellarg( __FILE__ ),
		$case,
		$side,
		$calls
	);
	if ( ! preg_match( '/Collected : (\d+)/', (string) shell_exec( $command ), $m ) ) {
		fwrite( STDERR, "validate_instructions: callgrind gave no count for: $command\n" );
		exit( 1 );
	}
	return (int) $m[1];
}

printf( "%-30s %16s %16s %16s %14s %16s\n", 'payload', 'core instr/call', 'fallback', 'first call', 'fallback/core', 'first call/core' );
foreach ( $cases as $index => [ $label, $schema, $value ] ) {
	// n by the value's size (a second or so under callgrind), the same on every run: how often
	// PHP's garbage collector runs within n calls moves a count a little
	$calls = max( 2, intdiv( 400000, strlen( serialize( $value ) ) ) );
	$per   = array();
	foreach ( array( 'core', 'fallback', 'first' ) as $side ) {
		$per[ $side ] = ( mcp_native_count_instructions( $index, $side, 2 * $calls ) - mcp_native_count_instructions( $index, $side, $calls ) ) / $calls;
	}
	printf( "%-30s %16s %16s %16s %13.2fx %15.2fx\n", $label, number_format( $per['core'] ), number_format( $per['fallback'] ), number_format( $per['first'] ), $per['core'] / $per['fallback'], $per['core'] / $per['first'] );
}
