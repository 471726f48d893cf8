<?php
use McpNative\Plugin\Fallback\Arguments;
use McpNative\Plugin\Fallback\SchemaTransformer;
use PHPUnit\Framework\TestCase;

/**
 * The extension and the PHP fallback give identical results (values, key order, int/float kinds,
 * exceptions) on every case: the vectors and a seeded corpus of generated schemas full of what
 * the contract cleans (objects, closures, WordPress keys, empty properties, references, lists).
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
		for ( $i = 0; $i < 3000; $i++ ) {
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
		for ( $i = 0; $i < 2000; $i++ ) {
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

	/** A comparable record of a call: its serialised result, or its exception's class and message. */
	private function outcome( callable $call ): string {
		try {
			return 'ok:' . self::describe( $call() );
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
