<?php
/**
 * The strict profile's schema check: where the draft 2020-12 meta-schema would refuse a schema
 * (in JSON form, StrictSchemaJson), keyword by keyword, as the extension's crate refuses it. On
 * the way it notes the schema's resources, anchors and references in a StrictRegistry.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;

final class StrictSchemaCheck {
	/** The meta-schema's anchor name (`$anchor`, `$dynamicAnchor`). */
	private const ANCHOR = '/^[A-Za-z_][-A-Za-z0-9._]*\z/';

	/**
	 * The meta-schema's rule for each keyword whose value is no sub-schema, in the order the
	 * first breach is named (`$id` is a string first, a URI reference after `$schema`).
	 */
	private const VALUE_RULES = array(
		array( 'minimum', 'number' ),
		array( 'maximum', 'number' ),
		array( 'exclusiveMinimum', 'number' ),
		array( 'exclusiveMaximum', 'number' ),
		array( 'multipleOf', 'positive number' ), // the meta-schema's exclusiveMinimum 0
		array( 'minLength', 'count' ),
		array( 'maxLength', 'count' ),
		array( 'minItems', 'count' ),
		array( 'maxItems', 'count' ),
		array( 'minProperties', 'count' ),
		array( 'maxProperties', 'count' ),
		array( 'minContains', 'count' ),
		array( 'maxContains', 'count' ),
		array( 'pattern', 'string' ),
		array( 'format', 'string' ),
		array( 'contentEncoding', 'string' ),
		array( 'contentMediaType', 'string' ),
		array( '$id', 'string' ),
		array( '$schema', 'string' ),
		array( '$id', 'uri' ),
		array( 'uniqueItems', 'boolean' ),
		array( '$vocabulary', 'vocabulary' ),
		array( 'enum', 'array' ),
	);

	public function __construct( private readonly StrictRegistry $registry ) {}

	/**
	 * The first place (JSON Pointer into the schema) where the meta-schema would reject `$s`,
	 * found at `$at` inside the resource `$base`; null where it accepts it.
	 *
	 * @param mixed $s
	 */
	public function problem( $s, string $at, string $base ): ?string {
		if ( is_bool( $s ) ) {
			return null;
		}
		if ( ! $s instanceof \stdClass ) {
			return $at;
		}
		$base = $this->resource( $s, $at, $base );
		return $this->anchors_problem( $s, $at, $base )
			?? $this->references_problem( $s, $at, $base )
			?? self::type_problem( $s, $at )
			?? self::required_problem( $s, $at )
			?? self::patterns_problem( $s, $at )
			?? $this->dependents_problem( $s, $at, $base )
			?? $this->subschemas_problem( $s, $at, $base )
			?? self::values_problem( $s, $at );
	}

	/** The base URI inside `$s`: a new resource where it has a valid `$id` (or is the root). */
	private function resource( \stdClass $s, string $at, string $base ): string {
		if ( isset( $s->{'$id'} ) && is_string( $s->{'$id'} ) && preg_match( UriReference::ID, $s->{'$id'} ) ) {
			$base = UriReference::document( $base, $s->{'$id'} );
		} elseif ( '' !== $at ) {
			return $base;
		}
		$this->registry->start_resource( $s, $base );
		return $base;
	}

	private function anchors_problem( \stdClass $s, string $at, string $base ): ?string {
		foreach ( array( '$anchor', '$dynamicAnchor' ) as $kw ) {
			if ( property_exists( $s, $kw ) ) {
				if ( ! is_string( $s->$kw ) || ! preg_match( self::ANCHOR, $s->$kw ) ) {
					return "$at/$kw";
				}
				$this->registry->add_anchor( $s, $base, $s->$kw, '$dynamicAnchor' === $kw );
			}
		}
		return null;
	}

	private function references_problem( \stdClass $s, string $at, string $base ): ?string {
		foreach ( array( '$ref', '$dynamicRef' ) as $kw ) {
			if ( property_exists( $s, $kw ) ) {
				if ( ! is_string( $s->$kw ) ) {
					return "$at/$kw";
				}
				$this->registry->add_reference( $s, $s->$kw, $base );
			}
		}
		return null;
	}

	private static function type_problem( \stdClass $s, string $at ): ?string {
		if ( ! property_exists( $s, 'type' ) ) {
			return null;
		}
		$types = is_array( $s->type ) ? $s->type : array( $s->type );
		foreach ( $types as $t ) {
			if ( ! is_string( $t ) || ! in_array( $t, JsonValue::TYPES, true ) ) {
				return "$at/type";
			}
		}
		// the meta-schema's type list holds each name once
		return count( array_unique( $types ) ) !== count( $types ) ? "$at/type" : null;
	}

	private static function required_problem( \stdClass $s, string $at ): ?string {
		$problem = property_exists( $s, 'required' ) ? self::names_problem( $s->required ) : null;
		return null === $problem ? null : "$at/required$problem";
	}

	/** A regular expression the crate cannot compile makes the schema invalid there too. */
	private static function patterns_problem( \stdClass $s, string $at ): ?string {
		if ( property_exists( $s, 'pattern' ) && is_string( $s->pattern ) && ! StrictPattern::compiles( $s->pattern ) ) {
			return "$at/pattern";
		}
		foreach ( isset( $s->patternProperties ) && $s->patternProperties instanceof \stdClass ? get_object_vars( $s->patternProperties ) : array() as $p => $unused ) {
			if ( ! StrictPattern::compiles( (string) $p ) ) {
				return "$at/patternProperties/" . JsonPointer::token( $p );
			}
		}
		return null;
	}

	/** dependentRequired (lists of names) and draft 7's dependencies (a list of names or a schema each). */
	private function dependents_problem( \stdClass $s, string $at, string $base ): ?string {
		foreach ( array( 'dependentRequired', 'dependencies' ) as $kw ) {
			if ( ! property_exists( $s, $kw ) ) {
				continue;
			}
			if ( ! $s->$kw instanceof \stdClass ) {
				return "$at/$kw";
			}
			foreach ( get_object_vars( $s->$kw ) as $name => $then ) {
				$here = "$at/$kw/" . JsonPointer::token( $name );
				if ( 'dependencies' === $kw && ( is_bool( $then ) || $then instanceof \stdClass ) ) {
					if ( null !== $this->problem( $then, $here, $base ) ) {
						return $here; // the crate names the member: no branch of its anyOf fits
					}
					continue;
				}
				$problem = self::names_problem( $then );
				if ( null !== $problem ) {
					// a member that is no string is named by dependentRequired's own meta-schema
					return 'dependentRequired' === $kw ? $here . $problem : $here;
				}
			}
		}
		return null;
	}

	/** The sub-schemas of `$s`, each checked, in the order of its keywords. */
	private function subschemas_problem( \stdClass $s, string $at, string $base ): ?string {
		foreach ( get_object_vars( $s ) as $kw => $value ) {
			if ( 'additionalItems' === $kw ) {
				continue; // not in the 2020-12 meta-schema: whatever it holds, the crate ignores it
			}
			$position = SchemaKeywords::child_position( null, $kw );
			$here     = "$at/" . JsonPointer::token( $kw );
			$single   = false;
			if ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position ) {
				$subs   = array( $value ); // in 2020-12, `items` is one schema
				$single = true;
			} elseif ( SchemaKeywords::SCHEMA_MAP === $position ) {
				$subs = $value instanceof \stdClass ? get_object_vars( $value ) : null;
			} elseif ( SchemaKeywords::SCHEMA_LIST === $position ) {
				$subs = is_array( $value ) && $value ? $value : null;
			} else {
				continue;
			}
			if ( null === $subs ) {
				return $here;
			}
			foreach ( $subs as $k => $sub ) {
				$r = $this->problem( $sub, $single ? $here : "$here/" . JsonPointer::token( $k ), $base );
				if ( null !== $r ) {
					return $r;
				}
			}
		}
		return null;
	}

	/** The first keyword of VALUE_RULES whose value breaks its rule. */
	private static function values_problem( \stdClass $s, string $at ): ?string {
		foreach ( self::VALUE_RULES as [ $kw, $rule ] ) {
			if ( ! property_exists( $s, $kw ) ) {
				continue;
			}
			$problem = 'vocabulary' === $rule ? self::vocabulary_problem( $s->$kw ) : ( self::obeys( $s->$kw, $rule ) ? null : '' );
			if ( null !== $problem ) {
				return "$at/$kw$problem";
			}
		}
		return null;
	}

	/** Does `$value` keep the VALUE_RULES rule `$rule`? @param mixed $value */
	private static function obeys( $value, string $rule ): bool {
		switch ( $rule ) {
			case 'number':
				return is_int( $value ) || is_float( $value );
			case 'positive number':
				return ( is_int( $value ) || is_float( $value ) ) && $value > 0;
			case 'count':
				return ( is_int( $value ) && $value >= 0 ) || ( is_float( $value ) && $value >= 0 && floor( $value ) === $value );
			case 'string':
				return is_string( $value );
			case 'uri':
				return is_string( $value ) && preg_match( UriReference::ID, $value );
			case 'boolean':
				return is_bool( $value );
			default:
				return is_array( $value );
		}
	}

	/** Where `$vocabulary` is no map of booleans, below its own pointer (see names_problem()). @param mixed $vocabulary */
	private static function vocabulary_problem( $vocabulary ): ?string {
		if ( ! $vocabulary instanceof \stdClass ) {
			return '';
		}
		foreach ( get_object_vars( $vocabulary ) as $uri => $required ) {
			if ( ! is_bool( $required ) ) {
				return '/' . JsonPointer::token( $uri );
			}
		}
		return null;
	}

	/**
	 * Where `$names` fails to be a list of distinct property names (the meta-schema's
	 * stringArray), below the list's own pointer: '' for the list (no list, or a name repeated),
	 * '/i' for a member that is no string; null when it is one.
	 *
	 * @param mixed $names
	 */
	private static function names_problem( $names ): ?string {
		if ( ! is_array( $names ) || ! array_is_list( $names ) ) {
			return '';
		}
		foreach ( $names as $i => $name ) {
			if ( ! is_string( $name ) ) {
				return "/$i";
			}
		}
		return count( array_unique( $names ) ) === count( $names ) ? null : '';
	}
}
