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

	/**
	 * Runs $code with the extension under valgrind's leak check, the Zend allocator ON (so
	 * memory_limit holds as in production) and the module kept loaded at exit (so frames have
	 * names). 'leaks' lists the loss records (definite, indirect or possible) allocated by the
	 * extension's own calls; module start-up's one-time registrations are not counted. Null
	 * when valgrind is not installed.
	 *
	 * @return array{exit:int, stdout:string, stderr:string, leaks:string[]}|null
	 */
	public static function run_php_leak_check( string $code, int $timeout_seconds = 300 ): ?array {
		if ( ! is_executable( '/usr/bin/valgrind' ) ) {
			return null;
		}
		$file = tempnam( sys_get_temp_dir(), 'mcpn' ) . '.php';
		file_put_contents( $file, $code );
		$log = tempnam( sys_get_temp_dir(), 'mcpv' );
		$so  = getenv( 'EXT_SO' ) ?: dirname( __DIR__, 4 ) . '/target/release/libmcp_native.so';
		$cmd = array( 'timeout', (string) $timeout_seconds, '/usr/bin/valgrind', '-q', '--leak-check=full', '--show-leak-kinds=definite,indirect,possible', '--log-file=' . $log, PHP_BINARY, '-n', '-d', 'memory_limit=1G', '-d', 'extension=' . $so, $file );
		$env  = array_merge( getenv(), array( 'ZEND_DONT_UNLOAD_MODULES' => '1' ) );
		unset( $env['USE_ZEND_ALLOC'] );
		$proc = proc_open( $cmd, array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes, null, $env );
		$out  = stream_get_contents( $pipes[1] );
		$err  = stream_get_contents( $pipes[2] );
		$exit = proc_close( $proc );
		$report = (string) file_get_contents( $log );
		unlink( $file );
		unlink( $log );
		$leaks = array();
		foreach ( preg_split( '/^==\d+== $/m', $report ) as $record ) {
			if ( str_contains( $record, 'lost in loss record' ) && str_contains( $record, 'libmcp_native.so' )
				&& ! preg_match( '/ext_php_rs_startup|get_module|php_module_startup|php_load_extension/', $record ) ) {
				$leaks[] = trim( $record );
			}
		}
		return array( 'exit' => $exit, 'stdout' => $out, 'stderr' => $err, 'leaks' => $leaks );
	}

	/** PHP source that loads the plugin's contract facade and the WordPress core functions the fallback calls. */
	public static function prelude(): string {
		$contract = var_export( dirname( __DIR__, 4 ) . '/wp-plugin/includes/Contract.php', true );
		$wp_core  = var_export( dirname( __DIR__, 3 ) . '/validation/wp-core.php', true );
		return "<?php\nrequire $contract;\nrequire $wp_core;\nmcp_native_load_wp_core();\nuse McpNative\\Plugin\\Contract;\n";
	}
}
