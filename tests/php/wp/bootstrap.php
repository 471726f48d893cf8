<?php
/**
 * PHPUnit bootstrap for the tests that run inside a real WordPress 7.1 (tests/php/wp).
 *
 * Loads wp-load.php of a test site ONCE for the whole run. The site is made by scripts/test-wp.sh
 * (scripts/wp-stack.sh: wp_site_create) and named by the environment:
 *
 *   MCP_NATIVE_WP_DIR            the site's directory (required)
 *   MCP_NATIVE_WP_URL            http://127.0.0.1:PORT where the same site is being served
 *                                (needed by TestCase::http(); test-wp.sh serves it)
 *   MCP_NATIVE_WP_USER           user of the application password (default admin)
 *   MCP_NATIVE_WP_APP_PASSWORD   an application password of that user (for TestCase::http())
 *   MCP_NATIVE_REQUIRE           native|fallback: which contract implementation must be active;
 *                                checked here before anything runs, and by the plugin itself.
 *
 * Run: scripts/test-wp.sh (both modes), or by hand:
 *   MCP_NATIVE_WP_DIR=$PWD/.test-run/site php8.2 [-d extension=...] /usr/bin/phpunit -c tests/php/wp/phpunit.xml
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

( static function (): void {
	$fail = static function ( string $message ): void {
		fwrite( STDERR, "\n[tests/php/wp] $message\n\n" );
		exit( 1 );
	};

	$dir = getenv( 'MCP_NATIVE_WP_DIR' );
	if ( ! is_string( $dir ) || '' === $dir || ! is_file( rtrim( $dir, '/' ) . '/wp-load.php' ) ) {
		$fail( 'MCP_NATIVE_WP_DIR must name a WordPress test site (made by scripts/test-wp.sh); got ' . var_export( $dir, true ) );
	}

	$require = getenv( 'MCP_NATIVE_REQUIRE' );
	if ( 'native' === $require && ! extension_loaded( 'mcp_native' ) ) {
		$fail( 'MCP_NATIVE_REQUIRE=native but the mcp_native extension is not loaded (php -d extension=.../libmcp_native.so).' );
	}
	if ( 'fallback' === $require && extension_loaded( 'mcp_native' ) ) {
		$fail( 'MCP_NATIVE_REQUIRE=fallback but the mcp_native extension is loaded.' );
	}

	// A plausible web request for code that reads $_SERVER while WordPress loads.
	$url  = getenv( 'MCP_NATIVE_WP_URL' ) ?: 'http://127.0.0.1';
	$host = (string) parse_url( $url, PHP_URL_HOST );
	$port = parse_url( $url, PHP_URL_PORT );
	$_SERVER['HTTP_HOST']       = $host . ( $port ? ':' . $port : '' );
	$_SERVER['SERVER_NAME']     = $host;
	$_SERVER['SERVER_PORT']     = (string) ( $port ?: 80 );
	$_SERVER['REQUEST_URI']     = '/';
	$_SERVER['REQUEST_METHOD']  = 'GET';
	$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
	$_SERVER['REMOTE_ADDR']     = '127.0.0.1';

	define( 'MCP_NATIVE_TESTS_WP_DIR', rtrim( $dir, '/' ) );
} )();

/*
 * WordPress keeps most of its state in $GLOBALS, but a few files still assign plain variables
 * at file scope; PHPUnit includes this bootstrap inside a method, so declare them global first.
 */
global $wpdb, $wp, $wp_query, $wp_the_query, $wp_rewrite, $wp_roles, $wp_locale, $wp_filter,
	$wp_actions, $wp_current_filter, $wp_version, $wp_db_version, $table_prefix, $blog_id,
	$shortcode_tags, $wp_embed, $wp_widget_factory, $wp_theme_directories, $locale, $l10n,
	$current_user, $pagenow, $wp_rest_server, $wp_object_cache, $phpmailer, $wp_post_types,
	$wp_taxonomies, $wp_plugin_paths, $wp_scripts, $wp_styles;

require MCP_NATIVE_TESTS_WP_DIR . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once __DIR__ . '/TestCase.php';

// The OAuth tables are made once, before any test's transaction (DDL would commit it).
\McpNative\Plugin\OAuth\Schema::ensure();
// Each site's audit table likewise.
if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $mcp_native_site ) {
		switch_to_blog( (int) $mcp_native_site );
		\McpNative\Plugin\Audit\AuditTable::ensure();
		restore_current_blog();
	}
} else {
	\McpNative\Plugin\Audit\AuditTable::ensure();
}
