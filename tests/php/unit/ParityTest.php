<?php
use McpNative\Plugin\Fallback\Arguments;
use McpNative\Plugin\Fallback\SchemaTransformer;
use McpNative\Tests\Generated;
use McpNative\Tests\Vectors;
use PHPUnit\Framework\TestCase;

/**
 * The extension and the PHP fallback give identical results (values, key order, int/float kinds,
 * exceptions) on every case: the vectors and a seeded corpus of generated schemas full of what
 * the contract cleans (objects, closures, WordPress keys, empty properties, references, lists).
 * The validators' parity: ValidatorParityTest.
 */
final class ParityTest extends TestCase {
	protected function setUp(): void {
		if ( ! extension_loaded( 'mcp_native' ) ) {
			$this->markTestSkipped( 'parity needs the extension loaded (the native run of scripts/test-php.sh)' );
		}
	}

	public function test_depth_limits_are_equal(): void {
		$this->assertSame( 128, \McpNative\MAX_DEPTH );
	}

	public function test_generated_schemas_transform_identically(): void {
		mt_srand( 20261130 );
		$differences = 0;
		for ( $i = 0, $generated = Generated::cases( 3000 ); $i < $generated; $i++ ) {
			$schema = $this->schema( 0 );
			if ( 0 === $i % 7 && ! is_object( $schema['properties'] ?? null ) ) {
				$schema['properties']['loop'] = &$schema;
			}
			$key    = array( 'input', 'result', 'x' )[ $i % 3 ];
			$native = $this->outcome( fn() => \McpNative\SchemaTransformer::transform_to_object_schema( $schema, $key ) );
			$php    = $this->outcome( fn() => SchemaTransformer::transform_to_object_schema( $schema, $key ) );
			if ( $native !== $php ) {
				++$differences;
				$this->assertSame( $php, $native, "case $i: " . var_export( $schema, true ) );
			}
			unset( $schema );
		}
		$this->assertSame( 0, $differences );
	}

	/**
	 * Issue 11: the wire encodings (the transform and the wire rules in one walk) agree on a
	 * generated corpus full of what those rules act on: draft-3 `required` flags, `required` of
	 * every type, empty sub-schemas, maps with list keys, lists of sub-schemas with other keys,
	 * `dependencies`, plus everything the transform cleans.
	 */
	public function test_generated_schemas_encode_identically_for_the_wire(): void {
		mt_srand( 20261201 );
		$differences = 0;
		for ( $i = 0, $generated = Generated::cases( 3000 ); $i < $generated; $i++ ) {
			$schema = $this->wire_schema( 0 );
			if ( 0 === $i % 11 && ! is_object( $schema['properties'] ?? null ) ) {
				$schema['properties']['loop'] = &$schema;
			}
			$key    = array( 'input', 'result', '0' )[ $i % 3 ];
			$before = self::content( $schema );
			$cases  = array(
				'tool'    => array( fn() => \McpNative\wire_tool_schema( $schema, $key ), fn() => SchemaTransformer::wire_tool_schema( $schema, $key ) ),
				'ability' => array( fn() => \McpNative\wire_ability_schema( $schema ), fn() => SchemaTransformer::wire_ability_schema( $schema ) ),
			);
			foreach ( $cases as $name => [ $native_call, $php_call ] ) {
				$native = $this->outcome( $native_call, true );
				$php    = $this->outcome( $php_call, true );
				if ( $native !== $php ) {
					++$differences;
					$this->assertSame( $php, $native, "case $i ($name): " . var_export( $schema, true ) );
				}
			}
			$this->assertSame( $before, self::content( $schema ), "case $i: the caller's schema changed" );
			unset( $schema );
		}
		$this->assertSame( 0, $differences );
	}

