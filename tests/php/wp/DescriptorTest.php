<?php
/**
 * Tool descriptors: names, annotations, schemas on the wire.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\AnnotationMapper;
use McpNative\Plugin\Json;
use McpNative\Plugin\SiteIdentity;
use McpNative\Plugin\NameSanitizer;

final class DescriptorTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-test/descriptors';

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
	}

	/**
	 * Serves the abilities on a custom server; returns [session, tools by name, raw tools/list body].
	 *
	 * @param list<string> $abilities
	 */
	private function tools_for( array $abilities ): array {
		$this->add_server(
			'descriptors',
			array(
				'namespace' => 'mcpn-test',
				'route'     => 'descriptors',
				'tools'     => $abilities,
			)
		);
		$session  = $this->initialize( self::ROUTE );
		$response = $this->request( self::ROUTE, $session, 'tools/list' );
		$tools    = array();
		foreach ( $this->decoded( $response )['result']['tools'] as $tool ) {
			$tools[ $tool['name'] ] = $tool;
		}
		return array( $session, $tools, $this->wire( $response ) );
	}

	/**
	 * Cases from the official adapter's sanitizer (reference vectors mcp_name_sanitizer.json).
	 *
	 * @dataProvider sanitizer_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'sanitizer_cases' )]
	public function test_name_sanitizer_matches_the_reference( string $input, string|false $expected ): void {
		$actual = NameSanitizer::sanitize( $input );
		if ( false === $expected ) {
			$this->assertInstanceOf( \WP_Error::class, $actual );
			$this->assertSame( 'mcp_name_invalid', $actual->get_error_code() );
			$this->assertSame( 'Unable to derive valid MCP name from: ' . $input, $actual->get_error_message() );
			return;
		}
		$this->assertSame( $expected, $actual );
	}

	/**
	 * A tool lookup sanitizes only the abilities NameSanitizer::may_sanitize_to() lets through: it
	 * must let through every name that sanitizes to the tool name (reference cases, 3 000 random
	 * names over the characters the rules treat differently, a truncated one), and few others.
	 */
	public function test_may_sanitize_to_lets_through_every_name_that_sanitizes_to_the_tool_name(): void {
		$names = array_column( self::sanitizer_cases(), 0 );
		mt_srand( 15 );
		$alphabet = array( 'a', 'b', 'Z', '0', '9', '_', '.', '-', '/', ' ', '@', 'é', "\t", 'ß' );
		for ( $i = 0; $i < 3000; $i++ ) {
			$name = '';
			for ( $j = mt_rand( 1, 12 ); $j > 0; $j-- ) {
				$name .= $alphabet[ mt_rand( 0, count( $alphabet ) - 1 ) ];
			}
			$names[] = $name;
		}
		$names[] = str_repeat( 'ab/', 60 );
		$checked = 0;
		foreach ( $names as $name ) {
			$tool = NameSanitizer::sanitize( $name );
			if ( is_string( $tool ) ) {
				$this->assertTrue( NameSanitizer::may_sanitize_to( $name, NameSanitizer::key( $tool ) ), "'$name' sanitizes to '$tool'" );
				++$checked;
			}
		}
		$this->assertGreaterThan( 2000, $checked );

		$pool = array();
		for ( $i = 0; $i < 500; $i++ ) {
			$pool[] = "bench/tool-$i";
		}
		$pool[] = 'bench-tool/70';
		$pool[] = 'bénch/tool-70';
		$through = static fn( string $tool ) => array_values( array_filter( $pool, static fn( $n ) => NameSanitizer::may_sanitize_to( $n, NameSanitizer::key( $tool ) ) ) );
		$this->assertSame( array( 'bench/tool-70', 'bench-tool/70', 'bénch/tool-70' ), $through( 'bench-tool-70' ) );
		$this->assertSame( array( 'bénch/tool-70' ), $through( 'nothing' ) );
		$this->assertTrue( NameSanitizer::may_sanitize_to( str_repeat( 'a/', 70 ), 'x' ), 'a name long enough to be truncated' );
		$this->assertFalse( NameSanitizer::may_sanitize_to( 'My_Plugin/Tool.x', NameSanitizer::key( 'my-plugin-tool-x' ) ), 'case and _ . are kept' );
		$this->assertTrue( NameSanitizer::may_sanitize_to( '__My_Plugin/Tool.x@', NameSanitizer::key( 'My_Plugin-Tool.x' ) ) );
	}

	public static function sanitizer_cases(): array {
		return array(
			'valid'            => array( 'my-tool', 'my-tool' ),
			'dot'              => array( 'foo.bar', 'foo.bar' ),
			'slash'            => array( 'posts/create', 'posts-create' ),
			'two slashes'      => array( 'namespace/tool/action', 'namespace-tool-action' ),
			'spaces'           => array( 'create new post', 'create-new-post' ),
			'run collapsed'    => array( 'foo@@@bar', 'foo-bar' ),
			'valid kept'       => array( '-my-tool-', '-my-tool-' ),
			'edges trimmed'    => array( '@@my-tool@@', 'my-tool' ),
			'whitespace'       => array( "\tmy-tool\n", 'my-tool' ),
			'accents'          => array( 'créer-post', 'creer-post' ),
			'mixed unicode'    => array( 'über-café-naïve', 'uber-cafe-naive' ),
			'eszett'           => array( 'straße', 'strase' ),
			'leading digits'   => array( '!!!123tool', '123tool' ),
			'mixed invalid'    => array( 'foo$bar%baz', 'foo-bar-baz' ),
			'real world'       => array( '  my-plugin/create post  ', 'my-plugin-create-post' ),
			'underscore edges' => array( '_a b_', 'a-b' ),
			'valid underscore' => array( '_ab_', '_ab_' ),
			'trailing invalid' => array( 'tool_!', 'tool' ),
			'exactly 128'      => array( str_repeat( 'a', 128 ), str_repeat( 'a', 128 ) ),
			'200 truncated'    => array( str_repeat( 'a', 200 ), str_repeat( 'a', 115 ) . '-887f30b43b28' ),
			'129 truncated'    => array( str_repeat( 'a', 129 ), str_repeat( 'a', 115 ) . '-b325dc1c6f5e' ),
			'empty'            => array( '', false ),
			'blank'            => array( '   ', false ),
			'only invalid'     => array( '!!!', false ),
			'cjk'              => array( '工具', false ),
			'only hyphens'     => array( '---', '---' ),
		);
	}

	/**
	 * Cases from the reference annotation mapper (mcp_annotation_mapper.json, tool feature).
	 *
	 * @dataProvider annotation_cases
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'annotation_cases' )]
	public function test_annotation_mapper_matches_the_reference( array $annotations, array $expected ): void {
		$this->assertSame( $expected, AnnotationMapper::map_tool( $annotations ) );
	}

	public static function annotation_cases(): array {
		return array(
			'all'                => array(
				array( 'readonly' => true, 'destructive' => false, 'idempotent' => true, 'openWorldHint' => false, 'title' => 'Tool Title' ),
				array( 'readOnlyHint' => true, 'destructiveHint' => false, 'idempotentHint' => true, 'openWorldHint' => false, 'title' => 'Tool Title' ),
			),
			'mcp name kept'      => array( array( 'readOnlyHint' => false ), array( 'readOnlyHint' => false ) ),
			'wp name wins'       => array( array( 'readOnlyHint' => false, 'readonly' => true ), array( 'readOnlyHint' => true ) ),
			'null falls back'    => array( array( 'readonly' => null, 'readOnlyHint' => true ), array( 'readOnlyHint' => true ) ),
			'invalid masks'      => array( array( 'readonly' => 'yes', 'readOnlyHint' => true ), array() ),
			'int 1'              => array( array( 'readonly' => 1 ), array( 'readOnlyHint' => true ) ),
			'string TRUE padded' => array( array( 'readonly' => ' TRUE ' ), array( 'readOnlyHint' => true ) ),
			'string false'       => array( array( 'readonly' => 'false', 'destructive' => 'FALSE', 'idempotent' => 'False' ), array( 'readOnlyHint' => false, 'destructiveHint' => false, 'idempotentHint' => false ) ),
			'float 1.0 dropped'  => array( array( 'readonly' => 1.0 ), array() ),
			'int 2 dropped'      => array( array( 'readonly' => 2 ), array() ),
			'on dropped'         => array( array( 'readonly' => 'on' ), array() ),
			'core null defaults' => array( array( 'readonly' => null, 'destructive' => null, 'idempotent' => null ), array() ),
			'resource fields'    => array( array( 'audience' => array( 'user' ), 'priority' => 0.5, 'readOnlyHint' => true ), array( 'readOnlyHint' => true ) ),
			'title trimmed'      => array( array( 'title' => '  untrimmed  ' ), array( 'title' => 'untrimmed' ) ),
			'title numeric'      => array( array( 'title' => 123 ), array( 'title' => '123' ) ),
			'title blank'        => array( array( 'title' => '   ' ), array() ),
			'no openworld alias' => array( array( 'openworld' => true, 'open_world' => true ), array() ),
		);
	}

	public function test_descriptor_fields_from_the_ability(): void {
		$this->register_test_ability(
			'mcpn-test/annotated',
			array(
				'label'       => '  Annotated Ability  ',
				'description' => '  Does things.  ',
				'input_schema' => array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string' ) ) ),
				'meta'        => array(
					'annotations' => array( 'readonly' => false, 'destructive' => true, 'idempotent' => false, 'openWorldHint' => true ),
					'mcp'         => array(
						'_meta' => array( 'vendor' => array( 'flag' => true ) ),
						'icons' => array(
							array( 'src' => 'https://example.com/i.png', 'mimeType' => 'image/png', 'sizes' => array( '32x32' ) ),
							array( 'mimeType' => 'image/png' ),
						),
					),
				),
			)
		);
		$this->register_test_ability( 'mcpn-test/plain' );
		[ , $tools ] = $this->tools_for( array( 'mcpn-test/annotated', 'mcpn-test/plain' ) );

		$tool = $tools['mcpn-test-annotated'];
		$this->assertSame( array( 'name', 'title', 'description', 'inputSchema', 'annotations', '_meta', 'icons' ), array_keys( $tool ) );
		$this->assertSame( 'Annotated Ability', $tool['title'] );
		$this->assertSame( 'Does things.', $tool['description'] );
		$this->assertSame(
			array( 'readOnlyHint' => false, 'destructiveHint' => true, 'idempotentHint' => false, 'openWorldHint' => true, 'title' => 'Annotated Ability' ),
			$tool['annotations']
		);
		$this->assertSame( array( 'vendor' => array( 'flag' => true ) ), $tool['_meta'] );
		$this->assertSame( array( array( 'src' => 'https://example.com/i.png', 'mimeType' => 'image/png', 'sizes' => array( '32x32' ) ) ), $tool['icons'] );
		$this->assertNotEmpty( $this->logged_containing( 'Invalid icon skipped' ) );

		// Core's null annotation defaults give no annotations, and no output schema gives no outputSchema.
		$plain = $tools['mcpn-test-plain'];
		$this->assertArrayNotHasKey( 'annotations', $plain );
		$this->assertArrayNotHasKey( 'outputSchema', $plain );
		$this->assertArrayNotHasKey( '_meta', $plain );
	}

	public function test_empty_properties_are_objects_on_the_wire_at_any_depth(): void {
		$this->register_test_ability(
			'mcpn-test/nested-empty',
			array(
				'input_schema'  => array(
					'type'       => 'object',
					'properties' => array(
						'options'    => array( 'type' => 'object', 'properties' => array() ),
						'properties' => array( 'type' => 'string' ), // a property merely NAMED "properties"
						'list'       => array( 'type' => 'array', 'items' => array( 'type' => 'object', 'properties' => array() ) ),
					),
				),
				'output_schema' => array( 'type' => 'object', 'properties' => array() ),
			)
		);
		$this->register_test_ability( 'mcpn-test/no-schema' );
		[ , $tools, $wire ] = $this->tools_for( array( 'mcpn-test/nested-empty', 'mcpn-test/no-schema' ) );

		$this->assertStringNotContainsString( '"properties":[]', $wire );
		// A nested empty `properties` is either dropped or sent as {} (the contract decides), never [].
		$this->assertMatchesRegularExpression( '/"options":\{"type":"object"(,"properties":\{\})?\}/', $wire );
		$this->assertStringContainsString( '"properties":{"type":"string"}', $wire );
		$this->assertMatchesRegularExpression( '/"items":\{"type":"object"(,"properties":\{\})?\}/', $wire );
		$this->assertStringContainsString( '"outputSchema":{"type":"object","properties":{}}', $wire );
		// Without an input schema the only property is the contract's optional site_id (issue 4).
		$this->assertStringContainsString( '{"name":"mcpn-test-no-schema","title":"mcpn-test/no-schema","description":"Test ability mcpn-test/no-schema.","inputSchema":{"type":"object","properties":{"site_id":' . Json::encode( SiteIdentity::argument_schema() ) . '}}}', $wire );
		foreach ( $tools as $tool ) {
			$this->assertSame( 'object', $tool['inputSchema']['type'] );
		}
	}

	public function test_wordpress_style_required_flags_become_a_required_list(): void {
		$this->register_test_ability(
			'mcpn-test/wp-required',
			array(
				'input_schema' => array(
					'type'       => 'object',
					'properties' => array(
						'id'    => array( 'type' => 'integer', 'required' => true ),
						'title' => array( 'type' => 'string', 'required' => false ),
					),
				),
			)
		);
		[ , $tools ] = $this->tools_for( array( 'mcpn-test/wp-required' ) );
		$schema = $tools['mcpn-test-wp-required']['inputSchema'];
		$this->assertSame( array( 'id' ), $schema['required'] );
		$this->assertSame( array( 'type' => 'integer' ), $schema['properties']['id'] );
		$this->assertSame( array( 'type' => 'string' ), $schema['properties']['title'] );
	}

	public function test_json_schema_keywords_are_kept(): void {
		$this->register_test_ability(
			'mcpn-test/rich',
			array(
				'input_schema' => array(
					'type'                 => 'object',
					'description'          => 'top',
					'additionalProperties' => false,
					'properties'           => array(
						'mode' => array( 'type' => 'string', 'enum' => array( 'a', 'b' ), 'default' => 'a' ),
					),
				),
			)
		);
		[ , $tools ] = $this->tools_for( array( 'mcpn-test/rich' ) );
		$schema = $tools['mcpn-test-rich']['inputSchema'];
		$this->assertSame( 'top', $schema['description'] );
		$this->assertFalse( $schema['additionalProperties'] );
		$this->assertSame( array( 'type' => 'string', 'enum' => array( 'a', 'b' ), 'default' => 'a' ), $schema['properties']['mode'] );
	}

	/** A schema with everything the wire encoding has a rule for. */
	private static function tricky_schema( object $secret ): array {
		return array(
			'type'              => 'object',
			'validate_callback' => $secret,
			'properties'        => array(
				'id'      => array( 'type' => 'integer', 'required' => true, 'sanitize_callback' => $secret ),
				'any'     => array(),
				'opts'    => array( 'type' => 'object', 'properties' => array(), 'required' => true ),
				'tuple'   => array( 'type' => 'array', 'items' => array( array( 'type' => 'string' ), array() ) ),
				'numeric' => array( 'type' => 'object', 'properties' => array( array( 'type' => 'string' ) ) ),
				'enum'    => array( 'type' => 'string', 'enum' => array( 'a' ), 'default' => 'a', 'arg_options' => array( 'x' => 1 ) ),
			),
			'dependencies'      => array( 'id' => array( 'opts' ), 'opts' => array() ),
			'required'          => array( 'any' ),
		);
	}

	private const TRICKY_WIRE = '{"type":"object","properties":{"id":{"type":"integer"},"any":{},"opts":{"type":"object"},"tuple":{"type":"array","items":[{"type":"string"},{}]},"numeric":{"type":"object","properties":{"0":{"type":"string"}}},"enum":{"type":"string","enum":["a"],"default":"a"}},"dependencies":{"id":["opts"],"opts":{}},"required":["any","id","opts"]}';

	public function test_one_wire_encoding_for_tools_list_and_get_ability_info_identical_in_both_implementations(): void {
		$secret = new class() {
			public string $api_key = 'sk-leaked-secret';

			public function __invoke( $value ) {
				return $value;
			}
		};
		$this->register_test_ability(
			'mcpn-test/tricky',
			array(
				'input_schema'  => self::tricky_schema( $secret ),
				'output_schema' => array( 'type' => 'string', 'validate_callback' => $secret ),
				'meta'          => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		[ , , $wire ] = $this->tools_for( array( 'mcpn-test/tricky' ) );
		$this->assertStringNotContainsString( 'sk-leaked-secret', $wire );
		// The same bytes whichever implementation runs (this suite runs on both).
		$listed = str_replace( '"default":"a"}}', '"default":"a"},"site_id":' . Json::encode( SiteIdentity::argument_schema() ) . '}', self::TRICKY_WIRE );
		$this->assertStringContainsString( '"inputSchema":' . $listed . ',', $wire );
		$this->assertStringContainsString( '"outputSchema":{"type":"object","properties":{"result":{"type":"string"}},"required":["result"]}', $wire );

		$response = $this->request( self::DEFAULT_ROUTE, $this->initialize(), 'tools/call', array( 'name' => 'mcp-adapter-get-ability-info', 'arguments' => array( 'ability_name' => 'mcpn-test/tricky' ) ) );
		$info     = $this->wire( $response );
		$this->assertStringNotContainsString( 'sk-leaked-secret', $info );
		$this->assertStringNotContainsString( 'callback', $info );
		$this->assertStringContainsString( '"input_schema":' . self::TRICKY_WIRE . ',"output_schema":{"type":"string"},', $info );
	}
}
