<?php
/**
 * Abilities to prompts.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Prompts;

use McpNative\Plugin\AbilityInvocation;
use McpNative\Plugin\AbilityMeta;
use McpNative\Plugin\NameSanitizer;
use McpNative\Plugin\Tools\ToolFactory;

/**
 * As the official adapter: the name is the ability name made MCP-safe (filter
 * `mcp_native_prompt_name`), the title its label; arguments come from `meta.mcp.arguments`
 * (entries {name, title?, description?, required?}) or, failing that, from the properties of the
 * input schema (a flattened schema is one argument, `input`), required as the schema says.
 */
final class PromptFactory {

	/**
	 * @param string $server_id Server the prompt is built for (passed to the name filter).
	 * @return Prompt|\WP_Error
	 */
	public static function from_ability( \WP_Ability $ability, string $server_id = '' ): Prompt|\WP_Error {
		$ability_name = $ability->get_name();
		$filtered     = NameSanitizer::for_ability( $ability, 'prompt', $server_id );
		if ( $filtered instanceof \WP_Error ) {
			return $filtered;
		}

		try {
			$input = AbilityInvocation::input( $ability );
		} catch ( \Throwable $e ) {
			return new \WP_Error( 'mcp_native_prompt_conversion_failed', sprintf( 'Ability %s could not be converted to an MCP prompt: %s', $ability_name, $e->getMessage() ) );
		}
		$mcp       = AbilityMeta::mcp( $ability );
		$arguments = is_array( $mcp['arguments'] ?? null ) && array() !== $mcp['arguments']
			? self::explicit_arguments( $mcp['arguments'], $ability_name )
			: self::schema_arguments( $input['schema'] );
		if ( $arguments instanceof \WP_Error ) {
			return $arguments;
		}

		return new Prompt(
			$ability,
			$filtered,
			trim( $ability->get_label() ),
			trim( $ability->get_description() ),
			$arguments,
			ToolFactory::icons( $mcp['icons'] ?? null, $ability_name ),
			AbilityMeta::user_meta( $ability ),
			$input
		);
	}

	/**
	 * @param array<mixed> $declared meta.mcp.arguments.
	 * @return list<array<string, string|bool>>|\WP_Error
	 */
	private static function explicit_arguments( array $declared, string $ability_name ): array|\WP_Error {
		$arguments = array();
		foreach ( array_values( $declared ) as $index => $entry ) {
			if ( ! is_array( $entry ) || ! is_string( $entry['name'] ?? null ) || '' === trim( $entry['name'] ) ) {
				return new \WP_Error( 'mcp_native_prompt_argument_invalid', sprintf( 'Prompt ability %s: meta.mcp.arguments[%d] needs a non-empty "name"', $ability_name, $index ) );
			}
			$arguments[] = self::argument( trim( $entry['name'] ), $entry, true === ( $entry['required'] ?? null ) );
		}
		return $arguments;
	}

	/**
	 * @param array<string, mixed> $schema The input schema as an object schema.
	 * @return list<array<string, string|bool>>
	 */
	private static function schema_arguments( array $schema ): array {
		$properties = $schema['properties'] ?? null;
		if ( ! is_array( $properties ) ) {
			return array();
		}
		$required  = is_array( $schema['required'] ?? null ) ? $schema['required'] : array();
		$arguments = array();
		foreach ( $properties as $name => $property ) {
			if ( is_array( $property ) ) {
				// The wire schema has draft-3 `required: true` lifted into `required` already.
				$arguments[] = self::argument( (string) $name, $property, in_array( (string) $name, $required, true ) );
			}
		}
		return $arguments;
	}

	/**
	 * @param array<string, mixed> $source A declared argument or a property schema.
	 * @return array<string, string|bool>
	 */
	private static function argument( string $name, array $source, bool $required ): array {
		$argument = array( 'name' => $name );
		foreach ( array( 'title', 'description' ) as $key ) {
			if ( is_string( $source[ $key ] ?? null ) && '' !== trim( $source[ $key ] ) ) {
				$argument[ $key ] = trim( $source[ $key ] );
			}
		}
		if ( $required ) {
			$argument['required'] = true;
		}
		return $argument;
	}
}
