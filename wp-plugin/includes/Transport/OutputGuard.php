<?php
/**
 * What every transport wraps around handling a message, so that nothing but its own JSON can
 * reach the client: PHP warnings and notices are logged instead of shown, output printed by
 * WordPress or an ability is captured and logged, and an uncaught Throwable becomes an internal
 * error answer instead of a broken response.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\Logger;

final class OutputGuard {
	/**
	 * @template T
	 * @param string                  $server_id For the log.
	 * @param callable(): T           $work      Handles the message.
	 * @param callable(): T           $on_crash  The answer when $work throws.
	 * @return array{0: T, 1: string} The answer, and the output that was discarded.
	 */
	public static function run( string $server_id, callable $work, callable $on_crash ): array {
		$buffer_level = ob_get_level();
		ob_start();
		set_error_handler( array( self::class, 'capture_php_error' ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler
		try {
			$answer = $work();
		} catch ( \Throwable $e ) {
			Logger::error(
				'Unhandled exception while serving an MCP request: ' . $e->getMessage(),
				array(
					'server'    => $server_id,
					'exception' => get_class( $e ),
					'file'      => $e->getFile() . ':' . $e->getLine(),
				)
			);
			$answer = $on_crash();
		} finally {
			restore_error_handler();
			$stray = '';
			while ( ob_get_level() > $buffer_level ) {
				$stray .= (string) ob_get_clean();
			}
			if ( '' !== $stray ) {
				Logger::warning(
					'Discarded output printed while serving an MCP request',
					array(
						'server' => $server_id,
						'bytes'  => strlen( $stray ),
						'start'  => substr( wp_strip_all_tags( $stray ), 0, 200 ),
					)
				);
			}
		}
		return array( $answer, $stray );
	}

	/**
	 * Error handler active while a message is handled: logs and swallows warnings, notices and
	 * deprecations so none can end up in an answer.
	 */
	public static function capture_php_error( int $errno, string $errstr, string $errfile = '', int $errline = 0 ): bool {
		if ( 0 === ( error_reporting() & $errno ) ) {
			return true; // Silenced with @.
		}
		Logger::warning(
			'PHP error while serving an MCP request: ' . $errstr,
			array(
				'errno' => $errno,
				'file'  => $errfile . ':' . $errline,
			)
		);
		return true;
	}
}
