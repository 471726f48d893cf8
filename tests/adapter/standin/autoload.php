<?php
/**
 * Loads an official MCP Adapter source checkout WITHOUT `composer install` (Composer's registry is
 * not reachable here): `WP\MCP\…` from the checkout's includes/ (PSR-4, as its composer.json
 * declares) and `WP\McpSchema\…` from McpSchema.php (a stand-in for wordpress/php-mcp-schema).
 *
 * Use: define WP_MCP_AUTOLOAD as false (the adapter then skips its vendor/autoload.php), then
 * mcpn_adapter_standin_autoload( '/path/to/mcp-adapter' ) before the adapter's main file runs.
 * With a second argument, a copy of the REAL wordpress/php-mcp-schema package (its folder, holding
 * composer.json and src/; never committed here), `WP\McpSchema\…` is loaded from that copy's src/
 * (PSR-4, as its composer.json declares) instead of the stand-in.
 * The autoloader is prepended, as Composer's is, so MCP Native's accelerator must (and does) put
 * its own first again on plugins_loaded.
 *
 * @package McpNative\Tests\Adapter
 */

declare(strict_types=1);

if ( ! function_exists( 'mcpn_adapter_standin_autoload' ) ) {
	function mcpn_adapter_standin_autoload( string $adapter_dir, ?string $mcp_schema_dir = null ): void {
		$includes = rtrim( $adapter_dir, '/' ) . '/includes/';
		$schema   = null;
		if ( null !== $mcp_schema_dir ) {
			$schema = rtrim( $mcp_schema_dir, '/' ) . '/src/';
			if ( ! is_file( $schema . 'Server/Tools/DTO/Tool.php' ) ) {
				throw new RuntimeException( "$mcp_schema_dir is not a copy of wordpress/php-mcp-schema (no src/Server/Tools/DTO/Tool.php)" );
			}
		}
		spl_autoload_register(
			static function ( string $class_name ) use ( $includes, $schema ): void {
				if ( str_starts_with( $class_name, 'WP\\McpSchema\\' ) ) {
					if ( null === $schema ) {
						require_once __DIR__ . '/McpSchema.php';
						return;
					}
					$file = $schema . str_replace( '\\', '/', substr( $class_name, strlen( 'WP\\McpSchema\\' ) ) ) . '.php';
					if ( is_file( $file ) ) {
						require_once $file;
					}
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
