<?php
/**
 * Stand-ins for the official MCP Adapter's contracts (0.5 signatures), declared only when the
 * adapter is not loaded: a plugin's own handler or transport class that implements them loads.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace WP\MCP\Infrastructure\ErrorHandling\Contracts {
	interface McpErrorHandlerInterface {
		public function log( string $message, array $context = array(), string $type = 'error' ): void;
	}
}

namespace WP\MCP\Infrastructure\Observability\Contracts {
	interface McpObservabilityHandlerInterface {
		public function record_event( string $event, array $tags = array(), ?float $duration_ms = null ): void;
	}
}

namespace WP\MCP\Transport\Contracts {
	interface McpTransportInterface {
		public function __construct( \WP\MCP\Transport\Infrastructure\McpTransportContext $context );

		public function register_routes(): void;
	}

	interface McpRestTransportInterface extends McpTransportInterface {
	}
}
