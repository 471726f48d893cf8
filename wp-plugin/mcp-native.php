<?php
/**
 * Plugin Name:       MCP Native
 * Plugin URI:        https://github.com/mcp-native/mcp-native
 * Description:       Serves WordPress abilities (Abilities API) as MCP tools over Streamable HTTP, on a native (Rust) core when the mcp_native extension is loaded.
 * Version:           0.1.0
 * Requires at least: 6.9
 * Requires PHP:      8.2
 * Author:            mcp-native contributors
 * License:           GPL-2.0-or-later
 * Text Domain:       mcp-native
 *
 * @package McpNative
 */

/*
 * Extension points (all names prefixed mcp_native_):
 *
 *   action mcp_native_init( ServerRegistry $registry )      create custom servers: $registry->create_server( $id, array(
 *                                                            'namespace', 'route', 'name', 'version', 'description',
 *                                                            'tools' => ability names ) ) → Server|WP_Error
 *   action mcp_native_log( $level, $message, $context )     every log line (skipped abilities, discarded output, …)
 *   filter mcp_native_error_log( true, $level, $message )   false: do not also write to error_log()
 *   filter mcp_native_required_capability( 'read', $server_id, $server )
 *   filter mcp_native_allowed_origins( $origins, $origin, $server_id )  browser Origins allowed (default: the site's own)
 *   filter mcp_native_default_server_enabled( true )
 *   filter mcp_native_tool_name( $name, WP_Ability $ability, $server_id )  validated, not re-sanitized
 *   filter mcp_native_server_tools( array<string, Tool> $tools, Server $server )
 *   filter mcp_native_tools_list( array $descriptors, Server $server )
 *   filter mcp_native_pre_tool_call( array $arguments, $tool_name, Tool $tool, Server $server )  WP_Error refuses the call
 *   filter mcp_native_tool_call_result( array $call_tool_result, $tool_name, $arguments, Server $server )
 *   filter mcp_native_session_ttl( DAY_IN_SECONDS )          idle lifetime of a session (seconds)
 *   filter mcp_native_max_sessions_per_user( 32 )
 *   filter mcp_native_max_body_bytes( 4 MiB )                larger request bodies get 413
 *
 * Audit log (docs/AUDIT.md; Tools → MCP Audit log, `wp mcp-native audit`):
 *   action mcp_native_audit_event( array $attributes, array $row )  every recorded tools/call, resources/read, prompts/get
 *   filter mcp_native_audit_enabled( true )                   false: record nothing
 *   McpNative\Plugin\Audit\AuditLog::mark_outcome( AuditLog::APPROVAL_DENIED|REFUSED|…, $code )  the running call's outcome
 *
 * OAuth 2.1 for hosted clients (docs/OAUTH.md):
 *   filter mcp_native_oauth_settings( array( 'enabled', 'cimd', 'dcr' ) )  the owner's switches (Tools → MCP Connections)
 *   filter mcp_native_oauth_access_ttl( HOUR_IN_SECONDS )   filter mcp_native_oauth_refresh_ttl( 30 * DAY_IN_SECONDS )
 *   filter mcp_native_oauth_client_ip( REMOTE_ADDR )         the address rate limits count by
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( defined( 'MCP_NATIVE_PLUGIN_FILE' ) ) {
	return; // Loaded twice (e.g. as a plugin and as a mu-plugin): the first copy wins.
}

define( 'MCP_NATIVE_PLUGIN_FILE', __FILE__ );
define( 'MCP_NATIVE_PLUGIN_VERSION', '0.1.0' );

/*
 * Autoloader: McpNative\Plugin\Foo\Bar -> includes/Foo/Bar.php.
 */
spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'McpNative\\Plugin\\';
		if ( ! str_starts_with( $class_name, $prefix ) ) {
			return;
		}
		$relative = substr( $class_name, strlen( $prefix ) );
		if ( '' === $relative || ! preg_match( '/^[A-Za-z0-9_\\\\]+$/', $relative ) ) {
			return;
		}
		$file = __DIR__ . '/includes/' . str_replace( '\\', '/', $relative ) . '.php';
		if ( is_file( $file ) ) {
			require_once $file;
		}
	}
);

/*
 * MCP_NATIVE_REQUIRE=native|fallback makes a run assert which implementation of the contract
 * is active, so a test run can never silently exercise the wrong one.
 */
\McpNative\Plugin\Contract::assert_required_mode();

require_once __DIR__ . '/includes/Adapter/bootstrap.php'; // official MCP Adapter: no route collision, opt-in acceleration
\McpNative\Plugin\AdapterApi\AdapterApi::boot(); // the adapter's public API (mcp_adapter_init, create_server) while it is absent

\McpNative\Plugin\Plugin::boot();
\McpNative\Plugin\Admin\Admin::boot(); // Site Health test + info, Tools → MCP Native status page

// `wp mcp-native serve`: the stdio transport as a WP-CLI command, where WP-CLI runs.
if ( defined( 'WP_CLI' ) && WP_CLI ) {
	\McpNative\Plugin\Transport\StdioTransport::register_wp_cli_command();
	\McpNative\Plugin\AdapterApi\CliAlias::register(); // `wp mcp-adapter serve` while the adapter is absent
}
