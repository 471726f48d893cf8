<?php
/**
 * A server's argument profile: how an ability's arguments are checked before its callback.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * Two profiles (config key `profile` of ServerRegistry::create_server):
 *
 *  - `standard` (default): WordPress semantics (the verdict of rest_validate_value_from_schema),
 *    and before validating, the common string forms of booleans ("true"/"false", "1"/"0",
 *    "yes"/"no", "on"/"off", any case) become real booleans wherever the schema says boolean
 *    (at any depth of described properties and items), so the callback receives `true`, not "true".
 *  - `strict`: JSON types exactly as sent (a string where a boolean is described is a violation),
 *    standard JSON Schema.
 *
 * In both, undescribed extra fields stay accepted. Validation itself is Contract::validate
 * (native when the extension runs).
 */
final class ArgumentProfile {

	public const STANDARD = 'standard';
	public const STRICT   = 'strict';

	public const ERROR_CODE = 'invalid_arguments';

	/**
	 * @return list<string>
	 */
	public static function all(): array {
		return array( self::STANDARD, self::STRICT );
	}

	public static function is_valid( mixed $profile ): bool {
		return is_string( $profile ) && in_array( $profile, self::all(), true );
	}

	/**
	 * The value the callback receives under `$profile` (booleans coerced for `standard`).
	 *
	 * @param mixed                $value  Arguments in the ability's own schema shape.
	 * @param array<string, mixed> $schema The ability's input schema.
	 */
	public static function prepare( mixed $value, array $schema, string $profile ): mixed {
		return self::STANDARD === $profile ? self::coerce_booleans( $value, $schema ) : $value;
	}

	/**
	 * Replaces string forms of booleans by booleans where the schema describes a boolean (and
	 * not also a string; "1"/"0" stay strings when the schema also allows a number), following
	 * `properties`, `patternProperties`, `additionalProperties`, `items` and `prefixItems`: one
	 * native call with the extension (src/core/argument_profile.rs), its PHP twin without
	 * (Fallback\BooleanCoercion), through Contract.
	 *
	 * @param mixed                $value  Value.
	 * @param array<string, mixed> $schema Its schema.
	 * @throws \McpNative\SchemaException (extension) When the result would not fit in memory_limit.
	 */
	public static function coerce_booleans( mixed $value, array $schema ): mixed {
		return Contract::coerce_booleans( $value, $schema );
	}

	/**
	 * The list of violations as a WP_Error (code invalid_arguments): the message lists every
	 * violation, `data.violations` has them as [{path, keyword, message}] (paths are JSON Pointers
	 * into the tool's arguments: Contract::validate was told where the input sits).
	 *
	 * @param list<array{path?: mixed, keyword?: mixed, message?: mixed}> $violations From Contract::validate.
	 */
	public static function violations_error( array $violations, string $ability_name = '' ): \WP_Error {
		$clean = array();
		foreach ( $violations as $violation ) {
			$violation = is_array( $violation ) ? $violation : array();
			$clean[]   = array(
				'path'    => is_string( $violation['path'] ?? null ) ? $violation['path'] : '',
				'keyword' => is_string( $violation['keyword'] ?? null ) ? $violation['keyword'] : '',
				'message' => is_string( $violation['message'] ?? null ) ? $violation['message'] : 'Invalid value.',
			);
		}
		$count = count( $clean );
		$lines = array(
			sprintf(
				'Invalid arguments%s: %d %s. Nothing was run; fix %s and call again.',
				'' !== $ability_name ? ' for ' . $ability_name : '',
				$count,
				1 === $count ? 'violation' : 'violations',
				1 === $count ? 'it' : 'all of them'
			),
		);
		foreach ( $clean as $violation ) {
			$lines[] = sprintf(
				'- %s: %s%s',
				'' === $violation['path'] ? '(root)' : $violation['path'],
				$violation['message'],
				'' !== $violation['keyword'] ? ' [' . $violation['keyword'] . ']' : ''
			);
		}
		return new \WP_Error( self::ERROR_CODE, implode( "\n", $lines ), array( 'violations' => $clean ) );
	}
}
