<?php
/**
 * Generates the differential corpus of (schema, value) pairs and records the verdict of REAL
 * WordPress 7.1 core (`rest_validate_value_from_schema`, loaded by wp-core.php) for each.
 *
 *   php tests/validation/generate.php [COUNT] > tests/validation/corpus.jsonl
 *
 * Deterministic (fixed seed). Every pair goes through json_encode/json_decode(…, true) before
 * WordPress sees it, so the committed JSON is exactly what is validated. Pairs on which core
 * itself throws (malformed schemas such as a negative str_repeat in its IPv6 check) are left
 * out. Each line: {"id", "schema", "value", "valid", "wp_code"}.
 */

require __DIR__ . '/wp-core.php';
if ( null === mcp_native_load_wp_core() ) {
	fwrite( STDERR, "WordPress 7.1 not found (set MCP_NATIVE_WP_DIR or run scripts/install-deps.sh)\n" );
	exit( 2 );
}

$target = (int) ( $argv[1] ?? 6000 );
mt_srand( 20261130 );

function pick( array $a ) {
	return $a[ mt_rand( 0, count( $a ) - 1 ) ];
}
function chance( float $p ): bool {
	return mt_rand() / mt_getrandmax() < $p;
}

const TYPES = array( 'string', 'integer', 'number', 'boolean', 'null', 'array', 'object' );

function scalar_pool(): array {
	return array(
		null, true, false, 0, 1, -1, 2, 3, 7, 10, 42, -17, 255, 256, PHP_INT_MAX, 9007199254740993,
		0.0, 1.0, 1.5, -0.5, 2.5, 0.1, 0.3, 1e20, 3.0, 10.0, 100.25,
		'0', '1', '-1', '2', ' 12 ', '12abc', '1e3', '1.0', '1.5', '', ' ', 'true', 'false', 'TRUE', 'False',
		'yes', 'no', 'a,b', 'a b,c', '1,2,3', ' 1 , 2 ', 'abc', 'ABC', 'héllo', '日本語', 'a#b', 'a\\b',
		'#fff', '#FFFFFF', '#ffff', '#12345g', 'fff', 'a@b.co', 'john.doe@example.com', 'not-an-email', 'a@b',
		'a@-b.com', 'x@y..z', '2024-01-02T03:04:05Z', '2024-01-02 03:04:05', '2024-01-02t03:04:05+02:00',
		'2024-13-01T00:00:00', '2024-01-02T03:04:05.123-05:30', '2024-01-02', '127.0.0.1', '::1',
		'256.1.1.1', '2001:db8::8a2e:370:7334', '1.2.3', 'fe80::1:2:3:4:5:6:7:8', '::ffff:192.168.1.1',
		'::ffff:192.168.01.1', '123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000',
		'123e4567e89b12d3a456426614174000', '99999999999999999999', '.5', '5.', '0x1A', '+3', '1e400',
		'-0', '00', '1_000', "a\nb", "  padded  ", '<b>bold</b>', 'x%41y', 'https://example.com/a?b=c',
		'javascript:alert(1)', 'publish', 'draft', 'private', 'red', 'green', 'blue', 'post', 'page',
	);
}

function array_pool(): array {
	return array(
		array(), array( 1, 2 ), array( 'a', 'b' ), array( 1, 1 ), array( '1', 1 ), array( 1, 1.0 ),
		array( 'a' => 1 ), array( '0' => 'x', '1' => 'y' ), array( 'a' => array( 'b' => 1 ) ),
		array( array( 1 ), array( 1 ) ), array( array( 'a' => 1, 'b' => 2 ), array( 'b' => 2, 'a' => 1 ) ),
		array( 1 => 'a', 2 => 'b' ), array( true, false ), array( null ), array( 'x' => null ),
		array( 'title' => 'Hello', 'status' => 'publish' ), array( 1, 'two', 3.0, true, null ),
		array( 'a', 'b', 'a' ), array( array(), array() ), array( array( 1, 2 ), array( 2, 1 ) ),
	);
}

function any_value() {
	return chance( 0.7 ) ? pick( scalar_pool() ) : pick( array_pool() );
}

