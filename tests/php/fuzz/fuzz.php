<?php
/**
 * PHP-level fuzzer of every function the mcp_native extension exports.
 *
 * Seeded random PHP values (nested arrays, PHP references and self-references, cycles through
 * objects, stdClass, JsonSerializable that throws / returns itself / never ends, closures,
 * resources, enums, invalid UTF-8, INF/NAN, huge strings, deep nesting) and random argument
 * types and counts go through `McpNative\SchemaTransformer::transform_to_object_schema`,
 * `wire_tool_schema`, `wire_ability_schema`, `unwrap_input_if_needed`, `wrap_output_if_needed`, `normalize_arguments`, `validate` (when the
 * extension has it) and `version`. Every call must return or throw a Throwable: never crash,
 * never emit a PHP notice, never change its arguments. Where the PHP fallback
 * (`McpNative\Plugin\Fallback\…`) has the same function, both run on the same input and their
 * outcomes (value with key order and exact types, or exception class and message) are compared.
 *
 * Driver (default): runs batches of iterations in child PHP processes, so a crash is reported
 * with the seed and iteration that reproduce it (the batch is re-run one iteration per process).
 *
 *   php tests/php/fuzz/fuzz.php [--ext=PATH|none] [--seed=N] [--iterations=N] [--batch=N]
 *       [--time=SECONDS] [--report=FILE.json] [--only=ITERATION] [--verbose]
 *       [--batch-timeout=120] [--iteration-timeout=20]
 *
 * The fallback's `standard` verdict (violations or none) is also compared with WordPress core's own
 * rest_validate_value_from_schema() on the same input (`validate/core`), where neither refuses it.
 *
 * Exit status: 0 when no crash, no notice, no argument change, no transform/unwrap/wrap/
 * normalize mismatch and no verdict differing from core's was found; 1 otherwise. Validation
 * mismatches between the two implementations are reported, not fatal (--strict-validate makes
 * them fatal); so are instances of a known, reported mismatch (Worker::KNOWN; --strict-known
 * makes them fatal).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Fuzz;

const MAX_CHAIN = 3000;

// ---------------------------------------------------------------------------------------------
// Values the generator builds objects from.
// ---------------------------------------------------------------------------------------------

final class JsValue implements \JsonSerializable {
	public $v;
	public function __construct( $v ) {
		$this->v = $v;
	}
	public function jsonSerialize(): mixed {
		return $this->v;
	}
}

final class JsThrows implements \JsonSerializable {
	public function __construct( private int $kind ) {}
	public function jsonSerialize(): mixed {
		switch ( $this->kind % 4 ) {
			case 0:
				throw new \DomainException( 'boom' );
			case 1:
				throw new \Error( 'error in jsonSerialize' );
			case 2:
				throw new \TypeError( 'type error in jsonSerialize' );
			default:
				return intdiv( 1, 0 ); // DivisionByZeroError
		}
	}
}

final class JsSelf implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return $this;
	}
}

final class JsContainsSelf implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return array( 'type' => 'object', 'properties' => array( 'me' => $this, 'list' => array( $this ) ) );
	}
}

/** Never ends: each serialisation is a fresh object. */
final class JsFresh implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return array( 'next' => new JsFresh() );
	}
}

/** Re-entrant: writes to the stdClass that contains it (PHP then separates its property table). */
final class JsMutatesParent implements \JsonSerializable {
	public ?\stdClass $parent = null;
	public function jsonSerialize(): mixed {
		if ( null !== $this->parent ) {
			for ( $i = 0; $i < 40; $i++ ) {
				$this->parent->{"added_$i"} = str_repeat( 'x', 64 );
			}
			unset( $this->parent->type );
		}
		return array( 'type' => 'string' );
	}
}

/** Re-entrant: grows (resizes), then replaces, an array it holds by PHP reference. */
final class JsGrowsReference implements \JsonSerializable {
	public $ref;
	public function __construct( &$target, private int $mode ) {
		$this->ref = &$target;
	}
	public function jsonSerialize(): mixed {
		for ( $i = 0; $i < 64; $i++ ) {
			$this->ref[ "grown_$i" ] = array( 'type' => 'string', 'description' => str_repeat( 'y', 40 ) );
		}
		if ( 1 === $this->mode % 2 ) {
			$this->ref = array( 'replaced' );
		}
		return array( 'type' => 'integer' );
	}
}

