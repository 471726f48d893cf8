<?php
/**
 * The fallback of `McpNative\validate()` when the extension is not loaded.
 *
 * `standard` is WordPress core's verdict, given by core's own functions. This class makes the walk
 * core's rest_validate_value_from_schema() makes (anyOf/oneOf through core's matchers, type lists
 * through rest_handle_multi_type_schema(), object members and array items as core visits them) and
 * at every node calls core's function for the node's type (rest_validate_string_value_from_schema()
 * and its siblings, rest_is_object(), rest_is_array(), rest_validate_enum()), so every keyword's
 * rule and message is core's. Where core stops at the first violation, the walk goes on: the
 * answer lists every violation with its JSON Pointer path, and a valid value costs one walk, as in
 * core. See docs/ARCHITECTURE.md ("The PHP fallback").
 *
 * `strict` has no counterpart in core: StrictValidator.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;
use McpNative\Plugin\Schema\Draft3Required;

final class Validator {
	/**
	 * The types core knows, each with the keywords core checks on such a node after its type
	 * (asked on their own when the node fails).
	 */
	public const OWN_KEYWORDS = array(
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

	/** The formats core's sanitizer reads a value as a string for (rest_sanitize_value_from_schema). */
	private const STRING_FORMATS = array( 'hex-color', 'date-time', 'email', 'uri', 'ip', 'uuid', 'text-field', 'textarea-field' );

	/** How deep an `enum` member may nest (src/core/validate/schema.rs MAX_ENUM_DEPTH): core's message json_encode()s it. */
	public const ENUM_DEPTH = 1024;
	/**
	 * How deep a value may nest where core compares whole values (uniqueItems: serialize()
	 * recurses in C): as deep as the extension compares them (canonical.rs MAX_VALUE_DEPTH).
	 */
	private const COMPARED_DEPTH = 4096;
	/** Value nodes the uniqueItems pre-check may visit (shared sub-arrays make 2^n paths). */
	private const WORK_BUDGET = 4000000;
	/** Member-name tokens token() keeps, at most. */
	private const KEPT_TOKENS = 1024;

	/** @var array<string,string> member name => its JSON Pointer token (names recur: every row of a batch has the same) */
	private static array $tokens = array();
	/** Whether WordPress core's validation functions are loaded (once true, for good). */
	private static bool $core = false;
	/** @var \Closure|null the error handler that keeps core's notices about a schema quiet */
	private static $silence = null;

	/** Made at the first violation: a valid value makes none. */
	private ?Violations $violations = null;

	/**
	 * @param mixed  $value
	 * @param string $path JSON Pointer of the value inside a larger document: every path starts with it.
	 * @return list<array{path:string,keyword:string,message:string}>
	 */
	public static function validate( $value, array $schema, string $profile = 'standard', string $path = '' ): array {
		if ( 'standard' !== $profile && 'strict' !== $profile ) {
			// the name as the extension quotes it: U+FFFD for bytes that are not UTF-8, `\0` for NUL
			$shown = \str_replace( "\0", '\0', \function_exists( 'wp_scrub_utf8' ) ? \wp_scrub_utf8( $profile ) : $profile );
			throw new \ValueError( \sprintf( 'McpNative\\validate(): Argument #3 ($profile) must be "standard" or "strict", "%s" given', $shown ) );
		}
		if ( ! self::$core && ! ( self::$core = \function_exists( 'rest_validate_value_from_schema' ) ) ) {
			throw new \LogicException( 'The PHP fallback validates with WordPress core\'s functions (rest_validate_value_from_schema, wp_scrub_utf8); load WordPress or the mcp_native extension.' );
		}
		if ( '' !== $path && ! \preg_match( '//u', $path ) ) {
			$path = \wp_scrub_utf8( $path ); // as the extension reads it
		}
		if ( 'strict' === $profile ) {
			return StrictValidator::validate( $value, $schema, $path );
		}
		$shape = SchemaShape::check( $schema );
		if ( \is_string( $shape ) ) {
			return array( Violations::violation( $path, 'schema', $shape ) );
		}
		if ( $shape & SchemaShape::HOLDS_OBJECTS ) {
			$schema = SchemaShape::accepting_objects( $schema );
		}
		if ( $shape & SchemaShape::UNIQUE_ITEMS ) {
			$problem = self::value_problem( $value );
			if ( null !== $problem ) {
				$problem['path'] = $path . $problem['path'];
				return array( $problem );
			}
		}
		// What core says about a schema (a missing `type`: a notice, or PHP's warning for the
		// missing key) is not said again by every question this walk asks of a node.
		$noisy = 0 !== ( $shape & SchemaShape::NOISY );
		if ( $noisy ) {
			\set_error_handler( self::$silence ??= static fn() => true, E_WARNING | E_NOTICE | E_USER_WARNING | E_USER_NOTICE | E_DEPRECATED | E_USER_DEPRECATED );
		}
		$walk = new self();
		try {
			$walk->node( $value, $schema, $path );
		} catch ( \Error $e ) {
			// core fails on a schema it cannot read (a keyword of the wrong kind): a clear answer, not a crash
			return array( Violations::violation( $path, 'schema', 'WordPress core cannot validate against this schema: ' . $e->getMessage() ) );
		} finally {
			if ( $noisy ) {
				\restore_error_handler();
			}
		}
		return null === $walk->violations ? array() : $walk->violations->all();
	}

	/**
	 * Every violation of `$v` at `$ptr`, in the order core meets them.
	 *
	 * @param mixed $v
	 * @param mixed $s
	 */
	private function node( $v, $s, string $ptr ): void {
		if ( ! \is_array( $s ) ) {
			$this->whole( $v, $s, $ptr );
			return;
		}
		$who = '' === $ptr ? 'value' : $ptr;
		if ( isset( $s['anyOf'] ) || isset( $s['oneOf'] ) ) {
			foreach ( array( 'anyOf' => 'rest_find_any_matching_schema', 'oneOf' => 'rest_find_one_matching_schema' ) as $keyword => $find ) {
				if ( isset( $s[ $keyword ] ) ) {
					$match = $find( $v, $s, $who );
					if ( \is_wp_error( $match ) ) {
						$this->add( $ptr, self::KEYWORD_OF_CODE[ $match->get_error_code() ] ?? $keyword, $match->get_error_message() );
						return;
					}
					if ( ! isset( $s['type'] ) && isset( $match['type'] ) ) {
						$s['type'] = $match['type'];
					}
				}
			}
		}
		$type = $s['type'] ?? null;
		if ( \is_array( $type ) ) {
			$type = \rest_handle_multi_type_schema( $v, $s, $who );
			if ( ! $type ) { // core's test: any falsy answer (an invalid type `0` or null too)
				$this->whole( $v, $s, $ptr ); // core's type error naming the list
				return;
			}
			$s['type'] = $type;
		}
		// core's own check of the node's type and keywords (core's dispatcher is this walk; its
		// switch compares loosely, so a `type` of true is its 'null' case). A scalar of the PHP
		// type core's function tests first, on a node without the keywords it reads next, is
		// what that function accepts without asking it.
		$kind  = \is_string( $type ) ? $type : ( true === $type ? 'null' : '' );
		$known = match ( $kind ) {
			'string'  => \is_string( $v ) && ! isset( $s['minLength'] ) && ! isset( $s['maxLength'] ) && ! isset( $s['pattern'] ) ? true : \rest_validate_string_value_from_schema( $v, $s, $who ),
			'integer' => \is_int( $v ) && ! isset( $s['multipleOf'] ) && ! isset( $s['minimum'] ) && ! isset( $s['maximum'] ) ? true : \rest_validate_integer_value_from_schema( $v, $s, $who ),
			'number'  => ( \is_int( $v ) || \is_float( $v ) ) && ! isset( $s['multipleOf'] ) && ! isset( $s['minimum'] ) && ! isset( $s['maximum'] ) ? true : \rest_validate_number_value_from_schema( $v, $s, $who ),
			'boolean' => \is_bool( $v ) ? true : \rest_validate_boolean_value_from_schema( $v, $who ),
			'object'  => $this->object( $v, $s, $ptr, $who ),
			'array'   => $this->items( $v, $s, $ptr, $who ),
			'null'    => null === $v ? true : \rest_validate_null_value_from_schema( $v, $who ),
			default   => true, // no type core knows: core checks nothing but enum and format
		};
		if ( true === $known ) {
			// core reads `format` on strings and on nodes without a type it knows
			$format = isset( $s['format'] ) && ( 'string' === $type || ! isset( self::OWN_KEYWORDS[ $kind ] ) || ! \is_string( $type ) );
			if ( $format || ! empty( $s['enum'] ) && ! self::in_enum( $v, $s, $kind ) ) {
				$this->enum_and_format( $v, $s, $ptr, $who, $format );
			}
		} elseif ( false !== $known ) {
			$this->scalar_keywords( $known, $v, $s, $kind, $ptr, $who );
		}
	}

	/** An object node: its type, required names, members, then its own keywords. False when its type fails. */
	private function object( $v, array $s, string $ptr, string $who ): bool {
		if ( ! \rest_is_object( $v ) ) {
			return $this->holds( $v, array( 'type' => 'object' ), $ptr, 'type' );
		}
		$object   = \rest_sanitize_object( $v );
		$required = $s['required'] ?? null;
		if ( ! \is_array( $required ) ) { // core's draft 3: only without a `required` list, never merged with one
			$required = Draft3Required::names( isset( $s['properties'] ) && \is_array( $s['properties'] ) ? $s['properties'] : null );
		}
		foreach ( $required as $name ) {
			if ( ! \array_key_exists( $name, $object ) ) { // core's test; the message is core's
				$this->holds( $object, array( 'type' => 'object', 'required' => array( $name ) ), JsonPointer::append( $ptr, \is_scalar( $name ) ? $name : '' ), 'required', $who );
			}
		}
		$patterns = isset( $s['patternProperties'] ); // core's pattern lookup finds nothing without them
		$plain    = null; // whether every member name is its own token, asked at the first name not kept
		foreach ( $object as $name => $member ) {
			if ( isset( $s['properties'][ $name ] ) ) {
				$token = \is_int( $name ) ? $name : self::$tokens[ $name ] ?? self::token( $object, $name, $plain ??= JsonPointer::all_plain( \array_keys( $object ) ) );
				$this->node( $member, $s['properties'][ $name ], $ptr . '/' . $token );
				continue;
			}
			$pattern_schema = $patterns ? \rest_find_matching_pattern_property_schema( $name, $s ) : null;
			if ( null !== $pattern_schema ) {
				$this->node( $member, $pattern_schema, JsonPointer::append( $ptr, $name ) );
			} elseif ( isset( $s['additionalProperties'] ) && false === $s['additionalProperties'] ) {
				$this->holds( array( $name => null ), array( 'type' => 'object', 'additionalProperties' => false ), JsonPointer::append( $ptr, $name ), 'additionalProperties', $who );
			} elseif ( isset( $s['additionalProperties'] ) && \is_array( $s['additionalProperties'] ) ) {
				$this->node( $member, $s['additionalProperties'], JsonPointer::append( $ptr, $name ) );
			}
		}
		if ( isset( $s['minProperties'] ) || isset( $s['maxProperties'] ) ) {
			$this->own_keywords( $v, $s, 'object', 'object', $ptr );
		}
		return true;
	}

	/** An array node: its type, its items (keeping their keys in paths; core renumbers them), then its own keywords. */
	private function items( $v, array $s, string $ptr, string $who ): bool {
		if ( ! \rest_is_array( $v ) ) {
			return $this->holds( $v, array( 'type' => 'array' ), $ptr, 'type' );
		}
		if ( isset( $s['items'] ) ) {
			// a string is split as core splits it
			foreach ( \is_array( $v ) ? $v : \rest_sanitize_array( $v ) as $index => $item ) {
				$this->node( $item, $s['items'], $ptr . '/' . $index );
			}
		}
		if ( isset( $s['minItems'] ) || isset( $s['maxItems'] ) || isset( $s['uniqueItems'] ) ) {
			$this->own_keywords( $v, $s, 'array', 'array', $ptr );
		}
		return true;
	}

	/**
	 * The violations of a scalar node core rejected: core stops at the first of its keywords,
	 * so each is asked on its own (with the keywords core reads along).
	 *
	 * @param mixed $v
	 */
	private function scalar_keywords( \WP_Error $known, $v, array $s, string $type, string $ptr, string $who ): void {
		if ( 'rest_invalid_type' === $known->get_error_code() ) {
			$this->add( $ptr, 'type', $known->get_error_message() ); // a wrong type ends the node: core's answer is all
			return;
		}
		// so the type held (core checks it first); an integer is checked as a number, and whole last
		$this->own_keywords( $v, $s, 'integer' === $type ? 'number' : $type, $type, $ptr );
		if ( 'integer' === $type && ! $this->holds( $v, array( 'type' => 'integer' ), $ptr, 'type' ) ) {
			return;
		}
		$this->enum_and_format( $v, $s, $ptr, $who, 'string' === $type );
	}

	/** The keywords core checks on a node of `$type` after its type, each on its own. */
	private function own_keywords( $v, array $s, string $checked_as, string $type, string $ptr ): void {
		foreach ( self::OWN_KEYWORDS[ $type ] as $keyword ) {
			if ( isset( $s[ $keyword ] ) ) {
				$this->keyword( $v, $s, $checked_as, $keyword, $ptr );
			}
		}
	}

	private function enum_and_format( $v, array $s, string $ptr, string $who, bool $format_applies ): void {
		if ( ! empty( $s['enum'] ) ) {
			// core compares the value as the whole node sanitizes it: an array or an object under
			// a format core sanitizes as a string is '' (where core's sanitizer does not throw
			// on it first, as for hex-color and uri: the extension's reading)
			$sanitized_empty = $format_applies && ( \is_array( $v ) || \is_object( $v ) ) && \in_array( $s['format'], self::STRING_FORMATS ); // phpcs:ignore (loosely: core's switch matches `true` too)
			$verdict         = \rest_validate_enum( $sanitized_empty ? '' : $v, $s, $who );
			if ( \is_wp_error( $verdict ) ) {
				$this->add( $ptr, 'enum', $verdict->get_error_message() );
			}
		}
		if ( $format_applies && isset( $s['format'] ) ) {
			// core reads a scalar as its string (an array as ''); its IP check would throw on a
			// non-string, which the extension reads the same way. That check (Requests' IPv6
			// parser) also calls hexdec() on groups like "[" that PHP reports as deprecated: the
			// verdict does not depend on it, the extension logs nothing, and a client must not be
			// able to fill the site's log with it.
			\set_error_handler( self::$silence ??= static fn() => true, E_DEPRECATED );
			try {
				$this->holds( \is_scalar( $v ) ? (string) $v : '', array( 'type' => 'string', 'format' => $s['format'] ), $ptr, 'format', $who );
			} finally {
				\restore_error_handler();
			}
		}
	}

	/**
	 * Is `$v` an `enum` member as it is? Core compares the value its node sanitizes to, which is
	 * the value itself for a string (without `format`), an integer, a float or a boolean of that
	 * type; a value identical to a member is equal to it, so core accepts. Anything else is left
	 * to core (rest_validate_enum).
	 *
	 * @param mixed $v
	 */
	private static function in_enum( $v, array $s, string $type ): bool {
		$as_is = match ( $type ) {
			'string'  => \is_string( $v ) && ! isset( $s['format'] ),
			'integer' => \is_int( $v ),
			'number'  => \is_float( $v ),
			'boolean' => \is_bool( $v ),
			default   => false,
		};
		return $as_is && ! isset( $s['anyOf'] ) && ! isset( $s['oneOf'] ) && \is_array( $s['enum'] ) && \in_array( $v, $s['enum'], true );
	}

	/**
	 * JsonPointer::token( $name ), kept for the next time the name comes. Where `$object`'s names
	 * are all their own tokens (`$plain`) and fit in what is kept, all are kept at once: a
	 * request's first validation learns an object's names in one step rather than one a member.
	 */
	private static function token( array $object, string $name, bool $plain ): string {
		$all = $plain && \count( $object ) <= self::KEPT_TOKENS;
		if ( \count( self::$tokens ) + ( $all ? \count( $object ) : 1 ) > self::KEPT_TOKENS ) {
			self::$tokens = array();
		}
		if ( $all ) {
			$names         = \array_keys( $object );
			self::$tokens += \array_combine( $names, $names ); // (integer names are never looked up)
			return $name;
		}
		return self::$tokens[ $name ] = $plain ? $name : JsonPointer::token( $name );
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
				$bound = \strtolower( $side );
				if ( isset( $s[ $bound ] ) && ! $this->passes( $v, array( 'type' => $type ) + \array_intersect_key( $s, array( $bound => 1, "exclusive$side" => 1 ) ), '' ) ) {
					$failing[ empty( $s[ "exclusive$side" ] ) ? $bound : "exclusive$side" ] = array( 'type' => $type ) + \array_intersect_key( $s, array( $bound => 1, "exclusive$side" => 1 ) );
				}
			}
			$bounds = array( 'type' => $type ) + \array_intersect_key( $s, \array_flip( array( 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum' ) ) );
			foreach ( $failing as $name => $one_side ) {
				$this->holds( $v, 1 === \count( $failing ) ? $bounds : $one_side, $ptr, $name );
			}
			return;
		}
		$this->holds( $v, $schema, $ptr, $keyword );
	}

	/** Core's one verdict on a node it checks whole (a schema that is not an array, a type list none fits). */
	private function whole( $v, $s, string $ptr ): void {
		$verdict = \rest_validate_value_from_schema( $v, $s, '' === $ptr ? 'value' : $ptr );
		if ( \is_wp_error( $verdict ) ) {
			$this->add( $ptr, self::KEYWORD_OF_CODE[ $verdict->get_error_code() ] ?? 'schema', $verdict->get_error_message() );
		}
	}

	/** Does core accept `$v` under `$schema`? Records core's message as a `$keyword` violation when not. */
	private function holds( $v, array $schema, string $ptr, string $keyword, ?string $who = null ): bool {
		$verdict = \rest_validate_value_from_schema( $v, $schema, $who ?? ( '' === $ptr ? 'value' : $ptr ) );
		if ( true === $verdict ) {
			return true;
		}
		$this->add( $ptr, $keyword, $verdict->get_error_message() );
		return false;
	}

	private function passes( $v, array $schema, string $who ): bool {
		return true === \rest_validate_value_from_schema( $v, $schema, $who );
	}

	private function add( string $ptr, string $keyword, string $message ): void {
		( $this->violations ??= new Violations() )->add( $ptr, $keyword, $message );
	}

	/**
	 * Core compares whole values for uniqueItems (recursively, serialize()): a value nested
	 * beyond COMPARED_DEPTH, or a PHP reference cycle, is refused before it reaches core.
	 *
	 * @param mixed $value
	 */
	private static function value_problem( $value ): ?array {
		$budget = self::WORK_BUDGET;
		$stack  = array( array( $value, 0 ) );
		while ( $stack ) {
			[ $v, $depth ] = \array_pop( $stack );
			if ( ! \is_array( $v ) ) { // core's rest_stabilize_value() leaves objects as they are
				continue;
			}
			if ( $depth >= self::COMPARED_DEPTH ) {
				return Violations::violation( '', 'depth', \sprintf( 'value is nested deeper than %d levels.', self::COMPARED_DEPTH ) );
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
