<?php
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

/**
 * Inputs found by the fuzzers (tests/php/fuzz/fuzz.php, fuzz/), kept as regression cases. Each
 * runs in a child PHP process with the same implementation as this run, so a crash or a hang
 * fails the case instead of killing the suite; the child prints "OK" after checking its result.
 * The comment on each case names the fuzzer finding it comes from.
 */
final class FuzzRegressionTest extends TestCase {
	/**
	 * Seconds a case may take. Bounded cases finish in seconds (the fallback's shared-subarrays case
	 * takes about 6 s of CPU), unbounded ones never: the margin is for a machine shared with other jobs.
	 */
	private const TIMEOUT = 60;

	private function child( string $body ): void {
		$native = extension_loaded( 'mcp_native' );
		$result = self::run_php( ChildProcess::prelude() . $body . "\necho \"OK\\n\";\n", $native );
		$what   = in_array( $result['exit'], array( 124, 137, -1 ), true ) ? 'was killed (timeout or address-space cap: unbounded work)' : "exited {$result['exit']}";
		$this->assertSame( 0, $result['exit'], "child $what: " . substr( $result['stderr'] . $result['stdout'], 0, 2000 ) );
		$this->assertStringEndsWith( "OK\n", $result['stdout'], $result['stderr'] );
	}

	/**
	 * Like ChildProcess::run_php, with the address space capped too (prlimit): an unbounded case
	 * allocates outside PHP's memory_limit (the extension's own memory) and must not take the
	 * machine's memory with it before the timeout ends it.
	 *
	 * @return array{exit:int, stdout:string, stderr:string}
	 */
	private static function run_php( string $code, bool $with_extension ): array {
		$file = tempnam( sys_get_temp_dir(), 'mcpf' ) . '.php';
		file_put_contents( $file, $code );
		$cmd = array( 'prlimit', '--as=' . ( 3 << 30 ), '--', 'timeout', '-s', 'KILL', (string) self::TIMEOUT, PHP_BINARY, '-n', '-d', 'memory_limit=1G' );
		if ( $with_extension ) {
			$so = getenv( 'EXT_SO' ) ?: dirname( __DIR__, 3 ) . '/target/release/libmcp_native.so';
			array_push( $cmd, '-d', 'extension=' . $so );
		}
		$cmd[] = $file;
		$proc  = proc_open( $cmd, array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes );
		$out   = stream_get_contents( $pipes[1] );
		$err   = stream_get_contents( $pipes[2] );
		$exit  = proc_close( $proc );
		unlink( $file );
		return array( 'exit' => $exit, 'stdout' => $out, 'stderr' => $err );
	}

	/** Values the cases share, as PHP source. */
	private const HELPERS = '
		function chain(int $n, callable $wrap, $leaf) { $v = $leaf; for ($i = 0; $i < $n; $i++) { $v = $wrap($v); } return $v; }
		/** Shared by value at every level: 2^$n paths through $n + 1 arrays. */
		function doubling(int $n) { $x = ["a" => 1]; for ($i = 0; $i < $n; $i++) { $x = ["p" => $x, "q" => [$x]]; } return $x; }
		function mutual() { $a = ["type" => "object"]; $b = ["type" => "array"]; $a["b"] = &$b; $b["a"] = &$a; return $a; }
		function outcome(callable $f) { try { $r = $f(); return "ok " . var_export(is_array($r) ? array_keys($r) : $r, true); } catch (Throwable $e) { return get_class($e) . ": " . $e->getMessage(); } }
	';

	/**
	 * php fuzz, seed 1 iteration 1519: the fallback validator serialize()d the schema as its cache
	 * key; PHP's serialize() recurses in C and crashed (SIGSEGV) on a 3000-deep sub-schema under a
	 * keyword the validator does not even read.
	 */
	public function test_validate_with_a_very_deep_schema_returns(): void {
		$this->child(
			self::HELPERS . '
			$deep = chain(3000, fn($v) => ["anyOf" => [$v]], ["type" => "string"]);
			foreach (["standard", "strict"] as $p) {
				foreach ([["prefixItems" => $deep], $deep, ["type" => "object", "properties" => ["a" => $deep]]] as $schema) {
					$r = Contract::validate("x", $schema, $p);
					if (!is_array($r)) exit(3);
				}
			}'
		);
	}

