<?php
/**
 * What the audit log costs a call (issue 35: at most 3 %). A benchmark, not a test: run by
 * scripts/bench-audit.sh (`make bench`), which serves a WordPress site with bench/audit/site.php.
 *
 * The same tools/call (a write-like ability, arguments with a token to mask) in two ways, each
 * with the audit log on and off (`?audit=off`, the `mcp_native_audit_enabled` filter), in paired
 * rounds whose order alternates, so the machine's drift moves both sides of a pair:
 *   - http:       over HTTP to the served site, as a client sees a call (WordPress's boot included);
 *   - in-process: the REST dispatch inside one PHP process with WordPress loaded (the plugin's
 *                 path alone: what logging adds to the smallest cost a call can have).
 * Prints medians and the median of the per-pair ratios (on / off), and what writing a row costs
 * the worker after the answer has gone (the in-process rows, written at the end).
 *
 *   php [-d extension=...] bench/audit_bench.php SITE_DIR URL USER APP_PASSWORD [ROUNDS]
 */

declare(strict_types=1);

[ , $site_dir, $url, $user, $password ] = $argv + array( null, '', '', '', '' );
$rounds = (int) ( $argv[5] ?? 300 );
if ( '' === $site_dir || '' === $url || $rounds < 10 ) {
	fwrite( STDERR, "usage: php bench/audit_bench.php SITE_DIR URL USER APP_PASSWORD [ROUNDS>=10]\n" );
	exit( 2 );
}
$route = '/bench-audit/mcp';
$call  = array(
	'jsonrpc' => '2.0',
	'id'      => 2,
	'method'  => 'tools/call',
	'params'  => array(
		'name'      => 'bench-audit-update-title',
		'arguments' => array( 'id' => 42, 'title' => 'A new title', 'api_token' => 'secret-value', 'tags' => array( 'a', 'b', 'c' ) ),
	),
);

/** @return array{0: float, 1: float, 2: float} median off (ms), median on (ms), median ratio of pairs. */
function mcp_native_audit_pairs( int $rounds, callable $once ): array {
	$off    = array();
	$on     = array();
	$ratios = array();
	for ( $i = -10; $i < $rounds; $i++ ) { // 10 warm-up pairs, not counted.
		$order = 0 === $i % 2 ? array( false, true ) : array( true, false );
		$pair  = array();
		foreach ( $order as $audit ) {
			$start          = hrtime( true );
			$once( $audit );
			$pair[ (int) $audit ] = ( hrtime( true ) - $start ) / 1e6;
		}
		if ( $i >= 0 ) {
			$off[]    = $pair[0];
			$on[]     = $pair[1];
			$ratios[] = $pair[1] / $pair[0];
		}
	}
	$median = static function ( array $values ): float {
		sort( $values );
		return $values[ intdiv( count( $values ), 2 ) ];
	};
	return array( $median( $off ), $median( $on ), $median( $ratios ) );
}

