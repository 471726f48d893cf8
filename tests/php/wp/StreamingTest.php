<?php
/**
 * Progress and log notifications while an ability runs (Report API): what is sent, and how each
 * transport frames it (SSE events on the POST, stdio lines, or a single JSON body).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Plugin;
use McpNative\Plugin\Report;
use McpNative\Plugin\Server;
use McpNative\Plugin\Session\CancelledRequests;
use McpNative\Plugin\Session\SessionStore;
use McpNative\Plugin\Transport\HttpTransport;
use McpNative\Plugin\Transport\SseStream;
use McpNative\Plugin\Transport\StdioTransport;
use McpNative\Plugin\Transport\StreamedResponse;

final class StreamingTest extends AbstractMcpTest {

	private const ROUTE = '/mcpn-stream/mcp';
	private const TOOL  = 'mcp-native-tests-stream';

	/** @var list<bool> What each Report call of the test ability returned. */
	private array $reported = array();

	/** @var (\Closure(): void)|null Runs inside the test ability, before it reports. */
	private ?\Closure $while_called = null;

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->register_test_ability(
			'mcp-native-tests/stream',
			array(
				'input_schema'     => array(
					'type'       => 'object',
					'properties' => array( 'repeat' => array( 'type' => 'boolean' ) ),
				),
				'execute_callback' => function ( $input = null ) {
					if ( null !== $this->while_called ) {
						( $this->while_called )();
					}
					foreach ( array( 1, 2, 3 ) as $step ) {
						$this->reported[] = Report::progress( $step, 3, "step $step" );
						if ( ! empty( $input['repeat'] ) ) {
							$this->reported[] = Report::progress( $step, 3 ); // Not increasing: dropped.
						}
					}
					echo 'stray output';
					$this->reported[] = Report::log( 'debug', 'detail' );
					$this->reported[] = Report::log( 'info', 'started', array( 'posts' => 3 ) );
					$this->reported[] = Report::log( 'warning', 'one draft skipped' );
					$this->reported[] = Report::log( 'nonsense', 'never sent' );
					return array( 'done' => 3 );
				},
			)
		);
		$this->add_server(
			'stream-server',
			array(
				'namespace' => 'mcpn-stream',
				'route'     => 'mcp',
				'name'      => 'Streaming',
				'version'   => '1.0.0',
				'tools'     => array( 'mcp-native-tests/stream' ),
			)
		);
	}

	private function server(): Server {
		$server = Plugin::registry()?->get_server( 'stream-server' );
		$this->assertInstanceOf( Server::class, $server );
		return $server;
	}

	/**
	 * A tools/call through the HTTP transport with an SSE-capable stream that records its frames.
	 *
	 * @param array<string, mixed>  $params  tools/call params besides the name.
	 * @param array<string, string> $headers Request headers.
	 * @param list<string>          $frames  Receives the frames written.
	 */
	private function call_over_http( array $params, array $headers, array &$frames, bool $accepts_sse = true, ?callable $aborted = null ): \WP_REST_Response {
		$request = new \WP_REST_Request( 'POST', self::ROUTE );
		foreach ( $headers + array( 'Content-Type' => 'application/json' ) as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_body( (string) wp_json_encode( array( 'jsonrpc' => '2.0', 'id' => 'c1', 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL ) + $params ) ) );
		$stream = $accepts_sse ? new SseStream(
			static function ( string $frame ) use ( &$frames ) {
				$frames[] = $frame;
			},
			$aborted
		) : null;
		return ( new HttpTransport( $this->server() ) )->handle( $request, $stream );
	}

	/**
	 * The JSON-RPC messages of SSE frames (each must be one `event: message` with one data line).
	 *
	 * @param list<string> $frames Frames.
	 * @return list<array<string, mixed>>
	 */
	private static function events( array $frames ): array {
		$events = array();
		foreach ( $frames as $frame ) {
			self::assertMatchesRegularExpression( '/^event: message\ndata: [^\n]+\n\n$/', $frame );
			$events[] = json_decode( substr( $frame, strlen( "event: message\ndata: " ) ), true );
		}
		return $events;
	}

	public function test_outside_a_request_reports_are_no_ops(): void {
		$this->assertFalse( Report::progress( 1, 2 ) );
		$this->assertFalse( Report::log( 'error', 'nobody listens' ) );
	}

	public function test_http_answer_becomes_an_sse_stream_with_progress_logs_and_the_result_last(): void {
		$session = $this->initialize( self::ROUTE );
		$this->assertSame( 200, $this->request( self::ROUTE, $session, 'logging/setLevel', array( 'level' => 'info' ) )->get_status() );
		$this->assertSame( 'info', ( new SessionStore() )->find( get_current_user_id(), 'stream-server', $session )?->log_level );

		$frames   = array();
		$response = $this->call_over_http(
			array( '_meta' => array( 'progressToken' => 'tok-1' ), 'arguments' => array( 'repeat' => true ) ),
			array( 'Mcp-Session-Id' => $session, 'Accept' => 'application/json, text/event-stream' ),
			$frames
		);
		$this->assertInstanceOf( StreamedResponse::class, $response );
		$this->assertNull( $response->get_data() );
		$this->assertSame( array(), $response->get_headers() );

		$events = self::events( $frames );
		$this->assertCount( 6, $events, (string) wp_json_encode( $events ) );
		foreach ( array( 1, 2, 3 ) as $i => $step ) {
			$this->assertSame(
				array( 'jsonrpc' => '2.0', 'method' => 'notifications/progress', 'params' => array( 'progressToken' => 'tok-1', 'progress' => $step, 'total' => 3, 'message' => "step $step" ) ),
				$events[ $i ]
			);
		}
		$this->assertSame( array( 'level' => 'info', 'data' => array( 'message' => 'started', 'data' => array( 'posts' => 3 ) ) ), $events[3]['params'] );
		$this->assertSame( 'notifications/message', $events[4]['method'] );
		$this->assertSame( array( 'level' => 'warning', 'data' => 'one draft skipped' ), $events[4]['params'] );
		$this->assertSame( 'c1', $events[5]['id'] );
		$this->assertSame( array( 'done' => 3 ), $events[5]['result']['structuredContent'] );
		// progress 1, repeat, 2, repeat, 3, repeat; debug (below info), info, warning, unknown level.
		$this->assertSame( array( true, false, true, false, true, false, false, true, true, false ), $this->reported );
		$this->assertNotEmpty( $this->logged_containing( 'Discarded output' ) );
	}

	public function test_without_sse_in_accept_the_call_keeps_its_json_body(): void {
		$session = $this->initialize( self::ROUTE );
		$this->request( self::ROUTE, $session, 'logging/setLevel', array( 'level' => 'debug' ) );
		$response = $this->post(
			self::ROUTE,
			array( 'jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL, '_meta' => array( 'progressToken' => 9 ) ) ),
			array( 'Mcp-Session-Id' => $session, 'Accept' => 'application/json' )
		);
		$this->assertNotInstanceOf( StreamedResponse::class, $response );
		$this->assertSame( array( 'done' => 3 ), $this->decoded( $response )['result']['structuredContent'] );
		$this->assertNotContains( true, $this->reported, 'nothing can carry a report' );
	}

	public function test_a_call_that_reports_nothing_keeps_its_json_body_even_when_sse_is_accepted(): void {
		$session  = $this->initialize( self::ROUTE ); // No setLevel, no progressToken.
		$frames   = array();
		$response = $this->call_over_http( array(), array( 'Mcp-Session-Id' => $session, 'Accept' => 'text/event-stream, application/json' ), $frames );
		$this->assertSame( array(), $frames );
		$this->assertNotInstanceOf( StreamedResponse::class, $response );
		$this->assertSame( 'c1', $this->decoded( $response )['id'] );
		$this->assertNotContains( true, $this->reported );
	}

	public function test_stateless_revision_takes_the_log_level_from_meta(): void {
		$this->initialize( self::ROUTE ); // Builds the registry.
		$meta   = array(
			'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
			'io.modelcontextprotocol/clientCapabilities' => new \stdClass(),
		);
		$frames = array();
		$this->call_over_http( array( '_meta' => $meta + array( 'io.modelcontextprotocol/logLevel' => 'warning' ) ), array( 'Accept' => 'application/json, text/event-stream', 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => 'tools/call', 'Mcp-Name' => self::TOOL ), $frames );
		$events = self::events( $frames );
		$this->assertCount( 2, $events, (string) wp_json_encode( $events ) );
		$this->assertSame( 'warning', $events[0]['params']['level'] );
		$this->assertSame( 'complete', $events[1]['result']['resultType'] );

		$frames = array();
		$this->call_over_http( array( '_meta' => $meta ), array( 'Accept' => 'application/json, text/event-stream', 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => 'tools/call', 'Mcp-Name' => self::TOOL ), $frames );
		$this->assertSame( array(), $frames, 'no logLevel in _meta: no log messages' );
	}

	public function test_a_report_sent_from_inside_a_notification_is_dropped(): void {
		$session = $this->initialize( self::ROUTE );
		$this->request( self::ROUTE, $session, 'logging/setLevel', array( 'level' => 'debug' ) );
		$nested  = array();
		$frames  = array();
		$request = new \WP_REST_Request( 'POST', self::ROUTE );
		$request->set_header( 'Mcp-Session-Id', $session );
		$request->set_body( (string) wp_json_encode( array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL ) ) ) );
		// A channel whose writing reports again (as a log hook calling Report::log would).
		$stream = new SseStream(
			static function ( string $frame ) use ( &$frames, &$nested ) {
				$frames[] = $frame;
				$nested[] = Report::log( 'error', 'from inside a notification' );
			}
		);
		( new HttpTransport( $this->server() ) )->handle( $request, $stream );
		$this->assertCount( 4, $frames, 'three log lines and the result' );
		$this->assertSame( array( false, false, false, false ), $nested, 'dropped while a notification is sent (and after the call, with no request)' );
	}

	public function test_notifications_cancelled_is_seen_by_the_running_ability_and_then_forgotten(): void {
		$session = $this->initialize( self::ROUTE );
		$cancel  = function ( string|int $request_id, string $to_session ) {
			$response = $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'method' => 'notifications/cancelled', 'params' => array( 'requestId' => $request_id, 'reason' => 'user' ) ), array( 'Mcp-Session-Id' => $to_session ) );
			$this->assertSame( 202, $response->get_status() );
		};
		$seen               = array();
		$this->while_called = function () use ( &$seen, $cancel, $session ) {
			$seen[] = Report::cancelled();
			$cancel( 'other-request', $session ); // Another request of the session.
			$seen[] = Report::cancelled();
			$cancel( 'c-1', 'not-a-session' );    // No such session: ignored.
			$seen[] = Report::cancelled();
			$cancel( 7, $session );               // The number 7 is not the string "c-1".
			$seen[] = Report::cancelled();
			$cancel( 'c-1', $session );           // This call, as another worker would receive it.
			$seen[] = Report::cancelled();
			$seen[] = Report::cancelled();
		};
		$response = $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 'c-1', 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL ) ), array( 'Mcp-Session-Id' => $session ) );
		$this->assertSame( 3, $this->decoded( $response )['result']['structuredContent']['done'] ?? null, $this->wire( $response ) );
		$this->assertSame( array( false, false, false, false, true, true ), $seen );
		global $wpdb;
		$left = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( CancelledRequests::PREFIX ) . '%' ) );
		$this->assertSame( 2, $left, 'c-1 forgotten when its call ended; the other two wait to age out' );
		$this->assertFalse( Report::cancelled(), 'outside a request' );
	}

	public function test_an_answer_that_cannot_be_encoded_still_ends_the_stream(): void {
		$frames = array();
		$stream = new SseStream( static function ( string $frame ) use ( &$frames ) {
			$frames[] = $frame;
		} );
		$stream->send( array( 'jsonrpc' => '2.0', 'method' => 'notifications/message', 'params' => array( 'level' => 'info', 'data' => INF ) ) );
		$this->assertSame( array(), $frames, 'a notification JSON cannot carry (INF) is dropped' );
		$stream->finish( array( 'jsonrpc' => '2.0', 'id' => 5, 'result' => array( 'value' => INF ) ) );
		$events = self::events( $frames );
		$this->assertSame( array( 'code' => -32603, 'message' => 'Internal error' ), $events[0]['error'] );
		$this->assertSame( 5, $events[0]['id'] );
	}

	public function test_stdio_writes_notifications_as_lines_before_the_response(): void {
		$this->initialize( self::ROUTE ); // Builds the registry.
		$out   = fopen( 'php://memory', 'w+' );
		$err   = fopen( 'php://memory', 'w+' );
		$stdio = new StdioTransport( $this->server(), fopen( 'php://memory', 'r' ), $out, $err );
		$line  = static fn( array $message ) => (string) wp_json_encode( array( 'jsonrpc' => '2.0' ) + $message );
		$stdio->handle_line( $line( array( 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25', 'capabilities' => new \stdClass(), 'clientInfo' => array( 'name' => 't', 'version' => '1' ) ) ) ) );
		$stdio->handle_line( $line( array( 'id' => 2, 'method' => 'logging/setLevel', 'params' => array( 'level' => 'error' ) ) ) );
		$this->assertSame( '', stream_get_contents( $out, -1, 0 ) );
		$answer = $stdio->handle_line( $line( array( 'id' => 3, 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL, '_meta' => array( 'progressToken' => 5 ) ) ) ) );
		$this->assertEquals( (object) array( 'done' => 3 ), $answer['result']['structuredContent'] ?? null );
		$lines = array_map( static fn( $l ) => json_decode( $l, true ), array_filter( explode( "\n", (string) stream_get_contents( $out, -1, 0 ) ) ) );
		$this->assertSame( array( 'notifications/progress', 'notifications/progress', 'notifications/progress' ), array_column( $lines, 'method' ), 'error level: no log line' );
		$this->assertSame( array( 1, 2, 3 ), array_column( array_column( $lines, 'params' ), 'progress' ) );
	}

	/**
	 * Calls the test ability over HTTP while the client "closes" the stream after its first probe.
	 *
	 * @param array<string, mixed>  $params  tools/call params besides the name.
	 * @param array<string, string> $headers Request headers.
	 * @return array{0: list<string>, 1: list<bool>} The frames written, what Report::cancelled() said.
	 */
	private function call_and_close_the_stream( array $params, array $headers ): array {
		$frames             = array();
		$seen               = array();
		$gone               = false;
		$this->while_called = function () use ( &$seen, &$gone ) {
			$seen[] = Report::cancelled(); // Opens the stream with a probe: the client is there.
			$seen[] = Report::cancelled(); // Within the probe interval: no second write.
			$gone   = true;                // The client closes the connection.
			usleep( (int) ( SseStream::PROBE_INTERVAL * 1e6 ) + 20000 );
			$seen[] = Report::cancelled(); // The next probe fails.
			$seen[] = Report::cancelled();
		};
		$response = $this->call_over_http(
			$params,
			$headers,
			$frames,
			true,
			static function () use ( &$gone ) {
				return $gone ? 1 : 0;
			}
		);
		$this->assertInstanceOf( StreamedResponse::class, $response );
		return array( $frames, $seen );
	}

	public function test_a_closed_stream_cancels_the_call_and_nothing_more_is_written(): void {
		$session = $this->initialize( self::ROUTE );
		$this->request( self::ROUTE, $session, 'logging/setLevel', array( 'level' => 'debug' ) );
		[ $frames, $seen ] = $this->call_and_close_the_stream( array( '_meta' => array( 'progressToken' => 't' ) ), array( 'Mcp-Session-Id' => $session, 'Accept' => 'application/json, text/event-stream' ) );
		$this->assertSame( array( false, false, true, true ), $seen );
		$this->assertSame( array( ": probe\n\n", ": probe\n\n" ), $frames, 'two SSE comments, then nothing: no progress, log or result for a cancelled call' );
		$this->assertSame( array( false, false, false, false, false, false, false ), $this->reported, 'every report after the close says it was not sent' );
	}

	public function test_at_2026_07_28_closing_the_stream_is_the_cancellation(): void {
		$this->initialize( self::ROUTE ); // Builds the registry.
		$meta = array(
			'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
			'io.modelcontextprotocol/clientCapabilities' => new \stdClass(),
		);
		[ $frames, $seen ] = $this->call_and_close_the_stream( array( '_meta' => $meta ), array( 'Accept' => 'application/json, text/event-stream', 'MCP-Protocol-Version' => '2026-07-28', 'Mcp-Method' => 'tools/call', 'Mcp-Name' => self::TOOL ) );
		$this->assertSame( array( false, false, true, true ), $seen );
		$this->assertSame( array( ": probe\n\n", ": probe\n\n" ), $frames );
	}

	public function test_a_probe_while_the_client_stays_opens_the_stream_and_the_result_follows(): void {
		$session            = $this->initialize( self::ROUTE );
		$seen               = array();
		$this->while_called = function () use ( &$seen ) {
			$seen[] = Report::cancelled();
		};
		$frames   = array();
		$response = $this->call_over_http( array(), array( 'Mcp-Session-Id' => $session, 'Accept' => 'application/json, text/event-stream' ), $frames, true, static fn() => 0 );
		$this->assertInstanceOf( StreamedResponse::class, $response );
		$this->assertSame( array( false ), $seen );
		$this->assertSame( ": probe\n\n", $frames[0] );
		$events = self::events( array_slice( $frames, 1 ) );
		$this->assertSame( array( 'done' => 3 ), $events[0]['result']['structuredContent'] );
	}

	public function test_without_sse_a_cancellation_check_keeps_the_json_body(): void {
		$session            = $this->initialize( self::ROUTE );
		$seen               = array();
		$this->while_called = function () use ( &$seen ) {
			$seen[] = Report::cancelled();
		};
		$response = $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL ) ), array( 'Mcp-Session-Id' => $session, 'Accept' => 'application/json' ) );
		$this->assertNotInstanceOf( StreamedResponse::class, $response );
		$this->assertSame( array( false ), $seen );
		$this->assertSame( array( 'done' => 3 ), $this->decoded( $response )['result']['structuredContent'] );
	}

	/**
	 * A stdio transport on a socket pair (selectable, as a real stdin pipe), initialized.
	 *
	 * @return array{0: StdioTransport, 1: resource, 2: resource, 3: \Closure(array): string} The
	 *         transport, the client's end of stdin, its stdout, and a line encoder.
	 */
	private function stdio_on_a_pipe( string $version = '2025-11-25' ): array {
		$this->initialize( self::ROUTE ); // Builds the registry.
		$pair = stream_socket_pair( STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP );
		$this->assertIsArray( $pair );
		$out   = fopen( 'php://memory', 'w+' );
		$stdio = new StdioTransport( $this->server(), $pair[0], $out, fopen( 'php://memory', 'w+' ) );
		$line  = static fn( array $message ) => wp_json_encode( array( 'jsonrpc' => '2.0' ) + $message ) . "\n";
		if ( '2025-11-25' === $version ) {
			$stdio->handle_line( $line( array( 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25', 'capabilities' => new \stdClass(), 'clientInfo' => array( 'name' => 't', 'version' => '1' ) ) ) ) );
			$stdio->handle_line( $line( array( 'id' => 2, 'method' => 'logging/setLevel', 'params' => array( 'level' => 'debug' ) ) ) );
		}
		return array( $stdio, $pair[1], $out, $line );
	}

	/**
	 * @param resource $out The transport's stdout.
	 * @return list<array<string, mixed>>
	 */
	private static function lines( $out ): array {
		return array_values( array_map( static fn( $l ) => json_decode( $l, true ), array_filter( explode( "\n", (string) stream_get_contents( $out, -1, 0 ) ) ) ) );
	}

	public function test_stdio_notifications_cancelled_arriving_while_the_call_runs_stops_it_and_suppresses_its_answer(): void {
		[ $stdio, $client, $out, $line ] = $this->stdio_on_a_pipe();
		$seen                             = array();
		$this->while_called               = function () use ( &$seen, $client, $line ) {
			$seen[] = Report::cancelled();
			fwrite( $client, $line( array( 'method' => 'notifications/cancelled', 'params' => array( 'requestId' => '3' ) ) ) ); // The string "3": another request.
			fwrite( $client, $line( array( 'id' => 4, 'method' => 'ping' ) ) );              // Waits its turn.
			$seen[] = Report::cancelled();
			fwrite( $client, $line( array( 'method' => 'notifications/cancelled', 'params' => array( 'requestId' => 3, 'reason' => 'user' ) ) ) );
			$seen[] = Report::cancelled();
		};
		ftruncate( $out, 0 );
		$answer = $stdio->handle_line( $line( array( 'id' => 3, 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL, '_meta' => array( 'progressToken' => 'p' ) ) ) ) );
		$this->assertSame( array( false, false, true ), $seen );
		$this->assertNull( $answer, 'a cancelled request gets no answer' );
		$this->assertSame( array(), self::lines( $out ), 'and no notification after the cancellation' );
		$this->assertNotContains( true, $this->reported );
		fclose( $client );
		$this->assertSame( 0, $stdio->serve() );
		$this->assertSame( array( array( 'jsonrpc' => '2.0', 'id' => 4, 'result' => array() ) ), self::lines( $out ), 'the line read during the call is answered after it' );

		// The next call is not cancelled by the old notification.
		$this->while_called = null;
		$this->reported     = array();
		$answer             = $stdio->handle_line( $line( array( 'id' => 5, 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL ) ) ) );
		$this->assertEquals( (object) array( 'done' => 3 ), $answer['result']['structuredContent'] ?? null );
	}

	public function test_stdio_cancellation_at_2026_07_28_without_a_session(): void {
		[ $stdio, $client, $out, $line ] = $this->stdio_on_a_pipe( '2026-07-28' );
		$seen                             = array();
		$this->while_called               = function () use ( &$seen, $client, $line ) {
			$seen[] = Report::cancelled();
			fwrite( $client, $line( array( 'method' => 'notifications/cancelled', 'params' => array( 'requestId' => 'x1' ) ) ) );
			$seen[] = Report::cancelled();
		};
		$meta   = array(
			'io.modelcontextprotocol/protocolVersion'    => '2026-07-28',
			'io.modelcontextprotocol/clientCapabilities' => new \stdClass(),
			'io.modelcontextprotocol/logLevel'           => 'debug',
		);
		$answer = $stdio->handle_line( $line( array( 'id' => 'x1', 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL, '_meta' => $meta ) ) ) );
		$this->assertSame( array( false, true ), $seen );
		$this->assertNull( $answer );
		$this->assertSame( array(), self::lines( $out ), 'no further messages for a cancelled request' );
	}

	public function test_stdio_closed_stdin_cancels_the_running_call(): void {
		[ $stdio, $client, , $line ] = $this->stdio_on_a_pipe();
		$seen                         = array();
		$this->while_called           = function () use ( &$seen, $client ) {
			$seen[] = Report::cancelled();
			fclose( $client );
			$seen[] = Report::cancelled();
		};
		$stdio->handle_line( $line( array( 'id' => 3, 'method' => 'tools/call', 'params' => array( 'name' => self::TOOL ) ) ) );
		$this->assertSame( array( false, true ), $seen );
	}

	public function test_list_changed_is_neither_served_nor_declared(): void {
		// No GET stream (a PHP worker per listening client): so no list_changed and no subscriptions.
		$get = $this->rest( 'GET', self::ROUTE, null, array( 'Accept' => 'text/event-stream' ) );
		$this->assertSame( 405, $get->get_status() );
		$this->assertNotInstanceOf( StreamedResponse::class, $get );
		$init = $this->post( self::ROUTE, array( 'jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => array( 'protocolVersion' => '2025-11-25', 'capabilities' => new \stdClass(), 'clientInfo' => array( 'name' => 't', 'version' => '1' ) ) ) );
		$capabilities = $this->decoded( $init )['result']['capabilities'];
		foreach ( array( 'tools', 'resources', 'prompts' ) as $kind ) {
			$this->assertFalse( $capabilities[ $kind ]['listChanged'], "$kind.listChanged" );
		}
		$this->assertFalse( $capabilities['resources']['subscribe'] );
	}

	public function test_at_2026_07_28_a_notifications_cancelled_over_http_is_accepted_and_ignored(): void {
		// Closing the stream is the signal there; a notification has no session to name the request in.
		$response = $this->post(
			self::ROUTE,
			array( 'jsonrpc' => '2.0', 'method' => 'notifications/cancelled', 'params' => array( 'requestId' => 1 ) ),
			array( 'MCP-Protocol-Version' => '2026-07-28' )
		);
		$this->assertSame( 202, $response->get_status() );
		$this->assertNull( $response->get_data() );
		global $wpdb;
		$this->assertSame( 0, (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( CancelledRequests::PREFIX ) . '%' ) ), 'nothing recorded' );
	}
}
