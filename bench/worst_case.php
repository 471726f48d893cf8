<?php
/**
 * `make bench`, worst cases (issue 10): for each keyword, McpNative\validate() on crafted
 * inputs of size n, 2n and 4n, with the growth ratios (about 2.0 each when the time is linear),
 * then the peak memory of validating a 4 MiB invalid JSON body. A benchmark: it never fails on
 * a slow machine.
 *
 *   php -d extension=target/release/libmcp_native.so bench/worst_case.php
 */
if ( ! extension_loaded( 'mcp_native' ) ) {
	fwrite( STDERR, "worst_case: load the extension (php -d extension=target/release/libmcp_native.so bench/worst_case.php)\n" );
	exit( 1 );
}

if ( 'memory' === ( $argv[1] ?? '' ) ) {
	memory_child( $argv[2] );
	exit( 0 );
}

/** Median seconds of one validate() call. */
function seconds( $value, array $schema ): float {
	$times = array();
	for ( $r = 0; $r < 3; $r++ ) {
		$t = hrtime( true );
		\McpNative\validate( $value, $schema );
		$times[] = ( hrtime( true ) - $t ) / 1e9;
	}
	sort( $times );
	return $times[1];
}

function nested( int $depth, $leaf ) {
	for ( $i = 0; $i < $depth; $i++ ) {
		$leaf = array( $leaf );
	}
	return $leaf;
}

$unique = array( 'type' => 'array', 'uniqueItems' => true );
$cases  = array(
	// The issue's payload: one huge item, then many copies of 0 (a duplicate).
	'uniqueItems: huge first item + 0s'       => array( 100000, fn( $n ) => array( array_merge( array( range( 1, $n ) ), array_fill( 0, intdiv( $n, 4 ), 0 ) ), $unique ) ),
	// Distinct objects whose keys must be sorted (ksort) before comparing.
	'uniqueItems: n unsorted objects'         => array( 20000, fn( $n ) => array( array_map( fn( $i ) => array( 'z' => $i, 'm' => array( 'b' => 1, 'a' => $i ), 'a' => 'x' ), range( 1, $n ) ), $unique ) ),
	// Strings of one length that differ only at the end.
	'uniqueItems: n long near-equal strings'  => array( 20000, fn( $n ) => array( array_map( fn( $i ) => str_repeat( 'a', 200 ) . $i, range( 1, $n ) ), $unique ) ),
	// Two equal items nested deep (a JSON body nests up to 512).
	'uniqueItems: 2 items nested n deep'      => array( 128, fn( $n ) => array( array( nested( $n, 'x' ), nested( $n, 'x' ) ), $unique ) ),
	// An array value against an equal enum member with its keys in reverse order.
	'enum: n-entry map, keys reversed'        => array( 100000, function ( $n ) {
		$value = array();
		for ( $i = 0; $i < $n; $i++ ) {
			$value[ "k$i" ] = $i;
		}
		return array( $value, array( 'type' => 'object', 'enum' => array( 1, array_reverse( $value, true ) ) ) );
	} ),
	'enum: n items against 50 members'        => array( 50000, fn( $n ) => array( array_fill( 0, $n, 'member-49' ), array( 'type' => 'array', 'items' => array( 'type' => 'string', 'enum' => array_map( fn( $i ) => "member-$i", range( 0, 49 ) ) ) ) ) ),
	// A catastrophic-backtracking pattern on many short failing strings.
	'pattern: (a+)+$ on n failing strings'    => array( 200, fn( $n ) => array( array_fill( 0, $n, str_repeat( 'a', 24 ) . '!' ), array( 'type' => 'array', 'items' => array( 'type' => 'string', 'pattern' => '^(a+)+$' ) ) ) ),
	'pattern: n chars, simple pattern'        => array( 1000000, fn( $n ) => array( str_repeat( 'ab', intdiv( $n, 2 ) ), array( 'type' => 'string', 'pattern' => '^(ab)*$' ) ) ),
	// n invalid items: the violation list stays at the cap.
	'items: n invalid items (capped list)'    => array( 200000, fn( $n ) => array( array_fill( 0, $n, 'x' ), array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) ) ) ),
	'additionalProperties: n unexpected'      => array( 100000, function ( $n ) {
		$value = array();
		for ( $i = 0; $i < $n; $i++ ) {
			$value[ "p$i" ] = $i;
		}
		return array( $value, array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'integer' ) ), 'additionalProperties' => false ) );
	} ),
);

