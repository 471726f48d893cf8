<?php
/**
 * The site owner decides (issue 35): which abilities each server exposes (and whether the default
 * server lists them as tools), and which ask a person first. In process on the real WordPress;
 * the 2025-11-25 wire (elicitation on the SSE stream, the answer in another POST) is covered over
 * HTTP by tests/e2e/owner-control.test.mjs.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Control\Approval;
use McpNative\Plugin\Control\Exposure;
use WP_REST_Response;

require_once __DIR__ . '/AbstractMcpTest.php';

final class OwnerControlTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-owner/mcp';
	private const TOOL  = 'mcpn-owner-wipe';

	/** @var list<mixed> inputs the destructive ability ran with */
	private array $ran = array();

	protected function setUp(): void {
		parent::setUp();
		Exposure::flush();
		$this->set_user( 'administrator' );
		$this->ran = array();
		$this->register_test_ability(
			'mcpn-owner/wipe',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'id' => array( 'type' => 'integer' ) ),
					'required'   => array( 'id' ),
				),
				'meta'             => array(
					'mcp'         => array( 'public' => true ),
					'annotations' => array( 'destructive' => true ),
				),
				'execute_callback' => function ( $input ) {
					$this->ran[] = $input;
					return array( 'wiped' => $input['id'] );
				},
			)
		);
		$this->register_test_ability( 'mcpn-owner/look', array( 'meta' => array( 'mcp' => array( 'public' => true ), 'annotations' => array( 'readonly' => true ) ) ) );
		$this->register_test_ability( 'mcpn-owner/hidden', array( 'meta' => array( 'mcp' => array( 'public' => false ) ) ) );
		$this->add_server(
			'owner-server',
			array(
				'namespace' => 'mcpn-owner',
				'route'     => 'mcp',
				'tools'     => array( 'mcpn-owner/wipe', 'mcpn-owner/look' ),
			)
		);
	}

	protected function tearDown(): void {
		Exposure::flush();
		parent::tearDown();
	}

	public function test_destructive_abilities_ask_first_by_default_and_the_owner_decides(): void {
		$this->assertTrue( Exposure::asks_first( wp_get_ability( 'mcpn-owner/wipe' ) ), 'destructive: ask first by default' );
		$this->assertFalse( Exposure::asks_first( wp_get_ability( 'mcpn-owner/look' ) ) );
		Exposure::save( array( 'ask' => array( 'mcpn-owner/wipe' => false, 'mcpn-owner/look' => true ) ) );
		$this->assertFalse( Exposure::asks_first( wp_get_ability( 'mcpn-owner/wipe' ) ), 'the owner wins' );
		$this->assertTrue( Exposure::asks_first( wp_get_ability( 'mcpn-owner/look' ) ) );
	}

	public function test_an_approval_is_asked_then_the_ability_runs_only_after_yes(): void {
		$first = $this->call( array( 'id' => 5 ) );
		$round = $this->decoded( $first )['result'] ?? array();
		$this->assertSame( 'input_required', $round['resultType'] ?? null, $this->wire( $first ) );
		$question = $round['inputRequests'][ Approval::KEY ] ?? array();
		$this->assertSame( 'elicitation/create', $question['method'] ?? null );
		$this->assertStringContainsString( 'mcpn-owner/wipe', $question['params']['message'] );
		$this->assertStringContainsString( '{"id":5}', $question['params']['message'], 'the arguments are shown' );
		$this->assertSame( array(), $this->ran, 'nothing ran before the answer' );

		$declined = $this->answer( $round, array( 'action' => 'decline' ), array( 'id' => 5 ) );
		$this->assertTrue( $declined['isError'] ?? false );
		$this->assertStringContainsString( 'not approved', wp_json_encode( $declined ) );
		$this->assertSame( array(), $this->ran, 'declined: never ran' );

		$round = $this->decoded( $this->call( array( 'id' => 5 ) ) )['result'];
		$no    = $this->answer( $round, array( 'action' => 'accept', 'content' => array( 'approve' => false ) ), array( 'id' => 5 ) );
		$this->assertTrue( $no['isError'] ?? false, 'an accepted form that says no is a no' );
		$this->assertSame( array(), $this->ran );

		$round = $this->decoded( $this->call( array( 'id' => 5 ) ) )['result'];
		$yes   = $this->answer( $round, array( 'action' => 'accept', 'content' => array( 'approve' => true ) ), array( 'id' => 5 ) );
		$this->assertFalse( $yes['isError'] ?? false, wp_json_encode( $yes ) );
		$this->assertSame( array( array( 'id' => 5 ) ), $this->ran );
	}

	public function test_a_yes_sent_ahead_without_the_servers_request_is_not_an_approval(): void {
		$forged = $this->call( array( 'id' => 6 ), array( 'inputResponses' => array( Approval::KEY => array( 'action' => 'accept', 'content' => array( 'approve' => true ) ) ) ) );
		$this->assertSame( 'input_required', $this->decoded( $forged )['result']['resultType'] ?? null, 'it is asked all the same' );
		$this->assertSame( array(), $this->ran );
	}

	public function test_a_client_that_cannot_elicit_is_refused_and_nothing_runs(): void {
		$result = $this->decoded( $this->call( array( 'id' => 7 ), array(), array() ) )['result'] ?? array();
		$this->assertTrue( $result['isError'] ?? false );
		$this->assertStringContainsString( 'cannot ask', wp_json_encode( $result ) );
		$this->assertSame( array(), $this->ran );

		$session = $this->initialize( self::ROUTE ); // 2025-11-25, in process: no stream to ask on.
		$legacy  = $this->call_tool( self::ROUTE, $session, self::TOOL, array( 'id' => 7 ) );
		$this->assertTrue( $legacy['isError'] ?? false );
		$this->assertSame( array(), $this->ran );
	}

	public function test_invalid_arguments_are_reported_before_anyone_is_asked(): void {
		$result = $this->decoded( $this->call( array( 'id' => 'not a number' ) ) )['result'] ?? array();
		$this->assertTrue( $result['isError'] ?? false );
		$this->assertNotSame( 'input_required', $result['resultType'] ?? null );
	}

	public function test_the_owner_hides_and_shows_abilities_per_server(): void {
		$session = $this->initialize( self::ROUTE );
		$this->assertArrayHasKey( 'mcpn-owner-look', $this->list_tools( self::ROUTE, $session ) );

		Exposure::save( array( 'servers' => array( 'owner-server' => array( 'mcpn-owner/look' => false, 'mcpn-owner/hidden' => true ) ) ) );
		$GLOBALS['wp_rest_server'] = null; // A new request: the servers are built again.
		$session = $this->initialize( self::ROUTE );
		$tools   = $this->list_tools( self::ROUTE, $session );
		$this->assertArrayNotHasKey( 'mcpn-owner-look', $tools, 'switched off' );
		$this->assertArrayHasKey( 'mcpn-owner-hidden', $tools, 'switched on by the owner' );
		$refused = $this->request( self::ROUTE, $session, 'tools/call', array( 'name' => 'mcpn-owner-look', 'arguments' => new \stdClass() ) );
		$this->assertRpcError( $refused, 200, -32602 );
	}

	public function test_the_default_server_follows_the_owner_and_can_list_direct_tools(): void {
		$discover = fn() => array_column( $this->call_tool( self::DEFAULT_ROUTE, $this->initialize(), 'mcp-adapter-discover-abilities', array() )['structuredContent']['abilities'] ?? array(), 'name' );
		$this->assertContains( 'mcpn-owner/look', $discover() );
		$this->assertNotContains( 'mcpn-owner/hidden', $discover() );

		Exposure::save( array( 'servers' => array( 'mcp-adapter-default-server' => array( 'mcpn-owner/look' => false, 'mcpn-owner/hidden' => true ) ), 'direct' => true ) );
		$GLOBALS['wp_rest_server'] = null;
		$this->assertNotContains( 'mcpn-owner/look', $discover() );
		$this->assertContains( 'mcpn-owner/hidden', $discover() );
		$refused = $this->call_tool( self::DEFAULT_ROUTE, $this->initialize(), 'mcp-adapter-execute-ability', array( 'ability_name' => 'mcpn-owner/look', 'parameters' => array() ) );
		$this->assertTrue( $refused['isError'] ?? false, 'a hidden ability is refused on execute' );
		$tools = $this->list_tools( self::DEFAULT_ROUTE, $this->initialize() );
		$this->assertArrayHasKey( 'mcp-adapter-execute-ability', $tools, 'the meta-tools stay' );
		$this->assertArrayHasKey( 'mcpn-owner-hidden', $tools, 'direct tools: exposed abilities listed too' );
		$this->assertArrayNotHasKey( 'mcpn-owner-look', $tools );
	}

	public function test_stored_choices_are_cleaned_and_bounded(): void {
		Exposure::save(
			array(
				'servers' => array( 'owner-server' => array( 'mcpn-owner/look' => 'yes', 'Bad Name' => true, 'mcpn-owner/wipe' => false ) ),
				'ask'     => array( '<script>' => true, 'mcpn-owner/look' => 1 ),
				'direct'  => 'true',
				'extra'   => 'dropped',
			)
		);
		$this->assertSame(
			array(
				'servers' => array( 'owner-server' => array( 'mcpn-owner/wipe' => false ) ),
				'ask'     => array(),
				'direct'  => false,
			),
			get_option( Exposure::OPTION )
		);
	}

	public function test_the_screens_form_refuses_bad_input_and_stores_nothing(): void {
		$submit = function ( array $post, ?string $nonce ): string {
			$_SERVER['REQUEST_METHOD'] = 'POST';
			$_POST                     = $post + ( null === $nonce ? array() : array( '_wpnonce' => $nonce ) );
			$_REQUEST                  = $_POST;
			add_filter( 'wp_die_handler', static fn() => static function ( $message ) {
				throw new \RuntimeException( 'wp_die: ' . ( is_string( $message ) ? $message : 'error' ) );
			} );
			add_filter( 'wp_redirect', static function () {
				throw new \RuntimeException( 'redirected' );
			} );
			try {
				\McpNative\Plugin\Admin\AbilitiesPage::save();
				return 'returned';
			} catch ( \RuntimeException $e ) {
				return $e->getMessage();
			}
		};
		$off = array( 'shown' => array( 'mcpn-owner/look' ) ); // The box of look left unticked: off everywhere.

		$this->assertStringStartsWith( 'wp_die', $submit( $off, null ), 'no nonce' );
		$this->assertStringStartsWith( 'wp_die', $submit( $off, 'forged' ), 'a forged nonce' );
		$this->set_user( 'editor' );
		$this->assertStringStartsWith( 'wp_die', $submit( $off, wp_create_nonce( 'mcp_native_exposure' ) ), 'no manage_options' );
		$this->set_user( 'administrator' );
		$huge = array( 'shown' => array_fill( 0, Exposure::MAX_ENTRIES + 1, 'mcpn-owner/look' ) );
		$this->assertStringStartsWith( 'wp_die', $submit( $huge, wp_create_nonce( 'mcp_native_exposure' ) ), 'oversized' );
		$this->assertFalse( get_option( Exposure::OPTION ), 'nothing stored' );

		$malformed = array( 'shown' => 'not a list', 'expose' => 'x', 'ask' => array( array( 1 ) ) );
		$this->assertSame( 'redirected', $submit( $malformed, wp_create_nonce( 'mcp_native_exposure' ) ) );
		$this->assertSame( array( 'servers' => array(), 'ask' => array(), 'direct' => false ), get_option( Exposure::OPTION ), 'a malformed form stores no choice' );

		$this->assertSame( 'redirected', $submit( $off, wp_create_nonce( 'mcp_native_exposure' ) ) );
		Exposure::flush();
		$this->assertFalse( Exposure::exposes( 'owner-server', 'mcpn-owner/look', true ), 'a valid form is stored' );
	}

	// ------------------------------------------------------------------ helpers

	/**
	 * A 2026-07-28 tools/call of the destructive tool.
	 *
	 * @param array<string, mixed> $extra        More params (inputResponses, requestState).
	 * @param array<string, mixed> $capabilities The client's capabilities.
	 */
	private function call( array $arguments, array $extra = array(), array $capabilities = array( 'elicitation' => array() ) ): WP_REST_Response {
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
			array( 'jsonrpc' => '2.0', 'id' => 3, 'method' => 'tools/call', 'params' => $params ),
			array( 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => 'tools/call', 'Mcp-Name' => self::TOOL )
		);
	}

	/**
	 * Sends the answer to an input_required round; returns the final CallToolResult.
	 *
	 * @param array<string, mixed> $round  The input_required result.
	 * @param array<string, mixed> $answer The elicitation result.
	 * @return array<string, mixed>
	 */
	private function answer( array $round, array $answer, array $arguments ): array {
		$response = $this->call( $arguments, array( 'inputResponses' => array( Approval::KEY => $answer ), 'requestState' => $round['requestState'] ) );
		$this->assertSame( 200, $response->get_status(), $this->wire( $response ) );
		return $this->decoded( $response )['result'];
	}
}
