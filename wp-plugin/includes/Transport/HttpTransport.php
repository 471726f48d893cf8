<?php
/**
 * MCP Streamable HTTP on a WordPress REST route.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\Auth;
use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Logger;
use McpNative\Plugin\ProtocolVersion;
use McpNative\Plugin\Server;
use McpNative\Plugin\Session\SessionStore;

/**
 * POST carries one JSON-RPC message (batches are refused: removed in 2025-06-18);
 * notifications and client responses get 202 with no body; `initialize` opens a session
 * (Mcp-Session-Id header); DELETE ends it; GET gets 405 (no server-initiated stream).
 *
 * Everything a request may produce is JSON: stray output and PHP notices raised while handling
 * it are captured and logged, never sent.
 */
final class HttpTransport {

	public const SESSION_HEADER  = 'Mcp-Session-Id';
	public const VERSION_HEADER  = 'MCP-Protocol-Version';
	public const DEFAULT_MAX_BODY = 4194304;

	private RequestRouter $router;

	public function __construct(
		private readonly Server $server,
		private readonly SessionStore $sessions = new SessionStore()
	) {
		$this->router = new RequestRouter( $server, $this->sessions );
	}

	public function server(): Server {
		return $this->server;
	}

	/**
	 * REST permission callback: always lets the request through to handle(), which answers
	 * authentication problems itself with JSON-RPC bodies.
	 */
	public function permission(): bool {
		return true;
	}

	/**
	 * REST callback.
	 */
	public function handle( \WP_REST_Request $request ): \WP_REST_Response {
		return OutputGuard::run(
			$this->server->id,
			function () use ( $request ) {
				try {
					return $this->process( $request );
				} catch ( JsonRpcError $error ) {
					return self::error_response( $error );
				}
			},
			static fn() => self::error_response( ErrorFactory::internal_error() )
		)[0];
	}

	/**
	 * @throws JsonRpcError For every protocol-level failure.
	 */
	private function process( \WP_REST_Request $request ): \WP_REST_Response {
		$auth_error = Auth::check( $request, $this->server );
		if ( null !== $auth_error ) {
			$response = self::error_response( $auth_error );
			if ( 401 === $auth_error->http_status ) {
				$response->header( 'WWW-Authenticate', 'Basic realm="WordPress MCP"' );
			}
			return $response;
		}

		switch ( strtoupper( $request->get_method() ) ) {
			case 'POST':
				return $this->handle_post( $request );
			case 'DELETE':
				return $this->handle_delete( $request );
			default:
				$response = self::error_response(
					new JsonRpcError( ErrorCode::INVALID_REQUEST, 'Method Not Allowed: this endpoint accepts POST (JSON-RPC) and DELETE (end session); it offers no SSE stream', 405 )
				);
				$response->header( 'Allow', 'POST, DELETE' );
				return $response;
		}
	}

	/**
	 * @throws JsonRpcError On malformed input.
	 */
	private function handle_post( \WP_REST_Request $request ): \WP_REST_Response {
		$body  = (string) $request->get_body();
		$limit = self::max_body_bytes();
		if ( strlen( $body ) > $limit ) {
			throw ErrorFactory::body_too_large( $limit );
		}

		$message = Message::parse( $body );

		if ( Message::REQUEST === $message->kind ) {
			RequestRouter::assert_implemented( $message );
		}
		$version = $request->get_header( 'mcp-protocol-version' );
		if ( null !== $version && '' !== $version && ! ProtocolVersion::is_supported( $version ) ) {
			throw ErrorFactory::unsupported_protocol_version( $version, ProtocolVersion::SUPPORTED, $message->id );
		}

		if ( Message::REQUEST !== $message->kind ) {
			// Notifications and responses from the client: accepted, nothing to answer.
			return new \WP_REST_Response( null, 202 );
		}

		$session_id = $request->get_header( 'mcp-session-id' );
		$outcome    = $this->router->route( $message, is_string( $session_id ) ? trim( $session_id ) : null );

		$response = new \WP_REST_Response(
			array(
				'jsonrpc' => '2.0',
				'id'      => $message->id,
				'result'  => $outcome->result,
			),
			200
		);
		if ( null !== $outcome->new_session_id ) {
			$response->header( self::SESSION_HEADER, $outcome->new_session_id );
		}
		return $response;
	}

	/**
	 * @throws JsonRpcError Missing or unknown session.
	 */
	private function handle_delete( \WP_REST_Request $request ): \WP_REST_Response {
		$session_id = $request->get_header( 'mcp-session-id' );
		if ( ! is_string( $session_id ) || '' === trim( $session_id ) ) {
			throw ErrorFactory::missing_session();
		}
		if ( ! $this->sessions->delete( get_current_user_id(), $this->server->id, trim( $session_id ) ) ) {
			throw ErrorFactory::session_not_found();
		}
		return new \WP_REST_Response( null, 200 );
	}

	public static function max_body_bytes(): int {
		/**
		 * Filters the largest request body (bytes) an MCP endpoint accepts; larger ones get 413.
		 *
		 * @param int $bytes Default 4 MiB.
		 */
		return max( 1024, (int) apply_filters( 'mcp_native_max_body_bytes', self::DEFAULT_MAX_BODY ) );
	}

	public static function error_response( JsonRpcError $error ): \WP_REST_Response {
		return new \WP_REST_Response( $error->to_response(), $error->http_status );
	}
}
