<?php
/**
 * The one place that decides whether the native extension or the PHP fallback runs. Nothing
 * else in the plugin knows which.
 *
 * @package McpNative
 */

namespace McpNative\Plugin;

use McpNative\Plugin\Fallback\Arguments;
use McpNative\Plugin\Fallback\SchemaTransformer;

require_once __DIR__ . '/JsonPointer.php';
require_once __DIR__ . '/Fallback/polyfill.php';
require_once __DIR__ . '/Fallback/SchemaKeywords.php';
require_once __DIR__ . '/Fallback/SchemaTransformer.php';
require_once __DIR__ . '/Fallback/Arguments.php';
require_once __DIR__ . '/Fallback/Violations.php';
require_once __DIR__ . '/Fallback/SchemaShape.php';
require_once __DIR__ . '/Fallback/Validator.php';
require_once __DIR__ . '/Fallback/StrictValidator.php';

final class Contract {
	/** The extension version this plugin was written against. */
	public const EXPECTED_EXTENSION_VERSION = '0.1.0';

	/** What this facade calls in the extension (Site Health reports a build that lacks any). */
	public const NATIVE_FUNCTIONS = array(
		'McpNative\\version',
		'McpNative\\unwrap_input_if_needed',
		'McpNative\\wrap_output_if_needed',
		'McpNative\\normalize_arguments',
		'McpNative\\validate',
		'McpNative\\wire_tool_schema',
		'McpNative\\wire_ability_schema',
	);
	public const NATIVE_CLASSES = array( 'McpNative\\SchemaTransformer' );

	/** @var bool */
	private static $native;

	public static function is_native(): bool {
		return self::$native ??= extension_loaded( 'mcp_native' );
	}

	/** The running implementation's version: the extension's, or 'php-fallback'. */
	public static function version(): string {
		return self::is_native() ? \McpNative\version() : 'php-fallback';
	}

	/**
	 * Fails loudly when MCP_NATIVE_REQUIRE (native|fallback) names the other implementation, so
	 * that a test run cannot silently test the wrong one.
	 */
	public static function assert_required_mode(): void {
		$required = getenv( 'MCP_NATIVE_REQUIRE' );
		if ( false === $required || '' === $required ) {
			return;
		}
		$running = self::is_native() ? 'native' : 'fallback';
		if ( $required !== $running ) {
			throw new \RuntimeException( "MCP_NATIVE_REQUIRE=$required but the $running implementation is running" );
		}
	}

	public static function transform_to_object_schema( ?array $schema, string $wrapper_key = 'input' ): array {
		return self::is_native()
			? \McpNative\SchemaTransformer::transform_to_object_schema( $schema, $wrapper_key )
			: SchemaTransformer::transform_to_object_schema( $schema, $wrapper_key );
	}

	/** @return mixed */
	public static function unwrap_input_if_needed( $arguments, array $adapter_meta ) {
		return self::is_native()
			? \McpNative\unwrap_input_if_needed( $arguments, $adapter_meta )
			: Arguments::unwrap_input_if_needed( $arguments, $adapter_meta );
	}

	/** @return mixed */
	public static function wrap_output_if_needed( $result, array $adapter_meta ) {
		return self::is_native()
			? \McpNative\wrap_output_if_needed( $result, $adapter_meta )
			: Arguments::wrap_output_if_needed( $result, $adapter_meta );
	}

	/**
	 * Every violation of `$schema` by `$value`: a list of ['path' => JSON Pointer, 'keyword', 'message'],
	 * empty when valid. Profile 'standard' gives WordPress core's verdict (rest_validate_value_from_schema,
	 * with its coercions); 'strict' takes JSON types as sent and standard JSON Schema. `$path` is the
	 * JSON Pointer of the value inside a larger document (a tool's arguments): every path starts with
	 * it and messages name the root by it.
	 */
	public static function validate( $value, array $schema, string $profile = 'standard', string $path = '' ): array {
		return self::is_native()
			? \McpNative\validate( $value, $schema, $profile, $path )
			: Fallback\Validator::validate( $value, $schema, $profile, $path );
	}

	/** @return mixed */
	public static function normalize_arguments( ?array $input_schema, $parameters ) {
		return self::is_native()
			? \McpNative\normalize_arguments( $input_schema, $parameters )
			: Arguments::normalize_arguments( $input_schema, $parameters );
	}
}
