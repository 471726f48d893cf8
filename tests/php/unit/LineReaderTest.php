<?php
use McpNative\Plugin\Transport\LineReader;
use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Transport/LineReader.php';

/**
 * The stdio input: lines in order, over-long lines reported once, and poll() never waiting on a
 * pipe while it lets a running call take a line out of turn.
 */
final class LineReaderTest extends TestCase {

	/** @return resource[] [read end, write end] of a socket pair (selectable, like a pipe). */
	private static function pair(): array {
		$pair = stream_socket_pair( STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP );
		self::assertIsArray( $pair );
		return $pair;
	}

	private static function memory( string $content ) {
		$stream = fopen( 'php://memory', 'w+' );
		fwrite( $stream, $content );
		rewind( $stream );
		return $stream;
	}

	public function test_lines_come_in_order_and_a_last_line_without_newline_counts(): void {
		$reader = new LineReader( self::memory( "a\n\nb\r\nc" ), 100 );
		$this->assertSame( 'a', $reader->next() );
		$this->assertSame( '', $reader->next() );
		$this->assertSame( "b\r", $reader->next() );
		$this->assertSame( 'c', $reader->next() );
		$this->assertNull( $reader->next() );
		$this->assertTrue( $reader->at_eof() );
	}

	public function test_a_line_over_the_limit_is_reported_once_and_the_next_line_survives(): void {
		$long   = str_repeat( 'x', 200000 ); // Spans several reads.
		$reader = new LineReader( self::memory( "ok\n" . $long . "\nafter\n" . str_repeat( 'y', 11 ) . "\n" . str_repeat( 'z', 10 ) . "\n" ), 10 );
		$this->assertSame( 'ok', $reader->next() );
		$this->assertSame( LineReader::TOO_LONG, $reader->next() );
		$this->assertSame( 'after', $reader->next() );
		$this->assertSame( LineReader::TOO_LONG, $reader->next(), 'limit + 1 bytes is too long' );
		$this->assertSame( str_repeat( 'z', 10 ), $reader->next(), 'exactly the limit is accepted' );
		$this->assertNull( $reader->next() );
	}

	public function test_poll_on_a_pipe_returns_at_once_with_nothing_or_a_partial_line(): void {
		[ $in, $out ] = self::pair();
		$reader       = new LineReader( $in, 100 );
		$offered      = array();
		$start        = microtime( true );
		$reader->poll( static function ( string $line ) use ( &$offered ) {
			$offered[] = $line;
			return false;
		} );
		fwrite( $out, '{"partial' );
		$reader->poll( static function ( string $line ) use ( &$offered ) {
			$offered[] = $line;
			return false;
		} );
		$this->assertLessThan( 0.5, microtime( true ) - $start, 'poll() must not wait for input' );
		$this->assertSame( array(), $offered, 'no complete line yet' );
		$this->assertFalse( $reader->at_eof() );
		fwrite( $out, "\"}\n" );
		fclose( $out );
		$this->assertSame( '{"partial"}', $reader->next() );
		$this->assertNull( $reader->next() );
	}

	public function test_poll_lets_a_line_be_taken_out_of_turn_and_keeps_the_others_in_order(): void {
		[ $in, $out ] = self::pair();
		$reader       = new LineReader( $in, 100 );
		fwrite( $out, "first\ncancel-1\nsecond\n" );
		$this->assertSame( 'first', $reader->next() ); // The rest is read ahead.
		$taken = array();
		$reader->poll( static function ( string $line ) use ( &$taken ) {
			if ( str_starts_with( $line, 'cancel' ) ) {
				$taken[] = $line;
				return true;
			}
			return false;
		} );
		$this->assertSame( array( 'cancel-1' ), $taken, 'a line already read ahead is offered too' );
		fwrite( $out, "cancel-2\nthird\n" );
		$reader->poll( static function ( string $line ) use ( &$taken ) {
			if ( str_starts_with( $line, 'cancel' ) ) {
				$taken[] = $line;
				return true;
			}
			return false;
		} );
		$this->assertSame( array( 'cancel-1', 'cancel-2' ), $taken );
		fclose( $out );
		$this->assertSame( 'second', $reader->next() );
		$this->assertSame( 'third', $reader->next() );
		$this->assertNull( $reader->next() );
	}

	public function test_poll_sees_the_client_close_its_end(): void {
		[ $in, $out ] = self::pair();
		$reader       = new LineReader( $in, 100 );
		fclose( $out );
		$reader->poll( static fn() => false );
		$this->assertTrue( $reader->at_eof() );
		$this->assertNull( $reader->next() );
	}
}
