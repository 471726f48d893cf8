<?php
use McpNative\Plugin\Contract;
use PHPUnit\Framework\TestCase;

/**
 * Issue 36: the `standard` profile's verdict against WordPress core's own
 * rest_validate_value_from_schema() on crafted input (ValidationDifferentialTest is the random
 * one): small lists of hostile patterns, strings, formats and numbers, crossed into thousands of
 * cases, on whichever implementation this run has (scripts/test-php.sh runs both). Each test
 * lists every disagreement and fails on any.
 */
final class CraftedDifferentialTest extends TestCase {
	/** Patterns PCRE reads its own way (the extension emulated them with another engine before). */
	private const PATTERNS = array(
		'^[[:alpha:]]+$', '^[[:alnum:]]+$', '^[[:word:]]+$', '^[[:^digit:]]+$', '^[[:punct:]]$', '^[[:space:]]$',
		'^\w+$', '^[^\W\d_]+$', '^\d+$', '^\h$', '^\v$', '^\R$', '^\X$', '^.$', '^\p{L}+$', '^\p{Arabic}+$', '^\p{Han}$',
		'^\Q.*\E$', '^\Qa#b\E$', '^(?|(a)|(b))\1$', '^a{,3}$', '^a{2,}$', '(*UCP)^\w+$', '(*UTF)^.$', '(*CR)^a$', '^\cA$',
		'^\101$', '^\0101$', '^\x{263A}$', '^\N{U+00E9}$', '^a#b$', 'a\#b', 'a\\\\#b', '^(?i)É$', '^(?x) a b $',
		'^a$', '\Aa\z', '\Aa\Z', '(?<=a)b', '^(?>a+)b$', '^(a+)+$', '^(?:a|b)*+c$', '(', '[', '\\', '^[a-]$', '^[]a]$', '',
	);

	private const STRINGS = array(
		'', 'a', 'b', 'A', 'É', 'é', "e\u{301}", 'ab', 'aa', 'bb', 'aaa', 'aaaa', 'a b', 'ab c', 'a#b', 'a\#b', 'a\\b', '.*',
		'a{,3}', "\x01", "\t", ' ', "\n", "a\n", "\r\n", "\u{A0}", "\u{2028}", 'αβγ', 'Ωmega', '漢', '漢字', '١٢٣', '۴۵',
		'123', '12a', '_', 'a_b', '!', '☺', "\u{263A}", '😀', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', 'abc', "\xff", "a\xc3",
	);

	/**
	 * Core's verdict (null: core threw, it cannot answer: a format on a non-string it hands to a
	 * typed function, a fatal error in WordPress) and ours.
	 *
	 * @return array{0: ?bool, 1: ?bool} ours is null where core threw: not asked
	 */
	private function verdicts( $value, array $schema ): array {
		set_error_handler( static fn() => true );
		try {
			$core = true === rest_validate_value_from_schema( $value, $schema, 'v' );
		} catch ( \Throwable $e ) {
			$core = null;
		} finally {
			restore_error_handler();
		}
		return array( $core, null === $core ? null : array() === Contract::validate( $value, $schema ) );
	}

	/**
	 * Ours against this process's core (7.1), then against every other core
	 * (McpNative\Tests\OtherCores: Debian trixie's 6.8.x), whose differences must be documented
	 * core changes. $other_cores is false where this process's state (a filter) decides.
	 *
	 * @param list<array{0: mixed, 1: array}> $cases
	 */
	private function assert_all_agree( array $cases, int $at_least, bool $other_cores = true ): void {
		$this->assertGreaterThanOrEqual( $at_least, count( $cases ) );
		$differ  = array();
		$primary = array();
		$ours    = array();
		foreach ( $cases as $i => [ $value, $schema ] ) {
			[ $primary[ $i ], $ours[ $i ] ] = $this->verdicts( $value, $schema );
			if ( null !== $primary[ $i ] && $primary[ $i ] !== $ours[ $i ] ) {
				$differ[] = json_encode( array( 'schema' => $schema, 'value' => $value, 'core' => $primary[ $i ] ), JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE );
			}
		}
		$this->assertSame( array(), array_slice( $differ, 0, 20 ), count( $differ ) . ' of ' . count( $cases ) . ' differ from core' );
		if ( $other_cores ) {
			\McpNative\Tests\OtherCores::assert_only_known_differences( static::class . '::' . self::test_name( $this ), $cases, $primary, $ours );
		}
	}

