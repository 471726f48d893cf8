<?php
/**
 * A tool backed by a WordPress ability (a custom server's direct tool).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\ArgumentProfile;
use McpNative\Plugin\Contract;
use McpNative\Plugin\Logger;

/**
 * Arguments are unwrapped (flattened input schemas) and normalized by the contract facade,
 * checked under the server's argument profile (every violation reported at once, with JSON
 * Pointer paths into the tool's arguments), then handed to WP_Ability::execute(). The value is
 * wrapped (flattened output schemas) after.
 */
final class AbilityTool extends Tool {

	/**
	 * @param \WP_Ability          $ability      The ability.
	 * @param array<string, mixed> $adapter_meta input_schema_transformed, input_schema_wrapper, output_schema_transformed, output_schema_wrapper.
	 * @param string               $name         MCP name.
	 * @param string               $title        Title.
	 * @param string               $description  Description.
	 * @param array<string, mixed> $input_schema Wire input schema.
	 * @param array|null           $output_schema Wire output schema.
	 * @param array<string, mixed> $annotations  Annotations.
	 * @param array<string, mixed> $meta         _meta.
	 * @param array<int, array>    $icons        Icons.
	 * @param string               $profile      Argument profile (ArgumentProfile::STANDARD or STRICT).
	 */
	public function __construct(
		public readonly \WP_Ability $ability,
		public readonly array $adapter_meta,
		string $name,
		string $title,
		string $description,
		array $input_schema,
		?array $output_schema = null,
		array $annotations = array(),
		array $meta = array(),
		array $icons = array(),
		public readonly string $profile = ArgumentProfile::STANDARD
	) {
		parent::__construct( $name, $title, $description, $input_schema, $output_schema, $annotations, $meta, $icons );
	}

	public function call( array $arguments ): ToolResult {
		$path_prefix = '';
		if ( true === ( $this->adapter_meta['input_schema_transformed'] ?? null ) ) {
			$wrapper     = $this->adapter_meta['input_schema_wrapper'] ?? null;
			$wrapper     = ( is_string( $wrapper ) && '' !== trim( $wrapper ) ) ? $wrapper : ToolFactory::INPUT_WRAPPER;
			$path_prefix = '/' . ArgumentProfile::pointer_token( $wrapper );
		}
		$result = self::execute_ability(
			$this->ability,
			Contract::unwrap_input_if_needed( $arguments, $this->adapter_meta ),
			$this->profile,
			$path_prefix
		);
		if ( $result instanceof \WP_Error ) {
			return ToolResult::from_wp_error( $result, $this );
		}
		return ToolResult::success( Contract::wrap_output_if_needed( $result, $this->adapter_meta ), $this );
	}

	/**
	 * Normalizes the input for an ability, checks it under the argument profile and executes it.
	 * Shared with the default server's execute tool. Returns the ability's value or a WP_Error
	 * (invalid_arguments with every violation, execution failures, permission denied, callback
	 * exceptions, and the adapter's legacy {success:false, error:"…"} convention).
	 *
	 * The check runs inside WP_Ability::execute(), as the last `wp_ability_normalize_input`
	 * filter of this one execution: after core applied the schema default and other plugins
	 * normalized the input, before core's validation, the permission check and the callback
	 * (a WP_Error there stops all three); a `wp_pre_execute_ability` short-circuit still wins.
	 * Cores without that filter (before 7.1) get the same check just before execute().
	 *
	 * @param \WP_Ability $ability     The ability.
	 * @param mixed       $input       Input in the ability's own schema shape.
	 * @param string      $profile     ArgumentProfile::STANDARD or STRICT.
	 * @param string      $path_prefix JSON Pointer of the input inside the tool's arguments ('' = the arguments themselves).
	 */
	public static function execute_ability( \WP_Ability $ability, mixed $input, string $profile = ArgumentProfile::STANDARD, string $path_prefix = '' ): mixed {
		$input_schema = $ability->get_input_schema();
		$filter       = null;
		if ( array() === $input_schema ) {
			// No input schema: the ability takes no input; undescribed arguments are ignored.
			$input = null;
		} else {
			$input = Contract::normalize_arguments( $input_schema, $input );
			if ( self::core_filters_normalized_input() ) {
				$done   = false;
				$filter = static function ( $normalized, $name = null, $instance = null ) use ( $ability, $input_schema, $profile, $path_prefix, &$done ) {
					if ( $done || $instance !== $ability || $normalized instanceof \WP_Error ) {
						return $normalized;
					}
					$done = true; // Once: nested executions (abilities calling abilities) are not ours.
					return self::check_input( $normalized, $input_schema, $profile, $path_prefix, $ability->get_name() );
				};
				add_filter( 'wp_ability_normalize_input', $filter, PHP_INT_MAX, 3 );
			} else {
				$checked = self::check_input(
					( null === $input && array_key_exists( 'default', $input_schema ) ) ? $input_schema['default'] : $input,
					$input_schema,
					$profile,
					$path_prefix,
					$ability->get_name()
				);
				if ( $checked instanceof \WP_Error ) {
					return $checked;
				}
				$input = $checked;
			}
		}

		try {
			$result = $ability->execute( $input );
		} catch ( \Throwable $e ) {
			// WordPress 7.1 catches callback exceptions itself; this covers filters and older cores.
			return new \WP_Error(
				'ability_callback_exception',
				sprintf( 'Ability "%s" threw an exception: %s', $ability->get_name(), $e->getMessage() )
			);
		} finally {
			if ( null !== $filter ) {
				remove_filter( 'wp_ability_normalize_input', $filter, PHP_INT_MAX );
			}
		}

		if ( is_array( $result )
			&& array_key_exists( 'success', $result ) && false === $result['success']
			&& isset( $result['error'] ) && is_string( $result['error'] ) && '' !== trim( $result['error'] ) ) {
			return new \WP_Error( 'ability_failed', $result['error'] );
		}
		return $result;
	}

	/**
	 * The input the callback gets under `$profile` (booleans coerced for `standard`), or a
	 * WP_Error (invalid_arguments) listing every violation of the input schema.
	 *
	 * @param mixed                $input        Normalized input.
	 * @param array<string, mixed> $input_schema The ability's input schema.
	 */
	public static function check_input( mixed $input, array $input_schema, string $profile, string $path_prefix = '', string $ability_name = '' ): mixed {
		$prepared = ArgumentProfile::prepare( $input, $input_schema, $profile );
		try {
			$violations = Contract::validate( $prepared, $input_schema, $profile );
		} catch ( \Throwable $e ) {
			Logger::error( 'Argument validation failed: ' . $e->getMessage(), array( 'ability' => $ability_name, 'exception' => get_class( $e ) ) );
			return new \WP_Error( 'mcp_native_validation_failed', sprintf( 'The arguments of %s could not be validated: %s', '' !== $ability_name ? $ability_name : 'this tool', $e->getMessage() ) );
		}
		if ( array() !== $violations ) {
			return ArgumentProfile::violations_error( $violations, $path_prefix, $ability_name );
		}
		return $prepared;
	}

	/**
	 * Whether WP_Ability::execute() applies the `wp_ability_normalize_input` filter (WordPress 7.1+).
	 */
	private static function core_filters_normalized_input(): bool {
		return version_compare( (string) ( $GLOBALS['wp_version'] ?? '0' ), '7.1-alpha', '>=' );
	}
}
