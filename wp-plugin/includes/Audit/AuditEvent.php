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
 * The row is written with one INSERT (no read before it); then `mcp_native_audit_event` fires
 * with attributes named after OpenTelemetry's MCP and GenAI semantic conventions
 * (docs/AUDIT.md lists them), and the row as stored.
 */
final class AuditEvent {

	/**
	 * Records a call.
	 *
	 * @param array{server: string, method: string, request_id: mixed, target: string, ability: string, outcome: string,
	 *              error_code: string, error_type: string, duration: float, arguments: mixed} $call
	 */
	public static function emit( array $call, ClientInfo $client ): void {
		$grant = BearerAuth::current()?->grant;
		$row   = array(
			'created_at'        => gmdate( 'Y-m-d H:i:s' ),
			'blog_id'           => get_current_blog_id(),
			'user_id'           => get_current_user_id(),
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
		AuditTable::insert( $row );

		/**
		 * Fires for every recorded MCP call (tools/call, resources/read, prompts/get), after its row
		 * is written: ship it to an observability stack.
		 *
		 * @param array<string, string|int|float> $attributes OpenTelemetry-shaped attributes (docs/AUDIT.md).
		 * @param array<string, string|int|float> $row        The row as stored (arguments redacted and bounded).
		 */
		do_action( AuditLog::ACTION, self::attributes( $row, $call['request_id'], $call['error_type'] ), $row );
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