	/** The running test's name: PHPUnit 10+ (Debian 13) has name(), 9.6 (Debian 12) getName(). */
	private static function test_name( \PHPUnit\Framework\TestCase $test ): string {
		return method_exists( $test, 'name' ) ? $test->name() : $test->getName();
	}

	public function test_patterns_and_pattern_properties(): void {
		$cases = array();
		foreach ( self::PATTERNS as $pattern ) {
			foreach ( self::STRINGS as $s ) {
				$cases[] = array( $s, array( 'type' => 'string', 'pattern' => $pattern ) );
				$cases[] = array( array( $s => 5 ), array( 'type' => 'object', 'patternProperties' => array( $pattern => array( 'type' => 'string' ) ) ) );
			}
		}
		$this->assert_all_agree( $cases, 4000 );
	}

	public function test_formats(): void {
		$strings = array(
			'a@b.co', 'a@b', 'a.b@c.de', '.a@b.co', 'a..b@c.de', 'a@b..co', 'a@-b.co', 'a@b-.co', '"a b"@c.de', 'a+tag@b.co', 'ä@b.co',
			'a@bü.co', 'a@xn--b-1ga.co', 'a@b.c', '@b.co', 'a@', str_repeat( 'a', 64 ) . '@b.co', 'a@' . str_repeat( 'b', 250 ) . '.co', "a@b.co\n",
			'1.2.3.4', '01.2.3.4', '256.1.1.1', '1.2.3', '1.2.3.4.5', '::1', '::', '1::', '2001:db8::1', '2001:db8:::1', '::ffff:1.2.3.4',
			'fe80::1%eth0', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:1.2.3.4', '[::1]', "1.2.3.4\n",
			'123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000', '123e4567e89b12d3a456426614174000',
			'{123e4567-e89b-12d3-a456-426614174000}', "123e4567-e89b-12d3-a456-426614174000\n", '123e4567-e89b-12d3-a456-42661417400g',
			'#fff', '#FFF', '#ffff', '#ffffff', '#fffffg', 'fff', "#fff\n", '#',
			'2024-01-01T00:00:00Z', '2024-01-01T00:00:00+25:00', '2024-01-01T00:00:00-25:00', '2024-01-01T00:00:00+24:60',
			'2024-02-30T00:00:00', '2024-13-01T00:00:00', '2024-01-01T24:00:00', '2024-01-01T23:59:60', '2024-01-01T23:60:00',
			'2024-01-01 00:00:00', '2024-01-01t00:00:00.5z', '2024-01-01T00:00:00+0100', '2024-01-01T00:00:00+01', "2024-01-01T00:00:00Z\n",
			'0000-00-00T00:00:00', '2024-1-01T00:00:00', '', ' ', 'x', 12, 1.5, true,
		);
		$cases = array();
		foreach ( array( 'email', 'ip', 'uuid', 'hex-color', 'date-time', 'uri', 'text-field' ) as $format ) {
			foreach ( $strings as $s ) {
				$cases[] = array( $s, array( 'type' => 'string', 'format' => $format ) );
				$cases[] = array( $s, array( 'format' => $format ) );
				$cases[] = array( $s, array( 'type' => 'string', 'format' => $format, 'enum' => array( is_string( $s ) ? trim( $s ) : $s, 'x' ) ) );
			}
		}
		$this->assert_all_agree( $cases, 1500 );
	}

