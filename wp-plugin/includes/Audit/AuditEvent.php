<?php
/**
 * One recorded call: its row, and the same event as OpenTelemetry-shaped attributes.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

use McpNative\Plugin\OAuth\BearerAuth;
use McpNative\Plugin\Protocol\ClientInfo;

/**
 * A call's row is built when it ends and written once its answer has gone: at `shutdown`, after
 * fastcgi_finish_request() where the server has it (php-fpm; litespeed_finish_request() on
 * LiteSpeed), so the client never waits for the INSERT (a commit costs a disk flush); stdio
 * writes it after each answer line. One INSERT per row, no read before it; then
 * `mcp_native_audit_event` fires with attributes named after OpenTelemetry's MCP and GenAI
 * semantic conventions (docs/AUDIT.md lists them), and the row as stored.
 */
final class AuditEvent {

	/** @var list<array<string, mixed>> Calls recorded and not written yet (emit()). */
	private static array $pending = array();

	/**
	 * Records a call: keeps what only this moment knows (who, when, the OAuth grant); the row,
	 * its redacted arguments and the attributes are built when it is written.
	 *
	 * @param array{server: string, method: string, request_id: mixed, target: string, ability: string, outcome: string,
	 *              error_code: string, error_type: string, duration: float, arguments: mixed} $call
	 */
	public static function emit( array $call, ClientInfo $client ): void {
		$call['client'] = $client;
		$call['grant']  = BearerAuth::current()?->grant;
		$call['time']   = time();
		$call['blog']   = get_current_blog_id();
		$call['user']   = get_current_user_id();
		self::$pending[] = $call;
		add_action( 'shutdown', array( self::class, 'flush_after_response' ), PHP_INT_MAX );
	}

	/**
	 * The row of a call as stored.
	 *
	 * @param array<string, mixed> $call From emit().
	 * @return array<string, string|int|float>
	 */
	private static function row( array $call ): array {
		$client = $call['client'];
		$grant  = $call['grant'];
		return array(
			'created_at'        => gmdate( 'Y-m-d H:i:s', $call['time'] ),
			'blog_id'           => $call['blog'],
			'user_id'           => $call['user'],
			'client_name'       => $client->name,
			'client_version'    => $client->version,
			'oauth_client_id'   => null === $grant ? '' : $grant->client_id,
			'oauth_client_name' => null === $grant ? '' : $grant->client_name,
			'server_id'         => $call['server'],
			'session_id'        => $client->session_id ?? '',
			'protocol_version'  => $client->protocol_version,
			'method'            => $call['method'],
			'target'            => $call['target'],
			'ability'           => $call['ability'],
			'outcome'           => $call['outcome'],
			'error_code'        => $call['error_code'],
			'duration_ms'       => round( $call['duration'], 3 ),
			'arguments'         => Redactor::summary( $call['arguments'] ),
		);
	}

	/**
	 * Forgets the calls recorded and not written yet: a request that ends without writing them
	 * (a test case starting as a fresh worker would).
	 */
	public static function discard(): void {
		self::$pending = array();
	}

	/**
	 * shutdown: ends the response to the client first (where the server can), then writes.
	 */
	public static function flush_after_response(): void {
		if ( array() === self::$pending ) {
			return;
		}
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		} elseif ( function_exists( 'litespeed_finish_request' ) ) {
			litespeed_finish_request();
		}
		self::flush();
	}

	/**
	 * Writes the pending rows (each into its own site's table) and fires the action for each.
	 * Returns how many were written.
	 */
	public static function flush(): int {
		$written = 0;
		while ( array() !== self::$pending ) {
			$call = array_shift( self::$pending );
			$row  = self::row( $call );
			$switch = is_multisite() && (int) $row['blog_id'] !== get_current_blog_id();
			if ( $switch ) {
				switch_to_blog( (int) $row['blog_id'] );
			}
			try {
				$written += AuditTable::insert( $row ) ? 1 : 0;
			} finally {
				if ( $switch ) {
					restore_current_blog();
				}
			}

			/**
			 * Fires for every recorded MCP call (tools/call, resources/read, prompts/get), after its
			 * row is written (after the answer has gone): ship it to an observability stack.
			 *
			 * @param array<string, string|int|float> $attributes OpenTelemetry-shaped attributes (docs/AUDIT.md).
			 * @param array<string, string|int|float> $row        The row as stored (arguments redacted and bounded).
			 */
			do_action( AuditLog::ACTION, self::attributes( $row, $call['request_id'], $call['error_type'] ), $row );
		}
		return $written;
	}

	/**
	 * @param array<string, mixed> $row
	 * @return array<string, string|int|float>
	 */
	public static function attributes( array $row, mixed $request_id, string $error_type ): array {
		$attributes = array(
			'mcp.method.name'            => $row['method'],
			'mcp.protocol.version'       => $row['protocol_version'],
			'mcp.session.id'             => $row['session_id'],
			'user.id'                    => (string) $row['user_id'],
			'server.address'             => (string) wp_parse_url( home_url(), PHP_URL_HOST ),
			'mcp_native.server.id'       => $row['server_id'],
			'mcp_native.site.id'         => (int) $row['blog_id'],
			'mcp_native.client.name'     => $row['client_name'],
			'mcp_native.client.version'  => $row['client_version'],
			'mcp_native.oauth.client_id' => $row['oauth_client_id'],
			'mcp_native.ability.name'    => $row['ability'],
			'mcp_native.outcome'         => $row['outcome'],
			'mcp_native.error.code'      => $row['error_code'],
			'mcp_native.duration_ms'     => (float) $row['duration_ms'],
		);
		if ( is_string( $request_id ) || is_int( $request_id ) ) {
			$attributes['jsonrpc.request.id'] = (string) $request_id;
		}
		if ( 'tools/call' === $row['method'] ) {
			$attributes['gen_ai.operation.name'] = 'execute_tool';
			$attributes['gen_ai.tool.name']      = $row['target'];
		} elseif ( 'prompts/get' === $row['method'] ) {
			$attributes['gen_ai.prompt.name'] = $row['target'];
		} else {
			$attributes['mcp.resource.uri'] = $row['target'];
		}
		if ( '' !== $error_type ) {
			$attributes['error.type'] = $error_type;
		}
		// Empty values are left out, as OpenTelemetry leaves out attributes it does not know.
		return array_filter( $attributes, static fn( $value ): bool => '' !== $value );
	}
}
