<?php
/**
 * JSON-RPC methods of an MCP server.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\Handlers\CompletionHandler;
use McpNative\Plugin\Handlers\PromptsHandler;
use McpNative\Plugin\Handlers\ResourcesHandler;
use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Logger;
use McpNative\Plugin\Pagination\Cursor;
use McpNative\Plugin\ProtocolVersion;
use McpNative\Plugin\Server;
use McpNative\Plugin\SiteIdentity;
use McpNative\Plugin\Session\SessionStore;
use McpNative\Plugin\Tools\ToolResult;

/**
 * initialize, ping, tools/*, logging/setLevel, and the handlers of resources/*, prompts/* and
 * completion/complete (HANDLERS). Any other method is -32601 (also before a session
 * exists, so probes such as `server/discover` get a clean JSON-RPC error).
 *
 * Transport-neutral: with a SessionStore (HTTP) initialize opens a session and every other
 * request needs it; without one (stdio, where the connection is the session) no session is
 * created or checked.
 */
final class RequestRouter {

	private const METHODS = array( 'initialize', 'ping', 'tools/list', 'tools/call', 'logging/setLevel' );

	/** Methods served by a handler class: method => [class, public entry taking the params]. */
	private const HANDLERS = array(
		'resources/list'           => array( ResourcesHandler::class, 'list_resources' ),
		'resources/templates/list' => array( ResourcesHandler::class, 'list_templates' ),
		'resources/read'           => array( ResourcesHandler::class, 'read' ),
		'prompts/list'             => array( PromptsHandler::class, 'list_prompts' ),
		'prompts/get'              => array( PromptsHandler::class, 'get' ),
		'completion/complete'      => array( CompletionHandler::class, 'complete' ),
	);

	/** RFC 5424 severities accepted by logging/setLevel. */
	private const LOG_LEVELS = array( 'debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency' );

	/** Longest piece of a client-supplied name echoed in an error message (bytes). */
	private const MAX_ECHO = 200;

	/** Characters trimmed around a tool name: whitespace only (a NUL byte is part of the name). */
	private const NAME_TRIM = " \t\n\r";

	public function __construct(
		private readonly Server $server,
		private readonly ?SessionStore $sessions
	) {}

	/**
	 * @param Message     $message    A request.
	 * @param string|null $session_id Mcp-Session-Id header.
	 * @throws JsonRpcError On protocol errors.
	 */
	/**
	 * Checks that the server implements the request's method: -32601 otherwise. Transports call it
	 * before anything that depends on the client's protocol version, so that a newer client's probe
	 * (the Python SDK's server/discover) learns it must fall back.
	 *
	 * @throws JsonRpcError For a method the server does not implement.
	 */
	public static function assert_implemented( Message $message ): void {
		if ( ! in_array( $message->method, self::METHODS, true ) && ! isset( self::HANDLERS[ (string) $message->method ] ) ) {
			throw ErrorFactory::method_not_found( self::echoable( (string) $message->method ), $message->id );
		}
	}

	public function route( Message $message, ?string $session_id ): Outcome {
		self::assert_implemented( $message );
		$method = (string) $message->method;
		if ( 'initialize' === $method ) {
			return $this->initialize( $message );
		}

		if ( null !== $this->sessions ) {
			if ( null === $session_id || '' === $session_id ) {
				throw ErrorFactory::missing_session( $message->id );
			}
			if ( null === $this->sessions->find( get_current_user_id(), $this->server->id, $session_id ) ) {
				throw ErrorFactory::session_not_found( $message->id );
			}
		}

		if ( isset( self::HANDLERS[ $method ] ) ) {
			list( $class, $entry ) = self::HANDLERS[ $method ];
			try {
				return new Outcome( ( new $class( $this->server ) )->$entry( $message->params ) );
			} catch ( JsonRpcError $error ) {
				throw null === $error->id ? $error->with_id( $message->id ) : $error;
			}
		}

		switch ( $method ) {
			case 'ping':
				return new Outcome( new \stdClass() );
			case 'tools/list':
				return new Outcome( $this->tools_list( $message ) );
			case 'logging/setLevel':
				// Accepted and validated; the server sends no log notifications (no stream to carry them).
				$level = $message->param( 'level' );
				if ( ! is_string( $level ) || ! in_array( $level, self::LOG_LEVELS, true ) ) {
					throw ErrorFactory::invalid_params( 'Invalid params: level must be one of ' . implode( ', ', self::LOG_LEVELS ), $message->id );
				}
				return new Outcome( new \stdClass() );
			default:
				return new Outcome( $this->tools_call( $message ) );
		}
	}

	private function initialize( Message $message ): Outcome {
		$version     = ProtocolVersion::negotiate( $message->param( 'protocolVersion' ) );
		$client_info = $message->param( 'clientInfo' );
		$client_name = ( $client_info instanceof \stdClass && isset( $client_info->name ) && is_string( $client_info->name ) ) ? $client_info->name : '';

		$session = $this->sessions?->create( get_current_user_id(), $this->server->id, $version, $client_name );

		$result = array(
			'protocolVersion' => $version,
			'capabilities'    => array(
				'tools'       => array( 'listChanged' => false ),
				// Subscriptions and list_changed notifications need a stream (not yet).
				'resources'   => array(
					'subscribe'   => false,
					'listChanged' => false,
				),
				'prompts'     => array( 'listChanged' => false ),
				'completions' => new \stdClass(),
				'logging'     => new \stdClass(),
			),
			'serverInfo'      => array(
				'name'    => $this->server->name,
				'version' => $this->server->version,
			),
		);
		if ( '' !== $this->server->description ) {
			$result['instructions'] = $this->server->description;
		}
		return new Outcome( $result, $session?->id );
	}