	/** Issue 11: the wire encodings agree on every vector schema (those we differ on on purpose too). */
	public function test_vector_schemas_encode_identically_for_the_wire(): void {
		$checked = 0;
		foreach ( Vectors::cases( 'schema_transformer' ) as $case ) {
			$schema = Vectors::php( $case->input->schema ?? null ) ?? array();
			$key    = $case->input->wrapper_key ?? 'input';
			$this->assertSame( $this->outcome( fn() => SchemaTransformer::wire_tool_schema( $schema, $key ), true ), $this->outcome( fn() => \McpNative\wire_tool_schema( $schema, $key ), true ), $case->name );
			$this->assertSame( $this->outcome( fn() => SchemaTransformer::wire_ability_schema( $schema ), true ), $this->outcome( fn() => \McpNative\wire_ability_schema( $schema ), true ), $case->name );
			++$checked;
		}
		$this->assertGreaterThan( 20, $checked );
	}

	/**
	 * Issue 11: hostile input to the wire encodings gives the same answer (or the same exception)
	 * in both: references and cycles inside `required`, jsonSerialize() that writes to its parent or
	 * returns itself, nesting past MAX_DEPTH inside `required`, huge maps of draft-3 flags.
	 */
	public function test_hostile_schemas_encode_identically_for_the_wire(): void {
		$cases = array(
			'required with a reference cycle'   => function () {
				$names   = array( 'a', 'b' );
				$names[] = &$names;
				return array( 'type' => 'object', 'required' => $names, 'properties' => array( 'a' => array( 'required' => true ) ) );
			},
			'required by reference'             => function () {
				$names  = array( 'a', 2 );
				$schema = array( 'type' => 'object', 'required' => &$names );
				return $schema;
			},
			'self-containing stdClass required' => function () {
				$names       = new stdClass();
				$names->a    = 'x';
				$names->self = $names;
				return array( 'type' => 'object', 'required' => $names );
			},
			'jsonSerialize returning itself'    => fn() => array(
				'type'     => 'object',
				'required' => new class() implements JsonSerializable {
					public function jsonSerialize(): mixed {
						return $this;
					}
				},
			),
			'jsonSerialize writing to its parent' => function () {
				$parent = new stdClass();
				$parent->a = array( 'type' => 'string', 'required' => true );
				$parent->m = new class( $parent ) implements JsonSerializable {
					public function __construct( private stdClass $parent ) {}
					public function jsonSerialize(): mixed {
						for ( $i = 0; $i < 40; $i++ ) {
							$this->parent->{"p$i"} = array( 'required' => true );
						}
						return array( 'type' => 'integer', 'required' => true );
					}
				};
				$parent->z = array( 'type' => 'string', 'required' => true );
				return array( 'type' => 'object', 'properties' => $parent );
			},
			'required nested past MAX_DEPTH'    => function () {
				$deep = 'x';
				for ( $i = 0; $i < 200; $i++ ) {
					$deep = array( $deep );
				}
				return array( 'type' => 'object', 'required' => array( 'a', $deep ) );
			},
			'properties nested past MAX_DEPTH'  => function () {
				$deep = array( 'type' => 'string', 'required' => true );
				for ( $i = 0; $i < 200; $i++ ) {
					$deep = array( 'type' => 'object', 'properties' => array( 'p' => $deep ) );
				}
				return $deep;
			},
			'20 000 draft-3 flags'              => function () {
				$properties = array();
				for ( $i = 0; $i < 20000; $i++ ) {
					$properties[ 0 === $i % 3 ? $i : "p$i" ] = array( 'type' => 'string', 'required' => 0 === $i % 2 );
				}
				return array( 'type' => 'object', 'properties' => $properties, 'required' => array( 'p1', 'p1', 7 ) );
			},
			'a list of properties, renumbered'  => fn() => array(
				'properties' => array( static function () {}, array( 'required' => true ), array( 'type' => 'string', 'required' => true ) ),
			),
			'required of odd scalars'           => fn() => array( 'type' => 'object', 'required' => array( 1, 0.1, 1e100, -0.0, INF, NAN, true, false, null, 'a' ) ),
		);
		foreach ( $cases as $name => $make ) {
			$native = $this->outcome( fn() => \McpNative\wire_tool_schema( $make(), 'input' ), true );
			$this->assertSame( $this->outcome( fn() => SchemaTransformer::wire_tool_schema( $make(), 'input' ), true ), $native, $name );
			$this->assertSame( $this->outcome( fn() => SchemaTransformer::wire_ability_schema( $make() ), true ), $this->outcome( fn() => \McpNative\wire_ability_schema( $make() ), true ), $name );
		}
		// What the rules say, for two of them.
		$flags = \McpNative\wire_tool_schema( $cases['20 000 draft-3 flags'](), 'input' )['schema'];
		$this->assertSame( 2 + 10000, count( $flags['required'] ) ); // p1 (once), "7", then every even index
		$this->assertSame( array( 'p1', '7', '0', 'p2' ), array_slice( $flags['required'], 0, 4 ) );
		$this->assertStringStartsWith( 'throws:McpNative\SchemaException:Schema nesting exceeds the maximum depth of 128 at \'/required/1/0/', $this->outcome( fn() => \McpNative\wire_tool_schema( $cases['required nested past MAX_DEPTH'](), 'input' ) ) );
	}