function pattern_pool(): array {
	return array( '^a', '^[a-z]+$', '\\d{2}', '^a#b$', '(?i)^abc$', '^\\p{L}+$', '^$', 'b', '^[0-9]+$', '^.{2,4}$', '^(foo|bar)$', '[A-Z]', '^\\w+@\\w+\\.\\w+$', '^#[0-9a-f]{3}$', 'é' );
}

function format_pool(): array {
	return array( 'email', 'date-time', 'uri', 'ip', 'uuid', 'hex-color', 'text-field', 'textarea-field', 'unknown-format' );
}

function random_type() {
	$r = mt_rand( 0, 99 );
	if ( $r < 70 ) {
		return pick( TYPES );
	}
	if ( $r < 88 ) {
		$n = mt_rand( 2, 3 );
		$t = array();
		while ( count( $t ) < $n ) {
			$t[ pick( TYPES ) ] = true;
		}
		$t = array_keys( $t );
		shuffle( $t );
		return $t;
	}
	if ( $r < 93 ) {
		return 'foo';
	}
	if ( $r < 96 ) {
		return array( pick( TYPES ), 'bar' );
	}
	return null; // no type
}

/** A random schema (depth-bounded). */
function random_schema( int $depth = 0 ): array {
	$s    = array();
	$type = random_type();
	if ( null !== $type ) {
		$s['type'] = $type;
	}
	$types = is_array( $type ) ? $type : array( $type );
	foreach ( $types as $t ) {
		switch ( $t ) {
			case 'string':
				string_keywords( $s );
				break;
			case 'integer':
			case 'number':
				number_keywords( $s );
				break;
			case 'array':
				array_keywords( $s, $depth );
				break;
			case 'object':
				object_keywords( $s, $depth );
				break;
		}
	}
	if ( chance( 0.12 ) ) {
		$s['enum'] = random_enum( $types );
	}
	if ( $depth < 2 && chance( 0.08 ) ) {
		random_choice( $s, $depth );
	}
	return $s;
}

/** random_schema()'s keywords of a string. */
function string_keywords( array &$s ): void {
	if ( chance( 0.3 ) ) {
		$s['minLength'] = mt_rand( 0, 4 );
	}
	if ( chance( 0.3 ) ) {
		$s['maxLength'] = mt_rand( 0, 8 );
	}
	if ( chance( 0.25 ) ) {
		$s['pattern'] = pick( pattern_pool() );
	}
	if ( chance( 0.35 ) ) {
		$s['format'] = pick( format_pool() );
	}
}

/** random_schema()'s keywords of an integer or a number. */
function number_keywords( array &$s ): void {
	if ( chance( 0.4 ) ) {
		$s['minimum'] = pick( array( 0, 1, -5, 2, 10, 0.5, 1.5 ) );
		if ( chance( 0.3 ) ) {
			$s['exclusiveMinimum'] = pick( array( true, false, 1 ) );
		}
	}
	if ( chance( 0.4 ) ) {
		$s['maximum'] = pick( array( 0, 3, 10, 42, 100, 2.5 ) );
		if ( chance( 0.3 ) ) {
			$s['exclusiveMaximum'] = pick( array( true, false, 0 ) );
		}
	}
	if ( chance( 0.25 ) ) {
		$s['multipleOf'] = pick( array( 2, 3, 0.5, 0.1, 5, 1 ) );
	}
}

/** random_schema()'s keywords of an array. */
function array_keywords( array &$s, int $depth ): void {
	if ( $depth < 3 && chance( 0.6 ) ) {
		$s['items'] = random_schema( $depth + 1 );
	}
	if ( chance( 0.3 ) ) {
		$s['minItems'] = mt_rand( 0, 3 );
	}
	if ( chance( 0.3 ) ) {
		$s['maxItems'] = mt_rand( 0, 4 );
	}
	if ( chance( 0.3 ) ) {
		$s['uniqueItems'] = chance( 0.8 );
	}
}

