<?php
/**
 * MCP over stdio for a WordPress site: newline-delimited JSON-RPC on stdin/stdout.
 *
 *   php wp-plugin/bin/mcp-stdio.php --path=/path/to/wordpress --user=admin [--server=ID] [--url=URL]
 *
 *   --path    the WordPress root (the folder with wp-load.php); default: the current directory
 *   --user    who the tools run as: login, numeric ID or e-mail (required)
 *   --server  MCP server id (default: the default server, mcp-adapter-default-server)
 *   --url     the site URL, for multisite (sets HTTP_HOST / REQUEST_URI before WordPress loads)
 *
 * The same servers and tools as over HTTP; no sessions (the process is the session). stdout
 * carries nothing but JSON-RPC lines: whatever WordPress, plugins or tools print goes to stderr,
 * and so do PHP messages and this script's own errors. Exit codes: 0 at end of input,
 * 2 for bad arguments, 1 when WordPress, the user or the server cannot be set up.
 *
 * Under WP-CLI (`wp --require=wp-plugin/bin/mcp-stdio.php …`) this file only registers the
 * `wp mcp-native serve` command. Claude Desktop and other stdio clients:
 *   { "command": "php", "args": ["/path/to/wp-content/plugins/mcp-native/bin/mcp-stdio.php",
 *                                 "--path=/var/www/site", "--user=admin"] }
 *
 * @package McpNative
 */

declare(strict_types=1);

// Under WP-CLI: register the command (the plugin's classes are loaded with WordPress).
if ( defined( 'WP_CLI' ) && WP_CLI ) {
	if ( class_exists( '\WP_CLI' ) ) {
		\WP_CLI::add_hook(
			'after_wp_load',
			static function () {
				if ( class_exists( \McpNative\Plugin\Transport\StdioTransport::class ) ) {
					\McpNative\Plugin\Transport\StdioTransport::register_wp_cli_command();
				}
			}
		);
	}
	return;
}

if ( 'cli' !== PHP_SAPI ) {
	http_response_code( 404 );
	exit;
}

/** Prints an error to stderr and exits. */
function mcp_native_stdio_fail( string $message, int $code = 1 ): void {
	fwrite( STDERR, 'mcp-stdio: error: ' . $message . "\n" );
	exit( $code );
}

$mcp_native_usage = "usage: php mcp-stdio.php --path=/path/to/wordpress --user=<login|id|email> [--server=<id>] [--url=<site url>]\n";

// ---------------------------------------------------------------- arguments
$mcp_native_opts = array();
$mcp_native_argv = array_slice( $_SERVER['argv'] ?? array(), 1 );
for ( $i = 0; $i < count( $mcp_native_argv ); $i++ ) {
	$arg = $mcp_native_argv[ $i ];
	if ( '--help' === $arg || '-h' === $arg ) {
		fwrite( STDERR, $mcp_native_usage );
		exit( 0 );
	}
	if ( ! preg_match( '/^--(path|user|server|url)(?:=(.*))?$/s', $arg, $m ) ) {
		mcp_native_stdio_fail( 'unknown argument "' . $arg . '"' . "\n" . $mcp_native_usage, 2 );
	}
	if ( isset( $m[2] ) ) {
		$mcp_native_opts[ $m[1] ] = $m[2];
	} elseif ( $i + 1 < count( $mcp_native_argv ) ) {
		$mcp_native_opts[ $m[1] ] = $mcp_native_argv[ ++$i ];
	} else {
		mcp_native_stdio_fail( '--' . $m[1] . ' needs a value', 2 );
	}
}
unset( $i, $arg, $m );

$mcp_native_path = $mcp_native_opts['path'] ?? getcwd();
$mcp_native_real = is_string( $mcp_native_path ) ? realpath( $mcp_native_path ) : false;
if ( false === $mcp_native_real || ! is_dir( $mcp_native_real ) ) {
	mcp_native_stdio_fail( sprintf( '--path: "%s" is not a directory', (string) $mcp_native_path ), 2 );
}
if ( ! is_file( $mcp_native_real . '/wp-load.php' ) ) {
	mcp_native_stdio_fail( sprintf( '--path: no WordPress in "%s" (wp-load.php not found)', $mcp_native_real ), 2 );
}
if ( ! isset( $mcp_native_opts['user'] ) || '' === trim( $mcp_native_opts['user'] ) ) {
	mcp_native_stdio_fail( '--user is required (login, ID or e-mail of the WordPress user the tools run as)' . "\n" . $mcp_native_usage, 2 );
}
if ( isset( $mcp_native_opts['server'] ) && '' === trim( $mcp_native_opts['server'] ) ) {
	mcp_native_stdio_fail( '--server needs a server id', 2 );
}

