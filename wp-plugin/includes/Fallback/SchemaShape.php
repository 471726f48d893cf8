<?php
/**
 * What the standard profile checks of a schema before core walks it: core recurses without a
 * limit, so a schema nested deeper than MAX_DEPTH (a PHP reference cycle is endlessly deep), or
 * one whose shared sub-arrays make too many paths, is a `schema` violation instead.
 *
 * The last schema that passed is remembered: a tool validates every call against the same
 * array, and `===` on the same PHP array is one pointer comparison (on another array it stops
 * at the first difference, within the depth both share). Never remembered: a schema holding a
 * PHP reference (what it points to may change between calls), or nested data (an `enum` of
 * arrays, a deep `default`), which that comparison would walk in C without a depth limit.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class SchemaShape {
	/** The keywords core's rest_validate_value_from_schema() follows into sub-schemas. */
	private const CORE_FOLLOWS = array( 'properties', 'patternProperties', 'additionalProperties', 'items', 'anyOf', 'oneOf' );
	/** A sub-schema core accepts every JSON value against (an empty one makes core complain). */
	private const ANYTHING = array( 'type' => array( 'null', 'boolean', 'object', 'array', 'number', 'string' ) );
	/** Schema nodes one check may visit. */
	private const BUDGET = 100000;

	/** check()'s answer bits: the schema holds an object where core expects a sub-schema. */
	public const HOLDS_OBJECTS = 1;
	/** check()'s answer bits: the schema uses uniqueItems somewhere core looks. */
	public const UNIQUE_ITEMS = 2;
	/**
	 * check()'s answer bits: core may say something about the schema (a notice or warning): a
	 * node without one of its types, a pattern (an invalid one warns), anyOf/oneOf (branches may
	 * lack a type), a sub-schema that is no array, an `enum` that is no list or sits on a
	 * container or a type list, a bound that is no scalar, a `required` name that is no string
	 * or integer. The PHP fuzzer fails on any notice that escapes.
	 */
	public const NOISY = 4;
	/** The keywords core compares with a number. */
	private const NUMBERS = array( 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'multipleOf' );

	private static int $budget;
	private static int $flags = 0;
	private static bool $uncacheable;
	/** @var array|null the last schema that passed */
	private static ?array $passed = null;
	/** What check() answered for it. */
	private static int $passed_flags = 0;

	/**
	 * Why core cannot be given `$schema` (a string), or what the validator must know of it (the
	 * bits above): HOLDS_OBJECTS, where core would fail on an object (`Cannot use object as
	 * array`) that the extension reads as a schema accepting anything, as the fallback does too
	 * (see accepting_objects()); UNIQUE_ITEMS, where core compares whole values; NOISY, where
	 * core's notices must be silenced.
	 */
	public static function check( array $schema ): string|int {
		if ( $schema === self::$passed ) {
			return self::$passed_flags;
		}
		self::$budget      = self::BUDGET;
		self::$flags       = 0;
		self::$uncacheable = false;
		try {
			self::walk( $schema, 0 );
		} catch ( \LengthException $e ) {
			self::$passed = null;
			return $e->getMessage();
		}
		self::$passed       = self::$uncacheable ? null : $schema;
		self::$passed_flags = self::$flags;
		return self::$flags;
	}

	/**
	 * `$schema` with every object in a sub-schema position core follows replaced by a schema
	 * that accepts anything.
	 */
	public static function accepting_objects( array $schema ): array {
		foreach ( self::CORE_FOLLOWS as $keyword ) {
			if ( ! isset( $schema[ $keyword ] ) ) {
				continue;
			}
			$position = SchemaKeywords::POSITIONS[ $keyword ];
			if ( is_object( $schema[ $keyword ] ) ) {
				$schema[ $keyword ] = self::ANYTHING;
			} elseif ( ! is_array( $schema[ $keyword ] ) ) {
				continue;
			} elseif ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position && ! array_is_list( $schema[ $keyword ] ) ) {
				$schema[ $keyword ] = self::accepting_objects( $schema[ $keyword ] );
			} else {
				foreach ( $schema[ $keyword ] as $key => $child ) {
					$schema[ $keyword ][ $key ] = is_object( $child ) ? self::ANYTHING : ( is_array( $child ) ? self::accepting_objects( $child ) : $child );
				}
			}
		}
		return $schema;
	}

	private static function walk( array $schema, int $depth ): void {
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new \LengthException( sprintf( 'The schema is nested deeper than %d levels.', \McpNative\MAX_DEPTH ) );
		}
		if ( --self::$budget < 0 ) {
			throw new \LengthException( Violations::SCHEMA_TOO_LARGE );
		}
		if ( isset( $schema['enum'] ) && is_array( $schema['enum'] ) ) {
			self::check_enum( $schema['enum'] );
		}
		if ( ! self::quiet( $schema ) ) {
			self::$flags |= self::NOISY;
		}
		if ( isset( $schema['uniqueItems'] ) ) {
			self::note_reference( $schema, 'uniqueItems' );
			if ( ! empty( $schema['uniqueItems'] ) ) {
				self::$flags |= self::UNIQUE_ITEMS;
			}
		}
		foreach ( $schema as $key => $value ) {
			if ( ! self::$uncacheable && is_array( $value ) && ! in_array( $key, self::CORE_FOLLOWS, true ) ) {
				foreach ( $value as $item ) {
					if ( is_array( $item ) ) {
						self::$uncacheable = true;
						break;
					}
				}
			}
		}
		foreach ( self::CORE_FOLLOWS as $keyword ) {
			if ( isset( $schema[ $keyword ] ) && is_object( $schema[ $keyword ] ) ) {
				self::$flags |= self::HOLDS_OBJECTS;
			}
			if ( ! isset( $schema[ $keyword ] ) || ! is_array( $schema[ $keyword ] ) ) {
				if ( isset( $schema[ $keyword ] ) && ! is_object( $schema[ $keyword ] ) && ! ( 'additionalProperties' === $keyword && is_bool( $schema[ $keyword ] ) ) ) {
					self::$flags |= self::NOISY;
				}
				continue;
			}
			self::note_reference( $schema, $keyword );
			$position = SchemaKeywords::POSITIONS[ $keyword ];
			if ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position ) {
				self::walk( $schema[ $keyword ], $depth + 1 );
				continue;
			}
			foreach ( $schema[ $keyword ] as $key => $child ) { // a map or a list of sub-schemas
				if ( is_array( $child ) ) {
					self::note_reference( $schema[ $keyword ], $key );
					self::walk( $child, $depth + 1 );
				} else {
					self::$flags |= is_object( $child ) ? self::HOLDS_OBJECTS : self::NOISY;
				}
			}
		}
	}

	/** Can core read this node without saying anything about it (see NOISY)? */
	private static function quiet( array $schema ): bool {
		$type = $schema['type'] ?? null;
		if ( is_array( $type ) ) {
			foreach ( $type as $name ) {
				if ( ! is_string( $name ) || ! isset( Validator::OWN_KEYWORDS[ $name ] ) ) {
					return false;
				}
			}
		} elseif ( ! is_string( $type ) || ! isset( Validator::OWN_KEYWORDS[ $type ] ) ) {
			return false;
		}
		if ( isset( $schema['pattern'] ) || isset( $schema['patternProperties'] ) || isset( $schema['anyOf'] ) || isset( $schema['oneOf'] ) ) {
			return false;
		}
		if ( ! empty( $schema['enum'] ) && ( ! is_array( $schema['enum'] ) || is_array( $type ) || 'array' === $type || 'object' === $type ) ) {
			return false; // core's foreach over it warns; it sanitizes a container's members by their schemas ((int) of an object warns)
		}
		foreach ( self::NUMBERS as $keyword ) {
			if ( isset( $schema[ $keyword ] ) && ! is_scalar( $schema[ $keyword ] ) ) {
				return false; // core compares it with a number (an object warns)
			}
		}
		foreach ( isset( $schema['required'] ) && is_array( $schema['required'] ) ? $schema['required'] : array() as $name ) {
			if ( ! is_string( $name ) && ! is_int( $name ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Core's enum message json_encode()s each member: PHP's encoder recurses in C without a bound
	 * through nested arrays and jsonSerialize() chains, so a member nested past the depth a value
	 * may have (Validator::VALUE_DEPTH, far above a request's 512), or one
	 * holding an object (whose jsonSerialize() may return anything), must not reach it.
	 */
	private static function check_enum( array $members ): void {
		$stack = array( array( $members, 0 ) );
		while ( $stack ) {
			[ $node, $depth ] = array_pop( $stack );
			if ( $depth >= Validator::VALUE_DEPTH ) {
				throw new \LengthException( sprintf( 'An enum member of the schema is nested deeper than %d levels.', Validator::VALUE_DEPTH ) );
			}
			foreach ( $node as $member ) {
				if ( --self::$budget < 0 ) {
					throw new \LengthException( Violations::SCHEMA_TOO_LARGE );
				}
				if ( is_object( $member ) && ! $member instanceof \stdClass ) {
					throw new \LengthException( sprintf( 'An enum member of the schema is a %s object, which has no fixed JSON form.', get_class( $member ) ) );
				}
				if ( is_array( $member ) || $member instanceof \stdClass ) {
					$stack[] = array( (array) $member, $depth + 1 );
				}
			}
		}
	}

	private static function note_reference( array $container, $key ): void {
		if ( ! self::$uncacheable && null !== \ReflectionReference::fromArrayElement( $container, $key ) ) {
			self::$uncacheable = true;
		}
	}
}
