<?php
/**
 * Writes the 500 abilities of `make bench-e2e` as one PHP file of literal arrays (what a plugin
 * that registers many abilities looks like once opcache has it), deterministic for a given seed.
 *
 *   php bench/e2e/generate.php OUT_FILE [COUNT=500] [SEED=15]
 *
 * The mix (by position, so every run has the same one): object schemas of 1-8 mixed properties
 * (strings with formats and lengths, bounded integers and numbers, booleans, enums, string lists,
 * WordPress-only keys such as sanitize_callback and arg_options), flattened schemas (a bare string,
 * integer, enum or list, wrapped on the wire), nested objects (an object property holding objects
 * and lists of objects), abilities without input; outputs as objects, lists and scalars;
 * annotations (readonly, destructive, idempotent) in meta. Every ability calls the same small
 * callback (site.php); the first one, bench/ping, is the one tools/call uses.
 */

if ( $argc < 2 ) {
	fwrite( STDERR, "usage: php generate.php OUT_FILE [COUNT] [SEED]\n" );
	exit( 2 );
}
$out   = $argv[1];
$count = (int) ( $argv[2] ?? 500 );
$seed  = (int) ( $argv[3] ?? 15 );
mt_srand( $seed );

$words = array( 'post', 'page', 'user', 'term', 'comment', 'media', 'option', 'menu', 'order', 'product', 'coupon', 'invoice', 'event', 'course', 'lesson', 'form', 'entry', 'review', 'ticket', 'report' );
$verbs = array( 'get', 'list', 'create', 'update', 'delete', 'count', 'search', 'export', 'archive', 'publish' );
$pick  = static fn( array $a ) => $a[ mt_rand( 0, count( $a ) - 1 ) ];

$scalar = static function ( string $name ) use ( $pick, $words ): array {
	switch ( mt_rand( 0, 7 ) ) {
		case 0:
			return array( 'type' => 'string', 'description' => "The $name.", 'minLength' => 1, 'maxLength' => mt_rand( 20, 500 ), 'sanitize_callback' => 'sanitize_text_field' );
		case 1:
			return array( 'type' => 'integer', 'description' => "Number of $name items.", 'minimum' => 0, 'maximum' => mt_rand( 10, 1000 ), 'default' => 10 );
		case 2:
			return array( 'type' => 'boolean', 'description' => "Whether to include $name.", 'default' => false );
		case 3:
			return array( 'type' => 'string', 'description' => "The $name status.", 'enum' => array( 'draft', 'pending', 'private', 'publish', 'future' ) );
		case 4:
			return array( 'type' => 'array', 'description' => "Some $name slugs.", 'items' => array( 'type' => 'string', 'pattern' => '^[a-z0-9-]+$' ), 'maxItems' => 50, 'uniqueItems' => true );
		case 5:
			return array( 'type' => 'string', 'format' => $pick( array( 'date-time', 'email', 'uri', 'uuid' ) ), 'description' => "The $name reference." );
		case 6:
			return array( 'type' => 'number', 'description' => "A $name amount.", 'minimum' => 0, 'exclusiveMaximum' => 1e6 );
		default:
			return array( 'type' => array( 'string', 'null' ), 'description' => "Optional $name note.", 'arg_options' => array( 'sanitize_callback' => 'sanitize_textarea_field' ) );
	}
};

$object = static function ( int $props, string $noun ) use ( $scalar, $words ): array {
	$schema = array( 'type' => 'object', 'properties' => array(), 'additionalProperties' => false );
	$names  = $words;
	for ( $i = 0; $i < $props; $i++ ) {
		$name                          = $names[ ( $i + strlen( $noun ) ) % count( $names ) ] . ( $i >= count( $names ) ? "_$i" : '' );
		$schema['properties'][ $name ] = $scalar( $name );
	}
	$schema['required'] = array_slice( array_keys( $schema['properties'] ), 0, max( 1, intdiv( $props, 3 ) ) );
	return $schema;
};

