<?php
/**
 * Shared by the benchmarks: a benchmark measures, it never fails on a slow machine.
 */

/** Median calls/s of $fn over several rounds of at least $min_seconds / 4 each. */
function mcp_native_bench_rate( callable $fn, float $min_seconds = 0.2, int $rounds = 5 ): float {
	$loop  = mcp_native_bench_loop( $fn );
	$n     = mcp_native_bench_loop_calls( $loop, $min_seconds / 4 );
	$rates = array();
	for ( $r = 0; $r < $rounds; $r++ ) {
		$rates[] = mcp_native_bench_loop_round( $loop, $n );
	}
	return mcp_native_bench_median( $rates );
}

/**
 * $fn against $baseline, paired: each round times both, one right after the other (in turn
 * first), so a machine that speeds up or slows down between rounds (shared CPUs do) moves both
 * sides of that round's ratio. Returns the medians of [ $fn's calls/s, $baseline's, the
 * per-round ratio ]. Each call goes through the closure given.
 */
function mcp_native_bench_pair( callable $fn, callable $baseline, int $rounds = 9, float $round_seconds = 0.05 ): array {
	return mcp_native_bench_pair_loops( mcp_native_bench_loop( $fn ), mcp_native_bench_loop( $baseline ), $rounds, $round_seconds );
}

/**
 * As mcp_native_bench_pair(), for loops: `$loop( $n )` makes $n calls itself, in a plain PHP
 * loop, so no closure call is timed with each one.
 */
function mcp_native_bench_pair_loops( callable $loop, callable $baseline_loop, int $rounds = 9, float $round_seconds = 0.05 ): array {
	$n     = mcp_native_bench_loop_calls( $loop, $round_seconds );
	$m     = mcp_native_bench_loop_calls( $baseline_loop, $round_seconds );
	$rates = array( array(), array(), array() );
	for ( $r = 0; $r < $rounds; $r++ ) {
		if ( 0 === $r % 2 ) {
			$a = mcp_native_bench_loop_round( $loop, $n );
			$b = mcp_native_bench_loop_round( $baseline_loop, $m );
		} else {
			$b = mcp_native_bench_loop_round( $baseline_loop, $m );
			$a = mcp_native_bench_loop_round( $loop, $n );
		}
		$rates[0][] = $a;
		$rates[1][] = $b;
		$rates[2][] = $a / $b;
	}
	return array_map( 'mcp_native_bench_median', $rates );
}

/** A loop of calls of $fn, each through the closure. */
function mcp_native_bench_loop( callable $fn ): callable {
	return function ( int $n ) use ( $fn ) {
		for ( $i = 0; $i < $n; $i++ ) {
			$fn();
		}
	};
}

/** How many calls of $loop take at least $seconds. */
function mcp_native_bench_loop_calls( callable $loop, float $seconds ): int {
	for ( $n = 1; ; $n *= 2 ) {
		$t = hrtime( true );
		$loop( $n );
		if ( ( hrtime( true ) - $t ) / 1e9 >= $seconds ) {
			return $n;
		}
	}
}

/** Calls/s of $loop( $n ). */
function mcp_native_bench_loop_round( callable $loop, int $n ): float {
	$t = hrtime( true );
	$loop( $n );
	return $n / max( 1e-9, ( hrtime( true ) - $t ) / 1e9 );
}

function mcp_native_bench_median( array $values ): float {
	sort( $values );
	return $values[ intdiv( count( $values ), 2 ) ];
}
