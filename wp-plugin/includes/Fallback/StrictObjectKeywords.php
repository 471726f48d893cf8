<?php
/**
 * The strict profile's keywords of an object: `minProperties`, `maxProperties`, `required`,
 * `properties`, `patternProperties`, `additionalProperties`, `propertyNames`, and the dependents
 * (`dependentRequired`, `dependentSchemas`, draft 7's `dependencies`).
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;

final class StrictObjectKeywords {
	/**
	 * The keywords of an object up to propertyNames, in the crate's order (minProperties,
	 * maxProperties, required, dependentRequired, properties, patternProperties,
	 * additionalProperties, propertyNames); returns `$evaluated` with the properties they
	 * evaluated. StrictWalk applies dependencies and dependentSchemas, after a type checked with
	 * `items`.
	 */
	public static function check( StrictWalk $walk, \stdClass $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
		$props = get_object_vars( $v );
		$n     = count( $props );
		if ( isset( $s->minProperties ) && is_int( $s->minProperties ) && $n < $s->minProperties ) {
			$walk->fail( $path, 'minProperties', "$who must contain at least {$s->minProperties} properties." );
		}
		if ( isset( $s->maxProperties ) && is_int( $s->maxProperties ) && $n > $s->maxProperties ) {
			$walk->fail( $path, 'maxProperties', "$who must contain at most {$s->maxProperties} properties." );
		}
		if ( isset( $s->required ) && is_array( $s->required ) ) {
			self::require_names( $walk, $s->required, $props, $path, $who );
		}
		if ( isset( $s->dependentRequired ) ) {
			$evaluated = self::dependents( $walk, $v, $s, array( 'dependentRequired' ), $props, $path, $who, $depth, $evaluated );
		}
		$evaluated = self::members( $walk, $props, $s, $path, $depth, $evaluated );
		if ( property_exists( $s, 'propertyNames' ) && $props ) {
			self::property_names( $walk, $props, $s->propertyNames, $path, $who, $depth );
		}
		return $evaluated;
	}

	/**
	 * `$keywords` (of dependentRequired, dependencies, dependentSchemas), each in turn: where a
	 * member is present, its names are required or its schema applies to the whole object.
	 */
	public static function dependents( StrictWalk $walk, \stdClass $v, \stdClass $s, array $keywords, array $props, string $path, string $who, int $depth, array $evaluated ): array {
		foreach ( $keywords as $keyword ) {
			if ( ! isset( $s->$keyword ) || ! $s->$keyword instanceof \stdClass ) {
				continue;
			}
			foreach ( get_object_vars( $s->$keyword ) as $if => $then ) {
				if ( ! array_key_exists( $if, $props ) ) {
					continue;
				}
				if ( is_array( $then ) && 'dependentSchemas' !== $keyword ) {
					self::require_names( $walk, $then, $props, $path, $who );
				} elseif ( 'dependentRequired' !== $keyword ) {
					$evaluated = $walk->applied( $v, $then, $path, $depth + 1, $evaluated, true );
				}
			}
		}
		return $evaluated;
	}

	/**
	 * properties, patternProperties and additionalProperties (with additionalProperties, the crate
	 * checks each member by the three at once, in the value's order).
	 */
	private static function members( StrictWalk $walk, array $props, \stdClass $s, string $path, int $depth, array $evaluated ): array {
		// (a name PHP keeps as an integer is a string where it is read: the string parameters below)
		$declared = isset( $s->properties ) && $s->properties instanceof \stdClass ? get_object_vars( $s->properties ) : array();
		$patterns = isset( $s->patternProperties ) && $s->patternProperties instanceof \stdClass ? get_object_vars( $s->patternProperties ) : array();
		if ( property_exists( $s, 'additionalProperties' ) ) {
			foreach ( $props as $name => $c ) {
				$covered = self::declared_member( $walk, $name, $c, $declared, $path, $depth, $evaluated );
				foreach ( $patterns as $p => $ps ) {
					$covered = self::pattern_member( $walk, (string) $p, $ps, $name, $c, $path, $depth, $evaluated ) || $covered;
				}
				if ( $covered ) {
					continue;
				}
				if ( false === $s->additionalProperties ) {
					$walk->fail( JsonPointer::append( $path, $name ), 'additionalProperties', "$name is not a valid property of Object." );
				} else {
					$walk->child( $c, $s->additionalProperties, JsonPointer::append( $path, $name ), $depth + 1 );
				}
			}
			$evaluated[0] = true; // every name properties and patternProperties left
			return $evaluated;
		}
		foreach ( $declared ? $props : array() as $name => $c ) {
			if ( array_key_exists( $name, $declared ) ) {
				self::declared_member( $walk, $name, $c, $declared, $path, $depth, $evaluated );
			}
		}
		foreach ( $patterns as $p => $ps ) {
			foreach ( $props as $name => $c ) {
				self::pattern_member( $walk, (string) $p, $ps, $name, $c, $path, $depth, $evaluated );
			}
		}
		return $evaluated;
	}

	/** `propertyNames`: each name, as a string, by its schema. @param mixed $names_schema */
	private static function property_names( StrictWalk $walk, array $props, $names_schema, string $path, string $who, int $depth ): void {
		if ( false === $names_schema ) {
			$walk->fail( $path, 'falseSchema', "$who is not allowed." ); // once of the object, as of a `false` schema: no name is allowed
			return;
		}
		foreach ( array_keys( $props ) as $name ) {
			// one violation for each the name's own schema finds, as the crate reports them
			$walk->matching( (string) $name, $names_schema, $depth + 1, true, $found );
			for ( ; $found > 0; $found-- ) {
				$walk->fail( $path, 'propertyNames', "$who does not satisfy propertyNames." );
			}
		}
	}

	/** A `required` list's names `$props` lacks, each a violation. */
	private static function require_names( StrictWalk $walk, array $required, array $props, string $path, string $who ): void {
		foreach ( $required as $name ) {
			if ( is_string( $name ) && ! array_key_exists( $name, $props ) ) {
				$walk->fail( JsonPointer::append( $path, $name ), 'required', "$name is a required property of $who." );
			}
		}
	}

	/** The member `$name` by its `properties` schema, if it has one; says whether it had. @param mixed $c */
	private static function declared_member( StrictWalk $walk, string $name, $c, array $declared, string $path, int $depth, array &$evaluated ): bool {
		if ( ! array_key_exists( $name, $declared ) ) {
			return false;
		}
		if ( $walk->track && true !== $evaluated[0] ) {
			$evaluated[0][ $name ] = true;
		}
		$walk->child( $c, $declared[ $name ], JsonPointer::append( $path, $name ), $depth + 1 );
		return true;
	}

	/**
	 * The member `$name` by the schema of `patternProperties` pattern `$p`, if it matches; says
	 * whether it did.
	 *
	 * @param mixed $ps
	 * @param mixed $c
	 */
	private static function pattern_member( StrictWalk $walk, string $p, $ps, string $name, $c, string $path, int $depth, array &$evaluated ): bool {
		if ( ! StrictPattern::matches( $p, $name ) ) {
			return false;
		}
		if ( $walk->track && true !== $evaluated[0] ) {
			$evaluated[0][ $name ] = true;
		}
		$walk->child( $c, $ps, JsonPointer::append( $path, $name ), $depth + 1 );
		return true;
	}
}