	/**
	 * @return array{tools: array<int, array<string, mixed>>, nextCursor?: string}
	 * @throws JsonRpcError Invalid cursor.
	 */
	private function tools_list( Message $message ): array {
		$descriptors = array();
		foreach ( $this->server->tools() as $tool ) {
			$descriptors[] = $tool->descriptor();
		}
		/**
		 * Filters the tools/list descriptors of a server.
		 *
		 * @param array<int, array<string, mixed>> $descriptors Tool descriptors.
		 * @param Server                           $server      The server.
		 */
		$filtered = apply_filters( 'mcp_native_tools_list', $descriptors, $this->server );
		if ( is_array( $filtered ) ) {
			$descriptors = array_values( $filtered );
		} else {
			Logger::warning( 'Filter mcp_native_tools_list returned a non-array; ignored', array( 'server' => $this->server->id ) );
		}
		try {
			return Cursor::page( 'tools', $descriptors, $message->param( 'cursor' ), 'tools/list', $this->server->id );
		} catch ( JsonRpcError $error ) {
			throw $error->with_id( $message->id );
		}
	}

	/**
	 * @throws JsonRpcError Missing name, unknown tool, arguments not an object.
	 */
	private function tools_call( Message $message ): array {
		if ( ! $message->params instanceof \stdClass ) {
			throw ErrorFactory::invalid_params( 'Invalid params: params must be an object with a tool name', $message->id );
		}
		$name = $message->param( 'name' );
		if ( is_int( $name ) ) {
			$name = (string) $name;
		}
		if ( ! is_string( $name ) || '' === trim( $name, self::NAME_TRIM ) ) {
			throw ErrorFactory::invalid_params( 'Missing required parameter: tool name', $message->id );
		}
		$name = trim( $name, self::NAME_TRIM );
		$tool = $this->server->get_tool( $name );
		if ( null === $tool ) {
			throw ErrorFactory::unknown_tool( self::echoable( $name ), $message->id );
		}

		$raw_arguments = $message->param( 'arguments' );
		if ( null === $raw_arguments || array() === $raw_arguments ) {
			$arguments = array();
		} elseif ( $raw_arguments instanceof \stdClass ) {
			$arguments = Json::to_array( $raw_arguments );
		} else {
			throw ErrorFactory::invalid_params( 'Invalid params: arguments must be an object', $message->id );
		}

		// The contract's optional site_id: a call naming another site is refused before anything
		// runs (no filter, permission check or callback); a matching one is removed here.
		$checked = SiteIdentity::check_arguments( $arguments, $tool );
		if ( $checked instanceof \WP_Error ) {
			$filtered = $checked;
		} else {
			$arguments = $checked;
			/**
			 * Filters the arguments of a tool call before the tool runs; return a WP_Error to refuse the call
			 * (it becomes an isError result). A `site_id` argument has already been checked and removed.
			 *
			 * @param array<string, mixed> $arguments Arguments.
			 * @param string               $tool_name Tool name.
			 * @param \McpNative\Plugin\Tools\Tool $tool The tool.
			 * @param Server               $server    The server.
			 */
			$filtered = apply_filters( 'mcp_native_pre_tool_call', $arguments, $name, $tool, $this->server );
		}
		if ( $filtered instanceof \WP_Error ) {
			$result = ToolResult::from_wp_error( $filtered, $tool );
		} else {
			if ( is_array( $filtered ) ) {
				$arguments = $filtered;
			}
			try {
				$result = $tool->call( $arguments );
			} catch ( \Throwable $e ) {
				Logger::error(
					'Tool threw: ' . $e->getMessage(),
					array(
						'server'    => $this->server->id,
						'tool'      => $name,
						'exception' => get_class( $e ),
					)
				);
				$result = ToolResult::error( 'tool_exception', 'Tool "' . $name . '" failed: ' . $e->getMessage(), null, $tool );
			}
		}

		$payload = $result->to_array();
		/**
		 * Filters a tools/call result (the CallToolResult array) before it is sent.
		 *
		 * @param array<string, mixed> $payload   Result.
		 * @param string               $tool_name Tool name.
		 * @param array<string, mixed> $arguments Arguments.
		 * @param Server               $server    The server.
		 */
		$filtered_payload = apply_filters( 'mcp_native_tool_call_result', $payload, $name, $arguments, $this->server );
		if ( is_array( $filtered_payload ) && isset( $filtered_payload['content'] ) && is_array( $filtered_payload['content'] ) ) {
			$payload = $filtered_payload;
		}
		return $payload;
	}

	/**
	 * A client-supplied name as echoed in an error message: at most MAX_ECHO bytes, so an error
	 * never reflects an unbounded request back (a 1 MiB method name gets a short answer).
	 */
	private static function echoable( string $value ): string {
		return strlen( $value ) > self::MAX_ECHO ? substr( $value, 0, self::MAX_ECHO ) . '… (' . strlen( $value ) . ' bytes)' : $value;
	}
}
