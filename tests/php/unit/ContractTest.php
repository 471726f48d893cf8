<?php
use McpNative\Plugin\Contract;
use McpNative\Plugin\SchemaEncoder;
use McpNative\Tests\Vectors;
use PHPUnit\Framework\TestCase;

/**
 * The schema and argument contract, through the plugin's facade: runs once on the extension and
 * once on the PHP fallback (scripts/test-php.sh), with the same expectations.
 */
final class ContractTest extends TestCase {
	public static function schema_vectors(): iterable {
		foreach ( Vectors::cases( 'schema_transformer' ) as $case ) {
			if ( in_array( $case->name, Vectors::DIFFERENT_ON_PURPOSE, true ) ) {
				continue;
			}
			yield $case->name => array( $case );
		}
	}

	/** @dataProvider schema_vectors */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'schema_vectors' )] // PHPUnit 10+ (Debian 13); the annotation is for 9.6
	public function test_reference_vectors_for_the_transformer( $case ): void {
		$schema   = Vectors::php( $case->input->schema );
		$key      = $case->input->wrapper_key ?? 'input';
		$expected = Vectors::php( $case->expected );
		$got      = Contract::transform_to_object_schema( $schema, $key );
		// Same values, same key order, same int/float kinds.
		$this->assertSame( $expected, $got );
		$this->assertSame( serialize( $expected ), serialize( $got ) );
	}

	public static function normalizer_vectors(): iterable {
		foreach ( Vectors::cases( 'ability_argument_normalizer' ) as $case ) {
			yield $case->name => array( $case );
		}
	}

	/** @dataProvider normalizer_vectors */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'normalizer_vectors' )]
	public function test_reference_vectors_for_the_normalizer( $case ): void {
		$schema   = Vectors::php( $case->input->input_schema );
		$expected = Vectors::php( $case->expected );
		if ( 'null_stays_null_with_schema' === $case->name ) {
			$expected = array(); // Seed rule: an object schema without default turns null into [].
		}
		$this->assertSame( $expected, Contract::normalize_arguments( $schema, Vectors::php( $case->input->parameters ) ) );
	}

	public static function wrap_unwrap_vectors(): iterable {
		foreach ( Vectors::cases( 'mcp_tool' ) as $case ) {
			$input = $case->input;
			if ( ! isset( $input->adapter_meta ) || ! Vectors::is_plain( $case ) ) {
				continue;
			}
			if ( property_exists( $input, 'arguments' ) || 0 === strpos( $case->name, 'wrap_' ) ) {
				yield $case->name => array( $case );
			}
		}
	}

	/** @dataProvider wrap_unwrap_vectors */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'wrap_unwrap_vectors' )]
	public function test_reference_vectors_for_wrap_and_unwrap( $case ): void {
		$meta     = Vectors::php( $case->input->adapter_meta );
		$expected = Vectors::php( $case->expected );
		if ( property_exists( $case->input, 'arguments' ) ) {
			$got = Contract::unwrap_input_if_needed( Vectors::php( $case->input->arguments ), $meta );
		} else {
			$got = Contract::wrap_output_if_needed( Vectors::php( $case->input->raw_result ), $meta );
		}
		$this->assertSame( $expected, $got );
	}

	public function test_flattened_schema_wrapped_with_every_keyword_kept_and_wordpress_keys_removed(): void {
		$schema = array(
			'type'              => 'string',
			'description'       => 'Post type',
			'enum'              => array( 'post', 'page', 'attachment' ),
			'sanitize_callback' => 'sanitize_key',
			'validate_callback' => 'rest_validate_request_arg',
			'arg_options'       => array( 'x' => 1 ),
			'default'           => 'post',
		);
		$got    = Contract::transform_to_object_schema( $schema, 'input' );
		$this->assertSame(
			array(
				'schema'           => array(
					'type'       => 'object',
					'properties' => array( 'input' => array( 'type' => 'string', 'description' => 'Post type', 'enum' => array( 'post', 'page', 'attachment' ), 'default' => 'post' ) ),
					'required'   => array( 'input' ),
				),
				'was_transformed'  => true,
				'wrapper_property' => 'input',
			),
			$got
		);
	}

	public function test_wordpress_keys_removed_at_every_schema_position_but_kept_in_data_and_property_names(): void {
		$schema = array(
			'type'       => 'object',
			'properties' => array(
				'tags'              => array( 'type' => 'array', 'items' => array( 'type' => 'string', 'sanitize_callback' => 'x' ) ),
				'choice'            => array( 'anyOf' => array( array( 'type' => 'integer', 'validate_callback' => 'y' ) ) ),
				'sanitize_callback' => array( 'type' => 'string' ),
				'opts'              => array( 'type' => 'object', 'default' => array( 'arg_options' => 'data stays' ), 'additionalProperties' => array( 'type' => 'string', 'arg_options' => array() ) ),
			),
		);
		$got    = Contract::transform_to_object_schema( $schema )['schema'];
		$this->assertSame( array( 'type' => 'string' ), $got['properties']['tags']['items'] );
		$this->assertSame( array( array( 'type' => 'integer' ) ), $got['properties']['choice']['anyOf'] );
		$this->assertSame( array( 'type' => 'string' ), $got['properties']['sanitize_callback'] );
		$this->assertSame( array( 'arg_options' => 'data stays' ), $got['properties']['opts']['default'] );
		$this->assertSame( array( 'type' => 'string' ), $got['properties']['opts']['additionalProperties'] );
	}

	public function test_empty_properties_never_reach_the_wire_at_any_depth(): void {
		$schema = array(
			'type'       => 'object',
			'properties' => array(
				'opts'       => array( 'type' => 'object', 'properties' => array() ),
				'more'       => array( 'type' => 'object', 'properties' => new stdClass() ),
				'properties' => array( 'type' => 'object' ),
				'list'       => array( 'type' => 'array', 'items' => array( 'type' => 'object', 'properties' => array( 'gone' => function () {} ) ) ),
			),
		);
		$got    = Contract::transform_to_object_schema( $schema )['schema'];
		$this->assertSame(
			'{"type":"object","properties":{"opts":{"type":"object"},"more":{"type":"object"},"properties":{"type":"object"},"list":{"type":"array","items":{"type":"object"}}}}',
			json_encode( $got )
		);
	}

	public function test_objects_become_arrays_and_values_json_cannot_carry_are_removed_with_their_key(): void {
		$resource = fopen( 'php://memory', 'r' );
		$schema   = array(
			'type'       => 'object',
			'properties' => (object) array(
				'a' => (object) array( 'type' => 'string', 'enum' => array( 'x', function () {}, 'y' ) ),
				'b' => array( 'type' => 'integer', 'handle' => $resource, 'obj' => new ArrayObject() ),
				'c' => new class() implements JsonSerializable {
					public function jsonSerialize(): mixed {
						return array( 'type' => 'boolean' );
					}
				},
			),
		);
		$got      = Contract::transform_to_object_schema( $schema )['schema'];
		$this->assertSame(
			array(
				'type'       => 'object',
				'properties' => array(
					'a' => array( 'type' => 'string', 'enum' => array( 'x', 'y' ) ),
					'b' => array( 'type' => 'integer' ),
					'c' => array( 'type' => 'boolean' ),
				),
			),
			$got
		);
		fclose( $resource );
	}

	public function test_reference_cycles_are_cut(): void {
		$schema                       = array( 'type' => 'object', 'properties' => array( 'name' => array( 'type' => 'string' ) ) );
		$schema['properties']['self'] = &$schema;
		$got                          = Contract::transform_to_object_schema( $schema )['schema'];
		$this->assertSame( array( 'type' => 'string' ), $got['properties']['name'] );
		$this->assertArrayNotHasKey( 'self', $got['properties']['self']['properties'] );
		$this->assertNotFalse( json_encode( $got ) );

		$node       = new stdClass();
		$node->type = 'object';
		$node->loop = $node;
		$got        = Contract::transform_to_object_schema( array( 'type' => 'object', 'properties' => array( 'n' => $node ) ) )['schema'];
		$this->assertSame( array( 'type' => 'object' ), $got['properties']['n'] );
	}

	public function test_nesting_past_the_limit_throws_a_clear_exception_with_the_path(): void {
		$schema = array( 'type' => 'string' );
		for ( $i = 0; $i < 200; $i++ ) {
			$schema = array( 'type' => 'object', 'properties' => array( 'p' => $schema ) );
		}
		try {
			Contract::transform_to_object_schema( $schema );
			$this->fail( 'no exception' );
		} catch ( McpNative\SchemaException $e ) {
			$this->assertInstanceOf( InvalidArgumentException::class, $e );
			$this->assertStringStartsWith( "Schema nesting exceeds the maximum depth of 128 at '/properties/p/properties/p/", $e->getMessage() );
		}
		$ok = array( 'type' => 'string' );
		for ( $i = 0; $i < 60; $i++ ) {
			$ok = array( 'type' => 'object', 'properties' => array( 'p' => $ok ) );
		}
		$this->assertFalse( Contract::transform_to_object_schema( $ok )['was_transformed'] );
	}

	public function test_the_callers_array_is_never_modified_and_an_unchanged_schema_costs_no_copy(): void {
		$schema = array( 'type' => 'object', 'properties' => array() );
		for ( $i = 0; $i < 2000; $i++ ) {
			$schema['properties'][ "p$i" ] = array( 'type' => 'string', 'description' => str_repeat( 'd', 40 ) );
		}
		$before = serialize( $schema );
		$memory = memory_get_usage();
		$result = Contract::transform_to_object_schema( $schema );
		$grown  = memory_get_usage() - $memory;
		$this->assertSame( $schema, $result['schema'] );
		$this->assertLessThan( 2048, $grown, 'an unchanged schema must come back without being copied' );

		$dirty                               = $schema;
		$dirty['properties']['p5']['arg_options'] = array( 'sanitize_callback' => 'x' );
		$snapshot                            = serialize( $dirty );
		$result                              = Contract::transform_to_object_schema( $dirty );
		$this->assertSame( $snapshot, serialize( $dirty ) );
		$this->assertSame( $before, serialize( $result['schema'] ) );
	}

	/** Issue 11: the wire encoding of a schema with nothing to change is the caller's array, not a copy. */
	public function test_an_unchanged_schema_leaves_for_the_wire_without_a_copy(): void {
		$schema = array( 'type' => 'object', 'properties' => array() );
		for ( $i = 0; $i < 2000; $i++ ) {
			$schema['properties'][ "p$i" ] = array( 'type' => 'string', 'description' => str_repeat( 'd', 40 ), 'required' => array( 'x' ) );
		}
		// the classes a first encoding loads (the fallback's) are not what is measured
		SchemaEncoder::tool_schema( array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string', 'required' => true ) ) ), 'input' );
		SchemaEncoder::ability_schema( array( 'type' => 'string' ) );
		$memory = memory_get_usage();
		$tool   = SchemaEncoder::tool_schema( $schema, 'input' );
		$grown  = memory_get_usage() - $memory;
		$this->assertSame( array( 'schema' => $schema, 'wrapper' => null ), $tool );
		$this->assertLessThan( 2048, $grown, 'an unchanged schema must come back without being copied' );
		$memory  = memory_get_usage();
		$ability = SchemaEncoder::ability_schema( $schema );
		$this->assertLessThan( 2048, memory_get_usage() - $memory );
		$this->assertSame( $schema, $ability );

		// One draft-3 flag: that property and the root are new, the other 1 999 are shared.
		$flagged                              = $schema;
		$flagged['properties']['p7']['required'] = true;
		$memory                               = memory_get_usage();
		$tool                                 = SchemaEncoder::tool_schema( $flagged, 'input' );
		$this->assertLessThan( 200 * 1024, memory_get_usage() - $memory );
		$this->assertSame( array( 'p7' ), $tool['schema']['required'] );
		$this->assertSame( array( 'type' => 'string', 'description' => str_repeat( 'd', 40 ) ), $tool['schema']['properties']['p7'] );
		$this->assertTrue( $flagged['properties']['p7']['required'], "the caller's array is not modified" );
	}

	public function test_unwrap_rules(): void {
		$meta = array( 'input_schema_transformed' => true, 'input_schema_wrapper' => 'input' );
		$this->assertSame( 'post', Contract::unwrap_input_if_needed( array( 'input' => 'post' ), $meta ) );
		$this->assertNull( Contract::unwrap_input_if_needed( 'post', $meta ) );
		$this->assertNull( Contract::unwrap_input_if_needed( new stdClass(), $meta ) );
		$this->assertSame( 7, Contract::unwrap_input_if_needed( array( 'q' => 7 ), array( 'input_schema_transformed' => true, 'input_schema_wrapper' => 'q' ) ) );
		$this->assertSame( 7, Contract::unwrap_input_if_needed( array( 'input' => 7 ), array( 'input_schema_transformed' => true, 'input_schema_wrapper' => 42 ) ) );
		$this->assertSame( array( 'input' => 7 ), Contract::unwrap_input_if_needed( array( 'input' => 7 ), array( 'input_schema_transformed' => 'yes' ) ) );
		$this->assertSame( array( 'input' => 7 ), Contract::unwrap_input_if_needed( array( 'input' => 7 ), array() ) );
	}

	public function test_wrap_rules(): void {
		$this->assertSame( array( 'result' => 42 ), Contract::wrap_output_if_needed( 42, array( 'output_schema_transformed' => true ) ) );
		$this->assertSame( array( 'out' => null ), Contract::wrap_output_if_needed( null, array( 'output_schema_transformed' => true, 'output_schema_wrapper' => 'out' ) ) );
		$this->assertSame( array( 'result' => array( 1 ) ), Contract::wrap_output_if_needed( array( 1 ), array( 'output_schema_transformed' => true, 'output_schema_wrapper' => ' ' ) ) );
		$this->assertSame( 42, Contract::wrap_output_if_needed( 42, array( 'output_schema_transformed' => 1 ) ) );
	}

	public function test_normalize_rules_from_the_seed(): void {
		$object = array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string' ) ) );
		$this->assertSame( array(), Contract::normalize_arguments( $object, null ) );
		$this->assertSame( array(), Contract::normalize_arguments( $object, array() ) );
		$this->assertSame( array(), Contract::normalize_arguments( array( 'description' => 'no type' ), null ) );
		$this->assertSame( array(), Contract::normalize_arguments( array( 'type' => array( 'object', 'null' ) ), null ) );
		$this->assertNull( Contract::normalize_arguments( array( 'type' => 'object', 'default' => array( 'a' => 'x' ) ), array() ) );
		$this->assertNull( Contract::normalize_arguments( array( 'type' => 'object', 'default' => null ), null ) );
		$this->assertNull( Contract::normalize_arguments( null, array() ) );
		$this->assertNull( Contract::normalize_arguments( array(), array() ) );
		$this->assertNull( Contract::normalize_arguments( array( 'type' => 'string' ), null ) );
		$this->assertSame( array(), Contract::normalize_arguments( array( 'type' => 'string' ), array() ) );
		$this->assertSame( array( 'a' => 'b' ), Contract::normalize_arguments( $object, array( 'a' => 'b' ) ) );
		$this->assertSame( 0, Contract::normalize_arguments( $object, 0 ) );
		$this->assertSame( '', Contract::normalize_arguments( null, '' ) );
	}

	/** php fuzz: a `type` that serialises to null or 'object' counts as what it serialises to. */
	public function test_type_given_by_a_json_serializable_object(): void {
		foreach ( array( null, 'object' ) as $serialised ) {
			$type = new class( $serialised ) implements JsonSerializable {
				public function __construct( private $value ) {}
				public function jsonSerialize(): mixed {
					return $this->value;
				}
			};
			$got  = Contract::transform_to_object_schema( array( 'type' => $type, 'description' => 'd' ), '' );
			$this->assertSame( array( 'schema' => array( 'type' => 'object', 'description' => 'd' ), 'was_transformed' => false, 'wrapper_property' => null ), $got );
		}
		$integer = new class() implements JsonSerializable {
			public function jsonSerialize(): mixed {
				return 'integer';
			}
		};
		$this->assertTrue( Contract::transform_to_object_schema( array( 'type' => $integer ) )['was_transformed'] );
	}

	/** php fuzz: a NUL byte in a key on the path of a too-deep schema (no exception message can carry it). */
	public function test_too_deep_path_through_a_key_with_a_nul_byte(): void {
		$schema = array( 'type' => 'string' );
		for ( $i = 0; $i < 200; $i++ ) {
			$schema = array( 'items' => $schema );
		}
		try {
			Contract::transform_to_object_schema( array( 'properties' => array( "a\0b" => $schema ) ) );
			$this->fail( 'no exception' );
		} catch ( McpNative\SchemaException $e ) {
			$this->assertStringStartsWith( "Schema nesting exceeds the maximum depth of 128 at '/properties/0x610062/items/items/", $e->getMessage() );
		}
	}

	public function test_invalid_utf8_wrapper_key_is_a_value_error(): void {
		$this->expectException( ValueError::class );
		Contract::transform_to_object_schema( array( 'type' => 'string' ), "\xff" );
	}
}