final class JsStdClass extends \stdClass implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return array( 'type' => 'string', 'sanitize_callback' => 'trim' );
	}
}

class SubStd extends \stdClass {
}

final class Magic {
	public function __get( $name ) {
		return array( 'type' => 'string' );
	}
	public function __isset( $name ) {
		return true;
	}
}

final class Typed {
	public int $uninitialized;
	public readonly array $ro;
	public function __construct() {
		$this->ro = array( 'type' => 'object' );
	}
}

enum Suit: string {
	case Hearts = 'H';
	case Spades = 'S';
}

enum Pure {
	case One;
}

// ---------------------------------------------------------------------------------------------
// The generator (mt_rand, seeded per iteration).
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Describing values: a canonical text (key order, exact types; cycles and depth bounded).
// ---------------------------------------------------------------------------------------------

final class Describe {
	private const MAX_NODES = 200000;
	private const MAX_DEPTH = 600;
	private int $nodes = 0;
	/** @var array<string,true> Identities on the current path. */
	private array $path = array();
	public bool $truncated = false;

	/** The text of `$value`, or null when it is too big or too deep to describe. */
	public static function of( $value ): ?string {
		$d = new self();
		$s = $d->walk( $value, 0 );
		return $d->truncated ? null : $s;
	}

	/** Like `of`, but a truncated description is still returned (marked). */
	public static function summary( $value, int $max = 400 ): string {
		$d = new self();
		$s = $d->walk( $value, 0 );
		return ( $d->truncated ? '[truncated] ' : '' ) . ( strlen( $s ) > $max ? substr( $s, 0, $max ) . '…' : $s );
	}

	private function walk( $v, int $depth ): string {
		if ( ++$this->nodes > self::MAX_NODES || $depth > self::MAX_DEPTH ) {
			$this->truncated = true;
			return '…';
		}
		if ( null === $v ) {
			return 'null';
		}
		if ( is_bool( $v ) ) {
			return $v ? 'true' : 'false';
		}
		if ( is_int( $v ) ) {
			return 'i' . $v;
		}
		if ( is_float( $v ) ) {
			if ( is_nan( $v ) ) {
				return 'fNAN';
			}
			return 'f' . ( 0.0 === $v && fdiv( 1.0, $v ) < 0 ? '-0' : sprintf( '%.17g', $v ) );
		}
		if ( is_string( $v ) ) {
			return strlen( $v ) > 64 ? 's' . strlen( $v ) . ':' . md5( $v ) : 's' . json_encode( $v, JSON_INVALID_UTF8_SUBSTITUTE ) . ( preg_match( '//u', $v ) ? '' : ':' . bin2hex( $v ) );
		}
		if ( is_resource( $v ) || 'resource (closed)' === gettype( $v ) ) {
			return 'resource';
		}
		if ( is_object( $v ) ) {
			$id = 'o' . spl_object_id( $v );
			if ( isset( $this->path[ $id ] ) ) {
				return '<cycle ' . get_class( $v ) . '>';
			}
			if ( ! $v instanceof \stdClass ) {
				return '<' . get_class( $v ) . '>';
			}
			$this->path[ $id ] = true;
			$s                 = get_class( $v ) . $this->entries( (array) $v, $depth );
			unset( $this->path[ $id ] );
			return $s;
		}
		return $this->entries( $v, $depth );
	}

