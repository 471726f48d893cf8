<?php
/**
 * Plugin Name: MCP Adapter (FAKE, test fixture v05)
 * Description: A stand-in for wordpress/mcp-adapter with its 0.5.0 public signatures, for tests/php/wp/AdapterAccelerationTest.php. Not the real adapter.
 * Version:     0.5.0
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

( require dirname( __DIR__ ) . '/common/load.php' )( __DIR__ );
