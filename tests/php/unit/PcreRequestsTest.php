<?php
use McpNative\Plugin\Contract;
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

/**
 * Issue 36: the extension matches `pattern` and `patternProperties` on PHP's own PCRE cache
 * entries, and holds an entry for the rest of a request once it used it (src/ffi/pcre.rs).
 * Verdicts must stay preg_match()'s, and memory sound, when PHP's regex cache fills past its
 * 4096 entries and evicts (between validations, and before the first one of a request), when
 * PHP's LC_CTYPE changes (PHP then keys entries by locale), and from one request to the next in
 * a php-fpm worker, whose PCRE cache and compiled schemas outlive requests. Every child runs
 * under valgrind when it is installed (a freed entry read is an error, not a lucky answer).
 */
final class PcreRequestsTest extends TestCase {
	/** What each request runs: verdicts of the extension against preg_match() after each step. */
	private const REQUEST = <<<'PHP'
<?php
function mcp_core_match( string $pattern, string $s ): bool {
	return 1 === @preg_match( '#' . str_replace( '#', '\#', $pattern ) . '#u', $s );
}
function mcp_verdicts( string $when ): array {
	$patterns = array( '^[a-z]+-\d{2,4}$', '^\p{L}+$', '(?i)^é+$', '^\w+$', '^(a+)+$', '^[[:alpha:]]+$', '(', '^a#b$' );
	$strings  = array( 'abc-123', 'abc-12345', 'Élan', 'éÉ', "a\xff", 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '', 'a#b', 'ǅ' );
	$differ   = array();
	foreach ( $patterns as $p ) {
		$keys = array();
		foreach ( $strings as $s ) {
			$core   = mcp_core_match( $p, $s );
			$native = array() === \McpNative\validate( $s, array( 'type' => 'string', 'pattern' => $p ) );
			if ( $core !== $native ) {
				$differ[] = "$when: pattern $p on " . bin2hex( $s ) . ': core ' . var_export( $core, true );
			}
			$object = array( 'type' => 'object', 'patternProperties' => array( $p => array( 'type' => 'integer' ) ), 'additionalProperties' => false );
			$native = array() === \McpNative\validate( array( "k$s" => 1, $s => 1 ), $object );
			if ( ( mcp_core_match( $p, "k$s" ) && mcp_core_match( $p, $s ) ) !== $native ) {
				$differ[] = "$when: patternProperties $p on " . bin2hex( $s );
			}
		}
	}
	return $differ;
}
function mcp_fill_regex_cache( int $round ): void {
	for ( $i = 0; $i < 5000; $i++ ) {
		preg_match( "/r{$round}x{$i}y/", 'a' );
	}
}
$differ = array();
$step   = $argv[1] ?? ( $_GET['step'] ?? 'plain' );
$round  = (int) ( $_GET['round'] ?? 0 );
if ( 'fill-first' === $step ) {
	mcp_fill_regex_cache( $round );
}
$differ = array_merge( $differ, mcp_verdicts( $step ) );
if ( 'fill' === $step || 'fill-first' === $step ) {
	mcp_fill_regex_cache( $round + 1000 );
	$differ = array_merge( $differ, mcp_verdicts( "$step, after filling" ) );
}
if ( 'locale' === $step ) {
	$locale = setlocale( LC_CTYPE, 'C.UTF-8', 'en_US.UTF-8' );
	$differ = array_merge( $differ, mcp_verdicts( "locale $locale" ) );
	setlocale( LC_CTYPE, 'C' );
	$differ = array_merge( $differ, mcp_verdicts( 'locale C again' ) );
}
echo json_encode( array( 'step' => $step, 'differ' => $differ ) ), "\n";
PHP;

	protected function setUp(): void {
		if ( ! Contract::is_native() ) {
			$this->markTestSkipped( 'the extension is not loaded in this run' );
		}
	}

	/** One CLI request: the cache filled between validations, then a locale change. */
	public function test_verdicts_stay_preg_match_s_when_the_regex_cache_evicts_and_the_locale_changes(): void {
		foreach ( array( 'fill', 'fill-first', 'locale' ) as $step ) {
			$code = str_replace( "\$argv[1] ?? ", var_export( $step, true ) . ' ?? ', self::REQUEST );
			// PHP's JIT on (its default), then under valgrind without it: valgrind cannot follow
			// the code PCRE's JIT writes (scripts/test-php.sh runs the suite so too)
			foreach ( array( $code => false, str_replace( "<?php\n", "<?php\nini_set( 'pcre.jit', '0' );\n", $code ) => true ) as $source => $memcheck ) {
				$run = ChildProcess::run_php( $source, true, 120, $memcheck );
				$this->assertSame( 0, $run['exit'], $run['stderr'] );
				$this->assertSame( array( 'step' => $step, 'differ' => array() ), json_decode( $run['stdout'], true ), $run['stderr'] );
			}
		}
	}