	private function entries( array $a, int $depth ): string {
		$parts = array();
		foreach ( $a as $k => $child ) {
			$ref = \ReflectionReference::fromArrayElement( $a, $k );
			$id  = null === $ref ? null : 'r' . $ref->getId();
			if ( null !== $id && isset( $this->path[ $id ] ) ) {
				$parts[] = ( is_int( $k ) ? $k : json_encode( (string) $k, JSON_INVALID_UTF8_SUBSTITUTE ) ) . '=><cycle>';
				continue;
			}
			if ( null !== $id ) {
				$this->path[ $id ] = true;
			}
			$parts[] = ( is_int( $k ) ? $k : json_encode( (string) $k, JSON_INVALID_UTF8_SUBSTITUTE ) . ( preg_match( '//u', (string) $k ) ? '' : ':' . bin2hex( (string) $k ) ) ) . '=>' . $this->walk( $child, $depth + 1 );
			if ( null !== $id ) {
				unset( $this->path[ $id ] );
			}
			if ( $this->truncated ) {
				break;
			}
		}
		return '[' . implode( ',', $parts ) . ']';
	}
}

// ---------------------------------------------------------------------------------------------
// The worker: runs iterations and tallies what it saw.
// ---------------------------------------------------------------------------------------------

final class Worker {
	/** name => [native callable, fallback callable|null, min args, max args] */
	private array $functions;
	private Gen $gen;
	public array $stats = array(
		'iterations'  => 0,
		'calls'       => array(),
		'returned'    => array(),
		'threw'       => array(),
		'compared'    => array(),
		'reentrant'   => array(),
		'mismatches'  => array(),
		'notices'     => array(),
		'mutations'   => array(),
		'known'       => array(),
		'known_kinds' => array(),
		'findings'    => array(),
	);
	private array $notices = array();
	public bool $trace = false;

	public function __construct( private bool $native ) {
		$this->gen       = new Gen();
		$fallback        = '\\McpNative\\Plugin\\Fallback\\';
		$this->functions = array(
			'transform_to_object_schema' => array( $native ? '\\McpNative\\SchemaTransformer::transform_to_object_schema' : null, $fallback . 'SchemaTransformer::transform_to_object_schema', 1, 2 ),
			'unwrap_input_if_needed'     => array( $native ? '\\McpNative\\unwrap_input_if_needed' : null, $fallback . 'Arguments::unwrap_input_if_needed', 2, 2 ),
			'wrap_output_if_needed'      => array( $native ? '\\McpNative\\wrap_output_if_needed' : null, $fallback . 'Arguments::wrap_output_if_needed', 2, 2 ),
			'normalize_arguments'        => array( $native ? '\\McpNative\\normalize_arguments' : null, $fallback . 'Arguments::normalize_arguments', 2, 2 ),
			'validate'                   => array( $native && function_exists( '\\McpNative\\validate' ) ? self::places( '\\McpNative\\validate' ) : null, class_exists( $fallback . 'Validator' ) ? self::places( $fallback . 'Validator::validate' ) : null, 2, 3 ),
			'wire_tool_schema'           => array( $native ? '\\McpNative\\wire_tool_schema' : null, $fallback . 'SchemaTransformer::wire_tool_schema', 2, 2 ),
			'wire_ability_schema'        => array( $native ? '\\McpNative\\wire_ability_schema' : null, $fallback . 'SchemaTransformer::wire_ability_schema', 1, 1 ),
			'version'                    => array( $native ? '\\McpNative\\version' : null, null, 0, 0 ),
		);
		set_error_handler(
			function ( int $no, string $message, string $file, int $line ): bool {
				if ( 0 === ( error_reporting() & $no ) ) {
					return true; // Silenced with @: deliberate, as in PHP itself.
				}
				$this->notices[] = "$message ($file:$line)";
				return true;
			}
		);
	}

	/**
	 * `$validate` answering paths and keywords only under the standard profile: there the
	 * fallback's messages are WordPress core's wording, the places are the contract.
	 */
	private static function places( string $validate ): \Closure {
		return static function ( ...$args ) use ( $validate ) {
			$violations = $validate( ...$args );
			if ( 'strict' === ( $args[2] ?? 'standard' ) || ! is_array( $violations ) ) {
				return $violations;
			}
			return array_map( static fn( $v ) => is_array( $v ) ? array( 'path' => $v['path'] ?? null, 'keyword' => $v['keyword'] ?? null ) : $v, $violations );
		};
	}