// ---------------------------------------------------------------- stdout is for JSON-RPC only
// Anything printed from here on (WordPress, plugins, themes, tools, PHP messages shown with
// display_errors) goes to stderr. The transport writes its lines to STDOUT directly.
ini_set( 'display_errors', 'stderr' ); // phpcs:ignore WordPress.PHP.IniSet.display_errors_Disallowed
ob_start(
	static function ( string $buffer ): string {
		if ( '' !== $buffer ) {
			fwrite( STDERR, $buffer );
		}
		return '';
	},
	1
);

// ---------------------------------------------------------------- load WordPress
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['HTTP_USER_AGENT'] = 'mcp-native-stdio';
if ( isset( $mcp_native_opts['url'] ) ) {
	$mcp_native_url = parse_url( $mcp_native_opts['url'] );
	if ( ! is_array( $mcp_native_url ) || empty( $mcp_native_url['host'] ) ) {
		mcp_native_stdio_fail( sprintf( '--url: "%s" is not a URL', $mcp_native_opts['url'] ), 2 );
	}
	$_SERVER['HTTP_HOST']   = $mcp_native_url['host'] . ( isset( $mcp_native_url['port'] ) ? ':' . $mcp_native_url['port'] : '' );
	$_SERVER['SERVER_NAME'] = $mcp_native_url['host'];
	$_SERVER['SERVER_PORT'] = (string) ( $mcp_native_url['port'] ?? ( 'https' === ( $mcp_native_url['scheme'] ?? '' ) ? 443 : 80 ) );
	$_SERVER['REQUEST_URI'] = $mcp_native_url['path'] ?? '/';
	if ( 'https' === ( $mcp_native_url['scheme'] ?? '' ) ) {
		$_SERVER['HTTPS'] = 'on';
	}
} else {
	$_SERVER['REQUEST_URI'] = '/';
}

// WordPress dies (wp_die: no database, not installed…) with exit status 0: report it.
$GLOBALS['mcp_native_stdio_state'] = 'loading';
register_shutdown_function(
	static function () {
		$state = $GLOBALS['mcp_native_stdio_state'] ?? '';
		if ( 'loading' === $state ) {
			while ( ob_get_level() > 0 ) {
				ob_end_flush();
			}
			fwrite( STDERR, "\nmcp-stdio: error: WordPress stopped while loading (see the messages above)\n" );
			exit( 1 );
		}
	}
);

define( 'MCP_NATIVE_STDIO', true );
require $mcp_native_real . '/wp-load.php';

$GLOBALS['mcp_native_stdio_state'] = 'loaded';
ini_set( 'display_errors', 'stderr' ); // phpcs:ignore WordPress.PHP.IniSet.display_errors_Disallowed -- wp_debug_mode() may have changed it.

if ( ! class_exists( \McpNative\Plugin\Transport\StdioTransport::class ) ) {
	mcp_native_stdio_fail( sprintf( 'the mcp-native plugin is not active on the site in "%s"', $mcp_native_real ) );
}

// ---------------------------------------------------------------- user
$mcp_native_login = trim( $mcp_native_opts['user'] );
$mcp_native_user  = get_user_by( 'login', $mcp_native_login );
if ( ! $mcp_native_user && ctype_digit( $mcp_native_login ) ) {
	$mcp_native_user = get_user_by( 'id', (int) $mcp_native_login );
}
if ( ! $mcp_native_user && str_contains( $mcp_native_login, '@' ) ) {
	$mcp_native_user = get_user_by( 'email', $mcp_native_login );
}
if ( ! $mcp_native_user instanceof WP_User ) {
	mcp_native_stdio_fail( sprintf( '--user: no WordPress user "%s" on this site', $mcp_native_login ) );
}
wp_set_current_user( $mcp_native_user->ID );

// ---------------------------------------------------------------- server, then serve
$mcp_native_server = \McpNative\Plugin\Transport\StdioTransport::resolve_server( $mcp_native_opts['server'] ?? null );
if ( is_string( $mcp_native_server ) ) {
	mcp_native_stdio_fail( $mcp_native_server );
}
fwrite(
	STDERR,
	sprintf(
		"mcp-stdio: serving \"%s\" (%s) as %s; %s\n",
		$mcp_native_server->id,
		$mcp_native_server->name,
		$mcp_native_user->user_login,
		\McpNative\Plugin\Contract::is_native() ? 'native extension' : 'PHP fallback'
	)
);
$GLOBALS['mcp_native_stdio_state'] = 'serving';
exit( ( new \McpNative\Plugin\Transport\StdioTransport( $mcp_native_server ) )->serve() );
