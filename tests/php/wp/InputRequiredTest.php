<?php
/**
 * 2026-07-28 input_required results: the InputRequests API and the signed requestState.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Protocol\InputRequests;
use WP_REST_Response;

require_once __DIR__ . '/AbstractMcpTest.php';

final class InputRequiredTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-ir/mcp';
	private const TOOL  = 'mcpn-test-delete-note';

	/** @var list<array<string, mixed>> inputs the ability ran to completion with */
	private array $completed = array();

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->completed = array();
		$this->register_test_ability(
			'mcpn-test/delete-note',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'id' => array( 'type' => 'integer' ) ),
					'required'   => array( 'id' ),
				),
				'execute_callback' => function ( $input ) {
					$answer = InputRequests::response( 'confirm' );
					if ( null === $answer ) {
						return InputRequests::ask(
							array(
								'confirm' => InputRequests::elicitation(
									'Delete note ' . $input['id'] . '?',
									array(
										'type'       => 'object',
										'properties' => array( 'ok' => array( 'type' => 'boolean' ) ),
										'required'   => array( 'ok' ),
									)
								),
							)
						);
					}
					$this->completed[] = $input;
					return array( 'deleted' => ! empty( $answer['content']['ok'] ) );
				},
			)
		);
		// A resource that asks before it is read.
		$this->register_test_ability(
			'mcpn-test/sealed-note',
			array(
				'meta'             => array( 'mcp' => array( 'type' => 'resource', 'uri' => 'note://sealed' ) ),
				'execute_callback' => function () {
					$answer = InputRequests::response( 'confirm' );
					if ( null === $answer ) {
						return InputRequests::ask( array( 'confirm' => InputRequests::elicitation( 'Open the sealed note?', array( 'type' => 'object' ) ) ) );
					}
					$this->completed[] = 'sealed';
					return 'The sealed text.';
				},
			)
		);
		$this->add_server(
			'ir-server',
			array(
				'namespace' => 'mcpn-ir',
				'route'     => 'mcp',
				'name'      => 'IR',
				'version'   => '1',
				'tools'     => array( 'mcpn-test/delete-note' ),
				// The same ability as a prompt: an InputRequiredResult is not tied to tools.
				'prompts'   => array( 'mcpn-test/delete-note' ),
				'resources' => array( 'mcpn-test/sealed-note' ),
			)
		);
	}

	/**
	 * tools/call of the ability at 2026-07-28.
	 *
	 * @param array<string, mixed> $extra Extra params (inputResponses, requestState, _meta).
	 */
	private function call( array $arguments, array $extra = array(), array $capabilities = array( 'elicitation' => array() ) ): WP_REST_Response {
		return $this->send( 'tools/call', $arguments, $extra, $capabilities );
	}

	/**
	 * A 2026-07-28 request naming the ability (tools/call, prompts/get).
	 *
	 * @param array<string, mixed> $extra Extra params (inputResponses, requestState, _meta).
	 */
	private function send( string $method, array $arguments, array $extra, array $capabilities ): WP_REST_Response {
		$params = array(
			'name'      => self::TOOL,
			'arguments' => $arguments,
			'_meta'     => array(
				'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
				'io.modelcontextprotocol/clientCapabilities' => (object) $capabilities,
			),
		) + $extra;
		return $this->post(
			self::ROUTE,
			array( 'jsonrpc' => '2.0', 'id' => 9, 'method' => $method, 'params' => $params ),
			array( 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => $method, 'Mcp-Name' => self::TOOL )
		);
	}

	/** @return array<string, mixed> */
	private function ask_round(): array {
		$response = $this->call( array( 'id' => 5 ) );
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		$result = $this->decoded( $response )['result'];
		$this->assertSame( 'input_required', $result['resultType'] );
		$this->assertSame( 'elicitation/create', $result['inputRequests']['confirm']['method'] );
		$this->assertSame( 'Delete note 5?', $result['inputRequests']['confirm']['params']['message'] );
		$this->assertIsString( $result['requestState'] );
		return $result;
	}

	private const YES = array( 'confirm' => array( 'action' => 'accept', 'content' => array( 'ok' => true ) ) );

	public function test_the_ability_asks_then_completes_with_the_answer_and_the_signed_state(): void {
		$asked = $this->ask_round();
		$this->assertSame( array(), $this->completed, 'nothing ran to completion in round 1' );

		$done = $this->call( array( 'id' => 5 ), array( 'inputResponses' => self::YES, 'requestState' => $asked['requestState'] ) );
		$result = $this->decoded( $done )['result'];
		$this->assertSame( 'complete', $result['resultType'], $this->wire( $done ) );
		$this->assertFalse( $result['isError'] );
		$this->assertSame( array( 'deleted' => true ), $result['structuredContent'] );
		$this->assertSame( array( array( 'id' => 5 ) ), $this->completed );
	}

	public function test_a_tampered_replayed_or_misbound_state_is_refused(): void {
		$state = $this->ask_round()['requestState'];
		[ $body, $mac ] = explode( '.', $state );
		$forged = rtrim( strtr( base64_encode( str_replace( '"e":', '"e":9', (string) base64_decode( strtr( $body, '-_', '+/' ) ) ) ), '+/', '-_' ), '=' ) . '.' . $mac;
		foreach ( array( $state . '-TAMPERED', $forged, 'garbage', '' ) as $bad ) {
			$this->assertRpcError( $this->call( array( 'id' => 5 ), array( 'inputResponses' => self::YES, 'requestState' => $bad ) ), 200, -32602, 'requestState', 9 );
		}
		// Bound to the arguments: the same state for another note is refused.
		$this->assertRpcError( $this->call( array( 'id' => 6 ), array( 'inputResponses' => self::YES, 'requestState' => $state ) ), 200, -32602, 'another user, request or arguments', 9 );
		// Bound to the user.
		$this->set_user( $this->create_user( 'administrator' ) );
		$this->assertRpcError( $this->call( array( 'id' => 5 ), array( 'inputResponses' => self::YES, 'requestState' => $state ) ), 200, -32602, 'another user', 9 );
		$this->assertSame( array(), $this->completed );
	}

	public function test_a_state_is_accepted_once(): void {
		$state = $this->ask_round()['requestState'];
		$first = $this->call( array( 'id' => 5 ), array( 'inputResponses' => self::YES, 'requestState' => $state ) );
		$this->assertSame( 'complete', $this->decoded( $first )['result']['resultType'] );
		$this->assertRpcError( $this->call( array( 'id' => 5 ), array( 'inputResponses' => self::YES, 'requestState' => $state ) ), 200, -32602, 'already used', 9 );
		$this->assertCount( 1, $this->completed );
	}

	public function test_an_expired_state_is_refused(): void {
		$state   = $this->ask_round()['requestState'];
		$b64     = static fn( string $bytes ) => rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' );
		$payload = json_decode( (string) base64_decode( strtr( explode( '.', $state )[0], '-_', '+/' ) ), true );
		$this->assertGreaterThan( time(), $payload['e'] );
		// The same state, validly signed with the site's secret, but past its expiry.
		$payload['e'] = time() - 1;
		$payload['n'] = str_repeat( 'ab', 16 );
		$body         = $b64( (string) wp_json_encode( $payload ) );
		$expired      = $body . '.' . $b64( hash_hmac( 'sha256', $body, (string) get_option( 'mcp_native_request_state_secret' ), true ) );
		$this->assertRpcError( $this->call( array( 'id' => 5 ), array( 'inputResponses' => self::YES, 'requestState' => $expired ) ), 200, -32602, 'expired', 9 );
		$this->assertSame( array(), $this->completed );
	}

	public function test_asking_for_an_undeclared_capability_is_refused_with_32021(): void {
		$error = $this->assertRpcError( $this->call( array( 'id' => 5 ), array(), array( 'sampling' => array() ) ), 400, -32021, 'elicitation', 9 );
		$this->assertArrayHasKey( 'elicitation', $error['data']['requiredCapabilities'] );
	}

	public function test_the_handshake_revision_gets_a_clear_tool_error(): void {
		$session = $this->initialize( self::ROUTE );
		$result  = $this->call_tool( self::ROUTE, $session, self::TOOL, array( 'id' => 5 ) );
		$this->assertTrue( $result['isError'] );
		$this->assertStringContainsString( '2026-07-28', $result['content'][0]['text'] );
		$this->assertSame( array(), $this->completed );
	}

	/**
	 * prompts/get of the same ability at 2026-07-28.
	 *
	 * @param array<string, mixed> $extra Extra params (inputResponses, requestState).
	 */
	private function get_prompt( array $arguments, array $extra = array() ): WP_REST_Response {
		return $this->send( 'prompts/get', $arguments, $extra, array( 'elicitation' => array() ) );
	}

	public function test_a_prompt_asks_then_completes_with_its_messages(): void {
		$response = $this->get_prompt( array( 'id' => '5' ) );
		$asked    = $this->decoded( $response )['result'] ?? null;
		$this->assertSame( 'input_required', $asked['resultType'] ?? null, $this->wire( $response ) );
		$this->assertSame( 'Delete note 5?', $asked['inputRequests']['confirm']['params']['message'] );
		$this->assertArrayNotHasKey( 'messages', $asked );
		$this->assertSame( array(), $this->completed );

		$done   = $this->get_prompt( array( 'id' => '5' ), array( 'inputResponses' => self::YES, 'requestState' => $asked['requestState'] ) );
		$result = $this->decoded( $done )['result'] ?? null;
		$this->assertIsArray( $result, $this->wire( $done ) );
		$this->assertArrayNotHasKey( 'inputRequests', $result );
		$this->assertSame( 'user', $result['messages'][0]['role'] );
		$this->assertStringContainsString( '"deleted":true', $result['messages'][0]['content']['text'] );
		// Prompt arguments are strings on the wire; the ability gets them as sent.
		$this->assertSame( array( array( 'id' => '5' ) ), $this->completed );
	}

	public function test_a_state_is_bound_to_its_method(): void {
		// Issued by tools/call for this name and these very arguments: not valid for prompts/get of the same.
		$state = $this->decoded( $this->call( array( 'id' => '5' ) ) )['result']['requestState'];
		$this->assertRpcError( $this->get_prompt( array( 'id' => '5' ), array( 'inputResponses' => self::YES, 'requestState' => $state ) ), 200, -32602, 'another user, request or arguments', 9 );
		$prompt_state = $this->decoded( $this->get_prompt( array( 'id' => '5' ) ) )['result']['requestState'];
		$this->assertRpcError( $this->call( array( 'id' => '5' ), array( 'inputResponses' => self::YES, 'requestState' => $prompt_state ) ), 200, -32602, 'another user, request or arguments', 9 );
		$this->assertSame( array(), $this->completed );
	}

	public function test_the_handshake_revision_gets_a_clear_prompt_error(): void {
		$session = $this->initialize( self::ROUTE );
		$error   = $this->assertRpcError( $this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => self::TOOL, 'arguments' => array( 'id' => '5' ) ) ), 200, -32603, '2026-07-28' );
		$this->assertSame( 'mcp_input_required', $error['data']['code'] ?? null );
		$this->assertSame( array(), $this->completed );
	}

	public function test_a_resource_asks_then_is_read(): void {
		$read = fn( array $extra = array() ) => $this->post(
			self::ROUTE,
			array(
				'jsonrpc' => '2.0',
				'id'      => 9,
				'method'  => 'resources/read',
				'params'  => array(
					'uri'   => 'note://sealed',
					'_meta' => array(
						'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
						'io.modelcontextprotocol/clientCapabilities' => (object) array( 'elicitation' => array() ),
					),
				) + $extra,
			),
			array( 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => 'resources/read', 'Mcp-Name' => 'note://sealed' )
		);
		$first = $read();
		$asked = $this->decoded( $first )['result'] ?? null;
		$this->assertSame( 'input_required', $asked['resultType'] ?? null, $this->wire( $first ) );
		$this->assertSame( 'Open the sealed note?', $asked['inputRequests']['confirm']['params']['message'] );
		$this->assertArrayNotHasKey( 'contents', $asked );
		$this->assertSame( array(), $this->completed );

		$done   = $read( array( 'inputResponses' => self::YES, 'requestState' => $asked['requestState'] ) );
		$result = $this->decoded( $done )['result'] ?? null;
		$this->assertSame( 'The sealed text.', $result['contents'][0]['text'] ?? null, $this->wire( $done ) );
		$this->assertSame( 'note://sealed', $result['contents'][0]['uri'] );
		$this->assertSame( array( 'sealed' ), $this->completed );
	}
}
