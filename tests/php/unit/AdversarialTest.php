<?php
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

/**
 * Hostile input, each case in a child PHP process (with the same implementation as this run), so a
 * crash fails the case instead of killing the suite. Every case must end with the line "OK"
 * printed by the child after checking its own result.
 */
final class AdversarialTest extends TestCase {
	private function child( string $body, bool $memcheck = false ): void {
		$native = extension_loaded( 'mcp_native' );
		$result = ChildProcess::run_php( ChildProcess::prelude() . $body . "\necho \"OK\\n\";\n", $native, 60, $memcheck );
		$this->assertSame( 0, $result['exit'], "child exited {$result['exit']}: {$result['stderr']}{$result['stdout']}" );
		$this->assertStringEndsWith( "OK\n", $result['stdout'], $result['stderr'] );
		$this->assertSame( $native, str_contains( $result['stdout'], 'native' ), 'the child ran the other implementation' );
	}

	/** Common prologue: state which implementation runs (checked above). */
	private const WHICH = 'echo Contract::is_native() ? "native\n" : "fallback\n";';

	/**
	 * A megabyte-long `$id` or `$ref` in a strict schema is read as a URI reference like a short
	 * one: the fallback's pattern ran out of PCRE's JIT stack on it and refused the schema, and a
	 * path of 300 000 `..` segments resolves in one pass.
	 */
	public function test_megabyte_uri_references_in_strict_schemas(): void {
		$long = 'https://example.com/' . str_repeat( 'a/', 500000 );
		$this->assertSame( array( 'type' ), array_column( \McpNative\Plugin\Contract::validate( 'x', array( '$id' => $long, 'type' => 'integer' ), 'strict' ), 'keyword' ) );
		$this->assertSame( array( 'type' ), array_column( \McpNative\Plugin\Contract::validate( 'x', array( '$id' => 'https://example.com/' . str_repeat( '../', 300000 ), 'type' => 'integer' ), 'strict' ), 'keyword' ) );
		$this->assertSame( array( 'type' ), array_column( \McpNative\Plugin\Contract::validate( 'x', array( '$id' => $long, '$defs' => array( 'a' => array( 'type' => 'integer' ) ), '$ref' => $long . '#/$defs/a' ), 'strict' ), 'keyword' ) );
		$this->assertSame( array( 'schema' ), array_column( \McpNative\Plugin\Contract::validate( 1, array( '$ref' => '#/' . str_repeat( 'a/', 500000 ) ), 'strict' ), 'keyword' ) );
	}

	public function test_self_referencing_object_in_a_sanitize_callback(): void {
		$this->child(
			self::WHICH . '
			class Sanitizer { public $self; public $container; private $secret = "s"; protected $p = [1]; function sanitize($v) { return $v; } }
			$s = new Sanitizer(); $s->self = $s; $s->container = ["owner" => $s];
			$schema = ["type" => "object", "properties" => ["image_url" => ["type" => "string", "sanitize_callback" => [$s, "sanitize"], "x-handler" => [$s, "sanitize"]]]];
			$r = Contract::transform_to_object_schema($schema);
			if ($r["schema"]["properties"]["image_url"] !== ["type" => "string", "x-handler" => ["sanitize"]]) { var_dump($r); exit(3); }
			if (json_encode($r) === false) exit(4);'
		);
	}

	/**
	 * Issue 10, 1: a jsonSerialize() that writes to the stdClass holding it makes PHP separate
	 * that object's property table; the walk must not build its result from the old one after
	 * freeing it. Run under valgrind: a read of freed memory does not always crash.
	 */
	public function test_json_serialize_writing_to_its_parent_object_during_the_walk(): void {
		$this->child(
			self::WHICH . '
			class Mut implements JsonSerializable {
				public $parent;
				function jsonSerialize(): mixed { for ($i = 0; $i < 50; $i++) { $this->parent->{"p$i"} = str_repeat("x", 100); } return ["type" => "string"]; }
			}
			$o = new stdClass; $o->a = ["type" => "string", "description" => str_repeat("d", 40)];
			$o->b = new stdClass; $o->b->type = "integer";
			$m = new Mut; $m->parent = $o; $o->m = $m;
			$o->z = ["type" => "string", "x-y" => str_repeat("q", 30)];
			$schema = ["type" => "object", "properties" => $o];
			unset($o, $m);
			$r = Contract::transform_to_object_schema($schema);
			$p = $r["schema"]["properties"];
			if ($p["a"]["description"] !== str_repeat("d", 40) || $p["b"] !== ["type" => "integer"] || $p["m"] !== ["type" => "string"] || $p["z"]["x-y"] !== str_repeat("q", 30)) { var_dump($r); exit(3); }',
			true
		);
	}

