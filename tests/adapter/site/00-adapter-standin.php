<?php
/**
 * Plugin Name: mcp-native test-adapter: load the official adapter checkout without Composer
 * Description: mu-plugin of the site scripts/test-adapter.sh builds. Loads WP\MCP\ from
 * wp-content/plugins/mcp-adapter/includes and WP\McpSchema\ from wp-content/mcpn-php-mcp-schema (a
 * copy of the real package, when linked there) or the stand-in; switches MCP Native's
 * acceleration and the Closure-in-schema ability by flag files, so one running server serves both.
 *
 * Flags (files in the site's .mcp-native/ folder, read on every request):
 *   adapter-accelerate   define MCP_NATIVE_ACCELERATE_ADAPTER true (else the adapter runs alone)
 *   adapter-closure      register mcpn-adapter/closure-in-schema (a Closure as sanitize_callback)
 * The environment variable MCPN_ADAPTER_ACCELERATE=1 also switches acceleration on (unit runs).
 *
 * @package McpNative\Tests\Adapter
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

define( 'MCPN_ADAPTER_FLAGS', ABSPATH . '.mcp-native/' );

if ( is_file( MCPN_ADAPTER_FLAGS . 'adapter-accelerate' ) || '1' === getenv( 'MCPN_ADAPTER_ACCELERATE' ) ) {
	define( 'MCP_NATIVE_ACCELERATE_ADAPTER', true );
}

// A copy of the real wordpress/php-mcp-schema, when adapter_install linked one here; else the stand-in.
define( 'MCPN_ADAPTER_MCP_SCHEMA', WP_CONTENT_DIR . '/mcpn-php-mcp-schema' );

if ( is_dir( WP_PLUGIN_DIR . '/mcp-adapter/includes' ) ) {
	define( 'WP_MCP_AUTOLOAD', false ); // no vendor/: the stand-in autoloader below serves its classes
	require_once dirname( __DIR__ ) . '/standin/autoload.php';
	mcpn_adapter_standin_autoload( WP_PLUGIN_DIR . '/mcp-adapter', is_dir( MCPN_ADAPTER_MCP_SCHEMA ) ? MCPN_ADAPTER_MCP_SCHEMA : null );
}

// Which SchemaTransformer served this request (the script checks each run is the one it asked for),
// and whether the adapter built its servers for it.
add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		$class = 'WP\\MCP\\Domain\\Utils\\SchemaTransformer';
		$layer = 'none';
		if ( class_exists( $class, false ) ) {
			$layer = str_contains( (string) ( new ReflectionClass( $class ) )->getFileName(), '/includes/Adapter/WpMcp/' ) ? 'mcp-native' : 'adapter';
		}
		if ( $response instanceof WP_REST_Response ) {
			$response->header( 'X-Mcpn-Schema-Layer', $layer );
			// How many times the adapter built its servers in this request (mcp_adapter_init).
			$response->header( 'X-Mcpn-Adapter-Init', (string) did_action( 'mcp_adapter_init' ) );
			// Which WP\McpSchema classes the adapter used: the real package or our stand-in.
			$response->header( 'X-Mcpn-Mcp-Schema', is_dir( MCPN_ADAPTER_MCP_SCHEMA ) ? 'real' : 'standin' );
		}
		return $response;
	}
);