	public function test_numbers_and_numeric_strings(): void {
		$values = array( 0, 1, -1, 1.0, 1.5, -0.0, 1e20, 9007199254740993, PHP_INT_MAX, 0.1 + 0.2, '1', '1.0', '1.5', ' 1', '1 ', "1\n", '01', '0x1A', '1e3', '1E-2', '.5', '5.', '+1', '-0', '', 'abc', '١', true, false, null, array(), array( 1 ) );
		$schemas = array();
		foreach ( array( 'integer', 'number', 'boolean', 'string' ) as $type ) {
			$schemas[] = array( 'type' => $type );
			$schemas[] = array( 'type' => $type, 'minimum' => 1 );
			$schemas[] = array( 'type' => $type, 'maximum' => 1, 'exclusiveMaximum' => true );
			$schemas[] = array( 'type' => $type, 'multipleOf' => 0.5 );
			$schemas[] = array( 'type' => $type, 'enum' => array( 1, '1', 1.5, true ) );
			$schemas[] = array( 'type' => array( $type, 'null' ) );
		}
		$schemas[] = array( 'type' => 'array', 'items' => array( 'type' => 'integer' ) );
		$schemas[] = array( 'type' => 'array', 'uniqueItems' => true );
		$schemas[] = array( 'enum' => array( array( 'a' => 1, 'b' => 2 ), array( 1, '1' ) ) );
		$cases = array();
		foreach ( $values as $v ) {
			foreach ( $schemas as $schema ) {
				$cases[] = array( $v, $schema );
				$cases[] = array( array( $v, $v ), array( 'type' => 'array', 'uniqueItems' => true, 'items' => $schema ) );
			}
		}
		$cases[] = array( 'a, b,,c', array( 'type' => 'array', 'items' => array( 'type' => 'string', 'enum' => array( 'a', 'b', 'c' ) ) ) );
		$cases[] = array( array( 'b' => 2, 'a' => 1 ), array( 'enum' => array( array( 'a' => 1, 'b' => 2 ) ) ) );
		$cases[] = array( array( 'a' => 1.0 ), array( 'enum' => array( array( 'a' => 1 ) ) ) );
		$this->assert_all_agree( $cases, 1500 );
	}

	/**
	 * What core changed between 6.8 and 7.1 on the validation path, for the second core
	 * (OtherCores): rest_is_integer() (a regex for integer strings, floor() for the rest),
	 * wp_check_invalid_utf8() (wp_is_valid_utf8() instead of PCRE's /u check; the text-field and
	 * textarea-field formats sanitize through it) and rest_are_values_equal() (array_all()).
	 */
	public function test_what_changed_between_core_versions(): void {
		$numbers = array( '1', '+1', '-1', ' 1 ', "\t1\n", "\v1", "1\v", "\f1\f", "1\r", '01', '-0', '+0', '00', '1.0', '1.5', '1e2', '1e-2', '1E400',
			'99999999999999999999', '-99999999999999999999', '9007199254740993', '9223372036854775808', '0x1A', '1_000', '１', '1 1', '- 1', '',
			1e20, 1e300, 2.0 ** 63, -0.0, 0.5, 4.0, INF, -INF, NAN, PHP_INT_MAX, PHP_INT_MIN );
		$utf8    = array( "\xed\xa0\x80", "\xed\xbf\xbf", "\xc0\xaf", "\xe0\x80\xaf", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80", "\xef\xbf\xbe", "\xef\xbb\xbfa",
			"a\xc3", "\xc3\x28", "\xe2\x82", "\xf0\x9f\x98", "\x80", "ok\x00", "\u{10FFFF}", "\u{FFFD}", 'plain', "\u{D7FF}", "\u{E000}" );
		$cases   = array();
		foreach ( $numbers as $v ) {
			foreach ( array( array( 'type' => 'integer' ), array( 'type' => 'integer', 'minimum' => 0 ), array( 'type' => 'integer', 'multipleOf' => 2 ),
				array( 'type' => array( 'integer', 'string' ) ), array( 'type' => 'integer', 'enum' => array( 1, 0 ) ), array( 'type' => 'number' ) ) as $schema ) {
				$cases[] = array( $v, $schema );
				$cases[] = array( array( $v ), array( 'type' => 'array', 'items' => $schema ) );
			}
		}
		foreach ( $utf8 as $v ) {
			foreach ( array( 'text-field', 'textarea-field', 'email', 'uri' ) as $format ) {
				$cases[] = array( $v, array( 'type' => 'string', 'format' => $format ) );
				$cases[] = array( $v, array( 'type' => 'string', 'format' => $format, 'minLength' => 1 ) );
				$cases[] = array( $v, array( 'type' => 'string', 'format' => $format, 'enum' => array( $v, '' ) ) );
			}
			$cases[] = array( $v, array( 'type' => 'string', 'pattern' => '^.+$' ) );
			$cases[] = array( $v, array( 'type' => 'string', 'maxLength' => 1 ) );
		}
		$nested = array( array( 'a' => array( 1, 2 ) ), array( 'a' => array( 2, 1 ) ), array( 'a' => array( 1, 2 ), 'b' => null ), array( array( 'x' => 1.0 ) ), array( array( 'x' => 1 ) ), array( array() ), array( 'a' => array() ) );
		foreach ( $nested as $v ) {
			$cases[] = array( $v, array( 'enum' => $nested ) );
			$cases[] = array( array( $v, $v ), array( 'type' => 'array', 'uniqueItems' => true ) );
			$cases[] = array( array( $v, $nested[0] ), array( 'type' => 'array', 'uniqueItems' => true ) );
		}
		$this->assert_all_agree( $cases, 700 );
	}