	/** Issue 10, 1: an array reached through a PHP reference grows (is resized) during the walk. */
	public function test_array_by_reference_growing_during_the_walk(): void {
		$this->child(
			self::WHICH . '
			class Grow implements JsonSerializable {
				public $ref;
				function __construct(&$r) { $this->ref = &$r; }
				function jsonSerialize(): mixed { for ($i = 0; $i < 100; $i++) { $this->ref["k$i"] = str_repeat("y", 50); } $this->ref = ["replaced"]; return ["type" => "string"]; }
			}
			$props = ["a" => ["type" => "string", "description" => str_repeat("d", 40)]];
			$g = new Grow($props); $props["g"] = $g;
			$props["c"] = ["type" => "integer", "description" => str_repeat("c", 40)];
			$schema = ["type" => "object", "properties" => &$props, "x-list" => [&$props, &$props]];
			unset($g);
			$r = Contract::transform_to_object_schema($schema);
			if (($r["schema"]["properties"]["c"] ?? null) !== ["type" => "integer", "description" => str_repeat("c", 40)]) { var_dump($r); exit(3); }
			if (json_encode($r) === false) exit(4);',
			true
		);
	}

	/**
	 * A wrapper's `required: ["input"]` (and `["result"]`) is one immutable list shared by every
	 * result, as opcache shares literal arrays: every way PHP writes to it (an assignment, a
	 * reference, sort, array_push, a foreach by reference, unset) must separate it, so later
	 * results, and results already given out, still say ["input"]. Run under valgrind.
	 */
	public function test_writes_to_a_wrappers_required_list_never_reach_another_result(): void {
		$this->child(
			self::WHICH . '
			$flat = ["type" => "string"];
			$kept = Contract::transform_to_object_schema($flat);
			foreach (["input", "result"] as $key) {
				$a = Contract::transform_to_object_schema($flat, $key); $a["schema"]["required"][0] = "changed";
				$b = Contract::transform_to_object_schema($flat, $key); $b["schema"]["required"][] = "more"; array_push($b["schema"]["required"], "z"); rsort($b["schema"]["required"]); $sorted = [$key, "more", "z"]; rsort($sorted);
				$c = Contract::transform_to_object_schema($flat, $key); foreach ($c["schema"]["required"] as &$name) { $name = "by reference"; } unset($name);
				$d = Contract::transform_to_object_schema($flat, $key); $r = &$d["schema"]["required"]; $r = null; unset($r);
				$e = Contract::transform_to_object_schema($flat, $key); unset($e["schema"]["required"][0]);
				if ($a["schema"]["required"] !== ["changed"] || $b["schema"]["required"] !== $sorted || $c["schema"]["required"] !== ["by reference"] || $d["schema"]["required"] !== null || $e["schema"]["required"] !== []) { var_dump($a, $b, $c, $d, $e); exit(3); }
				$again = Contract::transform_to_object_schema($flat, $key);
				if ($again["schema"] !== ["type" => "object", "properties" => [$key => $flat], "required" => [$key]]) { var_dump($again); exit(4); }
			}
			if ($kept["schema"]["required"] !== ["input"] || serialize($kept) !== serialize(unserialize(serialize($kept)))) { var_dump($kept); exit(5); }
			$twice = Contract::transform_to_object_schema($kept["schema"]);
			if ($twice["was_transformed"] !== false || $twice["schema"]["required"] !== ["input"]) { var_dump($twice); exit(6); }',
			true
		);
	}