$abilities = array();
for ( $n = 0; $n < $count; $n++ ) {
	$noun = $words[ $n % count( $words ) ];
	$verb = $verbs[ intdiv( $n, count( $words ) ) % count( $verbs ) ];
	$name = 0 === $n ? 'bench/ping' : sprintf( 'bench/%s-%s-%d', $verb, $noun, $n );
	$kind = 0 === $n ? 'object' : array( 'object', 'object', 'object', 'flattened', 'nested', 'none', 'object', 'flattened' )[ $n % 8 ];
	switch ( $kind ) {
		case 'object':
			$input = 0 === $n
				? array( 'type' => 'object', 'properties' => array( 'text' => array( 'type' => 'string', 'maxLength' => 200 ) ), 'required' => array( 'text' ) )
				: $object( mt_rand( 1, 8 ), $noun );
			break;
		case 'flattened':
			$input = $scalar( $noun );
			unset( $input['default'] );
			break;
		case 'nested':
			$input                                   = $object( mt_rand( 2, 5 ), $noun );
			$input['properties']['filter']           = $object( 3, $noun . 'f' );
			$input['properties']['items']            = array( 'type' => 'array', 'items' => $object( 4, $noun . 'i' ), 'maxItems' => 100 );
			$input['properties']['filter']['properties']['range'] = array(
				'type'       => 'object',
				'properties' => array( 'from' => array( 'type' => 'string', 'format' => 'date-time' ), 'to' => array( 'type' => 'string', 'format' => 'date-time' ) ),
			);
			break;
		default:
			$input = null;
	}
	$output = array(
		array( 'type' => 'object', 'properties' => array( 'id' => array( 'type' => 'integer' ), 'status' => array( 'type' => 'string' ), 'message' => array( 'type' => 'string' ) ) ),
		array( 'type' => 'array', 'items' => array( 'type' => 'object', 'properties' => array( 'id' => array( 'type' => 'integer' ), 'title' => array( 'type' => 'string' ) ) ) ),
		array( 'type' => 'integer', 'minimum' => 0 ),
		array( 'type' => 'string' ),
	)[ 0 === $n ? 0 : $n % 4 ];
	$readonly    = in_array( $verb, array( 'get', 'list', 'count', 'search', 'export' ), true );
	$ability     = array(
		'label'         => ucfirst( $verb ) . ' ' . $noun . " $n",
		'description'   => ucfirst( $verb ) . "s {$noun}s of the site. Generated ability $n of $count for the end-to-end benchmark; the text is as long as a real description tends to be.",
		'category'      => 'bench-' . $noun,
		'output_schema' => $output,
		'meta'          => array(
			'mcp'         => array( 'public' => true ),
			'annotations' => array(
				'readonly'    => $readonly,
				'destructive' => 'delete' === $verb,
				'idempotent'  => $readonly || 'update' === $verb,
			),
			'show_in_rest' => true,
		),
	);
	if ( null !== $input ) {
		$ability['input_schema'] = $input;
	}
	$abilities[ $name ] = $ability;
}

$categories = array();
foreach ( $words as $noun ) {
	$categories[ 'bench-' . $noun ] = array( 'label' => ucfirst( $noun ) . ' tools', 'description' => "Generated abilities about {$noun}s." );
}

$php = "<?php\n// Generated by bench/e2e/generate.php (count $count, seed $seed). Do not edit.\nreturn " . var_export( array( 'categories' => $categories, 'abilities' => $abilities ), true ) . ";\n";
if ( false === file_put_contents( $out, $php ) ) {
	fwrite( STDERR, "cannot write $out\n" );
	exit( 1 );
}
$kinds = array();
foreach ( $abilities as $a ) {
	$t = $a['input_schema']['type'] ?? 'none';
	$k = is_array( $t ) ? 'flattened' : ( 'object' === $t ? ( isset( $a['input_schema']['properties']['filter'] ) ? 'nested' : 'object' ) : ( 'none' === $t ? 'none' : 'flattened' ) );
	$kinds[ $k ] = ( $kinds[ $k ] ?? 0 ) + 1;
}
ksort( $kinds );
fwrite( STDERR, sprintf( "generated %d abilities into %s (%s)\n", count( $abilities ), $out, http_build_query( $kinds, '', ', ' ) ) );
