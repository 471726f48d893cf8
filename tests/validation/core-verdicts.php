<?php
/**
 * Another WordPress core's verdicts, in a process of its own (two cores cannot share one PHP
 * process: same function names):
 *
 *   php tests/validation/core-verdicts.php WP_DIR < cases > verdicts
 *
 * stdin: serialize() of a list of [value, schema]; stdout: serialize() of
 * ['version' => $wp_version, 'verdicts' => list<true|false|null>], where true/false is whether
 * rest_validate_value_from_schema() of the core in WP_DIR (loaded by wp-core.php) accepted the
 * value, and null that core threw (it cannot answer). Used by tests/php/unit/support/OtherCores.php.
 */
require __DIR__ . '/wp-core.php';
$dir = $argv[1] ?? '';
if ( null === mcp_native_load_wp_core( $dir ) || ! is_file( $dir . '/wp-includes/rest-api.php' ) ) {
	fwrite( STDERR, "core-verdicts: no WordPress in '$dir'\n" );
	exit( 2 );
}
$cases = unserialize( stream_get_contents( STDIN ), array( 'allowed_classes' => array( 'stdClass' ) ) );
$out   = array();
set_error_handler( static fn() => true );
foreach ( $cases as [ $value, $schema ] ) {
	try {
		$out[] = true === rest_validate_value_from_schema( $value, $schema, 'v' );
	} catch ( \Throwable $e ) {
		$out[] = null;
	}
}
echo serialize( array( 'version' => $GLOBALS['wp_version'], 'verdicts' => $out ) );