	/**
	 * The extension fills the fixed-shape arrays of its results (the call's result, a wrapper and
	 * its `properties`) without a lookup, as PHP's own inline append does: every one must then
	 * behave as an array PHP built, found by key, grown past its first table (a rehash), its keys
	 * removed and added again. Under valgrind.
	 */
	public function test_fixed_shape_results_are_ordinary_arrays(): void {
		$this->child(
			self::WHICH . '
			$check = function (array $made, array $expected, string $what) {
				if ($made !== $expected || serialize($made) !== serialize($expected)) { echo "$what: differs\n"; var_dump($made); exit(3); }
				foreach ($expected as $k => $v) {
					if (!isset($made[$k]) && $v !== null || !array_key_exists($k, $made) || $made[$k] !== $v) { echo "$what: key $k not found\n"; exit(4); }
				}
				if (isset($made["absent"]) || array_flip(array_keys($made)) !== array_flip(array_keys($expected))) { echo "$what: lookup\n"; exit(5); }
				$grown = $made; $copy = $expected;
				for ($i = 0; $i < 40; $i++) { $grown["k$i"] = $i; $copy["k$i"] = $i; }
				foreach (array_keys($expected) as $k) { unset($grown[$k], $copy[$k]); }
				foreach ($expected as $k => $v) { $grown[$k] = $v; $copy[$k] = $v; }
				if ($grown !== $copy || array_keys($grown) !== array_keys($copy) || $grown["k39"] !== 39) { echo "$what: after growing\n"; exit(6); }
				foreach ($expected as $k => $v) { if ($grown[$k] !== $v) { echo "$what: key $k lost after growing\n"; exit(7); } }
			};
			$flat = ["type" => "string", "enum" => ["a", "b"]];
			foreach (["input", "result", "other", "0"] as $key) {
				$r = Contract::transform_to_object_schema($flat, $key);
				$check($r, ["schema" => ["type" => "object", "properties" => [$key => $flat], "required" => [(string) $key]], "was_transformed" => true, "wrapper_property" => (string) $key], "transform $key");
				$check($r["schema"], ["type" => "object", "properties" => [$key => $flat], "required" => [(string) $key]], "wrapper $key");
				$check($r["schema"]["properties"], [$key => $flat], "properties $key");
			}
			$object = ["type" => "object", "properties" => ["a" => ["type" => "string"]]];
			$check(Contract::transform_to_object_schema($object), ["schema" => $object, "was_transformed" => false, "wrapper_property" => null], "object schema");',
			true
		);
	}

	/**
	 * Issue 10, 3: a fatal error inside jsonSerialize() (a bailout, which longjmps over the
	 * extension's frames) ends the request as PHP's own fatal would; the extension stays usable
	 * in shutdown functions and valgrind sees no invalid access.
	 */
	public function test_fatal_error_inside_json_serialize_during_the_walk(): void {
		$result = ChildProcess::run_php(
			ChildProcess::prelude() . '
			class Fatal implements JsonSerializable { function jsonSerialize(): mixed { trigger_error("fatal inside jsonSerialize", E_USER_ERROR); return []; } }
			register_shutdown_function(function () {
				$r = Contract::transform_to_object_schema(["type" => "object", "properties" => ["a" => ["type" => "string"]]]);
				echo json_encode($r["schema"]), "\n";
			});
			$schema = ["type" => "object", "properties" => ["a" => ["type" => "string", "x" => str_repeat("y", 1000)], "f" => new Fatal(), "b" => ["type" => "integer"]]];
			Contract::transform_to_object_schema($schema);
			echo "not reached\n";',
			extension_loaded( 'mcp_native' ),
			60,
			true
		);
		$this->assertSame( 255, $result['exit'], $result['stderr'] . $result['stdout'] );
		$this->assertStringContainsString( 'fatal inside jsonSerialize', $result['stdout'] . $result['stderr'] );
		$this->assertStringNotContainsString( 'not reached', $result['stdout'] );
		$this->assertStringContainsString( '{"type":"object","properties":{"a":{"type":"string"}}}', $result['stdout'], $result['stderr'] );
	}

