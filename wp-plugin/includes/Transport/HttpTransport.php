<?php
/**
 * MCP Streamable HTTP on a WordPress REST route.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\Auth;
use McpNative\Plugin\Handlers\ToolsHandler;
use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Logger;
use McpNative\Plugin\OAuth\BearerAuth;
use McpNative\Plugin\Plugin;
use McpNative\Plugin\Protocol\Dispatcher;
use McpNative\Plugin\Protocol\RequestMeta;
use McpNative\Plugin\RawJson;
use McpNative\Plugin\Server;
use McpNative\Plugin\Session\SessionStore;

/**
 * POST carries one JSON-RPC message (batches are refused: removed in 2025-06-18);
 * notifications and client responses get 202 with no body. Both eras on one URL: in the
 * handshake revisions `initialize` opens a session (Mcp-Session-Id header) and DELETE ends it; a
 * 2026-07-28 request (its `_meta` names that version) stands alone, its standard headers checked
 * against its body (StandardHeaders). GET gets 405 (no server-initiated stream). A POST whose
 * request sends notifications while it runs (Report) and whose client accepts text/event-stream is
 * answered as an SSE stream instead (SseStream), the JSON-RPC answer as its last event.
 *
 * Everything a request may produce is JSON: stray output and PHP notices raised while handling
 * it are captured and logged, never sent. The REST API hooks below keep that true where WordPress
 * answers before our callback (authentication, malformed JSON) and encode our bodies ourselves.
 */
final class HttpTransport {

	public const SESSION_HEADER  = 'Mcp-Session-Id';
	public const VERSION_HEADER  = 'MCP-Protocol-Version';
	public const DEFAULT_MAX_BODY = 4194304;

	private Dispatcher $dispatcher;