	/** The arguments of one call of `$name` (sometimes of the wrong types or count). */
	private function arguments( string $name ): array {
		$g = $this->gen;
		switch ( $name ) {
			case 'transform_to_object_schema':
				$args = array(
					Gen::chance( 10 ) ? $g->value() : ( Gen::chance( 12 ) ? null : $g->schema() ),
					Gen::chance( 8 ) ? $g->value() : ( Gen::chance( 2 ) ? $g->key() : Gen::pick( array( 'input', 'result', 'x', '', '0', "\xff", 'é' ) ) ),
				);
				if ( Gen::chance( 4 ) ) {
					array_pop( $args );
				}
				break;
			case 'wire_tool_schema':
			case 'wire_ability_schema':
				$g->wire = true;
				$args    = array( Gen::chance( 10 ) ? $g->value() : $g->schema() );
				$g->wire = false;
				if ( 'wire_tool_schema' === $name ) {
					$args[] = Gen::chance( 8 ) ? $g->value() : Gen::pick( array( 'input', 'result', '0', '', "\xff", 'é' ) );
				}
				break;
			case 'unwrap_input_if_needed':
				$wrapped = Gen::chance( 2 ) ? array( Gen::pick( array( 'input', 'x', '0', 0, "\xff" ) ) => $g->value() ) : $g->value();
				$args    = array( $wrapped, $g->meta( 'input' ) );
				break;
			case 'wrap_output_if_needed':
				$args = array( $g->value(), $g->meta( 'output' ) );
				break;
			case 'normalize_arguments':
				$args = array(
					Gen::chance( 8 ) ? $g->value() : Gen::pick( array( null, array(), $g->schema(), array( 'default' => 1 ), array( 'type' => array( 'null', 'object' ) ) ) ),
					Gen::chance( 2 ) ? Gen::pick( array( null, array(), new \stdClass() ) ) : $g->value(),
				);
				break;
			case 'validate':
				$args = Gen::chance( 6 ) ? $g->adversarial_validation() : array( $g->value(), Gen::chance( 10 ) ? $g->value() : $g->schema() );
				if ( ! Gen::chance( 3 ) ) {
					$args[] = Gen::chance( 8 ) ? $g->value() : Gen::pick( array( 'standard', 'strict', 'Strict', '', "\xff" ) );
				}
				break;
			default:
				$args = array();
		}
		// Wrong argument counts.
		if ( Gen::chance( 25 ) ) {
			if ( Gen::chance( 2 ) ) {
				$args[] = $g->value();
			} elseif ( count( $args ) > 0 ) {
				array_pop( $args );
			}
		}
		return $args;
	}

	/** @return array{0:string,1:?string} [outcome text, notices] */
	private function call( callable $callable, array $args ): array {
		$this->notices = array();
		try {
			$result  = $callable( ...$args );
			// Describing reads every value of the result (json_encode is no good here: PHP's
			// encoder recurses without bound through jsonSerialize() chains and crashes).
			$outcome = 'ok ' . ( Describe::of( $result ) ?? '<too big to describe>' );
			unset( $result );
		} catch ( \Throwable $e ) {
			$message = $e->getMessage();
			if ( $e instanceof \TypeError || $e instanceof \ValueError ) {
				// The function's own name starts the message; the rest must match.
				$message = preg_replace( array( '/^[\\\\\\w:]+\\(\\): /', '/, called in .*$/s' ), '', $message );
			}
			$outcome = 'throws ' . get_class( $e ) . ': ' . $message;
			unset( $e );
		}
		return array( $outcome, $this->notices ? implode( '; ', $this->notices ) : null );
	}

