<?php
use McpNative\Plugin\Contract;
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

/**
 * McpNative\validate() through the contract facade (extension or fallback, whichever the run
 * requires): every violation with its JSON Pointer, the two profiles, argument errors, and no
 * crash on hostile values or schemas. The strict profile's own rules: StrictValidationTest.
 */
final class ValidationTest extends TestCase {
	private const POSTS = array(
		'type'       => 'object',
		'properties' => array(
			'posts'   => array(
				'type'  => 'array',
				'items' => array(
					'type'       => 'object',
					'properties' => array(
						'title' => array( 'type' => 'string', 'minLength' => 3 ),
						'id'    => array( 'type' => 'integer', 'required' => true ),
					),
				),
			),
			'dry_run' => array( 'type' => 'boolean' ),
		),
		'required'   => array( 'posts', 'mode' ),
	);

	private static function pairs( array $violations ): array {
		return array_map( static fn( $v ) => $v['path'] . ' ' . $v['keyword'], $violations );
	}

	public function test_reports_every_violation_with_its_path(): void {
		$value = array(
			'posts'   => array( array( 'title' => 'okay', 'id' => 1 ), array( 'title' => 'x' ), array( 'title' => 5, 'id' => 'z' ) ),
			'dry_run' => 'maybe',
		);
		$violations = Contract::validate( $value, self::POSTS );
		$this->assertSame(
			array( '/mode required', '/posts/1/id required', '/posts/1/title minLength', '/posts/2/title type', '/posts/2/id type', '/dry_run type' ),
			self::pairs( $violations )
		);
		$this->assertSame( '/posts/2/title is not of type string.', $violations[3]['message'] );
		$this->assertSame( 'mode is a required property of value.', $violations[0]['message'] );
		foreach ( $violations as $v ) {
			$this->assertSame( array( 'path', 'keyword', 'message' ), array_keys( $v ) );
		}
	}

	public function test_a_path_names_where_the_value_sits_in_paths_and_messages(): void {
		$value = array(
			'posts'   => array( array( 'title' => 5, 'id' => 1 ) ),
			'dry_run' => 'maybe',
		);
		foreach ( array( 'standard', 'strict' ) as $profile ) {
			$plain  = Contract::validate( $value, self::POSTS, $profile );
			$placed = Contract::validate( $value, self::POSTS, $profile, '/parameters' );
			$this->assertSame( array_map( static fn( $v ) => '/parameters' . $v['path'], $plain ), array_column( $placed, 'path' ), $profile );
			$this->assertSame( array_column( $plain, 'keyword' ), array_column( $placed, 'keyword' ), $profile );
			$messages = array_column( $placed, 'message', 'path' );
			$this->assertSame( 'mode is a required property of /parameters.', $messages['/parameters/mode'], $profile );
			$this->assertSame( '/parameters/posts/0/title is not of type string.', $messages['/parameters/posts/0/title'], $profile );
		}
		$root = Contract::validate( 'x', array( 'type' => 'integer' ), 'standard', '/input' );
		$this->assertSame( array( array( 'path' => '/input', 'keyword' => 'type', 'message' => '/input is not of type integer.' ) ), $root );
		$this->assertSame( '/input', Contract::validate( 'x', array( 'type' => 'integer' ), 'strict', '/input' )[0]['path'] );
	}

	public static function violation_cap_cases(): iterable {
		foreach ( array( 'standard', 'strict' ) as $profile ) {
			yield "$profile 99" => array( $profile, 99 );
			yield "$profile 100" => array( $profile, 100 );
			yield "$profile 101" => array( $profile, 101 );
			yield "$profile 5000" => array( $profile, 5000 );
		}
	}

