<?php
/**
 * ns per SchemaTransformer::transform_to_object_schema() call of whichever build is loaded, on
 * three schemas (3 properties, flattened enum, 200 nested properties): best of 5 rounds. Loading
 * two builds in turn compares them on the same machine state:
 *
 *   for so in /tmp/oldtarget/release/libmcp_native.so target/release/libmcp_native.so; do
 *       php -n -d extension=$so bench/transform_speed.php; done
 *
 * A benchmark, not a test.
 */

declare(strict_types=1);

$flat  = array( 'type' => 'string', 'enum' => array( 'a', 'b', 'c' ), 'description' => 'x' );
$small = array(
	'type'       => 'object',
	'properties' => array( 'a' => array( 'type' => 'string' ), 'b' => array( 'type' => 'integer' ), 'c' => array( 'type' => 'boolean' ) ),
);
$props = array();
for ( $i = 0; $i < 200; $i++ ) {
	$props[ "p$i" ] = array( 'type' => 'object', 'properties' => array( 'x' => array( 'type' => 'string' ) ) );
}
$big = array( 'type' => 'object', 'properties' => $props );

foreach ( array( '3 properties' => $small, 'flattened' => $flat, '200 properties' => $big ) as $name => $schema ) {
	$best  = INF;
	$calls = '200 properties' === $name ? 20000 : 500000;
	for ( $round = 0; $round < 5; $round++ ) {
		$start = hrtime( true );
		for ( $i = 0; $i < $calls; $i++ ) {
			\McpNative\SchemaTransformer::transform_to_object_schema( $schema );
		}
		$best = min( $best, ( hrtime( true ) - $start ) / $calls );
	}
	printf( "%-15s %10.1f ns\n", $name, $best );
}
