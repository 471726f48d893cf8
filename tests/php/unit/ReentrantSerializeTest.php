<?php
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

/**
 * Issue 36 (the crash) and issue 37 (re-entrancy): a jsonSerialize() that starts another walk
 * while its own walk runs. Each case runs in a child PHP process with this run's implementation,
 * so a crash (the extension overflowed the native stack: SIGSEGV) fails the case, not the suite.
 * Each child checks its own result and prints "OK".
 */
final class ReentrantSerializeTest extends TestCase {
	private function child( string $body ): void {
		$native = extension_loaded( 'mcp_native' );
		$code   = ChildProcess::prelude()
			. 'require ' . var_export( dirname( __DIR__, 3 ) . '/wp-plugin/includes/SchemaEncoder.php', true ) . ";\n"
			. 'use McpNative\Plugin\SchemaEncoder;' . "\n"
			. 'echo Contract::is_native() ? "native\n" : "fallback\n";' . "\n"
			. self::CLASSES . $body . "\necho \"OK\\n\";\n";
		$result = ChildProcess::run_php( $code, $native, 60 );
		$this->assertSame( 0, $result['exit'], "child exited {$result['exit']}: {$result['stderr']}{$result['stdout']}" );
		$this->assertStringEndsWith( "OK\n", $result['stdout'], $result['stderr'] );
		$this->assertSame( $native, str_contains( $result['stdout'], 'native' ), 'the child ran the other implementation' );
	}

	/** A schema object whose jsonSerialize() hands its own schema (which holds it) to `$fn`. */
	private const CLASSES = '
		final class Reenter implements JsonSerializable {
			public $schema;
			public $fn;
			function jsonSerialize(): mixed { return ( $this->fn )( $this->schema ); }
		}
		function reentering( callable $fn ): array {
			$o = new Reenter();
			$o->schema = array( "type" => "object", "properties" => array( "a" => $o, "b" => array( "type" => "string" ) ) );
			$o->fn = $fn;
			return $o->schema;
		}
		function expect( $want, $got, int $code ): void {
			if ( $want !== $got ) { var_export( $got ); exit( $code ); }
		}
	';

	/** The inner walk meets the object whose jsonSerialize() is running and cuts it, as a cycle. */
	public function test_json_serialize_transforming_its_own_schema_is_cut_not_a_crash(): void {
		$this->child(
			'$schema = reentering( fn( $s ) => Contract::transform_to_object_schema( $s )["schema"] );
			$inner = array( "type" => "object", "properties" => array( "b" => array( "type" => "string" ) ) );
			$r = Contract::transform_to_object_schema( $schema );
			expect( array( "type" => "object", "properties" => array( "a" => $inner, "b" => array( "type" => "string" ) ) ), $r["schema"], 3 );
			expect( false, $r["was_transformed"], 4 );'
		);
	}

	public function test_json_serialize_wire_encoding_its_own_schema_is_cut_not_a_crash(): void {
		$this->child(
			'$schema = reentering( fn( $s ) => SchemaEncoder::tool_schema( $s, "input" )["schema"] );
			$inner = array( "type" => "object", "properties" => array( "b" => array( "type" => "string" ) ) );
			$r = SchemaEncoder::tool_schema( $schema, "input" );
			expect( array( "type" => "object", "properties" => array( "a" => $inner, "b" => array( "type" => "string" ) ) ), $r["schema"], 3 );
			$a = SchemaEncoder::ability_schema( reentering( fn( $s ) => SchemaEncoder::ability_schema( $s ) ) );
			expect( array( "type" => "object", "properties" => array( "a" => $inner, "b" => array( "type" => "string" ) ) ), $a, 5 );'
		);
	}

