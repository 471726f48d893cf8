<?php
/**
 * Shared by the benchmarks: a benchmark measures, it never fails on a slow machine.
 */

/** Median calls/s of $fn over several rounds of at least $min_seconds / 4 each. */
function mcp_native_bench_rate( callable $fn, float $min_seconds = 0.2, int $rounds = 5 ): float {
	$n = 1;
	while ( true ) {
		$t = hrtime( true );
		for ( $i = 0; $i < $n; $i++ ) {
			$fn();
		}
		if ( ( hrtime( true ) - $t ) / 1e9 >= $min_seconds / 4 ) {
			break;
		}
		$n *= 2;
	}
	$rates = array();
	for ( $r = 0; $r < $rounds; $r++ ) {
		$t = hrtime( true );
		for ( $i = 0; $i < $n; $i++ ) {
			$fn();
		}
		$rates[] = $n / ( ( hrtime( true ) - $t ) / 1e9 );
	}
	sort( $rates );
	return $rates[ intdiv( $rounds, 2 ) ];
}