	/**
	 * Issue 10, 3: at most MAX_VIOLATIONS (100) violations are listed, then one `truncated`
	 * entry with the exact total; the same list from both implementations.
	 *
	 * @dataProvider violation_cap_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'violation_cap_cases' )]
	public function test_violation_list_is_capped_with_the_exact_total( string $profile, int $n ): void {
		$violations = Contract::validate( array_fill( 0, $n, 'x' ), array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) ), $profile );
		if ( $n <= 100 ) {
			$this->assertCount( $n, $violations );
			$this->assertNotContains( 'truncated', array_column( $violations, 'keyword' ) );
			return;
		}
		$this->assertCount( 101, $violations );
		$this->assertSame( array( '/0', 'type' ), array( $violations[0]['path'], $violations[0]['keyword'] ) );
		$this->assertSame( '/99', $violations[99]['path'] );
		$this->assertSame( array( 'path' => '', 'keyword' => 'truncated', 'message' => "$n violations in total; the first 100 are listed" ), $violations[100] );
		if ( extension_loaded( 'mcp_native' ) ) {
			$this->assertSame( 100, \McpNative\MAX_VIOLATIONS );
		}
	}

	/** Issue 10, 3: a million invalid items cost memory for the cap, not for a million violations. */
	public function test_a_million_invalid_items_stay_within_a_small_memory_limit(): void {
		$result = ChildProcess::run_php(
			ChildProcess::prelude() . '
			$value = array_fill(0, 1000000, "x");
			$before = memory_get_peak_usage();
			$v = Contract::validate($value, ["type" => "array", "items" => ["type" => "integer"]]);
			$rss = (int) preg_replace("/\\D/", "", explode("\n", explode("VmHWM:", file_get_contents("/proc/self/status"))[1])[0]);
			echo count($v), "|", $v[100]["message"], "|", memory_get_peak_usage() - $before, "|", $rss, "\n";',
			true
		);
		$this->assertSame( 0, $result['exit'], $result['stderr'] . $result['stdout'] );
		[ $count, $message, $zend_growth, $rss_kb ] = explode( '|', trim( $result['stdout'] ) );
		$this->assertSame( '101', $count );
		$this->assertSame( '1000000 violations in total; the first 100 are listed', $message );
		$this->assertLessThan( 1 << 20, (int) $zend_growth, 'Zend heap growth in bytes' );
		$this->assertLessThan( 256 * 1024, (int) $rss_kb, 'peak RSS in KiB (the value itself takes about 40 MB)' );
	}

	/**
	 * Shared sub-arrays: 40 levels of `properties: {x: $s, y: $s}` are a few KB of PHP memory and
	 * 2^40 schema nodes to a walk. Both profiles refuse such a schema with the same clear
	 * violation, in bounded time and memory (the extension's compiled form lives outside
	 * memory_limit: before the bound, 21 levels took 6.4 GB and 8 s natively). A schema under
	 * the bound, shared the same way, still validates.
	 */
	public function test_a_schema_of_exponentially_many_shared_nodes_is_refused_in_bounded_memory(): void {
		$result = ChildProcess::run_php(
			ChildProcess::prelude() . '
			$schema = ["type" => "string"];
			for ($i = 0; $i < 40; $i++) { $schema = ["type" => "object", "properties" => ["x" => $schema, "y" => $schema]]; }
			$small = ["type" => "string"];
			for ($i = 0; $i < 10; $i++) { $small = ["type" => "object", "properties" => ["x" => $small, "y" => $small]]; }
			$start = microtime(true);
			foreach (["standard", "strict"] as $profile) {
				echo json_encode(Contract::validate(["x" => ["y" => []]], $schema, $profile)), "\n";
				echo json_encode(Contract::validate(["x" => ["y" => 5]], $small, $profile)[0]["path"] ?? null), "\n";
			}
			$rss = (int) preg_replace("/\\D/", "", explode("\n", explode("VmHWM:", file_get_contents("/proc/self/status"))[1])[0]);
			echo round(microtime(true) - $start), "|", $rss, "\n";
			echo Contract::is_native() ? "native" : "fallback", "\n";',
			extension_loaded( 'mcp_native' ) // the child runs this run's implementation
		);
		$this->assertSame( 0, $result['exit'], $result['stderr'] . $result['stdout'] );
		$lines   = explode( "\n", trim( $result['stdout'] ) );
		$refused = '[{"path":"","keyword":"schema","message":"The schema is too large to validate."}]';
		$this->assertSame( array( $refused, '"\/x\/y"', $refused, '"\/x\/y"' ), array_slice( $lines, 0, 4 ) );
		$this->assertSame( extension_loaded( 'mcp_native' ) ? 'native' : 'fallback', $lines[5] );
		[ $seconds, $rss_kb ] = explode( '|', $lines[4] );
		$this->assertLessThan( 20, (int) $seconds, 'seconds for the four calls' );
		$this->assertLessThan( 512 * 1024, (int) $rss_kb, 'peak RSS in KiB' );
	}