/** random_schema()'s keywords of an object. */
function object_keywords( array &$s, int $depth ): void {
	if ( $depth < 3 && chance( 0.75 ) ) {
		$props = array();
		$n     = mt_rand( 1, 4 );
		for ( $i = 0; $i < $n; $i++ ) {
			$name = pick( array( 'title', 'status', 'id', 'tags', 'meta', 'a', 'b', 'dry_run', 'count', 'email', '0', 'x-y' ) );
			$ps   = random_schema( $depth + 1 );
			if ( chance( 0.2 ) ) {
				$ps['required'] = chance( 0.8 );
			}
			$props[ $name ] = $ps;
		}
		$s['properties'] = $props;
		if ( chance( 0.3 ) ) {
			$names         = array_map( 'strval', array_keys( $props ) );
			$s['required'] = array_values( array_slice( $names, 0, mt_rand( 1, count( $names ) ) ) );
			if ( chance( 0.2 ) ) {
				$s['required'][] = 'missing_prop';
			}
		}
	}
	if ( $depth < 3 && chance( 0.2 ) ) {
		$s['patternProperties'] = array( pick( array( '^x_', '^[0-9]+$', '^meta_', '^a' ) ) => random_schema( $depth + 1 ) );
	}
	if ( chance( 0.35 ) ) {
		$s['additionalProperties'] = ( $depth < 3 && chance( 0.4 ) ) ? random_schema( $depth + 1 ) : ( chance( 0.7 ) ? false : true );
	}
	if ( chance( 0.2 ) ) {
		$s['minProperties'] = mt_rand( 0, 3 );
	}
	if ( chance( 0.2 ) ) {
		$s['maxProperties'] = mt_rand( 0, 4 );
	}
}

/** random_schema()'s anyOf or oneOf (the schema's own type sometimes dropped). */
function random_choice( array &$s, int $depth ): void {
	$key       = chance( 0.5 ) ? 'anyOf' : 'oneOf';
	$branches  = array();
	$n         = mt_rand( 2, 3 );
	for ( $i = 0; $i < $n; $i++ ) {
		$b = random_schema( $depth + 1 );
		if ( chance( 0.3 ) ) {
			unset( $b['type'] );
		}
		if ( chance( 0.3 ) ) {
			$b['title'] = 'Choice ' . $i;
		}
		$branches[] = $b;
	}
	$s[ $key ] = $branches;
	if ( chance( 0.4 ) ) {
		unset( $s['type'] );
	}
}

function random_enum( array $types ): array {
	$e = array();
	$n = mt_rand( 1, 4 );
	for ( $i = 0; $i < $n; $i++ ) {
		$t = pick( $types );
		switch ( $t ) {
			case 'string':
				$e[] = pick( array( 'publish', 'draft', 'a', 'red', ' a ', '1', '', 'abc', '#fff' ) );
				break;
			case 'integer':
				$e[] = pick( array( 0, 1, 2, 3, 7, 42, -1 ) );
				break;
			case 'number':
				$e[] = pick( array( 0, 1.5, 2.0, 3, 0.1 ) );
				break;
			case 'boolean':
				$e[] = pick( array( true, false ) );
				break;
			case 'null':
				$e[] = null;
				break;
			case 'array':
				$e[] = pick( array( array( 1, 2 ), array( 'a' ), array() ) );
				break;
			case 'object':
				$e[] = pick( array( array( 'a' => 1 ), array( 'title' => 'x' ), array() ) );
				break;
			default:
				$e[] = any_value();
		}
	}
	return $e;
}

