<?php
/**
 * Running an ability for a resource read or a prompt get.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Schema\AdapterMeta;
use McpNative\Plugin\Tools\AbilityInvoker;

/**
 * The client's arguments (prompt arguments, URI template variables) take the path of a tool call:
 * unwrapped when the ability's input schema is flattened (the single argument is `input`, as the
 * official adapter names it), normalized, checked under the server's argument profile, then the
 * permission callback and the execute callback, all by the one AbilityInvoker. Resources and prompts
 * have no isError result, so a failure becomes a JSON-RPC error (see to_rpc_error()).
 */
final class AbilityInvocation {

	/**
	 * The adapter meta of an ability's input (Schema\AdapterMeta::of_ability, as a tool's) and its
	 * wire schema as arrays (what prompt arguments and completions read).
	 *
	 * @return array{schema: array<string, mixed>, adapter_meta: array<string, mixed>}
	 */
	public static function input( \WP_Ability $ability ): array {
		$encoded = AdapterMeta::of_ability( $ability, false );
		$schema  = Json::to_array( $encoded['input_schema'] );
		return array(
			'schema'       => is_array( $schema ) ? $schema : array(),
			'adapter_meta' => $encoded['adapter_meta'],
		);
	}

	/**
	 * Runs the ability; returns its value or a WP_Error.
	 *
	 * @param array<string, mixed> $arguments    Arguments in the wire shape (object schema).
	 * @param array<string, mixed> $adapter_meta From input().
	 */
	public static function run( \WP_Ability $ability, array $arguments, array $adapter_meta, string $profile ): mixed {
		return AbilityInvoker::invoke_wire( $ability, $arguments, $adapter_meta, $profile );
	}

	/**
	 * The JSON-RPC error for a failed run: invalid arguments -32602 (with every violation in
	 * `data`), permission refused -32011 (the server's code for authenticated but not allowed),
	 * anything else -32603 with the ability's message.
	 */
	public static function to_rpc_error( \WP_Error $error ): JsonRpcError {
		$code    = (string) $error->get_error_code();
		$message = $error->get_error_message();
		if ( ArgumentProfile::ERROR_CODE === $code || 'ability_invalid_input' === $code ) {
			$data = Json::safe_data( $error->get_error_data() );
			return new JsonRpcError( ErrorCode::INVALID_PARAMS, $message, 200, is_array( $data ) ? $data : null );
		}
		if ( 'ability_invalid_permissions' === $code || 'rest_forbidden' === $code ) {
			return new JsonRpcError( ErrorCode::FORBIDDEN, 'Permission denied: ' . $message, 200 );
		}
		return new JsonRpcError( ErrorCode::INTERNAL_ERROR, '' !== $message ? $message : $code, 200, array( 'code' => $code ) );
	}

	/**
	 * Checks only the permission callback (completion runs no ability), as a JSON-RPC error.
	 *
	 * @param mixed $input Input in the ability's shape.
	 * @throws JsonRpcError -32011 when refused.
	 */
	public static function assert_permitted( \WP_Ability $ability, mixed $input ): void {
		try {
			$allowed = $ability->check_permissions( $input );
		} catch ( \Throwable $e ) {
			$allowed = new \WP_Error( 'ability_invalid_permissions', $e->getMessage() );
		}
		if ( true !== $allowed ) {
			throw self::to_rpc_error( $allowed instanceof \WP_Error ? $allowed : new \WP_Error( 'ability_invalid_permissions', sprintf( 'Ability "%s" is not available to this user', $ability->get_name() ) ) );
		}
	}
}
