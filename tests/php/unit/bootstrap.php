<?php
/**
 * Unit suite bootstrap: the plugin's contract facade without WordPress. Run twice by
 * scripts/test-php.sh: with the extension (MCP_NATIVE_REQUIRE=native) and without (fallback).
 *
 * The fallback's standard profile asks WordPress core for its verdicts, so the real wp-includes
 * that rest_validate_value_from_schema() needs are loaded (no database, no site:
 * tests/validation/wp-core.php); the extension's run loads them too, for the parity tests.
 */
require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Contract.php';
require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/SchemaEncoder.php';
require_once dirname( __DIR__, 2 ) . '/validation/wp-core.php';
require_once __DIR__ . '/support/Vectors.php';
require_once __DIR__ . '/support/ChildProcess.php';
require_once __DIR__ . '/support/ApiShape.php';
require_once __DIR__ . '/support/OtherCores.php';
require_once __DIR__ . '/support/Generated.php';

McpNative\Plugin\Contract::assert_required_mode();
if ( null === mcp_native_load_wp_core() ) {
	fwrite( STDERR, "unit suite: WordPress 7.1 sources not found; the PHP fallback validates through WordPress core (run scripts/install-deps.sh, or set MCP_NATIVE_WP_DIR)\n" );
	exit( 1 );
}