printf( "mcp_native %s, PHP %s: seconds per validate() call (median of 3), n = base size\n\n", \McpNative\version(), PHP_VERSION );
printf( "| %-40s | %8s | %9s | %9s | %9s | %6s | %6s |\n", 'case', 'n', 't(n)', 't(2n)', 't(4n)', '2n/n', '4n/2n' );
printf( "|%s|%s|%s|%s|%s|%s|%s|\n", str_repeat( '-', 42 ), str_repeat( '-', 10 ), str_repeat( '-', 11 ), str_repeat( '-', 11 ), str_repeat( '-', 11 ), str_repeat( '-', 8 ), str_repeat( '-', 8 ) );
foreach ( $cases as $name => [ $n, $make ] ) {
	$t = array();
	foreach ( array( 1, 2, 4 ) as $k ) {
		[ $value, $schema ] = $make( $n * $k );
		$t[ $k ] = seconds( $value, $schema );
		unset( $value );
	}
	printf( "| %-40s | %8d | %9.5f | %9.5f | %9.5f | %6.2f | %6.2f |\n", $name, $n, $t[1], $t[2], $t[4], $t[2] / max( $t[1], 1e-9 ), $t[4] / max( $t[2], 1e-9 ) );
}

// Peak memory: each payload in a fresh process, measured from /proc (Rust allocations are not
// in memory_get_peak_usage()).
echo "\nPeak memory for a 4 MiB invalid JSON body (fresh process each; RSS high-water mark above the decoded payload):\n\n";
printf( "| %-40s | %10s | %14s | %14s |\n", 'payload', 'body', 'payload RSS', 'validate peak' );
printf( "|%s|%s|%s|%s|\n", str_repeat( '-', 42 ), str_repeat( '-', 12 ), str_repeat( '-', 16 ), str_repeat( '-', 16 ) );
foreach ( array( 'invalid-items', 'unique-duplicates', 'unexpected-properties' ) as $kind ) {
	$cmd = array( PHP_BINARY, '-n', '-d', 'memory_limit=-1', '-d', 'extension=' . mcp_native_so(), __FILE__, 'memory', $kind );
	$out = shell_exec( implode( ' ', array_map( 'escapeshellarg', $cmd ) ) );
	echo $out;
}

function mcp_native_so(): string {
	return getenv( 'EXT_SO' ) ?: dirname( __DIR__ ) . '/target/release/libmcp_native.so';
}

function kb( string $field ): int {
	preg_match( "/^$field:\\s+(\\d+)/m", file_get_contents( '/proc/self/status' ), $m );
	return (int) $m[1];
}

function memory_child( string $kind ): void {
	$mib = 4 << 20;
	switch ( $kind ) {
		case 'invalid-items':
			$body   = '[' . rtrim( str_repeat( '"x",', intdiv( $mib, 4 ) ), ',' ) . ']';
			$schema = array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) );
			break;
		case 'unique-duplicates':
			$body   = '[[' . rtrim( str_repeat( '0,', intdiv( $mib, 4 ) ), ',' ) . '],' . rtrim( str_repeat( '0,', intdiv( $mib, 4 ) ), ',' ) . ']';
			$schema = array( 'type' => 'array', 'uniqueItems' => true );
			break;
		default:
			$parts = array();
			for ( $i = 0, $len = 0; $len < $mib; $i++ ) {
				$parts[] = "\"p$i\":1";
				$len    += strlen( end( $parts ) ) + 1;
			}
			$body   = '{' . implode( ',', $parts ) . '}';
			$schema = array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'integer' ) ), 'additionalProperties' => false );
	}
	$value = json_decode( $body, true );
	$size  = strlen( $body );
	unset( $body );
	// Reset the high-water mark to the current RSS (Linux: clear_refs 5), so decoding is not counted.
	file_put_contents( '/proc/self/clear_refs', '5' );
	$before = kb( 'VmRSS' );
	$v      = \McpNative\validate( $value, $schema );
	$peak   = kb( 'VmHWM' );
	printf( "| %-40s | %6.2f MiB | %10.1f MiB | +%9.1f MiB |\n", $kind . ' (' . count( $v ) . ' listed)', $size / 1048576, $before / 1024, max( 0, $peak - $before ) / 1024 );
}