	/**
	 * php fuzz (and the soak's realistic schemas): a closure as `sanitize_callback`, as WordPress
	 * schemas have, made the fallback validator throw "Serialization of \'Closure\' is not allowed".
	 */
	public function test_validate_accepts_schemas_with_callbacks(): void {
		$this->child(
			'
			$schema = ["type" => "object", "properties" => ["a" => ["type" => "string", "sanitize_callback" => fn($v) => $v, "validate_callback" => [new ArrayObject(), "count"]]]];
			if (Contract::validate(["a" => "x"], $schema) !== []) exit(3);
			if (count(Contract::validate(["a" => 5], $schema, "strict")) !== 1) exit(4);'
		);
	}

	/**
	 * php fuzz, seed 1 iteration 1198: a value with a stdClass cycle ($o->self = $o, $o->list = [$o])
	 * made the strict profile walk every path through the cycle: time and memory (Rust, outside
	 * memory_limit) grew without bound (16 s, 2.8 GB, still going).
	 */
	public function test_validate_a_cyclic_object_value_is_bounded(): void {
		$this->child(
			'
			$o = new stdClass(); $o->self = $o; $o->list = [$o, $o];
			foreach (["standard", "strict"] as $p) {
				foreach ([["type" => "object"], ["type" => "object", "additionalProperties" => ["type" => "object"]], []] as $schema) {
					if (!is_array(Contract::validate($o, $schema, $p))) exit(3);
				}
			}
			$a = ["x" => 1]; $a["self"] = &$a; $a["again"] = &$a;
			foreach (["standard", "strict"] as $p) { if (!is_array(Contract::validate($a, ["type" => "object"], $p))) exit(4); }'
		);
	}

	/**
	 * php fuzz (reduced): a value whose sub-arrays are shared by value at every level (41 arrays,
	 * 2^40 paths) hung validation: strict converted every path, standard compared every path
	 * against `enum`. A PHP program can build such a value (an ability result); it must cost
	 * bounded time and memory.
	 */
	public function test_validate_a_value_with_shared_subarrays_is_bounded(): void {
		$this->child(
			self::HELPERS . '
			$v = doubling(40);
			foreach ([["type" => "object"], ["enum" => [[1]]], ["type" => "array", "uniqueItems" => true], ["type" => "object", "additionalProperties" => ["type" => "object"]]] as $schema) {
				foreach (["standard", "strict"] as $p) {
					if (!is_array(Contract::validate($v, $schema, $p))) exit(3);
				}
			}'
		);
	}

	/**
	 * php fuzz, seed 1 iteration 62 (reduced): a reference cycle whose references are each held
	 * once (refcount 1) is invisible to ReflectionReference, so the fallback walked it until
	 * MAX_DEPTH and threw, while the extension cut the cycle. Both must give the same outcome.
	 */
	public function test_transform_of_a_cycle_through_single_references_agrees(): void {
		if ( ! extension_loaded( 'mcp_native' ) ) {
			$this->child(
				self::HELPERS . '
				$s = mutual();
				$o = outcome(fn() => Contract::transform_to_object_schema($s));
				if (!str_starts_with($o, "ok ") && !str_starts_with($o, "McpNative\\\\SchemaException")) { echo $o; exit(3); }'
			);
			return;
		}
		$this->child(
			self::HELPERS . '
			$s = mutual();
			$native = outcome(fn() => McpNative\SchemaTransformer::transform_to_object_schema($s));
			$php    = outcome(fn() => McpNative\Plugin\Fallback\SchemaTransformer::transform_to_object_schema($s));
			if ($native !== $php) { echo "native: $native\nfallback: ", substr($php, 0, 300), "\n"; exit(3); }'
		);
	}

