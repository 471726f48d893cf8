<?php
use McpNative\Plugin\Contract;
use McpNative\Plugin\Fallback\BooleanCoercion;
use McpNative\Tests\Generated;
use PHPUnit\Framework\TestCase;

/**
 * The `standard` profile's boolean coercion: the answers it must give (whichever implementation
 * runs), and the extension's `McpNative\coerce_booleans()` and the fallback's
 * `BooleanCoercion` giving identical answers on crafted and generated inputs (nested objects,
 * lists of objects, tuples, patterns, stdClass schemas, references and cycles, depth and size
 * limits).
 */
final class BooleanCoercionParityTest extends TestCase {

	private static function object_schema( array $properties, array $extra = array() ): array {
		return array( 'type' => 'object', 'properties' => $properties ) + $extra;
	}

	/** @dataProvider answers */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'answers' )]
	public function test_the_coercion_gives_these_answers( $value, $schema, $expected ): void {
		$this->assertSame( $expected, Contract::coerce_booleans( $value, $schema ) );
	}

	public static function answers(): array {
		$boolean = array( 'type' => 'boolean' );
		$cases   = array(
			'true'                       => array( 'true', $boolean, true ),
			'upper case FALSE'           => array( 'FALSE', $boolean, false ),
			'yes / no / on / off'        => array( array( 'yes', 'No', 'ON', 'off' ), array( 'items' => $boolean ), array( true, false, true, false ) ),
			'1 and 0'                    => array( array( '1', '0' ), array( 'type' => 'array', 'items' => $boolean ), array( true, false ) ),
			'1 where a number is also allowed' => array( '1', array( 'type' => array( 'boolean', 'integer' ) ), '1' ),
			'true where a number is also allowed' => array( 'true', array( 'type' => array( 'boolean', 'number' ) ), true ),
			'a string is also allowed'   => array( 'true', array( 'type' => array( 'boolean', 'string' ) ), 'true' ),
			'nullable boolean'           => array( 'off', array( 'type' => array( 'boolean', 'null' ) ), false ),
			'not a boolean word'         => array( 'maybe', $boolean, 'maybe' ),
			'surrounding space'          => array( ' true', $boolean, ' true' ),
			'non-ASCII case is not folded' => array( "TRU\u{0130}", $boolean, "TRU\u{0130}" ),
			'an integer stays'           => array( 1, $boolean, 1 ),
			'null stays'                 => array( null, $boolean, null ),
			'no type: nothing to do'     => array( 'true', array( 'description' => 'x' ), 'true' ),
			'nested objects'             => array(
				array( 'a' => array( 'b' => array( 'c' => 'true', 'd' => 'true' ) ) ),
				self::object_schema( array( 'a' => self::object_schema( array( 'b' => self::object_schema( array( 'c' => $boolean ) ) ) ) ) ),
				array( 'a' => array( 'b' => array( 'c' => true, 'd' => 'true' ) ) ),
			),
			'a list of objects'          => array(
				array( array( 'on' => 'yes' ), array( 'on' => 'no' ), 'x' ),
				array( 'type' => 'array', 'items' => self::object_schema( array( 'on' => $boolean ) ) ),
				array( array( 'on' => true ), array( 'on' => false ), 'x' ),
			),
			'prefixItems, then nothing'  => array( array( 'true', 'true' ), array( 'prefixItems' => array( $boolean ), 'items' => array( 'type' => 'string' ) ), array( true, 'true' ) ),
			'an items tuple and additionalItems' => array( array( 'true', 'x', 'false' ), array( 'type' => 'array', 'items' => array( $boolean, array( 'type' => 'string' ) ), 'additionalItems' => $boolean ), array( true, 'x', false ) ),
			'a map is not a list'        => array( array( 1 => 'true' ), array( 'type' => 'array', 'items' => $boolean ), array( 1 => 'true' ) ),
			'patternProperties, first match wins' => array(
				array( 'flag_a' => 'yes', 'other' => 'yes', 'x#y' => 'on' ),
				array( 'patternProperties' => array( '^flag_' => $boolean, '^f' => array( 'type' => 'string' ), 'x#' => $boolean ) ),
				array( 'flag_a' => true, 'other' => 'yes', 'x#y' => true ),
			),
			'an invalid pattern matches nothing' => array( array( 'a' => 'true' ), array( 'patternProperties' => array( '(' => $boolean ) ), array( 'a' => 'true' ) ),
			'additionalProperties'       => array( array( 'known' => 'true', 'extra' => 'true' ), self::object_schema( array( 'known' => array( 'type' => 'string' ) ), array( 'additionalProperties' => $boolean ) ), array( 'known' => 'true', 'extra' => true ) ),
			'an integer-named property'  => array( array( 5 => 'true' ), self::object_schema( array( '5' => $boolean ) ), array( 5 => true ) ),
			'stdClass sub-schemas'       => array( array( 'a' => 'on' ), array( 'properties' => (object) array( 'a' => (object) $boolean ) ), array( 'a' => true ) ),
			'anyOf is not followed'      => array( array( 'a' => 'true' ), array( 'anyOf' => array( self::object_schema( array( 'a' => $boolean ) ) ) ), array( 'a' => 'true' ) ),
			'an object value is left alone' => array( array( 'a' => (object) array( 'b' => 'true' ) ), self::object_schema( array( 'a' => self::object_schema( array( 'b' => $boolean ) ) ) ), null ),
		);
		// The same object comes back.
		$cases['an object value is left alone'][2] = $cases['an object value is left alone'][0];
		return $cases;
	}

	public function test_values_past_the_depth_limit_are_left_alone(): void {
		$schema = array( 'type' => 'boolean' );
		$value  = 'true';
		for ( $i = 0; $i < BooleanCoercion::MAX_DEPTH; $i++ ) {
			$schema = self::object_schema( array( 'x' => $schema ) );
			$value  = array( 'x' => $value );
		}
		$coerced = Contract::coerce_booleans( $value, $schema );
		$leaf    = $coerced;
		for ( $i = 0; $i < BooleanCoercion::MAX_DEPTH; $i++ ) {
			$leaf = $leaf['x'];
		}
		$this->assertTrue( $leaf, 'at the limit' );

		$coerced = Contract::coerce_booleans( array( 'x' => $value ), self::object_schema( array( 'x' => $schema ) ) );
		$this->assertSame( array( 'x' => $value ), $coerced, 'one level deeper' );
	}

	public function test_the_caller_s_value_is_not_changed(): void {
		$value  = array( 'a' => 'true', 'list' => array( 'on' ) );
		$copy   = $value;
		$result = Contract::coerce_booleans( $value, self::object_schema( array( 'a' => array( 'type' => 'boolean' ) ), array( 'additionalProperties' => array( 'items' => array( 'type' => 'boolean' ) ) ) ) );
		$this->assertSame( array( 'a' => true, 'list' => array( true ) ), $result );
		$this->assertSame( $copy, $value );
	}

	/** @dataProvider crafted */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'crafted' )]
	public function test_extension_and_fallback_agree( $value, $schema ): void {
		$this->needs_extension();
		$this->assertSame( BooleanCoercion::coerce_booleans( $value, $schema ), \McpNative\coerce_booleans( $value, $schema ) );
	}

	public static function crafted(): array {
		$cases = array();
		foreach ( self::answers() as $name => $case ) {
			if ( is_array( $case[1] ) ) {
				$cases[ $name ] = array( $case[0], $case[1] );
			}
		}

		// Non-UTF-8 names against patterns; tuples whose keys are names of a stdClass.
		$cases['a non-UTF-8 name'] = array( array( "\xff" => 'true', 'ok' => 'true' ), array( 'patternProperties' => array( '.' => array( 'type' => 'boolean' ) ) ) );
		$cases['an items stdClass with numeric names'] = array( array( 'true', 'true' ), array( 'type' => 'array', 'items' => (object) array( '0' => array( 'type' => 'boolean' ) ), 'additionalItems' => array( 'type' => 'boolean' ) ) );
		$cases['empty prefixItems'] = array( array( 'true' ), array( 'prefixItems' => array(), 'items' => array( 'type' => 'boolean' ) ) );
		$cases['a null sub-schema'] = array( array( 'a' => 'true', 'b' => 'true' ), array( 'properties' => array( 'a' => null ), 'patternProperties' => array( 'b' => null ), 'additionalProperties' => array( 'type' => 'boolean' ) ) );
		$cases['a type list with non-strings'] = array( 'true', array( 'type' => array( 1, array( 'boolean' ), 'boolean' ) ) );
		return $cases;
	}

	/** Cycles through PHP references and objects (out of the data provider: PHPUnit would print them). */
	public function test_extension_and_fallback_agree_on_cycles(): void {
		$this->needs_extension();
		// A schema that contains itself through a reference, and a value that does.
		$self               = array( 'type' => 'object', 'properties' => array( 'flag' => array( 'type' => 'boolean' ) ) );
		$self['properties']['child'] = &$self;
		$value              = array( 'flag' => 'yes' );
		$value['child']     = &$value;
		$this->assert_agree( $value, $self );
		$this->assertSame( 'yes', $value['flag'], 'the caller\'s variable is not written through its reference' );

		// A schema that contains itself through an object.
		$object                        = new stdClass();
		$object->type                  = 'object';
		$object->additionalProperties  = $object;
		$object->properties            = (object) array( 'b' => (object) array( 'type' => 'boolean' ) );
		$nested                        = array( 'b' => 'on' );
		for ( $i = 0; $i < 100; $i++ ) {
			$nested = array( 'n' => $nested, 'b' => 'off' );
		}
		$this->assert_agree( $nested, array( 'additionalProperties' => $object ) );
	}

	/** Compared as serialize() writes them: `===` on a value that contains itself never ends. */
	private function assert_agree( $value, array $schema ): void {
		$this->assertSame( serialize( BooleanCoercion::coerce_booleans( $value, $schema ) ), serialize( \McpNative\coerce_booleans( $value, $schema ) ) );
	}

	/**
	 * Shared sub-arrays make a small value exponentially large: the walk stops at MAX_VISITS, alike.
	 *
	 * @group slow-under-valgrind
	 */
	#[\PHPUnit\Framework\Attributes\Group( 'slow-under-valgrind' )]
	public function test_huge_inputs_stay_bounded_and_agree(): void {
		$this->needs_extension();
		$schema = array( 'type' => 'object', 'properties' => array( 'flag' => array( 'type' => 'boolean' ) ) );
		$schema['additionalProperties'] = &$schema;
		$value  = array( 'flag' => 'maybe' );
		for ( $i = 0; $i < 40; $i++ ) {
			$value = array( 'flag' => 'maybe', 'a' => $value, 'b' => $value ); // 2^40 paths; `flag` first, before the visits run out
		}
		$value['flag'] = 'false';
		$started = microtime( true );
		$native  = \McpNative\coerce_booleans( $value, $schema );
		$this->assertLessThan( 30, microtime( true ) - $started, 'bounded: about a second here' );
		$this->assertSame( BooleanCoercion::coerce_booleans( $value, $schema ), $native );
		$this->assertFalse( $native['flag'] );

		$wide = array_fill( 0, BooleanCoercion::MAX_VISITS + 10, 'yes' );
		$list = array( 'type' => 'array', 'items' => array( 'type' => 'boolean' ) );
		$out  = \McpNative\coerce_booleans( $wide, $list );
		$this->assertTrue( $out[ BooleanCoercion::MAX_VISITS - 2 ] );
		$this->assertSame( 'yes', $out[ BooleanCoercion::MAX_VISITS - 1 ], 'past MAX_VISITS (the root counts one)' );
		$this->assertSame( BooleanCoercion::coerce_booleans( $wide, $list ), $out );
	}

	/** Seeded random schemas and values mixing every keyword the coercion reads. */
	public function test_generated_inputs_agree(): void {
		$this->needs_extension();
		mt_srand( 37 );
		for ( $i = 0, $generated = Generated::cases( 2000 ); $i < $generated; $i++ ) {
			$schema = self::random_schema( 3 );
			$schema = is_array( $schema ) ? $schema : array( 'additionalProperties' => $schema, 'items' => $schema );
			$value  = self::random_value( 3 );
			$this->assertSame(
				BooleanCoercion::coerce_booleans( $value, $schema ),
				\McpNative\coerce_booleans( $value, $schema ),
				'case ' . $i . ': ' . var_export( array( $value, $schema ), true )
			);
		}
	}

	private function needs_extension(): void {
		if ( ! function_exists( 'McpNative\coerce_booleans' ) ) {
			$this->markTestSkipped( 'parity needs the extension loaded (the native run of scripts/test-php.sh)' );
		}
	}

	private const NAMES   = array( 'a', 'b', 'flag_1', '0', '1', 'x#' );
	private const STRINGS = array( 'true', 'FALSE', '1', '0', 'yes', 'No', 'on', 'OFF', 'maybe', '' );
	private const TYPES   = array( 'boolean', 'string', 'integer', 'number', 'null', 'object', 'array' );

	private static function pick( array $from ) {
		return $from[ mt_rand( 0, count( $from ) - 1 ) ];
	}

	private static function random_schema( int $depth ): mixed {
		$roll = mt_rand( 0, 20 );
		if ( 0 === $roll ) {
			return self::pick( array( null, true, 'boolean', 3 ) );
		}
		$schema = array();
		if ( mt_rand( 0, 3 ) > 0 ) {
			$schema['type'] = mt_rand( 0, 2 ) ? self::pick( self::TYPES ) : array( self::pick( self::TYPES ), self::pick( self::TYPES ) );
		}
		if ( $depth > 0 ) {
			foreach ( array( 'properties', 'patternProperties' ) as $keyword ) {
				if ( mt_rand( 0, 2 ) === 0 ) {
					$map = array();
					foreach ( array_slice( self::NAMES, mt_rand( 0, 3 ), mt_rand( 1, 3 ) ) as $name ) {
						$map[ 'patternProperties' === $keyword ? '^' . $name : $name ] = self::random_schema( $depth - 1 );
					}
					$schema[ $keyword ] = mt_rand( 0, 4 ) ? $map : (object) $map;
				}
			}
			foreach ( array( 'additionalProperties', 'items', 'additionalItems' ) as $keyword ) {
				if ( mt_rand( 0, 3 ) === 0 ) {
					$schema[ $keyword ] = self::random_schema( $depth - 1 );
				}
			}
			if ( mt_rand( 0, 5 ) === 0 ) {
				$schema[ mt_rand( 0, 1 ) ? 'items' : 'prefixItems' ] = array( self::random_schema( $depth - 1 ), self::random_schema( $depth - 1 ) );
			}
		}
		return mt_rand( 0, 6 ) ? $schema : (object) $schema;
	}

	private static function random_value( int $depth ): mixed {
		$roll = mt_rand( 0, 9 );
		if ( $depth <= 0 || $roll < 5 ) {
			return mt_rand( 0, 4 ) ? self::pick( self::STRINGS ) : self::pick( array( 1, 0, 1.5, null, true, false ) );
		}
		$value = array();
		$count = mt_rand( 0, 4 );
		$list  = $roll < 8;
		for ( $i = 0; $i < $count; $i++ ) {
			$value[ $list ? $i : self::pick( self::NAMES ) ] = self::random_value( $depth - 1 );
		}
		return $value;
	}
}
