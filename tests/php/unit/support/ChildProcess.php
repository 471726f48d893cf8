<?php
namespace McpNative\Tests;

/** Runs PHP code in a child PHP process with the same extension setting, so a crash fails a test, not the run. */
final class ChildProcess {
	/** @return array{exit:int, stdout:string, stderr:string} */
	/**
	 * With $memcheck (and valgrind installed), the child runs under valgrind with the Zend
	 * allocator off, and any invalid read, write or free ends it with exit code 99: a
	 * use-after-free fails the test even when it happens not to crash.
	 */
	public static function run_php( string $code, bool $with_extension, int $timeout_seconds = 60, bool $memcheck = false ): array {
		$file = tempnam( sys_get_temp_dir(), 'mcpn' ) . '.php';
		file_put_contents( $file, $code );
		// -n: no ini files, so the child has exactly the extension we choose (json, pcre and
		// Reflection are built into PHP).
		$cmd = array( PHP_BINARY, '-n', '-d', 'memory_limit=1G' );
		if ( $with_extension ) {
			$so = getenv( 'EXT_SO' ) ?: dirname( __DIR__, 4 ) . '/target/release/libmcp_native.so';
			array_push( $cmd, '-d', 'extension=' . $so );
		}
		$cmd[] = $file;
		$env   = null;
		$log   = null;
		if ( $memcheck && is_executable( '/usr/bin/valgrind' ) ) {
			// valgrind's report goes to a file: a full stderr pipe would block the child.
			$log = tempnam( sys_get_temp_dir(), 'mcpv' );
			$cmd = array_merge( array( '/usr/bin/valgrind', '-q', '--error-exitcode=99', '--errors-for-leak-kinds=none', '--log-file=' . $log ), $cmd );
			$env = array_merge( getenv(), array( 'USE_ZEND_ALLOC' => '0' ) );
			$timeout_seconds *= 5;
		}
		$proc  = proc_open( array_merge( array( 'timeout', (string) $timeout_seconds ), $cmd ), array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes, null, $env );
		$out   = stream_get_contents( $pipes[1] );
		$err   = stream_get_contents( $pipes[2] );
		$exit  = proc_close( $proc );
		unlink( $file );
		if ( null !== $log ) {
			$err .= substr( (string) file_get_contents( $log ), 0, 4000 );
			unlink( $log );
		}
		return array( 'exit' => $exit, 'stdout' => $out, 'stderr' => $err );
	}

	/** PHP source that loads the plugin's contract facade and the WordPress core functions the fallback calls. */
	public static function prelude(): string {
		$contract = var_export( dirname( __DIR__, 4 ) . '/wp-plugin/includes/Contract.php', true );
		$wp_core  = var_export( dirname( __DIR__, 3 ) . '/validation/wp-core.php', true );
		return "<?php\nrequire $contract;\nrequire $wp_core;\nmcp_native_load_wp_core();\nuse McpNative\\Plugin\\Contract;\n";
	}
}