	/** 200 000 properties to rebuild (each drops its sanitize_callback), then memory_limit set 20 MB above what is in use. */
	private const NEAR_MEMORY_LIMIT = '
		$props = []; for ($i = 0; $i < 200000; $i++) { $props["p$i"] = ["type" => "string", "sanitize_callback" => "trim"]; }
		$schema = ["type" => "object", "properties" => $props];
		unset($props);
		ini_set("memory_limit", (string) (memory_get_usage(true) + 20 * 1024 * 1024));';

	/**
	 * Issue 10, 3: a result that would not fit in memory_limit. PHP's memory-limit fatal raised
	 * inside the builder would jump over the walk's Rust frames (and PHP 8.2.36 ends the process
	 * outright at twice the limit: exit 137, no shutdown functions). The extension refuses first,
	 * with a SchemaException, and the request goes on. The PHP fallback cannot ask the allocator
	 * beforehand: it ends with PHP's own memory-limit fatal, as any PHP code would.
	 */
	public function test_a_result_that_would_not_fit_in_memory_limit(): void {
		$native = extension_loaded( 'mcp_native' );
		$result = ChildProcess::run_php(
			ChildProcess::prelude() . self::NEAR_MEMORY_LIMIT . '
			register_shutdown_function(function () { echo "shutdown ran\n"; });
			try { Contract::transform_to_object_schema($schema); echo "built\n"; }
			catch (McpNative\SchemaException $e) { echo "refused: ", $e->getMessage(), "\n"; }
			$after = str_repeat("a", 1 << 20);
			echo "went on\n";',
			$native
		);
		$this->assert_refused_within_memory_limit( $result, $native, 1 );
	}

	/**
	 * The extension refused exactly $refusals times and the request went on to its end; the PHP
	 * fallback ended in PHP's own memory-limit fatal, shutdown functions run.
	 *
	 * @param array{exit:int, stdout:string, stderr:string} $result
	 */
	private function assert_refused_within_memory_limit( array $result, bool $native, int $refusals ): void {
		$output = $result['stdout'] . $result['stderr'];
		if ( $native ) {
			$this->assertSame( 0, $result['exit'], $output );
			$this->assertSame( $refusals, preg_match_all( '/^refused: The transformed schema does not fit in memory_limit \(\d+ bytes\)$/m', $result['stdout'] ), $output );
			$this->assertStringContainsString( "went on\nshutdown ran\n", $result['stdout'] );
		} else {
			$this->assertSame( 255, $result['exit'], $output );
			$this->assertStringContainsString( 'Allowed memory size', $output );
			$this->assertStringContainsString( 'shutdown ran', $result['stdout'] );
		}
	}

	/**
	 * Issue 11: the wire encoding builds more than the transform (`{}` objects, names lists): its
	 * builder keeps to the same budget and refuses before a result would pass memory_limit.
	 * 200 000 draft-3 flags to move (each property rebuilt, each name promoted, `{}` each).
	 */
	public function test_a_wire_schema_that_would_not_fit_in_memory_limit(): void {
		$native  = extension_loaded( 'mcp_native' );
		$encoder = var_export( dirname( __DIR__, 3 ) . '/wp-plugin/includes/SchemaEncoder.php', true );
		$result  = ChildProcess::run_php(
			ChildProcess::prelude() . "require $encoder;" . '
			$props = []; for ($i = 0; $i < 200000; $i++) { $props["p$i"] = ["required" => true]; }
			$schema = ["type" => "object", "properties" => $props];
			unset($props);
			ini_set("memory_limit", (string) (memory_get_usage(true) + 20 * 1024 * 1024));
			register_shutdown_function(function () { echo "shutdown ran\n"; });
			foreach (["tool_schema", "ability_schema"] as $method) {
				try { $args = "tool_schema" === $method ? [$schema, "input"] : [$schema]; McpNative\Plugin\SchemaEncoder::$method(...$args); echo "built\n"; }
				catch (McpNative\SchemaException $e) { echo "refused: ", $e->getMessage(), "\n"; }
			}
			$after = str_repeat("a", 1 << 20);
			echo "went on\n";',
			$native
		);
		$this->assert_refused_within_memory_limit( $result, $native, 2 );
	}

