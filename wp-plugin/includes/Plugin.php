<?php
/**
 * Bootstrap: WordPress hooks.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Transport\HttpTransport;

/**
 * On `rest_api_init`: a fresh ServerRegistry with the default server, `mcp_native_init` for
 * plugin code to add servers, then one REST route per server. REST-level filters make sure our
 * routes answer JSON-RPC shaped JSON even when WordPress rejects a request before our callback
 * (bad application password, cookie without nonce, malformed JSON), and that bodies are encoded
 * by our encoder (`{}` stays `{}`, 202 has no body).
 */
final class Plugin {

	private static bool $booted = false;

	private static ?ServerRegistry $registry = null;

	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;
		add_action( 'rest_api_init', array( self::class, 'register_servers' ) );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'let_transport_report_bad_json' ), 10, 3 );
		add_filter( 'rest_post_dispatch', array( self::class, 'jsonrpc_shape_for_errors' ), 5, 3 );
		add_filter( 'rest_post_dispatch', array( self::class, 'allow_header_for_405' ), 11, 3 ); // after core's rest_send_allow_header
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve' ), 20, 4 );
		add_filter( 'rest_allowed_cors_headers', array( self::class, 'cors_allowed_headers' ) );
		add_filter( 'rest_exposed_cors_headers', array( self::class, 'cors_exposed_headers' ) );
	}

	/**
	 * The registry of the current REST server (null before rest_api_init).
	 */
	public static function registry(): ?ServerRegistry {
		return self::$registry;
	}

	/**
	 * rest_api_init: builds the servers and registers their routes.
	 */
	public static function register_servers(): void {
		$registry       = new ServerRegistry();
		self::$registry = $registry;

		if ( function_exists( 'wp_get_ability' ) ) {
			DefaultServer::register( $registry );
		}

		/**
		 * Fires when MCP servers are being set up; call `$registry->create_server( $id, $config )`.
		 *
		 * @param ServerRegistry $registry The registry.
		 */
		do_action( 'mcp_native_init', $registry );

		foreach ( $registry->get_servers() as $server ) {
			self::register_route( $server );
		}
		$registry->on_late_create( array( self::class, 'register_route' ) );

		// A request to one of our endpoints: PHP messages go to the log, never into the JSON body.
		$current_route = $GLOBALS['wp']->query_vars['rest_route'] ?? null;
		if ( is_string( $current_route ) && null !== $registry->find_by_route( $current_route ) ) {
			ini_set( 'display_errors', '0' ); // phpcs:ignore WordPress.PHP.IniSet.display_errors_Disallowed
		}
	}

	/**
	 * One REST route for a server, all methods (non-POST/DELETE answer 405).
	 */
	public static function register_route( Server $server ): void {
		$transport = new HttpTransport( $server );
		register_rest_route(
			$server->namespace,
			'/' . $server->route,
			array(
				'methods'             => array( 'GET', 'POST', 'DELETE', 'PUT', 'PATCH' ),
				'callback'            => array( $transport, 'handle' ),
				'permission_callback' => array( $transport, 'permission' ),
				'args'                => array(),
			)
		);
	}

	/**
	 * Whether a REST request targets one of our endpoints.
	 */
	public static function server_for( \WP_REST_Request $request ): ?Server {
		return null === self::$registry ? null : self::$registry->find_by_route( $request->get_route() );
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
			&& is_array( $handler['callback'] ?? null ) && ( $handler['callback'][0] ?? null ) instanceof HttpTransport ) {
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
		if ( ! $response instanceof \WP_REST_Response || null === self::server_for( $request ) ) {
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
		$response->set_data( ( new JsonRpcError( $code, $message, $status, $error_data ) )->to_response() );
		if ( 401 === $status ) {
			$response->header( 'WWW-Authenticate', 'Basic realm="WordPress MCP"' );
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
		if ( $response instanceof \WP_REST_Response && 405 === $response->get_status() && null !== self::server_for( $request ) ) {
			$response->header( 'Allow', 'POST, DELETE' );
		}
		return $response;
	}

	/**
	 * rest_pre_serve_request: our endpoints' bodies are encoded by our encoder; empty bodies stay empty.
	 *
	 * @param bool              $served  Whether already served.
	 * @param \WP_HTTP_Response $result  Response.
	 * @param \WP_REST_Request  $request Request.
	 * @param \WP_REST_Server   $server  REST server.
	 */
	public static function serve( mixed $served, mixed $result, mixed $request, mixed $server ): mixed {
		if ( $served || ! $request instanceof \WP_REST_Request || ! $result instanceof \WP_HTTP_Response || null === self::server_for( $request ) ) {
			return $served;
		}
		$data = $result->get_data();
		if ( null === $data || 'HEAD' === $request->get_method() ) {
			return true;
		}
		$json = Json::encode( $data );
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
