<?php
/**
 * Plugin Name: mcp-native host check
 * Description: One ability for scripts/test-packages.sh: which PHP answers an MCP call and whether
 * it loaded mcp_native from the package's ini file (not from a -d extension= flag).
 *
 * @package McpNative\Tests
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'wp_abilities_api_categories_init',
	static function () {
		wp_register_ability_category(
			'mcp-native-host',
			array(
				'label'       => 'mcp-native host check',
				'description' => 'What the PHP serving MCP has loaded.',
			)
		);
	}
);

add_action(
	'wp_abilities_api_init',
	static function () {
		wp_register_ability(
			'mcp-native-host/runtime',
			array(
				'label'               => 'PHP runtime',
				'description'         => 'The SAPI, the extension and the ini files of the PHP that serves this call.',
				'category'            => 'mcp-native-host',
				'output_schema'       => array( 'type' => 'object' ),
				'execute_callback'    => static function () {
					$scanned = (string) php_ini_scanned_files();
					return array(
						'sapi'              => PHP_SAPI,
						'php_version'       => PHP_VERSION,
						'extension_loaded'  => extension_loaded( 'mcp_native' ),
						'extension_version' => function_exists( 'McpNative\\version' ) ? \McpNative\version() : null,
						// What the plugin runs: the extension's version, or 'php-fallback'.
						'plugin_runs'       => class_exists( 'McpNative\\Plugin\\Contract' ) ? \McpNative\Plugin\Contract::version() : null,
						'mcp_native_ini'    => array_values( array_filter( array_map( 'trim', explode( ',', $scanned ) ), static fn( $f ) => str_contains( $f, 'mcp_native' ) ) ),
						'plugin_file'       => defined( 'WP_PLUGIN_DIR' ) ? realpath( WP_PLUGIN_DIR . '/mcp-native/mcp-native.php' ) : null,
					);
				},
				'permission_callback' => static fn() => current_user_can( 'read' ),
				'meta'                => array(
					'annotations' => array( 'readonly' => true ),
					'mcp'         => array( 'public' => true ),
				),
			)
		);
	}
);
