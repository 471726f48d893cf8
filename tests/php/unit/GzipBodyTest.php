<?php
use McpNative\Plugin\Json;
use McpNative\Plugin\RawJson;
use McpNative\Plugin\Transport\GzipBody;
use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Json.php';
require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/RawJson.php';
require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Transport/GzipBody.php';

/**
 * Transport\GzipBody: a gzip member made of text compressed ahead and stored blocks around it
 * decodes, with any gzip decoder, to exactly Json::encode()'s text. (Whether an answer is sent
 * so, from the request's headers and PHP's output state, is tested over HTTP in the WP suite.)
 */
final class GzipBodyTest extends TestCase {

	/** A RawJson whose compressed form is GzipBody::deflate()'s, counting the compressions. */
	private function compressed( string $json, int &$compressions = 0 ): RawJson {
		return new RawJson(
			$json,
			static function ( string $text ) use ( &$compressions ): ?string {
				++$compressions;
				return GzipBody::deflate( $text );
			}
		);
	}

	public static function accept_encodings(): array {
		return array(
			array( 'gzip', true ),
			array( 'gzip, deflate', true ),
			array( 'deflate, gzip', true ),
			array( 'GZIP;Q=0.5', true ),
			array( 'br;q=1, gzip ; q=0.001', true ),
			array( 'x-gzip', true ),
			array( '*', true ),
			array( 'deflate, *;q=0.1', true ),
			array( 'gzip;q=0', false ),
			array( 'gzip;q=0.000', false ),
			array( 'gzip;q=abc', false ),
			array( '*;q=0', false ),
			array( '*, gzip;q=0', false ),
			array( 'gzip;q=0, *', false ),
			array( 'deflate', false ),
			array( 'identity', false ),
			array( 'br, zstd', false ),
			array( 'gzipped', false ),
			array( '', false ),
		);
	}

	/** @dataProvider accept_encodings */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'accept_encodings' )]
	public function test_accept_encoding_is_read_as_rfc_9110_says( string $header, bool $takes_gzip ): void {
		$this->assertSame( $takes_gzip, GzipBody::accepts_gzip( $header ), $header );
	}

	public static function messages(): array {
		$tools = '[' . implode( ',', array_map( static fn( int $i ): string => '{"name":"tool-' . $i . '","description":"Does thing ' . $i . ' of the site.","inputSchema":{"type":"object"}}', range( 1, 3000 ) ) ) . ']';
		return array(
			'a tools/list page' => array( static fn( RawJson $raw ): array => array( 'jsonrpc' => '2.0', 'id' => 7, 'result' => array( 'tools' => $raw, 'nextCursor' => 'abc' ) ), $tools ),
			'the raw text alone' => array( static fn( RawJson $raw ): RawJson => $raw, $tools ),
			'an empty list' => array( static fn( RawJson $raw ): array => array( 'result' => array( 'tools' => $raw ) ), '[]' ),
			// Text around the raw one longer than one stored block (65 535 bytes), and non-ASCII.
			'long text around it' => array( static fn( RawJson $raw ): array => array( 'id' => str_repeat( 'é-long id ', 20000 ), 'tools' => $raw, 'after' => str_repeat( 'x', 65535 ) ), $tools ),
		);
	}

	/** @dataProvider messages */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'messages' )]
	public function test_the_gzip_member_decodes_to_the_plain_text( \Closure $message, string $tools ): void {
		$compressions = 0;
		$value        = $message( $this->compressed( $tools, $compressions ) );
		$gzip         = GzipBody::of( (array) Json::parts( $value ) );
		$this->assertIsString( $gzip );
		$this->assertSame( 1, $compressions, 'the raw text is compressed once, by its own closure' );
		$plain = Json::encode( $value );
		$this->assertSame( $plain, gzdecode( $gzip ), 'gzdecode checks the CRC-32 and the length too' );
		$this->assertSame( $plain, zlib_decode( $gzip ) );
		if ( strlen( $tools ) > 1000 ) {
			$this->assertLessThan( strlen( $plain ) / 4, strlen( $gzip ) - max( 0, strlen( $plain ) - strlen( $tools ) ), 'the raw text is sent compressed' );
		}
	}

	public function test_two_compressed_texts_and_one_without_make_one_member(): void {
		$value = array( $this->compressed( '{"a":"' . str_repeat( 'ab', 5000 ) . '"}' ), new RawJson( '[1,2]' ), $this->compressed( '"tail"' ) );
		$gzip  = GzipBody::of( (array) Json::parts( $value ) );
		$this->assertSame( '[{"a":"' . str_repeat( 'ab', 5000 ) . '"},[1,2],"tail"]', gzdecode( (string) $gzip ) );
	}

	public function test_a_broken_trailer_is_refused_by_the_decoder(): void {
		// What makes the test above able to fail: the decoder checks what of() computes.
		$gzip = (string) GzipBody::of( (array) Json::parts( array( 'tools' => $this->compressed( '[{"name":"x"}]' ), 'id' => 3 ) ) );
		$crc  = $gzip;
		$crc[ strlen( $gzip ) - 8 ] = chr( ord( $gzip[ strlen( $gzip ) - 8 ] ) ^ 1 );
		$this->assertFalse( @gzdecode( $crc ), 'a wrong CRC-32' );
		$size = $gzip;
		$size[ strlen( $gzip ) - 4 ] = chr( ord( $gzip[ strlen( $gzip ) - 4 ] ) ^ 1 );
		$this->assertFalse( @gzdecode( $size ), 'a wrong length' );
	}

	public function test_nothing_compressed_ahead_means_no_gzip_member(): void {
		$this->assertNull( GzipBody::of( (array) Json::parts( array( 'jsonrpc' => '2.0', 'id' => 1, 'result' => array( 'tools' => array() ) ) ) ) );
		$this->assertNull( GzipBody::of( (array) Json::parts( array( 'tools' => new RawJson( '[1]' ) ) ) ), 'a raw text without a compressed form' );
		$this->assertNull( GzipBody::of( (array) Json::parts( array( 'tools' => new RawJson( '[1]', static fn(): ?string => null ) ) ) ), 'its compression failed' );
		$this->assertNull( Json::parts( array( $this->compressed( '[1]' ), NAN ) ), 'a value that does not encode has no parts' );
	}

	public function test_parts_split_only_at_this_encodings_placeholders(): void {
		$raw   = new RawJson( '[1]' );
		$parts = Json::parts( array( 'a' => $raw, 'b' => "\0mcp-native-raw:0000000000000000:0", 'c' => $raw ) );
		$this->assertSame( array( '{"a":', $raw, ',"b":"\u0000mcp-native-raw:0000000000000000:0","c":', $raw, '}' ), $parts );
		$this->assertSame( array( '{"a":1}' ), Json::parts( array( 'a' => 1 ) ), 'no raw value: the encoder\'s text as one part' );
	}
}