	/**
	 * php fuzz (unwrap mismatch): PHP stores the key "0" of ["0" => …] and of a list as the integer
	 * 0, and `$arguments[$wrapper]` finds it; the extension looked the wrapper up as a string key
	 * only and returned null.
	 */
	public function test_unwrap_with_a_numeric_wrapper_name_finds_the_integer_key(): void {
		$this->child(
			'
			$m = ["input_schema_transformed" => true, "input_schema_wrapper" => "0"];
			if (Contract::unwrap_input_if_needed([7], $m) !== 7) exit(3);
			if (Contract::unwrap_input_if_needed(["0" => "x"], $m) !== "x") exit(4);
			$m["input_schema_wrapper"] = "12";
			if (Contract::unwrap_input_if_needed(["12" => ["a" => 1]], $m) !== ["a" => 1]) exit(5);
			$m["input_schema_wrapper"] = "012"; // not canonical: stays a string key
			if (Contract::unwrap_input_if_needed([12 => 1, "012" => 2], $m) !== 2) exit(6);
			$w = Contract::wrap_output_if_needed(5, ["output_schema_transformed" => true, "output_schema_wrapper" => "0"]);
			if ($w !== [0 => 5]) exit(7);'
		);
	}

	/**
	 * php fuzz: results holding long jsonSerialize() chains, stdClass cycles and closed resources
	 * come back from every function unharmed (the fuzzer's own json_encode of such a result
	 * crashed PHP itself: PHP's encoder recurses without bound through jsonSerialize()).
	 */
	public function test_odd_values_pass_through_every_function(): void {
		$this->child(
			'
			final class J implements JsonSerializable { function __construct(public $v) {} function jsonSerialize(): mixed { return $this->v; } }
			$chain = 1; for ($i = 0; $i < 3000; $i++) { $chain = new J(["default" => $chain]); }
			$o = new stdClass(); $o->self = $o; $o->p = (object) ["loop" => $o];
			$f = fopen("php://memory", "r"); fclose($f);
			$values = [$chain, $o, $f, NAN, INF, "\xff\xfe", str_repeat("x", 1 << 20), fn() => 1];
			foreach ($values as $v) {
				foreach ([["input_schema_transformed" => true], ["output_schema_transformed" => true], []] as $meta) {
					Contract::unwrap_input_if_needed($v, $meta);
					$w = Contract::wrap_output_if_needed($v, $meta);
					if (isset($meta["output_schema_transformed"]) && !(is_array($w) && array_key_exists("result", $w))) exit(3);
				}
				if (Contract::normalize_arguments(["type" => "object"], $v) !== $v && !(is_float($v) && is_nan($v))) exit(4);
				try { Contract::transform_to_object_schema(["type" => "string", "default" => $v]); }
				catch (McpNative\SchemaException $e) { if (!str_contains($e->getMessage(), "maximum depth")) exit(5); }
				if (!is_array(Contract::validate($v, ["type" => "object"]))) exit(6);
			}
			unset($e);
			// Free the chain from the outside in: PHP recurses when it destroys nested objects.
			while ($chain instanceof J) { $next = $chain->v["default"]; $chain->v = null; $chain = $next; }'
		);
	}

	/**
	 * cargo fuzz, target validate (artifact crash-dbe6fb33…): the compiled-schema cache keys a
	 * schema without its annotation values (`default`, `examples`, …), but the strict profile's
	 * compile fails on a `default` nested deeper than MAX_DEPTH: whichever of two such schemas came
	 * first decided the verdict for both. A verdict must not depend on earlier calls.
	 */
	public function test_validate_verdict_does_not_depend_on_earlier_calls(): void {
		$this->child(
			self::HELPERS . '
			$deep = chain(130, fn($v) => ["default" => $v], 1);
			$verdicts = [];
			foreach (["standard", "strict"] as $p) {
				foreach ([[$deep, 1], [1, $deep], [$deep, 1]] as $round => $defaults) {
					foreach ($defaults as $d) {
						$r = Contract::validate(["a" => 1], ["type" => "object", "default" => $d], $p);
						$verdicts[$p][is_int($d) ? "shallow" : "deep"][] = json_encode($r);
					}
				}
			}
			foreach ($verdicts as $p => $by) {
				foreach ($by as $which => $list) {
					if (count(array_unique($list)) !== 1) { echo "$p/$which: ", implode(" | ", $list), "\n"; exit(3); }
					if ("shallow" === $which && "[]" !== $list[0]) { echo "$p: a valid value against a plain schema: ", $list[0], "\n"; exit(4); }
				}
			}'
		);
	}

