<?php
/**
 * PHP-level fuzzer of every function the mcp_native extension exports.
 *
 * Seeded random PHP values (nested arrays, PHP references and self-references, cycles through
 * objects, stdClass, JsonSerializable that throws / returns itself / never ends, closures,
 * resources, enums, invalid UTF-8, INF/NAN, huge strings, deep nesting) and random argument
 * types and counts go through `McpNative\SchemaTransformer::transform_to_object_schema`,
 * `wire_tool_schema`, `wire_ability_schema`, `unwrap_input_if_needed`, `wrap_output_if_needed`, `normalize_arguments`, `validate` (when the
 * extension has it) and `version`. Every call must return or throw a Throwable: never crash,
 * never emit a PHP notice, never change its arguments. Where the PHP fallback
 * (`McpNative\Plugin\Fallback\…`) has the same function, both run on the same input and their
 * outcomes (value with key order and exact types, or exception class and message) are compared.
 *
 * Driver (default): runs batches of iterations in child PHP processes, so a crash is reported
 * with the seed and iteration that reproduce it (the batch is re-run one iteration per process).
 *
 *   php tests/php/fuzz/fuzz.php [--ext=PATH|none] [--seed=N] [--iterations=N] [--batch=N]
 *       [--time=SECONDS] [--report=FILE.json] [--only=ITERATION] [--verbose]
 *       [--batch-timeout=120] [--iteration-timeout=20]
 *
 * The fallback's `standard` verdict (violations or none) is also compared with WordPress core's own
 * rest_validate_value_from_schema() on the same input (`validate/core`), where neither refuses it.
 *
 * The parts: values.php (the objects values are built from), generator.php (class Gen),
 * worker.php (classes Describe and Worker); this file is the command line and the driver.
 *
 * Exit status: 0 when no crash, no notice, no argument change, no transform/unwrap/wrap/
 * normalize mismatch and no verdict differing from core's was found; 1 otherwise. Validation
 * mismatches between the two implementations are reported, not fatal (--strict-validate makes
 * them fatal); so are instances of a known, reported mismatch (Worker::KNOWN; --strict-known
 * makes them fatal).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Fuzz;

require_once __DIR__ . '/values.php';
require_once __DIR__ . '/generator.php';
require_once __DIR__ . '/worker.php';

// ---------------------------------------------------------------------------------------------
// Command line.
// ---------------------------------------------------------------------------------------------

function options( array $argv ): array {
	$o = array(
		'ext'        => getenv( 'EXT_SO' ) ?: dirname( __DIR__, 3 ) . '/target/release/libmcp_native.so',
		'seed'       => 1,
		'iterations' => 5000,
		'batch'      => 500,
		'time'       => 0,
		'report'     => null,
		'only'       => null,
		'from'       => 0,
		'count'      => 0,
		'worker'     => false,
		'verbose'    => false,
		'strict-validate' => false,
		'strict-known'    => false,
		'batch-timeout'     => 120,
		'iteration-timeout' => 20,
	);
	foreach ( array_slice( $argv, 1 ) as $arg ) {
		if ( preg_match( '/^--([a-z-]+)(?:=(.*))?$/', $arg, $m ) && array_key_exists( $m[1], $o ) ) {
			$o[ $m[1] ] = $m[2] ?? true;
		} else {
			fwrite( STDERR, "unknown option $arg\n" );
			exit( 2 );
		}
	}
	foreach ( array( 'seed', 'iterations', 'batch', 'time', 'from', 'count', 'batch-timeout', 'iteration-timeout' ) as $k ) {
		$o[ $k ] = (int) $o[ $k ];
	}
	return $o;
}

function worker_main( array $o ): int {
	require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Contract.php';
	require_once dirname( __DIR__, 2 ) . '/validation/wp-core.php';
	mcp_native_load_wp_core(); // the fallback's standard profile asks WordPress core
	$native = extension_loaded( 'mcp_native' );
	$want   = 'none' !== $o['ext'];
	if ( $native !== $want ) {
		fwrite( STDERR, 'worker: the extension is ' . ( $native ? '' : 'not ' ) . "loaded, expected the opposite\n" );
		return 3;
	}
	ini_set( 'memory_limit', '2G' );
	$w        = new Worker( $native );
	$w->trace = (bool) $o['verbose'];
	for ( $i = $o['from']; $i < $o['from'] + $o['count']; $i++ ) {
		if ( $o['verbose'] ) {
			fwrite( STDERR, "iteration $i\n" );
		}
		$w->iteration( $o['seed'], $i );
	}
	echo 'SUMMARY ' . json_encode( $w->stats, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR ) . "\n";
	return 0;
}

/** @return array{exit:int, stdout:string, stderr:string} */
function run_worker( array $o, int $from, int $count, int $timeout ): array {
	// Capped address space: a runaway call allocating outside memory_limit (the extension's own
	// memory) fails this process, not the machine.
	$cmd = array( 'prlimit', '--as=' . ( 4 << 30 ), '--', 'timeout', '-s', 'KILL', (string) $timeout, PHP_BINARY, '-d', 'memory_limit=2G' );
	if ( 'none' !== $o['ext'] ) {
		array_push( $cmd, '-d', 'extension=' . $o['ext'] );
	}
	array_push( $cmd, __FILE__, '--worker', '--ext=' . $o['ext'], '--seed=' . $o['seed'], "--from=$from", "--count=$count" );
	$proc = proc_open( $cmd, array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes );
	$out  = stream_get_contents( $pipes[1] );
	$err  = stream_get_contents( $pipes[2] );
	$exit = proc_close( $proc );
	return array( 'exit' => $exit, 'stdout' => $out, 'stderr' => $err, 'command' => implode( ' ', array_map( 'escapeshellarg', $cmd ) ) );
}

