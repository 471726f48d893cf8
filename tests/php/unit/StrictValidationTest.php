<?php
use McpNative\Plugin\Contract;
use PHPUnit\Framework\TestCase;

/**
 * McpNative\validate()'s strict profile through the contract facade (extension or fallback,
 * whichever the run requires): annotations, dependents and anchors, references and `$defs`,
 * older drafts' forms, references by resource, the order of violations, what the meta-schema
 * refuses, property names, objects. ValidationTest covers what both profiles share.
 */
final class StrictValidationTest extends TestCase {
	private static function pairs( array $violations ): array {
		return array_map( static fn( $v ) => $v['path'] . ' ' . $v['keyword'], $violations );
	}

	/**
	 * The strict profile's unevaluated*, dependent* and anchors, in both implementations (the
	 * fallback ignored unevaluated*, dependentSchemas, `dependencies`, `$anchor` and `$dynamicRef`,
	 * and accepted references that resolve nowhere).
	 *
	 * @dataProvider strict_applicator_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'strict_applicator_cases' )]
	public function test_strict_annotations_dependents_and_anchors( $value, array $schema, array $expected ): void {
		$this->assertSame( $expected, self::pairs( Contract::validate( $value, $schema, 'strict' ) ) );
	}

	public static function strict_applicator_cases(): array {
		$any  = new \stdClass();
		$ab   = array( 'a' => 1, 'b' => 2 );
		$only = static fn( array $more ) => array( 'type' => 'object', 'unevaluatedProperties' => false ) + $more;
		return array(
			'a property no keyword evaluated'    => array( $ab, $only( array( 'properties' => array( 'a' => $any ) ) ), array( ' unevaluatedProperties' ) ),
			'evaluated by an allOf branch'       => array( $ab, $only( array( 'properties' => array( 'a' => $any ), 'allOf' => array( array( 'properties' => array( 'b' => $any ) ) ) ) ), array() ),
			'a failing branch evaluates nothing' => array( $ab, $only( array( 'properties' => array( 'a' => $any ), 'allOf' => array( array( 'properties' => array( 'b' => array( 'type' => 'string' ) ) ) ) ) ), array( '/b type', ' unevaluatedProperties' ) ),
			'every matching anyOf branch'        => array( $ab, $only( array( 'anyOf' => array( array( 'properties' => array( 'a' => $any ) ), array( 'properties' => array( 'b' => $any ) ) ) ) ), array() ),
			'the oneOf branch that matched'      => array( $ab, $only( array( 'properties' => array( 'a' => $any ), 'oneOf' => array( array( 'properties' => array( 'b' => $any ), 'required' => array( 'b' ) ), array( 'required' => array( 'z' ) ) ) ) ), array() ),
			'if and then'                        => array( $ab, $only( array( 'if' => array( 'required' => array( 'a' ), 'properties' => array( 'a' => $any ) ), 'then' => array( 'properties' => array( 'b' => $any ) ) ) ), array() ),
			'not evaluates nothing'              => array( $ab, $only( array( 'properties' => array( 'a' => $any ), 'not' => array( 'properties' => array( 'b' => array( 'type' => 'string' ) ) ) ) ), array( ' unevaluatedProperties' ) ),
			'a $ref'                             => array( $ab, $only( array( 'properties' => array( 'a' => $any ), '$ref' => '#/$defs/b', '$defs' => array( 'b' => array( 'properties' => array( 'b' => $any ) ) ) ) ), array() ),
			'a schema for the rest'              => array( array( 'a' => 1, 'b' => 'x' ), array( 'type' => 'object', 'properties' => array( 'a' => $any ), 'unevaluatedProperties' => array( 'type' => 'integer' ) ), array( ' unevaluatedProperties' ) ),
			'nested, its own object'             => array( array( 'x' => $ab ), array( 'type' => 'object', 'properties' => array( 'x' => $only( array( 'properties' => array( 'a' => $any ) ) ) ) ), array( '/x unevaluatedProperties' ) ),
			'items after prefixItems'            => array( array( 1, 2 ), array( 'type' => 'array', 'prefixItems' => array( $any ), 'unevaluatedItems' => false ), array( ' unevaluatedItems' ) ),
			'items contains matched'             => array( array( 1, 'x' ), array( 'type' => 'array', 'prefixItems' => array( $any ), 'contains' => array( 'type' => 'string' ), 'unevaluatedItems' => false ), array() ),
			'dependentSchemas applies'           => array( $ab, array( 'type' => 'object', 'dependentSchemas' => array( 'a' => array( 'required' => array( 'c' ) ) ) ), array( '/c required' ) ),
			'dependentSchemas evaluates'         => array( $ab, $only( array( 'properties' => array( 'a' => $any ), 'dependentSchemas' => array( 'a' => array( 'properties' => array( 'b' => $any ) ) ) ) ), array() ),
			'dependencies, names'                => array( $ab, array( 'type' => 'object', 'dependencies' => array( 'a' => array( 'c' ) ) ), array( '/c required' ) ),
			'dependencies, a schema'             => array( $ab, array( 'type' => 'object', 'dependencies' => array( 'a' => array( 'maxProperties' => 1 ) ) ), array( ' maxProperties' ) ),
			'dependencies not an object'         => array( $ab, array( 'dependencies' => true ), array( ' schema' ) ),
			'dependentRequired repeating a name' => array( $ab, array( 'dependentRequired' => array( 'a' => array( 'b', 'b' ) ) ), array( ' schema' ) ),
			'an $anchor'                         => array( array( 'a' => 1 ), array( '$defs' => array( 'x' => array( '$anchor' => 'text', 'type' => 'string' ) ), 'properties' => array( 'a' => array( '$ref' => '#text' ) ) ), array( '/a type' ) ),
			'a $dynamicRef'                      => array( array( 'a' => 1 ), array( '$dynamicAnchor' => 'node', 'type' => 'object', 'properties' => array( 'a' => array( '$dynamicRef' => '#node' ) ) ), array( '/a type' ) ),
			'an anchor name the meta refuses'    => array( 1, array( '$anchor' => '1st' ), array( ' schema' ) ),
			'a $ref that resolves nowhere'       => array( 1, array( 'properties' => array( 'a' => array( '$ref' => '#/$defs/missing' ) ) ), array( ' schema' ) ),
			'an anchor that does not exist'      => array( 1, array( '$ref' => '#nowhere' ), array( ' schema' ) ),
		);
	}

	public function test_strict_supports_refs_and_defs(): void {
		$schema = array(
			'$defs' => array( 'pos' => array( 'type' => 'integer', 'minimum' => 1 ) ),
			'type'  => 'object',
			'properties' => array( 'ids' => array( 'type' => 'array', 'items' => array( '$ref' => '#/$defs/pos' ) ) ),
			'additionalProperties' => false,
		);
		$this->assertSame( array(), Contract::validate( array( 'ids' => array( 1, 2 ) ), $schema, 'strict' ) );
		$this->assertSame( array( '/ids/1 minimum', '/extra additionalProperties' ), self::pairs( Contract::validate( array( 'ids' => array( 1, 0 ), 'extra' => 1 ), $schema, 'strict' ) ) );
		$this->assertSame( 'schema', Contract::validate( 1, array( 'type' => 'nope' ), 'strict' )[0]['keyword'] );
	}

	/**
	 * `strict` reads every schema as 2020-12 with older drafts' forms converted, whatever
	 * `$schema` names (the extension let a draft-4 `$schema` switch the crate's dialect, which
	 * then refused the converted bounds, and an unknown meta-schema refused the schema), and only
	 * at schema positions: data that looks like a schema (a `const`) is compared as it is.
	 */
	public function test_strict_converts_older_drafts_forms_whatever_schema_says(): void {
		$bounded = array( 'type' => 'number', 'minimum' => 5, 'exclusiveMinimum' => true );
		foreach ( array( null, 'http://json-schema.org/draft-04/schema#', 'http://json-schema.org/draft-07/schema#', 'https://example.com/own-meta', 'not a URI' ) as $dialect ) {
			$schema = null === $dialect ? $bounded : array( '$schema' => $dialect ) + $bounded;
			$this->assertSame( array( ' exclusiveMinimum' ), self::pairs( Contract::validate( 5, $schema, 'strict' ) ), (string) $dialect );
			$this->assertSame( array(), Contract::validate( 6, $schema, 'strict' ), (string) $dialect );
			// an embedded resource naming a dialect does not switch it either
			$embedded = array( 'properties' => array( 'a' => array( '$id' => 'https://example.com/a' ) + $schema ) );
			$this->assertSame( array( '/a exclusiveMinimum' ), self::pairs( Contract::validate( array( 'a' => 5 ), $embedded, 'strict' ) ), (string) $dialect );
			// unevaluated* applies (draft 7 had none)
			$closed = array( 'properties' => array( 'a' => true ), 'unevaluatedProperties' => false ) + ( null === $dialect ? array() : array( '$schema' => $dialect ) );
			$this->assertSame( array( ' unevaluatedProperties' ), self::pairs( Contract::validate( array( 'a' => 1, 'b' => 2 ), $closed, 'strict' ) ), (string) $dialect );
		}

		// a draft 4-7 tuple: `items` as a list is prefixItems, `additionalItems` what follows
		$tuple = array( 'type' => 'array', 'items' => array( array( 'type' => 'string' ), array( 'type' => 'integer' ) ) );
		$this->assertSame( array(), Contract::validate( array( 'a', 1, true ), $tuple, 'strict' ) );
		$this->assertSame( array( '/1 type' ), self::pairs( Contract::validate( array( 'a', 'b' ), $tuple, 'strict' ) ) );
		$this->assertSame( array( '/2 falseSchema' ), self::pairs( Contract::validate( array( 'a', 1, true ), $tuple + array( 'additionalItems' => false ), 'strict' ) ) );
		$this->assertSame( array( '/3 type' ), self::pairs( Contract::validate( array( 'a', 1, true, 'x' ), $tuple + array( 'additionalItems' => array( 'type' => 'boolean' ) ), 'strict' ) ) );
		$nested = array( 'items' => array( array( 'items' => array( array( 'type' => 'string' ) ), 'additionalItems' => false ) ) );
		$this->assertSame( array( '/0/1 falseSchema' ), self::pairs( Contract::validate( array( array( 'a', 1 ) ), $nested, 'strict' ) ) );
		// draft 7's schema form of `dependencies` is converted as every schema is
		$dependent = array( 'dependencies' => array( 'a' => array( 'properties' => array( 'n' => $bounded ) ), 'b' => array( 'c' ) ) );
		$this->assertSame( array( '/n exclusiveMinimum', '/c required' ), self::pairs( Contract::validate( array( 'a' => 1, 'b' => 1, 'n' => 5 ), $dependent, 'strict' ) ) );
		// an empty PHP array in a tuple is `{}` where its own item schema wants an object
		$objects = array( 'prefixItems' => array( array( 'type' => 'object' ), array( 'type' => 'array' ) ), 'items' => array( 'type' => 'object' ) );
		$this->assertSame( array(), Contract::validate( array( array(), array(), array() ), $objects, 'strict' ) );
		$this->assertSame( array(), Contract::validate( array( array(), array() ), array( 'items' => array( array( 'type' => 'object' ) ), 'additionalItems' => array( 'type' => 'array' ) ), 'strict' ) );
		$both = $tuple + array( 'prefixItems' => array( array( 'type' => 'string' ) ) ); // 2020-12 already: the list is no schema
		$this->assertSame( array( ' schema' ), self::pairs( Contract::validate( array( 'a' ), $both, 'strict' ) ) );

		// data is not converted
		$looks_like_a_schema = array( 'exclusiveMinimum' => true, 'minimum' => 3, 'properties' => array( 'a' => array( 'required' => true ) ), 'items' => array( array( 'type' => 'string' ) ) );
		$this->assertSame( array(), Contract::validate( $looks_like_a_schema, array( 'const' => $looks_like_a_schema ), 'strict' ) );
		$this->assertSame( array(), Contract::validate( $looks_like_a_schema, array( 'enum' => array( 1, $looks_like_a_schema ) ), 'strict' ) );

		// PHP's `'required' => array()` names no property; a member that is no name is refused where it stands
		$this->assertSame( array(), Contract::validate( array( 'a' => 1 ), array( 'type' => 'object', 'required' => array() ), 'strict' ) );
		$refused = Contract::validate( array( 'a' => 1 ), array( 'type' => 'object', 'required' => array( 'a', 5 ) ), 'strict' );
		$this->assertSame( array( ' schema' ), self::pairs( $refused ) );
		$this->assertStringContainsString( "at '/required/1'", $refused[0]['message'] );
		// draft 3's `required: true` is promoted from a property written as an array only (a stdClass one keeps nothing of it), as the extension reads it
		$object_property = (object) array( 'type' => 'string', 'required' => true );
		$this->assertSame( array( '/b required' ), self::pairs( Contract::validate( new \stdClass(), array( 'properties' => array( 'a' => $object_property, 'b' => array( 'required' => true ) ) ), 'strict' ) ) );
	}

