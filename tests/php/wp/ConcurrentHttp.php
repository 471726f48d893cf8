<?php
/**
 * Several real HTTP requests to the served test site at the same time (curl_multi).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

/**
 * For tests of what happens when requests overlap: each request is a JSON-RPC body POSTed to a
 * path of the site that scripts/test-wp.sh serves (MCP_NATIVE_WP_URL), with the application password.
 */
trait ConcurrentHttp {

	/**
	 * Sends all requests at once and waits for all answers.
	 *
	 * @param list<array{path: string, body: mixed, headers?: array<string, string>}> $requests
	 * @return list<array{status: int, session: ?string, json: mixed, body: string}>
	 */
	protected function http_concurrently( array $requests ): array {
		$base     = rtrim( (string) getenv( 'MCP_NATIVE_WP_URL' ), '/' );
		$password = (string) getenv( 'MCP_NATIVE_WP_APP_PASSWORD' );
		if ( '' === $base || '' === $password ) {
			$this->fail( 'MCP_NATIVE_WP_URL / MCP_NATIVE_WP_APP_PASSWORD are not set: run the suite through scripts/test-wp.sh' );
		}
		$this->assertContains( parse_url( $base, PHP_URL_HOST ), array( '127.0.0.1', 'localhost' ), 'Only loopback targets.' );
		$multi   = curl_multi_init();
		$handles = array();
		foreach ( $requests as $request ) {
			$headers = array( 'Content-Type: application/json', 'Accept: application/json, text/event-stream', 'Expect:' );
			foreach ( $request['headers'] ?? array() as $name => $value ) {
				$headers[] = "$name: $value";
			}
			$ch = curl_init( $base . $request['path'] );
			curl_setopt_array(
				$ch,
				array(
					CURLOPT_POST           => true,
					CURLOPT_POSTFIELDS     => (string) wp_json_encode( $request['body'] ),
					CURLOPT_RETURNTRANSFER => true,
					CURLOPT_HEADER         => true,
					CURLOPT_HTTPHEADER     => $headers,
					CURLOPT_USERPWD        => ( getenv( 'MCP_NATIVE_WP_USER' ) ?: 'admin' ) . ':' . $password,
					CURLOPT_TIMEOUT        => 30,
					CURLOPT_CONNECTTIMEOUT => 5,
				)
			);
			curl_multi_add_handle( $multi, $ch );
			$handles[] = $ch;
		}
		do {
			$status = curl_multi_exec( $multi, $running );
			if ( $running > 0 ) {
				curl_multi_select( $multi, 1.0 );
			}
		} while ( $running > 0 && CURLM_OK === $status );

		$answers = array();
		foreach ( $handles as $ch ) {
			$raw         = (string) curl_multi_getcontent( $ch );
			$header_size = (int) curl_getinfo( $ch, CURLINFO_HEADER_SIZE );
			$session     = null;
			if ( preg_match( '/^mcp-session-id:\s*(\S+)/mi', substr( $raw, 0, $header_size ), $m ) ) {
				$session = $m[1];
			}
			$body      = substr( $raw, $header_size );
			$answers[] = array(
				'status'  => (int) curl_getinfo( $ch, CURLINFO_RESPONSE_CODE ),
				'session' => $session,
				'json'    => json_decode( $body, true ),
				'body'    => $body,
			);
			curl_multi_remove_handle( $multi, $ch );
			curl_close( $ch );
		}
		curl_multi_close( $multi );
		return $answers;
	}

	/**
	 * Opens an MCP session over real HTTP on a path; returns its id.
	 */
	protected function http_session( string $path ): string {
		$answer = $this->http_concurrently(
			array(
				array(
					'path' => $path,
					'body' => array(
						'jsonrpc' => '2.0',
						'id'      => 1,
						'method'  => 'initialize',
						'params'  => array(
							'protocolVersion' => '2025-11-25',
							'capabilities'    => new \stdClass(),
							'clientInfo'      => array(
								'name'    => 'phpunit',
								'version' => '1',
							),
						),
					),
				),
			)
		)[0];
		$this->assertSame( 200, $answer['status'], $answer['body'] );
		$this->assertNotNull( $answer['session'], 'no Mcp-Session-Id' );
		return (string) $answer['session'];
	}

	/**
	 * A database connection of its own: what it writes is committed at once and visible to the
	 * served site (the test's own connection runs inside a transaction that is rolled back).
	 */
	protected function committing_db(): \wpdb {
		$db = new \wpdb( DB_USER, DB_PASSWORD, DB_NAME, DB_HOST );
		$db->suppress_errors( false );
		$db->show_errors( false );
		$this->assertTrue( (bool) $db->check_connection( false ), 'second database connection failed' );
		return $db;
	}

	/**
	 * Rounds of two simultaneous first get-site-context calls on a site that has no site_id yet
	 * (its row deleted through a committing connection; the fixture site-id-race.php holds each
	 * request between "no id stored" and creating one). Both must answer the one id stored.
	 *
	 * @param string $path          The site's MCP endpoint path.
	 * @param string $options_table The site's options table.
	 */
	protected function assert_first_requests_agree_on_site_id( string $path, string $options_table, int $rounds ): void {
		$db       = $this->committing_db();
		$select   = $db->prepare( "SELECT option_value FROM `$options_table` WHERE option_name = %s", 'mcp_native_site_id' );
		$original = $db->get_var( $select );
		$seen     = array();
		try {
			for ( $round = 1; $round <= $rounds; ++$round ) {
				$db->query( $db->prepare( "DELETE FROM `$options_table` WHERE option_name = %s", 'mcp_native_site_id' ) );
				$this->assertNull( $db->get_var( $select ), 'the site_id row is still there' );
				$requests = array();
				foreach ( array( $this->http_session( $path ), $this->http_session( $path ) ) as $n => $session ) {
					$requests[] = array(
						'path'    => $path,
						'headers' => array(
							'Mcp-Session-Id'                  => $session,
							'MCP-Protocol-Version'            => '2025-11-25',
							'X-Mcpn-Test-Site-Id-Delay-Ms'    => '300',
						),
						'body'    => array(
							'jsonrpc' => '2.0',
							'id'      => 10 + $n,
							'method'  => 'tools/call',
							'params'  => array(
								'name'      => 'mcp-native-get-site-context',
								'arguments' => new \stdClass(),
							),
						),
					);
				}
				$ids = array();
				foreach ( $this->http_concurrently( $requests ) as $answer ) {
					$this->assertSame( 200, $answer['status'], $answer['body'] );
					$ids[] = $answer['json']['result']['structuredContent']['site']['site_id'] ?? null;
				}
				$stored = $db->get_var( $select );
				$this->assertMatchesRegularExpression( '/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', (string) $stored, "round $round" );
				$this->assertSame( array( $stored, $stored ), $ids, "round $round: both first requests must answer the one stored site_id" );
				$seen[ $stored ] = true;
			}
			$this->assertCount( $rounds, $seen, 'every fresh start creates a new id' );
		} finally {
			$db->query( $db->prepare( "DELETE FROM `$options_table` WHERE option_name = %s", 'mcp_native_site_id' ) );
			if ( null !== $original ) {
				$db->query( $db->prepare( "INSERT INTO `$options_table` (option_name, option_value, autoload) VALUES (%s, %s, 'on')", 'mcp_native_site_id', $original ) );
			}
			$db->close();
		}
	}
}