	/**
	 * An `enum`'s members count against the schema's node budget as nodes do, whether they are
	 * scalars (read in one step) or containers (read member by member): at the budget a schema
	 * is read, one member past it is refused. Both implementations draw the line at the same member.
	 */
	public function test_enum_members_count_against_the_schema_budget(): void {
		$refused = array( array( 'path' => '', 'keyword' => 'schema', 'message' => 'The schema is too large to validate.' ) );
		$members = range( 1, 99999 ); // with the node holding them: 100 000, the budget
		$this->assertSame( array(), Contract::validate( 5, array( 'type' => 'integer', 'enum' => $members ) ) );
		$this->assertSame( 'enum', Contract::validate( 0, array( 'type' => 'integer', 'enum' => $members ) )[0]['keyword'] ?? null );
		$this->assertSame( $refused, Contract::validate( 5, array( 'type' => 'integer', 'enum' => array_merge( $members, array( 100000 ) ) ) ) );
		$nested = array_merge( array_slice( $members, 1 ), array( array( 1 ) ) ); // the list's member is a node too
		$this->assertSame( $refused, Contract::validate( 5, array( 'enum' => $nested ) ) );
		$this->assertSame( array(), Contract::validate( 5, array( 'enum' => array_slice( $nested, 1 ) ) ) );
		$this->assertSame( $refused, Contract::validate( array( 'a' => 5 ), array( 'type' => 'object', 'properties' => array( 'a' => array( 'enum' => $members ), 'b' => array( 'enum' => array( 1 ) ) ) ) ) );
	}

	/**
	 * An object where core iterates sub-schemas (anyOf, oneOf, patternProperties) holds its
	 * public properties as them, as core's foreach reads it: a Closure or an empty stdClass
	 * none, so nothing matches. (The fallback read any object there as a schema accepting
	 * anything: the PHP fuzzer found core and the extension saying no, the fallback yes.)
	 */
	public function test_objects_where_core_iterates_sub_schemas_hold_their_members(): void {
		foreach ( array( 'anyOf', 'oneOf' ) as $keyword ) {
			foreach ( array( static fn() => 1, new \stdClass() ) as $none ) {
				$this->assertSame( array( $keyword ), array_column( Contract::validate( 'x', array( $keyword => $none ) ), 'keyword' ) );
			}
			$branches = (object) array( 'a' => array( 'type' => 'string' ) );
			$this->assertSame( array(), Contract::validate( 'x', array( $keyword => $branches ) ) );
			$this->assertSame( array( $keyword ), array_column( Contract::validate( 5, array( $keyword => $branches ) ), 'keyword' ) );
		}
		$patterns = array( 'type' => 'object', 'patternProperties' => (object) array( '^a' => array( 'type' => 'integer' ) ) );
		$this->assertSame( array( array( '/a', 'type' ) ), array_map( static fn( $v ) => array( $v['path'], $v['keyword'] ), Contract::validate( array( 'a' => 'x', 'b' => 'y' ), $patterns ) ) );
		// its members are checked as an array's are (depth), and read again on the next call
		$deep = array( 'type' => 'string' );
		for ( $i = 0; $i < 200; $i++ ) {
			$deep = array( 'anyOf' => array( $deep ) );
		}
		$this->assertSame( array( 'schema' ), array_column( Contract::validate( 'x', array( 'oneOf' => (object) array( 'a' => $deep ) ) ), 'keyword' ) );
		$changing = (object) array( 'a' => array( 'type' => 'string' ) );
		$schema   = array( 'anyOf' => $changing );
		$this->assertSame( array( 'anyOf' ), array_column( Contract::validate( 5, $schema ), 'keyword' ) );
		$changing->a = $deep;
		$this->assertSame( array( 'schema' ), array_column( Contract::validate( 5, $schema ), 'keyword' ) );
		// where core indexes or tests with is_array() instead, an object still accepts anything
		$this->assertSame( array(), Contract::validate( array( 'a' => 'x' ), array( 'type' => 'object', 'properties' => (object) array( 'a' => array( 'type' => 'integer' ) ) ) ) );
	}

