<?php
namespace McpNative\Tests;

/** Runs PHP code in a child PHP process with the same extension setting, so a crash fails a test, not the run. */
final class ChildProcess {
	/** @return array{exit:int, stdout:string, stderr:string} */
	public static function run_php( string $code, bool $with_extension, int $timeout_seconds = 60 ): array {
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
		$proc  = proc_open( array_merge( array( 'timeout', (string) $timeout_seconds ), $cmd ), array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes );
		$out   = stream_get_contents( $pipes[1] );
		$err   = stream_get_contents( $pipes[2] );
		$exit  = proc_close( $proc );
		unlink( $file );
		return array( 'exit' => $exit, 'stdout' => $out, 'stderr' => $err );
	}

	/** PHP source that loads the plugin's contract facade and the WordPress core functions the fallback calls. */
	public static function prelude(): string {
		$contract = var_export( dirname( __DIR__, 4 ) . '/wp-plugin/includes/Contract.php', true );
		$wp_core  = var_export( dirname( __DIR__, 3 ) . '/validation/wp-core.php', true );
		return "<?php\nrequire $contract;\nrequire $wp_core;\nmcp_native_load_wp_core();\nuse McpNative\\Plugin\\Contract;\n";
	}
}
