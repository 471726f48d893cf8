<?php
/**
 * Plugin Name: MCP Adapter (FAKE, test fixture v06-extra)
 * Description: A stand-in for wordpress/mcp-adapter with the 0.6.1 public signatures plus one added public method, for tests/php/wp/AdapterAccelerationTest.php. Not the real adapter.
 * Version:     0.6.2-dev
 */

declare(strict_types=1);

namespace WP\MCP;

defined( 'ABSPATH' ) || exit;

// Like the adapter's own (Jetpack/PSR-4) autoloader: appended, not prepended.
spl_autoload_register(
	static function ( string $class_name ): void {
		if ( str_starts_with( $class_name, 'WP\\MCP\\' ) ) {
			$file = __DIR__ . '/includes/' . str_replace( '\\', '/', substr( $class_name, 7 ) ) . '.php';
			if ( is_file( $file ) ) {
				require_once $file;
			}
		}
	}
);

Core\McpAdapter::instance();