	/**
	 * Issue 11: a jsonSerialize() that writes to the stdClass holding it, while the wire encoding
	 * walks that object's properties and collects their draft-3 flags (valgrind: no read of
	 * freed memory).
	 */
	public function test_json_serialize_writing_to_its_parent_during_the_wire_encoding(): void {
		$encoder = var_export( dirname( __DIR__, 3 ) . '/wp-plugin/includes/SchemaEncoder.php', true );
		$this->child(
			self::WHICH . "require $encoder;" . '
			class Mut implements JsonSerializable {
				public $parent;
				function jsonSerialize(): mixed { for ($i = 0; $i < 50; $i++) { $this->parent->{"p$i"} = ["required" => true, "d" => str_repeat("x", 100)]; } $this->parent->required = ["gone"]; return ["type" => "string", "required" => true]; }
			}
			$o = new stdClass; $o->a = ["type" => "string", "required" => true, "description" => str_repeat("d", 40)];
			$o->required = ["type" => "string", "required" => true];
			$m = new Mut; $m->parent = $o; $o->m = $m;
			$o->z = ["type" => "string", "required" => true];
			$schema = ["type" => "object", "properties" => $o, "required" => ["z", 5]];
			unset($o, $m);
			$r = McpNative\Plugin\SchemaEncoder::tool_schema($schema, "input")["schema"];
			if ($r["required"] !== ["z", "5", "a", "required", "m"] || $r["properties"]["a"]["description"] !== str_repeat("d", 40) || $r["properties"]["m"] !== ["type" => "string"]) { var_dump($r); exit(3); }',
			true
		);
	}

	/**
	 * Issue 10, 3: no Rust-owned memory outlives a PHP fatal error during a call, nor a refusal:
	 * valgrind's leak check (Zend allocator on, so memory_limit is real) finds no block the
	 * extension allocated after start-up. The fatal comes from a jsonSerialize() that exhausts
	 * memory_limit while the walk holds 100 000 rebuilt entries.
	 */
	public function test_no_rust_memory_outlives_a_fatal_error_or_a_refusal(): void {
		if ( ! extension_loaded( 'mcp_native' ) ) {
			$this->markTestSkipped( 'the PHP fallback owns no memory outside PHP' );
		}
		$fatal = ChildProcess::run_php_leak_check(
			ChildProcess::prelude() . '
			class Hog implements JsonSerializable { function jsonSerialize(): mixed { $a = []; for ($i = 0; ; $i++) { $a[] = str_repeat("z", 1000); } } }
			$props = []; for ($i = 0; $i < 100000; $i++) { $props["p$i"] = ["type" => "string", "sanitize_callback" => "trim"]; }
			$props["hog"] = new Hog();
			ini_set("memory_limit", (string) (memory_get_usage(true) + 64 * 1024 * 1024));
			Contract::transform_to_object_schema(["type" => "object", "properties" => $props]);
			echo "not reached\n";'
		);
		if ( null === $fatal ) {
			$this->markTestSkipped( 'valgrind is not installed' );
		}
		$this->assertSame( 255, $fatal['exit'], $fatal['stderr'] . $fatal['stdout'] );
		$this->assertStringContainsString( 'Allowed memory size', $fatal['stdout'] . $fatal['stderr'] );
		$this->assertSame( array(), $fatal['leaks'], 'leaked after the fatal error' );

		$refused = ChildProcess::run_php_leak_check(
			ChildProcess::prelude() . self::NEAR_MEMORY_LIMIT . '
			try { Contract::transform_to_object_schema($schema); } catch (McpNative\SchemaException $e) { echo "refused\n"; }'
		);
		$this->assertSame( 0, $refused['exit'], $refused['stderr'] . $refused['stdout'] );
		$this->assertStringContainsString( 'refused', $refused['stdout'] );
		$this->assertSame( array(), $refused['leaks'], 'leaked after the refusal' );
	}