	/** Validation and the fingerprint call no jsonSerialize(): run inside one, they see the object as it is. */
	public function test_json_serialize_validating_or_fingerprinting_its_own_schema(): void {
		$this->child(
			'$schema = reentering( fn( $s ) => array( "type" => "object", "description" => json_encode( array_column( Contract::validate( array( "b" => 5 ), $s ), "path" ) ) ) );
			$r = Contract::transform_to_object_schema( $schema );
			expect( array( "type" => "object", "description" => "[\"\\\\/b\"]" ), $r["schema"]["properties"]["a"], 3 );
			if ( Contract::is_native() ) {
				$schema = reentering( fn( $s ) => array( "type" => "object", "description" => var_export( \McpNative\fingerprint( $s ), true ) ) );
				$r = Contract::transform_to_object_schema( $schema );
				expect( array( "type" => "object", "description" => "NULL" ), $r["schema"]["properties"]["a"], 4 );
			}'
		);
	}

	/**
	 * A jsonSerialize() that walks a new object each time never meets itself: the nesting of
	 * walks is bounded instead (16 jsonSerialize() calls running at once), with an exception.
	 */
	public function test_endless_chain_of_new_objects_is_refused_with_an_exception(): void {
		$this->child(
			'final class Fresh implements JsonSerializable {
				function jsonSerialize(): mixed {
					$s = array( "type" => "object", "properties" => array( "x" => new Fresh() ) );
					for ( $i = 0; $i < 60; $i++ ) { $s = array( "type" => "object", "properties" => array( "p" => $s ) ); }
					return Contract::transform_to_object_schema( $s )["schema"];
				}
			}
			try {
				Contract::transform_to_object_schema( array( "type" => "object", "properties" => array( "a" => new Fresh() ) ) );
				exit( 3 );
			} catch ( McpNative\SchemaException $e ) {
				if ( ! str_ends_with( $e->getMessage(), "could not be serialised: jsonSerialize() calls nest more than 16 deep (each walks a schema again)" ) ) { echo $e->getMessage(); exit( 4 ); }
			}
			// The bound is per nesting, not per call: the same object serialised again later is fine.
			$r = Contract::transform_to_object_schema( reentering( fn( $s ) => array( "type" => "null" ) ) );
			expect( array( "type" => "null" ), $r["schema"]["properties"]["a"], 5 );'
		);
	}

	/**
	 * Issue 37: a walk started inside jsonSerialize() must leave the outer walk's state alone (the
	 * fallback kept it in static properties: the inner call reset the outer one's collected
	 * draft-3 `required: true` names and its ancestors).
	 */
	public function test_a_walk_inside_json_serialize_leaves_the_outer_walk_intact(): void {
		$this->child(
			'final class Inner implements JsonSerializable {
				function jsonSerialize(): mixed {
					SchemaEncoder::tool_schema( array( "type" => "object", "properties" => array( "z" => array( "type" => "string", "required" => true ) ) ), "input" );
					return array( "type" => "integer" );
				}
			}
			$with = fn( $b ) => array( "type" => "object", "properties" => array(
				"a" => array( "type" => "string", "required" => true ),
				"b" => $b,
				"c" => array( "type" => "string", "required" => true ),
			) );
			$want = SchemaEncoder::tool_schema( $with( array( "type" => "integer" ) ), "input" );
			expect( array( "a", "c" ), $want["schema"]["required"], 3 );
			expect( $want, SchemaEncoder::tool_schema( $with( new Inner() ), "input" ), 4 );
			// A cycle below the object is still cut when a nested walk ran meanwhile.
			$cyclic = new stdClass(); $cyclic->type = "object"; $cyclic->properties = new stdClass();
			$cyclic->properties->self = $cyclic; $cyclic->properties->i = new Inner();
			$r = Contract::transform_to_object_schema( array( "type" => "object", "properties" => array( "c" => $cyclic ) ) );
			expect( array( "type" => "object", "properties" => array( "i" => array( "type" => "integer" ) ) ), $r["schema"]["properties"]["c"], 5 );'
		);
	}
}