	public function test_arguments_functions_agree_on_generated_values(): void {
		mt_srand( 7 );
		$metas = array(
			array(),
			array( 'input_schema_transformed' => true ),
			array( 'input_schema_transformed' => true, 'input_schema_wrapper' => 'q', 'output_schema_transformed' => true, 'output_schema_wrapper' => 'out' ),
			array( 'input_schema_transformed' => 1, 'output_schema_transformed' => 'true' ),
			array( 'input_schema_transformed' => true, 'input_schema_wrapper' => " \t", 'output_schema_transformed' => true, 'output_schema_wrapper' => array() ),
		);
		$schemas = array( null, array(), array( 'type' => 'object' ), array( 'type' => 'string' ), array( 'default' => 1 ), array( 'type' => array( 'null', 'object' ) ), array( 'type' => null ), array( 'properties' => array() ) );
		for ( $i = 0, $generated = Generated::cases( 2000 ); $i < $generated; $i++ ) {
			$value = $this->data( 0 );
			$meta  = $metas[ $i % count( $metas ) ];
			$this->assertSame( self::describe( Arguments::unwrap_input_if_needed( $value, $meta ) ), self::describe( \McpNative\unwrap_input_if_needed( $value, $meta ) ) );
			$this->assertSame( self::describe( Arguments::wrap_output_if_needed( $value, $meta ) ), self::describe( \McpNative\wrap_output_if_needed( $value, $meta ) ) );
			foreach ( $schemas as $schema ) {
				foreach ( array( $value, null, array() ) as $parameters ) {
					$this->assertSame(
						self::describe( Arguments::normalize_arguments( $schema, $parameters ) ),
						self::describe( \McpNative\normalize_arguments( $schema, $parameters ) )
					);
				}
			}
		}
	}

	/** A comparable text of any value: keys, order, exact types; objects by identity. */
	private static function describe( $value ): string {
		if ( is_object( $value ) ) {
			return 'object#' . spl_object_id( $value );
		}
		if ( ! is_array( $value ) ) {
			return var_export( $value, true ) . ':' . gettype( $value );
		}
		$parts = array();
		foreach ( $value as $k => $v ) {
			$parts[] = var_export( $k, true ) . '=>' . self::describe( $v );
		}
		return '[' . implode( ',', $parts ) . ']';
	}

	/**
	 * A comparable text of a result that may hold new stdClass objects (`{}` on the wire): those
	 * by content, every other object by identity. Cut at 40 levels (a caller's schema may hold a
	 * reference cycle).
	 */
	private static function content( $value, int $depth = 0 ): string {
		if ( $depth > 40 ) {
			return '…';
		}
		if ( $value instanceof stdClass ) {
			return 'stdClass' . self::content( (array) $value, $depth + 1 );
		}
		if ( ! is_array( $value ) ) {
			return self::describe( $value );
		}
		$parts = array();
		foreach ( $value as $k => $v ) {
			$parts[] = var_export( $k, true ) . '=>' . self::content( $v, $depth + 1 );
		}
		return '[' . implode( ',', $parts ) . ']';
	}

	/** A comparable record of a call: its serialised result, or its exception's class and message. */
	private function outcome( callable $call, bool $by_content = false ): string {
		try {
			$result = $call();
			return 'ok:' . ( $by_content ? self::content( $result ) : self::describe( $result ) );
		} catch ( Throwable $e ) {
			return 'throws:' . get_class( $e ) . ':' . $e->getMessage();
		}
	}