	/**
	 * An object as an anyOf/oneOf branch accepts anything of the type the parent gives it, as
	 * core gives a branch without a type the parent's (the fallback's branch accepted every type:
	 * the PHP fuzzer found a float passing an anyOf under `type: null` there only).
	 */
	public function test_an_object_branch_takes_the_parent_type(): void {
		$branch = (object) array( 'type' => 'string' );
		$this->assertSame( array( 'anyOf' ), array_column( Contract::validate( 3.5, array( 'type' => 'null', 'anyOf' => array( $branch ) ) ), 'keyword' ) );
		$this->assertSame( array(), Contract::validate( null, array( 'type' => 'null', 'anyOf' => array( $branch ) ) ) );
		$this->assertSame( array(), Contract::validate( 3.5, array( 'anyOf' => array( $branch ) ) ) );
		$this->assertSame( array( 'type' ), array_column( Contract::validate( 5, array( 'type' => 'string', 'oneOf' => array( $branch, array( 'type' => 'integer' ) ) ) ), 'keyword' ) );
	}

	/**
	 * A pattern the regex engine gives up on (catastrophic backtracking) never lets a value
	 * through: the fallback's strict profile read PCRE's error as a match.
	 */
	public function test_a_pattern_the_engine_gives_up_on_is_no_match(): void {
		foreach ( array( 'standard', 'strict' ) as $profile ) {
			foreach ( array( '^(?:a*)*$', '^(a|aa)+$' ) as $pattern ) {
				$schema = array( 'type' => 'string', 'pattern' => $pattern );
				$this->assertSame( array( 'pattern' ), array_column( Contract::validate( str_repeat( 'a', 5000 ) . '!', $schema, $profile ), 'keyword' ), "$profile $pattern" );
				$this->assertSame( array(), Contract::validate( str_repeat( 'a', 20 ), $schema, $profile ), "$profile $pattern" );
			}
		}
	}

	/**
	 * A member name JSON cannot carry (not UTF-8, or holding a NUL byte) is written 0x and hex in
	 * paths, in both profiles and both implementations (the extension wrote U+FFFD and a raw
	 * NUL where the fallback wrote hex).
	 */
	public function test_a_name_json_cannot_carry_is_hex_in_paths(): void {
		$value = array( "a\xffb" => 5, "n\0m" => 5, 'ok/~' => 5 );
		foreach ( array( 'standard', 'strict' ) as $profile ) {
			$paths = array_column( Contract::validate( $value, array( 'type' => 'object', 'additionalProperties' => array( 'type' => 'string' ) ), $profile ), 'path' );
			sort( $paths );
			$this->assertSame( array( '/0x61ff62', '/0x6e006d', '/ok~1~0' ), $paths, $profile );
		}
		// Named by properties, with plain names around them (the fallback checks an object's
		// names for escaping together), and the same names again once their tokens are kept.
		$properties = array();
		foreach ( array( 'plain', "a\xffb", 'ok/~', 'é', 7 ) as $name ) {
			$properties[ $name ] = array( 'type' => 'string' );
		}
		$schema = array( 'type' => 'object', 'properties' => $properties );
		foreach ( array( array( 'plain' => 1, 'ok/~' => 2, "a\xffb" => 3, 'é' => 4, 7 => 5 ), array( 'plain' => 1 ), array( 'é' => 4, 'ok/~' => 2 ) ) as $value ) {
			$expected = array();
			foreach ( array_keys( $value ) as $name ) {
				$expected[] = array( 'plain' => '/plain', 'ok/~' => '/ok~1~0', "a\xffb" => '/0x61ff62', 'é' => '/é', 7 => '/7' )[ $name ];
			}
			foreach ( array( 'standard', 'strict' ) as $profile ) {
				$this->assertSame( $expected, array_column( Contract::validate( $value, $schema, $profile ), 'path' ), $profile );
			}
		}
	}

