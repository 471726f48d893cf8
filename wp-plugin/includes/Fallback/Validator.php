<?php
/**
 * The fallback of `McpNative\validate()` when the extension is not loaded.
 *
 * `standard` asks WordPress core for every verdict: the whole value goes through
 * rest_validate_value_from_schema() first, so a valid value costs one core call and the verdict
 * is core's by construction. Only when core says no does this class walk the schema to split the
 * value into sub-values (object members, array items) and asks core again for each sub-value and
 * each keyword of a node on its own, so the answer lists several violations with JSON Pointer
 * paths instead of core's first error. See docs/ARCHITECTURE.md ("The PHP fallback").
 *
 * `strict` has no counterpart in core: StrictValidator.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;

final class Validator {
	/** The types core knows; any other `type` makes core validate nothing but `enum` and `format`. */
	private const CORE_TYPES = array( 'array', 'object', 'string', 'number', 'integer', 'boolean', 'null' );

	/** Keywords core checks on a node of each type, each asked for on its own (with its companions). */
	private const OWN_KEYWORDS = array(
		'object'  => array( 'minProperties', 'maxProperties' ),
		'array'   => array( 'minItems', 'maxItems', 'uniqueItems' ),
		'number'  => array( 'multipleOf', 'minimum', 'maximum' ),
		'integer' => array( 'multipleOf', 'minimum', 'maximum' ),
		'string'  => array( 'minLength', 'maxLength', 'pattern' ),
		'boolean' => array(),
		'null'    => array(),
	);

	/** Keyword named by a core error code, for the errors of a node core checked whole. */
	private const KEYWORD_OF_CODE = array(
		'rest_invalid_type'                    => 'type',
		'rest_not_in_enum'                     => 'enum',
		'rest_property_required'               => 'required',
		'rest_additional_properties_forbidden' => 'additionalProperties',
		'rest_duplicate_items'                 => 'uniqueItems',
		'rest_one_of_multiple_matches'         => 'oneOf',
		'rest_invalid_hex_color'               => 'format',
		'rest_invalid_date'                    => 'format',
		'rest_invalid_email'                   => 'format',
		'rest_invalid_ip'                      => 'format',
		'rest_invalid_uuid'                    => 'format',
	);

	/**
	 * Down to this many levels below the root, a sub-value core accepts whole is not split (one
	 * call instead of one per keyword); deeper, every node is split once, so the work stays
	 * linear in the value however deep an invalid leaf sits.
	 */
	private const WHOLE_FIRST_LEVELS = 3;
	/** How deep a value may nest where core compares whole values (uniqueItems). */
	public const VALUE_DEPTH = 1024;
	/** Value nodes the uniqueItems pre-check may visit (shared sub-arrays make 2^n paths). */
	private const WORK_BUDGET = 4000000;

	private Violations $violations;
	/** @var \Closure|null the error handler that keeps core's notices about a schema quiet */
	private static $silence = null;

	private function __construct() {
		$this->violations = new Violations();
	}

	/**
	 * @param mixed  $value
	 * @param string $path JSON Pointer of the value inside a larger document: every path starts with it.
	 * @return list<array{path:string,keyword:string,message:string}>
	 */
	public static function validate( $value, array $schema, string $profile = 'standard', string $path = '' ): array {
		if ( 'strict' === $profile ) {
			return StrictValidator::validate( $value, $schema, $path );
		}
		if ( 'standard' !== $profile ) {
			throw new \ValueError( sprintf( 'McpNative\\validate(): Argument #3 ($profile) must be "standard" or "strict", "%s" given', $profile ) );
		}
		if ( null === self::$silence ) {
			self::$silence = static fn() => true;
		}
		if ( ! function_exists( 'rest_validate_value_from_schema' ) ) {
			throw new \LogicException( 'The PHP fallback validates through WordPress core (rest_validate_value_from_schema); load WordPress or the mcp_native extension.' );
		}
		$problem = SchemaShape::problem( $schema );
		if ( null !== $problem ) {
			return array( Violations::violation( $path, 'schema', $problem ) );
		}
		if ( SchemaShape::holds_objects() ) {
			$schema = SchemaShape::accepting_objects( $schema );
		}
		if ( SchemaShape::uses_unique_items() ) {
			$problem = self::value_problem( $value );
			if ( null !== $problem ) {
				$problem['path'] = $path . $problem['path'];
				return array( $problem );
			}
		}
		// What core says about a schema (a missing `type`: a notice, or PHP's warning for the
		// missing key) is said once by WordPress when the ability runs, not by every question asked here.
		set_error_handler( self::$silence, E_WARNING | E_NOTICE | E_USER_WARNING | E_USER_NOTICE | E_DEPRECATED | E_USER_DEPRECATED );
		try {
			if ( true === rest_validate_value_from_schema( $value, $schema, '' === $path ? 'value' : $path ) ) {
				return array();
			}
			$v = new self();
			$v->node( $value, $schema, $path );
			if ( 0 === $v->violations->count() ) {
				$v->whole( $value, $schema, $path ); // the split found nothing: core's own answer, so the verdict stays core's
			}
			return $v->violations->all();
		} catch ( \Error $e ) {
			// core fails on a schema it cannot read (a keyword of the wrong kind): a clear answer, not a crash
			return array( Violations::violation( $path, 'schema', 'WordPress core cannot validate against this schema: ' . $e->getMessage() ) );
		} finally {
			restore_error_handler();
		}
	}

	/**
	 * Splits a value core rejected at `$ptr` into what core can judge one by one.
	 *
	 * @param mixed $v
	 * @param mixed $s
	 */
	private function node( $v, $s, string $ptr, int $level = 0 ): void {
		if ( ! is_array( $s ) ) {
			$this->whole( $v, $s, $ptr );
			return;
		}
		$who = '' === $ptr ? 'value' : $ptr;
		$known = null;
		if ( $level > 0 && $level <= self::WHOLE_FIRST_LEVELS ) {
			$known = rest_validate_value_from_schema( $v, $s, $who );
			if ( true === $known ) {
				return;
			}
		}
		foreach ( array( 'anyOf' => 'rest_find_any_matching_schema', 'oneOf' => 'rest_find_one_matching_schema' ) as $keyword => $find ) {
			if ( isset( $s[ $keyword ] ) ) {
				$match = $find( $v, $s, $who );
				if ( is_wp_error( $match ) ) {
					$this->add( $ptr, self::KEYWORD_OF_CODE[ $match->get_error_code() ] ?? $keyword, $match->get_error_message() );
					return;
				}
				if ( ! isset( $s['type'] ) && isset( $match['type'] ) ) {
					$s['type'] = $match['type'];
				}
			}
		}
		if ( isset( $s['type'] ) && is_array( $s['type'] ) ) {
			$best = rest_handle_multi_type_schema( $v, $s, $who );
			if ( '' === $best ) {
				$this->whole( $v, $s, $ptr ); // core's type error naming the list
				return;
			}
			$s['type'] = $best;
		}
		$type = $s['type'] ?? null;
		if ( ! is_string( $type ) || ! isset( self::OWN_KEYWORDS[ $type ] ) ) {
			// no type core knows: core checks nothing but enum and format
			$this->enum_and_format( $v, $s, $ptr, $who, true );
			return;
		}
		if ( null !== $known && $this->only_answer( $known, $s, $type, $ptr ) ) {
			return;
		}
		// core checks an integer as a number first, and that it is whole last
		$checked_as = 'integer' === $type && $this->passes( $v, array( 'type' => 'number' ), $who ) ? 'number' : $type;
		if ( ! $this->holds( $v, array( 'type' => $checked_as ), $ptr, 'type' ) ) {
			return; // as in core, a wrong type ends the node
		}
		if ( 'object' === $type ) {
			$this->members( rest_sanitize_object( $v ), $s, $ptr, $who, $level );
		} elseif ( 'array' === $type && isset( $s['items'] ) ) {
			// an array keeps its own keys in paths (core renumbers them); a string is split as core splits it
			foreach ( is_array( $v ) ? $v : rest_sanitize_array( $v ) as $index => $item ) {
				$this->node( $item, $s['items'], JsonPointer::append( $ptr, $index ), $level + 1 );
			}
		}
		foreach ( self::OWN_KEYWORDS[ $type ] as $keyword ) {
			if ( isset( $s[ $keyword ] ) ) {
				$this->keyword( $v, $s, $checked_as, $keyword, $ptr );
			}
		}
		if ( $checked_as !== $type && ! $this->holds( $v, array( 'type' => $type ), $ptr, 'type' ) ) {
			return;
		}
		$this->enum_and_format( $v, $s, $ptr, $who, 'string' === $type );
	}

	/**
	 * Records core's answer for a scalar node it rejected whole, when that answer is the only
	 * violation the node can have: a wrong type, or the one keyword it carries (bounds excepted:
	 * their name depends on the side).
	 */
	private function only_answer( \WP_Error $known, array $s, string $type, string $ptr ): bool {
		if ( 'object' === $type || 'array' === $type ) {
			return false;
		}
		if ( 'rest_invalid_type' === $known->get_error_code() ) {
			$this->add( $ptr, 'type', $known->get_error_message() );
			return true;
		}
		$candidates = array_keys( array_filter( array_intersect_key( $s, array_flip( self::OWN_KEYWORDS[ $type ] ) ), static fn( $x ) => null !== $x ) );
		if ( ! empty( $s['enum'] ) ) {
			$candidates[] = 'enum';
		}
		if ( 'string' === $type && isset( $s['format'] ) ) {
			$candidates[] = 'format';
		}
		if ( 1 !== count( $candidates ) || 'minimum' === $candidates[0] || 'maximum' === $candidates[0] ) {
			return false;
		}
		$this->add( $ptr, $candidates[0], $known->get_error_message() );
		return true;
	}

	private function enum_and_format( $v, array $s, string $ptr, string $who, bool $format_applies ): void {
		if ( ! empty( $s['enum'] ) ) {
			// core compares the value as the whole node sanitizes it
			$verdict = rest_validate_enum( $v, $s, $who );
			if ( is_wp_error( $verdict ) ) {
				$this->add( $ptr, 'enum', $verdict->get_error_message() );
			}
		}
		if ( $format_applies && isset( $s['format'] ) ) {
			$this->holds( $v, array( 'type' => 'string', 'format' => $s['format'] ), $ptr, 'format' );
		}
	}

	/** The members of an object: required names, then each member as core walks them. */
	private function members( array $object, array $s, string $ptr, string $who, int $level ): void {
		$required = isset( $s['required'] ) && is_array( $s['required'] ) ? $s['required'] : array();
		if ( ! isset( $s['required'] ) || ! is_array( $s['required'] ) ) {
			foreach ( isset( $s['properties'] ) && is_array( $s['properties'] ) ? $s['properties'] : array() as $name => $property ) {
				if ( isset( $property['required'] ) && true === $property['required'] ) { // draft 3
					$required[] = $name;
				}
			}
		}
		if ( $required && ! $this->passes( $object, array( 'type' => 'object', 'required' => $required ), $who ) ) {
			foreach ( $required as $name ) {
				$this->holds( $object, array( 'type' => 'object', 'required' => array( $name ) ), JsonPointer::append( $ptr, is_scalar( $name ) ? $name : '' ), 'required', $who );
			}
		}
		foreach ( $object as $name => $member ) {
			$at = JsonPointer::append( $ptr, $name );
			if ( isset( $s['properties'][ $name ] ) ) {
				$this->node( $member, $s['properties'][ $name ], $at, $level + 1 );
				continue;
			}
			$pattern_schema = rest_find_matching_pattern_property_schema( $name, $s );
			if ( null !== $pattern_schema ) {
				$this->node( $member, $pattern_schema, $at, $level + 1 );
			} elseif ( isset( $s['additionalProperties'] ) && false === $s['additionalProperties'] ) {
				$this->holds( array( $name => null ), array( 'type' => 'object', 'additionalProperties' => false ), $at, 'additionalProperties', $who );
			} elseif ( isset( $s['additionalProperties'] ) && is_array( $s['additionalProperties'] ) ) {
				$this->node( $member, $s['additionalProperties'], $at, $level + 1 );
			}
		}
	}

	/** One keyword of a node whose type holds, asked of core with the keywords it reads along. */
	private function keyword( $v, array $s, string $type, string $keyword, string $ptr ): void {
		$schema = array( 'type' => $type, $keyword => $s[ $keyword ] );
		if ( 'minimum' === $keyword || 'maximum' === $keyword ) {
			// core words a range in one message: ask with both bounds, name the side that fails
			if ( 'maximum' === $keyword && isset( $s['minimum'] ) ) {
				return;
			}
			$failing = array();
			foreach ( array( 'Minimum', 'Maximum' ) as $side ) {
				$bound = strtolower( $side );
				if ( isset( $s[ $bound ] ) && ! $this->passes( $v, array( 'type' => $type ) + array_intersect_key( $s, array( $bound => 1, "exclusive$side" => 1 ) ), '' ) ) {
					$failing[ empty( $s[ "exclusive$side" ] ) ? $bound : "exclusive$side" ] = array( 'type' => $type ) + array_intersect_key( $s, array( $bound => 1, "exclusive$side" => 1 ) );
				}
			}
			$bounds = array( 'type' => $type ) + array_intersect_key( $s, array_flip( array( 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum' ) ) );
			foreach ( $failing as $name => $one_side ) {
				$this->holds( $v, 1 === count( $failing ) ? $bounds : $one_side, $ptr, $name );
			}
			return;
		}
		$this->holds( $v, $schema, $ptr, $keyword );
	}

	/** Core's one verdict on a node it checks whole (no type, or a type core does not know). */
	private function whole( $v, $s, string $ptr ): void {
		$verdict = rest_validate_value_from_schema( $v, $s, '' === $ptr ? 'value' : $ptr );
		if ( is_wp_error( $verdict ) ) {
			$this->add( $ptr, self::KEYWORD_OF_CODE[ $verdict->get_error_code() ] ?? 'schema', $verdict->get_error_message() );
		}
	}

	/** Does core accept `$v` under `$schema`? Records core's message as a `$keyword` violation when not. */
	private function holds( $v, array $schema, string $ptr, string $keyword, ?string $who = null ): bool {
		$verdict = rest_validate_value_from_schema( $v, $schema, $who ?? ( '' === $ptr ? 'value' : $ptr ) );
		if ( true === $verdict ) {
			return true;
		}
		$this->add( $ptr, $keyword, $verdict->get_error_message() );
		return false;
	}

	private function passes( $v, array $schema, string $who ): bool {
		return true === rest_validate_value_from_schema( $v, $schema, $who );
	}

	private function add( string $ptr, string $keyword, string $message ): void {
		$this->violations->add( $ptr, $keyword, $message );
	}

	/**
	 * Core compares whole values for uniqueItems (recursively, serialize()): a value nested
	 * beyond VALUE_DEPTH, or a PHP reference cycle, is refused before it reaches core.
	 *
	 * @param mixed $value
	 */
	private static function value_problem( $value ): ?array {
		$budget = self::WORK_BUDGET;
		$stack  = array( array( $value, 0 ) );
		while ( $stack ) {
			[ $v, $depth ] = array_pop( $stack );
			if ( ! is_array( $v ) ) { // core's rest_stabilize_value() leaves objects as they are
				continue;
			}
			if ( $depth >= self::VALUE_DEPTH ) {
				return Violations::violation( '', 'depth', sprintf( 'value is nested deeper than %d levels.', self::VALUE_DEPTH ) );
			}
			foreach ( $v as $child ) {
				if ( --$budget < 0 ) {
					return Violations::violation( '', 'size', 'value is too large to validate.' );
				}
				$stack[] = array( $child, $depth + 1 );
			}
		}
		return null;
	}
}
