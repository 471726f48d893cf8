<?php
/**
 * Loads a FAKE adapter variant (test fixtures): `WP\MCP\…` from the variant's includes/ (like the
 * adapter's own autoloader: appended, not prepended), then starts it like the real main file.
 */

declare(strict_types=1);

require_once __DIR__ . '/McpAdapterBase.php';

return static function ( string $variant_dir ): void {
	spl_autoload_register(
		static function ( string $class_name ) use ( $variant_dir ): void {
			if ( str_starts_with( $class_name, 'WP\\MCP\\' ) ) {
				$file = $variant_dir . '/includes/' . str_replace( '\\', '/', substr( $class_name, 7 ) ) . '.php';
				if ( is_file( $file ) ) {
					require_once $file;
				}
			}
		}
	);
	\WP\MCP\Core\McpAdapter::instance();
};
