<?php
namespace McpNative\Tests;

use PHPUnit\Framework\Assert;

/**
 * Issue 36's second WordPress version: the differential suites (CraftedDifferentialTest,
 * ValidationDifferentialTest) compare the active implementation with the core loaded in this
 * process (WordPress 7.1, .cache/wordpress) AND with every other core found, each asked in a
 * child process (tests/validation/core-verdicts.php): by default every .cache/wordpress-<suite>
 * that scripts/install-deps.sh unit fetched (Debian trixie's 6.8.x), or the directories listed in
 * MCP_NATIVE_WP_CORE_DIRS (':'-separated; an empty value turns the comparison off).
 *
 * The plugin cannot follow an older core's rules: it needs WordPress >= 6.9 (the Abilities API),
 * the extension implements 7.1's rules and the fallback asks the site's own core. So on a case
 * where the older core's verdict differs from ours, the older core must also differ from 7.1
 * (core changed between the two versions), and the case must fall under one of the documented
 * known differences below (self::known()), which the test lists with its count and reason. Any
 * other disagreement fails the test: an older-core difference no rule documents (a new core
 * change to write down), or ours differing from both cores.
 */
final class OtherCores {
	/** @return array<string, string> WordPress version => directory */
	public static function dirs(): array {
		static $dirs = null;
		if ( null !== $dirs ) {
			return $dirs;
		}
		$env  = getenv( 'MCP_NATIVE_WP_CORE_DIRS' );
		$list = false !== $env ? array_filter( explode( ':', $env ) ) : glob( dirname( __DIR__, 4 ) . '/.cache/wordpress-*', GLOB_ONLYDIR );
		$dirs = array();
		foreach ( $list as $dir ) {
			$file = $dir . '/wp-includes/version.php';
			if ( is_file( $file ) && preg_match( "/^\\\$wp_version = '([^']+)';/m", (string) file_get_contents( $file ), $m ) ) {
				$dirs[ $m[1] ] = realpath( $dir );
			}
		}
		ksort( $dirs );
		return $dirs;
	}

	/**
	 * Core changes between the older cores and 7.1 that make ours (7.1's rules) differ from the
	 * older core's verdict. Each: the versions it applies to (prefix), what changed, and which
	 * cases it covers.
	 *
	 * None so far: on every case of both suites (about 20 000) WordPress 6.8.13 (trixie) gives
	 * 7.1's verdict. What changed on the validation path between them does not change a verdict:
	 * rest_is_integer() (a regex for integer strings, floor() instead of round(): same answers),
	 * wp_check_invalid_utf8() (wp_is_valid_utf8() instead of PCRE's /u check; only sanitizing
	 * uses it), rest_are_values_equal() (array_all()), is_email() and sanitize_hex_color() (style).
	 * CraftedDifferentialTest::test_what_changed_between_core_versions aims at those.
	 *
	 * @return list<array{versions: string, reason: string, covers: callable(mixed, array): bool}>
	 */
	public static function known(): array {
		return array();
	}

	/** @return array{version: string, verdicts: list<?bool>} */
	public static function verdicts( string $dir, array $cases ): array {
		$script = dirname( __DIR__, 3 ) . '/validation/core-verdicts.php';
		$proc   = proc_open( array( 'timeout', '120', PHP_BINARY, '-d', 'memory_limit=1G', $script, $dir ), array( 0 => array( 'pipe', 'r' ), 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes );
		// The child reads all its input before it writes: no deadlock on full pipes.
		fwrite( $pipes[0], serialize( $cases ) );
		fclose( $pipes[0] );
		$out  = stream_get_contents( $pipes[1] );
		$err  = stream_get_contents( $pipes[2] );
		$exit = proc_close( $proc );
		Assert::assertSame( 0, $exit, "core-verdicts.php $dir: $err" );
		$r = unserialize( $out, array( 'allowed_classes' => false ) );
		Assert::assertIsArray( $r, "core-verdicts.php $dir: $err" );
		Assert::assertCount( count( $cases ), $r['verdicts'] );
		return $r;
	}

	/**
	 * Compares ours with every other core on $cases and asserts that each disagreement is a
	 * documented core change; writes one summary line per core to STDERR.
	 *
	 * @param list<array{0: mixed, 1: array}> $cases
	 * @param list<?bool> $primary 7.1's verdicts (null: it threw)
	 * @param list<?bool> $ours    the active implementation's verdicts (null: not asked)
	 */
	public static function assert_only_known_differences( string $label, array $cases, array $primary, array $ours ): void {
		foreach ( self::dirs() as $version => $dir ) {
			$other     = self::verdicts( $dir, $cases )['verdicts'];
			$same      = 0;
			$threw     = 0;
			$by_rule   = array();
			$undoc     = array();
			$both      = array();
			foreach ( $cases as $i => [ $value, $schema ] ) {
				if ( null === $other[ $i ] || null === $primary[ $i ] || null === $ours[ $i ] ) {
					++$threw; // one of the cores cannot answer (a fatal error in WordPress)
					continue;
				}
				if ( $other[ $i ] === $ours[ $i ] ) {
					++$same;
					continue;
				}
				$json = json_encode( array( 'schema' => $schema, 'value' => $value, $version => $other[ $i ], '7.1' => $primary[ $i ] ), JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE );
				if ( $other[ $i ] === $primary[ $i ] ) {
					$both[] = $json; // ours differs from both cores: the 7.1 comparison fails on it too
					continue;
				}
				$rule = null;
				foreach ( self::known() as $n => $k ) {
					if ( str_starts_with( $version, $k['versions'] ) && ( $k['covers'] )( $value, $schema ) ) {
						$rule = $n;
						break;
					}
				}
				if ( null === $rule ) {
					$undoc[] = $json;
				} else {
					$by_rule[ $rule ] = ( $by_rule[ $rule ] ?? 0 ) + 1;
				}
			}
			$known = self::known();
			$lines = array();
			foreach ( $by_rule as $n => $count ) {
				$lines[] = "$count: " . $known[ $n ]['reason'];
			}
			fwrite( STDERR, sprintf( "\n[differential] %s vs WordPress %s: %d cases, %d same verdict, %d where a core threw, %d known differences (core changed)%s, %d undocumented, %d differing from both cores\n", $label, $version, count( $cases ), $same, $threw, array_sum( $by_rule ), $lines ? ' [' . implode( '; ', $lines ) . ']' : '', count( $undoc ), count( $both ) ) );
			Assert::assertSame( array(), array_slice( $undoc, 0, 20 ), count( $undoc ) . " of $label's cases: WordPress $version's verdict differs from ours and from 7.1's, and no known difference (OtherCores::known()) documents that core change" );
			Assert::assertSame( array(), array_slice( $both, 0, 20 ), count( $both ) . " of $label's cases: ours differs from WordPress $version and 7.1 alike" );
		}
	}
}