/** A value shaped by the schema (likely valid), then sometimes mutated. */
function value_for( $schema, int $depth = 0 ) {
	if ( ! is_array( $schema ) || $depth > 5 ) {
		return any_value();
	}
	if ( isset( $schema['enum'] ) && chance( 0.5 ) ) {
		$v = pick( $schema['enum'] );
		return chance( 0.3 ) && is_int( $v ) ? (string) $v : $v;
	}
	if ( isset( $schema['anyOf'] ) && chance( 0.6 ) ) {
		return value_for( pick( $schema['anyOf'] ), $depth + 1 );
	}
	if ( isset( $schema['oneOf'] ) && chance( 0.6 ) ) {
		return value_for( pick( $schema['oneOf'] ), $depth + 1 );
	}
	if ( chance( 0.15 ) ) {
		return any_value();
	}
	$type = $schema['type'] ?? null;
	if ( is_array( $type ) ) {
		$type = pick( $type );
	}
	switch ( $type ) {
		case 'string':
			return string_value( $schema );
		case 'integer':
			return chance( 0.25 ) ? (string) mt_rand( -5, 50 ) : mt_rand( -5, 50 );
		case 'number':
			return pick( array( mt_rand( -5, 50 ), mt_rand( -50, 500 ) / 10, (string) ( mt_rand( -50, 500 ) / 10 ) ) );
		case 'boolean':
			return pick( array( true, false, 'true', 'false', '1', '0', 1, 0, 'yes' ) );
		case 'null':
			return chance( 0.8 ) ? null : '';
		case 'array':
			$n   = mt_rand( 0, 4 );
			$out = array();
			for ( $i = 0; $i < $n; $i++ ) {
				$out[] = isset( $schema['items'] ) ? value_for( $schema['items'], $depth + 1 ) : any_value();
			}
			if ( chance( 0.1 ) ) {
				return implode( ',', array_map( static fn( $x ) => is_scalar( $x ) ? (string) $x : 'x', $out ) );
			}
			return $out;
		case 'object':
			$out = array();
			foreach ( (array) ( $schema['properties'] ?? array() ) as $name => $ps ) {
				if ( chance( 0.8 ) ) {
					$out[ $name ] = value_for( $ps, $depth + 1 );
				}
			}
			if ( chance( 0.25 ) ) {
				$out[ pick( array( 'extra', 'x_1', 'meta_a', '5', 'a1' ) ) ] = any_value();
			}
			if ( chance( 0.05 ) ) {
				return '';
			}
			return $out;
		default:
			return any_value();
	}
}

/** value_for()'s string: one of its format's samples, else a few random characters. */
function string_value( array $schema ): string {
	if ( isset( $schema['format'] ) ) {
		$by_format = array(
			'email'          => array( 'a@b.co', 'john.doe@example.com', 'bad@', 'x@y.z' ),
			'date-time'      => array( '2024-01-02T03:04:05Z', '2024-02-30T00:00:00', '2024-01-02 03:04:05', 'yesterday' ),
			'ip'             => array( '127.0.0.1', '::1', '10.0.0.256', '2001:db8::1', '1::2::3' ),
			'uuid'           => array( '123e4567-e89b-12d3-a456-426614174000', 'not-a-uuid' ),
			'hex-color'      => array( '#fff', '#a0b1c2', 'fff', '#abcd' ),
			'uri'            => array( 'https://example.com', 'not a url' ),
			'text-field'     => array( ' a ', 'red', "x\ty", '<i>a</i>' ),
			'textarea-field' => array( "line1\nline2", ' a ' ),
		);
		if ( isset( $by_format[ $schema['format'] ] ) ) {
			return pick( $by_format[ $schema['format'] ] );
		}
	}
	$len = mt_rand( 0, 6 );
	$s   = '';
	for ( $i = 0; $i < $len; $i++ ) {
		$s .= pick( array( 'a', 'b', 'c', '1', 'é', ' ', 'Z', '#' ) );
	}
	return $s;
}

/** Hand-written edge cases, each a [schema, value]. */
function edge_cases(): array {
	return array_merge( type_edge_cases(), number_edge_cases(), keyword_edge_cases(), payload_edge_cases() );
}

/** Every pool value under every type, type list, format and container keyword. */
function type_edge_cases(): array {
	$c = array();
	foreach ( scalar_pool() as $v ) {
		foreach ( TYPES as $t ) {
			$c[] = array( array( 'type' => $t ), $v );
		}
		$c[] = array( array( 'type' => array( 'boolean', 'integer' ) ), $v );
		$c[] = array( array( 'type' => array( 'array', 'string' ) ), $v );
		$c[] = array( array( 'type' => array( 'string', 'array' ) ), $v );
		$c[] = array( array( 'type' => array( 'number', 'null' ) ), $v );
		$c[] = array( array( 'type' => array( 'object', 'string' ) ), $v );
		if ( is_string( $v ) ) {
			foreach ( format_pool() as $f ) {
				$c[] = array( array( 'type' => 'string', 'format' => $f ), $v );
			}
			$c[] = array( array( 'format' => 'email' ), $v );
			$c[] = array( array( 'type' => 'string', 'minLength' => 3, 'maxLength' => 5 ), $v );
		}
	}
	foreach ( array_pool() as $v ) {
		foreach ( TYPES as $t ) {
			$c[] = array( array( 'type' => $t ), $v );
		}
		$c[] = array( array( 'type' => 'array', 'uniqueItems' => true ), $v );
		$c[] = array( array( 'type' => 'object', 'additionalProperties' => false ), $v );
		$c[] = array( array( 'type' => 'object', 'minProperties' => 1, 'maxProperties' => 1 ), $v );
		$c[] = array( array( 'type' => 'array', 'items' => array( 'type' => 'integer' ), 'minItems' => 1 ), $v );
	}
	return $c;
}

