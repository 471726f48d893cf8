<?php
/**
 * Loads an official MCP Adapter source checkout WITHOUT `composer install` (Composer's registry is
 * not reachable here): `WP\MCP\…` from the checkout's includes/ (PSR-4, as its composer.json
 * declares) and `WP\McpSchema\…` from McpSchema.php (a stand-in for wordpress/php-mcp-schema).
 *
 * Use: define WP_MCP_AUTOLOAD as false (the adapter then skips its vendor/autoload.php), then
 * mcpn_adapter_standin_autoload( '/path/to/mcp-adapter' ) before the adapter's main file runs.
 * The autoloader is prepended, as Composer's is, so MCP Native's accelerator must (and does) put
 * its own first again on plugins_loaded.
 *
 * @package McpNative\Tests\Adapter
 */

declare(strict_types=1);

if ( ! function_exists( 'mcpn_adapter_standin_autoload' ) ) {
	function mcpn_adapter_standin_autoload( string $adapter_dir ): void {
		$includes = rtrim( $adapter_dir, '/' ) . '/includes/';
		spl_autoload_register(
			static function ( string $class_name ) use ( $includes ): void {
				if ( str_starts_with( $class_name, 'WP\\McpSchema\\' ) ) {
					require_once __DIR__ . '/McpSchema.php';
					return;
				}
				if ( str_starts_with( $class_name, 'WP\\MCP\\' ) ) {
					$file = $includes . str_replace( '\\', '/', substr( $class_name, strlen( 'WP\\MCP\\' ) ) ) . '.php';
					if ( is_file( $file ) ) {
						require_once $file;
					}
				}
			},
			true,
			true
		);
	}
}
