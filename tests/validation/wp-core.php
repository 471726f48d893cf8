<?php
/**
 * Loads the parts of a real WordPress 7.1 that `rest_validate_value_from_schema()` needs,
 * without a database: the real wp-includes files (rest-api.php, formatting.php, functions.php,
 * plugin.php, kses.php, l10n.php, the Requests IPv6 checker). Only the locale is fixed
 * (`$locale = 'en_US'`), so translation lookups never reach get_option().
 *
 * Returns the WordPress directory used, or null when none is found. Search order:
 * $MCP_NATIVE_WP_DIR, <repo>/.cache/wordpress, /tmp/d-wp/x/usr/share/wordpress.
 */

function mcp_native_wp_core_dir(): ?string {
	$candidates = array_filter( array(
		getenv( 'MCP_NATIVE_WP_DIR' ) ?: null,
		dirname( __DIR__, 2 ) . '/.cache/wordpress',
		'/tmp/d-wp/x/usr/share/wordpress',
	) );
	foreach ( $candidates as $dir ) {
		if ( is_file( $dir . '/wp-includes/rest-api.php' ) && is_file( $dir . '/wp-includes/version.php' ) ) {
			return realpath( $dir );
		}
	}
	return null;
}

function mcp_native_load_wp_core( ?string $dir = null ): ?string {
	if ( function_exists( 'rest_validate_value_from_schema' ) ) {
		return defined( 'ABSPATH' ) ? ABSPATH : 'loaded';
	}
	$dir = $dir ?? mcp_native_wp_core_dir();
	if ( null === $dir ) {
		return null;
	}
	if ( ! defined( 'ABSPATH' ) ) {
		define( 'ABSPATH', $dir . '/' );
	}
	if ( ! defined( 'WPINC' ) ) {
		define( 'WPINC', 'wp-includes' );
	}
	if ( ! defined( 'WP_DEBUG' ) ) {
		define( 'WP_DEBUG', false );
	}
	$GLOBALS['locale'] = 'en_US';
	$inc = ABSPATH . WPINC;
	require_once $inc . '/version.php';
	$GLOBALS['wp_version'] = $wp_version;
	// compat-utf8.php and utf8.php are new in 6.9: an older core (the second version the
	// differential suites compare against, tests/validation/core-verdicts.php) has neither.
	if ( is_file( $inc . '/compat-utf8.php' ) ) {
		require_once $inc . '/compat-utf8.php';
	}
	require_once $inc . '/compat.php';
	if ( is_file( $inc . '/utf8.php' ) ) {
		require_once $inc . '/utf8.php';
	}
	require_once $inc . '/load.php';
	require_once $inc . '/class-wp-error.php';
	require_once $inc . '/plugin.php';
	require_once $inc . '/pomo/translations.php';
	require_once $inc . '/l10n.php';
	require_once $inc . '/l10n/class-wp-translation-controller.php';
	require_once $inc . '/l10n/class-wp-translations.php';
	require_once $inc . '/l10n/class-wp-translation-file.php';
	require_once $inc . '/functions.php';
	require_once $inc . '/formatting.php';
	require_once $inc . '/kses.php';
	require_once $inc . '/rest-api.php';
	require_once $inc . '/Requests/src/Exception.php';
	require_once $inc . '/Requests/src/Exception/InvalidArgument.php';
	require_once $inc . '/Requests/src/Utility/InputValidator.php';
	require_once $inc . '/Requests/src/Ipv6.php';
	require_once $inc . '/option.php';
	// No database: answer the one option the validation path reads (is_utf8_charset()) through
	// WordPress's own short-circuit filter.
	add_filter( 'pre_option_blog_charset', static fn() => 'UTF-8' );
	// As wp-includes/default-filters.php does: the `%l` list format of wp_sprintf() (used by
	// core's enum and anyOf/oneOf messages).
	add_filter( 'wp_sprintf', 'wp_sprintf_l', 10, 2 );
	return $dir;
}
