<?php
/**
 * MCP Native's stand-in for the official MCP Adapter class of the same name (0.5.x, 0.6.x). Loaded only by
 * McpNative\Plugin\Adapter\Accelerator, when the site opts in and the installed adapter is 0.5.x or 0.6.x
 * with exactly this public API. Written for mcp-native; the adapter's code is not copied here.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace WP\MCP\Domain\Utils;

use McpNative\Plugin\Adapter\Accelerator;

/**
 * Turns an ability schema into an MCP object schema, on MCP Native's core (the mcp_native
 * extension, or its PHP fallback). Same return shape as the adapter (0.5.x, 0.6.x): `schema`,
 * `was_transformed`, `wrapper_property`. Differences, on purpose (see docs/INSTALL.md):
 * WordPress-only keys (sanitize_callback, validate_callback, arg_options) are removed at every
 * schema position, an empty `properties` is removed at any depth, values JSON cannot carry are
 * removed, cycles are cut, and nothing recurses without bound.
 */
class SchemaTransformer {

	/**
	 * @param array<string,mixed>|null $schema      The ability's input or output schema.
	 * @param string                   $wrapper_key Property wrapping a non-object schema.
	 * @return array<string,mixed> ['schema' => array, 'was_transformed' => bool, 'wrapper_property' => ?string]
	 */
	public static function transform_to_object_schema( ?array $schema, string $wrapper_key = 'input' ): array {
		return Accelerator::transform_to_object_schema( $schema, $wrapper_key );
	}
}
