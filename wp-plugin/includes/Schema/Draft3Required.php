<?php
/**
 * WordPress's draft-3 `'required' => true` on a property, lifted into its parent's `required` list.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Schema;

/**
 * The one PHP reading of the rule (src/core/draft3.rs is the Rust one). Who lifts, and how:
 *
 *  - the wire encoding (Fallback\SchemaTransformer) joins the lifted names to the node's own list
 *    and rebuilds it from scratch: `joined( array(), array_merge( $names, $lifted ) )` (a name
 *    repeated in the schema's own list goes too). It finds the properties that say
 *    `required: true` during its one walk, after converting objects, not through names();
 *  - the strict validator (Fallback\StrictSchemaJson::modernize) joins them to the list as written:
 *    `joined( $names, $lifted )` (a repeated name of its own stays, for the 2020-12 meta-schema
 *    to refuse);
 *  - the standard validator (Fallback\Validator) keeps core's draft-3 semantics on purpose:
 *    rest_validate_value_from_schema() reads names() only when `required` is not an array, and
 *    never merges the two;
 *  - prompts read their arguments from the wire schema, where the names are already lifted.
 */
final class Draft3Required {

	/**
	 * The keys of the properties whose own schema (an array) says `'required' => true`, in order.
	 *
	 * @param mixed $properties A `properties` map (an array, or a stdClass as the strict validator reads it).
	 * @return list<int|string>
	 */
	public static function names( mixed $properties ): array {
		if ( $properties instanceof \stdClass ) {
			$properties = get_object_vars( $properties );
		}
		$names = array();
		foreach ( is_array( $properties ) ? $properties : array() as $name => $property ) {
			if ( is_array( $property ) && true === ( $property['required'] ?? null ) ) {
				$names[] = $name;
			}
		}
		return $names;
	}

	/**
	 * `$names`, then each of `$lifted` not already among them (compared strictly: names are strings).
	 *
	 * @param list<mixed>  $names  A `required` list as it is.
	 * @param list<string> $lifted Names to add.
	 * @return list<mixed>
	 */
	public static function joined( array $names, array $lifted ): array {
		$seen = array();
		foreach ( $names as $name ) {
			if ( is_string( $name ) ) {
				$seen[ $name ] = true;
			}
		}
		foreach ( $lifted as $name ) {
			if ( ! isset( $seen[ $name ] ) ) {
				$seen[ $name ] = true;
				$names[]       = $name;
			}
		}
		return $names;
	}
}