	/**
	 * Issue 10, 2: a huge first item then many equal scalars used to exhaust a work budget and
	 * pass as unique; WordPress core finds the duplicate 0. Same verdict, in linear time.
	 */
	public function test_unique_items_after_a_huge_first_item_finds_the_duplicate(): void {
		$items = array_merge( array( range( 1, 300000 ) ), array_fill( 0, 60000, 0 ) );
		$violations = Contract::validate( $items, array( 'type' => 'array', 'uniqueItems' => true ) );
		$this->assertSame( array( array( 'path' => '', 'keyword' => 'uniqueItems', 'message' => 'value has duplicate items.' ) ), $violations );
		$this->assertSame( array(), Contract::validate( array( range( 1, 300000 ), range( 2, 300001 ), 0, '0', 0.0 ), array( 'type' => 'array', 'uniqueItems' => true ) ) );
	}

	/** Issue 10, 2: equality is exact (no hash verdict): values differing in one deep leaf, in key order only. */
	public function test_unique_items_is_exact_on_keys_order_and_types(): void {
		$schema = array( 'type' => 'array', 'uniqueItems' => true );
		$this->assertSame( array(), Contract::validate( array( array( 'a' => 1, 'b' => array( 1, 2 ) ), array( 'a' => 1, 'b' => array( 2, 1 ) ) ), $schema ) );
		$this->assertCount( 1, Contract::validate( array( array( 'a' => 1, 'b' => array( 1, 2 ) ), array( 'b' => array( 1, 2 ), 'a' => 1 ) ), $schema ) );
		$this->assertSame( array(), Contract::validate( array( 1, '1', 1.5, true, null, '' ), $schema ) );
		$this->assertCount( 1, Contract::validate( array( array(), array() ), $schema ) );
	}

	private static function nested( int $depth, $leaf ) {
		$v = $leaf;
		for ( $i = 0; $i < $depth; $i++ ) {
			$v = array( $v );
		}
		return $v;
	}

	/** Issue 10, 4: values nested 500 deep (a JSON body may nest 512) get core's verdicts. */
	public function test_deep_values_get_core_verdicts_for_unique_items_and_enum(): void {
		$a = self::nested( 500, 'x' );
		$this->assertSame( 'uniqueItems', Contract::validate( array( $a, $a ), array( 'type' => 'array', 'uniqueItems' => true ) )[0]['keyword'] ?? null );
		$this->assertSame( array(), Contract::validate( array( $a, self::nested( 500, 'y' ) ), array( 'type' => 'array', 'uniqueItems' => true ) ) );
		$this->assertSame( array(), Contract::validate( self::nested( 500, 1 ), array( 'enum' => array( 0, self::nested( 500, 1 ) ) ) ) );
		$this->assertSame( 'enum', Contract::validate( self::nested( 500, 2 ), array( 'enum' => array( 0, self::nested( 500, 1 ) ) ) )[0]['keyword'] ?? null );
		// items are compared as deep as the extension compares them (the fallback stopped at 1 024)
		$deep = self::nested( 3000, 'x' );
		$this->assertSame( array( ' uniqueItems' ), self::pairs( Contract::validate( array( $deep, $deep ), array( 'type' => 'array', 'uniqueItems' => true ) ) ) );
		$this->assertSame( array(), Contract::validate( array( $deep, self::nested( 3000, 'y' ) ), array( 'type' => 'array', 'uniqueItems' => true ) ) );
	}

	public function test_valid_value_has_no_violations(): void {
		$this->assertSame( array(), Contract::validate( array( 'posts' => array( array( 'id' => '7' ) ), 'mode' => 1, 'dry_run' => 'false' ), self::POSTS ) );
	}

	public function test_standard_accepts_string_forms_that_strict_rejects(): void {
		$schema = array( 'type' => 'object', 'properties' => array( 'dry_run' => array( 'type' => 'boolean' ), 'n' => array( 'type' => 'integer' ) ) );
		foreach ( array( 'true', 'false', '1', '0', 'TRUE' ) as $form ) {
			$this->assertSame( array(), Contract::validate( array( 'dry_run' => $form ), $schema ), $form );
			$this->assertSame( array( '/dry_run type' ), self::pairs( Contract::validate( array( 'dry_run' => $form ), $schema, 'strict' ) ), $form );
		}
		$this->assertSame( array(), Contract::validate( array( 'dry_run' => true, 'n' => 3 ), $schema, 'strict' ) );
		$this->assertSame( array( '/n type' ), self::pairs( Contract::validate( array( 'n' => '3' ), $schema, 'strict' ) ) );
		$this->assertSame( array(), Contract::validate( array( 'n' => '3' ), $schema ) );
	}

