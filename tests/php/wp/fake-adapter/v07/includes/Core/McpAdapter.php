<?php
/**
 * FAKE adapter main class (test fixture v07): its VERSION; what it does is McpAdapterBase's.
 */

declare(strict_types=1);

namespace WP\MCP\Core;

final class McpAdapter extends \McpNative\Tests\FakeAdapter\McpAdapterBase {
	public const VERSION = '0.7.0';
}
