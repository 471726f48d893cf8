<?php
use McpNative\Plugin\Contract;
use McpNative\Plugin\Fallback\Validator;
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

/**
 * The PHP fallback's validator (called directly, so both runs of the unit suite test it): core's
 * verdicts at every depth a request can carry, uniqueItems and enum without pairwise comparison,
 * and the violation cap shared with the extension.
 */
final class FallbackValidatorTest extends TestCase {
	private const ITEMS = array( 'type' => 'array', 'uniqueItems' => true );

	private static function nested( int $depth, $leaf ) {
		for ( $i = 0; $i < $depth; $i++ ) {
			$leaf = array( $leaf );
		}
		return $leaf;
	}

	public function test_deep_equal_items_are_duplicates_and_deep_enum_members_match(): void {
		foreach ( array( 'standard', 'strict' ) as $profile ) {
			$deep = self::nested( 'standard' === $profile ? 500 : 100, 'x' );
			$this->assertSame( array( ' uniqueItems' ), self::places( Validator::validate( array( $deep, $deep ), self::ITEMS, $profile ) ), $profile );
			$this->assertSame( array(), Validator::validate( array( $deep, self::nested( 3, 'x' ) ), self::ITEMS, $profile ), $profile );
			$this->assertSame( array(), Validator::validate( $deep, array( 'enum' => array( 1, $deep ) ) + ( 'strict' === $profile ? array() : array( 'type' => 'array' ) ), $profile ), $profile );
		}
	}

	/**
	 * Core's enum message json_encode()s the members: a member nested 20 000 levels deep, or a
	 * jsonSerialize() chain, crashed the process (found by the PHP fuzzer, seed 1, iteration 15279).
	 */
	public function test_an_enum_core_cannot_print_is_a_schema_violation_not_a_crash(): void {
		$result = ChildProcess::run_php(
			ChildProcess::prelude() . '
			$deep = "leaf";
			for ( $i = 0; $i < 20000; $i++ ) { $deep = array( $deep ); }
			$chain = new class implements JsonSerializable { public $n = 0; public function jsonSerialize(): mixed { $next = clone $this; $next->n++; return $next->n < 50000 ? $next : 1; } };
			foreach ( array( $deep, $chain ) as $member ) {
				$v = McpNative\Plugin\Fallback\Validator::validate( "nope", array( "type" => "string", "enum" => array( "a", $member ) ) );
				echo $v[0]["keyword"], "|", $v[0]["path"], "\n";
			}',
			false
		);
		$this->assertSame( 0, $result['exit'], $result['stderr'] . $result['stdout'] );
		$this->assertSame( "schema|\nschema|\n", $result['stdout'] );
	}

	/** Items equal as JSON values, however PHP holds them, are duplicates (and no others). */
	public function test_strict_unique_items_compare_json_values(): void {
		$cases = array(
			array( array( 1, 1.0 ), false ),
			array( array( (object) array( 'a' => 1, 'b' => 2 ), (object) array( 'b' => 2, 'a' => 1 ) ), false ),
			array( array( array( 'a,sb' ), array( 'a', 'b' ) ), true ),
			array( array( '1', 1, true, null, array(), new stdClass() ), true ),
		);
		foreach ( $cases as $i => [ $items, $unique ] ) {
			$this->assertSame( $unique ? array() : array( ' uniqueItems' ), self::places( Validator::validate( $items, self::ITEMS, 'strict' ) ), "case $i" );
		}
	}

	/** 2 000 000 values in one item and 60 000 equal items after it: one hash per item, exact verdict. */
	public function test_large_unique_items_input_is_hashed_not_compared_in_pairs(): void {
		$code = ChildProcess::prelude() . <<<'PHP'
$value = array_merge( array( range( 1, 2000000 ) ), array_fill( 0, 60000, 0 ) );
foreach ( array( 'standard', 'strict' ) as $profile ) {
	$r = McpNative\Plugin\Fallback\Validator::validate( $value, array( 'type' => 'array', 'uniqueItems' => true ), $profile );
	echo $profile, ':', json_encode( array_column( $r, 'keyword' ) ), "\n";
}
PHP;
		$r = ChildProcess::run_php( $code, extension_loaded( 'mcp_native' ), 120 );
		$this->assertSame( 0, $r['exit'], $r['stderr'] . $r['stdout'] );
		$this->assertSame( "standard:[\"uniqueItems\"]\nstrict:[\"uniqueItems\"]\n", $r['stdout'] );
	}

