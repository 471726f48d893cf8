<?php
/**
 * What the standard profile checks of a schema before core walks it: core recurses without a
 * limit, so a schema nested deeper than MAX_DEPTH (a PHP reference cycle is endlessly deep), or
 * one whose shared sub-arrays make too many paths, is a `schema` violation instead.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class SchemaShape {
	/** The keywords core's rest_validate_value_from_schema() follows into sub-schemas. */
	private const CORE_FOLLOWS = array( 'properties', 'patternProperties', 'additionalProperties', 'items', 'anyOf', 'oneOf' );
	/** Schema nodes one check may visit. */
	private const BUDGET = 100000;

	private static int $budget;
	/** @var array<string,true> keywords seen on the last check */
	private static array $seen;

	/** Why core cannot be given `$schema`, or null. */
	public static function problem( array $schema ): ?string {
		self::$budget = self::BUDGET;
		self::$seen   = array();
		try {
			self::walk( $schema, 0 );
		} catch ( \LengthException $e ) {
			return $e->getMessage();
		}
		return null;
	}

	/** Did the last problem() check meet `$keyword` with a non-empty value? */
	public static function uses( string $keyword ): bool {
		return isset( self::$seen[ $keyword ] );
	}

	private static function walk( array $schema, int $depth ): void {
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new \LengthException( sprintf( 'The schema is nested deeper than %d levels.', \McpNative\MAX_DEPTH ) );
		}
		if ( --self::$budget < 0 ) {
			throw new \LengthException( 'The schema is too large to validate.' );
		}
		if ( ! empty( $schema['uniqueItems'] ) ) {
			self::$seen['uniqueItems'] = true;
		}
		foreach ( self::CORE_FOLLOWS as $keyword ) {
			if ( ! isset( $schema[ $keyword ] ) || ! is_array( $schema[ $keyword ] ) ) {
				continue;
			}
			$position = SchemaKeywords::POSITIONS[ $keyword ];
			if ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position ) {
				self::walk( $schema[ $keyword ], $depth + 1 );
				continue;
			}
			foreach ( $schema[ $keyword ] as $child ) { // a map or a list of sub-schemas
				if ( is_array( $child ) ) {
					self::walk( $child, $depth + 1 );
				}
			}
		}
	}
}
