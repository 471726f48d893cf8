<?php
/**
 * Shared by the benchmarks: a benchmark measures, it never fails on a slow machine.
 */

/** Median calls/s of $fn over several rounds of at least $min_seconds / 4 each. */
function mcp_native_bench_rate( callable $fn, float $min_seconds = 0.2, int $rounds = 5 ): float {
	$n     = mcp_native_bench_calls( $fn, $min_seconds / 4 );
	$rates = array();
	for ( $r = 0; $r < $rounds; $r++ ) {
		$rates[] = mcp_native_bench_round( $fn, $n );
	}
	return mcp_native_bench_median( $rates );
}

/**
 * $fn against $baseline, paired: each round times both, one right after the other (in turn
 * first), so a machine that speeds up or slows down between rounds (shared CPUs do) moves both
 * sides of that round's ratio. Returns the medians of [ $fn's calls/s, $baseline's, the
 * per-round ratio ].
 */
function mcp_native_bench_pair( callable $fn, callable $baseline, int $rounds = 9, float $round_seconds = 0.05 ): array {
	$n     = mcp_native_bench_calls( $fn, $round_seconds );
	$m     = mcp_native_bench_calls( $baseline, $round_seconds );
	$rates = array( array(), array(), array() );
	for ( $r = 0; $r < $rounds; $r++ ) {
		if ( 0 === $r % 2 ) {
			$a = mcp_native_bench_round( $fn, $n );
			$b = mcp_native_bench_round( $baseline, $m );
		} else {
			$b = mcp_native_bench_round( $baseline, $m );
			$a = mcp_native_bench_round( $fn, $n );
		}
		$rates[0][] = $a;
		$rates[1][] = $b;
		$rates[2][] = $a / $b;
	}
	return array_map( 'mcp_native_bench_median', $rates );
}

/** How many calls of $fn take at least $seconds. */
function mcp_native_bench_calls( callable $fn, float $seconds ): int {
	$n = 1;
	while ( true ) {
		$t = hrtime( true );
		for ( $i = 0; $i < $n; $i++ ) {
			$fn();
		}
		if ( ( hrtime( true ) - $t ) / 1e9 >= $seconds ) {
			return $n;
		}
		$n *= 2;
	}
}

/** Calls/s of $n calls of $fn. */
function mcp_native_bench_round( callable $fn, int $n ): float {
	$t = hrtime( true );
	for ( $i = 0; $i < $n; $i++ ) {
		$fn();
	}
	return $n / max( 1e-9, ( hrtime( true ) - $t ) / 1e9 );
}

function mcp_native_bench_median( array $values ): float {
	sort( $values );
	return $values[ intdiv( count( $values ), 2 ) ];
}
