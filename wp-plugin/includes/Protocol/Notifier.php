<?php
/**
 * The notifications one request may send while it runs: progress and log messages.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Handlers\LoggingHandler;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Logger;

/**
 * Decides what goes out: progress only against the request's `progressToken`, increasing;
 * log messages only at or above the level the client asked for (logging/setLevel in the session,
 * or `_meta` logLevel at 2026-07-28), none when it asked for none. The channel (the transport)
 * decides how; without one everything is a no-op.
 */
final class Notifier {

	/** @var self[] The notifiers of the requests being handled (innermost last). */
	private static array $active = array();

	private float|int|null $last_progress = null;

	private bool $was_cancelled = false;

	/** Whether a notification is being sent: one sent from inside that (a log hook) is dropped. */
	private bool $sending = false;

	/**
	 * @param NotificationChannel|null $channel        The transport's, if it can carry notifications.
	 * @param string|int|null          $progress_token The request's progressToken.
	 * @param string|null              $log_level      The lowest level the client wants; null: none.
	 * @param (\Closure(): bool)|null   $cancelled      Whether the client cancelled the request.
	 */
	public function __construct(
		private readonly ?NotificationChannel $channel,
		private readonly string|int|null $progress_token,
		private readonly ?string $log_level,
		private readonly ?\Closure $cancelled = null
	) {}

	/**
	 * The notifier of a request: its progress token from `params._meta`.
	 *
	 * @param (\Closure(): bool)|null $cancelled Whether the client cancelled the request.
	 */
	public static function for_request( Message $message, ?NotificationChannel $channel, ?string $log_level, ?\Closure $cancelled = null ): self {
		$meta  = $message->param( '_meta' );
		$token = $meta instanceof \stdClass ? ( $meta->progressToken ?? null ) : null;
		return new self( $channel, ( is_string( $token ) || is_int( $token ) ) ? $token : null, $log_level, $cancelled );
	}

	/**
	 * Whether the client cancelled this request: it closed the stream or its stdin (the channel
	 * says), or sent notifications/cancelled (the session says); the ability should stop.
	 */
	public function cancelled(): bool {
		$this->was_cancelled = $this->was_cancelled
			|| ( $this->channel?->disconnected() ?? false )
			|| ( null !== $this->cancelled && ( $this->cancelled )() );
		return $this->was_cancelled;
	}

	/**
	 * Whether cancelled() found the request cancelled.
	 */
	public function was_cancelled(): bool {
		return $this->was_cancelled;
	}

	/**
	 * Runs $work with this notifier as the current one.
	 *
	 * @template T
	 * @param callable(): T $work The handler.
	 * @return T
	 */
	public function run( callable $work ): mixed {
		self::$active[] = $this;
		try {
			return $work();
		} finally {
			array_pop( self::$active );
		}
	}

	/**
	 * Where this request's messages to the client go (null: nowhere): requests of the server's own
	 * at 2025-11-25 (ClientRequests) travel there too.
	 */
	public function channel(): ?NotificationChannel {
		return $this->channel;
	}

	/**
	 * The notifier of the request being handled, if any.
	 */
	public static function current(): ?self {
		return array() === self::$active ? null : self::$active[ count( self::$active ) - 1 ];
	}

	/**
	 * Sends notifications/progress; false when nothing carries it (no channel, no token) or the
	 * value does not increase (the specification requires it to).
	 */
	public function progress( float|int $progress, float|int|null $total = null, ?string $message = null ): bool {
		if ( null === $this->channel || null === $this->progress_token || ! is_finite( (float) $progress )
			|| ( null !== $this->last_progress && $progress <= $this->last_progress ) ) {
			return false;
		}
		$this->last_progress = $progress;
		$params              = array(
			'progressToken' => $this->progress_token,
			'progress'      => $progress,
		);
		if ( null !== $total && is_finite( (float) $total ) ) {
			$params['total'] = $total;
		}
		if ( null !== $message && '' !== $message ) {
			$params['message'] = $message;
		}
		return $this->send( 'notifications/progress', $params );
	}

	/**
	 * Sends notifications/message; false when nothing carries it or the client's level is higher.
	 *
	 * @param string $level   One of LoggingHandler::LEVELS.
	 * @param string $message What happened.
	 * @param mixed  $data    Optional JSON-encodable details.
	 * @param string $logger  Optional name of the source.
	 */
	public function log( string $level, string $message, mixed $data = null, string $logger = '' ): bool {
		$rank = array_search( $level, LoggingHandler::LEVELS, true );
		if ( false === $rank ) {
			Logger::warning( 'An ability logged with an unknown level; not sent', array( 'level' => $level ) );
			return false;
		}
		if ( null === $this->channel || null === $this->log_level || $rank < (int) array_search( $this->log_level, LoggingHandler::LEVELS, true ) ) {
			return false;
		}
		$params = array(
			'level' => $level,
			'data'  => null === $data ? $message : array(
				'message' => $message,
				'data'    => $data,
			),
		);
		if ( '' !== $logger ) {
			$params['logger'] = $logger;
		}
		return $this->send( 'notifications/message', $params );
	}

	/**
	 * @param array<string, mixed> $params Notification params.
	 */
	private function send( string $method, array $params ): bool {
		if ( $this->sending ) {
			return false;
		}
		$this->sending = true;
		try {
			return $this->channel?->send(
				array(
					'jsonrpc' => '2.0',
					'method'  => $method,
					'params'  => $params,
				)
			) ?? false;
		} finally {
			$this->sending = false;
		}
	}
}