	/**
	 * The fallback's `standard` profile walks the value itself and asks core's functions node by
	 * node: its verdict (no violation, or some) must be the one core's whole
	 * rest_validate_value_from_schema() gives. Skipped where the fallback refused the schema or
	 * value before core saw it (`schema`, `depth`, `size`: core would recurse without end or
	 * crash) and where core itself throws.
	 */
	private function check_core_verdict( array $args, int $i ): void {
		if ( count( $args ) < 2 || count( $args ) > 4 || ! is_array( $args[1] ) || 'standard' !== ( $args[2] ?? 'standard' ) || ! is_string( $args[3] ?? '' ) ) {
			return;
		}
		$this->notices = array();
		try {
			$violations = \McpNative\Plugin\Fallback\Validator::validate( $args[0], $args[1] );
		} catch ( \Throwable $e ) {
			return;
		}
		foreach ( $violations as $v ) {
			if ( in_array( $v['keyword'], array( 'schema', 'depth', 'size' ), true ) ) {
				return;
			}
		}
		set_error_handler( static fn() => true );
		try {
			$core = \rest_validate_value_from_schema( $args[0], $args[1], 'value' );
		} catch ( \Throwable $e ) {
			return;
		} finally {
			restore_error_handler();
		}
		$this->bump( 'compared', 'validate/core' );
		if ( ( true === $core ) !== ( array() === $violations ) ) {
			$this->finding(
				'mismatches',
				'validate/core',
				$i,
				'args: ' . Describe::summary( $args, 600 ) . "\n  core:     " . ( true === $core ? 'valid' : $core->get_error_code() ) . "\n  fallback: " . substr( (string) Describe::of( $violations ), 0, 600 )
			);
		}
	}

	private function bump( string $what, string $name ): void {
		$this->stats[ $what ][ $name ] = ( $this->stats[ $what ][ $name ] ?? 0 ) + 1;
	}

	private function finding( string $kind, string $name, int $iteration, string $detail ): void {
		$this->bump( $kind, $name );
		if ( $this->stats[ $kind ][ $name ] <= 3 ) { // the first few of each kind per batch
			$this->stats['findings'][] = compact( 'kind', 'name', 'iteration', 'detail' );
		}
	}

	public function iteration( int $seed, int $i ): void {
		mt_srand( self::iteration_seed( $seed, $i ) );
		$this->gen->resources = array();
		$this->gen->reentrant = false;
		$this->gen->start( mt_rand( 20, 400 ) );
		$names = array_keys( $this->functions );
		$name  = $names[ mt_rand( 0, count( $names ) - 1 ) ];
		[ $native, $fallback, $min, $max ] = $this->functions[ $name ];
		$args = $this->arguments( $name );
		$before = Describe::of( $args );
		$outcomes = array();
		foreach ( array( 'native' => $native, 'fallback' => $fallback ) as $impl => $callable ) {
			if ( null === $callable ) {
				continue;
			}
			$this->bump( 'calls', "$name/$impl" );
			if ( $this->trace ) {
				fwrite( STDERR, "call $name/$impl with " . count( $args ) . ' arguments: ' . Describe::summary( $args, 2000 ) . "\n" );
			}
			[ $outcome, $notices ] = $this->call( $callable, $args );
			$this->bump( str_starts_with( $outcome, 'ok ' ) ? 'returned' : 'threw', "$name/$impl" );
			if ( null !== $notices ) {
				$this->finding( 'notices', "$name/$impl", $i, $notices );
			}
			if ( null !== $before && ! $this->gen->reentrant && Describe::of( $args ) !== $before ) {
				$this->finding( 'mutations', "$name/$impl", $i, 'the call changed its arguments: ' . Describe::summary( $args ) );
			}
			$outcomes[ $impl ] = $outcome;
		}
		$count = count( $args );
		if ( $this->gen->reentrant ) {
			$this->bump( 'reentrant', $name );
		} elseif ( 2 === count( $outcomes ) && $count >= $min && $count <= $max ) {
			$this->bump( 'compared', $name );
			$known = $outcomes['native'] !== $outcomes['fallback'] ? self::known_mismatch( $name, $outcomes['native'], $outcomes['fallback'] ) : null;
			if ( null !== $known ) {
				$this->bump( 'known', $name );
				$this->stats['known_kinds'][ $known ] = ( $this->stats['known_kinds'][ $known ] ?? 0 ) + 1;
			} elseif ( $outcomes['native'] !== $outcomes['fallback'] ) {
				if ( $this->trace ) {
					fwrite( STDERR, "MISMATCH\n  native:   {$outcomes['native']}\n  fallback: {$outcomes['fallback']}\n" );
				}
				$this->finding(
					'mismatches',
					$name,
					$i,
					'args: ' . Describe::summary( $args, 600 ) . "\n  native:   " . substr( $outcomes['native'], 0, 600 ) . "\n  fallback: " . substr( $outcomes['fallback'], 0, 600 )
				);
			}
		}
		if ( 'validate' === $name && null !== $fallback && ! $this->gen->reentrant ) {
			$this->check_core_verdict( $args, $i );
		}
		unset( $args, $outcomes );
		foreach ( $this->gen->resources as $r ) {
			if ( is_resource( $r ) ) {
				fclose( $r );
			}
		}
		$this->gen->resources = array();
		gc_collect_cycles();
		++$this->stats['iterations'];
	}