	/**
	 * The member names' path tokens kept between calls stay bounded: a 5 000-member object's
	 * names are not all kept (only one at a time, as before), a small object's are learnt at
	 * once, and the paths are right either way.
	 */
	public function test_kept_path_tokens_stay_bounded_and_paths_right(): void {
		$kept       = Closure::bind( static fn() => Validator::$tokens, null, Validator::class );
		$properties = array();
		$value      = array();
		for ( $i = 0; $i < 5000; $i++ ) {
			$properties[ "p$i" ] = array( 'type' => 'string' );
			$value[ "p$i" ]      = $i;
		}
		$violations = Validator::validate( $value, array( 'type' => 'object', 'properties' => $properties ) );
		$this->assertCount( 101, $violations ); // 100, then `truncated`
		$this->assertSame( array( '/p0', '/p1' ), array_column( array_slice( $violations, 0, 2 ), 'path' ) );
		$this->assertLessThanOrEqual( 1024, count( $kept() ) );

		$small = array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string' ), 'b/c' => array( 'type' => 'string' ), 'd' => array( 'type' => 'string' ) ) );
		$this->assertSame( array( '/a', '/d' ), array_column( Validator::validate( array( 'a' => 1, 'd' => 2 ), $small ), 'path' ) );
		$this->assertSame( array( 'a', 'd' ), array_values( array_intersect( array( 'a', 'd' ), array_keys( $kept() ) ) ), 'a plain object\'s names are kept at once' );
		$this->assertSame( array( '/a', '/b~1c', '/d' ), array_column( Validator::validate( array( 'a' => 1, 'b/c' => 2, 'd' => 3 ), $small ), 'path' ) );
		$this->assertLessThanOrEqual( 1024, count( $kept() ) );
	}