// ---- over HTTP: a session, then the pairs.
$post = static function ( string $body, array $headers ) use ( $url, $route, $user, $password ): array {
	$ch = curl_init();
	curl_setopt_array(
		$ch,
		array(
			CURLOPT_POST           => true,
			CURLOPT_RETURNTRANSFER => true,
			CURLOPT_HEADER         => true,
			CURLOPT_USERPWD        => $user . ':' . $password,
			CURLOPT_POSTFIELDS     => $body,
			CURLOPT_HTTPHEADER     => array_merge( array( 'Content-Type: application/json', 'Accept: application/json, text/event-stream', 'MCP-Protocol-Version: 2025-11-25', 'Expect:' ), $headers ),
		)
	);
	curl_setopt( $ch, CURLOPT_URL, rtrim( $url, '/' ) . '/wp-json' . $route . ( in_array( 'X-Audit: off', $headers, true ) ? '?audit=off' : '' ) );
	$raw  = (string) curl_exec( $ch );
	$code = (int) curl_getinfo( $ch, CURLINFO_RESPONSE_CODE );
	curl_close( $ch );
	return array( $code, $raw );
};
[ $code, $raw ] = $post( (string) json_encode( array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25', 'capabilities' => new stdClass(), 'clientInfo' => array( 'name' => 'audit-bench', 'version' => '1' ) ) ) ), array() );
if ( 200 !== $code || ! preg_match( '/^mcp-session-id:\s*(\S+)/mi', $raw, $m ) ) {
	fwrite( STDERR, "initialize failed ($code): " . substr( $raw, 0, 500 ) . "\n" );
	exit( 1 );
}
$session = $m[1];
$body    = (string) json_encode( $call );
[ $code, $raw ] = $post( $body, array( 'Mcp-Session-Id: ' . $session ) );
if ( 200 !== $code || ! str_contains( $raw, '"isError":false' ) ) {
	fwrite( STDERR, "tools/call failed ($code): " . substr( $raw, 0, 500 ) . "\n" );
	exit( 1 );
}
$http = mcp_native_audit_pairs( $rounds, static fn( bool $audit ) => $post( $body, $audit ? array( 'Mcp-Session-Id: ' . $session ) : array( 'Mcp-Session-Id: ' . $session, 'X-Audit: off' ) ) );

// ---- in process: WordPress loaded once (at file scope, as WordPress expects), the REST dispatch of the same call.
$_SERVER['HTTP_HOST']   = (string) parse_url( $url, PHP_URL_HOST ) . ':' . (string) parse_url( $url, PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
$bench_args             = array( $route, $call, $user, $rounds, $http );
require rtrim( $site_dir, '/' ) . '/wp-load.php';
[ $route, $call, $user, $rounds, $http ] = $bench_args; // WordPress's files assign globals of these names.
$in_process = mcp_native_audit_in_process( $route, $call, $user, $rounds );
// The rows of the in-process calls are still pending (written at shutdown, after the answer):
// what writing one costs the worker once the client has its answer.
$flush_started = hrtime( true );
$flushed       = \McpNative\Plugin\Audit\AuditLog::flush();
$write_ms      = ( hrtime( true ) - $flush_started ) / 1e6 / max( 1, $flushed );

/** @return array{0: float, 1: float, 2: float} */
function mcp_native_audit_in_process( string $route, array $call, string $user, int $rounds ): array {
	wp_set_current_user( (int) get_user_by( 'login', $user )->ID );
	$dispatch = static function ( array $message, array $headers ) use ( $route ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', $route );
		$request->set_header( 'Content-Type', 'application/json' );
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_body( (string) wp_json_encode( $message ) );
		return rest_do_request( $request );
	};
	$init    = $dispatch( array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25', 'capabilities' => new stdClass(), 'clientInfo' => array( 'name' => 'audit-bench', 'version' => '1' ) ) ), array() );
	$session = $init->get_headers()['Mcp-Session-Id'] ?? '';
	return mcp_native_audit_pairs(
		$rounds,
		static function ( bool $audit ) use ( $dispatch, $call, $session ): void {
			$_GET['audit'] = $audit ? 'on' : 'off';
			$dispatch( $call, array( 'Mcp-Session-Id' => $session ) );
		}
	);
}

printf( "audit log cost of one tools/call (%d pairs, medians; extension %s)\n", $rounds, extension_loaded( 'mcp_native' ) ? 'loaded' : 'not loaded' );
printf( "  %-11s off %8.3f ms   on %8.3f ms   on/off %.4f  (%+.2f %%)\n", 'http', $http[0], $http[1], $http[2], ( $http[2] - 1 ) * 100 );
printf( "  %-11s off %8.3f ms   on %8.3f ms   on/off %.4f  (%+.2f %%)\n", 'in-process', $in_process[0], $in_process[1], $in_process[2], ( $in_process[2] - 1 ) * 100 );
printf( "  %-11s %.3f ms per row (one INSERT and its commit; after the answer, in the worker's time)\n", 'write', $write_ms );
$rows = (int) $GLOBALS['wpdb']->get_var( 'SELECT COUNT(*) FROM ' . \McpNative\Plugin\Audit\AuditTable::name() );
printf( "  rows written: %d (expected %d)\n", $rows, 2 * ( $rounds + 10 ) + 1 );
