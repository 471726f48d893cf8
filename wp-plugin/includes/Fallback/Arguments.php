<?php
/**
 * Pure-PHP mirror of src/core/arguments.rs: unwrap the input wrapper before an ability's
 * callback, wrap its result after, and normalise "no arguments".
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class Arguments {
	public const DEFAULT_INPUT_WRAPPER  = 'input';
	public const DEFAULT_OUTPUT_WRAPPER = 'result';

	/** `$meta[$key]` when it is a string that is not blank, else `$default`. */
	public static function wrapper_name( array $meta, string $key, string $default ): string {
		$name = $meta[ $key ] ?? null;
		return is_string( $name ) && '' !== trim( $name ) ? $name : $default;
	}

	/** @return mixed */
	public static function unwrap_input_if_needed( $arguments, array $adapter_meta ) {
		if ( true !== ( $adapter_meta['input_schema_transformed'] ?? null ) ) {
			return $arguments;
		}
		if ( ! is_array( $arguments ) ) {
			return null;
		}
		return $arguments[ self::wrapper_name( $adapter_meta, 'input_schema_wrapper', self::DEFAULT_INPUT_WRAPPER ) ] ?? null;
	}

	/** @return mixed */
	public static function wrap_output_if_needed( $result, array $adapter_meta ) {
		if ( true !== ( $adapter_meta['output_schema_transformed'] ?? null ) ) {
			return $result;
		}
		return array( self::wrapper_name( $adapter_meta, 'output_schema_wrapper', self::DEFAULT_OUTPUT_WRAPPER ) => $result );
	}

	/** Does the schema describe an object (`type` absent, null, 'object', or a list naming it)? */
	public static function describes_object( array $schema ): bool {
		$type = $schema['type'] ?? null;
		if ( null === $type ) {
			return true;
		}
		if ( is_string( $type ) ) {
			return 'object' === $type;
		}
		return is_array( $type ) && in_array( 'object', $type, true );
	}

	/** @return mixed */
	public static function normalize_arguments( ?array $input_schema, $parameters ) {
		if ( null !== $parameters && array() !== $parameters ) {
			return $parameters;
		}
		if ( null === $input_schema || array() === $input_schema || array_key_exists( 'default', $input_schema ) ) {
			return null;
		}
		return self::describes_object( $input_schema ) ? array() : $parameters;
	}
}
