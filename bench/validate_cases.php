<?php
/**
 * The payloads of the validation benchmarks (bench/validate_bench.php times them,
 * bench/validate_instructions.php counts their instructions), and what the PHP fallback keeps
 * between calls, which a php-fpm request starts without.
 */

use McpNative\Plugin\Fallback\Validator;

// A small ability input.
$small_schema = array(
	'type'                 => 'object',
	'properties'           => array(
		'title'   => array( 'type' => 'string', 'minLength' => 1, 'maxLength' => 200 ),
		'status'  => array( 'type' => 'string', 'enum' => array( 'publish', 'draft', 'private' ) ),
		'author'  => array( 'type' => 'integer', 'minimum' => 1 ),
		'dry_run' => array( 'type' => 'boolean' ),
		'tags'    => array( 'type' => 'array', 'items' => array( 'type' => 'string' ) ),
	),
	'required'             => array( 'title' ),
	'additionalProperties' => false,
);
$small_ok  = array( 'title' => 'Hello world', 'status' => 'draft', 'author' => 3, 'dry_run' => 'true', 'tags' => array( 'a', 'b' ) );
$small_bad = array( 'title' => 'Hello world', 'status' => 'gone', 'author' => 3, 'dry_run' => 'true', 'tags' => array( 'a', 'b' ) );

// A 50-property object of mixed kinds.
$wide_schema = array( 'type' => 'object', 'properties' => array(), 'required' => array() );
$wide_ok     = array();
for ( $i = 0; $i < 50; $i++ ) {
	$name = "field_$i";
	switch ( $i % 5 ) {
		case 0:
			$wide_schema['properties'][ $name ] = array( 'type' => 'string', 'maxLength' => 64 );
			$wide_ok[ $name ]                   = "value $i";
			break;
		case 1:
			$wide_schema['properties'][ $name ] = array( 'type' => 'integer', 'minimum' => 0, 'maximum' => 1000 );
			$wide_ok[ $name ]                   = $i * 7;
			break;
		case 2:
			$wide_schema['properties'][ $name ] = array( 'type' => 'boolean' );
			$wide_ok[ $name ]                   = 0 === $i % 2;
			break;
		case 3:
			$wide_schema['properties'][ $name ] = array( 'type' => 'number', 'multipleOf' => 0.5 );
			$wide_ok[ $name ]                   = $i / 2;
			break;
		default:
			$wide_schema['properties'][ $name ] = array( 'type' => 'string', 'enum' => array( 'a', 'b', 'c' ) );
			$wide_ok[ $name ]                   = 'b';
	}
	if ( 0 === $i % 10 ) {
		$wide_schema['required'][] = $name;
	}
}
$wide_bad             = $wide_ok;
$wide_bad['field_41'] = 'not a number';

// A 500-row batch payload.
$batch_schema = array(
	'type'       => 'object',
	'properties' => array(
		'posts' => array( 'type' => 'array', 'items' => $small_schema, 'maxItems' => 1000 ),
	),
	'required'   => array( 'posts' ),
);
$batch_ok  = array( 'posts' => array() );
for ( $i = 0; $i < 500; $i++ ) {
	$batch_ok['posts'][] = array( 'title' => "Post $i", 'status' => array( 'publish', 'draft' )[ $i % 2 ], 'author' => 1 + $i % 9, 'dry_run' => false, 'tags' => array( 't' . ( $i % 4 ) ) );
}
$batch_bad                       = $batch_ok;
$batch_bad['posts'][499]['author'] = 'nobody';

$cases = array(
	array( 'small object, valid', $small_schema, $small_ok ),
	array( 'small object, invalid', $small_schema, $small_bad ),
	array( '50-property object, valid', $wide_schema, $wide_ok ),
	array( '50-property object, invalid', $wide_schema, $wide_bad ),
	array( '500-row batch, valid', $batch_schema, $batch_ok ),
	array( '500-row batch, invalid', $batch_schema, $batch_bad ),
);

// What the fallback keeps between calls of one process (the last schema it checked, member
// names' path tokens), forgotten as a new php-fpm request starts with it empty.
$forget = Closure::bind(
	static function (): void {
		\McpNative\Plugin\Fallback\SchemaShape::$passed = null;
		\McpNative\Plugin\Fallback\SchemaShape::$passed_flags = 0;
	},
	null,
	\McpNative\Plugin\Fallback\SchemaShape::class
);
$forget_tokens = Closure::bind( static fn() => Validator::$tokens = array(), null, Validator::class );

return array( $cases, $forget, $forget_tokens );
