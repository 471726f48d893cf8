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
 * Normalises "no arguments" for an ability, on MCP Native's core. Like the adapter, `[]` becomes
 * null for an ability without an input schema and everything non-empty passes unchanged; null or
 * `[]` become `[]` for an object schema (so `{}`/no arguments validate instead of failing as "not
 * of type object": adapter issue 229, fixed the same way in 0.6.0) and null when the schema has a
 * top-level `default` (WordPress then applies it; also 0.6.0). Where 0.6.x differs (a non-object
 * schema, a type list allowing null) see docs/INSTALL.md.
 */
class AbilityArgumentNormalizer {

	/**
	 * @param \WP_Ability $ability    The ability.
	 * @param mixed       $parameters The arguments as decoded from JSON.
	 * @return mixed
	 */
	public static function normalize( \WP_Ability $ability, $parameters ) {
		return Accelerator::normalize( $ability, $parameters );
	}
}