	/**
	 * `strict` resolves a reference against the base URI of the schema holding it: the root's
	 * `$id` (or the crate's default, json-schema:///) and each embedded `$id` start a resource,
	 * an anchor belongs to its resource, and what names no resource of the schema (another
	 * document) or is no URI reference refuses the schema (the fallback refused every `$id`-based
	 * reference before).
	 */
	public function test_strict_resolves_references_by_resource(): void {
		$integer = array( 'type' => 'integer' );
		$found   = array(
			array( '$id' => 'https://example.com/root.json', '$defs' => array( 'a' => $integer ), '$ref' => 'https://example.com/root.json#/$defs/a' ),
			array( '$id' => 'https://example.com/a/b/../root.json', '$defs' => array( 'a' => $integer ), '$ref' => 'root.json#/$defs/a' ),
			array( '$defs' => array( 'x' => array( '$id' => 'child', 'type' => 'integer' ) ), '$ref' => 'child' ),
			array( '$defs' => array( 'x' => array( '$id' => 'child', '$defs' => array( 'y' => array( '$anchor' => 'n' ) + $integer ) ) ), '$ref' => 'child#n' ),
			// a reference inside an embedded resource resolves against it
			array( '$id' => 'https://example.com/root.json', '$defs' => array( 'x' => array( '$id' => 'sub/child.json', '$ref' => '../root.json#/$defs/z' ), 'z' => $integer ), '$ref' => 'sub/child.json' ),
			array( '$id' => 'urn:uuid:5f0c', '$defs' => array( 'a' => $integer ), '$ref' => 'urn:uuid:5f0c#/$defs/a' ),
			array( '$defs' => array( 'a b' => $integer ), '$ref' => '#/$defs/a%20b' ),
		);
		foreach ( $found as $schema ) {
			$this->assertSame( array( ' type' ), self::pairs( Contract::validate( 'text', $schema, 'strict' ) ), json_encode( $schema ) );
			$this->assertSame( array(), Contract::validate( 3, $schema, 'strict' ), json_encode( $schema ) );
		}
		$refused = array(
			array( '$defs' => array( 'x' => array( '$id' => 'child', '$defs' => array( 'y' => array( '$anchor' => 'n' ) + $integer ) ) ), '$ref' => '#n' ), // the anchor is child's
			array( '$id' => 'https://example.com/root.json', '$defs' => array( 'x' => array( '$id' => 'sub/child.json', '$ref' => '#/$defs/z' ), 'z' => $integer ), '$ref' => 'sub/child.json' ),
			array( '$defs' => array( 'a' => $integer ), '$ref' => 'https://example.com/other.json#/$defs/a' ),
			array( '$defs' => array( 'a b' => $integer ), '$ref' => '#/$defs/a b' ),
			array( '$defs' => array( 'a' => $integer ), '$ref' => '#/$defs/a#' ),
		);
		foreach ( $refused as $schema ) {
			$this->assertSame( array( ' schema' ), self::pairs( Contract::validate( 3, $schema, 'strict' ) ), json_encode( $schema ) );
		}
		// a recursive schema inside an embedded resource: `#` is that resource
		$tree = array( '$id' => 'https://example.com/r', 'properties' => array( 'p' => array( '$id' => 'p', 'type' => 'object', 'properties' => array( 'q' => array( '$ref' => '#' ) ) ) ) );
		$this->assertSame( array( '/p/q/q type' ), self::pairs( Contract::validate( array( 'p' => array( 'q' => array( 'q' => 5 ) ) ), $tree, 'strict' ) ) );
	}

