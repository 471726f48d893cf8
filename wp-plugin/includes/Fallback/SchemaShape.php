<?php
/**
 * What the standard profile checks of a schema before core walks it: core recurses without a
 * limit, so a schema nested deeper than MAX_DEPTH, one that contains itself (a PHP reference
 * cycle), or one whose shared sub-arrays make too many paths, is a `schema` violation instead.
 *
 * A check reads each schema node once, in one pass over its keys; a php-fpm request pays it on
 * its first validation (statics start empty in each request), about what core's validation of
 * a value costs. The last schema that passed is remembered: a tool validates every call against
 * the same array, and `===` on the same PHP array is one pointer comparison (on another array it
 * stops at the first difference, within the depth both share). Never remembered: a schema holding a
 * PHP reference (what it points to may change between calls), or nested data (an `enum` of
 * arrays, a deep `default`), which that comparison would walk in C without a depth limit.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class SchemaShape {
	/** The keywords core's rest_validate_value_from_schema() follows into sub-schemas. */
	private const CORE_FOLLOWS = array( 'properties', 'patternProperties', 'additionalProperties', 'items', 'anyOf', 'oneOf' );
	/** Those of them core reads with foreach (the others it indexes, or tests with is_array()). */
	private const CORE_ITERATES = array( 'patternProperties' => true, 'anyOf' => true, 'oneOf' => true );
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
	/** walk()'s own bit: the schema is not remembered (see the class comment). */
	private const UNCACHEABLE = 8;

	private static int $budget;
	/** @var array<string,true> the PHP references of the sub-schemas walk() is inside of */
	private static array $inside = array();
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
		self::$budget = self::BUDGET;
		try {
			$flags = self::walk( $schema, 0, false );
		} catch ( \LengthException $e ) {
			self::$passed = null;
			return $e->getMessage();
		}
		self::$passed       = $flags & self::UNCACHEABLE ? null : $schema;
		self::$passed_flags = $flags & ~self::UNCACHEABLE;
		return self::$passed_flags;
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
			if ( is_object( $schema[ $keyword ] ) && isset( self::CORE_ITERATES[ $keyword ] ) ) {
				$schema[ $keyword ] = self::members( $schema[ $keyword ] );
			}
			if ( is_object( $schema[ $keyword ] ) ) {
				$schema[ $keyword ] = self::ANYTHING;
			} elseif ( ! is_array( $schema[ $keyword ] ) ) {
				continue;
			} elseif ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position && ! array_is_list( $schema[ $keyword ] ) ) {
				$schema[ $keyword ] = self::accepting_objects( $schema[ $keyword ] );
			} else {
				// an anyOf/oneOf branch still takes the parent's type from core, as the extension reads it
				$anything = 'anyOf' === $keyword || 'oneOf' === $keyword ? array() : self::ANYTHING;
				foreach ( $schema[ $keyword ] as $key => $child ) {
					$schema[ $keyword ][ $key ] = is_object( $child ) ? $anything : ( is_array( $child ) ? self::accepting_objects( $child ) : $child );
				}
			}
		}
		return $schema;
	}

	/**
	 * The answer bits of one schema node and what it holds, with UNCACHEABLE. `$inherits_type`:
	 * the node is an anyOf/oneOf branch whose parent has a type, which core copies into it.
	 */
	private static function walk( array $schema, int $depth, bool $inherits_type ): int {
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new \LengthException( sprintf( 'The schema is nested deeper than %d levels.', \McpNative\MAX_DEPTH ) );
		}
		if ( --self::$budget < 0 ) {
			throw new \LengthException( Violations::SCHEMA_TOO_LARGE );
		}
		$type  = $schema['type'] ?? null;
		$typed = null !== $type || $inherits_type;
		if ( is_array( $type ) ) {
			self::check_type_list( $type );
		}
		$flags = isset( $schema['enum'] ) && is_array( $schema['enum'] ) ? self::check_enum( $schema['enum'] ) : 0;
		$quiet = is_string( $type ) ? isset( Validator::OWN_KEYWORDS[ $type ] ) : is_array( $type ) && self::known_types( $type );
		// one pass over the node's keys: a schema node is read once, whatever it holds
		foreach ( $schema as $key => $value ) {
			if ( null === $value ) {
				continue; // core's isset() reads a null keyword as absent
			}
			switch ( $key ) {
				case 'properties':
				case 'patternProperties':
				case 'anyOf':
				case 'oneOf':
					$quiet  = $quiet && 'properties' === $key; // a pattern may be invalid, a branch untyped
					$flags |= self::walk_sub_schemas( $schema, $key, $value, $depth, $typed );
					continue 2;
				case 'items':
				case 'additionalProperties':
					if ( is_array( $value ) ) {
						$held   = \ReflectionReference::fromArrayElement( $schema, $key );
						$flags |= null === $held ? self::walk( $value, $depth + 1, false ) : self::walk_held( $held, $value, $depth + 1, false );
					} else {
						$flags |= self::non_array_sub_schema( $key, $value );
					}
					continue 2;
				case 'pattern':
					if ( ! is_scalar( $value ) && ! is_array( $value ) ) { // an object or a resource (an array is 'Array')
						self::refuse( "The schema's pattern is %s, which is not a pattern.", $value );
					}
					$quiet = false; // an invalid one warns
					break;
				case 'enum':
					// core's foreach over it warns; it sanitizes a container's members by their schemas ((int) of an object warns)
					$quiet = $quiet && ( empty( $value ) || is_array( $value ) && is_string( $type ) && 'array' !== $type && 'object' !== $type );
					continue 2; // check_enum() read its members
				case 'uniqueItems':
					$flags |= self::referenced( $schema, $key ) | ( empty( $value ) ? 0 : self::UNIQUE_ITEMS );
					break;
				case 'minLength':
				case 'maxLength':
				case 'minItems':
				case 'maxItems':
				case 'minProperties':
				case 'maxProperties':
				case 'minimum':
				case 'maximum':
				case 'multipleOf':
					if ( ! is_numeric( $value ) && ! is_bool( $value ) ) { // core's comparison or number_format() throws
						self::refuse( "The schema's $key is %s, which is not a number.", $value );
					}
					break;
				case 'required':
					$quiet = is_array( $value ) ? self::check_required( $value ) && $quiet : $quiet;
					break;
			}
			if ( is_array( $value ) && ! ( $flags & self::UNCACHEABLE ) ) {
				$flags |= self::nested( $value );
			}
		}
		return $quiet ? $flags : $flags | self::NOISY;
	}

	/**
	 * walk() of a keyword holding sub-schemas by name or in a list (`properties`,
	 * `patternProperties`, `anyOf`, `oneOf`): the answer bits of what it holds. `$typed`: the node
	 * has a type, or takes its parent's.
	 *
	 * @param mixed $value Not null.
	 */
	private static function walk_sub_schemas( array $schema, string $key, $value, int $depth, bool $typed ): int {
		$flags = 0;
		if ( is_object( $value ) && isset( self::CORE_ITERATES[ $key ] ) ) {
			// its members are sub-schemas core walks (checked as those of an array are),
			// and they may change between calls while the schema's array does not
			$flags = self::HOLDS_OBJECTS | self::UNCACHEABLE;
			$value = self::members( $value );
		} elseif ( ! is_array( $value ) ) {
			if ( 'properties' === $key && is_string( $value ) ) { // core indexes it
				self::refuse( "The schema's properties is %s, which is not a map of schemas.", $value );
			}
			return is_object( $value ) ? self::HOLDS_OBJECTS : self::NOISY;
		}
		$flags |= self::referenced( $schema, $key );
		// a branch takes the type its parent has, or (oneOf's) the one an untyped parent takes from the anyOf branch a value matches
		$branch       = 'anyOf' === $key || 'oneOf' === $key;
		$typed_branch = $branch && ( $typed || 'oneOf' === $key && self::any_of_typed( $schema ) );
		foreach ( $value as $name => $child ) { // a map or a list of sub-schemas
			if ( is_array( $child ) ) {
				$held   = \ReflectionReference::fromArrayElement( $value, $name );
				$flags |= null === $held ? self::walk( $child, $depth + 1, $typed_branch ) : self::walk_held( $held, $child, $depth + 1, $typed_branch );
			} else {
				self::check_sub_schema( $child, $typed_branch );
				// (an object branch becomes an empty schema: core's notice if no type comes)
				$flags |= is_object( $child ) ? self::HOLDS_OBJECTS | ( $branch ? self::NOISY : 0 ) : self::NOISY;
			}
		}
		return $flags;
	}

	/**
	 * The answer bits of an `items` or `additionalProperties` that is no array (walk() walks an
	 * array there).
	 *
	 * @param mixed $value Not null.
	 */
	private static function non_array_sub_schema( string $key, $value ): int {
		if ( 'items' === $key ) {
			self::check_sub_schema( $value, false );
			return is_object( $value ) ? self::HOLDS_OBJECTS : self::NOISY;
		}
		if ( is_object( $value ) ) {
			return self::HOLDS_OBJECTS;
		}
		return is_bool( $value ) ? 0 : self::NOISY;
	}

	/**
	 * Refuses a `required` list core cannot read (array_key_exists() throws on a name that is an
	 * array or an object); says whether core stays quiet about it (every name a string or an integer).
	 */
	private static function check_required( array $names ): bool {
		$quiet = true;
		foreach ( $names as $name ) {
			if ( is_array( $name ) || is_object( $name ) ) {
				self::refuse( "The schema's required list holds %s, which is not a property name.", $name );
			}
			$quiet = $quiet && ( is_string( $name ) || is_int( $name ) );
		}
		return $quiet;
	}

	/**
	 * The sub-schemas core's foreach reads in an object where it iterates them: its public
	 * properties (a Closure has none), as the extension reads it. Core would also run a
	 * Traversable's iterator, which neither implementation does (the extension reads none).
	 */
	private static function members( object $iterated ): array {
		return $iterated instanceof \Traversable ? array() : \get_object_vars( $iterated );
	}

	/**
	 * Refuses a sub-schema core follows that PHP cannot read as one (src/core/validate/schema.rs
	 * `unreadable_sub_schema`): a string anywhere (`$schema['type']` on a string is a TypeError),
	 * and an integer, a float, `true` or a resource as an anyOf/oneOf branch whose parent has a
	 * type (core writes `$schema['type']` into it). Null and false become arrays there.
	 *
	 * @param mixed $sub Not an array.
	 */
	private static function check_sub_schema( $sub, bool $parent_typed ): void {
		if ( is_string( $sub ) || $parent_typed && null !== $sub && false !== $sub && ! is_object( $sub ) ) {
			self::refuse( 'A sub-schema of the schema is %s, which is not a schema.', $sub );
		}
	}

	/** Core's array_diff() and isset( $checks[ $type ] ) throw on a member that is an array or an object. */
	private static function check_type_list( array $types ): void {
		foreach ( $types as $member ) {
			if ( is_array( $member ) || is_object( $member ) ) {
				self::refuse( "The schema's type list holds %s, which is not a type name.", $member );
			}
		}
	}

	/**
	 * Ends the check: the schema holds `$value` where core cannot read it (`$message` names the
	 * place, %s what it holds; the extension's messages are src/core/validate/schema.rs `Place`).
	 *
	 * @param mixed $value
	 */
	private static function refuse( string $message, $value ): never {
		throw new \LengthException( sprintf( $message, self::described( $value ) ) );
	}

	/**
	 * What a value is, as a refusal names it (src/core/validate/schema.rs `described`). An
	 * anonymous class's name is cut at its NUL byte, after which PHP writes its file's path.
	 *
	 * @param mixed $value
	 */
	private static function described( $value ): string {
		return match ( true ) {
			null === $value => 'null',
			true === $value => 'true',
			false === $value => 'false',
			is_int( $value ) => 'an integer',
			is_float( $value ) => 'a float',
			is_string( $value ) => 'a string',
			is_array( $value ) => 'an array',
			is_object( $value ) => 'a ' . strstr( get_class( $value ) . "\0", "\0", true ) . ' object',
			default => 'a resource',
		};
	}

	/** Does an `anyOf` branch (an array) have a `type`, which its untyped parent takes when a value matches it? */
	private static function any_of_typed( array $schema ): bool {
		foreach ( isset( $schema['anyOf'] ) && is_array( $schema['anyOf'] ) ? $schema['anyOf'] : array() as $branch ) {
			if ( is_array( $branch ) && isset( $branch['type'] ) ) {
				return true;
			}
		}
		return false;
	}

	/** Does every name of a type list name a type core knows? */
	private static function known_types( array $types ): bool {
		foreach ( $types as $name ) {
			if ( ! is_string( $name ) || ! isset( Validator::OWN_KEYWORDS[ $name ] ) ) {
				return false;
			}
		}
		return true;
	}

	/** A keyword's value holding arrays (an `enum` of lists, a deep `default`) is not remembered: see the class comment. */
	private static function nested( array $value ): int {
		foreach ( $value as $item ) {
			if ( is_array( $item ) ) {
				return self::UNCACHEABLE;
			}
		}
		return 0;
	}

	/**
	 * Core's enum message json_encode()s each member: PHP's encoder recurses in C without a bound
	 * through nested arrays and jsonSerialize() chains, so a member nested past the depth a value
	 * may have (Validator::ENUM_DEPTH, far above a request's 512), or one
	 * holding an object (whose jsonSerialize() may return anything), must not reach it.
	 */
	private static function check_enum( array $members ): int {
		foreach ( $members as $member ) {
			if ( is_array( $member ) || is_object( $member ) ) {
				return self::check_nested_enum( $members );
			}
		}
		if ( ( self::$budget -= count( $members ) ) < 0 ) { // a list of scalars, as most are
			throw new \LengthException( Violations::SCHEMA_TOO_LARGE );
		}
		return 0;
	}

	/** check_enum() of members some of which are containers: UNCACHEABLE when an array is among them. */
	private static function check_nested_enum( array $members ): int {
		$stack = array( array( $members, 0 ) );
		while ( $stack ) {
			[ $node, $depth ] = array_pop( $stack );
			if ( $depth >= Validator::ENUM_DEPTH ) {
				throw new \LengthException( sprintf( 'An enum member of the schema is nested deeper than %d levels.', Validator::ENUM_DEPTH ) );
			}
			foreach ( $node as $member ) {
				if ( --self::$budget < 0 ) {
					throw new \LengthException( Violations::SCHEMA_TOO_LARGE );
				}
				$plain = is_object( $member ) && \stdClass::class === get_class( $member ); // as the extension reads a plain object
				if ( is_object( $member ) && ! $plain ) {
					self::refuse( 'An enum member of the schema is %s, which has no fixed JSON form.', $member );
				}
				if ( is_array( $member ) || $plain ) {
					$stack[] = array( (array) $member, $depth + 1 );
				}
			}
		}
		return self::nested( $members );
	}

	/**
	 * walk() of a sub-schema held through a PHP reference (`$held`; the callers walk the others
	 * directly, which saves a call a node): it is UNCACHEABLE, and met again inside itself it is
	 * a cycle (as the extension tells nodes apart: by the reference; past the depth limit walk()
	 * refuses it as too deep first, as the extension does).
	 */
	private static function walk_held( \ReflectionReference $held, array $sub_schema, int $depth, bool $inherits_type ): int {
		$id = $held->getId();
		if ( isset( self::$inside[ $id ] ) && $depth < \McpNative\MAX_DEPTH ) {
			throw new \LengthException( 'The schema contains a reference cycle.' );
		}
		self::$inside[ $id ] = true;
		try {
			return self::UNCACHEABLE | self::walk( $sub_schema, $depth, $inherits_type );
		} finally {
			unset( self::$inside[ $id ] );
		}
	}

	/** UNCACHEABLE when `$container[ $key ]` is a PHP reference (what it points to may change between calls). */
	private static function referenced( array $container, $key ): int {
		return null === \ReflectionReference::fromArrayElement( $container, $key ) ? 0 : self::UNCACHEABLE;
	}
}