	public function test_closures_resources_and_arbitrary_objects_anywhere(): void {
		$this->child(
			self::WHICH . '
			$f = fopen("php://memory", "r");
			$schema = ["type" => "array", "items" => ["enum" => [function () {}, $f, new ArrayIterator([]), "ok"]], "default" => [fn() => 1], "x" => new SplObjectStorage()];
			$r = Contract::transform_to_object_schema($schema);
			if ($r["schema"]["properties"]["input"] !== ["type" => "array", "items" => ["enum" => ["ok"]], "default" => []]) { var_dump($r); exit(3); }'
		);
	}

	public function test_array_containing_a_reference_to_itself(): void {
		$this->child(
			self::WHICH . '
			$a = ["type" => "object"]; $a["x"] = &$a; $a["properties"]["y"] = &$a;
			$r = Contract::transform_to_object_schema($a);
			if (json_encode($r) === false) exit(3);
			$args = ["input" => 1]; $args["input"] = &$args;
			$u = Contract::unwrap_input_if_needed($args, ["input_schema_transformed" => true]);
			if (!is_array($u)) exit(4);
			$n = Contract::normalize_arguments($a, $args);
			$w = Contract::wrap_output_if_needed($a, ["output_schema_transformed" => true]);
			if (!isset($w["result"])) exit(5);'
		);
	}

	public static function nesting_kinds(): iterable {
		foreach ( array( 'array', 'object', 'items', 'anyOf' ) as $kind ) {
			yield $kind => array( $kind );
		}
	}

	/**
	 * Shared sub-arrays: 40 levels of `properties: {x: $s, y: $s}` are a few KB of PHP memory and
	 * 2^40 containers to a walk, which PHP's max_execution_time cannot interrupt in native code.
	 * The transform and both wire encodings stop at MAX_CONTAINERS with the same clear exception
	 * (the path of the first container past the bound) on both implementations; a 12-level one
	 * (8 000 containers) comes back unchanged.
	 */
	public function test_a_schema_of_exponentially_many_shared_containers_gives_a_clear_exception(): void {
		$this->child(
			self::WHICH . '
			require_once ' . var_export( dirname( __DIR__, 3 ) . '/wp-plugin/includes/SchemaEncoder.php', true ) . ';
			$share = function (int $levels) {
				$s = ["type" => "string"];
				for ($i = 0; $i < $levels; $i++) { $s = ["type" => "object", "properties" => ["x" => $s, "y" => $s]]; }
				return $s;
			};
			$huge = $share(40);
			$start = microtime(true);
			foreach ([
				fn() => Contract::transform_to_object_schema($huge),
				fn() => McpNative\Plugin\SchemaEncoder::tool_schema($huge, "input"),
				fn() => McpNative\Plugin\SchemaEncoder::ability_schema($huge),
			] as $i => $call) {
				try { $call(); exit(10 + $i); }
				catch (McpNative\SchemaException $e) {
					if (!str_starts_with($e->getMessage(), "Schema has more than 1000000 arrays and objects to walk (a shared sub-array counts each time it is used) at \x27/properties/x/properties/x/")) { echo $e->getMessage(), "\n"; exit(20 + $i); }
				}
			}
			if (microtime(true) - $start > 30) exit(30);
			$small = $share(12);
			if (Contract::transform_to_object_schema($small)["schema"] !== $small) exit(31);'
		);
	}

