<?php
/**
 * Unit suite bootstrap: the plugin's contract facade without WordPress. Run twice by
 * scripts/test-php.sh: with the extension (MCP_NATIVE_REQUIRE=native) and without (fallback).
 */
require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Contract.php';
require_once __DIR__ . '/support/Vectors.php';
require_once __DIR__ . '/support/ChildProcess.php';
require_once __DIR__ . '/support/ApiShape.php';

McpNative\Plugin\Contract::assert_required_mode();