	/** `strict` lists violations in one order in both implementations: the crate's keyword order. */
	public function test_strict_lists_violations_in_keyword_order(): void {
		$string = array( 'type' => 'string' );
		$this->assertSame( array( ' minItems', '/0 type', '/1 type' ), self::pairs( Contract::validate( array( 1, 2 ), array( 'type' => 'array', 'items' => $string, 'minItems' => 5 ), 'strict' ) ) );
		// items past the tuple, then the tuple
		$this->assertSame( array( '/2 type', '/0 type', '/1 type' ), self::pairs( Contract::validate( array( 1, 2, 'x' ), array( 'prefixItems' => array( $string, $string ), 'items' => array( 'type' => 'integer' ) ), 'strict' ) ) );
		$this->assertSame(
			array( ' minProperties', '/x required', '/z required', '/a type' ),
			self::pairs( Contract::validate( array( 'a' => 1 ), array( 'dependentRequired' => array( 'a' => array( 'z' ) ), 'required' => array( 'x' ), 'minProperties' => 3, 'properties' => array( 'a' => $string ) ), 'strict' ) )
		);
		// patterns in the schema's order; propertyNames after every member
		$this->assertSame( array( '/b type', '/a type' ), self::pairs( Contract::validate( array( 'a' => 1, 'b' => 1 ), array( 'patternProperties' => array( '^b' => $string, '^a' => $string ) ), 'strict' ) ) );
		$this->assertSame(
			array( '/b type', '/a type', ' propertyNames', ' propertyNames' ),
			self::pairs( Contract::validate( array( 'b' => 1, 'a' => 1 ), array( 'properties' => array( 'a' => $string ), 'additionalProperties' => $string, 'propertyNames' => array( 'maxLength' => 0 ) ), 'strict' ) )
		);
		// `"type": "array"` with `items` is checked where the crate checks items: after const and the object keywords
		$this->assertSame( array( ' const', ' type' ), self::pairs( Contract::validate( 'x', array( 'type' => 'array', 'items' => $string, 'const' => array( 1 ) ), 'strict' ) ) );
		$this->assertSame( array( ' type', ' const' ), self::pairs( Contract::validate( 'x', array( 'type' => 'array', 'items' => $string, 'const' => array( 1 ), 'uniqueItems' => true ), 'strict' ) ) );
		// a reference's violations come after its siblings'
		$this->assertSame( array( ' minLength', ' type' ), self::pairs( Contract::validate( 's', array( '$defs' => array( 'n' => array( 'type' => 'integer' ) ), '$ref' => '#/$defs/n', 'minLength' => 5 ), 'strict' ) ) );
	}