	public function test_violations_are_capped_with_the_exact_total(): void {
		$value = array_fill( 0, 1000, 'not an integer' );
		foreach ( array( 'standard', 'strict' ) as $profile ) {
			$violations = Validator::validate( $value, array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) ), $profile );
			$this->assertCount( 101, $violations, $profile );
			$this->assertSame( array( 'path' => '/99', 'keyword' => 'type' ), array_slice( $violations[99], 0, 2 ), $profile );
			$this->assertSame( array( 'path' => '', 'keyword' => 'truncated', 'message' => '1000 violations in total; the first 100 are listed' ), $violations[100], $profile );
		}
		$this->assertCount( 100, Validator::validate( array_fill( 0, 100, 'x' ), array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) ) ) );
	}

	/** Where the extension caps too, both give the same list (the fallback's wording is core's). */
	public function test_the_cap_is_the_extensions(): void {
		if ( ! extension_loaded( 'mcp_native' ) || ! array_key_exists( 'McpNative\\MAX_VIOLATIONS', ( new ReflectionExtension( 'mcp_native' ) )->getConstants() ) ) {
			$this->markTestSkipped( 'needs an extension that declares McpNative\\MAX_VIOLATIONS (issue 10)' );
		}
		$this->assertSame( \McpNative\MAX_VIOLATIONS, 100 );
		$value  = array_fill( 0, 250, 'x' );
		$schema = array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) );
		$native   = \McpNative\validate( $value, $schema );
		$fallback = Validator::validate( $value, $schema );
		$this->assertSame( self::places( $native ), self::places( $fallback ) );
		$this->assertSame( end( $native ), end( $fallback ) );
	}

	/** Core is the judge: what core accepts the fallback accepts, and it names every violation. */
	public function test_standard_verdict_is_cores(): void {
		$schema = array( 'type' => 'object', 'properties' => array( 'n' => array( 'type' => 'integer', 'minimum' => 2 ), 'e' => array( 'type' => 'string', 'format' => 'email' ) ) );
		foreach ( array( array( 'n' => '3', 'e' => 'a@b.co' ), array( 'n' => 1 ), array( 'e' => 'nope' ), array( 'n' => 'x', 'e' => 'x' ) ) as $value ) {
			$core = rest_validate_value_from_schema( $value, $schema, 'value' );
			$this->assertSame( true === $core, array() === Validator::validate( $value, $schema ), json_encode( $value ) );
		}
		$this->assertSame( array( '/n type', '/e format' ), self::places( Validator::validate( array( 'n' => 'x', 'e' => 'x' ), $schema ) ) );
	}

	/**
	 * The standard fallback walks the value itself, node by node, with core's functions (no whole
	 * call first): core's quirks that decide a verdict must hold in that walk too. Each case was a
	 * difference from core or from the extension once.
	 */
	public function test_the_walk_keeps_cores_verdicts_where_core_is_quirky(): void {
		$cases = array(
			// a type list falls back to its first unknown member; a member PHP reads as false fails
			array( true, array( 'type' => array( '0' ) ), array( ' type' ) ),
			array( 5, array( 'type' => array( 'x' => null, 'y' => 0.87 ) ), array( ' type' ) ),
			array( 5, array( 'type' => array( 0.87, 'string' ) ), array() ),
			// `true` is the 'null' case of core's loose switch
			array( 5, array( 'type' => true ), array( ' type' ) ),
			array( null, array( 'type' => true ), array() ),
			// `format` on a value that is no string: core reads a scalar as its string, an array as ''
			array( array( 'x', 'y' ), array( 'type' => array( 'string', 'bar' ), 'format' => 'uri' ), array() ),
			array( array( 'x', 'y' ), array( 'type' => array( 'string', 'bar' ), 'format' => 'ip', 'enum' => array( 'a', 'b' ) ), array( ' enum', ' format' ) ),
			// an integer failing one keyword may fail being whole too
			array( array( 'n' => 2.5 ), array( 'type' => 'object', 'properties' => array( 'n' => array( 'type' => 'integer', 'multipleOf' => 3 ) ) ), array( '/n multipleOf', '/n type' ) ),
			array( '38.6', array( 'type' => 'integer', 'multipleOf' => 0.5 ), array( ' multipleOf', ' type' ) ),
			// (int) "1e400" is 0: in the enum
			array( array( 'a' => '1e400' ), array( 'type' => 'object', 'additionalProperties' => array( 'type' => 'integer', 'enum' => array( 1, 0, 7 ) ) ), array() ),
		);
		foreach ( $cases as $i => [ $value, $schema, $places ] ) {
			set_error_handler( static fn() => true );
			$core = rest_validate_value_from_schema( $value, $schema, 'value' );
			restore_error_handler();
			$this->assertSame( array() === $places, true === $core, "case $i: the expectation is core's" );
			$this->assertSame( $places, self::places( Validator::validate( $value, $schema ) ), "case $i (fallback)" );
			if ( extension_loaded( 'mcp_native' ) ) {
				$this->assertSame( $places, self::places( \McpNative\validate( $value, $schema ) ), "case $i (extension)" );
			}
		}
	}

	/**
	 * The strict profile's messages print numbers as the extension does (a float bound as (string)
	 * at precision 14, a zero with its sign; a whole multiplier below 1e15 as an integer) and a
	 * schema's ill-formed UTF-8 as
	 * U+FFFD per maximal ill-formed part (WordPress's wp_scrub_utf8(), as Rust's from_utf8_lossy).
	 */
	public function test_strict_messages_print_numbers_and_bytes_as_the_extension(): void {
		$cases = array(
			array( -1, array( 'minimum' => 0.1 ), 'value must be greater than or equal to 0.1.' ),
			array( 1e21, array( 'maximum' => 1e20 ), 'value must be less than or equal to 1.0E+20.' ),
			array( 1, array( 'exclusiveMaximum' => 1 / 3 ), 'value must be less than 0.33333333333333.' ),
			array( -5, array( 'minimum' => -1.5e-7 ), 'value must be greater than or equal to -1.5E-7.' ),
			array( 1e15, array( 'maximum' => 999999999999999.0 ), 'value must be less than or equal to 1.0E+15.' ),
			array( 2e14, array( 'maximum' => 1e14 ), 'value must be less than or equal to 1.0E+14.' ),
			array( 2e14, array( 'maximum' => 100000000000000 ), 'value must be less than or equal to 100000000000000.' ),
			array( 5, array( 'multipleOf' => 1e14 ), 'value must be a multiple of 100000000000000.' ),
			array( 5, array( 'multipleOf' => 3.0 ), 'value must be a multiple of 3.' ),
			array( 5, array( 'multipleOf' => 0.3 ), 'value must be a multiple of 0.3.' ),
			array( 1, array( 'maximum' => -0.0 ), 'value must be less than or equal to -0.' ),
			array( 'ab', array( 'pattern' => "^\xffx" ), "value does not match pattern ^\u{FFFD}x." ),
			array( 'ab', array( 'pattern' => "^\xe2\x82x" ), "value does not match pattern ^\u{FFFD}x." ),
		);
		foreach ( $cases as $i => [ $value, $schema, $message ] ) {
			$fallback = Validator::validate( $value, $schema, 'strict' );
			$this->assertSame( array( $message ), array_column( $fallback, 'message' ), "case $i" );
			if ( extension_loaded( 'mcp_native' ) ) {
				$this->assertSame( $fallback, \McpNative\validate( $value, $schema, 'strict' ), "case $i (extension)" );
			}
		}
	}

	/** Without WordPress the fallback has no core functions to lean on: it says so, in both profiles. */
	public function test_without_wordpress_the_fallback_says_so(): void {
		$contract = var_export( dirname( __DIR__, 3 ) . '/wp-plugin/includes/Contract.php', true );
		$code     = "<?php\nrequire $contract;\nforeach ( array( 'standard', 'strict' ) as \$p ) {\n try { McpNative\\Plugin\\Fallback\\Validator::validate( 1, array( 'type' => 'integer' ), \$p ); echo \"none \"; }\n catch ( LogicException \$e ) { echo 'LogicException '; }\n}\n";
		$r        = ChildProcess::run_php( $code, false );
		$this->assertSame( 0, $r['exit'], $r['stderr'] );
		$this->assertSame( 'LogicException LogicException ', $r['stdout'] );
	}

	/**
	 * Strict `multipleOf` as the extension's jsonschema crate decides it: exactly for integers and
	 * in the decimals both numbers print as (0.1 is 1/10), not within a tolerance (the fallback
	 * accepted 0.1 + 0.2 as a multiple of 0.1, and 5 as one of 1e14).
	 */
	public function test_strict_multiple_of_is_decided_as_the_extension_decides_it(): void {
		$cases = array(
			array( 0.3, 0.1, true ),
			array( 0.1 + 0.2, 0.1, false ),
			array( 60.400000000000006, 0.1, false ),
			array( 7, 0.5, true ),
			array( 4.5, 1.5, true ),
			array( 5, 1e14, false ),
			array( 1e-12, 1, false ),
			array( 0, 0.7, true ),
			array( 9007199254740993, 3, true ),
			array( 12.5, 2.5, true ),
			array( -0.75, 0.25, true ),
		);
		$precision = ini_get( 'serialize_precision' );
		foreach ( array_merge( $cases, $cases ) as $i => [ $value, $multiple, $ok ] ) {
			if ( count( $cases ) === $i ) {
				ini_set( 'serialize_precision', '17' ); // a site's setting does not change the decimals read
			}
			$schema = array( 'multipleOf' => $multiple );
			$this->assertSame( $ok ? array() : array( 'multipleOf' ), array_column( Validator::validate( $value, $schema, 'strict' ), 'keyword' ), "case $i" );
			if ( extension_loaded( 'mcp_native' ) ) {
				$this->assertSame( $ok ? array() : array( 'multipleOf' ), array_column( \McpNative\validate( $value, $schema, 'strict' ), 'keyword' ), "case $i (extension)" );
			}
		}
		ini_set( 'serialize_precision', $precision );
		$this->assertSame( $precision, ini_get( 'serialize_precision' ) );
	}

	/**
	 * What core says about a schema (a missing type, an invalid pattern, an enum or a bound of the
	 * wrong kind) is not said by the fallback's walk, which asks core about a node more than once;
	 * a schema core reads without a word is walked without the error handler that silences it.
	 */
	public function test_core_says_nothing_about_a_schema_through_the_fallback(): void {
		$said = array();
		set_error_handler(
			static function ( int $no, string $message ) use ( &$said ): bool {
				$said[] = $message;
				return true;
			}
		);
		try {
			$cases = array(
				array( 5, array( 'enum' => array( 1, 2 ) ) ),
				array( 'abc', array( 'type' => 'string', 'pattern' => '(' ) ),
				array( 'abc', array( 'type' => 'string', 'enum' => 'abc' ) ),
				array( 'abc', array( 'type' => 'string', 'minLength' => new \stdClass() ) ),
				array( array( 1 ), array( 'type' => 'array', 'items' => array( 'type' => 'integer' ), 'enum' => array( array( new \stdClass() ) ) ) ),
				array( array( 'a' => 1 ), array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'bar', 'format' => 'email' ) ) ) ),
				array( array( 'a' => 1 ), array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'integer' ) ) ) ),
			);
			foreach ( $cases as [ $value, $schema ] ) {
				Validator::validate( $value, $schema );
			}
		} finally {
			restore_error_handler();
		}
		$this->assertSame( array(), $said );
	}

	/**
	 * A `$ref` back to the schema already applied to the same value is not followed again: a
	 * `oneOf` of two `{"$ref": "#"}` branched 2^512 times before (the old fallback hung).
	 */
	public function test_strict_self_reference_ends(): void {
		$code = ChildProcess::prelude() . <<<'PHP'
$r = McpNative\Plugin\Fallback\Validator::validate( 1, array( 'oneOf' => array( array( '$ref' => '#' ), array( '$ref' => '#' ) ) ), 'strict' );
echo json_encode( array_column( $r, 'keyword' ) );
$r = McpNative\Plugin\Fallback\Validator::validate( array( 'a' => array( 'a' => 'x' ) ), array( 'type' => 'object', 'properties' => array( 'a' => array( '$ref' => '#' ) ) ), 'strict' );
echo json_encode( array_column( $r, 'path' ) );
PHP;
		$r = ChildProcess::run_php( $code, extension_loaded( 'mcp_native' ), 20 );
		$this->assertSame( 0, $r['exit'], 'timed out or failed: ' . $r['stderr'] );
		$this->assertSame( '["oneOf"]["\/a\/a"]', $r['stdout'], 'a $ref below a member is followed: the inner "x" is no object' );
	}



	/**
	 * A PHP Error raised while core validates (here a value's jsonSerialize(), which core's
	 * rest_sanitize_object() calls) is one `schema` violation, never an escaping Error. Schemas
	 * core cannot read are refused before (ValidatorParityTest, test_a_schema_core_cannot_read_is_refused_alike).
	 */
	public function test_an_error_inside_core_is_a_schema_violation(): void {
		$value      = new class() implements \JsonSerializable {
			public function jsonSerialize(): mixed {
				return intdiv( 1, 0 );
			}
		};
		$violations = Validator::validate( $value, array( 'type' => 'object' ) );
		$this->assertSame( array( ' schema' ), self::places( $violations ) );
		$this->assertSame( 'WordPress core cannot validate against this schema: Division by zero', $violations[0]['message'] );
	}

	private static function places( array $violations ): array {
		return array_map( static fn( $v ) => $v['path'] . ' ' . $v['keyword'], $violations );
	}
}
