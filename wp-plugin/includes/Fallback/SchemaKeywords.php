<?php
/**
 * The PHP mirror of the core's keyword table (src/core, `McpNative\schema_keywords()`): where the
 * value of each keyword sits, for every keyword whose value is not a plain scalar or string list.
 * The fallback's transform and strict validator read positions here and nowhere else;
 * tests/php/unit/SchemaKeywordsTest compares it with the extension's table.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class SchemaKeywords {
	public const SCHEMA                = 'schema';
	public const SCHEMA_MAP            = 'schema_map';
	public const SCHEMA_LIST           = 'schema_list';
	public const SCHEMA_OR_LIST        = 'schema_or_list';
	public const MAP_OF_SCHEMA_OR_LIST = 'map_of_schema_or_list';
	public const DATA                  = 'data';
	public const WORDPRESS_ONLY        = 'wordpress_only';

	public const POSITIONS = array(
		'additionalProperties'  => self::SCHEMA,
		'additionalItems'       => self::SCHEMA,
		'not'                   => self::SCHEMA,
		'if'                    => self::SCHEMA,
		'then'                  => self::SCHEMA,
		'else'                  => self::SCHEMA,
		'contains'              => self::SCHEMA,
		'propertyNames'         => self::SCHEMA,
		'unevaluatedItems'      => self::SCHEMA,
		'unevaluatedProperties' => self::SCHEMA,
		'contentSchema'         => self::SCHEMA,
		'properties'            => self::SCHEMA_MAP,
		'patternProperties'     => self::SCHEMA_MAP,
		'$defs'                 => self::SCHEMA_MAP,
		'definitions'           => self::SCHEMA_MAP,
		'dependentSchemas'      => self::SCHEMA_MAP,
		'allOf'                 => self::SCHEMA_LIST,
		'anyOf'                 => self::SCHEMA_LIST,
		'oneOf'                 => self::SCHEMA_LIST,
		'prefixItems'           => self::SCHEMA_LIST,
		'items'                 => self::SCHEMA_OR_LIST,
		'dependencies'          => self::MAP_OF_SCHEMA_OR_LIST,
		'default'               => self::DATA,
		'examples'              => self::DATA,
		'enum'                  => self::DATA,
		'const'                 => self::DATA,
		'sanitize_callback'     => self::WORDPRESS_ONLY,
		'validate_callback'     => self::WORDPRESS_ONLY,
		'arg_options'           => self::WORDPRESS_ONLY,
	);

	/**
	 * Keywords whose values no validation profile reads (annotations, WordPress-only keys):
	 * src/core/keywords.rs `is_unread_by_validation`. The strict profile leaves them out of the
	 * schema it validates by, whatever they hold; SchemaKeywordsTest checks the extension agrees.
	 */
	public const UNREAD_BY_VALIDATION = array(
		'description' => true,
		'title'       => true,
		'default'     => true,
		'examples'    => true,
		'$comment'    => true,
		'readonly'    => true,
		'readOnly'    => true,
		'writeOnly'   => true,
		'context'     => true,
		'arg_options' => true,
		'deprecated'  => true,
	);

	/**
	 * The position of the value stored under `$key` in a container at `$parent` (a position
	 * above, or null for a schema node itself). A keyword not in the table holds plain data.
	 *
	 * @param int|string $key
	 */
	public static function child_position( ?string $parent, $key ): string {
		if ( null === $parent ) {
			return is_string( $key ) ? self::POSITIONS[ $key ] ?? self::DATA : self::DATA;
		}
		if ( self::SCHEMA_MAP === $parent || self::SCHEMA_LIST === $parent ) {
			return self::SCHEMA;
		}
		return self::MAP_OF_SCHEMA_OR_LIST === $parent ? self::SCHEMA_OR_LIST : self::DATA;
	}
}