function merge( array &$total, array $stats ): void {
	$total['iterations'] += $stats['iterations'];
	foreach ( array( 'calls', 'returned', 'threw', 'compared', 'reentrant', 'mismatches', 'notices', 'mutations', 'known', 'known_kinds' ) as $k ) {
		foreach ( $stats[ $k ] ?? array() as $name => $n ) {
			$total[ $k ][ $name ] = ( $total[ $k ][ $name ] ?? 0 ) + $n;
		}
	}
	foreach ( $stats['findings'] as $f ) {
		$same = count( array_filter( $total['findings'], fn( $g ) => $g['kind'] === $f['kind'] && $g['name'] === $f['name'] ) );
		if ( $same < 5 ) {
			$total['findings'][] = $f;
		}
	}
}

function driver_main( array $o ): int {
	if ( 'none' !== $o['ext'] && ! is_file( $o['ext'] ) ) {
		fwrite( STDERR, "fuzz: {$o['ext']} missing (build it, or pass --ext=none for the fallback alone)\n" );
		return 2;
	}
	$started = microtime( true );
	$total   = array( 'iterations' => 0, 'calls' => array(), 'returned' => array(), 'threw' => array(), 'compared' => array(), 'reentrant' => array(), 'mismatches' => array(), 'notices' => array(), 'mutations' => array(), 'known' => array(), 'known_kinds' => array(), 'findings' => array(), 'crashes' => array() );
	$first   = (int) ( $o['only'] ?? 0 );
	$end     = null === $o['only'] ? $o['iterations'] : $first + 1;
	for ( $from = $first; $from < $end; $from += $o['batch'] ) {
		if ( $o['time'] > 0 && microtime( true ) - $started > $o['time'] ) {
			break;
		}
		$count = min( $o['batch'], $end - $from );
		// A batch normally takes a few seconds; one that hangs is cut at this bound.
		$r = run_worker( $o, $from, $count, $o['batch-timeout'] );
		if ( 0 === $r['exit'] && preg_match( '/^SUMMARY (.*)$/m', $r['stdout'], $m ) ) {
			merge( $total, json_decode( $m[1], true ) );
			continue;
		}
		// A crash (signal, fatal error, timeout): find the iteration, one process per iteration.
		fwrite( STDERR, "fuzz: batch $from..+$count ended with exit {$r['exit']}; isolating\n" );
		$isolated = false;
		for ( $i = $from; $i < $from + $count; $i++ ) {
			if ( $o['time'] > 0 && microtime( true ) - $started > 2 * $o['time'] ) {
				break; // out of time: report the batch
			}
			$one = run_worker( $o, $i, 1, $o['iteration-timeout'] );
			if ( 0 !== $one['exit'] || ! preg_match( '/^SUMMARY (.*)$/m', $one['stdout'], $m1 ) ) {
				$total['crashes'][] = array(
					'seed'      => $o['seed'],
					'iteration' => $i,
					'exit'      => $one['exit'],
					'output'    => substr( trim( $one['stderr'] . $one['stdout'] ), -800 ),
					'reproduce' => $one['command'],
				);
				$isolated = true;
				break;
			}
			merge( $total, json_decode( $m1[1], true ) );
		}
		if ( ! $isolated ) {
			$total['crashes'][] = array( 'seed' => $o['seed'], 'iteration' => "$from..+$count (only as a batch)", 'exit' => $r['exit'], 'output' => substr( trim( $r['stderr'] . $r['stdout'] ), -800 ), 'reproduce' => $r['command'] );
		}
	}
	$total['seconds'] = round( microtime( true ) - $started, 1 );
	$total['implementation'] = 'none' === $o['ext'] ? 'fallback only' : 'native vs fallback';
	report( $total );
	if ( null !== $o['report'] ) {
		file_put_contents( $o['report'], json_encode( $total, JSON_PRETTY_PRINT | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES ) . "\n" );
	}
	$fatal_mismatches = array_sum( array_diff_key( $total['mismatches'], $o['strict-validate'] ? array() : array( 'validate' => 0 ) ) );
	$fatal_known = $o['strict-known'] ? array_sum( $total['known'] ) : 0;
	return ( $total['crashes'] || $total['notices'] || $total['mutations'] || $fatal_mismatches || $fatal_known ) ? 1 : 0;
}