	/**
	 * One kind per child: PHP itself recurses in C when it frees or compares structures this deep.
	 *
	 * @dataProvider nesting_kinds
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'nesting_kinds' )] // PHPUnit 10+ (Debian 13); the annotation is for 9.6
	public function test_100000_levels_of_nesting_give_a_clear_exception( string $kind ): void {
		$this->child(
			self::WHICH . '
			$kind = ' . var_export( $kind, true ) . ';
			$d = ["type" => "string"];
			for ($i = 0; $i < 100000; $i++) {
				$d = match ($kind) {
					"array" => ["type" => "object", "properties" => ["p" => $d]],
					"object" => (object) ["type" => "object", "properties" => (object) ["p" => $d]],
					"items" => ["type" => "array", "items" => $d],
					"anyOf" => ["anyOf" => [$d]],
				};
			}
			try { Contract::transform_to_object_schema(is_array($d) ? $d : ["properties" => ["p" => $d]]); exit(3); }
			catch (McpNative\SchemaException $e) { if (!str_contains($e->getMessage(), "maximum depth of 128")) exit(4); }
			unset($e); // its trace holds the arguments: the whole deep structure
			// Functions that do not walk the tree take deep values unharmed.
			if (Contract::unwrap_input_if_needed(["input" => $d], ["input_schema_transformed" => true]) !== $d) exit(5);
			if (Contract::normalize_arguments(["type" => "object"], $d) !== $d) exit(6);
			// Free iteratively: PHP itself recurses when destroying deep structures.
			while (is_array($d) || is_object($d)) {
				$next = is_object($d) ? ($d->properties->p ?? null) : ($d["properties"]["p"] ?? $d["items"] ?? $d["anyOf"][0] ?? null);
				$d = $next;
				unset($next);
			}'
		);
	}

	public function test_jsonserializable_returning_itself_or_throwing(): void {
		$this->child(
			self::WHICH . '
			class Me implements JsonSerializable { function jsonSerialize(): mixed { return ["type" => "object", "properties" => ["me" => $this]]; } }
			$r = Contract::transform_to_object_schema(["type" => "object", "properties" => ["m" => new Me()]]);
			if ($r["schema"]["properties"]["m"] !== ["type" => "object"]) { var_dump($r); exit(3); }
			class Fresh implements JsonSerializable { function jsonSerialize(): mixed { return ["next" => new Fresh()]; } }
			try { Contract::transform_to_object_schema(["default" => new Fresh()]); exit(4); } catch (McpNative\SchemaException $e) {}
			class Boom implements JsonSerializable { function jsonSerialize(): mixed { throw new DomainException("boom"); } }
			try { Contract::transform_to_object_schema(["default" => new Boom()]); exit(5); } catch (DomainException $e) { if ($e->getMessage() !== "boom") exit(6); }'
		);
	}

	public function test_invalid_utf8_keys_and_values(): void {
		$this->child(
			self::WHICH . '
			$schema = ["type" => "object", "properties" => ["\xff\xfe" => ["type" => "string", "enum" => ["\xc3\x28"]], "sanitize_callback\xff" => 1]];
			$r = Contract::transform_to_object_schema($schema);
			if ($r["schema"] !== $schema) exit(3);
			$d = ["type" => "string"]; for ($i = 0; $i < 200; $i++) { $d = ["type" => "object", "properties" => ["\xff/~" => $d]]; }
			try { Contract::transform_to_object_schema($d); exit(4); }
			catch (McpNative\SchemaException $e) { if (!str_contains($e->getMessage(), "/properties/0xff2f7e/")) { echo $e->getMessage(); exit(5); } }
			if (Contract::unwrap_input_if_needed(["\xff" => 1], ["input_schema_transformed" => true, "input_schema_wrapper" => "\xff"]) !== 1) exit(6);
			if (Contract::wrap_output_if_needed(2, ["output_schema_transformed" => true, "output_schema_wrapper" => "\xfe"]) !== ["\xfe" => 2]) exit(7);'
		);
	}

	public function test_huge_payloads(): void {
		$this->child(
			self::WHICH . '
			$props = []; for ($i = 0; $i < 300000; $i++) { $props["p$i"] = ["type" => "string", "sanitize_callback" => "trim"]; }
			$r = Contract::transform_to_object_schema(["type" => "object", "properties" => $props]);
			if (count($r["schema"]["properties"]) !== 300000 || $r["schema"]["properties"]["p299999"] !== ["type" => "string"]) exit(3);
			$big = str_repeat("x", 50 * 1024 * 1024);
			$r = Contract::transform_to_object_schema(["type" => "string", "description" => $big]);
			if ($r["schema"]["properties"]["input"]["description"] !== $big) exit(4);
			if (Contract::wrap_output_if_needed($big, ["output_schema_transformed" => true])["result"] !== $big) exit(5);'
		);
	}

	/**
	 * A `pattern` of 11 MB: the regex parser held some 340 bytes per byte and aborted the process
	 * ("memory allocation failed") at a 4 GB address-space limit. Past MAX_PATTERN_BYTES it is
	 * never compiled: no match in `standard` (as PCRE, which refuses it too), an invalid schema in
	 * `strict`; the child's peak resident memory stays far below what compiling it took.
	 *
	 * @group slow-under-valgrind
	 */
	#[\PHPUnit\Framework\Attributes\Group( 'slow-under-valgrind' )]
	public function test_an_11_mb_pattern_is_refused_in_bounded_memory(): void {
		$this->child(
			self::WHICH . '
			$long = str_repeat("a", 11 * 1024 * 1024);
			foreach ([["type" => "string", "pattern" => $long], ["type" => "object", "patternProperties" => [$long => ["type" => "string"]]]] as $i => $schema) {
				$standard = Contract::validate($i ? ["a" => 1] : "aaa", $schema);
				if ($i === 0 && (count($standard) !== 1 || $standard[0]["keyword"] !== "pattern")) exit(3);
				$strict = Contract::validate("aaa", $schema, "strict");
				$where = $i ? "/patternProperties/" : "/pattern";
				if (count($strict) !== 1 || $strict[0]["keyword"] !== "schema" || !str_contains($strict[0]["message"], "not valid JSON Schema (2020-12) at \'" . $where)) exit(4);
			}
			// at the bound a pattern still compiles, one byte more it does not (padded in extended mode, which PCRE compiles too)
			$padded = fn(int $bytes) => "(?x)" . str_repeat(" ", $bytes - 5) . "y";
			$at_bound = Contract::validate("x", ["type" => "string", "pattern" => $padded(\McpNative\MAX_PATTERN_BYTES)], "strict");
			$past = Contract::validate("x", ["type" => "string", "pattern" => $padded(\McpNative\MAX_PATTERN_BYTES + 1)], "strict");
			if ($at_bound[0]["keyword"] !== "pattern" || $past[0]["keyword"] !== "schema") exit(5);
			preg_match("/VmHWM:\\s+(\\d+) kB/", file_get_contents("/proc/self/status"), $m);
			if ((int) $m[1] > 600 * 1024) { echo "peak resident memory {$m[1]} kB\n"; exit(6); }'
		);
	}

