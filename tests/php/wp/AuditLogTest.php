<?php
/**
 * The audit log (issue 35): a row and an event for every tools/call, resources/read and
 * prompts/get, with its outcome; redaction and bounds; retention; the screen's filters, export
 * and forms; the WP-CLI command's logic.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Audit\AuditCommand;
use McpNative\Plugin\Audit\AuditEvent;
use McpNative\Plugin\Audit\AuditLog;
use McpNative\Plugin\Audit\AuditPage;
use McpNative\Plugin\Audit\AuditQuery;
use McpNative\Plugin\Audit\AuditTable;
use McpNative\Plugin\Audit\Csv;
use McpNative\Plugin\Audit\Redactor;
use McpNative\Plugin\Audit\Retention;
use McpNative\Plugin\OAuth\BearerAuth;
use McpNative\Plugin\OAuth\Clients;
use McpNative\Plugin\OAuth\Grants;
use McpNative\Plugin\OAuth\Pkce;
use McpNative\Plugin\OAuth\Tokens;
use McpNative\Plugin\Report;

require_once __DIR__ . '/AbstractMcpTest.php';

final class AuditLogTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-audit/mcp';

	/** @var list<array{0: array<string, mixed>, 1: array<string, mixed>}> mcp_native_audit_event calls */
	private array $events = array();

	/** @var (\Closure(): mixed)|null What the echo ability does besides returning its input. */
	private ?\Closure $while_called = null;

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . AuditTable::name() ); // rolled back with the test
		$this->events = array();
		add_action( AuditLog::ACTION, function ( $attributes, $row ) {
			$this->events[] = array( $attributes, $row );
		}, 10, 2 );
		$this->register_test_ability(
			'mcpn-audit/echo',
			array(
				'input_schema'     => array( 'type' => 'object', 'properties' => array( 'text' => array( 'type' => 'string' ), 'password' => array( 'type' => 'string' ) ) ),
				'execute_callback' => function ( $input ) {
					$extra = null === $this->while_called ? null : ( $this->while_called )();
					return $extra instanceof \WP_Error ? $extra : array( 'echo' => $input['text'] ?? '' );
				},
			)
		);
		$this->register_test_ability( 'mcpn-audit/fails', array( 'execute_callback' => static fn() => new \WP_Error( 'broken', 'It broke.' ) ) );
		$this->register_test_ability( 'mcpn-audit/admins-only', array( 'permission_callback' => static fn() => current_user_can( 'manage_options' ) ) );
		$this->register_test_ability( 'mcpn-audit/readme', array( 'meta' => array( 'mcp' => array( 'type' => 'resource', 'uri' => 'audit://readme' ) ), 'execute_callback' => static fn() => 'Read me.' ) );
		$this->register_test_ability( 'mcpn-audit/greet', array( 'meta' => array( 'mcp' => array( 'type' => 'prompt' ) ), 'execute_callback' => static fn() => 'Hello.' ) );
		$this->add_server(
			'audit-server',
			array(
				'namespace' => 'mcpn-audit',
				'route'     => 'mcp',
				'name'      => 'Audit',
				'version'   => '1',
				'tools'     => array( 'mcpn-audit/echo', 'mcpn-audit/fails', 'mcpn-audit/admins-only' ),
				'resources' => array( 'mcpn-audit/readme' ),
				'prompts'   => array( 'mcpn-audit/greet' ),
			)
		);
	}

	/** @return list<array<string, string>> Rows, oldest first. */
	private function rows(): array {
		AuditLog::flush();
		return array_reverse( AuditQuery::parse( array() )->rows( 1000 ) );
	}

	private function call( string $session, string $tool, array $arguments = array(), int|string $id = 7 ): array {
		$response = $this->request( self::ROUTE, $session, 'tools/call', array( 'name' => $tool, 'arguments' => (object) $arguments ), $id );
		return $this->decoded( $response );
	}

	public function test_each_outcome_is_one_row_with_who_and_what(): void {
		$user    = $this->set_user( 'editor' );
		$session = $this->initialize( self::ROUTE );
		$this->call( $session, 'mcpn-audit-echo', array( 'text' => 'hi' ) );
		$this->call( $session, 'mcpn-audit-fails' );
		$this->call( $session, 'mcpn-audit-admins-only' );
		$this->call( $session, 'mcpn-audit-echo', array( 'text' => 5 ) );
		$this->call( $session, 'no-such-tool' );
		$this->while_called = static function () {
			AuditLog::mark_outcome( AuditLog::APPROVAL_DENIED, 'declined' );
			return new \WP_Error( 'approval_denied', 'The person said no.' );
		};
		$this->call( $session, 'mcpn-audit-echo', array( 'text' => 'delete all' ) );

		$rows = $this->rows();
		$this->assertSame(
			array(
				array( 'mcpn-audit-echo', 'mcpn-audit/echo', 'success', '' ),
				array( 'mcpn-audit-fails', 'mcpn-audit/fails', 'tool_error', 'broken' ),
				array( 'mcpn-audit-admins-only', 'mcpn-audit/admins-only', 'refused', 'ability_invalid_permissions' ),
				array( 'mcpn-audit-echo', 'mcpn-audit/echo', 'refused', 'invalid_arguments' ),
				array( 'no-such-tool', '', 'refused', '-32602' ),
				array( 'mcpn-audit-echo', 'mcpn-audit/echo', 'approval_denied', 'declined' ),
			),
			array_map( static fn( $r ) => array( $r['target'], $r['ability'], $r['outcome'], $r['error_code'] ), $rows )
		);
		foreach ( $rows as $row ) {
			$this->assertSame( (string) $user, $row['user_id'] );
			$this->assertSame( (string) get_current_blog_id(), $row['blog_id'] );
			$this->assertSame( array( 'phpunit', '1.0', $session, '2025-11-25', 'audit-server', 'tools/call' ), array( $row['client_name'], $row['client_version'], $row['session_id'], $row['protocol_version'], $row['server_id'], $row['method'] ) );
			$this->assertGreaterThan( 0, (float) $row['duration_ms'] );
			$this->assertEqualsWithDelta( time(), strtotime( $row['created_at'] . ' UTC' ), 5 );
		}
		$this->assertSame( '{"text":"hi"}', $rows[0]['arguments'] );
		$this->assertCount( 6, $this->events, 'one event per row' );
	}

	public function test_a_call_the_client_cancelled_is_recorded_as_cancelled(): void {
		$this->set_user( 'editor' );
		$session            = $this->initialize( self::ROUTE );
		$this->while_called = function () use ( $session ) {
			$this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'method' => 'notifications/cancelled', 'params' => array( 'requestId' => 'c-1' ) ), array( 'Mcp-Session-Id' => $session ) );
			return Report::cancelled() ? new \WP_Error( 'cancelled', 'Stopped.' ) : null;
		};
		$this->call( $session, 'mcpn-audit-echo', array( 'text' => 'long' ), 'c-1' );
		$this->assertSame( array( 'cancelled' ), array_column( $this->rows(), 'outcome' ) );
	}

	public function test_over_stdio_each_call_is_written_after_its_answer_line(): void {
		$this->set_user( 'editor' );
		$this->initialize( self::ROUTE ); // Builds the registry.
		$pair = stream_socket_pair( STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP );
		$out  = fopen( 'php://memory', 'w+' );
		$line = static fn( array $message ) => wp_json_encode( array( 'jsonrpc' => '2.0' ) + $message ) . "\n";
		fwrite( $pair[1], $line( array( 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25', 'capabilities' => new \stdClass(), 'clientInfo' => array( 'name' => 'stdio-client', 'version' => '9' ) ) ) ) );
		fwrite( $pair[1], $line( array( 'id' => 2, 'method' => 'tools/call', 'params' => array( 'name' => 'mcpn-audit-echo', 'arguments' => array( 'text' => 'a' ) ) ) ) );
		fwrite( $pair[1], $line( array( 'id' => 3, 'method' => 'tools/call', 'params' => array( 'name' => 'mcpn-audit-fails' ) ) ) );
		fclose( $pair[1] );
		$server = \McpNative\Plugin\Plugin::registry()->get_server( 'audit-server' );
		$this->assertSame( 0, ( new \McpNative\Plugin\Transport\StdioTransport( $server, $pair[0], $out, fopen( 'php://memory', 'w+' ) ) )->serve() );
		$this->assertCount( 3, array_filter( explode( "\n", (string) stream_get_contents( $out, -1, 0 ) ) ), 'three answers' );
		$this->assertCount( 2, $this->events, 'written by the transport, no flush needed' );
		$this->assertSame(
			array( array( 'success', 'stdio-client', '9', '' ), array( 'tool_error', 'stdio-client', '9', '' ) ),
			array_map( static fn( $r ) => array( $r['outcome'], $r['client_name'], $r['client_version'], $r['session_id'] ), $this->rows() )
		);
	}

	public function test_a_pre_tool_call_refusal_is_refused(): void {
		$this->set_user( 'editor' );
		add_filter( 'mcp_native_pre_tool_call', static fn() => new \WP_Error( 'blocked_by_policy', 'No.' ) );
		$this->call( $this->initialize( self::ROUTE ), 'mcpn-audit-echo', array( 'text' => 'x' ) );
		$this->assertSame( array( array( 'refused', 'blocked_by_policy' ) ), array_map( static fn( $r ) => array( $r['outcome'], $r['error_code'] ), $this->rows() ) );
	}

	public function test_resources_and_prompts_and_the_stateless_revision_with_its_client_info(): void {
		$this->set_user( 'editor' );
		$session = $this->initialize( self::ROUTE );
		$this->request( self::ROUTE, $session, 'resources/read', array( 'uri' => 'audit://readme' ) );
		$this->request( self::ROUTE, $session, 'prompts/get', array( 'name' => 'mcpn-audit-greet', 'arguments' => array( 'who' => 'me' ) ) );
		$this->request( self::ROUTE, $session, 'tools/list' ); // Not audited.
		$meta = array(
			'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
			'io.modelcontextprotocol/clientCapabilities' => new \stdClass(),
			'io.modelcontextprotocol/clientInfo'         => array( 'name' => 'modern-client', 'version' => '2.4.0' ),
		);
		$this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 3, 'method' => 'tools/call', 'params' => array( 'name' => 'mcpn-audit-echo', 'arguments' => array( 'text' => 'x' ), '_meta' => $meta ) ), array( 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => 'tools/call', 'Mcp-Name' => 'mcpn-audit-echo' ) );
		$rows = $this->rows();
		$this->assertSame(
			array(
				array( 'resources/read', 'audit://readme', 'mcpn-audit/readme', 'success', 'phpunit', '' ),
				array( 'prompts/get', 'mcpn-audit-greet', 'mcpn-audit/greet', 'success', 'phpunit', '{"who":"me"}' ),
				array( 'tools/call', 'mcpn-audit-echo', 'mcpn-audit/echo', 'success', 'modern-client', '{"text":"x"}' ),
			),
			array_map( static fn( $r ) => array( $r['method'], $r['target'], $r['ability'], $r['outcome'], $r['client_name'], $r['arguments'] ), $rows )
		);
		$this->assertSame( array( '2.4.0', '', '2026-07-28' ), array( $rows[2]['client_version'], $rows[2]['session_id'], $rows[2]['protocol_version'] ) );
	}

	/**
	 * Logs the request in with a real OAuth access token for this server, as BearerAuth does
	 * (a registered client, an approved grant, the token endpoint's answer).
	 */
	private function authenticate_with_a_token( int $user_id ): void {
		$redirect = 'http://127.0.0.1:7777/callback';
		$client   = Clients::register( array( 'redirect_uris' => array( $redirect ), 'client_name' => 'Example AI' ) );
		$grant    = Grants::approve( get_user_by( 'id', $user_id ), $client['client_id'], 'Example AI', '127.0.0.1', self::ROUTE, home_url( '/wp-json' . self::ROUTE ), 'mcp:read mcp:write' );
		$verifier = wp_generate_password( 64, false );
		$code     = Tokens::issue_code( $grant, array( 'client_id' => $client['client_id'], 'redirect_uri' => $redirect, 'code_challenge' => Pkce::challenge( $verifier ), 'scope' => 'mcp:read mcp:write' ) );
		$request  = new \WP_REST_Request( 'POST', '/mcp-native/v1/oauth/token' );
		$request->set_header( 'Content-Type', 'application/x-www-form-urlencoded' );
		$request->set_body_params( array( 'grant_type' => 'authorization_code', 'code' => $code, 'redirect_uri' => $redirect, 'code_verifier' => $verifier, 'client_id' => $client['client_id'] ) );
		$tokens = rest_do_request( $request )->get_data();
		$this->assertIsString( $tokens['access_token'] ?? null, wp_json_encode( $tokens ) );
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $tokens['access_token'];
		$_SERVER['REQUEST_URI']        = wp_parse_url( home_url(), PHP_URL_PATH ) . '/wp-json' . self::ROUTE;
		BearerAuth::reset();
		Tokens::forget_cached();
		$GLOBALS['current_user'] = null;
		$this->assertSame( $user_id, get_current_user_id(), 'the token logs its user in' );
		$this->assertSame( $client['client_id'], BearerAuth::current()?->grant->client_id );
	}

	public function test_the_event_carries_opentelemetry_attributes_and_the_oauth_client(): void {
		$user = $this->create_user( 'editor' );
		$this->authenticate_with_a_token( $user );
		try {
			$session = $this->initialize( self::ROUTE );
			$this->call( $session, 'mcpn-audit-fails', array(), 'r-9' );
		} finally {
			unset( $_SERVER['HTTP_AUTHORIZATION'] );
			BearerAuth::reset();
		}
		$this->assertSame( array(), $this->events, 'written once the answer has gone' );
		$this->assertNotFalse( has_action( 'shutdown', array( AuditEvent::class, 'flush_after_response' ) ) );
		AuditEvent::flush_after_response();
		$this->assertCount( 1, $this->events );
		[ $attributes, $row ] = $this->events[0];
		$client_id            = $row['oauth_client_id'];
		$this->assertNotSame( '', $client_id );
		$this->assertSame( 'tools/call', $attributes['mcp.method.name'] );
		$this->assertSame( 'mcpn-audit-fails', $attributes['gen_ai.tool.name'] );
		$this->assertSame( 'execute_tool', $attributes['gen_ai.operation.name'] );
		$this->assertSame( $session, $attributes['mcp.session.id'] );
		$this->assertSame( '2025-11-25', $attributes['mcp.protocol.version'] );
		$this->assertSame( (string) $user, $attributes['user.id'] );
		$this->assertSame( 'tool_error', $attributes['error.type'] );
		$this->assertSame( 'r-9', $attributes['jsonrpc.request.id'] );
		$this->assertSame( $client_id, $attributes['mcp_native.oauth.client_id'] );
		$this->assertIsFloat( $attributes['mcp_native.duration_ms'] );
		$this->assertSame( 'Example AI', $row['oauth_client_name'] );
		$this->assertSame( array( $client_id, 'Example AI', (string) $user ), array( $this->rows()[0]['oauth_client_id'], $this->rows()[0]['oauth_client_name'], $this->rows()[0]['user_id'] ) );
	}

	public function test_oversized_client_and_names_are_cut_to_their_columns(): void {
		$this->set_user( 'editor' );
		$meta = array(
			'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
			'io.modelcontextprotocol/clientCapabilities' => new \stdClass(),
			'io.modelcontextprotocol/clientInfo'         => array( 'name' => str_repeat( 'é', 3000 ), 'version' => str_repeat( '9', 500 ) ),
		);
		$name = str_repeat( 'n', 5000 );
		$this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 3, 'method' => 'tools/call', 'params' => array( 'name' => $name, '_meta' => $meta ) ), array( 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => 'tools/call', 'Mcp-Name' => $name ) );
		$rows = $this->rows();
		$this->assertCount( 1, $rows );
		$this->assertSame( str_repeat( 'é', 50 ), $rows[0]['client_name'], '100 bytes, whole characters' );
		$this->assertSame( str_repeat( '9', 50 ), $rows[0]['client_version'] );
		$this->assertSame( str_repeat( 'n', 255 ), $rows[0]['target'] );
		$this->assertSame( 'refused', $rows[0]['outcome'] );
	}

	public function test_nothing_is_recorded_when_the_log_is_switched_off(): void {
		$this->set_user( 'editor' );
		add_filter( 'mcp_native_audit_enabled', '__return_false' );
		$this->call( $this->initialize( self::ROUTE ), 'mcpn-audit-echo', array( 'text' => 'x' ) );
		$this->assertSame( array(), $this->rows() );
		$this->assertSame( array(), $this->events );
	}

	public function test_mark_outcome_refuses_unknown_outcomes_and_says_when_no_call_runs(): void {
		$this->assertFalse( AuditLog::mark_outcome( AuditLog::APPROVAL_DENIED ) );
		$this->expectException( \InvalidArgumentException::class );
		AuditLog::mark_outcome( 'maybe' );
	}

	public function test_secrets_are_masked_at_any_depth(): void {
		$arguments = (object) array(
			'title'    => 'Post',
			'password' => 'hunter2',
			'nested'   => (object) array(
				'list' => array( (object) array( 'apiKey' => 'k1', 'Authorization' => 'Bearer x', 'deeper' => (object) array( 'client_secret' => 's', 'accessToken' => 't', 'keyword' => 'kept' ) ) ),
				'credentials' => (object) array( 'user' => 'u', 'pass' => 'p' ),
			),
		);
		$summary = Redactor::summary( $arguments );
		foreach ( array( 'hunter2', 'k1', 'Bearer x', '"s"', '"t"', '"p"' ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $summary );
		}
		$this->assertSame( '{"title":"Post","password":"[redacted]","nested":{"list":[{"apiKey":"[redacted]","Authorization":"[redacted]","deeper":{"client_secret":"[redacted]","accessToken":"[redacted]","keyword":"kept"}}],"credentials":"[redacted]"}}', $summary );
		foreach ( array( 'password', 'user_pass', 'X-Api-Key', 'private_key', 'sessionToken', 'pin', 'auth' ) as $name ) {
			$this->assertTrue( Redactor::is_secret_name( $name ), $name );
		}
		foreach ( array( 'keyword', 'monkey', 'title', 'passage', 'author' ) as $name ) {
			$this->assertFalse( Redactor::is_secret_name( $name ), $name );
		}
	}

	public function test_the_copy_is_bounded_in_size_depth_members_and_strings(): void {
		$deep = 'leaf';
		for ( $i = 0; $i < 20; $i++ ) {
			$deep = array( 'd' => $deep );
		}
		$this->assertSame( '{"d":{"d":{"d":{"d":{"d":{"d":"[…]"}}}}}}', Redactor::summary( $deep ) );
		$many = Redactor::summary( range( 1, 80 ) );
		$this->assertStringEndsWith( ',50,"…+30 more"]', $many );
		$long = Redactor::summary( array( 'text' => str_repeat( 'é', 400 ) ) );
		$this->assertSame( Redactor::MAX_STRING_BYTES + strlen( '{"text":"…"}' ), strlen( $long ) );
		$this->assertNotNull( json_decode( $long ) );
		$huge = Redactor::summary( array_fill( 0, 40, str_repeat( 'x', 200 ) ) );
		$this->assertSame( Redactor::MAX_BYTES, strlen( $huge ) );
		$this->assertStringEndsWith( '…', $huge );
		$this->assertSame( '', Redactor::summary( array() ) );
		$this->assertSame( '', Redactor::summary( new \stdClass() ), 'no arguments' );
		$this->assertSame( '{"a":{},"b":[]}', Redactor::summary( (object) array( 'a' => new \stdClass(), 'b' => array() ) ) );
	}

	private function insert_row( string $created_at, array $extra = array() ): void {
		AuditTable::insert( $extra + array( 'created_at' => $created_at, 'method' => 'tools/call', 'target' => 't', 'outcome' => AuditLog::SUCCESS, 'arguments' => '' ) );
	}

	public function test_retention_removes_old_rows_then_the_oldest_beyond_the_count(): void {
		$this->insert_row( gmdate( 'Y-m-d H:i:s', time() - 40 * DAY_IN_SECONDS ) );
		$this->insert_row( gmdate( 'Y-m-d H:i:s', time() - 31 * DAY_IN_SECONDS ) );
		for ( $i = 0; $i < 5; $i++ ) {
			$this->insert_row( gmdate( 'Y-m-d H:i:s', time() - $i ), array( 'target' => 'recent-' . $i ) );
		}
		$this->assertSame( 2, AuditLog::cleanup(), 'defaults: 30 days, 100 000 rows' );
		$this->assertCount( 5, $this->rows() );
		$this->assertSame( 2, AuditTable::prune( 30, 3 ) );
		$this->assertSame( array( 'recent-2', 'recent-3', 'recent-4' ), array_column( $this->rows(), 'target' ) );
		$this->assertSame( 0, AuditLog::cleanup() );
		// The owner's settings are what the cleanup applies.
		$this->insert_row( gmdate( 'Y-m-d H:i:s', time() - 2 * DAY_IN_SECONDS ), array( 'target' => 'two days old' ) );
		$this->assertSame( 0, AuditLog::cleanup() );
		Retention::save( array( 'days' => 1, 'rows' => 100 ) );
		$this->assertSame( 1, AuditLog::cleanup() );
		$this->assertSame( array( 'recent-2', 'recent-3', 'recent-4' ), array_column( $this->rows(), 'target' ) );
	}

	public function test_the_nightly_cleanup_is_scheduled_and_hooked(): void {
		wp_clear_scheduled_hook( AuditLog::CLEANUP_HOOK );
		AuditLog::schedule_cleanup();
		$this->assertNotFalse( wp_next_scheduled( AuditLog::CLEANUP_HOOK ) );
		$this->assertSame( 'daily', wp_get_schedule( AuditLog::CLEANUP_HOOK ) );
		$this->assertNotFalse( has_action( AuditLog::CLEANUP_HOOK, array( AuditLog::class, 'cleanup' ) ) );
	}

	public function test_csv_cells_that_a_spreadsheet_would_run_are_neutralised(): void {
		$csv = Csv::text( array( array( 'target' => '=HYPERLINK("http://evil")', 'client_name' => '+1', 'ability' => '@SUM(A1)', 'error_code' => '-32602', 'arguments' => "{\"a\":\"line\nbreak\"}", 'server_id' => 'plain' ) ) );
		$lines = explode( "\n", $csv, 2 );
		$this->assertSame( implode( ',', Csv::COLUMNS ), $lines[0] );
		$cells = str_getcsv( trim( $lines[1] ), ',', '"', '' );
		$row   = array_combine( Csv::COLUMNS, $cells );
		$this->assertSame( array( "'=HYPERLINK(\"http://evil\")", "'+1", "'@SUM(A1)", "'-32602", "{\"a\":\"line\nbreak\"}", 'plain' ), array( $row['target'], $row['client_name'], $row['ability'], $row['error_code'], $row['arguments'], $row['server_id'] ) );
		$this->assertSame( "'\tx", Csv::cell( "\tx" ) );
	}

	public function test_filters_by_user_ability_outcome_and_dates(): void {
		$editor = $this->create_user( 'editor' );
		$login  = get_userdata( $editor )->user_login;
		$this->insert_row( '2026-01-10 12:00:00', array( 'user_id' => $editor, 'ability' => 'a/one', 'target' => 'a-one', 'outcome' => 'refused' ) );
		$this->insert_row( '2026-01-11 12:00:00', array( 'user_id' => 1, 'ability' => 'a/two', 'target' => 'a-two' ) );
		$this->insert_row( '2026-01-12 12:00:00', array( 'user_id' => $editor, 'ability' => 'a/two', 'target' => 'a-two' ) );
		$targets = fn( array $filters ) => array_column( array_reverse( AuditQuery::parse( $filters )->rows( 100 ) ), 'created_at' );
		$this->assertSame( array( '2026-01-10 12:00:00', '2026-01-12 12:00:00' ), $targets( array( 'user' => $login ) ) );
		$this->assertSame( array( '2026-01-10 12:00:00', '2026-01-12 12:00:00' ), $targets( array( 'user' => (string) $editor ) ) );
		$this->assertSame( array( '2026-01-11 12:00:00', '2026-01-12 12:00:00' ), $targets( array( 'ability' => 'a/two' ) ) );
		$this->assertSame( array( '2026-01-11 12:00:00', '2026-01-12 12:00:00' ), $targets( array( 'ability' => 'a-two' ) ), 'the tool name as called' );
		$this->assertSame( array( '2026-01-10 12:00:00' ), $targets( array( 'outcome' => 'refused' ) ) );
		update_option( 'timezone_string', 'UTC' );
		$this->assertSame( array( '2026-01-11 12:00:00' ), $targets( array( 'from' => '2026-01-11', 'to' => '2026-01-11' ) ) );
		$this->assertSame( 1, AuditQuery::parse( array( 'user' => $login, 'ability' => 'a/two' ) )->count() );
		foreach ( array( array( 'user' => 'nobody-by-this-name' ), array( 'outcome' => 'weird' ), array( 'from' => '2026-02-30' ), array( 'to' => '11/01/2026' ), array( 'ability' => str_repeat( 'a', 256 ) ), array( 'ability' => array( 'x' ) ), array( 'ability' => "\xff" ) ) as $bad ) {
			$this->assertInstanceOf( \WP_Error::class, AuditQuery::parse( $bad ), wp_json_encode( $bad ) ?: 'binary' );
		}
	}

	/** Runs $work with wp_die() throwing (message, status). */
	private function dies( callable $work ): \RuntimeException {
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ): void {
				throw new \RuntimeException( wp_strip_all_tags( is_string( $message ) ? $message : ( $message instanceof \WP_Error ? $message->get_error_message() : '' ) ), (int) ( is_array( $args ) ? ( $args['response'] ?? 0 ) : 0 ) );
			}
		);
		try {
			$work();
		} catch ( \RuntimeException $e ) {
			return $e;
		}
		$this->fail( 'wp_die() was not called' );
	}

	public function test_export_needs_its_nonce_the_capability_and_sane_filters(): void {
		$this->set_user( 'administrator' );
		$this->assertSame( 403, $this->dies( static fn() => AuditPage::checked_export_filters( array() ) )->getCode(), 'no nonce' );
		$_REQUEST['_wpnonce'] = wp_create_nonce( AuditPage::EXPORT_ACTION );
		$this->assertInstanceOf( AuditQuery::class, AuditPage::checked_export_filters( array( 'audit_outcome' => 'refused' ) ) );
		$this->assertSame( 400, $this->dies( static fn() => AuditPage::checked_export_filters( array( 'audit_outcome' => '=cmd' ) ) )->getCode() );
		$this->set_user( 'subscriber' );
		$_REQUEST['_wpnonce'] = wp_create_nonce( AuditPage::EXPORT_ACTION );
		$this->assertSame( 403, $this->dies( static fn() => AuditPage::checked_export_filters( array() ) )->getCode(), 'a subscriber' );
		$this->assertStringContainsString( 'action=' . AuditPage::EXPORT_ACTION, AuditPage::export_url( array( 'user' => 'admin' ) ) );
		$this->assertStringContainsString( 'audit_user=admin', AuditPage::export_url( array( 'user' => 'admin' ) ) );
	}

	public function test_the_retention_form_stores_only_valid_values_with_nonce_and_capability(): void {
		$this->set_user( 'administrator' );
		$this->assertSame( 403, $this->dies( static fn() => AuditPage::save_retention( array( 'days' => '7', 'rows' => '500' ) ) )->getCode(), 'no nonce' );
		$_REQUEST['_wpnonce'] = wp_create_nonce( AuditPage::RETENTION_ACTION );
		foreach ( array( array( 'days' => '0', 'rows' => '500' ), array( 'days' => '7', 'rows' => '99999999999' ), array( 'days' => '7.5', 'rows' => '500' ), array( 'days' => array( '7' ), 'rows' => '500' ), array( 'days' => '7' ), array( 'days' => '-1', 'rows' => '500' ) ) as $bad ) {
			$this->assertStringContainsString( 'retention_error=1', AuditPage::save_retention( $bad ) );
			$this->assertFalse( get_option( Retention::OPTION ), 'nothing stored for ' . wp_json_encode( $bad ) );
		}
		$this->assertStringContainsString( 'retention_saved=1', AuditPage::save_retention( array( 'days' => '7', 'rows' => '500' ) ) );
		$this->assertSame( array( 'days' => 7, 'rows' => 500 ), Retention::get() );
		$this->set_user( 'editor' );
		$_REQUEST['_wpnonce'] = wp_create_nonce( AuditPage::RETENTION_ACTION );
		$this->assertSame( 403, $this->dies( static fn() => AuditPage::save_retention( array( 'days' => '1', 'rows' => '100' ) ) )->getCode() );
		$this->assertSame( array( 'days' => 7, 'rows' => 500 ), Retention::get() );
	}

	public function test_the_screen_lists_rows_and_refuses_a_subscriber(): void {
		require_once ABSPATH . 'wp-admin/includes/template.php'; // submit_button(), as on every admin screen.
		$this->insert_row( gmdate( 'Y-m-d H:i:s' ), array( 'target' => '<script>x</script>', 'outcome' => 'refused', 'arguments' => '{"a":"<b>"}' ) );
		$this->set_user( 'administrator' );
		$_GET = array( 'page' => AuditPage::SLUG, 'audit_outcome' => 'refused' );
		ob_start();
		AuditPage::render();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( 'data-outcome="refused"', $html );
		$this->assertStringContainsString( '&lt;script&gt;x&lt;/script&gt;', $html );
		$this->assertStringNotContainsString( '<script>x', $html );
		$this->assertStringContainsString( 'mcp-native-audit-export', $html );
		$_GET = array( 'page' => AuditPage::SLUG, 'audit_outcome' => 'nope' );
		ob_start();
		AuditPage::render();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( 'mcp-native-audit-error', $html );
		$this->assertStringNotContainsString( 'data-outcome=', $html );
		$this->set_user( 'subscriber' );
		ob_start();
		try {
			$this->assertSame( 403, $this->dies( static fn() => AuditPage::render() )->getCode() );
		} finally {
			$this->assertStringNotContainsString( 'data-outcome', (string) ob_get_clean() );
		}
	}

	public function test_the_wp_cli_command_lists_filters_prunes_and_is_registered(): void {
		$this->insert_row( '2020-01-01 00:00:00', array( 'target' => 'old' ) );
		$this->insert_row( gmdate( 'Y-m-d H:i:s' ), array( 'target' => '=new', 'outcome' => 'refused' ) );
		$this->assertSame( array( '=new' ), array_column( AuditCommand::list_rows( array( 'outcome' => 'refused' ) ), 'target' ) );
		$this->assertCount( 1, AuditCommand::list_rows( array( 'limit' => '1' ) ) );
		foreach ( array( array( 'limit' => '0' ), array( 'limit' => 'ten' ), array( 'outcome' => 'x' ), array( 'colour' => 'red' ) ) as $bad ) {
			$this->assertInstanceOf( \WP_Error::class, AuditCommand::list_rows( $bad ), wp_json_encode( $bad ) );
		}
		$this->assertInstanceOf( \WP_Error::class, AuditCommand::prune_rows( array( 'days' => '0' ) ) );
		$this->assertSame( 1, AuditCommand::prune_rows( array() ) );

		if ( ! class_exists( 'WP_CLI', false ) ) {
			require __DIR__ . '/stand-ins/WP_CLI.php';
		}
		\WP_CLI::$commands = array();
		\WP_CLI::$lines    = array();
		AuditCommand::register();
		$this->assertSame( AuditCommand::class, \WP_CLI::$commands['mcp-native audit'] ?? null );
		( new AuditCommand() )->list( array(), array( 'format' => 'csv' ) );
		$this->assertStringContainsString( ",'=new,", \WP_CLI::$lines[0] );
		( new AuditCommand() )->list( array(), array( 'format' => 'json', 'outcome' => 'refused' ) );
		$this->assertSame( array( '=new' ), array_column( json_decode( \WP_CLI::$lines[1], true ), 'target' ) );
		( new AuditCommand() )->prune( array(), array( 'days' => '1' ) );
		$this->assertSame( 'Success: 0 rows deleted.', \WP_CLI::$lines[2] );
		$this->expectExceptionMessage( '--format must be one of table, csv, json.' );
		( new AuditCommand() )->list( array(), array( 'format' => 'xml' ) );
	}

	public function test_deleting_the_plugin_or_a_site_drops_the_table(): void {
		$this->assertContains( AuditTable::name(), AuditTable::drop_with_site( array( 'wp_posts' ) ) );
		$this->assertNotFalse( has_filter( 'wpmu_drop_tables', array( AuditTable::class, 'drop_with_site' ) ) );
		$queries = array();
		add_filter( 'query', static function ( $query ) use ( &$queries ) {
			$queries[] = $query;
			return $query;
		}, 5 );
		\McpNative\Plugin\Uninstaller::run();
		$this->assertContains( 'DROP TABLE IF EXISTS ' . AuditTable::name(), $queries );
		$this->assertFalse( get_option( AuditTable::VERSION_OPTION ) );
		$this->assertFalse( wp_next_scheduled( AuditLog::CLEANUP_HOOK ) );
	}
}
