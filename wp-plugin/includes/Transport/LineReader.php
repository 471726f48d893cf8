<?php
/**
 * The stdio transport's input: newline-delimited messages, read blocking between calls and
 * without waiting while one runs.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

/**
 * Its own buffer instead of fgets(): a running call asks whether a notifications/cancelled has
 * arrived (poll()), which must not block on a partial line, and what poll() read but did not take
 * must come back from next() in order. A line longer than the limit is dropped as it streams in
 * (never held whole) and reported once as TOO_LONG.
 */
final class LineReader {

	public const TOO_LONG = "\0too-long";

	private string $buffer = '';

	/** @var string[] Complete lines read ahead (by poll()), oldest first. */
	private array $queue = array();

	/** Inside a line longer than the limit: its bytes are dropped up to its newline. */
	private bool $skipping = false;

	private bool $eof = false;

	/**
	 * @param resource $stream The input.
	 * @param int      $limit  Longest line accepted, in bytes (without its newline).
	 */
	public function __construct( private $stream, private readonly int $limit ) {}

	/**
	 * The next line (its newline removed), TOO_LONG for a line over the limit, null at end of input.
	 * Waits for input.
	 */
	public function next(): ?string {
		while ( array() === $this->queue ) {
			if ( $this->eof ) {
				if ( '' === $this->buffer || $this->skipping ) {
					return null;
				}
				// A last line without its newline still counts.
				$this->queue[] = $this->buffer;
				$this->buffer  = '';
				break;
			}
			$this->read( true );
		}
		return array_shift( $this->queue );
	}

	/**
	 * Reads what has arrived, without waiting. Each complete line not yet handed out is offered to
	 * $take: a line it takes (returns true for) is consumed, the others wait for next() in order.
	 *
	 * @param callable(string): bool $take Handles a line now, or returns false.
	 */
	public function poll( callable $take ): void {
		while ( ! $this->eof && $this->ready() && $this->read( false ) ) {
			// Read until nothing more is waiting.
		}
		// Lines read ahead earlier are offered again: a cancellation may already be among them.
		$this->queue = array_values( array_filter( $this->queue, static fn( string $line ) => self::TOO_LONG === $line || ! $take( $line ) ) );
	}

	/**
	 * Whether the input has ended (the client closed it).
	 */
	public function at_eof(): bool {
		return $this->eof;
	}

	private function ready(): bool {
		$read   = array( $this->stream );
		$write  = null;
		$except = null;
		$ready  = @stream_select( $read, $write, $except, 0 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
		// Memory and plain-file streams cannot be selected; reading them never waits.
		return false === $ready || $ready > 0;
	}

	/**
	 * One read; splits complete lines into the queue. Returns whether anything was read.
	 */
	private function read( bool $blocking ): bool {
		$chunk = fread( $this->stream, 65536 );
		if ( false === $chunk || '' === $chunk ) {
			// A blocking read that returns nothing is the end; a non-blocking one may only be empty.
			if ( $blocking || feof( $this->stream ) ) {
				$this->eof = true;
			}
			return false;
		}
		$this->buffer .= $chunk;
		while ( false !== ( $newline = strpos( $this->buffer, "\n" ) ) ) {
			$line         = substr( $this->buffer, 0, $newline );
			$this->buffer = substr( $this->buffer, $newline + 1 );
			if ( $this->skipping ) {
				$this->skipping = false;
				continue; // The end of a line already reported.
			}
			$this->queue[] = strlen( $line ) > $this->limit ? self::TOO_LONG : $line;
		}
		if ( ! $this->skipping && strlen( $this->buffer ) > $this->limit ) {
			$this->queue[]  = self::TOO_LONG;
			$this->skipping = true;
		}
		if ( $this->skipping ) {
			$this->buffer = '';
		}
		return true;
	}
}