	/** One php-fpm worker, several requests: schemas and PHP's PCRE cache outlive each one. */
	public function test_a_php_fpm_worker_keeps_preg_match_s_verdicts_from_request_to_request(): void {
		$fpm = '/usr/sbin/php-fpm' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
		if ( ! is_executable( $fpm ) ) {
			$this->markTestSkipped( "$fpm is not installed" );
		}
		$dir = sys_get_temp_dir() . '/mcpn-fpm-' . getmypid();
		@mkdir( $dir );
		file_put_contents( "$dir/request.php", self::REQUEST );
		file_put_contents(
			"$dir/fpm.conf",
			"[global]\npid = $dir/fpm.pid\nerror_log = $dir/fpm.log\ndaemonize = no\n" .
			"[www]\nlisten = $dir/fpm.sock\npm = static\npm.max_children = 1\ncatch_workers_output = yes\n"
		);
		$so  = getenv( 'EXT_SO' ) ?: dirname( __DIR__, 3 ) . '/target/release/libmcp_native.so';
		$cmd = array( $fpm, '-n', '-d', 'extension=' . $so, '-y', "$dir/fpm.conf", '-F', '-R' );
		$env = null;
		if ( is_executable( '/usr/bin/valgrind' ) ) {
			// without PCRE's JIT, whose generated code valgrind cannot follow
			$cmd = array_merge( array( '/usr/bin/valgrind', '-q', '--errors-for-leak-kinds=none', "--log-file=$dir/valgrind.%p" ), $cmd, array( '-d', 'pcre.jit=0' ) );
			$env = array_merge( getenv(), array( 'USE_ZEND_ALLOC' => '0' ) );
		}
		$proc = proc_open( $cmd, array( 1 => array( 'file', "$dir/stdout", 'w' ), 2 => array( 'file', "$dir/stderr", 'w' ) ), $pipes, null, $env );
		try {
			for ( $i = 0; $i < 600 && ! file_exists( "$dir/fpm.sock" ); $i++ ) {
				usleep( 100000 );
			}
			$this->assertFileExists( "$dir/fpm.sock", (string) @file_get_contents( "$dir/fpm.log" ) );
			foreach ( array( 'plain', 'fill', 'fill-first', 'plain', 'locale', 'fill', 'plain' ) as $round => $step ) {
				$body = self::fastcgi( "$dir/fpm.sock", "$dir/request.php", "step=$step&round=$round" );
				$json = json_decode( (string) substr( $body, (int) strpos( $body, "\r\n\r\n" ) + 4 ), true );
				$this->assertSame( array( 'step' => $step, 'differ' => array() ), $json, $body );
			}
		} finally {
			proc_terminate( $proc, 3 ); // SIGQUIT: a graceful stop, the worker ends its shutdown
			proc_close( $proc );
		}
		if ( null !== $env ) {
			$this->assertNotEmpty( glob( "$dir/valgrind.*" ), 'valgrind wrote no log' );
		}
		foreach ( glob( "$dir/valgrind.*" ) ?: array() as $log ) {
			$text = (string) file_get_contents( $log );
			$this->assertDoesNotMatchRegularExpression( '/ERROR SUMMARY: [1-9]|Invalid (read|write|free)/', $text, $text );
			unlink( $log );
		}
		array_map( 'unlink', glob( "$dir/*" ) ?: array() );
		rmdir( $dir );
	}

	/** A FastCGI GET of $script on a unix socket; the response (headers and body). */
	private static function fastcgi( string $socket, string $script, string $query ): string {
		$conn = stream_socket_client( "unix://$socket", $errno, $error, 120 );
		self::assertIsResource( $conn, $error );
		stream_set_timeout( $conn, 600 );
		$record = static fn( int $type, string $content ): string => pack( 'CCnnCx', 1, $type, 1, strlen( $content ), 0 ) . $content;
		$length = static fn( string $s ): string => strlen( $s ) < 128 ? chr( strlen( $s ) ) : pack( 'N', strlen( $s ) | 0x80000000 );
		$params = '';
		foreach ( array( 'SCRIPT_FILENAME' => $script, 'REQUEST_METHOD' => 'GET', 'QUERY_STRING' => $query, 'SERVER_PROTOCOL' => 'HTTP/1.1', 'GATEWAY_INTERFACE' => 'CGI/1.1' ) as $k => $v ) {
			$params .= $length( $k ) . $length( $v ) . $k . $v;
		}
		fwrite( $conn, $record( 1, pack( 'nCx5', 1, 0 ) ) . $record( 4, $params ) . $record( 4, '' ) . $record( 5, '' ) );
		$out  = '';
		$read = static function ( int $n ) use ( $conn ): string {
			$s = '';
			while ( strlen( $s ) < $n && ! feof( $conn ) ) {
				$s .= (string) fread( $conn, $n - strlen( $s ) );
			}
			return $s;
		};
		while ( 8 === strlen( $header = $read( 8 ) ) ) {
			$h       = unpack( 'Cversion/Ctype/nid/nlength/Cpadding', $header );
			$content = $read( $h['length'] );
			$read( $h['padding'] );
			if ( 6 === $h['type'] ) {
				$out .= $content;
			} elseif ( 3 === $h['type'] ) {
				break;
			}
		}
		fclose( $conn );
		return $out;
	}
}