	/**
	 * `standard`: an untyped node takes the type of the anyOf branch a value matches, and oneOf's
	 * untyped branches take it from the node, as in core (the extension read them as untyped:
	 * `{"minLength": 5}` then accepted any value, and it answered "matches more than one" where
	 * core answers "does not match any" or accepts).
	 */
	public function test_standard_oneof_branches_take_the_type_anyof_gave(): void {
		$schema = array( 'anyOf' => array( array( 'type' => 'string' ) ), 'oneOf' => array( array( 'minLength' => 5 ), array( 'maxLength' => 0 ) ) );
		$this->assertSame( array( ' oneOf' ), self::pairs( Contract::validate( 'x', $schema ) ) );
		$this->assertSame( 'value does not match any of the expected formats.', Contract::validate( 'x', $schema )[0]['message'] );
		$this->assertSame( array(), Contract::validate( 'abcdef', $schema ) );
		$either = array( 'anyOf' => array( array( 'type' => 'integer' ), array( 'type' => 'string' ) ), 'oneOf' => array( array( 'minimum' => 5 ), array( 'maxLength' => 3 ) ) );
		$this->assertSame( array(), Contract::validate( 'abcdef', $either ) ); // a string: minimum says nothing, maxLength fails
		$this->assertSame( array( ' oneOf' ), self::pairs( Contract::validate( 7, $either ) ) ); // an integer: maxLength says nothing, both hold
		// core compares `enum` with the value sanitized through the anyOf branch it matches, which
		// takes the node's type as validation narrowed it (integer, not the list): 7 read as the
		// list ['7'] by `{"type": "array"}`, then as an integer, is 1
		$narrowed = array( 'enum' => array( 1 ), 'type' => array( 'integer' ), 'anyOf' => array( array( 'anyOf' => array( array( 'type' => 'array' ) ) ) ) );
		$this->assertSame( array(), Contract::validate( 7, $narrowed ) );
		set_error_handler( static fn() => true ); // core's notice about the untyped branches
		try {
			$this->assertTrue( is_wp_error( rest_validate_value_from_schema( 'x', $schema, 'value' ) ) );
			$this->assertTrue( rest_validate_value_from_schema( 'abcdef', $either, 'value' ) );
			$this->assertTrue( rest_validate_value_from_schema( 7, $narrowed, 'value' ) );
		} finally {
			restore_error_handler();
		}
	}