/** Bounds (draft-4 boolean exclusives) and multipleOf. */
function number_edge_cases(): array {
	$c = array();
	foreach ( array( 0, 1, 5, 5.0, 4.999, 5.001, '5', ' 5', 10, 10.0, 11, -1, '1e1', 'abc', 7.5 ) as $v ) {
		foreach ( array( true, false ) as $exmin ) {
			foreach ( array( true, false ) as $exmax ) {
				$c[] = array( array( 'type' => 'number', 'minimum' => 5, 'maximum' => 10, 'exclusiveMinimum' => $exmin, 'exclusiveMaximum' => $exmax ), $v );
				$c[] = array( array( 'type' => 'integer', 'minimum' => 5, 'exclusiveMinimum' => $exmin ), $v );
				$c[] = array( array( 'type' => 'integer', 'maximum' => 10, 'exclusiveMaximum' => $exmax ), $v );
			}
		}
		foreach ( array( 2, 0.5, 0.1, 3, 2.5 ) as $m ) {
			$c[] = array( array( 'type' => 'number', 'multipleOf' => $m ), $v );
		}
	}
	return $c;
}

/** required (draft 3 and 4), anyOf / oneOf with type inheritance, enum, patterns. */
function keyword_edge_cases(): array {
	$c = array();
	// required: draft 3 and draft 4
	$props = array( 'a' => array( 'type' => 'string', 'required' => true ), 'b' => array( 'type' => 'integer' ) );
	foreach ( array( array(), array( 'a' => 'x' ), array( 'b' => 1 ), array( 'a' => 1 ), array( 'a' => 'x', 'b' => '2' ), '', array( 'a' => null ) ) as $v ) {
		$c[] = array( array( 'type' => 'object', 'properties' => $props ), $v );
		$c[] = array( array( 'type' => 'object', 'properties' => $props, 'required' => array( 'b' ) ), $v );
		$c[] = array( array( 'type' => 'object', 'required' => array( 'a', 'b' ) ), $v );
		$c[] = array( array( 'type' => 'object', 'properties' => $props, 'required' => true ), $v );
	}
	// anyOf / oneOf with type inheritance
	foreach ( array( 1, '1', 'x', 1.5, true, null, array(), array( 'a' => 1 ) ) as $v ) {
		$c[] = array( array( 'anyOf' => array( array( 'type' => 'integer' ), array( 'type' => 'string' ) ) ), $v );
		$c[] = array( array( 'oneOf' => array( array( 'type' => 'integer' ), array( 'type' => 'number' ) ) ), $v );
		$c[] = array( array( 'type' => 'integer', 'oneOf' => array( array( 'minimum' => 0 ), array( 'maximum' => 5 ) ) ), $v );
		$c[] = array( array( 'type' => 'string', 'anyOf' => array( array( 'enum' => array( 'x' ) ), array( 'minLength' => 2 ) ) ), $v );
		$c[] = array( array( 'anyOf' => array( array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'integer' ) ) ), array( 'type' => 'array' ) ), 'minProperties' => 1 ), $v );
		$c[] = array( array( 'type' => 'integer', 'enum' => array( 1, 2 ) ), $v );
		$c[] = array( array( 'type' => 'number', 'enum' => array( 1, 2.5 ) ), $v );
		$c[] = array( array( 'type' => 'boolean', 'enum' => array( true ) ), $v );
		$c[] = array( array( 'type' => array( 'integer', 'string' ), 'enum' => array( 1, 'x' ) ), $v );
		$c[] = array( array( 'enum' => array( 1, 'x', null ) ), $v );
	}
	// patterns with the '#' delimiter and unicode
	foreach ( array( 'a#b', 'a\\#b', '#fff', 'é', 'aé', 'x' ) as $v ) {
		foreach ( array( '^a#b$', '#', '^.$', '^\\p{L}$', 'a\\#b', '^[#a-f]+$' ) as $p ) {
			$c[] = array( array( 'type' => 'string', 'pattern' => $p ), $v );
		}
	}
	return $c;
}