	/**
	 * What a generated differential of the two strict implementations found (lists that differed
	 * on 562 of 5 000 random schemas, then on about 10, all of them schemas that apply themselves
	 * to the same value without end): the meta-schema's type list holds each name once; a name
	 * failing `propertyNames` in several ways is reported once for each; a reference in a `$defs`
	 * entry nothing uses is never resolved; a schema referring back to itself is applied once.
	 */
	public function test_strict_agrees_on_what_the_differential_found(): void {
		$this->assertSame( array( ' schema' ), self::pairs( Contract::validate( 'x', array( 'type' => array( 'string', 'string' ) ), 'strict' ) ) );
		$this->assertSame( array( ' schema' ), self::pairs( Contract::validate( 'x', array( 'properties' => array( 'a' => array( 'type' => array( 'integer', 'integer' ) ) ) ), 'strict' ) ) );
		$names = array( 'propertyNames' => array( 'anyOf' => array( false ), 'enum' => array( 1, 2 ) ) );
		$this->assertSame( array( ' propertyNames', ' propertyNames', ' propertyNames', ' propertyNames' ), self::pairs( Contract::validate( (object) array( 'a' => 1, 'b' => 2 ), $names, 'strict' ) ) );
		$unused = array( 'type' => 'integer', '$defs' => array( 'x' => array( '$ref' => '#/$defs/missing' ) ) );
		$this->assertSame( array(), Contract::validate( 3, $unused, 'strict' ) );
		$this->assertSame( array( ' schema' ), self::pairs( Contract::validate( 3, $unused + array( '$ref' => '#/$defs/x' ), 'strict' ) ) );
		$this->assertSame( array( ' type' ), self::pairs( Contract::validate( 'x', array( 'type' => 'integer', '$ref' => '#' ), 'strict' ) ) );
	}

