<?php
/**
 * Loads a FAKE adapter variant (test fixtures): `WP\MCP\…` from the variant's includes/, then
 * starts it like the real main file. 0.5's Composer autoloader is played appended; 0.6 ships the
 * Jetpack Autoloader, which registers itself first (prepend) when its plugin loads: $prepend.
 */

declare(strict_types=1);

require_once __DIR__ . '/McpAdapterBase.php';

return static function ( string $variant_dir, bool $prepend = false ): void {
	spl_autoload_register(
		static function ( string $class_name ) use ( $variant_dir ): void {
			if ( str_starts_with( $class_name, 'WP\\MCP\\' ) ) {
				$file = $variant_dir . '/includes/' . str_replace( '\\', '/', substr( $class_name, 7 ) ) . '.php';
				if ( is_file( $file ) ) {
					require_once $file;
				}
			}
		},
		true,
		$prepend
	);
	\WP\MCP\Core\McpAdapter::instance();
};
