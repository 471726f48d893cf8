<?php
/**
 * Resources, resource templates, prompts, completions and pagination (issue 13).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\Pagination\Cursor;

final class ResourcesPromptsTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-rp/mcp';

	/** A 1x1 PNG. */
	private const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

	/** @var list<mixed> inputs received by the abilities */
	private array $received = array();

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->received = array();
	}

	/**
	 * A custom server serving the given abilities; returns a session.
	 *
	 * @param array<string, mixed> $config resources, prompts, tools.
	 */
	private function serve( array $config ): string {
		$this->add_server(
			'rp-server',
			$config + array(
				'namespace' => 'mcpn-rp',
				'route'     => 'mcp',
			)
		);
		return $this->initialize( self::ROUTE );
	}

	private function result( string $session, string $method, ?array $params = null, string $route = self::ROUTE ): array {
		$response = $this->request( $route, $session, $method, $params );
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		$body = $this->decoded( $response );
		$this->assertArrayHasKey( 'result', $body, $this->wire( $response ) );
		return $body['result'];
	}

	/**
	 * Registers an ability of an MCP type whose callback records its input and returns `$returns`
	 * (called with the input when callable).
	 *
	 * @param array<string, mixed> $mcp   meta.mcp (type added).
	 * @param array<string, mixed> $extra Other registration args.
	 */
	private function typed_ability( string $type, string $name, mixed $returns, array $extra, array $mcp ): void {
		$this->register_test_ability(
			$name,
			$extra + array(
				'execute_callback' => function ( $input = null ) use ( $returns ) {
					$this->received[] = $input;
					return is_callable( $returns ) ? $returns( $input ) : $returns;
				},
				'meta'             => array( 'mcp' => $mcp + array( 'type' => $type ) ),
			)
		);
	}

	private function resource( string $name, array $mcp, mixed $returns, array $extra = array() ): void {
		$this->typed_ability( 'resource', $name, $returns, $extra, $mcp );
	}

	private function prompt( string $name, mixed $returns, array $extra = array(), array $mcp = array() ): void {
		$this->typed_ability( 'prompt', $name, $returns, $extra, $mcp );
	}

	// ------------------------------------------------------------------ capabilities

	public function test_initialize_declares_resources_prompts_and_completions(): void {
		$response = $this->post( self::DEFAULT_ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25' ) ) );
		$wire     = $this->wire( $response );
		$this->assertStringContainsString( '"resources":{"subscribe":false,"listChanged":false}', $wire );
		$this->assertStringContainsString( '"prompts":{"listChanged":false}', $wire );
		$this->assertStringContainsString( '"completions":{}', $wire );
	}

	// ------------------------------------------------------------------ resources

	public function test_resources_list_with_adapter_meta_keys(): void {
		$this->resource(
			'mcpn-rp/config',
			array(
				'uri'         => 'wordpress://site/config',
				'mimeType'    => 'application/json',
				'size'        => 120,
				'annotations' => array( 'audience' => array( 'user', 'assistant' ), 'priority' => 0.8, 'lastModified' => '2024-01-15T10:30:00Z' ),
				'_meta'       => array( 'vendor/x' => 1 ),
			),
			array( 'a' => 1 ),
			array( 'label' => 'Site config', 'description' => 'The configuration' )
		);
		// The adapter's older, top-level keys (deprecated there since 0.5) are read too.
		$this->register_test_ability(
			'mcpn-rp/legacy',
			array(
				'meta' => array(
					'uri'         => 'wordpress://legacy',
					'annotations' => array( 'priority' => 2, 'audience' => array( 'robot' ) ), // both invalid: dropped
					'mcp'         => array( 'type' => 'resource' ),
				),
			)
		);
		$this->register_test_ability( 'mcpn-rp/no-uri', array( 'meta' => array( 'mcp' => array( 'type' => 'resource' ) ) ) );
		$this->register_test_ability( 'mcpn-rp/bad-uri', array( 'meta' => array( 'mcp' => array( 'type' => 'resource', 'uri' => 'no scheme here' ) ) ) );

		$session = $this->serve( array( 'resources' => array( 'mcpn-rp/config', 'mcpn-rp/legacy', 'mcpn-rp/no-uri', 'mcpn-rp/bad-uri', 'mcpn-rp/missing' ) ) );
		$result  = $this->result( $session, 'resources/list' );
		$this->assertSame(
			array(
				array(
					'uri'         => 'wordpress://site/config',
					'name'        => 'mcpn-rp/config',
					'title'       => 'Site config',
					'description' => 'The configuration',
					'mimeType'    => 'application/json',
					'size'        => 120,
					'annotations' => array( 'audience' => array( 'user', 'assistant' ), 'priority' => 0.8, 'lastModified' => '2024-01-15T10:30:00Z' ),
					'_meta'       => array( 'vendor/x' => 1 ),
				),
				array(
					'uri'         => 'wordpress://legacy',
					'name'        => 'mcpn-rp/legacy',
					'title'       => 'mcpn-rp/legacy',
					'description' => 'Test ability mcpn-rp/legacy.',
				),
			),
			$result['resources']
		);
		$this->assertArrayNotHasKey( 'nextCursor', $result );
		$this->assertNotEmpty( $this->logged_containing( 'has no URI' ) );
		$this->assertNotEmpty( $this->logged_containing( 'is not an absolute URI' ) );
		$this->assertSame( array( 'resourceTemplates' => array() ), $this->result( $session, 'resources/templates/list' ) );
	}

	/**
	 * @return array<string, array{0: mixed, 1: string|null, 2: array<string, string>}>
	 */
	public static function result_shapes(): array {
		$binary = "\x89PNG\r\n\x1a\n\x00\xff";
		return array(
			'string'            => array( 'hello', null, array( 'mimeType' => 'text/plain', 'text' => 'hello' ) ),
			'string, declared'  => array( '# Title', 'text/markdown', array( 'mimeType' => 'text/markdown', 'text' => '# Title' ) ),
			'binary string'     => array( $binary, 'image/png', array( 'mimeType' => 'image/png', 'blob' => base64_encode( $binary ) ) ),
			'binary, undeclared' => array( $binary, null, array( 'mimeType' => 'application/octet-stream', 'blob' => base64_encode( $binary ) ) ),
			'object as JSON'    => array( array( 'a' => 1, 'b' => array( 1, 2 ) ), null, array( 'mimeType' => 'application/json', 'text' => '{"a":1,"b":[1,2]}' ) ),
			'number as JSON'    => array( 42, null, array( 'mimeType' => 'application/json', 'text' => '42' ) ),
			'one text item'     => array( array( 'text' => 'item', 'mimeType' => 'text/csv' ), null, array( 'mimeType' => 'text/csv', 'text' => 'item' ) ),
			'one blob item'     => array( array( 'blob' => self::PNG, 'mimeType' => 'image/png' ), null, array( 'mimeType' => 'image/png', 'blob' => self::PNG ) ),
			'raw blob encoded'  => array( array( 'blob' => "\x00\x01raw" ), null, array( 'mimeType' => 'application/octet-stream', 'blob' => base64_encode( "\x00\x01raw" ) ) ),
		);
	}

	/**
	 * @dataProvider result_shapes
	 * @param array<string, string> $expected
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'result_shapes' )]
	public function test_resources_read_turns_every_result_shape_into_contents( mixed $returns, ?string $mime, array $expected ): void {
		$this->resource( 'mcpn-rp/thing', array_filter( array( 'uri' => 'wordpress://thing', 'mimeType' => $mime ) ), $returns );
		$session = $this->serve( array( 'resources' => array( 'mcpn-rp/thing' ) ) );
		$result  = $this->result( $session, 'resources/read', array( 'uri' => 'wordpress://thing' ) );
		$this->assertSame( array( array( 'uri' => 'wordpress://thing' ) + $expected ), $result['contents'] );
	}

	public function test_resources_read_list_of_items_keeps_their_uris(): void {
		$this->resource(
			'mcpn-rp/many',
			array( 'uri' => 'wordpress://many' ),
			array(
				array( 'uri' => 'wordpress://many/1', 'text' => 'one' ),
				array( 'text' => 'two', 'mimeType' => 'text/html' ),
				array( 'uri' => 'wordpress://many/3', 'blob' => self::PNG, 'mimeType' => 'image/png' ),
			)
		);
		$session = $this->serve( array( 'resources' => array( 'mcpn-rp/many' ) ) );
		$this->assertSame(
			array(
				array( 'uri' => 'wordpress://many/1', 'mimeType' => 'text/plain', 'text' => 'one' ),
				array( 'uri' => 'wordpress://many', 'mimeType' => 'text/html', 'text' => 'two' ),
				array( 'uri' => 'wordpress://many/3', 'mimeType' => 'image/png', 'blob' => self::PNG ),
			),
			$this->result( $session, 'resources/read', array( 'uri' => 'wordpress://many' ) )['contents']
		);
	}

	public function test_templates_are_listed_matched_and_their_variables_validated(): void {
		$this->resource(
			'mcpn-rp/post',
			array( 'uri' => 'wordpress://posts/{id}/revisions/{rev}', 'mimeType' => 'application/json' ),
			static fn( $input ) => array( 'post' => $input ),
			array(
				'input_schema' => array(
					'type'       => 'object',
					'properties' => array(
						'id'  => array( 'type' => 'string', 'pattern' => '^[0-9]+$' ),
						'rev' => array( 'type' => 'string', 'enum' => array( 'latest', 'first' ) ),
					),
					'required'   => array( 'id', 'rev' ),
				),
			)
		);
		$this->resource( 'mcpn-rp/file', array( 'uri' => 'wordpress://files/{+path}' ), static fn( $input ) => $input['path'], array( 'input_schema' => array( 'type' => 'object', 'properties' => array( 'path' => array( 'type' => 'string' ) ) ) ) );
		// A flattened input schema: the single variable is the whole input.
		$this->resource( 'mcpn-rp/slug', array( 'uri' => 'wordpress://slugs/{input}' ), static fn( $input ) => 'slug=' . $input, array( 'input_schema' => array( 'type' => 'string', 'minLength' => 2 ) ) );
		$session = $this->serve( array( 'resources' => array( 'mcpn-rp/post', 'mcpn-rp/file', 'mcpn-rp/slug' ) ) );

		$this->assertSame( array(), $this->result( $session, 'resources/list' )['resources'] );
		$templates = $this->result( $session, 'resources/templates/list' )['resourceTemplates'];
		$this->assertSame( array( 'wordpress://posts/{id}/revisions/{rev}', 'wordpress://files/{+path}', 'wordpress://slugs/{input}' ), array_column( $templates, 'uriTemplate' ) );
		$this->assertArrayNotHasKey( 'uri', $templates[0] );

		$read = $this->result( $session, 'resources/read', array( 'uri' => 'wordpress://posts/42/revisions/latest' ) );
		$this->assertSame( array( array( 'uri' => 'wordpress://posts/42/revisions/latest', 'mimeType' => 'application/json', 'text' => '{"post":{"id":"42","rev":"latest"}}' ) ), $read['contents'] );
		$this->assertSame( 'a/b c.txt', $this->result( $session, 'resources/read', array( 'uri' => 'wordpress://files/a/b%20c.txt' ) )['contents'][0]['text'] );
		$this->assertSame( 'slug=hello', $this->result( $session, 'resources/read', array( 'uri' => 'wordpress://slugs/hello' ) )['contents'][0]['text'] );

		// The variables go through the ability's schema like tool arguments: nothing runs on a violation.
		$this->received = array();
		$error          = $this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://posts/4x2/revisions/middle' ) ), 200, ErrorCode::INVALID_PARAMS, 'Invalid arguments' );
		$this->assertSame( array( '/id', '/rev' ), array_column( $error['data']['violations'], 'path' ) );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://slugs/x' ) ), 200, ErrorCode::INVALID_PARAMS, '/input' );
		$this->assertSame( array(), $this->received );
	}

	/**
	 * @return array<string, array{0: string}>
	 */
	public static function hostile_uris(): array {
		return array(
			'other path'          => array( 'wordpress://posts/1/extra/2' ),
			'NUL byte encoded'    => array( 'wordpress://posts/%00' ),
			'NUL byte raw'        => array( "wordpress://posts/1\x00" ),
			'invalid UTF-8'       => array( 'wordpress://posts/%FF%FE' ),
			'newline'             => array( "wordpress://posts/1\n2" ),
			'empty variable'      => array( 'wordpress://posts/' ),
			'query smuggled'      => array( 'wordpress://posts/1?x=2' ),
			'prefix only'         => array( 'wordpress://post' ),
			'huge'                => array( 'wordpress://posts/' . str_repeat( 'a', 100000 ) ),
			'regex metacharacter' => array( 'wordpress:/(/posts/1' ),
		);
	}

	/**
	 * @dataProvider hostile_uris
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'hostile_uris' )]
	public function test_hostile_uris_are_not_found_and_run_nothing( string $uri ): void {
		$this->resource( 'mcpn-rp/post', array( 'uri' => 'wordpress://posts/{id}' ), 'ran', array( 'input_schema' => array( 'type' => 'object', 'properties' => array( 'id' => array( 'type' => 'string' ) ) ) ) );
		$session = $this->serve( array( 'resources' => array( 'mcpn-rp/post' ) ) );
		$error   = $this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => $uri ) ), 200, ErrorCode::INVALID_PARAMS, 'Resource not found' );
		$this->assertLessThan( 300, strlen( $error['data']['uri'] ) );
		$this->assertSame( array(), $this->received );
	}

	public function test_resources_read_errors(): void {
		$this->resource( 'mcpn-rp/secret', array( 'uri' => 'wordpress://secret' ), 'secret', array( 'permission_callback' => '__return_false' ) );
		$this->resource( 'mcpn-rp/broken', array( 'uri' => 'wordpress://broken' ), new \WP_Error( 'db_down', 'The database is down' ) );
		$this->resource( 'mcpn-rp/throws', array( 'uri' => 'wordpress://throws' ), static function () {
			throw new \RuntimeException( 'exploded' );
		} );
		$this->resource( 'mcpn-rp/nan', array( 'uri' => 'wordpress://nan' ), array( 'x' => NAN ) );
		$session = $this->serve( array( 'resources' => array( 'mcpn-rp/secret', 'mcpn-rp/broken', 'mcpn-rp/throws', 'mcpn-rp/nan' ) ) );
		// The exception's text stays in the log: the client gets an error id to report.
		$thrown = $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://throws' ) );
		$this->assertRpcError( $thrown, 200, ErrorCode::INTERNAL_ERROR, 'internal error (error id ' );
		$this->assertStringNotContainsString( 'exploded', $this->wire( $thrown ) );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://nan' ) ), 200, ErrorCode::INTERNAL_ERROR, 'cannot be encoded as JSON' );
		$this->received = array();

		$this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://secret' ) ), 200, ErrorCode::FORBIDDEN, 'Permission denied' );
		$this->assertSame( array(), $this->received );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://broken' ) ), 200, ErrorCode::INTERNAL_ERROR, 'The database is down' );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array() ), 200, ErrorCode::INVALID_PARAMS, 'Missing required parameter: uri' );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 42 ) ), 200, ErrorCode::INVALID_PARAMS, 'uri', 7 );
		$error = $this->assertRpcError( $this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://nope' ) ), 200, ErrorCode::INVALID_PARAMS, 'Resource not found: wordpress://nope', 7 );
		$this->assertSame( array( 'uri' => 'wordpress://nope' ), $error['data'] );
	}

	// ------------------------------------------------------------------ prompts

	public function test_prompts_list_arguments_from_meta_or_schema(): void {
		$this->prompt(
			'mcpn-rp/review',
			'Review',
			array(
				'label'        => 'Review a post',
				'input_schema' => array(
					'type'       => 'object',
					'properties' => array(
						'post_id' => array( 'type' => 'string', 'title' => 'Post', 'description' => 'The post to review' ),
						'tone'    => array( 'type' => 'string', 'enum' => array( 'friendly', 'formal', 'frank' ) ),
					),
					'required'   => array( 'post_id' ),
				),
			)
		);
		$this->prompt(
			'mcpn-rp/explicit',
			'Explicit',
			array(),
			array( 'arguments' => array( array( 'name' => 'topic', 'description' => 'What to write about', 'required' => true ), array( 'name' => 'length' ) ) )
		);
		$this->prompt( 'mcpn-rp/flat', 'Flat', array( 'input_schema' => array( 'type' => 'string', 'description' => 'The text' ) ) );
		$this->prompt( 'mcpn-rp/none', 'None' );
		$this->prompt( 'mcpn-rp/bad-args', 'Bad', array(), array( 'arguments' => array( array( 'description' => 'no name' ) ) ) );

		$session = $this->serve( array( 'prompts' => array( 'mcpn-rp/review', 'mcpn-rp/explicit', 'mcpn-rp/flat', 'mcpn-rp/none', 'mcpn-rp/bad-args' ) ) );
		$prompts = array_column( $this->result( $session, 'prompts/list' )['prompts'], null, 'name' );
		$this->assertSame( array( 'mcpn-rp-review', 'mcpn-rp-explicit', 'mcpn-rp-flat', 'mcpn-rp-none' ), array_keys( $prompts ) );
		$this->assertSame( 'Review a post', $prompts['mcpn-rp-review']['title'] );
		$this->assertSame(
			array(
				array( 'name' => 'post_id', 'title' => 'Post', 'description' => 'The post to review', 'required' => true ),
				array( 'name' => 'tone' ),
			),
			$prompts['mcpn-rp-review']['arguments']
		);
		$this->assertSame( array( array( 'name' => 'topic', 'description' => 'What to write about', 'required' => true ), array( 'name' => 'length' ) ), $prompts['mcpn-rp-explicit']['arguments'] );
		$this->assertSame( array( array( 'name' => 'input', 'description' => 'The text', 'required' => true ) ), $prompts['mcpn-rp-flat']['arguments'] );
		$this->assertArrayNotHasKey( 'arguments', $prompts['mcpn-rp-none'] );
		$this->assertNotEmpty( $this->logged_containing( 'needs a non-empty "name"' ) );
	}

	/**
	 * @return array<string, array{0: mixed, 1: list<array<string, mixed>>}>
	 */
	public static function prompt_shapes(): array {
		$image    = array( 'type' => 'image', 'data' => self::PNG, 'mimeType' => 'image/png' );
		$resource = array( 'type' => 'resource', 'resource' => array( 'uri' => 'wordpress://x', 'mimeType' => 'text/plain', 'text' => 'embedded' ) );
		$text     = static fn( string $t, string $role = 'user' ) => array( 'role' => $role, 'content' => array( 'type' => 'text', 'text' => $t ) );
		return array(
			'messages'          => array( array( 'messages' => array( $text( 'Hi' ), array( 'role' => 'assistant', 'content' => 'Hello' ) ) ), array( $text( 'Hi' ), $text( 'Hello', 'assistant' ) ) ),
			'image message'     => array( array( 'messages' => array( array( 'role' => 'user', 'content' => $image ) ) ), array( array( 'role' => 'user', 'content' => $image ) ) ),
			'embedded resource' => array( array( 'messages' => array( array( 'role' => 'user', 'content' => $resource ) ) ), array( array( 'role' => 'user', 'content' => $resource ) ) ),
			'text shorthand'    => array( array( 'text' => 'Just this' ), array( $text( 'Just this' ) ) ),
			'single message'    => array( array( 'role' => 'assistant', 'content' => array( 'type' => 'text', 'text' => 'Me' ) ), array( $text( 'Me', 'assistant' ) ) ),
			'texts'             => array( array( 'texts' => array( 'one', 'two', 3 ) ), array( $text( 'one' ), $text( 'two' ) ) ),
			'plain string'      => array( 'A string', array( $text( 'A string' ) ) ),
			'anything else'     => array( array( 'score' => 3 ), array( $text( '{"score":3}' ) ) ),
			'unknown role'      => array( array( 'messages' => array( array( 'role' => 'system', 'content' => 'x' ) ) ), array( $text( 'x' ) ) ),
			'image without data' => array( array( 'messages' => array( array( 'role' => 'user', 'content' => array( 'type' => 'image', 'mimeType' => 'image/png' ) ) ) ), array( $text( '{"type":"image","mimeType":"image/png"}' ) ) ),
			'unknown type'      => array( array( 'messages' => array( array( 'role' => 'user', 'content' => array( 'type' => 'video', 'url' => 'u' ) ) ) ), array( $text( '{"type":"video","url":"u"}' ) ) ),
			'empty messages'    => array( array( 'messages' => array() ), array( $text( '(No messages returned)' ) ) ),
		);
	}

	/**
	 * @dataProvider prompt_shapes
	 * @param list<array<string, mixed>> $expected
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'prompt_shapes' )]
	public function test_prompts_get_normalises_every_shape_the_adapter_accepts( mixed $returns, array $expected ): void {
		$this->prompt( 'mcpn-rp/shape', $returns, array( 'description' => 'Shape test' ) );
		$session = $this->serve( array( 'prompts' => array( 'mcpn-rp/shape' ) ) );
		$result  = $this->result( $session, 'prompts/get', array( 'name' => 'mcpn-rp-shape' ) );
		$this->assertSame( $expected, $result['messages'] );
		$this->assertSame( 'Shape test', $result['description'] );
	}

	public function test_prompts_get_arguments_take_the_tool_path(): void {
		$this->prompt(
			'mcpn-rp/greet',
			static fn( $input ) => array( 'text' => 'Hello ' . $input['who'] . ( isset( $input['punct'] ) ? $input['punct'] : '' ) ),
			array(
				'input_schema' => array(
					'type'       => 'object',
					'properties' => array(
						'who'   => array( 'type' => 'string', 'minLength' => 2 ),
						'punct' => array( 'type' => 'string', 'enum' => array( '!', '?' ) ),
					),
					'required'   => array( 'who' ),
				),
			)
		);
		$this->prompt( 'mcpn-rp/flat', static fn( $input ) => 'got ' . $input, array( 'input_schema' => array( 'type' => 'string' ) ) );
		$this->prompt( 'mcpn-rp/locked', 'no', array( 'permission_callback' => '__return_false' ) );
		$this->prompt( 'mcpn-rp/fails', new \WP_Error( 'no_llm_today', 'Try tomorrow' ) );
		$session = $this->serve( array( 'prompts' => array( 'mcpn-rp/greet', 'mcpn-rp/flat', 'mcpn-rp/locked', 'mcpn-rp/fails' ) ) );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => 'mcpn-rp-fails' ) ), 200, ErrorCode::INTERNAL_ERROR, 'Try tomorrow' );

		$result = $this->result( $session, 'prompts/get', array( 'name' => 'mcpn-rp-greet', 'arguments' => array( 'who' => 'World', 'punct' => '!' ) ) );
		$this->assertSame( 'Hello World!', $result['messages'][0]['content']['text'] );
		$this->assertSame( 'got it', $this->result( $session, 'prompts/get', array( 'name' => 'mcpn-rp-flat', 'arguments' => array( 'input' => 'it' ) ) )['messages'][0]['content']['text'] );

		$this->received = array();
		$error          = $this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => 'mcpn-rp-greet', 'arguments' => array( 'who' => 'W', 'punct' => '.' ) ) ), 200, ErrorCode::INVALID_PARAMS );
		$this->assertSame( array( '/who', '/punct' ), array_column( $error['data']['violations'], 'path' ) );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => 'mcpn-rp-greet' ) ), 200, ErrorCode::INVALID_PARAMS, 'who' );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => 'mcpn-rp-locked' ) ), 200, ErrorCode::FORBIDDEN );
		$this->assertSame( array(), $this->received );

		$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => 'nope' ) ), 200, ErrorCode::INVALID_PARAMS, 'Unknown prompt: nope', 7 );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array() ), 200, ErrorCode::INVALID_PARAMS, 'Missing required parameter: name' );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => 'mcpn-rp-greet', 'arguments' => array( 'a', 'b' ) ) ), 200, ErrorCode::INVALID_PARAMS, 'arguments must be an object' );
	}

	// ------------------------------------------------------------------ completion

	public function test_completion_from_enum_callback_and_for_template_variables(): void {
		$this->prompt(
			'mcpn-rp/tone',
			'x',
			array( 'input_schema' => array( 'type' => 'object', 'properties' => array( 'tone' => array( 'type' => 'string', 'enum' => array( 'friendly', 'formal', 'Frank', 'casual' ) ), 'free' => array( 'type' => 'string' ) ) ) )
		);
		$calls = array();
		$this->resource(
			'mcpn-rp/post',
			array(
				'uri'        => 'wordpress://posts/{slug}',
				'completion' => static function ( $argument, $prefix, $context ) use ( &$calls ) {
					$calls[] = array( $argument, $prefix, $context );
					return array_map( static fn( $i ) => 'post-' . $i, range( 1, 150 ) );
				},
			),
			'x',
			array( 'input_schema' => array( 'type' => 'object', 'properties' => array( 'slug' => array( 'type' => 'string' ) ) ) )
		);
		$this->prompt( 'mcpn-rp/bad-callback', 'x', array( 'input_schema' => array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string', 'enum' => array( 'from-enum' ) ) ) ) ), array( 'completion' => static function () {
			throw new \RuntimeException( 'completion broke' );
		} ) );
		$this->prompt( 'mcpn-rp/locked', 'x', array( 'permission_callback' => '__return_false', 'input_schema' => array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string', 'enum' => array( 'secret' ) ) ) ) ) );
		$session  = $this->serve( array( 'prompts' => array( 'mcpn-rp/tone', 'mcpn-rp/locked', 'mcpn-rp/bad-callback' ), 'resources' => array( 'mcpn-rp/post' ) ) );
		$complete = fn( array $ref, string $name, string $value, array $context = array() ) => $this->result(
			$session,
			'completion/complete',
			array( 'ref' => $ref, 'argument' => array( 'name' => $name, 'value' => $value ) ) + ( $context ? array( 'context' => array( 'arguments' => $context ) ) : array() )
		)['completion'];

		$this->assertSame( array( 'values' => array( 'friendly', 'formal', 'Frank' ), 'total' => 3, 'hasMore' => false ), $complete( array( 'type' => 'ref/prompt', 'name' => 'mcpn-rp-tone' ), 'tone', 'f' ) );
		$this->assertSame( array( 'values' => array(), 'total' => 0, 'hasMore' => false ), $complete( array( 'type' => 'ref/prompt', 'name' => 'mcpn-rp-tone' ), 'free', '' ) );
		$this->assertSame( array( 'values' => array(), 'total' => 0, 'hasMore' => false ), $complete( array( 'type' => 'ref/prompt', 'name' => 'mcpn-rp-tone' ), 'not-an-argument', '' ) );

		$posts = $complete( array( 'type' => 'ref/resource', 'uri' => 'wordpress://posts/{slug}' ), 'slug', 'post-1', array( 'other' => 'v' ) );
		$this->assertCount( 62, $posts['values'] ); // post-1, post-10..19, post-100..150
		$this->assertSame( 62, $posts['total'] );
		$this->assertFalse( $posts['hasMore'] );
		$all = $complete( array( 'type' => 'ref/resource', 'uri' => 'wordpress://posts/{slug}' ), 'slug', '' );
		$this->assertCount( 100, $all['values'] );
		$this->assertSame( 150, $all['total'] );
		$this->assertTrue( $all['hasMore'] );
		$this->assertSame( array( 'slug', 'post-1', array( 'other' => 'v' ) ), $calls[0] );
		// A callback that throws gives no values (logged), never an error page.
		$this->assertSame( array( 'values' => array(), 'total' => 0, 'hasMore' => false ), $complete( array( 'type' => 'ref/prompt', 'name' => 'mcpn-rp-bad-callback' ), 'a', '' ) );
		$this->assertNotEmpty( $this->logged_containing( 'completion broke' ) );

		$this->assertRpcError( $this->request( self::ROUTE, $session, 'completion/complete', array( 'ref' => array( 'type' => 'ref/prompt', 'name' => 'mcpn-rp-locked' ), 'argument' => array( 'name' => 'a', 'value' => '' ) ) ), 200, ErrorCode::FORBIDDEN );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'completion/complete', array( 'ref' => array( 'type' => 'ref/prompt', 'name' => 'nope' ), 'argument' => array( 'name' => 'a', 'value' => '' ) ) ), 200, ErrorCode::INVALID_PARAMS, 'Unknown prompt' );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'completion/complete', array( 'ref' => array( 'type' => 'ref/resource', 'uri' => 'wordpress://posts/1' ), 'argument' => array( 'name' => 'slug', 'value' => '' ) ) ), 200, ErrorCode::INVALID_PARAMS, 'Unknown resource template' );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'completion/complete', array( 'ref' => array( 'type' => 'ref/tool', 'name' => 'x' ), 'argument' => array( 'name' => 'a', 'value' => '' ) ) ), 200, ErrorCode::INVALID_PARAMS, 'ref.type' );
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'completion/complete', array( 'ref' => array( 'type' => 'ref/prompt', 'name' => 'mcpn-rp-tone' ) ) ), 200, ErrorCode::INVALID_PARAMS );
	}

	// ------------------------------------------------------------------ pagination

	public function test_every_list_pages_with_opaque_cursors(): void {
		add_filter( 'mcp_native_page_size', static fn() => 2 );
		$names = array();
		for ( $i = 1; $i <= 5; $i++ ) {
			$this->register_test_ability( "mcpn-rp/tool-$i" );
			$this->resource( "mcpn-rp/res-$i", array( 'uri' => "wordpress://r/$i" ), 'x' );
			$this->resource( "mcpn-rp/tpl-$i", array( 'uri' => "wordpress://t/$i/{id}" ), 'x' );
			$this->prompt( "mcpn-rp/prompt-$i", 'x' );
			$names['tools'][]     = "mcpn-rp/tool-$i";
			$names['resources'][] = "mcpn-rp/res-$i";
			$names['resources'][] = "mcpn-rp/tpl-$i";
			$names['prompts'][]   = "mcpn-rp/prompt-$i";
		}
		$session = $this->serve( $names );
		$lists   = array(
			'tools/list'               => array( 'tools', 6, 'name' ), // + the site-context tool
			'resources/list'           => array( 'resources', 5, 'uri' ),
			'resources/templates/list' => array( 'resourceTemplates', 5, 'uriTemplate' ),
			'prompts/list'             => array( 'prompts', 5, 'name' ),
		);
		$cursors = array();
		foreach ( $lists as $method => list( $key, $total, $id ) ) {
			$seen   = array();
			$cursor = null;
			$pages  = 0;
			do {
				$result = $this->result( $session, $method, null === $cursor ? null : array( 'cursor' => $cursor ) );
				$this->assertLessThanOrEqual( 2, count( $result[ $key ] ) );
				$seen   = array_merge( $seen, array_column( $result[ $key ], $id ) );
				$cursor = $result['nextCursor'] ?? null;
				if ( null !== $cursor ) {
					$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+$/', $cursor );
					$cursors[ $method ] = $cursor;
				}
			} while ( null !== $cursor && ++$pages < 10 );
			$this->assertCount( $total, array_unique( $seen ), $method );
		}
		// A cursor is bound to its list, and cannot be forged or edited.
		$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/list', array( 'cursor' => $cursors['tools/list'] ) ), 200, ErrorCode::INVALID_PARAMS, 'cursor', 7 );
		$decoded = base64_decode( strtr( $cursors['prompts/list'], '-_', '+/' ) );
		$forged  = rtrim( strtr( base64_encode( preg_replace( '/^c1:\d+:/', 'c1:0:', $decoded ) ), '+/', '-_' ), '=' );
		foreach ( array( 'garbage!', '', str_repeat( 'A', 5000 ), $forged, 17 ) as $bad ) {
			$this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/list', array( 'cursor' => $bad ) ), 200, ErrorCode::INVALID_PARAMS, 'cursor' );
		}
	}

	public function test_page_size_default_and_bounds(): void {
		$this->assertSame( 100, Cursor::page_size( 'tools/list', 'any' ) );
		add_filter( 'mcp_native_page_size', static fn() => 5000 );
		$this->assertSame( Cursor::MAX_PAGE_SIZE, Cursor::page_size( 'tools/list', 'any' ) );
		add_filter( 'mcp_native_page_size', static fn() => 0, 11 );
		$this->assertSame( 1, Cursor::page_size( 'tools/list', 'any' ) );
		add_filter( 'mcp_native_page_size', static fn() => 'lots', 12 );
		$this->assertSame( 100, Cursor::page_size( 'tools/list', 'any' ) );
	}

	// ------------------------------------------------------------------ default server

	public function test_default_server_serves_public_resources_and_prompts_only(): void {
		$this->resource( 'mcpn-rp/public-res', array( 'uri' => 'wordpress://public', 'public' => true ), 'public data' );
		$this->resource( 'mcpn-rp/private-res', array( 'uri' => 'wordpress://private' ), 'private data' );
		$this->prompt( 'mcpn-rp/public-prompt', 'Hi', array(), array( 'public' => true ) );
		$this->prompt( 'mcpn-rp/private-prompt', 'Hi' );
		$session = $this->initialize();

		$this->assertSame( array( 'wordpress://public' ), array_column( $this->result( $session, 'resources/list', null, self::DEFAULT_ROUTE )['resources'], 'uri' ) );
		$this->assertSame( 'public data', $this->result( $session, 'resources/read', array( 'uri' => 'wordpress://public' ), self::DEFAULT_ROUTE )['contents'][0]['text'] );
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'resources/read', array( 'uri' => 'wordpress://private' ) ), 200, ErrorCode::INVALID_PARAMS, 'Resource not found' );
		$this->assertSame( array( 'mcpn-rp-public-prompt' ), array_column( $this->result( $session, 'prompts/list', null, self::DEFAULT_ROUTE )['prompts'], 'name' ) );
		$this->assertRpcError( $this->request( self::DEFAULT_ROUTE, $session, 'prompts/get', array( 'name' => 'mcpn-rp-private-prompt' ) ), 200, ErrorCode::INVALID_PARAMS, 'Unknown prompt' );
	}

	public function test_discover_pages_and_filters_by_category_and_name_prefix(): void {
		add_filter( 'mcp_native_page_size', static fn( $size, $list ) => 'discover' === $list ? 3 : $size, 10, 2 );
		$this->register_test_ability_category( 'mcpn-other' );
		for ( $i = 1; $i <= 4; $i++ ) {
			$this->register_test_ability( "mcpn-rp/a-$i", array( 'meta' => array( 'mcp' => array( 'public' => true ) ) ) );
			$this->register_test_ability( "mcpn-rq/b-$i", array( 'category' => 'mcpn-other', 'meta' => array( 'mcp' => array( 'public' => true ) ) ) );
		}
		$session  = $this->initialize();
		$discover = fn( array $arguments ) => $this->call_tool( self::DEFAULT_ROUTE, $session, 'mcp-adapter-discover-abilities', $arguments === array() ? new \stdClass() : $arguments )['structuredContent'];

		$first = $discover( array( 'name_prefix' => 'mcpn-rp/' ) );
		$this->assertSame( array( 'mcpn-rp/a-1', 'mcpn-rp/a-2', 'mcpn-rp/a-3' ), array_column( $first['abilities'], 'name' ) );
		$second = $discover( array( 'name_prefix' => 'mcpn-rp/', 'cursor' => $first['nextCursor'] ) );
		$this->assertSame( array( 'mcpn-rp/a-4' ), array_column( $second['abilities'], 'name' ) );
		$this->assertArrayNotHasKey( 'nextCursor', $second );

		$other = $discover( array( 'category' => 'mcpn-other' ) );
		$this->assertSame( array( 'mcpn-rq/b-1', 'mcpn-rq/b-2', 'mcpn-rq/b-3' ), array_column( $other['abilities'], 'name' ) );
		$this->assertSame( array( 'mcpn-other' ), array_unique( array_column( $other['abilities'], 'category' ) ) );

		// A cursor of one filter is refused for another.
		$wrong = $this->call_tool( self::DEFAULT_ROUTE, $session, 'mcp-adapter-discover-abilities', array( 'category' => 'mcpn-other', 'cursor' => $first['nextCursor'] ) );
		$this->assertTrue( $wrong['isError'] );
		$this->assertSame( 'invalid_cursor', $wrong['structuredContent']['error']['code'] );
	}

	// ------------------------------------------------------------------ admin

	public function test_site_health_and_status_page_list_resources_templates_and_prompts(): void {
		$this->resource( 'mcpn-rp/res', array( 'uri' => 'wordpress://listed' ), 'x' );
		$this->resource( 'mcpn-rp/tpl', array( 'uri' => 'wordpress://listed/{id}' ), 'x' );
		$this->prompt( 'mcpn-rp/prompt', 'x' );
		$this->add_server(
			'rp-server',
			array(
				'namespace' => 'mcpn-rp',
				'route'     => 'mcp',
				'resources' => array( 'mcpn-rp/res', 'mcpn-rp/tpl' ),
				'prompts'   => array( 'mcpn-rp/prompt' ),
			)
		);
		$fields = \McpNative\Plugin\Admin\SiteHealth::info_fields( \McpNative\Plugin\Admin\ExtensionStatus::detect() );
		$this->assertSame( rest_url( 'mcpn-rp/mcp' ) . ' — profile standard — 1 tool — 1 resource — 1 resource template — 1 prompt', $fields['server_rp-server']['value'] );
		$this->assertStringContainsString( 'resources=wordpress://listed | resource_templates=wordpress://listed/{id} | prompts=mcpn-rp-prompt', $fields['server_rp-server']['debug'] );

		ob_start();
		try {
			\McpNative\Plugin\Admin\StatusPage::render();
		} finally {
			$html = (string) ob_get_clean();
		}
		$this->assertStringContainsString( '<p class="mcp-native-listed" data-kind="resource templates">Resource templates: <code>wordpress://listed/{id}</code></p>', $html );
		$this->assertStringContainsString( '<p class="mcp-native-listed" data-kind="prompts">Prompts: <code>mcpn-rp-prompt</code></p>', $html );
	}
}
