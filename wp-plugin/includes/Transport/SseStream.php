<?php
/**
 * The SSE response of one POST, opened by the first notification a request sends.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\Logger;
use McpNative\Plugin\Protocol\NotificationChannel;

/**
 * Only framing: the first event sends the stream's headers, every event is written and flushed at
 * once (output buffers emptied, `X-Accel-Buffering: no` for nginx), the JSON-RPC answer is the
 * last event. A request that sends nothing never opens it and keeps its single JSON body.
 * Output printed between events is still kept off the stream (logged, as OutputGuard does).
 *
 * A closed stream is the client's cancellation: asked whether the client is still there, the
 * stream writes an SSE comment (opening the stream if needed) and reads connection_aborted(),
 * which PHP sets only when a write fails. Once open, ignore_user_abort is on, so a failed write
 * never ends the script in the middle of an ability: it sees Report::cancelled() and stops.
 */
final class SseStream implements NotificationChannel {

	/** Seconds between two probes of the connection: a check in a tight loop writes little. */
	public const PROBE_INTERVAL = 0.1;

	private bool $open = false;

	private bool $closed = false;

	private float $last_probe = 0.0;

	/** @var callable(string): void|null */
	private $write;

	/** @var callable(): int */
	private $aborted;

	/**
	 * @param callable(string): void|null $write   Writes one frame (tests); default: PHP output, flushed.
	 * @param callable(): int|null        $aborted Whether the connection is gone (tests); default connection_aborted().
	 */
	public function __construct( ?callable $write = null, ?callable $aborted = null ) {
		$this->write   = $write;
		$this->aborted = $aborted ?? 'connection_aborted';
	}

	/**
	 * Whether the client accepts an SSE answer to its POST.
	 */
	public static function accepted( \WP_REST_Request $request ): bool {
		return str_contains( strtolower( (string) $request->get_header( 'accept' ) ), 'text/event-stream' );
	}

	public function is_open(): bool {
		return $this->open;
	}

	/**
	 * @param array<string, mixed> $notification The notification.
	 */
	public function send( array $notification ): bool {
		return $this->event( $notification, false );
	}

	/**
	 * Whether the client closed the stream; probes with an SSE comment (clients ignore comments)
	 * at most every PROBE_INTERVAL seconds. Two probes may be needed: the first write after the
	 * peer closed can still be accepted by the kernel.
	 */
	public function disconnected(): bool {
		if ( ! $this->closed && microtime( true ) - $this->last_probe >= self::PROBE_INTERVAL ) {
			$this->last_probe = microtime( true );
			$this->write_frame( ": probe\n\n", false );
		}
		return $this->closed;
	}

	/**
	 * Writes the answer as the last event; the REST server then has nothing left to send.
	 *
	 * @param array<string, mixed> $answer The JSON-RPC response.
	 */
	public function finish( array $answer ): \WP_REST_Response {
		$this->event( $answer, true );
		if ( null === $this->write ) {
			// The REST server would send its no-cache headers after the body: the stream sent its own.
			add_filter( 'rest_send_nocache_headers', '__return_false', PHP_INT_MAX );
		}
		return new StreamedResponse();
	}

	/**
	 * @param array<string, mixed> $message JSON-RPC message.
	 * @return bool Whether it was written.
	 */
	private function event( array $message, bool $last ): bool {
		$json = Json::encode( $message );
		if ( null === $json && $last ) {
			// The answer must arrive: an internal error in its place.
			Logger::error( 'A streamed answer could not be encoded as JSON' );
			$json = Json::encode( ErrorFactory::internal_error( is_string( $message['id'] ?? null ) || is_int( $message['id'] ?? null ) ? $message['id'] : null )->to_response() );
		}
		if ( null === $json ) {
			Logger::error( 'A streamed notification could not be encoded as JSON; not sent', array( 'method' => $message['method'] ?? null ) );
			return false;
		}
		// JSON encoding never yields a raw newline: one data line per event.
		return $this->write_frame( 'event: message' . "\n" . 'data: ' . $json . "\n\n", $last );
	}

	/**
	 * Writes one frame now; nothing once the client has gone (no further messages for a cancelled
	 * request).
	 */
	private function write_frame( string $frame, bool $last ): bool {
		if ( $this->closed ) {
			return false;
		}
		if ( null !== $this->write ) {
			$this->open = true;
			( $this->write )( $frame );
			$this->closed = 1 === (int) ( $this->aborted )();
			return ! $this->closed;
		}
		self::discard_buffers();
		if ( ! $this->open && ! headers_sent() ) {
			status_header( 200 );
			header( 'Content-Type: text/event-stream' );
			header( 'Cache-Control: no-cache' );
			header( 'X-Accel-Buffering: no' );
		}
		if ( ! $this->open ) {
			// A client that leaves must not end the script inside an ability: it is told (Report::cancelled()).
			ignore_user_abort( true );
		}
		$this->open = true;
		echo $frame; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
		flush();
		$this->closed = 1 === (int) ( $this->aborted )();
		if ( ! $last ) {
			ob_start(); // Keeps what the ability prints next off the stream.
		}
		return ! $this->closed;
	}

	/**
	 * Empties every output buffer (what was printed is logged, never sent) so the event goes out now.
	 */
	private static function discard_buffers(): void {
		$stray = '';
		while ( ob_get_level() > 0 ) {
			$stray .= (string) ob_get_clean();
		}
		if ( '' !== $stray ) {
			Logger::warning(
				'Discarded output printed while streaming an MCP answer',
				array(
					'bytes' => strlen( $stray ),
					'start' => substr( wp_strip_all_tags( $stray ), 0, 200 ),
				)
			);
		}
	}
}
