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

/*
 * The extension runs only when it is one this plugin was written against: its version, and every
 * function and class this facade calls. A host that updated the plugin but not the .so gets the
 * fallback (Site Health says why), never a mismatched extension. The fallback's classes load (by
 * the autoloader) only when the fallback runs; its polyfill declares what callers read of the
 * extension (the exception class, the limits) when that is not loaded.
 *
 * The autoloader below serves the fallback's classes where the plugin's own autoloader is not
 * there (the unit suites, benchmarks and fuzzers load this file alone).
 */
require_once __DIR__ . '/Fallback/polyfill.php'; // Declares only what the extension does not.

spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = __NAMESPACE__ . '\\Fallback\\';
		if ( str_starts_with( $class_name, $prefix ) && 1 === preg_match( '/^[A-Za-z0-9_]+$/', substr( $class_name, strlen( $prefix ) ) ) ) {
			$file = __DIR__ . '/Fallback/' . substr( $class_name, strlen( $prefix ) ) . '.php';
			if ( is_file( $file ) ) {
				require_once $file;
			}
		} elseif ( __NAMESPACE__ . '\\JsonPointer' === $class_name ) {
			require_once __DIR__ . '/JsonPointer.php';
		} elseif ( in_array( $class_name, array( __NAMESPACE__ . '\\Schema\\AdapterMeta', __NAMESPACE__ . '\\Schema\\Draft3Required' ), true ) ) {
			require_once __DIR__ . '/Schema/' . substr( $class_name, strlen( __NAMESPACE__ . '\\Schema\\' ) ) . '.php';
		}
	}
);

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
		'McpNative\\coerce_booleans',
	);
	public const NATIVE_CLASSES = array( 'McpNative\\SchemaTransformer' );

	/** Optional: the per-worker cache of encoded tool lists (a build without it caches nothing in memory). */
	public const CACHE_FUNCTIONS = array( 'McpNative\\fingerprint', 'McpNative\\cache_fetch', 'McpNative\\cache_store' );

	/** @var bool */
	private static $native;

	public static function is_native(): bool {
		return self::$native ??= self::native_usable();
	}

	/**
	 * Whether the loaded extension is one this facade may call: the expected version, and every
	 * function and class it calls (Admin\ExtensionStatus reports which part is missing).
	 */
	public static function native_usable(): bool {
		if ( ! extension_loaded( 'mcp_native' ) ) {
			return false;
		}
		foreach ( self::NATIVE_FUNCTIONS as $function ) {
			if ( ! function_exists( $function ) ) {
				return false;
			}
		}
		foreach ( self::NATIVE_CLASSES as $class ) {
			if ( ! class_exists( $class, false ) ) {
				return false;
			}
		}
		try {
			return 0 === version_compare( (string) \McpNative\version(), self::EXPECTED_EXTENSION_VERSION );
		} catch ( \Throwable $e ) {
			return false;
		}
	}

	/**
	 * A tool's wire schema and the wrapper used (SchemaEncoder::tool_schema()).
	 *
	 * @param array<string, mixed> $source The ability's schema.
	 * @return array{schema: array<string, mixed>, wrapper: ?string}
	 */
	public static function wire_tool_schema( array $source, string $wrapper_key ): array {
		return self::is_native()
			? \McpNative\wire_tool_schema( $source, $wrapper_key )
			: SchemaTransformer::wire_tool_schema( $source, $wrapper_key );
	}

	/**
	 * An ability's own schema as clients see it (SchemaEncoder::ability_schema()).
	 *
	 * @param array<string, mixed> $source The ability's schema.
	 */
	public static function wire_ability_schema( array $source ): array|\stdClass {
		return self::is_native()
			? \McpNative\wire_ability_schema( $source )
			: SchemaTransformer::wire_ability_schema( $source );
	}

	/**
	 * Whether encoded tool lists are kept in the worker's memory (the extension's cache), rather
	 * than in WordPress's own store (ToolListCache).
	 */
	public static function has_worker_cache(): bool {
		static $has = null;
		if ( null === $has ) {
			$has = self::is_native();
			foreach ( self::CACHE_FUNCTIONS as $function ) {
				$has = $has && function_exists( $function );
			}
		}
		return $has;
	}

	/**
	 * A fingerprint of what a cached value is made of, or null when it cannot be taken (an
	 * object other than stdClass, a value JSON cannot carry): the extension's, else XXH128 of
	 * serialize() in the same cases.
	 *
	 * @param array<mixed> $sources What the value is made of.
	 */
	public static function fingerprint( array $sources ): ?string {
		return self::has_worker_cache() ? \McpNative\fingerprint( $sources ) : Fallback\Fingerprint::of( $sources );
	}

	/**
	 * The worker's cached texts under $key (null: not there, or no worker cache).
	 *
	 * @return list<string>|null
	 */
	public static function worker_cache_fetch( string $key ): ?array {
		return self::has_worker_cache() ? \McpNative\cache_fetch( $key ) : null;
	}

	/**
	 * Keeps texts in the worker's memory under $key; false without a worker cache.
	 *
	 * @param list<string> $texts Texts.
	 */
	public static function worker_cache_store( string $key, array $texts ): bool {
		if ( ! self::has_worker_cache() ) {
			return false;
		}
		\McpNative\cache_store( $key, $texts );
		return true;
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

	/**
	 * The `standard` argument profile's coercion: string booleans made booleans where `$schema`
	 * describes a boolean (ArgumentProfile::coerce_booleans).
	 *
	 * @param array<string, mixed> $schema The ability's input schema.
	 */
	public static function coerce_booleans( mixed $value, array $schema ): mixed {
		return self::is_native()
			? \McpNative\coerce_booleans( $value, $schema )
			: Fallback\BooleanCoercion::coerce_booleans( $value, $schema );
	}

	/** @return mixed */
	public static function normalize_arguments( ?array $input_schema, $parameters ) {
		return self::is_native()
			? \McpNative\normalize_arguments( $input_schema, $parameters )
			: Arguments::normalize_arguments( $input_schema, $parameters );
	}
}
