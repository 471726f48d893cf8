<?php
/**
 * The plugin's logger.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * Every log line goes through the `mcp_native_log` action (for tests and custom loggers) and,
 * unless the `mcp_native_error_log` filter returns false, to PHP's error_log().
 * Never to the response body.
 */
final class Logger {

	/**
	 * @param array<string, mixed> $context
	 */
	public static function warning( string $message, array $context = array() ): void {
		self::log( 'warning', $message, $context );
	}

	/**
	 * A warning about a condition that repeats on every request (e.g. a misconfigured ability):
	 * the action fires every time, error_log() gets it at most once an hour.
	 *
	 * @param array<string, mixed> $context
	 */
	public static function warning_throttled( string $message, array $context = array() ): void {
		$key = 'mcp_native_log_' . md5( $message . '|' . ( Json::encode( Json::safe_data( $context ) ) ?? '' ) );
		if ( false !== get_transient( $key ) ) {
			do_action( 'mcp_native_log', 'warning', $message, $context );
			return;
		}
		set_transient( $key, 1, HOUR_IN_SECONDS );
		self::log( 'warning', $message, $context );
	}

	/**
	 * @param array<string, mixed> $context
	 */
	public static function error( string $message, array $context = array() ): void {
		self::log( 'error', $message, $context );
	}

	/**
	 * @param array<string, mixed> $context
	 */
	public static function debug( string $message, array $context = array() ): void {
		self::log( 'debug', $message, $context );
	}

	/**
	 * @param string               $level   warning|error|debug.
	 * @param string               $message Message.
	 * @param array<string, mixed> $context Context (JSON-encoded into the error_log line).
	 */
	public static function log( string $level, string $message, array $context = array() ): void {
		/**
		 * Fires for every message the plugin logs.
		 *
		 * @param string               $level   warning|error|debug.
		 * @param string               $message Message.
		 * @param array<string, mixed> $context Context.
		 */
		do_action( 'mcp_native_log', $level, $message, $context );

		$default = 'debug' !== $level;
		/**
		 * Filters whether a log message is also written with error_log().
		 *
		 * @param bool   $write   Default true for warnings and errors, false for debug.
		 * @param string $level   Level.
		 * @param string $message Message.
		 */
		if ( ! apply_filters( 'mcp_native_error_log', $default, $level, $message ) ) {
			return;
		}
		$line = '[mcp-native] ' . $level . ': ' . $message;
		if ( array() !== $context ) {
			$encoded = Json::encode( Json::safe_data( $context ) );
			if ( null !== $encoded ) {
				$line .= ' ' . $encoded;
			}
		}
		error_log( $line ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
	}
}
