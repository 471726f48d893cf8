<?php
/**
 * Stand-ins for the official MCP Adapter's HTTP transport classes (HttpTransport of 0.3 and later,
 * RestTransport and StreamableTransport of earlier releases), declared only when the adapter is
 * not loaded. MCP Native never instantiates them: every server it creates is served by its own
 * HTTP transport (both protocol revisions, streaming) at the route the adapter would use.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace WP\MCP\Transport\Infrastructure {
	/** What the adapter hands a transport; MCP Native's stand-in carries nothing. */
	class McpTransportContext {
	}
}

namespace WP\MCP\Transport {
	use WP\MCP\Transport\Contracts\McpRestTransportInterface;
	use WP\MCP\Transport\Infrastructure\McpTransportContext;

	class HttpTransport implements McpRestTransportInterface {
		public function __construct( McpTransportContext $context ) {
		}

		public function register_routes(): void {
		}
	}
}

namespace WP\MCP\Transport\Http {
	class RestTransport extends \WP\MCP\Transport\HttpTransport {
	}

	class StreamableTransport extends \WP\MCP\Transport\HttpTransport {
	}
}