function report( array $t ): void {
	printf( "php fuzz (%s): %d iterations in %.1f s, %d calls\n", $t['implementation'], $t['iterations'], $t['seconds'], array_sum( $t['calls'] ) );
	$names = array_unique( array_map( fn( $k ) => explode( '/', $k )[0], array_keys( $t['calls'] ) ) );
	sort( $names );
	printf( "  %-28s %8s %8s %8s %8s %8s %8s %8s %8s\n", 'function', 'calls', 'returned', 'threw', 'compared', 'mismatch', 'known', 'notices', 'mutated' );
	foreach ( $names as $n ) {
		$sum = fn( $k ) => ( $t[ $k ]["$n/native"] ?? 0 ) + ( $t[ $k ]["$n/fallback"] ?? 0 );
		printf( "  %-28s %8d %8d %8d %8d %8d %8d %8d %8d\n", $n, $sum( 'calls' ), $sum( 'returned' ), $sum( 'threw' ), $t['compared'][ $n ] ?? 0, $t['mismatches'][ $n ] ?? 0, $t['known'][ $n ] ?? 0, $sum( 'notices' ), $sum( 'mutations' ) );
	}
	printf( "  fallback's standard verdict against core's: %d compared, %d differ\n", $t['compared']['validate/core'] ?? 0, $t['mismatches']['validate/core'] ?? 0 );
	foreach ( $t['known_kinds'] as $kind => $n ) {
		printf( "  known mismatch %s (%d): %s\n", $kind, $n, Worker::KNOWN[ $kind ] ?? '?' );
	}
	printf( "  crashes: %d\n", count( $t['crashes'] ) );
	foreach ( $t['crashes'] as $c ) {
		printf( "  CRASH seed=%s iteration=%s exit=%s\n    reproduce: %s\n    %s\n", $c['seed'], $c['iteration'], $c['exit'], $c['reproduce'], str_replace( "\n", "\n    ", $c['output'] ) );
	}
	$shown = array();
	foreach ( $t['findings'] as $f ) {
		$key = $f['kind'] . $f['name'];
		if ( ( $shown[ $key ] = ( $shown[ $key ] ?? 0 ) + 1 ) > 3 ) {
			continue;
		}
		printf( "  %s in %s (iteration %d):\n    %s\n", array( 'mismatches' => 'MISMATCH', 'notices' => 'NOTICE', 'mutations' => 'ARGUMENTS CHANGED' )[ $f['kind'] ] ?? $f['kind'], $f['name'], $f['iteration'], str_replace( "\n", "\n    ", $f['detail'] ) );
	}
}

$o = options( $argv );
exit( $o['worker'] ? worker_main( $o ) : driver_main( $o ) );
