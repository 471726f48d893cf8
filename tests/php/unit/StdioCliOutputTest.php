<?php
/**
 * `wp mcp-native serve`: stdout carries JSON-RPC lines only.
 *
 * WP-CLI is not installed on the test machines, so a child process stands in for it with a
 * WP_CLI class that behaves like the real one where it matters: WP_CLI::log() and ::success()
 * go to the logger, whose default (WP_CLI\Loggers\Regular) fwrite()s them to STDOUT past any
 * output buffer.
 */

declare(strict_types=1);

namespace McpNative\Tests;

use PHPUnit\Framework\TestCase;

final class StdioCliOutputTest extends TestCase {

	public function test_wp_cli_log_lines_echo_and_php_warnings_never_reach_stdout(): void {
		$includes = dirname( __DIR__, 3 ) . '/wp-plugin/includes/Transport/';
		$code     = '<?php
class WP_CLI {
	public static $logger;
	public static function set_logger( $logger ) { self::$logger = $logger; }
	public static function log( $message ) { self::$logger->info( $message ); }
	public static function success( $message ) { self::$logger->success( $message ); }
	public static function warning( $message ) { self::$logger->warning( $message ); }
}
// WP-CLI\'s default logger: informational lines straight to STDOUT.
WP_CLI::set_logger( new class {
	public function info( $m ) { fwrite( STDOUT, $m . "\n" ); }
	public function success( $m ) { fwrite( STDOUT, "Success: $m\n" ); }
	public function warning( $m ) { fwrite( STDERR, "Warning: $m\n" ); }
} );
require ' . var_export( $includes . 'StderrCliLogger.php', true ) . ';
require ' . var_export( $includes . '../Protocol/NotificationChannel.php', true ) . ';
require ' . var_export( $includes . 'StdioTransport.php', true ) . ';
\McpNative\Plugin\Transport\StdioTransport::keep_stdout_for_jsonrpc();
WP_CLI::log( "a log line" );
WP_CLI::success( "a success line" );
echo "an echo\n";
trigger_error( "a php warning", E_USER_WARNING );
fwrite( STDOUT, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n" );
';
		$run = ChildProcess::run_php( $code, false );
		$this->assertSame( 0, $run['exit'], $run['stderr'] );
		$this->assertSame( "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n", $run['stdout'], 'stdout must carry the JSON-RPC line only' );
		foreach ( array( 'a log line', 'Success: a success line', 'an echo', 'a php warning' ) as $diagnostic ) {
			$this->assertStringContainsString( $diagnostic, $run['stderr'] );
		}
	}

	public function test_loading_the_plugin_for_wp_mcp_native_serve_already_keeps_stdout_clean(): void {
		$includes = dirname( __DIR__, 3 ) . '/wp-plugin/includes/Transport/';
		$code     = '<?php
define( "WP_CLI", true );
// WP_CLI\\Runner keeps the command line in a private property read through __get (no __isset).
final class Runner {
	private $arguments;
	public function __construct( array $arguments ) { $this->arguments = $arguments; }
	public function __get( $key ) { return $this->$key; }
}
class WP_CLI {
	public static $logger;
	public static $commands = array();
	public static function set_logger( $logger ) { self::$logger = $logger; }
	public static function log( $message ) { self::$logger->info( $message ); }
	public static function get_runner() { return new Runner( array( "mcp-native", "serve" ) ); }
	public static function add_command( $name, $callable, $args = array() ) { self::$commands[] = $name; }
}
WP_CLI::set_logger( new class {
	public function info( $m ) { fwrite( STDOUT, $m . "\n" ); }
} );
require ' . var_export( $includes . 'StderrCliLogger.php', true ) . ';
require ' . var_export( $includes . '../Protocol/NotificationChannel.php', true ) . ';
require ' . var_export( $includes . 'StdioTransport.php', true ) . ';
// What the plugin file does under WP-CLI, while WordPress loads (before the command runs).
\McpNative\Plugin\Transport\StdioTransport::register_wp_cli_command();
WP_CLI::log( "a line logged by another plugin while WordPress loads" );
echo "an echo while WordPress loads\n";
fwrite( STDOUT, implode( ",", WP_CLI::$commands ) . "\n" );
';
		$run = ChildProcess::run_php( $code, false );
		$this->assertSame( 0, $run['exit'], $run['stderr'] );
		$this->assertSame( "mcp-native serve\n", $run['stdout'] );
		$this->assertStringContainsString( 'a line logged by another plugin', $run['stderr'] );
		$this->assertStringContainsString( 'an echo while WordPress loads', $run['stderr'] );
	}

	public function test_the_logger_writes_every_level_to_its_stream(): void {
		require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Transport/StderrCliLogger.php';
		$stream = fopen( 'php://memory', 'w+' );
		$logger = new \McpNative\Plugin\Transport\StderrCliLogger( $stream );
		$logger->info( 'i' );
		$logger->success( 's' );
		$logger->warning( 'w' );
		$logger->error( 'e' );
		$logger->error_multi_line( array( 'l1', 'l2' ) );
		rewind( $stream );
		$this->assertSame( "i\nSuccess: s\nWarning: w\nError: e\nError: l1\nError: l2\n", stream_get_contents( $stream ) );
	}
}
