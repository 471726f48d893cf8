<?php
/**
 * Required by mcp-native.php: opt-in acceleration of an installed official MCP Adapter 0.5.x or 0.6.x, and
 * no default-server route collision with it (see Accelerator).
 *
 * @package McpNative
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

\McpNative\Plugin\Adapter\Accelerator::boot();
