<?php
/**
 * Run by WordPress when the plugin is deleted from the Plugins screen (the plugin itself is not
 * loaded then): removes what it stored.
 *
 * @package McpNative
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

require_once __DIR__ . '/includes/Session/SessionStore.php'; // Its META_PREFIX names the session records.
require_once __DIR__ . '/includes/OAuth/Schema.php';
require_once __DIR__ . '/includes/OAuth/OAuth.php';
require_once __DIR__ . '/includes/Audit/AuditTable.php';
require_once __DIR__ . '/includes/Audit/AuditLog.php';
require_once __DIR__ . '/includes/Uninstaller.php';
\McpNative\Plugin\Uninstaller::run();