	/**
	 * php fuzz, seed 1 iterations 899, 1698, 1810, 5315, … (fallback validator, 06:57 source):
	 * the fallback keyed its schema cache by json_encode($schema), and PHP's JSON encoder recurses
	 * in C through the whole value before it checks its depth argument, and through every
	 * jsonSerialize(): a schema holding a never-ending JsonSerializable, or 50 000 levels under
	 * `default`, crashed PHP (SIGSEGV).
	 */
	public function test_validate_with_an_endless_or_very_deep_annotation_returns(): void {
		$this->child(
			self::HELPERS . '
			final class Fresh implements JsonSerializable { function jsonSerialize(): mixed { return ["next" => new Fresh()]; } }
			foreach (["standard", "strict"] as $p) {
				if (!is_array(Contract::validate(["a" => 1], ["type" => "object", "default" => new Fresh()], $p))) exit(3);
			}
			$deep = chain(50000, fn($v) => ["default" => $v], 1);
			foreach (["standard", "strict"] as $p) {
				if (!is_array(Contract::validate(["a" => 1], ["type" => "object", "default" => $deep], $p))) exit(4);
			}
			// Free iteratively: PHP recurses when it destroys nested arrays.
			while (is_array($deep)) { $deep = $deep["default"]; }'
		);
	}

	/**
	 * php fuzz, seed 2 iteration 2293: `type` and `default` were one PHP reference holding null;
	 * the fallback wrote 'object' into `type` through the reference, so `default` became 'object'
	 * and the caller's own array changed. The transform must never change its argument.
	 */
	public function test_transform_does_not_write_through_references(): void {
		$this->child(
			'
			$s = null; $schema = ["type" => &$s, "default" => &$s];
			$r = Contract::transform_to_object_schema($schema, "definitions");
			if ($s !== null || $schema["default"] !== null) { echo "the argument changed\n"; exit(3); }
			if ($r["schema"] !== ["type" => "object", "default" => null]) { var_export($r); exit(4); }
			$t = "object"; $schema = ["type" => &$t, "properties" => ["a" => ["type" => "string", "sanitize_callback" => "trim"]], "x" => &$t];
			$r = Contract::transform_to_object_schema($schema);
			if ($t !== "object" || isset($schema["properties"]["a"]["sanitize_callback"]) === false) exit(5);'
		);
	}

	/**
	 * php fuzz, seed 1 iteration 4933: an anonymous class's name holds a NUL byte
	 * ("class@anonymous\0/path…"); the extension put it in its TypeError message, could not throw
	 * that ("string contains a NUL byte") and threw an Error whose message leaked the file path.
	 * PHP names such a class "class@anonymous".
	 */
	public function test_type_error_for_an_anonymous_class_argument(): void {
		$this->child(
			'
			$anon = new class() {};
			$calls = Contract::is_native()
				? [fn() => McpNative\wrap_output_if_needed([], $anon), fn() => McpNative\unwrap_input_if_needed([], $anon),
				   fn() => McpNative\normalize_arguments($anon, []), fn() => McpNative\SchemaTransformer::transform_to_object_schema($anon),
				   fn() => McpNative\SchemaTransformer::transform_to_object_schema([], $anon), fn() => McpNative\validate(1, $anon),
				   fn() => McpNative\validate(1, [], $anon)]
				: [fn() => McpNative\Plugin\Fallback\Arguments::wrap_output_if_needed([], $anon)];
			foreach ($calls as $i => $call) {
				try { $call(); exit(10 + $i); }
				catch (TypeError $e) {
					if (!preg_match("/must be of type [?a-z]+, class@anonymous given/", $e->getMessage())) { echo get_class($e), ": ", $e->getMessage(), "\n"; exit(30 + $i); }
				}
				catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; exit(50 + $i); }
			}'
		);
	}
}
