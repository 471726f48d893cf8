<?php
/**
 * Pure-PHP mirror of src/core/arguments.rs: unwrap the input wrapper before an ability's
 * callback, wrap its result after, and normalise "no arguments". The wrapper names and their
 * rule are Schema\AdapterMeta's.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\Schema\AdapterMeta;

final class Arguments {

	/** @return mixed */
	public static function unwrap_input_if_needed( $arguments, array $adapter_meta ) {
		$wrapper = AdapterMeta::input_wrapper( $adapter_meta );
		if ( null === $wrapper ) {
			return $arguments;
		}
		return is_array( $arguments ) ? $arguments[ $wrapper ] ?? null : null;
	}

	/** @return mixed */
	public static function wrap_output_if_needed( $result, array $adapter_meta ) {
		$wrapper = AdapterMeta::output_wrapper( $adapter_meta );
		return null === $wrapper ? $result : array( $wrapper => $result );
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