	/** The 2020-12 specification's extensible tree: `$dynamicRef` follows the dynamic scope. */
	public function test_strict_dynamic_reference_follows_the_dynamic_scope(): void {
		$tree   = array(
			'$id'            => 'https://example.com/tree',
			'$dynamicAnchor' => 'node',
			'type'           => 'object',
			'properties'     => array( 'data' => true, 'children' => array( 'type' => 'array', 'items' => array( '$dynamicRef' => '#node' ) ) ),
		);
		$strict = array( '$id' => 'https://example.com/strict-tree', '$dynamicAnchor' => 'node', '$ref' => 'tree', 'unevaluatedProperties' => false, '$defs' => array( 'tree' => $tree ) );
		$typo   = array( 'children' => array( array( 'daat' => 1 ) ) );
		$this->assertSame( array( '/children/0 unevaluatedProperties' ), self::pairs( Contract::validate( $typo, $strict, 'strict' ) ) );
		$this->assertSame( array(), Contract::validate( array( 'children' => array( array( 'data' => 1 ) ) ), $strict, 'strict' ) );
		$this->assertSame( array(), Contract::validate( $typo, $tree, 'strict' ) ); // the tree alone allows any member
	}

	/**
	 * The strict profile refuses a schema the 2020-12 meta-schema refuses, keyword by keyword,
	 * in both implementations (the fallback let these through: uniqueItems, min/maxContains,
	 * the string keywords, $vocabulary, a multipleOf not above 0).
	 */
	public function test_strict_refuses_what_the_meta_schema_refuses(): void {
		$refused = array(
			'uniqueItems'      => array( 1, 'yes', null ),
			'minContains'      => array( -1, 1.5, '2', true ),
			'maxContains'      => array( -1, null ),
			'format'           => array( 5, true, array( 'a' => 'b' ) ),
			'contentEncoding'  => array( 5 ),
			'contentMediaType' => array( false ),
			'$id'              => array( 1, '#/$defs/a', 'x y', 'a%zz' ),
			'$schema'          => array( 1 ),
			'pattern'          => array( 1, null ),
			'$vocabulary'      => array( 'x', array( 'https://example.com/v' => 1 ) ),
			'multipleOf'       => array( 0, -2 ),
		);
		$accepted = array(
			'uniqueItems'      => false,
			'minContains'      => 0,
			'maxContains'      => 3,
			'format'           => 'email',
			'contentEncoding'  => 'base64',
			'contentMediaType' => 'text/plain',
			'$id'              => 'https://example.com/s',
			'$schema'          => 'https://json-schema.org/draft/2020-12/schema',
			'pattern'          => '^a',
			'$vocabulary'      => array( 'https://example.com/v' => true ),
			'multipleOf'       => 0.5,
		);
		foreach ( $refused as $keyword => $values ) {
			foreach ( $values as $value ) {
				foreach ( array( array( $keyword => $value ), array( 'properties' => array( 'a' => array( $keyword => $value ) ) ) ) as $schema ) {
					$this->assertSame( array( 'schema' ), array_column( Contract::validate( array( 'a' => 1 ), $schema, 'strict' ), 'keyword' ), $keyword . ' ' . json_encode( $schema ) );
				}
			}
			$this->assertSame( array(), Contract::validate( 'a', array( $keyword => $accepted[ $keyword ] ), 'strict' ), $keyword );
		}
		// not a 2020-12 keyword: the meta-schema says nothing of what it holds
		$this->assertSame( array(), Contract::validate( array( 1 ), array( 'additionalItems' => 'x' ), 'strict' ) );
	}