	private function schema( int $depth ): array {
		$types  = array( 'string', 'integer', 'number', 'boolean', 'array', 'object', 'object', 'null', array( 'string', 'null' ), array( 'object', 'null' ), 'Object' );
		$schema = array();
		$keys   = array( 'type', 'description', 'properties', 'items', 'anyOf', 'enum', 'default', 'sanitize_callback', 'validate_callback', 'arg_options', 'additionalProperties', 'required', '$defs', 'minimum', 'examples', 'patternProperties' );
		shuffle( $keys );
		foreach ( array_slice( $keys, 0, mt_rand( 0, 6 ) ) as $key ) {
			switch ( $key ) {
				case 'type':
					$schema['type'] = $types[ mt_rand( 0, count( $types ) - 1 ) ];
					if ( 0 === mt_rand( 0, 15 ) ) {
						$schema['type'] = null;
					}
					break;
				case 'properties':
				case '$defs':
				case 'patternProperties':
					$props = array();
					$count = $depth > 3 ? 0 : mt_rand( 0, 4 );
					for ( $p = 0; $p < $count; $p++ ) {
						$props[ array( 'a', 'b', 'properties', 'sanitize_callback', '0', 'type', "k$p" )[ mt_rand( 0, 6 ) ] ] = $this->schema( $depth + 1 );
					}
					$schema[ $key ] = 0 === mt_rand( 0, 3 ) ? (object) $props : $props;
					break;
				case 'items':
					$schema['items'] = 0 === mt_rand( 0, 3 ) ? array( $this->schema( $depth + 1 ), $this->schema( $depth + 1 ) ) : $this->schema( $depth + 1 );
					break;
				case 'anyOf':
					$schema['anyOf'] = $depth > 3 ? array() : array( $this->schema( $depth + 1 ), $this->oddity() );
					break;
				case 'additionalProperties':
					$schema[ $key ] = mt_rand( 0, 1 ) ? (bool) mt_rand( 0, 1 ) : $this->schema( $depth + 1 );
					break;
				default:
					$schema[ $key ] = $depth > 3 ? 'leaf' : $this->data( $depth + 1 );
			}
		}
		return $schema;
	}

	/** A schema full of what the wire rules act on (and what the transform cleans). */
	private function wire_schema( int $depth ) {
		$schema = array();
		$keys   = array( 'type', 'properties', 'properties', 'required', 'items', 'anyOf', 'dependencies', 'not', 'patternProperties', 'enum', 'sanitize_callback', 'description' );
		shuffle( $keys );
		foreach ( array_slice( $keys, 0, mt_rand( 0, 5 ) ) as $key ) {
			$deeper = $depth < 4;
			switch ( $key ) {
				case 'type':
					$schema['type'] = array( 'object', 'string', null, array( 'object', 'null' ) )[ mt_rand( 0, 3 ) ];
					break;
				case 'properties':
				case 'patternProperties':
					$props = array();
					for ( $p = $deeper ? mt_rand( 0, 4 ) : 0; $p > 0; $p-- ) {
						$name           = array( 'a', 'b', '0', '1', 'properties', 'required', "k$p", 7 )[ mt_rand( 0, 7 ) ];
						$props[ $name ] = $this->wire_property( $depth + 1 );
					}
					if ( 0 === mt_rand( 0, 5 ) ) {
						$props = array( $this->wire_property( $depth + 1 ), $this->wire_property( $depth + 1 ) );
					}
					$schema[ $key ] = 0 === mt_rand( 0, 4 ) ? (object) $props : $props;
					break;
				case 'required':
					$schema['required'] = $this->required_value();
					break;
				case 'items':
					$schema['items'] = array( array(), $this->wire_schema( $depth + 1 ), array( $this->wire_schema( $depth + 1 ), array() ), array( 2 => array( 'type' => 'string' ), 'x' => true ) )[ $deeper ? mt_rand( 0, 3 ) : 0 ];
					break;
				case 'anyOf':
					$schema['anyOf'] = $deeper ? array( 'a' => $this->wire_schema( $depth + 1 ), 3 => array(), 'c' => $this->oddity() ) : array();
					if ( mt_rand( 0, 1 ) ) {
						$schema['anyOf'] = array_values( $schema['anyOf'] );
					}
					break;
				case 'dependencies':
					$schema['dependencies'] = array( 'a' => array( 'b', 'c' ), 'b' => array(), 'c' => $deeper ? $this->wire_schema( $depth + 1 ) : true, 'd' => array( array( 'sanitize_callback' => 'x' ) ) );
					if ( 0 === mt_rand( 0, 3 ) ) {
						$schema['dependencies'] = array( array( 'x' ), array() );
					}
					break;
				case 'not':
					$schema['not'] = $deeper ? $this->wire_schema( $depth + 1 ) : array();
					break;
				default:
					$schema[ $key ] = $this->data( $depth + 1 );
			}
		}
		return $schema;
	}