	/**
	 * Mismatches already reported (with a reproduction) and not yet fixed, by name, each with a
	 * recogniser in known_mismatch(). A wording difference, not a verdict:
	 * - strict-schema-message: the strict profile's "not valid JSON Schema" message carries the
	 *   jsonschema crate's detail natively, a shorter text in the fallback.
	 */
	public const KNOWN = array( 'strict-schema-message' );

	/** The KNOWN entry a mismatch is an instance of, or null. */
	private static function known_mismatch( string $name, string $native, string $fallback ): ?string {
		if ( 'validate' !== $name ) {
			return null;
		}
		$schema_entry = '/^ok \[0=>\["path"=>s"","keyword"=>s"schema","message"=>/';
		if ( preg_match( $schema_entry, $native ) && preg_match( $schema_entry, $fallback ) ) {
			// one `schema` violation each: only their messages differ (the standard profile's are
			// compared without messages), and a long message is shown hashed
			if ( 1 === substr_count( $native, '"keyword"=>' ) && 1 === substr_count( $fallback, '"keyword"=>' ) ) {
				return 'strict-schema-message';
			}
		}
		return null;
	}

	public static function iteration_seed( int $seed, int $i ): int {
		return (int) hexdec( substr( md5( "$seed/$i" ), 0, 7 ) );
	}
}

// ---------------------------------------------------------------------------------------------
// Command line.
// ---------------------------------------------------------------------------------------------

function options( array $argv ): array {
	$o = array(
		'ext'        => getenv( 'EXT_SO' ) ?: dirname( __DIR__, 3 ) . '/target/release/libmcp_native.so',
		'seed'       => 1,
		'iterations' => 5000,
		'batch'      => 500,
		'time'       => 0,
		'report'     => null,
		'only'       => null,
		'from'       => 0,
		'count'      => 0,
		'worker'     => false,
		'verbose'    => false,
		'strict-validate' => false,
		'strict-known'    => false,
		'batch-timeout'     => 120,
		'iteration-timeout' => 20,
	);
	foreach ( array_slice( $argv, 1 ) as $arg ) {
		if ( preg_match( '/^--([a-z-]+)(?:=(.*))?$/', $arg, $m ) && array_key_exists( $m[1], $o ) ) {
			$o[ $m[1] ] = $m[2] ?? true;
		} else {
			fwrite( STDERR, "unknown option $arg\n" );
			exit( 2 );
		}
	}
	foreach ( array( 'seed', 'iterations', 'batch', 'time', 'from', 'count', 'batch-timeout', 'iteration-timeout' ) as $k ) {
		$o[ $k ] = (int) $o[ $k ];
	}
	return $o;
}

function worker_main( array $o ): int {
	require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Contract.php';
	require_once dirname( __DIR__, 2 ) . '/validation/wp-core.php';
	mcp_native_load_wp_core(); // the fallback's standard profile asks WordPress core
	$native = extension_loaded( 'mcp_native' );
	$want   = 'none' !== $o['ext'];
	if ( $native !== $want ) {
		fwrite( STDERR, 'worker: the extension is ' . ( $native ? '' : 'not ' ) . "loaded, expected the opposite\n" );
		return 3;
	}
	ini_set( 'memory_limit', '2G' );
	$w        = new Worker( $native );
	$w->trace = (bool) $o['verbose'];
	for ( $i = $o['from']; $i < $o['from'] + $o['count']; $i++ ) {
		if ( $o['verbose'] ) {
			fwrite( STDERR, "iteration $i\n" );
		}
		$w->iteration( $o['seed'], $i );
	}
	echo 'SUMMARY ' . json_encode( $w->stats, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR ) . "\n";
	return 0;
}

