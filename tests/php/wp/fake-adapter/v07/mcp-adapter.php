<?php
/**
 * Plugin Name: MCP Adapter (FAKE, test fixture v07)
 * Description: A stand-in for wordpress/mcp-adapter with the 0.5.x/0.6.x public signatures under version 0.7.0, for tests/php/wp/AdapterAccelerationTest.php. Not the real adapter.
 * Version:     0.7.0
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

( require dirname( __DIR__ ) . '/common/load.php' )( __DIR__ );
