<?php
/**
 * A WP-CLI logger that never writes to stdout.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

/**
 * WP-CLI's default logger writes WP_CLI::log() and WP_CLI::success() to STDOUT with fwrite(),
 * past any output buffer. While `wp mcp-native serve` runs, stdout carries JSON-RPC only, so
 * every message goes to this stream (STDERR) instead. Implements the methods WP_CLI calls on
 * its logger (WP_CLI::set_logger takes any object with them).
 */
final class StderrCliLogger {

	/** @var resource */
	private $stream;

	/**
	 * @param resource|null $stream Where messages go (default STDERR).
	 */
	public function __construct( $stream = null ) {
		$this->stream = $stream ?? STDERR;
	}

	public function info( mixed $message, bool $newline = true ): void {
		$this->write( (string) $message . ( $newline ? "\n" : '' ) );
	}

	public function success( mixed $message ): void {
		$this->write( 'Success: ' . $message . "\n" );
	}

	public function warning( mixed $message ): void {
		$this->write( 'Warning: ' . $message . "\n" );
	}

	public function error( mixed $message ): void {
		$this->write( 'Error: ' . $message . "\n" );
	}

	/**
	 * @param array<int, string> $message_lines Lines.
	 */
	public function error_multi_line( mixed $message_lines ): void {
		foreach ( (array) $message_lines as $line ) {
			$this->write( 'Error: ' . $line . "\n" );
		}
	}

	public function debug( mixed $message, mixed $group = false ): void {
		// WP-CLI's own loggers print debug lines only with --debug; the transport's diagnostics go to the log.
	}

	private function write( string $text ): void {
		fwrite( $this->stream, $text );
	}
}