/** @return array{exit:int, stdout:string, stderr:string} */
function run_worker( array $o, int $from, int $count, int $timeout ): array {
	// Capped address space: a runaway call allocating outside memory_limit (the extension's own
	// memory) fails this process, not the machine.
	$cmd = array( 'prlimit', '--as=' . ( 4 << 30 ), '--', 'timeout', '-s', 'KILL', (string) $timeout, PHP_BINARY, '-d', 'memory_limit=2G' );
	if ( 'none' !== $o['ext'] ) {
		array_push( $cmd, '-d', 'extension=' . $o['ext'] );
	}
	array_push( $cmd, __FILE__, '--worker', '--ext=' . $o['ext'], '--seed=' . $o['seed'], "--from=$from", "--count=$count" );
	$proc = proc_open( $cmd, array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes );
	$out  = stream_get_contents( $pipes[1] );
	$err  = stream_get_contents( $pipes[2] );
	$exit = proc_close( $proc );
	return array( 'exit' => $exit, 'stdout' => $out, 'stderr' => $err, 'command' => implode( ' ', array_map( 'escapeshellarg', $cmd ) ) );
}

function merge( array &$total, array $stats ): void {
	$total['iterations'] += $stats['iterations'];
	foreach ( array( 'calls', 'returned', 'threw', 'compared', 'reentrant', 'mismatches', 'notices', 'mutations', 'known', 'known_kinds' ) as $k ) {
		foreach ( $stats[ $k ] ?? array() as $name => $n ) {
			$total[ $k ][ $name ] = ( $total[ $k ][ $name ] ?? 0 ) + $n;
		}
	}
	foreach ( $stats['findings'] as $f ) {
		$same = count( array_filter( $total['findings'], fn( $g ) => $g['kind'] === $f['kind'] && $g['name'] === $f['name'] ) );
		if ( $same < 5 ) {
			$total['findings'][] = $f;
		}
	}
}

function driver_main( array $o ): int {
	if ( 'none' !== $o['ext'] && ! is_file( $o['ext'] ) ) {
		fwrite( STDERR, "fuzz: {$o['ext']} missing (build it, or pass --ext=none for the fallback alone)\n" );
		return 2;
	}
	$started = microtime( true );
	$total   = array( 'iterations' => 0, 'calls' => array(), 'returned' => array(), 'threw' => array(), 'compared' => array(), 'reentrant' => array(), 'mismatches' => array(), 'notices' => array(), 'mutations' => array(), 'known' => array(), 'known_kinds' => array(), 'findings' => array(), 'crashes' => array() );
	$first   = (int) ( $o['only'] ?? 0 );
	$end     = null === $o['only'] ? $o['iterations'] : $first + 1;
	for ( $from = $first; $from < $end; $from += $o['batch'] ) {
		if ( $o['time'] > 0 && microtime( true ) - $started > $o['time'] ) {
			break;
		}
		$count = min( $o['batch'], $end - $from );
		// A batch normally takes a few seconds; one that hangs is cut at this bound.
		$r = run_worker( $o, $from, $count, $o['batch-timeout'] );
		if ( 0 === $r['exit'] && preg_match( '/^SUMMARY (.*)$/m', $r['stdout'], $m ) ) {
			merge( $total, json_decode( $m[1], true ) );
			continue;
		}
		// A crash (signal, fatal error, timeout): find the iteration, one process per iteration.
		fwrite( STDERR, "fuzz: batch $from..+$count ended with exit {$r['exit']}; isolating\n" );
		$isolated = false;
		for ( $i = $from; $i < $from + $count; $i++ ) {
			if ( $o['time'] > 0 && microtime( true ) - $started > 2 * $o['time'] ) {
				break; // out of time: report the batch
			}
			$one = run_worker( $o, $i, 1, $o['iteration-timeout'] );
			if ( 0 !== $one['exit'] || ! preg_match( '/^SUMMARY (.*)$/m', $one['stdout'], $m1 ) ) {
				$total['crashes'][] = array(
					'seed'      => $o['seed'],
					'iteration' => $i,
					'exit'      => $one['exit'],
					'output'    => substr( trim( $one['stderr'] . $one['stdout'] ), -800 ),
					'reproduce' => $one['command'],
				);
				$isolated = true;
				break;
			}
			merge( $total, json_decode( $m1[1], true ) );
		}
		if ( ! $isolated ) {
			$total['crashes'][] = array( 'seed' => $o['seed'], 'iteration' => "$from..+$count (only as a batch)", 'exit' => $r['exit'], 'output' => substr( trim( $r['stderr'] . $r['stdout'] ), -800 ), 'reproduce' => $r['command'] );
		}
	}
	$total['seconds'] = round( microtime( true ) - $started, 1 );
	$total['implementation'] = 'none' === $o['ext'] ? 'fallback only' : 'native vs fallback';
	report( $total );
	if ( null !== $o['report'] ) {
		file_put_contents( $o['report'], json_encode( $total, JSON_PRETTY_PRINT | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES ) . "\n" );
	}
	$fatal_mismatches = array_sum( array_diff_key( $total['mismatches'], $o['strict-validate'] ? array() : array( 'validate' => 0 ) ) );
	$fatal_known = $o['strict-known'] ? array_sum( $total['known'] ) : 0;
	return ( $total['crashes'] || $total['notices'] || $total['mutations'] || $fatal_mismatches || $fatal_known ) ? 1 : 0;
}

