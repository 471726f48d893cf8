<?php
/**
 * The extension's `McpNative\validate(…, 'standard')` counted in CPU instructions per call
 * (valgrind's callgrind): the same count on every run whatever else the machine does, so the
 * cost of one `pattern` match (PHP's PCRE, through src/ffi/pcre_shim.c) shows to the
 * instruction. Cases: bench/validate_cases.php's payloads (no patterns) and the pattern cases
 * below. Each figure is the difference between a run of 2n calls and one of n, so PHP's
 * start-up and the first call (schema compilation, PCRE compilation) fall out. A benchmark: it
 * never fails on numbers (it fails if a verdict is not the expected one).
 *
 *   php bench/native_instructions.php [EXT_SO]     (needs valgrind; about a minute)
 *
 * EXT_SO defaults to target/release/libmcp_native.so. Give another build's .so to compare
 * (docs/BENCHMARKS.md: the figures before and after issue 36's PHP PCRE).
 */

$mode = $argv[1] ?? '';

/** The cases: label, schema, value, whether it is valid. */
function mcp_native_instruction_cases(): array {
	require_once dirname( __DIR__ ) . '/wp-plugin/includes/Contract.php';
	[ $cases ] = require __DIR__ . '/validate_cases.php';
	$out       = array();
	foreach ( $cases as [ $label, $schema, $value ] ) {
		$out[] = array( $label, $schema, $value, false === strpos( $label, 'invalid' ) );
	}
	$one            = array( 'type' => 'string', 'pattern' => '^[a-z]+-\d{2,4}$' );
	$out[]          = array( 'string, one pattern, valid', $one, 'abc-123', true );
	$out[]          = array( 'string, one pattern, invalid', $one, 'abc-12345', false );
	$members        = array();
	for ( $i = 0; $i < 20; $i++ ) {
		$members[ 'meta_' . chr( 97 + $i ) . 'x' ] = "value $i";
	}
	$pp             = array(
		'type'                 => 'object',
		'patternProperties'    => array( '^meta_[a-z]+$' => array( 'type' => 'string' ) ),
		'additionalProperties' => false,
	);
	$out[]          = array( 'patternProperties, 20 members', $pp, $members, true );
	$rows           = array_fill( 0, 20, 'abc-123' );
	$out[]          = array( '20 strings, one pattern', array( 'type' => 'array', 'items' => $one ), $rows, true );
	return $out;
}

if ( '--run' === $mode ) {
	// One counted run: case $argv[2], $argv[3] calls (the extension is loaded by -d).
	gc_disable();
	[ , $schema, $value ] = mcp_native_instruction_cases()[ (int) $argv[2] ];
	$calls                = (int) $argv[3];
	for ( $i = 0; $i < $calls; $i++ ) {
		\McpNative\validate( $value, $schema );
	}
	exit( 0 );
}
if ( '--verdict' === $mode ) {
	[ , $schema, $value ] = mcp_native_instruction_cases()[ (int) $argv[2] ];
	echo array() === \McpNative\validate( $value, $schema ) ? 'valid' : 'invalid';
	exit( 0 );
}

if ( '' === trim( (string) shell_exec( 'command -v valgrind' ) ) ) {
	echo "native_instructions: skipped (valgrind is not installed: apt-get install valgrind)\n";
	exit( 0 );
}
$so = '' !== $mode ? $mode : dirname( __DIR__ ) . '/target/release/libmcp_native.so';
if ( ! is_file( $so ) ) {
	fwrite( STDERR, "native_instructions: no extension at $so (make build)\n" );
	exit( 1 );
}
$so = realpath( $so );

/** Instructions callgrind counts for one run of `$calls` calls of case `$case`. */
function mcp_native_count( string $so, int $case, int $calls ): int {
	$command = sprintf(
		'valgrind --tool=callgrind --callgrind-out-file=/dev/null %s -d extension=%s %s --run %d %d 2>&1',
		escapeshellarg( PHP_BINARY ),
		escapeshellarg( $so ),
		escapeshellarg( __FILE__ ),
		$case,
		$calls
	);
	if ( ! preg_match( '/Collected : (\d+)/', (string) shell_exec( $command ), $m ) ) {
		fwrite( STDERR, "native_instructions: callgrind gave no count for: $command\n" );
		exit( 1 );
	}
	return (int) $m[1];
}

$cases = mcp_native_instruction_cases();
printf( "%s\n%-32s %14s\n", $so, 'payload', 'instr/call' );
foreach ( $cases as $index => [ $label, $schema, $value, $valid ] ) {
	// the verdict first (a child PHP with that extension loaded)
	$verdict = trim( (string) shell_exec( sprintf( '%s -d extension=%s %s --verdict %d', escapeshellarg( PHP_BINARY ), escapeshellarg( $so ), escapeshellarg( __FILE__ ), $index ) ) );
	if ( ( $valid ? 'valid' : 'invalid' ) !== $verdict ) {
		fwrite( STDERR, "native_instructions: $label: expected " . ( $valid ? 'valid' : 'invalid' ) . ", got '$verdict'\n" );
		exit( 1 );
	}
	$calls = max( 2, intdiv( 200000, strlen( serialize( $value ) ) ) );
	$per   = ( mcp_native_count( $so, $index, 2 * $calls ) - mcp_native_count( $so, $index, $calls ) ) / $calls;
	printf( "%-32s %14s\n", $label, number_format( $per ) );
}
