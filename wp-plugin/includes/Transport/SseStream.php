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
 */
final class SseStream implements NotificationChannel {

	private bool $open = false;

	/** @var callable(string): void|null */
	private $write;

	/**
	 * @param callable(string): void|null $write Writes one frame (tests); default: PHP output, flushed.
	 */
	public function __construct( ?callable $write = null ) {
		$this->write = $write;
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
	public function send( array $notification ): void {
		$this->event( $notification, false );
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
	 */
	private function event( array $message, bool $last ): void {
		$json = Json::encode( $message );
		if ( null === $json && $last ) {
			// The answer must arrive: an internal error in its place.
			Logger::error( 'A streamed answer could not be encoded as JSON' );
			$json = Json::encode( ErrorFactory::internal_error( is_string( $message['id'] ?? null ) || is_int( $message['id'] ?? null ) ? $message['id'] : null )->to_response() );
		}
		if ( null === $json ) {
			Logger::error( 'A streamed notification could not be encoded as JSON; not sent', array( 'method' => $message['method'] ?? null ) );
			return;
		}
		// JSON encoding never yields a raw newline: one data line per event.
		$frame = 'event: message' . "\n" . 'data: ' . $json . "\n\n";
		if ( null !== $this->write ) {
			$this->open = true;
			( $this->write )( $frame );
			return;
		}
		self::discard_buffers();
		if ( ! $this->open && ! headers_sent() ) {
			status_header( 200 );
			header( 'Content-Type: text/event-stream' );
			header( 'Cache-Control: no-cache' );
			header( 'X-Accel-Buffering: no' );
		}
		$this->open = true;
		echo $frame; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
		flush();
		if ( ! $last ) {
			ob_start(); // Keeps what the ability prints next off the stream.
		}
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
