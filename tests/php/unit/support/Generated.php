<?php
namespace McpNative\Tests;

/**
 * How many cases a test that generates its inputs runs. All of them in the plain runs, which check
 * that every case agrees; one in six under valgrind (scripts/test-php.sh with VALGRIND=1 sets
 * MCP_NATIVE_UNDER_VALGRIND), whose job is memory errors on each code path: the crafted cases and
 * a sample of the generated ones reach them, at a sixth of the time (valgrind runs about 40 times
 * slower, and half of each case is the fallback's PHP, which has no native memory to check).
 */
final class Generated {
	public static function cases( int $all ): int {
		return '1' === getenv( 'MCP_NATIVE_UNDER_VALGRIND' ) ? intdiv( $all + 5, 6 ) : $all;
	}
}