	/**
	 * Strict lists a node's violations in the crate's order whatever the schema's (type, const,
	 * enum, bounds, …), and `propertyNames: false` is one `false` schema of the object, not one
	 * violation a name (the fallback listed enum first and said propertyNames once a name).
	 */
	public function test_strict_order_and_property_names_false(): void {
		$schema = array( 'enum' => array( 1 ), 'minimum' => 6, 'const' => 2, 'type' => 'string' );
		$this->assertSame( array( 'type', 'const', 'enum', 'minimum' ), array_column( Contract::validate( 5, $schema, 'strict' ), 'keyword' ) );
		$this->assertSame(
			array( array( 'path' => '/o', 'keyword' => 'falseSchema', 'message' => '/o is not allowed.' ) ),
			Contract::validate( array( 'o' => array( 'a' => 1, 'b' => 2 ) ), array( 'properties' => array( 'o' => array( 'propertyNames' => false ) ) ), 'strict' )
		);
		$this->assertSame( array(), Contract::validate( array( 'o' => new \stdClass() ), array( 'properties' => array( 'o' => array( 'propertyNames' => false ) ) ), 'strict' ) );
		$this->assertSame( array( 'propertyNames', 'propertyNames' ), array_column( Contract::validate( array( 'ab' => 1, 'cd' => 2 ), array( 'propertyNames' => array( 'maxLength' => 1 ) ), 'strict' ), 'keyword' ) );
	}