	public function test_odd_numbers_and_keys(): void {
		$this->child(
			self::WHICH . '
			$schema = ["type" => "number", "minimum" => -INF, "maximum" => INF, "multipleOf" => NAN, PHP_INT_MAX => PHP_INT_MIN, -1 => 0.0, "" => ""];
			$r = Contract::transform_to_object_schema($schema, "x");
			$inner = $r["schema"]["properties"]["x"];
			if (!is_nan($inner["multipleOf"]) || $inner[PHP_INT_MAX] !== PHP_INT_MIN || $inner[-1] !== 0.0 || $inner[""] !== "") exit(3);
			for ($i = 0; $i < 2000; $i++) { $r = Contract::transform_to_object_schema(["type" => "string"], "k"); unset($r); }
			$o = new stdClass(); $o->{"0"} = ["type" => "string"]; $o->{"12"} = function () {}; $o->{"a"} = 1;
			$r = Contract::transform_to_object_schema(["type" => "object", "properties" => $o]);
			if ($r["schema"]["properties"] !== [0 => ["type" => "string"], "a" => 1]) { var_dump($r); exit(4); }'
		);
	}

	public function test_wrong_argument_types_are_type_errors_not_crashes(): void {
		$this->child(
			self::WHICH . '
			$calls = [
				fn() => Contract::transform_to_object_schema("x"),
				fn() => Contract::unwrap_input_if_needed([], "meta"),
				fn() => Contract::wrap_output_if_needed(1, null),
				fn() => Contract::normalize_arguments(new stdClass(), []),
			];
			foreach ($calls as $i => $call) { try { $call(); exit(10 + $i); } catch (TypeError $e) {} }
			if (Contract::is_native()) {
				try { McpNative\SchemaTransformer::transform_to_object_schema(); exit(20); } catch (ArgumentCountError $e) {}
				try { McpNative\unwrap_input_if_needed(1, [], 3); exit(21); } catch (ArgumentCountError $e) {}
				try { McpNative\SchemaTransformer::transform_to_object_schema([], 5); exit(22); } catch (TypeError $e) {}
			}'
		);
	}
}
