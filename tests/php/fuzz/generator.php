<?php
/**
 * The fuzzer's generator (tests/php/fuzz/fuzz.php): seeded random PHP values and arguments.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Fuzz;

final class Gen {
	public const KEYS = array(
		'type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', '$defs',
		'definitions', 'additionalProperties', 'patternProperties', 'prefixItems', 'dependencies',
		'dependentSchemas', 'contains', 'propertyNames', 'sanitize_callback', 'validate_callback',
		'arg_options', 'required', 'default', 'enum', 'const', 'minimum', 'maximum', 'multipleOf',
		'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems',
		'description', 'examples', '$ref', 'input', 'result', 'input_schema_transformed',
		'input_schema_wrapper', 'output_schema_transformed', 'output_schema_wrapper',
		'exclusiveMinimum', 'exclusiveMaximum', 'additionalItems', '$schema', 'unevaluatedProperties',
		'unevaluatedItems', 'dependentRequired',
	);
	public const STRINGS = array(
		'object', 'string', 'integer', 'number', 'boolean', 'array', 'null', 'Object', 'date-time',
		'email', 'uri', 'ip', 'uuid', 'hex-color', 'text-field', '^[a-z]+$', '(a+)+$', '[', '#/$defs/a',
		'true', 'false', '1', '0', '-0', '1.5', ' 12 ', '1e400', '', ' ', "\t\n", 'input', 'result',
		"\0", 'é', 'a,b, c', '2026-11-30T05:52:40Z', '#fff', '127.0.0.1', 'a@b.c', '~/', 'a/b~c',
		"\xff", "\xc3\x28", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "ok\xfe\xff", 'trim',
		'12', '007', '-5', '9223372036854775808', 'strlen', 'http://json-schema.org/draft-04/schema#',
	);

	/** @var int Nodes left for the current value. */
	private int $budget = 0;
	private bool $chained = false;
	/** @var list<resource> Resources to close at the end of the iteration. */
	public array $resources = array();
	/**
	 * Whether this iteration's arguments hold re-entrant objects (a jsonSerialize() that mutates
	 * its parents): each call then sees what the previous one left, so only "no crash, a
	 * well-formed answer" is checked, not equality of the two implementations.
	 */
	public bool $reentrant = false;

	public static function pick( array $a ) {
		return $a[ mt_rand( 0, count( $a ) - 1 ) ];
	}

	public static function chance( int $one_in ): bool {
		return 0 === mt_rand( 0, $one_in - 1 );
	}

	public function start( int $budget ): void {
		$this->budget  = $budget;
		$this->chained = false;
	}

	public function scalar() {
		switch ( mt_rand( 0, 11 ) ) {
			case 0:
				return null;
			case 1:
				return (bool) mt_rand( 0, 1 );
			case 2:
				return self::pick( array( 0, 1, -1, PHP_INT_MAX, PHP_INT_MIN, 42, 128, 129 ) );
			case 3:
				return mt_rand( -1000000, 1000000 );
			case 4:
				return self::pick( array( INF, -INF, NAN, -0.0, 0.0, 1.5, 1e308, PHP_FLOAT_EPSILON, 1e15 + 0.5, 3.0 ) );
			case 5:
				return mt_rand() / mt_getrandmax() * self::pick( array( 1, -1e10, 1e300 ) );
			case 6:
				return $this->random_bytes( mt_rand( 0, 40 ) );
			case 7:
				if ( self::chance( 200 ) ) {
					// A huge string (1-8 MiB).
					return str_repeat( self::pick( self::STRINGS ) . 'x', intdiv( mt_rand( 1, 8 ) << 20, 2 ) );
				}
				return str_repeat( self::pick( self::STRINGS ), mt_rand( 1, 50 ) );
			default:
				return self::pick( self::STRINGS );
		}
	}

	public function random_bytes( int $n ): string {
		$s = '';
		for ( $i = 0; $i < $n; $i++ ) {
			$s .= chr( mt_rand( 0, 255 ) );
		}
		return $s;
	}

	public function key() {
		switch ( mt_rand( 0, 9 ) ) {
			case 0:
				return self::pick( array( 0, 1, -1, PHP_INT_MAX, PHP_INT_MIN, 7 ) );
			case 1:
				return self::pick( array( '0', '12', '-3', '007', ' 1', '1.5', '', "\xff", "\xff/~", "a\0b", 'é' ) );
			case 2:
				return $this->random_bytes( mt_rand( 0, 8 ) );
			default:
				return self::pick( self::KEYS );
		}
	}

	/** Any value. */
	public function value( int $depth = 0 ) {
		if ( --$this->budget <= 0 || $depth > 24 ) {
			return $this->scalar();
		}
		$r = mt_rand( 0, 99 );
		if ( $r < 35 ) {
			return $this->scalar();
		}
		if ( $r < 55 ) {
			return $this->container( $depth );
		}
		if ( $r < 72 ) {
			return $this->schema( $depth );
		}
		if ( $r < 88 ) {
			return $this->object( $depth );
		}
		if ( $r < 96 ) {
			return $this->referenced( $depth );
		}
		if ( ! $this->chained ) {
			$this->chained = true;
			return $this->chain( $depth );
		}
		return array();
	}

	public function container( int $depth ): array {
		$n = mt_rand( 0, 6 );
		$a = array();
		if ( mt_rand( 0, 1 ) ) {
			for ( $i = 0; $i < $n; $i++ ) {
				$a[] = $this->value( $depth + 1 );
			}
			if ( self::chance( 8 ) && $n > 1 ) {
				unset( $a[0] ); // a list with a hole
			}
		} else {
			for ( $i = 0; $i < $n; $i++ ) {
				$a[ $this->key() ] = $this->value( $depth + 1 );
			}
		}
		return $a;
	}

	/** Whether schema() also builds what the wire encodings act on (draft-3 `required`, odd `required`). */
	public bool $wire = false;

	/** A schema-like array. */
	public function schema( int $depth = 0 ): array {
		$s = array();
		if ( ! self::chance( 5 ) ) {
			$s['type'] = self::chance( 6 ) ? $this->value( $depth + 1 ) : self::pick( array( 'object', 'object', 'string', 'integer', 'array', 'number', 'boolean', 'null', null, array( 'object', 'null' ), array( 'string', 'null' ), 'Object' ) );
		}
		$n = mt_rand( 0, 5 );
		for ( $i = 0; $i < $n; $i++ ) {
			$k = self::pick( self::KEYS );
			switch ( $k ) {
				case 'properties':
				case 'patternProperties':
				case '$defs':
				case 'definitions':
				case 'dependentSchemas':
					$props = array();
					$count = $depth > 6 ? 0 : mt_rand( 0, 4 );
					for ( $p = 0; $p < $count; $p++ ) {
						$props[ $this->key() ] = self::chance( 4 ) ? $this->value( $depth + 2 ) : $this->schema( $depth + 2 );
					}
					if ( $this->wire && self::chance( 2 ) ) {
						// WordPress's draft-3 flag, which the wire encodings move to the parent.
						$props[ self::pick( array( 'a', '0', 'required' ) ) ] = array( 'type' => 'string', 'required' => self::chance( 3 ) ? $this->value( $depth + 2 ) : true );
					}
					$s[ $k ] = self::chance( 4 ) ? (object) $props : $props;
					break;
				case 'items':
					$s[ $k ] = self::chance( 3 ) ? array( $this->schema( $depth + 1 ), $this->value( $depth + 1 ) ) : $this->schema( $depth + 1 );
					break;
				case 'anyOf':
				case 'oneOf':
				case 'allOf':
				case 'prefixItems':
					$s[ $k ] = array( $this->schema( $depth + 1 ), $this->value( $depth + 1 ) );
					break;
				case 'sanitize_callback':
				case 'validate_callback':
					$s[ $k ] = self::pick( array( 'trim', 'absint', fn( $v ) => $v, array( new Magic(), 'x' ), array( 'Foo', 'bar' ) ) );
					break;
				case 'required':
					$s[ $k ] = self::chance( 2 ) ? (bool) mt_rand( 0, 1 ) : array( 'a', $this->key() );
					if ( $this->wire && self::chance( 2 ) ) {
						// `required` of odd types: the wire encodings keep names only, as strings.
						$s[ $k ] = self::pick( array( $this->value( $depth + 1 ), array( 1, 2.5, true, null, -0.0, INF, $this->key(), $this->value( $depth + 1 ) ), (object) array( 'a', 'b' ) ) );
					}
					break;
				default:
					$s[ $k ] = $this->value( $depth + 1 );
			}
		}
		return $s;
	}

	public function object( int $depth ) {
		switch ( mt_rand( 0, 19 ) ) {
			case 0:
			case 1:
			case 2:
				$o = new \stdClass();
				$n = mt_rand( 0, 4 );
				for ( $i = 0; $i < $n; $i++ ) {
					$name = (string) $this->key();
					// PHP refuses property names starting with NUL (mangled private names).
					$o->{str_starts_with( $name, "\0" ) ? "x$name" : $name} = $this->value( $depth + 1 );
				}
				return $o;
			case 3:
				return (object) $this->schema( $depth + 1 );
			case 4:
				return new JsValue( $this->value( $depth + 1 ) );
			case 5:
				return new JsThrows( mt_rand( 0, 3 ) );
			case 6:
				return self::pick( array( new JsSelf(), new JsContainsSelf(), new JsFresh() ) );
			case 7:
				return new JsStdClass();
			case 8:
				$o = new SubStd();
				$o->type = 'string';
				return $o;
			case 9:
				return self::pick( array( fn() => 1, static function () {}, \Closure::fromCallable( 'strlen' ), strlen( ... ) ) );
			case 10:
				$f                 = fopen( 'php://memory', 'r' );
				$this->resources[] = $f;
				if ( self::chance( 3 ) ) {
					fclose( $f ); // a closed resource
				}
				return $f;
			case 11:
				return self::pick( array( new \ArrayObject( array( 'type' => 'string' ) ), new \ArrayIterator( array( 1 ) ), new \SplObjectStorage(), new \DateTimeImmutable( '@0' ), new \WeakMap() ) );
			case 12:
				return ( function () {
					yield 1;
				} )();
			case 13:
				return self::pick( array( Suit::Hearts, Pure::One ) );
			case 14:
				return self::pick( array( new Magic(), new Typed(), new class() {
					public $type = 'string';
				} ) );
			case 15:
				return new \Exception( 'an exception as a value' );
			default:
				// A stdClass cycle.
				$o       = new \stdClass();
				$o->type = 'object';
				$o->self = $o;
				$o->properties = (object) array( 'loop' => $o, 'list' => array( $o, $this->value( $depth + 1 ) ) );
				return $o;
		}
	}

	/** Structures with PHP references: self-references, mutual cycles, shared slots. */
	public function referenced( int $depth ) {
		switch ( mt_rand( 0, 8 ) ) {
			case 7:
				// A jsonSerialize() that writes to the stdClass holding it, mid-walk.
				$this->reentrant    = true;
				$parent             = new \stdClass();
				$parent->type       = 'object';
				$parent->before     = $this->value( $depth + 1 );
				$m                  = new JsMutatesParent();
				$m->parent          = $parent;
				$parent->mutator    = $m;
				$parent->after      = array( 'type' => 'string', 'description' => str_repeat( 'd', 30 ) );
				return self::chance( 2 ) ? array( 'type' => 'object', 'properties' => $parent ) : $parent;
			case 8:
				// An array reached through a reference that a jsonSerialize() grows mid-walk.
				$this->reentrant = true;
				$props          = array( 'a' => $this->value( $depth + 1 ) );
				$props['grow']  = new JsGrowsReference( $props, mt_rand( 0, 1 ) );
				$props['z']     = array( 'type' => 'string', 'description' => str_repeat( 'z', 30 ) );
				return array( 'type' => 'object', 'properties' => &$props, 'x-again' => array( &$props ) );
			case 0:
				$a             = $this->schema( $depth + 1 );
				$a['self']     = &$a;
				return $a;
			case 1:
				$a                        = array( 'type' => 'object' );
				$a['properties']['loop']  = &$a;
				$a['properties']['other'] = $this->value( $depth + 1 );
				return $a;
			case 2:
				$a      = array( 'type' => 'object' );
				$b      = array( 'type' => 'array' );
				$a['b'] = &$b;
				$b['a'] = &$a;
				return self::chance( 2 ) ? $a : array( 'properties' => array( 'x' => &$b ) );
			case 3:
				$x = $this->value( $depth + 1 );
				return array( 'p' => &$x, 'q' => &$x, 'items' => array( &$x ) );
			case 4:
				$s = self::pick( array( 'string', 'object', null ) );
				return array( 'type' => &$s, 'default' => &$s );
			case 5:
				$o        = new \stdClass();
				$arr      = array( 'type' => 'object', 'properties' => array( 'o' => $o ) );
				$o->arr   = &$arr;
				$o->type  = 'object';
				return $arr;
			default:
				$args          = array( 'input' => $this->value( $depth + 1 ) );
				$args['input'] = &$args;
				return $args;
		}
	}

	/**
	 * [value, schema] worst cases for validation: uniqueItems after a huge item, permuted keys,
	 * near-equal items; enum with large and deep values; catastrophic patterns; values nested as
	 * deep as a JSON body can (512+); more violations than the cap.
	 */
	public function adversarial_validation(): array {
		$n    = self::pick( array( 10, 99, 100, 101, 1000, 5000 ) );
		$deep = static function ( int $depth, $leaf ) {
			for ( $i = 0; $i < $depth; $i++ ) {
				$leaf = array( $leaf );
			}
			return $leaf;
		};
		$unique = array( 'type' => 'array', 'uniqueItems' => true );
		switch ( mt_rand( 0, 7 ) ) {
			case 0:
				return array( array_merge( array( range( 1, $n * 20 ) ), array_fill( 0, $n, self::pick( array( 0, '0', 0.0, null ) ) ) ), $unique );
			case 1:
				$items = array();
				for ( $i = 0; $i < $n; $i++ ) {
					$o = array( 'a' => $i % 7, 'b' => array( 'y' => 1, 'x' => $i % 3 ), 'c' => 'k' );
					$items[] = self::chance( 2 ) ? array_reverse( $o, true ) : $o;
				}
				return array( $items, $unique );
			case 2:
				$items = array_map( fn( $i ) => str_repeat( 'a', 100 ) . ( $i % ( $n - 1 ?: 1 ) ), range( 0, $n - 1 ) );
				return array( $items, $unique );
			case 3:
				$depth = self::pick( array( 127, 128, 129, 500, 511, 512, 513, 600 ) );
				$leaf  = $this->scalar();
				return array( array( $deep( $depth, $leaf ), $deep( $depth, self::chance( 2 ) ? $leaf : $this->scalar() ) ), $unique );
			case 4:
				$depth = self::pick( array( 128, 500, 512, 513 ) );
				$leaf  = $this->scalar();
				return array( $deep( $depth, $leaf ), array( 'enum' => array( $this->scalar(), $deep( $depth, self::chance( 2 ) ? $leaf : $this->scalar() ) ) ) );
			case 5:
				$map = array();
				for ( $i = 0; $i < $n; $i++ ) {
					$map[ "k$i" ] = $i;
				}
				$member = self::chance( 2 ) ? array_reverse( $map, true ) : $map;
				if ( self::chance( 3 ) ) {
					$member[ 'k' . mt_rand( 0, $n - 1 ) ] = -1;
				}
				return array( $map, array( 'type' => 'object', 'enum' => array( 1, $member ) ) );
			case 6:
				$pattern = self::pick( array( '^(a+)+$', '(a|aa)+$', '^(a|a?)+b$', '(\\w+\\s?)+$', '^(?:a*)*$' ) );
				return array( array_fill( 0, min( $n, 200 ), str_repeat( 'a', mt_rand( 10, 40 ) ) . '!' ), array( 'type' => 'array', 'items' => array( 'type' => 'string', 'pattern' => $pattern ) ) );
			default:
				// More violations than McpNative\MAX_VIOLATIONS.
				return array( array_fill( 0, $n, self::pick( array( 'x', 1.5, array(), null ) ) ), array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) ), self::pick( array( 'standard', 'strict' ) ) );
		}
	}

	/** A chain of nested containers, near or far past MAX_DEPTH. */
	public function chain( int $depth ) {
		$len  = self::pick( array( 100, 126, 127, 128, 129, 130, 200, 1000, MAX_CHAIN ) );
		$kind = mt_rand( 0, 7 );
		$v    = $this->value( $depth + 1 );
		for ( $i = 0; $i < $len; $i++ ) {
			switch ( $kind ) {
				case 0:
					$v = array( 'type' => 'object', 'properties' => array( 'p' => $v ) );
					break;
				case 1:
					$v = array( 'type' => 'array', 'items' => $v );
					break;
				case 2:
					$v = array( 'anyOf' => array( $v ) );
					break;
				case 3:
					$v = array( $v );
					break;
				case 4:
					$v = (object) array( 'type' => 'object', 'properties' => (object) array( 'p' => $v ) );
					break;
				case 5:
					$v = new JsValue( array( 'default' => $v ) );
					break;
				case 6:
					$v = array( "\xff/~" => $v );
					break;
				default:
					$v = 0 === $i % 2 ? array( 'not' => $v ) : (object) array( 'items' => $v );
			}
		}
		return $v;
	}

	/** A meta array as the plugin builds it, or anything. */
	public function meta( string $side ) {
		if ( self::chance( 6 ) ) {
			return $this->value();
		}
		$m = array();
		if ( ! self::chance( 4 ) ) {
			$m[ $side . '_schema_transformed' ] = self::pick( array( true, true, true, false, 1, 'true', null ) );
		}
		if ( ! self::chance( 3 ) ) {
			$m[ $side . '_schema_wrapper' ] = self::chance( 3 ) ? $this->key() : self::pick( array( 'input', 'result', 'x', '', ' ', '0', '12', "\xff", 5, null, array() ) );
		}
		return $m;
	}
}