	/**
	 * Found by test_what_changed_between_core_versions: core's maxLength counts with mb_strlen(),
	 * which counts the overlong "\xC0\xAF" as 2 characters; the extension counted 1, so
	 * `{"type":"string","maxLength":1}` accepted it where core (6.8 and 7.1 alike) does not. The
	 * extension now asks PHP's mb_strlen() for any string that is not valid UTF-8.
	 */
	public function test_max_length_of_an_overlong_sequence(): void {
		$schema = array( 'type' => 'string', 'maxLength' => 1 );
		$this->assertNotTrue( rest_validate_value_from_schema( "\xc0\xaf", $schema, 'v' ) );
		$this->assertNotSame( array(), Contract::validate( "\xc0\xaf", $schema ), 'refused as core refuses it' );
		$this->assert_all_agree( array( array( "\xc0\xaf", $schema ), array( "\xc1\xbf", $schema ), array( "\xc0\xaf", array( 'type' => 'string', 'minLength' => 2 ) ) ), 3 );
	}

	/** A site's `is_email` filter changes core's verdict: it must change ours alike. */
	public function test_the_is_email_filter_is_obeyed(): void {
		if ( ! function_exists( 'add_filter' ) ) {
			$this->markTestSkipped( 'WordPress\'s plugin API is not loaded' );
		}
		$block = static fn( $ok, $email ) => str_ends_with( (string) $email, '@blocked.example' ) ? false : $ok;
		$allow = static fn( $ok, $email ) => 'not-an-email' === $email ? $email : $ok;
		$schema = array( 'type' => 'string', 'format' => 'email' );
		$values = array( 'a@blocked.example', 'a@ok.example', 'not-an-email', 'x' );
		add_filter( 'is_email', $block, 10, 2 );
		add_filter( 'is_email', $allow, 11, 2 );
		try {
			$this->assertSame( array( 'format' ), array_column( Contract::validate( 'a@blocked.example', $schema ), 'keyword' ) );
			$this->assertSame( array(), Contract::validate( 'not-an-email', $schema ) );
			$this->assert_all_agree( array_map( static fn( $v ) => array( $v, $schema ), $values ), 4, false );
		} finally {
			remove_filter( 'is_email', $block, 10 );
			remove_filter( 'is_email', $allow, 11 );
		}
		$this->assertSame( array(), Contract::validate( 'a@blocked.example', $schema ) );
		$this->assert_all_agree( array_map( static fn( $v ) => array( $v, $schema ), $values ), 4, false );
	}

	/**
	 * Core's IPv6 check (Requests) calls hexdec() on a group like "[" and PHP reports that as
	 * deprecated: the verdict is core's, but neither implementation may pass the notice on (a
	 * client could fill the site's log with it).
	 */
	public function test_an_ip_check_logs_nothing(): void {
		$schema   = array( 'type' => 'string', 'format' => 'ip' );
		$reported = array();
		set_error_handler(
			static function ( int $level, string $message ) use ( &$reported ): bool {
				$reported[] = $message;
				return true;
			}
		);
		try {
			$verdicts = array_map( static fn( string $ip ) => array_column( Contract::validate( $ip, $schema ), 'keyword' ), array( '[::1]', '1:[2::3', '::1' ) );
		} finally {
			restore_error_handler();
		}
		$this->assertSame( array( array( 'format' ), array( 'format' ), array() ), $verdicts );
		$this->assertSame( array(), $reported );
	}
}