	public function test_wordpress_coercions_in_standard(): void {
		$this->assertSame( array(), Contract::validate( '', array( 'type' => 'object' ) ) );
		$this->assertSame( array(), Contract::validate( 'a, b c', array( 'type' => 'array', 'items' => array( 'type' => 'string' ), 'maxItems' => 3 ) ) );
		$this->assertSame( array( ' maxItems' ), self::pairs( Contract::validate( 'a,b,c', array( 'type' => 'array', 'maxItems' => 2 ) ) ) );
		$this->assertSame( array(), Contract::validate( ' 12 ', array( 'type' => 'integer', 'minimum' => 12 ) ) );
		$this->assertSame( array( ' type' ), self::pairs( Contract::validate( '1.5', array( 'type' => 'integer' ) ) ) );
		$this->assertSame( array(), Contract::validate( (object) array( 'a' => 1 ), array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'integer' ) ) ) ) );
	}

	/**
	 * An array or object under `enum` and a format core sanitizes as a string is compared as ''
	 * (as core compares it under text-field, uuid, date-time…), also where core's own sanitizer
	 * throws on it first (hex-color, uri, and `true`, which core's switch reads as hex-color):
	 * the fallback answered "core cannot validate" there, the extension enum and format.
	 */
	public function test_containers_under_a_string_format_compare_as_empty_in_enum(): void {
		foreach ( array( array( 1, 1 ), (object) array( 'a' => 1 ) ) as $value ) {
			foreach ( array( 'hex-color' => array( 'enum', 'format' ), true => array( 'enum', 'format' ), 'uri' => array( 'enum' ), 'uuid' => array( 'enum', 'format' ) ) as $format => $keywords ) {
				$format = 1 === $format ? true : $format;
				$this->assertSame( $keywords, array_column( Contract::validate( $value, array( 'enum' => array( array( 1, 1 ) ), 'format' => $format ) ), 'keyword' ), json_encode( $format ) );
				$this->assertSame( array_slice( $keywords, 1 ), array_column( Contract::validate( $value, array( 'enum' => array( '', 'x' ), 'format' => $format ) ), 'keyword' ), json_encode( $format ) );
			}
			// an array-typed node: no format sanitizing, the value is compared as it is
			$this->assertSame( array(), Contract::validate( array( 1, 1 ), array( 'type' => 'array', 'enum' => array( array( 1, 1 ) ), 'format' => 'hex-color' ) ) );
		}
	}

	/**
	 * A value JSON cannot carry because it contains itself is one strict `cycle` violation of
	 * the whole value, for an object cycle and for an array cycle through PHP references, and a
	 * schema that contains itself is refused as a cycle; a container met twice side by side is
	 * no cycle. (The fallback went down each cycle to the depth limit and said `depth`, at a path
	 * 128 members long for the value.)
	 */
	public function test_reference_cycles_are_named_as_cycles(): void {
		$cycle = array( array( 'path' => '/input', 'keyword' => 'cycle', 'message' => 'value contains a reference cycle.' ) );
		$self  = new \stdClass();
		$self->self = $self;
		$a = new \stdClass();
		$b = new \stdClass();
		$a->b = $b;
		$b->list = array( 1, $a );
		$list   = array( 1 );
		$list[] = &$list;
		foreach ( array( $self, array( 'x' => $self ), array( 'a' => $a ), $list ) as $value ) {
			$this->assertSame( $cycle, Contract::validate( $value, array( 'type' => 'object' ), 'strict', '/input' ) );
		}
		// a schema that contains itself (standard: the fallback said it was nested too deep)
		$items          = array( 'type' => array( 'array', 'integer' ) );
		$items['items'] = &$items;
		$node               = array( 'type' => 'object' );
		$map                = array( 'a' => &$node );
		$node['properties'] = &$map;
		foreach ( array( $items, $node, array( 'anyOf' => array( &$items ) ) ) as $schema ) {
			$this->assertSame( array( array( 'path' => '', 'keyword' => 'schema', 'message' => 'The schema contains a reference cycle.' ) ), Contract::validate( array( 1 ), $schema ) );
		}
		$shared = (object) array( 'v' => 'x' );
		$this->assertSame( array( '/input/x/v', '/input/y/v' ), array_column( Contract::validate( array( 'x' => $shared, 'y' => $shared ), array( 'additionalProperties' => array( 'properties' => array( 'v' => array( 'type' => 'integer' ) ) ) ), 'strict', '/input' ), 'path' ) );
	}

	public function test_profile_and_schema_arguments_are_checked(): void {
		try {
			Contract::validate( 1, array(), 'lenient' );
			$this->fail( 'unknown profile accepted' );
		} catch ( \ValueError $e ) {
			$this->assertStringContainsString( 'must be "standard" or "strict"', $e->getMessage() );
		}
		// A name quoted alike by both: U+FFFD for each ill-formed part, `\0` for a NUL byte (the
		// extension's exception lost its message to the NUL; the fallback quoted raw bytes).
		foreach ( array( "x\xff\xe2\x82y" => "x\u{FFFD}\u{FFFD}y", "a\0b" => 'a\0b' ) as $profile => $shown ) {
			try {
				Contract::validate( 1, array(), $profile );
				$this->fail( 'unknown profile accepted' );
			} catch ( \ValueError $e ) {
				$this->assertSame( "McpNative\\validate(): Argument #3 (\$profile) must be \"standard\" or \"strict\", \"$shown\" given", $e->getMessage() );
			}
		}
		// A path prefix that is not UTF-8 starts every path read as UTF-8 (U+FFFD), in both profiles.
		foreach ( array( 'standard', 'strict' ) as $profile ) {
			$this->assertSame( array( "/a\u{FFFD}\u{FFFD}b/n" ), array_column( Contract::validate( array( 'n' => 1 ), array( 'type' => 'object', 'properties' => array( 'n' => array( 'type' => 'string' ) ) ), $profile, "/a\xff\xe2\x82b" ), 'path' ), $profile );
		}
		if ( extension_loaded( 'mcp_native' ) ) {
			$this->expectException( \TypeError::class );
			\McpNative\validate( 1, 'not a schema' );
		} else {
			$this->expectException( \TypeError::class );
			\McpNative\Plugin\Fallback\Validator::validate( 1, 'not a schema' );
		}
	}

	public function test_hostile_values_and_schemas_never_crash(): void {
		$native = extension_loaded( 'mcp_native' );
		$code   = ChildProcess::prelude() . <<<'PHP'
$out = array();
$a = array( 1 ); $a[] = &$a; $a[] = &$a;
$o = new stdClass(); $o->self = $o;
$deep = 1; for ( $i = 0; $i < 300; $i++ ) { $deep = array( $deep ); }
$deep_schema = array( 'type' => 'integer' ); for ( $i = 0; $i < 300; $i++ ) { $deep_schema = array( 'type' => 'array', 'items' => $deep_schema ); }
$loop_schema = array( 'type' => 'array' ); $loop_schema['items'] = &$loop_schema;
$cases = array(
	array( NAN, array( 'type' => 'number', 'minimum' => 0, 'multipleOf' => 2 ) ),
	array( INF, array( 'type' => 'integer' ) ),
	array( "\xff\xfe", array( 'type' => 'string', 'minLength' => 3, 'pattern' => '^a', 'format' => 'email' ) ),
	array( fn() => 1, array( 'type' => 'object' ) ),
	array( $a, array( 'type' => 'array', 'uniqueItems' => true, 'items' => array( 'type' => 'array', 'uniqueItems' => true ) ) ),
	array( $o, array( 'type' => 'object', 'additionalProperties' => array( 'type' => 'object', 'additionalProperties' => array( 'type' => 'object' ) ) ) ),
	array( $deep, array( 'type' => 'array' ) ),
	array( array( array() ), $deep_schema ),
	array( array( 1 ), $loop_schema ),
	array( STDIN, array( 'type' => array( 'string', 'object' ) ) ),
);
foreach ( $cases as $i => [ $value, $schema ] ) {
	foreach ( array( 'standard', 'strict' ) as $profile ) {
		$r = Contract::validate( $value, $schema, $profile );
		$out[] = $i . ( 'standard' === $profile ? 'd' : 'r' ) . ':' . count( $r ) . ( $r ? $r[0]['keyword'] : '' );
	}
}
echo implode( ' ', $out );
PHP;
		$r = ChildProcess::run_php( $code, $native );
		$this->assertSame( 0, $r['exit'], $r['stderr'] . $r['stdout'] );
		$got = array();
		foreach ( explode( ' ', trim( $r['stdout'] ) ) as $item ) {
			[ $k, $v ] = explode( ':', $item, 2 );
			$got[ $k ] = $v;
		}
		$this->assertCount( 20, $got, $r['stdout'] );
		$this->assertSame( '1multipleOf', $got['0d'], 'NaN: comparisons are false, fmod(NAN, 2) is not 0 (as in core)' );
		$this->assertSame( '1type', $got['0r'], 'NaN has no JSON form' );
		$this->assertSame( '1type', $got['3d'], 'a closure is not an object' );
		$this->assertSame( '1type', $got['2r'], 'invalid UTF-8 has no JSON form' );
		// JSON cannot carry a reference cycle: both tell containers apart (objects by id, arrays
		// by the PHP reference they are reached through) and name it
		$this->assertSame( '1cycle', $got['4r'] );
		$this->assertSame( '0', $got['5d'], 'a cyclic object under a finite schema is walked as deep as the schema' );
		$this->assertSame( '1depth', $got['6r'] );
		$this->assertSame( '1schema', $got['7d'], 'schema deeper than MAX_DEPTH' );
		$this->assertSame( '1schema', $got['8d'], 'cyclic schema' );
	}
}
