<?php
/**
 * The adapter meta of an ability: whether its schemas are flattened and under which wrapper names.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Schema;

use McpNative\Plugin\SchemaEncoder;

/**
 * The one place (in PHP) that knows the wrapper names and their rule (src/core/arguments.rs is the
 * Rust one): a non-object schema is wrapped under `input` / `result`, recorded in the adapter meta
 * as the official adapter records it (`input_schema_transformed`, `input_schema_wrapper`,
 * `output_schema_transformed`, `output_schema_wrapper`), and a recorded wrapper counts only when
 * it is a non-blank string (else the default). Tools, resources and prompts get their adapter
 * meta from of_ability(); everything that reads one calls input_wrapper() / output_wrapper() /
 * wrapper_name().
 */
final class AdapterMeta {

	public const INPUT_WRAPPER  = 'input';
	public const OUTPUT_WRAPPER = 'result';

	/** `$meta[$key]` when it is a string that is not blank, else `$default`. */
	public static function wrapper_name( array $meta, string $key, string $default ): string {
		$name = $meta[ $key ] ?? null;
		return is_string( $name ) && '' !== trim( $name ) ? $name : $default;
	}

	/**
	 * The wrapper the input was flattened under, or null when it was not.
	 *
	 * @param array<string, mixed> $meta Adapter meta.
	 */
	public static function input_wrapper( array $meta ): ?string {
		return true === ( $meta['input_schema_transformed'] ?? null )
			? self::wrapper_name( $meta, 'input_schema_wrapper', self::INPUT_WRAPPER )
			: null;
	}

	/**
	 * The wrapper the output was flattened under, or null when it was not.
	 *
	 * @param array<string, mixed> $meta Adapter meta.
	 */
	public static function output_wrapper( array $meta ): ?string {
		return true === ( $meta['output_schema_transformed'] ?? null )
			? self::wrapper_name( $meta, 'output_schema_wrapper', self::OUTPUT_WRAPPER )
			: null;
	}

	/**
	 * An ability's schemas in their wire encoding (SchemaEncoder::tool_schema) and the adapter meta
	 * they imply: one walk per schema, for tools (input and output) and for resources and prompts
	 * (input only). A missing input schema stays `[]` (the tool's wire form is then the empty
	 * object schema); a missing output schema is null.
	 *
	 * @return array{adapter_meta: array<string, mixed>, input_schema: array<string, mixed>, output_schema: ?array<string, mixed>}
	 * @throws \Throwable From the encoding (SchemaException, UnexpectedValueException naming the ability) or ability code.
	 */
	public static function of_ability( \WP_Ability $ability, bool $with_output = true ): array {
		$name = $ability->get_name();
		$meta = array( 'ability' => $name );

		$input = self::encoded( $ability->get_input_schema(), self::INPUT_WRAPPER, $name, 'input' );
		if ( null !== $input['wrapper'] ) {
			$meta['input_schema_transformed'] = true;
			$meta['input_schema_wrapper']     = $input['wrapper'];
		}
		$output_schema = null;
		$output_source = $with_output ? $ability->get_output_schema() : array();
		if ( array() !== $output_source ) {
			$output        = self::encoded( $output_source, self::OUTPUT_WRAPPER, $name, 'output' );
			$output_schema = $output['schema'];
			if ( null !== $output['wrapper'] ) {
				$meta['output_schema_transformed'] = true;
				$meta['output_schema_wrapper']     = $output['wrapper'];
			}
		}
		return array(
			'adapter_meta'  => $meta,
			'input_schema'  => $input['schema'],
			'output_schema' => $output_schema,
		);
	}

	/**
	 * A tool schema on the wire, with the ability named in its errors.
	 *
	 * @param array<string, mixed> $source The ability's schema.
	 * @return array{schema: array<string, mixed>, wrapper: ?string}
	 * @throws \UnexpectedValueException When the schema does not convert to an object schema.
	 */
	private static function encoded( array $source, string $wrapper_key, string $ability_name, string $which ): array {
		try {
			return SchemaEncoder::tool_schema( $source, $wrapper_key );
		} catch ( \UnexpectedValueException $e ) {
			throw new \UnexpectedValueException( sprintf( 'the %s schema of %s: %s', $which, $ability_name, $e->getMessage() ), 0, $e );
		}
	}
}
