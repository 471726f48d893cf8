<?php
use McpNative\Plugin\Resources\UriTemplate;
use McpNative\Tests\Generated;
use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__, 3 ) . '/wp-plugin/includes/Resources/UriTemplate.php';

/**
 * RFC 6570 levels 1-2 as resource templates use them (issue 13): what parses, what matches, and
 * that no URI a client sends can make matching throw, warn or take long.
 */
final class UriTemplateTest extends TestCase {

	public static function refused_templates(): iterable {
		yield 'no scheme'               => array( 'posts/{id}' );
		yield 'no variable'             => array( 'wordpress://posts' );
		yield 'level 3 operator'        => array( 'wordpress://posts{/id}' );
		yield 'query operator'          => array( 'wordpress://posts{?id}' );
		yield 'several variables'       => array( 'wordpress://posts/{a,b}' );
		yield 'prefix modifier'         => array( 'wordpress://posts/{id:3}' );
		yield 'explode modifier'        => array( 'wordpress://posts/{id*}' );
		yield 'adjacent expressions'    => array( 'wordpress://posts/{a}{b}' );
		yield 'repeated variable'       => array( 'wordpress://{a}/{a}' );
		yield 'unbalanced brace'        => array( 'wordpress://posts/{id' );
		yield 'space in literal'        => array( 'wordpress://po sts/{id}' );
		yield 'empty expression'        => array( 'wordpress://posts/{}' );
		yield 'too many variables'      => array( 'x://' . implode( '/', array_map( static fn( $i ) => '{v' . $i . '}', range( 1, 17 ) ) ) );
		yield 'too long'                => array( 'x://{a}/' . str_repeat( 'a', 2000 ) );
	}

	/** @dataProvider refused_templates */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'refused_templates' )]
	public function test_templates_outside_levels_1_and_2_are_refused( string $template ): void {
		$this->expectException( InvalidArgumentException::class );
		UriTemplate::parse( $template );
	}

	public static function match_cases(): iterable {
		yield 'simple'             => array( 'wordpress://posts/{id}', 'wordpress://posts/42', array( 'id' => '42' ) );
		yield 'percent-decoded'    => array( 'wordpress://posts/{id}', 'wordpress://posts/caf%C3%A9%20au%20lait', array( 'id' => 'café au lait' ) );
		yield 'two variables'      => array( 'wordpress://{type}/{id}/data', 'wordpress://page/7/data', array( 'type' => 'page', 'id' => '7' ) );
		yield 'reserved spans /'   => array( 'file:///{+path}', 'file:///a/b/c.txt', array( 'path' => 'a/b/c.txt' ) );
		yield 'fragment'           => array( 'doc://{name}{#section}', 'doc://guide#intro', array( 'name' => 'guide', 'section' => 'intro' ) );
		yield 'regex characters'   => array( 'x://a.b(c)/{id}', 'x://a.b(c)/1', array( 'id' => '1' ) );
		yield 'simple stops at /'  => array( 'wordpress://posts/{id}', 'wordpress://posts/1/2', null );
		yield 'literal must match' => array( 'x://a.b/{id}', 'x://aXb/1', null );
		yield 'empty value'        => array( 'wordpress://posts/{id}', 'wordpress://posts/', null );
		yield 'NUL encoded'        => array( 'wordpress://posts/{id}', 'wordpress://posts/%00', null );
		yield 'invalid UTF-8'      => array( 'wordpress://posts/{id}', 'wordpress://posts/%C3%28', null );
		yield 'control byte'       => array( 'wordpress://posts/{id}', "wordpress://posts/1\x01", null );
		yield 'too long'           => array( 'wordpress://posts/{+id}', 'wordpress://posts/' . str_repeat( 'a', UriTemplate::MAX_URI_LENGTH ), null );
	}

	/** @dataProvider match_cases */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'match_cases' )]
	public function test_match( string $template, string $uri, ?array $expected ): void {
		$this->assertSame( $expected, UriTemplate::parse( $template )->match( $uri ) );
	}

	public function test_is_template(): void {
		$this->assertTrue( UriTemplate::is_template( 'wordpress://posts/{id}' ) );
		$this->assertFalse( UriTemplate::is_template( 'wordpress://posts/1' ) );
	}

	/**
	 * Random URIs against templates built to backtrack: never an exception, a warning or a slow match.
	 *
	 * @group slow-under-valgrind
	 */
	#[\PHPUnit\Framework\Attributes\Group( 'slow-under-valgrind' )]
	public function test_hostile_uris_never_throw_warn_or_take_long(): void {
		$templates = array(
			UriTemplate::parse( 'x://{a}-{b}-{c}-{d}-{e}-{f}z{g}' ),
			UriTemplate::parse( 'x://{+a}/{+b}/{+c}/{+d}.end' ),
			UriTemplate::parse( 'wordpress://posts/{id}{#frag}' ),
		);
		$alphabet = array( 'a', '-', '/', '%', '%0', '%00', '%FF', 'z', '.', '#', '?', '{', '}', "\n", '€', 'end', 'x://', 'wordpress://posts/' );
		mt_srand( 13 );
		$started = microtime( true );
		for ( $i = 0, $generated = Generated::cases( 3000 ); $i < $generated; $i++ ) {
			$uri = '';
			for ( $n = mt_rand( 0, 400 ); $n > 0; $n-- ) {
				$uri .= $alphabet[ mt_rand( 0, count( $alphabet ) - 1 ) ];
			}
			foreach ( $templates as $template ) {
				$result = $template->match( $uri );
				$this->assertTrue( null === $result || is_array( $result ) );
			}
		}
		$worst = 'x://' . str_repeat( 'a-', 2040 );
		foreach ( $templates as $template ) {
			$this->assertNull( $template->match( $worst ) );
		}
		// Generous bound on a shared 2-core machine; a backtracking pattern takes minutes here.
		$this->assertLessThan( 20.0, microtime( true ) - $started );
	}
}
