<?php
use McpNative\Plugin\Json;
use McpNative\Plugin\RawJson;
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Json.php';
require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/RawJson.php';

/**
 * The extension's per-process store and fingerprint (McpNative\fingerprint, cache_*), and the
 * plugin's RawJson splicing that serves a cached list. The RawJson cases run on both
 * implementations; the others need the extension.
 */
final class ListCacheTest extends TestCase {

	private function require_extension(): void {
		if ( ! extension_loaded( 'mcp_native' ) ) {
			$this->markTestSkipped( 'needs the extension (the native run of scripts/test-php.sh)' );
		}
	}

	public function test_fingerprint_is_equal_for_equal_values_and_differs_for_any_difference(): void {
		$this->require_extension();
		$schema = array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string', 'enum' => array( 'x', 1, 1.5, true, null ) ) ) );
		$copy   = unserialize( serialize( $schema ) );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', \McpNative\fingerprint( $schema ) );
		$this->assertSame( \McpNative\fingerprint( $schema ), \McpNative\fingerprint( $copy ) );
		$variants = array(
			array(),
			new stdClass(),
			array( 1 ),
			array( '1' ),
			array( 1.0 ),
			array( true ),
			array( null ),
			array( '' ),
			array( 'ab' ),
			array( 'a', 'b' ),
			array( array( 'a' ), 'b' ),
			array( 'a', array( 'b' ) ),
			array( 'a' => 1, 'b' => 2 ),
			array( 'b' => 2, 'a' => 1 ),
			array( 1 => 'a' ),
			(object) array( 'a' => 1 ),
			array( 'a' => 1 ),
			-0.0,
			0.0,
			PHP_INT_MIN,
			"a\0b",
		);
		$prints = array_map( static fn( $v ) => \McpNative\fingerprint( $v ), $variants );
		$this->assertSame( count( $prints ), count( array_unique( $prints ) ), 'every variant has its own fingerprint: ' . json_encode( $prints ) );
	}

	public function test_values_without_a_fixed_json_form_have_no_fingerprint_and_run_no_php_code(): void {
		$this->require_extension();
		$called = false;
		$object = new class( $called ) implements JsonSerializable {
			public function __construct( private bool &$called ) {}
			public function jsonSerialize(): mixed {
				$this->called = true;
				return array();
			}
		};
		$this->assertNull( \McpNative\fingerprint( array( 'enum' => $object ) ) );
		$this->assertFalse( $called, 'jsonSerialize() is never called' );
		$this->assertNull( \McpNative\fingerprint( array( static fn() => 1 ) ) );
		$this->assertNull( \McpNative\fingerprint( array( STDIN ) ) );
		$deep = 1;
		for ( $i = 0; $i <= \McpNative\MAX_DEPTH; $i++ ) {
			$deep = array( $deep );
		}
		$this->assertNull( \McpNative\fingerprint( $deep ), 'deeper than MAX_DEPTH' );
		$cycle    = array( 1 );
		$cycle[1] = &$cycle;
		$this->assertNull( \McpNative\fingerprint( $cycle ), 'a reference cycle ends at MAX_DEPTH' );
	}

	/** Shared sub-arrays: 60 levels of [$x, $x] are 2^60 values to a walk, in a few KB of memory. */
	public function test_a_value_of_exponential_size_is_refused_quickly(): void {
		$this->require_extension();
		$x = array( 'leaf' );
		for ( $i = 0; $i < 60; $i++ ) {
			$x = array( $x, $x );
		}
		$start = hrtime( true );
		$this->assertNull( \McpNative\fingerprint( $x ) );
		$this->assertLessThan( 5.0, ( hrtime( true ) - $start ) / 1e9, 'bounded by the node count, not the logical size' );
	}

	public function test_the_store_keeps_replaces_and_bounds_its_entries(): void {
		$this->require_extension();
		\McpNative\cache_clear();
		$this->assertNull( \McpNative\cache_fetch( 'k' ) );
		$this->assertTrue( \McpNative\cache_store( 'k', array( '{"a":1}', '', "bin\0ary\xff" ) ) );
		$this->assertSame( array( '{"a":1}', '', "bin\0ary\xff" ), \McpNative\cache_fetch( 'k' ) );
		$this->assertTrue( \McpNative\cache_store( 'k', array( 'x' ) ) );
		$this->assertSame( array( 'x' ), \McpNative\cache_fetch( 'k' ) );
		$this->assertSame( array(), ( \McpNative\cache_store( 'empty', array() ) ? \McpNative\cache_fetch( 'empty' ) : null ) );

		$info = \McpNative\cache_info();
		$this->assertSame( 2, $info['entries'] );
		for ( $i = 0; $i < $info['max_entries']; $i++ ) {
			\McpNative\cache_store( "e$i", array( (string) $i ) );
		}
		$this->assertSame( $info['max_entries'], \McpNative\cache_info()['entries'], 'at most max_entries' );
		$this->assertNull( \McpNative\cache_fetch( 'k' ), 'the least recently used went first' );
		$this->assertSame( array( '31' ), \McpNative\cache_fetch( 'e31' ) );

		$this->assertFalse( \McpNative\cache_store( 'huge', array( str_repeat( 'x', $info['max_bytes'] ) ) ), 'larger than the whole store' );
		$this->assertFalse( \McpNative\cache_store( 'many', array_fill( 0, 800000, '' ) ), 'so many parts that their slots alone pass max_bytes' );
		$this->assertNull( \McpNative\cache_fetch( 'many' ) );
		$this->assertTrue( \McpNative\cache_store( 'big', array( str_repeat( 'x', $info['max_bytes'] - 64 ) ) ) );
		$this->assertLessThanOrEqual( $info['max_bytes'], \McpNative\cache_info()['bytes'] );
		$this->assertLessThan( 4, \McpNative\cache_info()['entries'], 'the others made room' );
		$this->assertNull( \McpNative\cache_fetch( 'e0' ), 'least recently used first' );
		\McpNative\cache_clear();
		$this->assertSame( 0, \McpNative\cache_info()['entries'] );
	}