	/** A property's schema: often with a draft-3 `required`, sometimes not a schema at all. */
	private function wire_property( int $depth ) {
		switch ( mt_rand( 0, 7 ) ) {
			case 0:
				return array( 'required' => (bool) mt_rand( 0, 1 ) );
			case 1:
				return array();
			case 2:
				return true;
			case 3:
				return $this->oddity();
			case 4:
				return (object) array( 'type' => 'string', 'required' => true );
			case 5:
				return new class() implements JsonSerializable {
					public function jsonSerialize(): mixed {
						return array( 'type' => 'integer', 'required' => true );
					}
				};
			default:
				$schema = $this->wire_schema( $depth );
				if ( mt_rand( 0, 1 ) ) {
					$schema['required'] = mt_rand( 0, 2 ) ? true : $this->required_value();
				}
				return $schema;
		}
	}

	/** A `required` of any type: names, numbers, booleans, nested arrays, objects. */
	private function required_value() {
		switch ( mt_rand( 0, 6 ) ) {
			case 0:
				return true;
			case 1:
				return 'a';
			case 2:
				return array( 'a', 'b', 'a' );
			case 3:
				return array( 3 => 'b', 'x' => 'a' );
			case 4:
				return array( 1, 2.5, true, false, null, array( 'a' ), 'a', -0.0, 1e100, $this->oddity() );
			case 5:
				return (object) array( 'a', 'b' );
			default:
				return new class() implements JsonSerializable {
					public function jsonSerialize(): mixed {
						return array( 'a', 7 );
					}
				};
		}
	}

	/** Something the transformer must clean. */
	private function oddity() {
		switch ( mt_rand( 0, 5 ) ) {
			case 0:
				return function () {};
			case 1:
				return new ArrayObject( array( 1 ) );
			case 2:
				return (object) array( 'type' => 'string', 'sanitize_callback' => 'trim' );
			case 3:
				return new class() implements JsonSerializable {
					public function jsonSerialize(): mixed {
						return array( 'type' => 'integer', 'arg_options' => 1 );
					}
				};
			case 4:
				return array( 'properties' => new stdClass() );
			default:
				return 1.5;
		}
	}

	private function data( int $depth ) {
		switch ( mt_rand( 0, 9 ) ) {
			case 0:
				return null;
			case 1:
				return mt_rand( -5, 5 );
			case 2:
				return mt_rand( 0, 100 ) / 7;
			case 3:
				return array( 'x', 'sanitize_callback', "\xff\xfe" )[ mt_rand( 0, 2 ) ];
			case 4:
				return (bool) mt_rand( 0, 1 );
			case 5:
				return $this->oddity();
			case 6:
				return array();
			default:
				if ( $depth > 4 ) {
					return 'deep';
				}
				$out = array();
				for ( $i = mt_rand( 0, 3 ); $i > 0; $i-- ) {
					if ( mt_rand( 0, 1 ) ) {
						$out[] = $this->data( $depth + 1 );
					} else {
						$out[ array( 'input', 'q', 'out', 'type', 'sanitize_callback' )[ mt_rand( 0, 4 ) ] ] = $this->data( $depth + 1 );
					}
				}
				return $out;
		}
	}
}