	/**
	 * The strict profile reads a stdClass itself as a JSON object and nothing else: a subclass,
	 * JsonSerializable or not, is a value without JSON form, and where a sub-schema is expected
	 * it is no schema (the fallback read any stdClass subclass as an object: the PHP fuzzer).
	 */
	public function test_strict_reads_only_a_stdclass_itself_as_an_object(): void {
		$subclass = new class() extends \stdClass {};
		$json     = new class() extends \stdClass implements \JsonSerializable {
			public function jsonSerialize(): mixed {
				return array();
			}
		};
		foreach ( array( $subclass, $json ) as $object ) {
			$object->type = 'string';
			$this->assertSame(
				array( array( 'path' => '/x', 'keyword' => 'type', 'message' => '/x: value has no JSON form.' ) ),
				Contract::validate( array( 'x' => $object ), array( 'type' => 'object' ), 'strict' )
			);
			$this->assertSame( array( 'schema' ), array_column( Contract::validate( array( 'x' => 5 ), array( 'type' => 'object', 'properties' => array( 'x' => $object ) ), 'strict' ), 'keyword' ) );
			$this->assertSame( array( 'schema' ), array_column( Contract::validate( 5, array( 'anyOf' => array( $object ) ), 'strict' ), 'keyword' ) );
		}
		$plain = (object) array( 'type' => 'string' );
		$this->assertSame( array(), Contract::validate( array( 'x' => (object) array( 'a' => 1 ) ), array( 'type' => 'object', 'properties' => array( 'x' => array( 'type' => 'object' ) ) ), 'strict' ) );
		$this->assertSame( array( '/x' ), array_column( Contract::validate( array( 'x' => 5 ), array( 'type' => 'object', 'properties' => array( 'x' => $plain ) ), 'strict' ), 'path' ) );
	}

	/**
	 * A list longer than the work budget (4 million values) is refused as too large in both
	 * implementations: the fallback's shortcut for integer items once answered "not of type
	 * array" instead.
	 *
	 * @group slow-under-valgrind
	 */
	#[\PHPUnit\Framework\Attributes\Group( 'slow-under-valgrind' )]
	public function test_a_list_past_the_work_budget_is_too_large(): void {
		$too_long   = range( 0, 4000000 );
		$violations = Contract::validate( $too_long, array( 'type' => 'array' ), 'strict' );
		unset( $too_long );
		$this->assertSame( array( array( 'path' => '', 'keyword' => 'size', 'message' => 'value is too large to validate.' ) ), $violations );
		$this->assertSame( array(), Contract::validate( range( 0, 1000 ), array( 'type' => 'array' ), 'strict' ) );
	}
}
