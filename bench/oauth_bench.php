<?php
/**
 * In-process cost of the bearer check (issue 34; run by bench/oauth_bench.sh, `make bench-oauth`).
 * A benchmark, not a test: it measures and prints, it never fails on a slow machine.
 *
 *   php bench/oauth_bench.php SITE_DIR SITE_URL
 *
 * Loads the site's WordPress once (as a REST request to the default MCP server), makes a grant and
 * a token pair for admin with the plugin's own classes, then times, as medians of many calls:
 *
 *   bearer, cold    BearerAuth::authenticate() with a valid token, the user's cache entries and the
 *                   request's token cache emptied before each call (the token + grant query, the
 *                   user and meta reads, the password check value): what one request pays, once
 *   bearer, warm    the same with WordPress's object cache kept (a site with a persistent cache)
 *   bearer, refused a well-formed unknown token (one query, nothing found)
 *   no token        the whole determine_current_user filter, no Authorization header, with our
 *                   filter and without it (remove_filter): what a request without a token pays
 *
 * Prints one line per figure and a JSON line (prefix "json: ") for bench/oauth_bench.sh.
 */

declare(strict_types=1);

use McpNative\Plugin\OAuth\BearerAuth;
use McpNative\Plugin\OAuth\Grants;
use McpNative\Plugin\OAuth\Resources;
use McpNative\Plugin\OAuth\Settings;
use McpNative\Plugin\OAuth\Tokens;

[ , $site_dir, $site_url ] = $argv + array( null, null, null );
if ( ! is_string( $site_dir ) || ! is_file( $site_dir . '/wp-load.php' ) || ! is_string( $site_url ) ) {
	fwrite( STDERR, "usage: php bench/oauth_bench.php SITE_DIR SITE_URL\n" );
	exit( 2 );
}
$u                          = parse_url( $site_url );
$_SERVER['HTTP_HOST']       = $u['host'] . ( isset( $u['port'] ) ? ':' . $u['port'] : '' );
$_SERVER['SERVER_NAME']     = $u['host'];
$_SERVER['SERVER_PORT']     = (string) ( $u['port'] ?? 80 );
$_SERVER['REQUEST_URI']     = '/wp-json/mcp/mcp-adapter-default-server';
$_SERVER['REQUEST_METHOD']  = 'POST';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
require $site_dir . '/wp-load.php';
rest_get_server(); // builds the MCP servers, as a REST request does before authentication matters

$admin = get_user_by( 'login', 'admin' );
$route = '/mcp/mcp-adapter-default-server';
$server = Resources::servers()[ $route ] ?? null;
if ( ! $admin || null === $server ) {
	fwrite( STDERR, "no admin user or no default MCP server on this site\n" );
	exit( 1 );
}
$grant = Grants::approve( $admin, 'bench-client', 'bench', '127.0.0.1', $route, Resources::resource_of( $server ), 'mcp:read mcp:write' );
$pair  = Tokens::issue_pair( $grant, 'mcp:read mcp:write' );
$good  = 'Bearer ' . $pair['access_token'];
$bad   = 'Bearer ' . Tokens::ACCESS_PREFIX . rtrim( strtr( base64_encode( random_bytes( 32 ) ), '+/', '-_' ), '=' );

/** Median nanoseconds of $fn over $n calls (each call timed alone; $setup untimed before each). */
function oauth_bench_ns( callable $fn, int $n, ?callable $setup = null ): float {
	$t = array();
	for ( $i = 0; $i < $n; $i++ ) {
		if ( null !== $setup ) {
			$setup();
		}
		$s   = hrtime( true );
		$fn();
		$t[] = hrtime( true ) - $s;
	}
	sort( $t );
	return (float) $t[ intdiv( count( $t ), 2 ) ];
}

$reset_request = static function () {
	Tokens::forget_cached();
	BearerAuth::reset();
};
// What a new request has not read yet when it authenticates: the user (and their meta). Options
// (autoloaded at boot, the OAuth setting among them) are in memory before any authentication runs.
$cold = static function () use ( $reset_request, $admin ) {
	$reset_request();
	Settings::flush();
	foreach ( array( 'users' => $admin->ID, 'user_meta' => $admin->ID, 'userlogins' => $admin->user_login, 'useremail' => $admin->user_email, 'userslugs' => $admin->user_nicename ) as $group => $key ) {
		wp_cache_delete( $key, $group );
	}
};

$check = static function () use ( $admin ) {
	$id = BearerAuth::authenticate( false );
	if ( $id !== $admin->ID ) {
		fwrite( STDERR, "the bearer check did not authenticate admin\n" );
		exit( 1 );
	}
};

$_SERVER['HTTP_AUTHORIZATION'] = $good;
$check(); // the once-a-minute last_used_at write happens here, outside the timing
$results                       = array();
$results['bearer_cold_ns']     = oauth_bench_ns( $check, 2000, $cold );
$results['bearer_warm_ns']     = oauth_bench_ns( $check, 5000, $reset_request );
$_SERVER['HTTP_AUTHORIZATION'] = $bad;
$results['bearer_refused_ns']  = oauth_bench_ns( static fn() => BearerAuth::authenticate( false ), 2000, $cold );

unset( $_SERVER['HTTP_AUTHORIZATION'] );
$chain                               = static fn() => apply_filters( 'determine_current_user', false );
$results['no_token_with_filter_ns']  = oauth_bench_ns( $chain, 20000, $reset_request );
remove_filter( 'determine_current_user', array( BearerAuth::class, 'authenticate' ), 30 );
$results['no_token_without_filter_ns'] = oauth_bench_ns( $chain, 20000, $reset_request );
$results['no_token_cost_ns']         = $results['no_token_with_filter_ns'] - $results['no_token_without_filter_ns'];
$results['extension_loaded']         = extension_loaded( 'mcp_native' );

Grants::revoke( $grant->id );

printf( "in-process (PHP %s, %s):\n", PHP_VERSION, $results['extension_loaded'] ? 'extension loaded' : 'no extension' );
printf( "  bearer check, valid token, user not cached (one request's cost):        %8.1f µs\n", $results['bearer_cold_ns'] / 1000 );
printf( "  bearer check, valid token, object cache warm:                           %8.1f µs\n", $results['bearer_warm_ns'] / 1000 );
printf( "  bearer check, unknown token (refused):                                  %8.1f µs\n", $results['bearer_refused_ns'] / 1000 );
printf( "  determine_current_user, no Authorization header, with our filter:      %8.3f µs\n", $results['no_token_with_filter_ns'] / 1000 );
printf( "  the same without our filter (baseline):                                 %8.3f µs\n", $results['no_token_without_filter_ns'] / 1000 );
printf( "  => a request without a token pays:                                      %8.3f µs\n", $results['no_token_cost_ns'] / 1000 );
echo 'json: ', json_encode( $results ), "\n";
