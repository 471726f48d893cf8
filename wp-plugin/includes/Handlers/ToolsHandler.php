<?php
/**
 * tools/list and tools/call.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Handlers;

use McpNative\Plugin\Audit\AuditLog;
use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Logger;
use McpNative\Plugin\Pagination\Cursor;
use McpNative\Plugin\Protocol\InputRound;
use McpNative\Plugin\Protocol\RequestMeta;
use McpNative\Plugin\RawJson;
use McpNative\Plugin\Server;
use McpNative\Plugin\SiteIdentity;
use McpNative\Plugin\Tools\InternalError;
use McpNative\Plugin\Tools\Tool;
use McpNative\Plugin\Tools\ToolListCache;
use McpNative\Plugin\Tools\ToolResult;

/**
 * The server's tools: tools/list sends each tool's descriptor() (with the extension, their JSON
 * kept by the worker: ToolListCache), tools/call runs $tool->call() between the plugin's filters.
 */
final class ToolsHandler {

	/** Characters trimmed around a tool name: whitespace only (a NUL byte is part of the name). */
	public const NAME_TRIM = " \t\n\r";

	public function __construct( private readonly Server $server ) {}

	/**
	 * @return array{tools: array<int, array<string, mixed>>|RawJson, nextCursor?: string}
	 * @throws JsonRpcError Invalid cursor.
	 */
	public function list( Message $message ): array {
		$key         = ToolListCache::key( $this->server );
		$texts       = null === $key ? null : ToolListCache::fetch( $this->server, $key );
		$descriptors = null;
		if ( null === $texts ) {
			$descriptors = $this->descriptors();
			$texts       = null === $key ? null : ToolListCache::store( $this->server, $key, $descriptors );
		}
		// The kept JSON texts when there are (cached or just stored), else the descriptors.
		$page = Cursor::page( 'tools', $texts ?? $descriptors, $message->param( 'cursor' ), 'tools/list', $this->server->id );
		if ( null !== $texts && null !== $key ) {
			// With the extension, kept texts come with their compressed form, made once per page
			// and kept too (for Transport\GzipBody).
			$cursor        = $message->param( 'cursor' );
			$page['tools'] = RawJson::list( $page['tools'], ToolListCache::deflater( $key, is_string( $cursor ) ? $cursor : null, count( $page['tools'] ) ) );
		}
		return $page;
	}

	/**
	 * Every tool's descriptor, in list order, after the mcp_native_tools_list filter.
	 *
	 * @return list<array<string, mixed>>
	 */
	private function descriptors(): array {
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
		return $descriptors;
	}

	/**
	 * @return array<string, mixed> CallToolResult, or an input_required result (2026-07-28).
	 * @throws JsonRpcError Missing name, unknown tool, arguments not an object.
	 */
	public function call( Message $message, mixed $session = null, ?RequestMeta $meta = null ): array {
		[ $name, $tool ] = $this->requested_tool( $message );
		$arguments       = self::arguments( $message );

		// 2026-07-28 multi-round calls: the answers the client sends, and those a signed state carries.
		$round = InputRound::open( $message, $meta, $this->server->id, $name, $arguments, $session );

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
			AuditLog::mark_outcome( AuditLog::REFUSED, (string) $filtered->get_error_code() ); // Nothing ran.
			$result = ToolResult::from_wp_error( $filtered, $tool );
		} else {
			if ( is_array( $filtered ) ) {
				$arguments = $filtered;
			}
			try {
				[ $result, $input_required ] = $round->run( static fn() => $tool->call( $arguments ) );
				if ( null !== $input_required ) {
					return $input_required;
				}
			} catch ( JsonRpcError $e ) {
				throw $e;
			} catch ( \Throwable $e ) {
				// The detail (file paths, messages) stays in the log under an id the client is given.
				$result = ToolResult::from_wp_error( InternalError::logged( 'tool_exception', 'Tool "' . $name . '"', InternalError::detail( $e ) ), $tool );
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
	 * The name a tools/call gives (whitespace around it trimmed) and the tool of that name.
	 *
	 * @return array{string, Tool}
	 * @throws JsonRpcError Params that are no object, a missing name, an unknown tool.
	 */
	private function requested_tool( Message $message ): array {
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
			throw ErrorFactory::unknown_tool( $name, $message->id );
		}
		return array( $name, $tool );
	}

	/**
	 * A tools/call's arguments as an array (none, or an empty list, is no argument).
	 *
	 * @return array<string, mixed>
	 * @throws JsonRpcError Arguments that are no object.
	 */
	private static function arguments( Message $message ): array {
		$raw_arguments = $message->param( 'arguments' );
		if ( null === $raw_arguments || array() === $raw_arguments ) {
			return array();
		}
		if ( $raw_arguments instanceof \stdClass ) {
			return Json::to_array( $raw_arguments );
		}
		throw ErrorFactory::invalid_params( 'Invalid params: arguments must be an object', $message->id );
	}
}
