<?php
/**
 * Stand-ins for the official MCP Adapter's error and observability handlers, declared only when
 * the adapter is not loaded. MCP Native logs through its own Logger; these exist so that plugins
 * can name them (and test them with class_exists()).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace WP\MCP\Infrastructure\ErrorHandling {
	use McpNative\Plugin\Logger;
	use WP\MCP\Infrastructure\ErrorHandling\Contracts\McpErrorHandlerInterface;

	class ErrorLogMcpErrorHandler implements McpErrorHandlerInterface {
		public function log( string $message, array $context = array(), string $type = 'error' ): void {
			Logger::warning( '[' . $type . '] ' . $message, array( 'context' => $context ) );
		}
	}

	class NullMcpErrorHandler implements McpErrorHandlerInterface {
		public function log( string $message, array $context = array(), string $type = 'error' ): void {
		}
	}
}

namespace WP\MCP\Infrastructure\Observability {
	use McpNative\Plugin\Logger;
	use WP\MCP\Infrastructure\Observability\Contracts\McpObservabilityHandlerInterface;

	class NullMcpObservabilityHandler implements McpObservabilityHandlerInterface {
		public function record_event( string $event, array $tags = array(), ?float $duration_ms = null ): void {
		}
	}

	class ErrorLogMcpObservabilityHandler implements McpObservabilityHandlerInterface {
		public function record_event( string $event, array $tags = array(), ?float $duration_ms = null ): void {
			Logger::debug( 'MCP event ' . $event, $tags + ( null === $duration_ms ? array() : array( 'duration_ms' => $duration_ms ) ) );
		}
	}
}