	public function __construct(
		private readonly Server $server,
		private readonly SessionStore $sessions = new SessionStore()
	) {
		$this->dispatcher = new Dispatcher( $server );
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
	public function handle( \WP_REST_Request $request, ?SseStream $stream = null ): \WP_REST_Response {
		// The answer to a POST becomes a stream once the request sends a notification (progress, log).
		$stream ??= SseStream::accepted( $request ) ? new SseStream() : null;
		return OutputGuard::run(
			$this->server->id,
			function () use ( $request, $stream ) {
				try {
					return $this->process( $request, $stream );
				} catch ( JsonRpcError $error ) {
					return $stream?->is_open() ? $stream->finish( $error->to_response() ) : $this->challenged( self::error_response( $error ), $error );
				}
			},
			static fn() => $stream?->is_open() ? $stream->finish( ErrorFactory::internal_error( self::readable_id( $request ) )->to_response() ) : self::error_response( ErrorFactory::internal_error() )
		)[0];
	}

	/**
	 * A 403 for a token whose scope does not cover the call carries the challenge that lets the
	 * client ask for more (RFC 6750 §3.1, MCP's step-up authorization).
	 */
	private function challenged( \WP_REST_Response $response, JsonRpcError $error ): \WP_REST_Response {
		if ( 403 === $error->http_status && is_array( $error->data ) && 'insufficient_scope' === ( $error->data['oauth_error'] ?? null ) ) {
			$response->header( 'WWW-Authenticate', BearerAuth::challenge( $this->server, 'insufficient_scope' ) );
		}
		return $response;
	}

	/**
	 * @throws JsonRpcError For every protocol-level failure.
	 */
	private function process( \WP_REST_Request $request, ?SseStream $stream ): \WP_REST_Response {
		$refusal = self::refusal( $request, $this->server );
		if ( null !== $refusal ) {
			return $refusal;
		}

		switch ( strtoupper( $request->get_method() ) ) {
			case 'POST':
				return $this->handle_post( $request, $stream );
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
	private function handle_post( \WP_REST_Request $request, ?SseStream $stream ): \WP_REST_Response {
		$body  = (string) $request->get_body();
		$limit = self::max_body_bytes();
		if ( strlen( $body ) > $limit ) {
			throw ErrorFactory::body_too_large( $limit );
		}

		$message  = Message::parse( $body );
		$declared = $request->get_header( 'mcp-protocol-version' );
		if ( Message::REQUEST === $message->kind && RequestMeta::is_stateless_request( $message, $declared ) ) {
			$named = 'tools/call' === $message->method ? $message->param( 'name' ) : null;
			$tool  = is_string( $named ) ? $this->server->get_tool( trim( $named, ToolsHandler::NAME_TRIM ) ) : null;
			StandardHeaders::check( $request, $message, $tool?->input_schema );
		}
		$session_id = $request->get_header( 'mcp-session-id' );
		$scope      = new HttpSessionScope( $this->sessions, $this->server->id, is_string( $session_id ) ? trim( $session_id ) : null );
		$answer     = $this->dispatcher->dispatch( $message, $scope, $declared, $stream );
		if ( null !== $answer && $stream?->is_open() ) {
			return $stream->finish( $answer );
		}
		if ( null === $answer ) {
			// Notifications and responses from the client: accepted, nothing to answer.
			return new \WP_REST_Response( null, 202 );
		}
		$response = new \WP_REST_Response( $answer, 200 );
		if ( null !== $scope->opened() ) {
			$response->header( self::SESSION_HEADER, $scope->opened() );
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

	/**
	 * rest_pre_dispatch: an oversize body on one of our routes is refused before WordPress decodes
	 * it (WP_REST_Server::dispatch parses JSON bodies right after this filter). A body larger than
	 * PHP's post_max_size never arrives at all (PHP drops it and php://input is empty): the declared
	 * Content-Length still says so, and gets the same 413.
	 *
	 * @param mixed            $result  Response so far (null: not hijacked).
	 * @param mixed            $server  REST server.
	 * @param \WP_REST_Request $request Request.
	 */
	public static function refuse_oversize_body( mixed $result, mixed $server, \WP_REST_Request $request ): mixed {
		$mcp_server = null === $result ? Plugin::server_for( $request ) : null;
		if ( null === $mcp_server ) {
			return $result;
		}
		$limit    = self::max_body_bytes();
		$declared = $request->get_header( 'content-length' );
		$body     = (string) $request->get_body();
		$post_max = wp_convert_hr_to_bytes( (string) ini_get( 'post_max_size' ) );
		if ( strlen( $body ) > $limit || ( is_numeric( $declared ) && (float) $declared > $limit ) ) {
			$too_large = ErrorFactory::body_too_large( $limit );
		} elseif ( '' === $body && is_numeric( $declared ) && $post_max > 0 && (float) $declared > $post_max ) {
			$too_large = ErrorFactory::body_too_large( $post_max ); // Dropped by PHP (post_max_size).
		} else {
			return $result;
		}
		// Who may not use the server learns that first, as for any other request.
		return self::refusal( $request, $mcp_server ) ?? self::error_response( $too_large );
	}

	/**
	 * The answer to a request the access rules refuse (Origin, authentication, capability), naming
	 * the request id when the body is readable; null when the request may proceed.
	 */
	private static function refusal( \WP_REST_Request $request, Server $server ): ?\WP_REST_Response {
		$error = Auth::check( $request, $server );
		if ( null === $error ) {
			return null;
		}
		$response = self::error_response( $error->with_id( self::readable_id( $request ) ) );
		if ( 401 === $error->http_status ) {
			$response->header( 'WWW-Authenticate', BearerAuth::challenge( $server ) );
		}
		return $response;
	}

	/**
	 * The id of the JSON-RPC request in a body, when it can be read (within the size limit, valid
	 * JSON, a usable id): errors raised before the body is parsed (authentication) still name it.
	 */
	public static function readable_id( \WP_REST_Request $request ): string|int|float|null {
		$body = (string) $request->get_body();
		if ( '' === $body || strlen( $body ) > self::max_body_bytes() ) {
			return null;
		}
		$message = Json::decode( $body, $ok );
		$id      = ( $ok && $message instanceof \stdClass ) ? ( $message->id ?? null ) : null;
		return ( is_string( $id ) || is_int( $id ) || ( is_float( $id ) && is_finite( $id ) ) ) ? $id : null;
	}

	public static function max_body_bytes(): int {
		/**
		 * Filters the largest request body (bytes) an MCP endpoint accepts; larger ones get 413.
		 * PHP's post_max_size must be at least this large for bodies up to it to arrive.
		 *
		 * @param int $bytes Default 4 MiB.
		 */
		return max( 1024, (int) apply_filters( 'mcp_native_max_body_bytes', self::DEFAULT_MAX_BODY ) );
	}

	public static function error_response( JsonRpcError $error ): \WP_REST_Response {
		return new \WP_REST_Response( $error->to_response(), $error->http_status );
	}

	/**
	 * Hooks the REST API so that our routes answer JSON-RPC shaped JSON even when WordPress rejects
	 * a request before our callback (bad application password, cookie without nonce, malformed
	 * JSON), and that their bodies are encoded by our encoder (`{}` stays `{}`, 202 has no body).
	 */
	public static function hook_into_rest_api(): void {
		add_filter( 'rest_pre_dispatch', array( self::class, 'refuse_oversize_body' ), 5, 3 );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'let_transport_report_bad_json' ), 10, 3 );
		add_filter( 'rest_post_dispatch', array( self::class, 'jsonrpc_shape_for_errors' ), 5, 3 );
		add_filter( 'rest_post_dispatch', array( self::class, 'allow_header_for_405' ), 11, 3 ); // after core's rest_send_allow_header
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve' ), 20, 4 );
		add_filter( 'rest_allowed_cors_headers', array( self::class, 'cors_allowed_headers' ) );
		add_filter( 'rest_exposed_cors_headers', array( self::class, 'cors_exposed_headers' ) );
	}

	/**
	 * rest_request_before_callbacks: WordPress rejects malformed JSON bodies before any callback
	 * runs; for our routes the transport answers with a JSON-RPC parse error instead.
	 *
	 * @param mixed            $response Response so far.
	 * @param array            $handler  Matched handler.
	 * @param \WP_REST_Request $request  Request.
	 */
	public static function let_transport_report_bad_json( mixed $response, array $handler, \WP_REST_Request $request ): mixed {
		if ( $response instanceof \WP_Error && 'rest_invalid_json' === $response->get_error_code()
			&& is_array( $handler['callback'] ?? null ) && ( $handler['callback'][0] ?? null ) instanceof self ) {
			return null;
		}
		return $response;
	}

	/**
	 * rest_post_dispatch: an error response on one of our routes that did not come from our
	 * transport (authentication errors raised by WordPress itself) gets a JSON-RPC body.
	 *
	 * @param mixed            $response Response.
	 * @param mixed            $server   REST server.
	 * @param \WP_REST_Request $request  Request.
	 */
	public static function jsonrpc_shape_for_errors( mixed $response, mixed $server, \WP_REST_Request $request ): mixed {
		if ( ! $response instanceof \WP_REST_Response || null === Plugin::server_for( $request ) ) {
			return $response;
		}
		if ( $response->get_status() < 400 ) {
			return $response;
		}
		$data = $response->get_data();
		if ( is_array( $data ) && isset( $data['jsonrpc'] ) ) {
			return $response;
		}
		$status  = $response->get_status();
		$message = ( is_array( $data ) && isset( $data['message'] ) && is_string( $data['message'] ) ) ? wp_strip_all_tags( $data['message'] ) : 'Request failed';
		$code    = match ( true ) {
			401 === $status => ErrorCode::UNAUTHORIZED,
			403 === $status => ErrorCode::FORBIDDEN,
			$status < 500   => ErrorCode::INVALID_REQUEST,
			default         => ErrorCode::INTERNAL_ERROR,
		};
		$error_data = ( is_array( $data ) && isset( $data['code'] ) && is_string( $data['code'] ) ) ? array( 'wp_code' => $data['code'] ) : null;
		$response->set_data( ( new JsonRpcError( $code, $message, $status, $error_data, self::readable_id( $request ) ) )->to_response() );
		if ( 401 === $status ) {
			$response->header( 'WWW-Authenticate', BearerAuth::challenge( Plugin::server_for( $request ) ) );
		}
		return $response;
	}

	/**
	 * rest_post_dispatch (after core's Allow header): the methods our endpoints answer.
	 *
	 * @param mixed            $response Response.
	 * @param mixed            $server   REST server.
	 * @param \WP_REST_Request $request  Request.
	 */
	public static function allow_header_for_405( mixed $response, mixed $server, \WP_REST_Request $request ): mixed {
		if ( $response instanceof \WP_REST_Response && 405 === $response->get_status() && null !== Plugin::server_for( $request ) ) {
			$response->header( 'Allow', 'POST, DELETE' );
		}
		return $response;
	}

	/**
	 * rest_pre_serve_request: our endpoints' bodies are encoded by our encoder; empty bodies stay
	 * empty; an answer whose bulk was compressed ahead goes gzip-encoded to a client that takes it.
	 *
	 * @param bool              $served  Whether already served.
	 * @param \WP_HTTP_Response $result  Response.
	 * @param \WP_REST_Request  $request Request.
	 * @param \WP_REST_Server   $server  REST server.
	 */
	public static function serve( mixed $served, mixed $result, mixed $request, mixed $server ): mixed {
		if ( $served || ! $request instanceof \WP_REST_Request || ! $result instanceof \WP_HTTP_Response || null === Plugin::server_for( $request ) ) {
			return $served;
		}
		$data = $result->get_data();
		if ( null === $data || 'HEAD' === $request->get_method() ) {
			return true;
		}
		$parts = Json::parts( $data );
		$gzip  = null !== $parts && GzipBody::allowed( $request ) ? GzipBody::of( $parts ) : null;
		if ( null !== $gzip ) {
			header( 'Content-Encoding: gzip' );
			header( 'Vary: Accept-Encoding', false );
			echo $gzip; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a gzip body of our encoder's JSON.
			return true;
		}
		$json = null === $parts ? null : RawJson::join( $parts );
		if ( null === $json ) {
			Logger::error( 'A response could not be encoded as JSON', array( 'route' => $request->get_route() ) );
			status_header( 500 ); // WP_REST_Server::set_status() is protected: calling it would be fatal.
			$json = (string) Json::encode( ( new JsonRpcError( ErrorCode::INTERNAL_ERROR, 'Internal error: response could not be encoded', 500 ) )->to_response() );
		}
		echo $json; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
		return true;
	}

	/**
	 * @param string[] $headers Allowed request headers.
	 * @return string[]
	 */
	public static function cors_allowed_headers( mixed $headers ): mixed {
		if ( is_array( $headers ) ) {
			$headers[] = 'Mcp-Session-Id';
			$headers[] = 'MCP-Protocol-Version';
			$headers[] = 'Mcp-Method';
			$headers[] = 'Mcp-Name';
			$headers[] = 'Last-Event-ID';
		}
		return $headers;
	}

	/**
	 * @param string[] $headers Exposed response headers.
	 * @return string[]
	 */
	public static function cors_exposed_headers( mixed $headers ): mixed {
		if ( is_array( $headers ) ) {
			$headers[] = 'Mcp-Session-Id';
		}
		return $headers;
	}
}
