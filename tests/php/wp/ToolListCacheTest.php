<?php
/**
 * tools/list from the worker's cache (Tools\ToolListCache): the same bytes as a list built on
 * the request, a new entry for every change of what the list is made of, no cache where a
 * filter makes the list.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Contract;
use McpNative\Plugin\Tools\ToolListCache;

final class ToolListCacheTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-test/cached';

	private string $session = '';

	/** The arguments of mcpn-cache/object; a change case overrides one of them. */
	private static function object_args( array $override = array() ): array {
		return $override + array(
			'label'         => 'Object',
			'description'   => 'Counts things.',
			'input_schema'  => array(
				'type'       => 'object',
				'properties' => array(
					'title' => array( 'type' => 'string', 'minLength' => 1, 'sanitize_callback' => 'sanitize_text_field' ),
					'count' => array( 'type' => 'integer', 'required' => true ),
					'tags'  => array( 'type' => 'array', 'items' => array( 'type' => 'string' ) ),
				),
			),
			'output_schema' => array( 'type' => 'string' ),
			'meta'          => array( 'annotations' => array( 'readonly' => true ) ),
		);
	}

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->register_test_ability( 'mcpn-cache/object', self::object_args() );
		$this->register_test_ability( 'mcpn-cache/flat', array( 'input_schema' => array( 'type' => 'string', 'enum' => array( 'a', 'b' ) ) ) );
		$this->register_test_ability( 'mcpn-cache/none' );
		$this->add_server(
			'cached',
			array(
				'namespace' => 'mcpn-test',
				'route'     => 'cached',
				'tools'     => array( 'mcpn-cache/object', 'mcpn-cache/flat', 'mcpn-cache/none', 'mcpn-cache/not-registered' ),
			)
		);
		$this->session = $this->initialize( self::ROUTE );
	}

	/** The tools/list body on the wire, from a new request (its own REST server and MCP servers). */
	private function listed( array $params = array() ): string {
		$GLOBALS['wp_rest_server'] = null;
		$response = $this->request( self::ROUTE, $this->session, 'tools/list', array() === $params ? null : $params );
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		return $this->wire( $response );
	}

	/** The same list built on this request (the cache turned off for it). */
	private function built( array $params = array() ): string {
		add_filter( 'mcp_native_cache_tool_list', '__return_false' );
		try {
			return $this->listed( $params );
		} finally {
			remove_filter( 'mcp_native_cache_tool_list', '__return_false' );
		}
	}

	/** @return array{hits: int, misses: int, entries: int} */
	private function counters(): array {
		$info = \McpNative\cache_info();
		return array(
			'hits'    => $info['hits'],
			'misses'  => $info['misses'],
			'entries' => $info['entries'],
		);
	}

	private function require_native(): void {
		if ( ! Contract::is_native() ) {
			$this->markTestSkipped( 'the worker\'s in-memory store is the extension\'s: the PHP fallback keeps lists in an option (the cases below)' );
		}
	}

	public function test_a_cached_list_is_byte_for_byte_the_built_one(): void {
		$built = $this->built();
		$this->assertStringContainsString( '"name":"mcpn-cache-object"', $built );
		$this->assertStringContainsString( '"input":{"type":"string","enum":["a","b"]}', $built, 'the flattened schema is wrapped' );
		$first  = $this->listed(); // builds and keeps it (extension)
		$second = $this->listed(); // from the cache (extension)
		$this->assertSame( $built, $first );
		$this->assertSame( $built, $second );
		$this->assertSame( json_decode( $built, true ), json_decode( $second, true ), 'and it decodes to the same value' );
		if ( Contract::is_native() ) {
			$this->assertNotNull( ToolListCache::key( \McpNative\Plugin\Plugin::registry()->get_server( 'cached' ) ), 'this list is cacheable' );
		}
	}

	public function test_the_second_request_is_served_from_the_cache(): void {
		$this->require_native();
		$before = $this->counters();
		$this->listed();
		$after_first = $this->counters();
		$this->assertSame( $before['misses'] + 1, $after_first['misses'], 'the first list is a miss' );
		$this->assertSame( $before['entries'] + 1, $after_first['entries'], 'and is kept' );
		$this->listed();
		$after_second = $this->counters();
		$this->assertSame( $after_first['hits'] + 1, $after_second['hits'], 'the second is a hit' );
		$this->assertSame( $after_first['misses'], $after_second['misses'] );
	}

	/** @return array<string, array{0: \Closure}> Each changes one thing a listed tool is made of. */
	public static function changes(): array {
		$reregister = static function ( TestCase $test, array $override ): void {
			$test->abilities_registry()->unregister( 'mcpn-cache/object' );
			$test->register_test_ability( 'mcpn-cache/object', self::object_args( $override ) );
		};
		return array(
			'the label'                  => array( static fn( TestCase $t ) => $reregister( $t, array( 'label' => 'Renamed' ) ) ),
			'the description'            => array( static fn( TestCase $t ) => $reregister( $t, array( 'description' => 'Changed.' ) ) ),
			'a keyword deep in a schema' => array(
				static function ( TestCase $t ) use ( $reregister ): void {
					$schema = self::object_args()['input_schema'];
					$schema['properties']['tags']['items']['maxLength'] = 9;
					$reregister( $t, array( 'input_schema' => $schema ) );
				},
			),
			'a default added'            => array(
				static function ( TestCase $t ) use ( $reregister ): void {
					$schema = self::object_args()['input_schema'];
					$schema['properties']['title']['default'] = '1';
					$reregister( $t, array( 'input_schema' => $schema ) );
				},
			),
			'the output schema'          => array( static fn( TestCase $t ) => $reregister( $t, array( 'output_schema' => array( 'type' => 'integer' ) ) ) ),
			'the annotations'            => array( static fn( TestCase $t ) => $reregister( $t, array( 'meta' => array( 'annotations' => array( 'readonly' => false ) ) ) ) ),
			'the tool meta'              => array( static fn( TestCase $t ) => $reregister( $t, array( 'meta' => array( 'annotations' => array( 'readonly' => true ), 'mcp' => array( '_meta' => array( 'ui' => 'x' ) ) ) ) ) ),
			'an ability registered late' => array( static fn( TestCase $t ) => $t->register_test_ability( 'mcpn-cache/not-registered' ) ),
			'an ability unregistered'    => array( static fn( TestCase $t ) => $t->abilities_registry()->unregister( 'mcpn-cache/flat' ) ),
		);
	}

	/**
	 * @dataProvider changes
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'changes' )]
	public function test_every_change_of_what_the_list_is_made_of_shows_at_once( \Closure $change ): void {
		$this->listed();
		$kept = $this->listed();
		$change( $this );
		$after = $this->listed();
		$this->assertNotSame( $kept, $after, 'the change shows' );
		$this->assertSame( $this->built(), $after, 'and the list is the one built on this request' );
	}

	public function test_a_string_that_becomes_the_same_number_shows(): void {
		$with_default = function ( mixed $default ): void {
			$schema                                   = self::object_args()['input_schema'];
			$schema['properties']['title']['default'] = $default;
			$this->abilities_registry()->unregister( 'mcpn-cache/object' );
			$this->register_test_ability( 'mcpn-cache/object', self::object_args( array( 'input_schema' => $schema ) ) );
		};
		$with_default( '1' );
		$this->listed();
		$this->assertStringContainsString( '"default":"1"', $this->listed() );
		$with_default( 1 );
		$this->assertStringContainsString( '"default":1', $this->listed() );
	}

	public function test_a_filter_that_makes_the_list_turns_the_cache_off_for_it(): void {
		$this->listed();
		$this->listed();
		add_filter( 'mcp_native_tool_name', static fn( $name ) => 'mcpn-cache-object' === $name ? 'renamed-by-filter' : $name );
		$this->assertStringContainsString( '"name":"renamed-by-filter"', $this->listed() );
		remove_all_filters( 'mcp_native_tool_name' );

		add_filter( 'mcp_native_tools_list', static fn( $tools ) => array_slice( $tools, 0, 1 ) );
		$this->assertCount( 1, json_decode( $this->listed(), true )['result']['tools'] );
		remove_all_filters( 'mcp_native_tools_list' );

		add_filter( 'mcp_native_server_tools', static fn( $tools ) => array_slice( $tools, -1, 1, true ) );
		$this->assertCount( 1, json_decode( $this->listed(), true )['result']['tools'] );
		remove_all_filters( 'mcp_native_server_tools' );

		$this->assertSame( $this->built(), $this->listed(), 'and back to the full list' );
		if ( Contract::is_native() ) {
			$server = \McpNative\Plugin\Plugin::registry()->get_server( 'cached' );
			add_filter( 'mcp_native_tools_list', static fn( $tools ) => $tools );
			$this->assertNull( ToolListCache::key( $server ), 'any callback on a list filter: no key' );
		}
	}

	public function test_pages_from_the_cache_are_the_built_pages_with_working_cursors(): void {
		add_filter( 'mcp_native_page_size', static fn() => 2 );
		$built_first = $this->built();
		$this->listed();
		$first = $this->listed();
		$this->assertSame( $built_first, $first );
		$cursor = json_decode( $first, true )['result']['nextCursor'] ?? null;
		$this->assertIsString( $cursor, 'a second page' );
		$second = $this->listed( array( 'cursor' => $cursor ) );
		$this->assertSame( $this->built( array( 'cursor' => $cursor ) ), $second );
		$names = array_merge( array_column( json_decode( $first, true )['result']['tools'], 'name' ), array_column( json_decode( $second, true )['result']['tools'], 'name' ) );
		$this->assertSame( array( 'mcpn-cache-object', 'mcpn-cache-flat', 'mcpn-cache-none' ), array_slice( $names, 0, 3 ) );
	}

	public function test_a_schema_holding_an_object_other_than_stdclass_is_not_cached(): void {
		$this->abilities_registry()->unregister( 'mcpn-cache/flat' );
		$this->register_test_ability(
			'mcpn-cache/flat',
			array(
				'input_schema' => array(
					'type' => 'string',
					'enum' => new \ArrayObject( array( 'x' ) ), // no fixed JSON form the cache could key
				),
			)
		);
		$server = \McpNative\Plugin\Plugin::registry()->get_server( 'cached' );
		$this->listed();
		$this->assertNull( ToolListCache::key( $server ), 'no key, with the extension or without' );
		if ( Contract::is_native() ) {
			$before = $this->counters();
			$this->listed();
			$this->assertSame( $before, $this->counters(), 'neither a hit nor a miss: not looked up' );
		}
	}

	public function test_a_schema_nested_deeper_than_max_depth_is_not_cached_by_either(): void {
		$server = \McpNative\Plugin\Plugin::registry()->get_server( 'cached' );
		$this->assertNotNull( ToolListCache::key( $server ) );
		$deep = array( 'type' => 'string' );
		for ( $i = 0; $i < \McpNative\MAX_DEPTH; $i++ ) {
			$deep = array( 'type' => 'array', 'items' => $deep );
		}
		$this->abilities_registry()->unregister( 'mcpn-cache/flat' );
		$this->register_test_ability( 'mcpn-cache/flat', array( 'input_schema' => $deep ) );
		$this->assertNull( ToolListCache::key( $server ), 'the same limit as the extension\'s fingerprint' );
		$this->assertStringNotContainsString( 'mcpn-cache-flat', $this->listed(), 'the ability is skipped (and logged on every list)' );
	}

	/** The option that holds the 'cached' server's list without the extension. */
	private static function option_name(): string {
		return ToolListCache::OPTION_PREFIX . substr( md5( 'cached' ), 0, 16 );
	}

	private function require_fallback(): void {
		if ( Contract::is_native() ) {
			$this->markTestSkipped( 'the extension keeps lists in the worker\'s memory (the cases above)' );
		}
	}

	public function test_without_the_extension_the_list_is_kept_in_an_option(): void {
		$this->require_fallback();
		delete_option( self::option_name() );
		$built = $this->built();
		$this->assertFalse( get_option( self::option_name() ), 'a list built with the cache off is not written' );
		$this->assertSame( $built, $this->listed() );
		$row = get_option( self::option_name() );
		$this->assertIsString( $row );
		$this->assertStringStartsWith( ToolListCache::key( \McpNative\Plugin\Plugin::registry()->get_server( 'cached' ) ) . ' ', $row );
		global $wpdb;
		$autoload = $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", self::option_name() ) );
		$this->assertContains( $autoload, array( 'no', 'off' ), 'not loaded on every request of the site' );
		$this->assertSame( $built, $this->listed(), 'read back: the same bytes' );
		// Served from the row: a text changed in it shows (the key still matches).
		$this->assertStringContainsString( 'Counts things.', $row );
		update_option( self::option_name(), str_replace( 'Counts things.', 'Read from the option.', $row ), false );
		try {
			$this->assertStringContainsString( 'Read from the option.', $this->listed() );
		} finally {
			update_option( self::option_name(), $row, false );
		}
	}

	public function test_without_the_extension_a_list_that_keeps_changing_is_not_written_every_time(): void {
		$this->require_fallback();
		delete_option( self::option_name() );
		$this->listed();
		$first = get_option( self::option_name() );
		$this->assertIsString( $first );
		$this->abilities_registry()->unregister( 'mcpn-cache/object' );
		$this->register_test_ability( 'mcpn-cache/object', self::object_args( array( 'label' => 'Renamed' ) ) );
		$after = $this->listed();
		$this->assertStringContainsString( 'Renamed', $after );
		$this->assertSame( $this->built(), $after, 'the changed list is served' );
		$this->assertSame( $first, get_option( self::option_name() ), 'but not written again within REWRITE_AFTER seconds' );
		// Once the row is older than that, the new list replaces it.
		list( $head, $texts ) = explode( "\n", $first, 2 );
		update_option( self::option_name(), explode( ' ', $head )[0] . ' ' . ( time() - ToolListCache::REWRITE_AFTER - 1 ) . "\n" . $texts, false );
		$this->listed();
		$this->assertStringStartsWith( ToolListCache::key( \McpNative\Plugin\Plugin::registry()->get_server( 'cached' ) ) . ' ', (string) get_option( self::option_name() ) );
		$this->assertSame( $this->built(), $this->listed() );
	}

	public function test_the_two_revisions_and_the_default_server_get_the_same_lists_from_the_cache(): void {
		$modern = function (): string {
			$GLOBALS['wp_rest_server'] = null;
			$response = $this->post(
				self::ROUTE,
				array(
					'jsonrpc' => '2.0',
					'id'      => 3,
					'method'  => 'tools/list',
					'params'  => array(
						'_meta' => array(
							'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
							'io.modelcontextprotocol/clientCapabilities' => new \stdClass(),
							'io.modelcontextprotocol/clientInfo'         => array( 'name' => 'phpunit', 'version' => '1' ),
						),
					),
				),
				array(
					'MCP-Protocol-Version' => '2026-07-28',
					'Mcp-Method'           => 'tools/list',
				)
			);
			$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
			return $this->wire( $response );
		};
		$first  = $modern();
		$second = $modern();
		$this->assertSame( $first, $second );
		$this->assertStringContainsString( '"name":"mcpn-cache-object"', $second );

		$default = $this->initialize();
		$a       = $this->wire( $this->request( self::DEFAULT_ROUTE, $default, 'tools/list' ) );
		$GLOBALS['wp_rest_server'] = null;
		$b       = $this->wire( $this->request( self::DEFAULT_ROUTE, $default, 'tools/list' ) );
		$this->assertSame( $a, $b );
		$this->assertStringContainsString( 'mcp-adapter-discover-abilities', $b );
	}
}
