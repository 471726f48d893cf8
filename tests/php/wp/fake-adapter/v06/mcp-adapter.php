<?php
/**
 * Plugin Name: MCP Adapter (FAKE, test fixture v06)
 * Description: A stand-in for wordpress/mcp-adapter with the 0.6.1 public signatures, for tests/php/wp/AdapterAccelerationTest.php. Not the real adapter.
 * Version:     0.6.1
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

( require dirname( __DIR__ ) . '/common/load.php' )( __DIR__, true ); // prepended, like 0.6's Jetpack Autoloader
