<?php
/**
 * The one wire encoding of JSON Schemas: every schema that leaves the server goes through it.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * A schema leaves the server as the contract's transform makes it (WordPress-only keys and values
 * JSON cannot carry removed at every depth, objects converted, cycles cut, empty sub-schema maps
 * removed, non-object roots wrapped) with the wire rules applied in the same walk: an empty
 * sub-schema is `{}`, a sub-schema map whose keys PHP reads as a list stays a JSON object,
 * WordPress's draft-3 `required: true` moves to the parent's `required` list (a `required` that is
 * not a list of names is dropped), and a tool's root has `type: object` and a `properties` object.
 * The walk is the extension's (`McpNative\wire_tool_schema`, `McpNative\wire_ability_schema`) or,
 * without it, the fallback's mirror of it; branches that need nothing are not copied.
 *
 * Used by tools/list (through the tools' descriptors), get-ability-info and the admin page.
 */
final class SchemaEncoder {

	/**
	 * A tool's inputSchema/outputSchema from an ability's schema.
	 *
	 * @param array<string, mixed> $source      The ability's schema ([] = none).
	 * @param string               $wrapper_key Property a non-object schema is wrapped in.
	 * @return array{schema: array<string, mixed>, wrapper: ?string} The wire schema (type object) and
	 *                                                                the wrapper used, if any.
	 * @throws \McpNative\SchemaException  Nesting too deep, a failing jsonSerialize(), or (extension)
	 *                                     a result that would not fit in memory_limit.
	 * @throws \UnexpectedValueException When the schema did not come out as an object schema (the
	 *                                     transform always makes one: a guard of that rule).
	 */
	public static function tool_schema( array $source, string $wrapper_key ): array {
		$tool = Contract::wire_tool_schema( $source, $wrapper_key );
		$type = $tool['schema']['type'] ?? null;
		if ( 'object' !== $type ) {
			throw new \UnexpectedValueException( sprintf( 'the schema converted to type %s, not object', is_string( $type ) ? $type : gettype( $type ) ) );
		}
		return $tool;
	}

	/**
	 * An ability's own schema as clients see it (not wrapped): get-ability-info, the admin page.
	 * No schema is `{}`.
	 *
	 * @param array<string, mixed> $source The ability's schema.
	 * @throws \McpNative\SchemaException As tool_schema().
	 */
	public static function ability_schema( array $source ): array|\stdClass {
		return Contract::wire_ability_schema( $source );
	}
}
