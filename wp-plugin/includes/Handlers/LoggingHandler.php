<?php
/**
 * logging/setLevel.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Handlers;

use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Protocol\SessionScope;
use McpNative\Plugin\Server;

/**
 * The level is kept for the session: abilities' log messages (Report::log) at or above it are sent
 * while a call runs (Protocol\Notifier).
 */
final class LoggingHandler {

	/** RFC 5424 severities. */
	public const LEVELS = array( 'debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency' );

	public function __construct( private readonly Server $server ) {}

	/**
	 * @throws JsonRpcError For a level that is not one of LEVELS.
	 */
	public function set_level( Message $message, ?SessionScope $session = null ): \stdClass {
		$level = $message->param( 'level' );
		if ( ! is_string( $level ) || ! in_array( $level, self::LEVELS, true ) ) {
			throw ErrorFactory::invalid_params( 'Invalid params: level must be one of ' . implode( ', ', self::LEVELS ), $message->id );
		}
		$session?->set_log_level( $level );
		return new \stdClass();
	}
}