function report( array $t ): void {
	printf( "php fuzz (%s): %d iterations in %.1f s, %d calls\n", $t['implementation'], $t['iterations'], $t['seconds'], array_sum( $t['calls'] ) );
	$names = array_unique( array_map( fn( $k ) => explode( '/', $k )[0], array_keys( $t['calls'] ) ) );
	sort( $names );
	printf( "  %-28s %8s %8s %8s %8s %8s %8s %8s %8s\n", 'function', 'calls', 'returned', 'threw', 'compared', 'mismatch', 'known', 'notices', 'mutated' );
	foreach ( $names as $n ) {
		$sum = fn( $k ) => ( $t[ $k ]["$n/native"] ?? 0 ) + ( $t[ $k ]["$n/fallback"] ?? 0 );
		printf( "  %-28s %8d %8d %8d %8d %8d %8d %8d %8d\n", $n, $sum( 'calls' ), $sum( 'returned' ), $sum( 'threw' ), $t['compared'][ $n ] ?? 0, $t['mismatches'][ $n ] ?? 0, $t['known'][ $n ] ?? 0, $sum( 'notices' ), $sum( 'mutations' ) );
	}
	printf( "  fallback's standard verdict against core's: %d compared, %d differ\n", $t['compared']['validate/core'] ?? 0, $t['mismatches']['validate/core'] ?? 0 );
	foreach ( $t['known_kinds'] as $kind => $n ) {
		printf( "  known mismatch %s (%d): %s\n", $kind, $n, Worker::KNOWN[ $kind ] ?? '?' );
	}
	printf( "  crashes: %d\n", count( $t['crashes'] ) );
	foreach ( $t['crashes'] as $c ) {
		printf( "  CRASH seed=%s iteration=%s exit=%s\n    reproduce: %s\n    %s\n", $c['seed'], $c['iteration'], $c['exit'], $c['reproduce'], str_replace( "\n", "\n    ", $c['output'] ) );
	}
	$shown = array();
	foreach ( $t['findings'] as $f ) {
		$key = $f['kind'] . $f['name'];
		if ( ( $shown[ $key ] = ( $shown[ $key ] ?? 0 ) + 1 ) > 3 ) {
			continue;
		}
		printf( "  %s in %s (iteration %d):\n    %s\n", array( 'mismatches' => 'MISMATCH', 'notices' => 'NOTICE', 'mutations' => 'ARGUMENTS CHANGED' )[ $f['kind'] ] ?? $f['kind'], $f['name'], $f['iteration'], str_replace( "\n", "\n    ", $f['detail'] ) );
	}
}

$o = options( $argv );
exit( $o['worker'] ? worker_main( $o ) : driver_main( $o ) );