	public function test_the_store_checks_its_arguments(): void {
		$this->require_extension();
		foreach ( array( array( 1 ), array( 'a', null ), array( array( 'a' ) ) ) as $parts ) {
			try {
				\McpNative\cache_store( 'k', $parts );
				$this->fail( 'accepted ' . json_encode( $parts ) );
			} catch ( TypeError $e ) {
				$this->assertStringContainsString( 'must hold only strings', $e->getMessage() );
			}
		}
		$this->expectException( TypeError::class );
		\McpNative\cache_fetch( array() );
	}

	/** A hit that would not fit in memory_limit is a miss (null, counted as refused), never PHP's memory-limit fatal. */
	public function test_a_fetch_that_would_pass_memory_limit_is_a_miss(): void {
		$this->require_extension();
		if ( '0' === getenv( 'USE_ZEND_ALLOC' ) ) {
			$this->markTestSkipped( 'without the Zend allocator (the valgrind run) PHP enforces no memory_limit' );
		}
		$result = ChildProcess::run_php(
			'<?php
			$part = str_repeat( "x", 1 << 20 );
			var_dump( \McpNative\cache_store( "big", array_fill( 0, 12, $part ) ) );
			unset( $part );
			$counts = fn() => array_intersect_key( \McpNative\cache_info(), array( "hits" => 0, "refused" => 0 ) );
			ini_set( "memory_limit", "16M" ); // 12 MiB of strings, each a run of pages of its own chunk
			var_dump( null === \McpNative\cache_fetch( "big" ) ? null : "fetched" );
			echo json_encode( $counts() ), "\n";
			ini_set( "memory_limit", "128M" );
			var_dump( count( \McpNative\cache_fetch( "big" ) ) );
			echo json_encode( $counts() ), "\n";
			echo "OK\n";',
			true
		);
		$this->assertSame( 0, $result['exit'], $result['stderr'] . $result['stdout'] );
		// The refused fetch is counted as refused, not as a hit; the served one as a hit.
		$this->assertSame( "bool(true)\nNULL\n{\"hits\":0,\"refused\":1}\nint(12)\n{\"hits\":1,\"refused\":1}\nOK\n", $result['stdout'] );
	}

	public function test_raw_json_is_spliced_by_our_encoder_and_decoded_by_any_other(): void {
		$raw     = RawJson::list( array( '{"name":"a","n":1.0}', '{"name":"b/c","x":"é"}' ) );
		$message = array(
			'jsonrpc' => '2.0',
			'id'      => 1,
			'result'  => array(
				'tools' => $raw,
				'note'  => "\0mcp-native-raw:0000000000000000:0", // a client's lookalike is never replaced
			),
		);
		$json = Json::encode( $message );
		$this->assertSame( '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","n":1.0},{"name":"b/c","x":"é"}],"note":"\u0000mcp-native-raw:0000000000000000:0"}}', $json );
		$this->assertEquals( json_decode( $json ), json_decode( (string) json_encode( $message, Json::ENCODE_FLAGS ) ), 'another encoder writes the same value' );
		$this->assertSame( '[1,[2]]', Json::encode( array( new RawJson( '1' ), array( new RawJson( '2' ) ) ) ) );
	}

	public function test_raw_json_inside_a_nested_encoding_keeps_to_its_own(): void {
		$inner = new class() implements JsonSerializable {
			public function jsonSerialize(): mixed {
				// An encoding run while another one runs: its placeholders are its own.
				return Json::encode( array( new RawJson( '{"in":1}' ) ) );
			}
		};
		$this->assertSame( '{"a":{"out":2},"b":"[{\"in\":1}]","c":[3]}', Json::encode( array( 'a' => new RawJson( '{"out":2}' ), 'b' => $inner, 'c' => new RawJson( '[3]' ) ) ) );
		$this->assertNull( Json::encode( array( new RawJson( '1' ), NAN ) ), 'a failed encoding stays a failure' );
		$this->assertSame( '[4]', Json::encode( array( new RawJson( '4' ) ) ), 'and leaves nothing behind' );
	}

	public function test_encode_depth_counts_a_part_where_it_will_sit(): void {
		$part = array( array( array( 1 ) ) ); // depth 3
		$this->assertNull( Json::encode( $part, 2 ) );
		$this->assertSame( '[[[1]]]', Json::encode( $part, 3 ) );
	}
}