/** A batch payload and a nested WordPress-like ability input, valid and broken a member at a time. */
function payload_edge_cases(): array {
	$c = array();
	$post = array(
		'type'       => 'object',
		'properties' => array(
			'title'   => array( 'type' => 'string', 'minLength' => 1, 'maxLength' => 200 ),
			'status'  => array( 'type' => 'string', 'enum' => array( 'publish', 'draft', 'private' ) ),
			'tags'    => array( 'type' => 'array', 'items' => array( 'type' => 'string' ), 'uniqueItems' => true ),
			'author'  => array( 'type' => 'integer', 'minimum' => 1 ),
			'dry_run' => array( 'type' => 'boolean' ),
			'email'   => array( 'type' => 'string', 'format' => 'email' ),
		),
		'required'   => array( 'title' ),
		'additionalProperties' => false,
	);
	$good = array( 'title' => 'Hello', 'status' => 'draft', 'tags' => array( 'a', 'b' ), 'author' => 3, 'dry_run' => 'true', 'email' => 'a@b.co' );
	$c[]  = array( $post, $good );
	foreach ( array( 'title' => '', 'status' => 'gone', 'tags' => array( 'a', 'a' ), 'author' => 0, 'dry_run' => 'maybe', 'email' => 'x', 'extra' => 1 ) as $k => $bad ) {
		$v       = $good;
		$v[ $k ] = $bad;
		$c[]     = array( $post, $v );
	}
	$batch = array( 'type' => 'object', 'properties' => array( 'posts' => array( 'type' => 'array', 'items' => $post, 'maxItems' => 500 ) ) );
	$rows  = array_fill( 0, 30, $good );
	$c[]   = array( $batch, array( 'posts' => $rows ) );
	$rows[17]['author'] = 'x';
	$c[]   = array( $batch, array( 'posts' => $rows ) );
	return $c;
}

$seen  = array();
$lines = array();
$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

$emit = static function ( $schema, $value ) use ( &$seen, &$lines, $flags ) {
	$js = json_encode( $schema, $flags );
	$jv = json_encode( $value, $flags );
	if ( false === $js || false === $jv ) {
		return;
	}
	$key = $js . "\0" . $jv;
	if ( isset( $seen[ $key ] ) ) {
		return;
	}
	$seen[ $key ] = true;
	$schema       = json_decode( $js, true );
	$value        = json_decode( $jv, true );
	if ( ! is_array( $schema ) ) {
		return;
	}
	try {
		$r = rest_validate_value_from_schema( $value, $schema, 'value' );
	} catch ( Throwable $e ) {
		$GLOBALS['skipped'][ get_class( $e ) . ': ' . $e->getMessage() ] = ( $GLOBALS['skipped'][ get_class( $e ) . ': ' . $e->getMessage() ] ?? 0 ) + 1;
		return; // core itself cannot validate this pair
	}
	$lines[] = sprintf(
		'{"id":%d,"schema":%s,"value":%s,"valid":%s,"wp_code":%s}',
		count( $lines ),
		$js,
		$jv,
		true === $r ? 'true' : 'false',
		json_encode( true === $r ? null : $r->get_error_code() )
	);
};

set_error_handler( static fn() => true ); // WordPress's notices (_doing_it_wrong, undefined keys) are not verdicts
foreach ( edge_cases() as [ $schema, $value ] ) {
	$emit( $schema, $value );
}
$guard = 0;
while ( count( $lines ) < $target && $guard++ < $target * 20 ) {
	$schema = random_schema();
	$emit( $schema, value_for( $schema ) );
	if ( chance( 0.5 ) ) {
		$emit( $schema, value_for( $schema ) );
	}
}
restore_error_handler();

echo implode( "\n", $lines ), "\n";
$valid = count( array_filter( $lines, static fn( $l ) => str_contains( $l, '"valid":true' ) ) );
foreach ( $GLOBALS['skipped'] ?? array() as $why => $n ) {
	fwrite( STDERR, "skipped $n pair(s) on which core throws: $why\n" );
}
fwrite( STDERR, sprintf( "%d pairs (%d valid, %d invalid) from WordPress %s\n", count( $lines ), $valid, count( $lines ) - $valid, $GLOBALS['wp_version'] ) );
