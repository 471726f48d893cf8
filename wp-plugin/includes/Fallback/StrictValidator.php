<?php
/**
 * The `strict` profile without the extension. WordPress core has no counterpart (its validator is
 * WordPress's draft-4 dialect with coercions), so this one is written here; what it covers is
 * listed in docs/ARCHITECTURE.md ("The PHP fallback").
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;
use McpNative\Plugin\Schema\Draft3Required;

/**
 * The `strict` profile without the extension: a draft 2020-12 validator over the JSON types as
 * sent (src/core/validate/strict.rs uses the jsonschema crate; paths, keywords and messages are
 * the same, the order of violations may differ). `format` is an annotation, as in 2020-12.
 */
final class StrictValidator {
	private const MAX_DEPTH = 128;
	/**
	 * Most values one schema's conversion visits (strict.rs MAX_SCHEMA_VALUES): shared sub-arrays
	 * can make a schema of a few KB have 2^40 paths.
	 */
	private const MAX_SCHEMA_VALUES = 100000;
	private static int $schema_values = 0;
	private const TYPE_ORDER = array( 'null', 'boolean', 'integer', 'number', 'string', 'array', 'object' );
	/**
	 * The meta-schema's `$id`: the characters of a URI reference, no fragment but an empty one.
	 * Possessive (the runs and `%XX` cannot overlap): a megabyte-long `$id` then needs no
	 * backtracking stack, which PCRE's JIT would run out of (and answer "no match").
	 */
	private const ID = '~^(?:[A-Za-z0-9\-._:/?\[\]@!$&\'()*+,;=\~]++|%[0-9A-Fa-f]{2})*+(?:#)?\z~';
	/** A URI reference (RFC 3986): `$id`'s characters, then a fragment without brackets. */
	private const REF = '~^(?:[A-Za-z0-9\-._:/?\[\]@!$&\'()*+,;=\~]++|%[0-9A-Fa-f]{2})*+(?:#(?:[A-Za-z0-9\-._:/?@!$&\'()*+,;=\~]++|%[0-9A-Fa-f]{2})*+)?\z~';
	/**
	 * How a SchemaKeywords position is converted: schema, map or list of schemas, or data (a
	 * WordPress-only key too, as the extension converts it: a callback's closure is null there).
	 * SchemaKeywords::UNREAD_BY_VALIDATION is left out, however deep or endless.
	 */
	private const CTX_OF_POSITION = array(
		SchemaKeywords::SCHEMA                => 's',
		SchemaKeywords::SCHEMA_OR_LIST        => 's',
		SchemaKeywords::SCHEMA_MAP            => 'm',
		SchemaKeywords::SCHEMA_LIST           => 'l',
		SchemaKeywords::MAP_OF_SCHEMA_OR_LIST => 'm', // a list member is a list of names: its strings stay strings
		SchemaKeywords::DATA                  => 'd',
		SchemaKeywords::WORDPRESS_ONLY        => 'd',
	);

	/** @var mixed the converted root schema */
	private $root;
	private Violations $errors;
	/** @var array<int,true> the `$ref` targets applied to the current value, by object id */
	private array $ref_chain = array();
	/**
	 * Whether the schema uses unevaluatedProperties/unevaluatedItems: only then does node()
	 * collect what each sub-schema evaluated (and anyOf try every branch, as annotations need).
	 */
	private bool $track = false;
	/**
	 * The schema resources and their anchors: a resource's URI (the root's `$id`, or BASE, then
	 * each embedded `$id` resolved against the resource around it) => its schema, and that URI,
	 * `#` and an `$anchor`/`$dynamicAnchor` name => the schema holding it.
	 *
	 * @var array<string,\stdClass>
	 */
	private array $anchors = array();
	/** @var array<string,array{bool,mixed}> resolve()'s answers, by base URI and reference */
	private array $targets = array();
	/** @var array<int,string> the base URI of each schema that holds a `$ref`/`$dynamicRef`, by object id */
	private array $bases = array();
	/** @var list<array{string,string}> the `$ref`/`$dynamicRef` values schema_problem() met, with their base URI */
	private array $refs = array();
	/** @var array<int,string> the URI of each schema that starts a resource (the root, an `$id`), by object id */
	private array $resources = array();
	/** @var array<string,\stdClass> a resource's URI, `#` and a `$dynamicAnchor` name => the schema holding it */
	private array $dynamic_anchors = array();
	/** @var list<string> the resources the evaluation is inside of, outermost first (the dynamic scope) */
	private array $dynamic_scope = array();
	/** The base URI of a schema without `$id` (the crate's default). */
	private const BASE = 'json-schema:///';
	/** Whether schema_json() kept an unevaluatedProperties or unevaluatedItems key (see $track). */
	private static bool $unevaluated_met = false;
	/**
	 * What a schema evaluated of a value (its annotations): the property names and the item
	 * indices, each a set or `true` for all.
	 */
	private const NOTHING = array( array(), array() );

	private function __construct() {
		$this->errors = new Violations();
	}

	/**
	 * @param mixed  $value
	 * @param string $path JSON Pointer of the value inside a larger document: every path starts with it.
	 * @return list<array{path:string,keyword:string,message:string}>
	 */
	public static function validate( $value, array $schema, string $path = '' ): array {
		$v = new self();
		try {
			self::$schema_values   = self::MAX_SCHEMA_VALUES;
			self::$unevaluated_met = false;
			$v->root             = self::schema_json( $schema, 0 );
		} catch ( \LengthException $e ) {
			return array( array( 'path' => $path, 'keyword' => 'schema', 'message' => $e->getMessage() ) );
		}
		$bad = $v->schema_problem( $v->root, '', self::BASE );
		foreach ( null === $bad ? $v->refs : array() as [ $ref, $base ] ) {
			// the crate looks up every document a reference names, used or not (another one it cannot fetch)
			if ( ! preg_match( self::REF, $ref ) || ! isset( $v->anchors[ self::document( $base, $ref ) ] ) ) {
				$bad = '';
				break;
			}
		}
		if ( null === $bad && $v->refs && ! $v->references_resolve() ) {
			$bad = ''; // as the crate, which resolves every reference it compiles
		}
		if ( null !== $bad ) {
			return array( array( 'path' => $path, 'keyword' => 'schema', 'message' => "The schema is not valid JSON Schema (2020-12) at '$bad'." ) );
		}
		$conv             = array();
		self::$budget     = self::WORK_BUDGET;
		self::$converting = array();
		$json             = self::value_json( $value, $v->root, 0, $path, $conv );
		foreach ( $conv as $e ) {
			if ( 'cycle' === $e['keyword'] || 'size' === $e['keyword'] || 'depth' === $e['keyword'] ) {
				$e['path'] = '' === $e['path'] ? $path : $e['path'];
				return array( $e );
			}
		}
		foreach ( $conv as $e ) {
			$v->fail( $e['path'], $e['keyword'], $e['message'] );
		}
		if ( ! $conv ) {
			$v->track = self::$unevaluated_met;
			$v->node( $json, $v->root, $path, 0 );
		}
		return $v->errors->all();
	}

	private static function who( string $p ): string {
		return '' === $p ? 'value' : $p;
	}

	/** The first place (JSON Pointer into the schema) where the meta-schema would reject it. */
	private function schema_problem( $s, string $at, string $base ): ?string {
		if ( is_bool( $s ) ) {
			return null;
		}
		if ( ! $s instanceof \stdClass ) {
			return $at;
		}
		if ( isset( $s->{'$id'} ) && is_string( $s->{'$id'} ) && preg_match( self::ID, $s->{'$id'} ) ) {
			$base = self::document( $base, $s->{'$id'} ); // a new resource
			$this->anchors[ $base ] = $s; // of two with one URI, the last, as the crate's registry keeps
			$this->resources[ spl_object_id( $s ) ] = $base;
		} elseif ( '' === $at ) {
			$this->anchors[ $base ] = $s; // the root, without `$id`
			$this->resources[ spl_object_id( $s ) ] = $base;
		}
		foreach ( array( '$anchor', '$dynamicAnchor' ) as $kw ) {
			if ( property_exists( $s, $kw ) ) {
				// the meta-schema's anchor name
				if ( ! is_string( $s->$kw ) || ! preg_match( '/^[A-Za-z_][-A-Za-z0-9._]*\z/', $s->$kw ) ) {
					return "$at/$kw";
				}
				$this->anchors[ "$base#" . $s->$kw ] ??= $s; // the first of a name wins
				if ( '$dynamicAnchor' === $kw ) {
					$this->dynamic_anchors[ "$base#" . $s->$kw ] ??= $s;
				}
			}
		}
		foreach ( array( '$ref', '$dynamicRef' ) as $kw ) {
			if ( property_exists( $s, $kw ) ) {
				if ( ! is_string( $s->$kw ) ) {
					return "$at/$kw";
				}
				$this->refs[]                       = array( $s->$kw, $base );
				$this->bases[ spl_object_id( $s ) ] = $base;
			}
		}
		if ( property_exists( $s, 'type' ) ) {
			$types = is_array( $s->type ) ? $s->type : array( $s->type );
			foreach ( $types as $t ) {
				if ( ! is_string( $t ) || ! in_array( $t, self::TYPE_ORDER, true ) ) {
					return "$at/type";
				}
			}
			if ( count( array_unique( $types ) ) !== count( $types ) ) {
				return "$at/type"; // the meta-schema's type list holds each name once
			}
		}
		$problem = property_exists( $s, 'required' ) ? self::names_problem( $s->required ) : null;
		if ( null !== $problem ) {
			return "$at/required$problem";
		}
		if ( property_exists( $s, 'pattern' ) && is_string( $s->pattern ) && ! self::compiles( $s->pattern ) ) {
			return "$at/pattern"; // a regular expression the crate cannot compile makes the schema invalid there too
		}
		foreach ( isset( $s->patternProperties ) && $s->patternProperties instanceof \stdClass ? get_object_vars( $s->patternProperties ) : array() as $p => $unused ) {
			if ( ! self::compiles( (string) $p ) ) {
				return "$at/patternProperties/" . JsonPointer::token( $p );
			}
		}
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
					if ( null !== $this->schema_problem( $then, $here, $base ) ) {
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
				$r = $this->schema_problem( $sub, $single ? $here : "$here/" . JsonPointer::token( $k ), $base );
				if ( null !== $r ) {
					return $r;
				}
			}
		}
		foreach ( array( 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf' ) as $kw ) {
			if ( property_exists( $s, $kw ) && ! is_int( $s->$kw ) && ! is_float( $s->$kw ) ) {
				return "$at/$kw";
			}
		}
		if ( property_exists( $s, 'multipleOf' ) && ! ( $s->multipleOf > 0 ) ) {
			return "$at/multipleOf"; // the meta-schema's exclusiveMinimum 0
		}
		foreach ( array( 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains' ) as $kw ) {
			if ( property_exists( $s, $kw ) && ! ( is_int( $s->$kw ) && $s->$kw >= 0 ) && ! ( is_float( $s->$kw ) && $s->$kw >= 0 && floor( $s->$kw ) === $s->$kw ) ) {
				return "$at/$kw";
			}
		}
		foreach ( array( 'pattern', 'format', 'contentEncoding', 'contentMediaType', '$id', '$schema' ) as $kw ) {
			if ( property_exists( $s, $kw ) && ! is_string( $s->$kw ) ) {
				return "$at/$kw";
			}
		}
		if ( property_exists( $s, '$id' ) && ! preg_match( self::ID, $s->{'$id'} ) ) {
			return "$at/\$id";
		}
		if ( property_exists( $s, 'uniqueItems' ) && ! is_bool( $s->uniqueItems ) ) {
			return "$at/uniqueItems";
		}
		if ( property_exists( $s, '$vocabulary' ) ) {
			if ( ! $s->{'$vocabulary'} instanceof \stdClass ) {
				return "$at/\$vocabulary";
			}
			foreach ( get_object_vars( $s->{'$vocabulary'} ) as $uri => $required ) {
				if ( ! is_bool( $required ) ) {
					return "$at/\$vocabulary/" . JsonPointer::token( $uri );
				}
			}
		}
		if ( property_exists( $s, 'enum' ) && ! is_array( $s->enum ) ) {
			return "$at/enum";
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

	/** A schema's `pattern` as a PCRE pattern (UTF-8, `/` as delimiter). */
	private static function regex( string $pattern ): string {
		return '/' . str_replace( '/', '\\/', $pattern ) . '/u';
	}

	/** Does `$pattern` compile, within the length the extension compiles (MAX_PATTERN_BYTES)? */
	private static function compiles( string $pattern ): bool {
		return \strlen( $pattern ) <= \McpNative\MAX_PATTERN_BYTES && false !== @preg_match( self::regex( $pattern ), '' ); // phpcs:ignore
	}

	/**
	 * A stdClass itself, the one object both implementations read as a JSON object (the
	 * extension's ObjectKind::Plain): a subclass, JsonSerializable or not, has no JSON form here.
	 *
	 * @param mixed $v
	 */
	private static function is_plain_object( $v ): bool {
		return $v instanceof \stdClass && \stdClass::class === \get_class( $v );
	}

	/**
	 * Schema array → JSON form (stdClass objects, lists); annotation values left out, values
	 * without a JSON form become null (strict.rs `schema_value`). @param mixed $s
	 */
	private static function schema_json( $s, int $depth, string $ctx = 's' ) {
		if ( $depth > self::MAX_DEPTH ) {
			throw new \LengthException( 'schema nested deeper than ' . self::MAX_DEPTH . ' levels' );
		}
		if ( --self::$schema_values < 0 ) {
			throw new \LengthException( Violations::SCHEMA_TOO_LARGE );
		}
		$child_ctx = static function ( $k ) use ( $ctx ): ?string {
			if ( 's' !== $ctx ) {
				return ( 'm' === $ctx || 'l' === $ctx ) ? 's' : 'd';
			}
			if ( isset( SchemaKeywords::UNREAD_BY_VALIDATION[ $k ] ) ) {
				return null;
			}
			return self::CTX_OF_POSITION[ SchemaKeywords::child_position( null, $k ) ];
		};
		if ( is_array( $s ) ) {
			if ( $s && array_is_list( $s ) ) {
				$out = array();
				foreach ( $s as $k => $c ) {
					// a list where a schema stands is a tuple of schemas (strict.rs `schema_value`)
					$out[] = self::schema_json( $c, $depth + 1, 's' === $ctx ? 's' : $child_ctx( $k ) ?? 'd' );
				}
				return $out;
			}
			$o = new \stdClass();
			foreach ( $s as $k => $c ) {
				$cc = $child_ctx( $k );
				if ( null !== $cc ) {
					self::$unevaluated_met = self::$unevaluated_met || 'unevaluatedProperties' === $k || 'unevaluatedItems' === $k;
					$o->{(string) $k}      = self::schema_json( $c, $depth + 1, $cc );
				}
			}
			if ( isset( $o->properties ) && array() === $o->properties ) {
				$o->properties = new \stdClass();
			}
			return 's' === $ctx ? self::modernize( $o, $s ) : $o;
		}
		if ( self::is_plain_object( $s ) ) {
			$o = new \stdClass();
			foreach ( (array) $s as $k => $c ) {
				$cc = $child_ctx( $k );
				if ( null !== $cc ) {
					self::$unevaluated_met = self::$unevaluated_met || 'unevaluatedProperties' === $k || 'unevaluatedItems' === $k;
					$o->{(string) $k}      = self::schema_json( $c, $depth + 1, $cc );
				}
			}
			return 's' === $ctx ? self::modernize( $o, $s ) : $o;
		}
		if ( is_string( $s ) ) {
			return \wp_scrub_utf8( $s ); // as Rust's from_utf8_lossy: U+FFFD for each maximal ill-formed part
		}
		if ( ( is_float( $s ) && ! is_finite( $s ) ) || is_object( $s ) || is_resource( $s ) ) {
			return null;
		}
		return $s;
	}

	/**
	 * Draft 3 to 7 forms at a schema node `$o` (the JSON form of `$source`), in 2020-12 terms
	 * (strict.rs `modernize_node`): properties written as arrays with `required: true` join
	 * `required` (a boolean `required` goes, an empty PHP array is an empty list), a boolean exclusive bound takes its bound, a tuple
	 * `items` list becomes `prefixItems` and `additionalItems` its `items`.
	 *
	 * @param array|\stdClass $source
	 */
	private static function modernize( \stdClass $o, $source ): \stdClass {
		if ( ! isset( $o->properties ) && ! isset( $o->required ) && ! isset( $o->items ) && ! isset( $o->exclusiveMinimum ) && ! isset( $o->exclusiveMaximum ) ) {
			return $o; // most nodes: nothing of an older draft to convert
		}
		$properties = is_array( $source ) ? ( $source['properties'] ?? null ) : ( $source->properties ?? null );
		$extra      = array_map( 'strval', Draft3Required::names( is_array( $properties ) || self::is_plain_object( $properties ) ? (array) $properties : null ) );
		if ( property_exists( $o, 'required' ) && is_bool( $o->required ) ) {
			unset( $o->required );
		}
		if ( array() === ( is_array( $source ) ? $source['required'] ?? null : $source->required ?? null ) ) {
			$o->required = array(); // PHP's `'required' => array()`, converted as `{}` (as every empty array)
		}
		if ( $extra && ! ( isset( $o->required ) && is_array( $o->required ) ) ) {
			$o->required = array();
		}
		if ( $extra ) {
			$o->required = Draft3Required::joined( $o->required, $extra ); // the list as written, repeats kept
		}
		foreach ( array( 'exclusiveMinimum' => 'minimum', 'exclusiveMaximum' => 'maximum' ) as $ex => $bound ) {
			if ( property_exists( $o, $ex ) && is_bool( $o->$ex ) ) {
				$on = $o->$ex;
				unset( $o->$ex );
				if ( $on && property_exists( $o, $bound ) ) {
					$o->$ex = $o->$bound;
					unset( $o->$bound );
				}
			}
		}
		if ( isset( $o->items ) && is_array( $o->items ) && ! property_exists( $o, 'prefixItems' ) ) {
			$o->prefixItems = $o->items;
			unset( $o->items );
			if ( property_exists( $o, 'additionalItems' ) ) {
				$o->items = $o->additionalItems;
				unset( $o->additionalItems );
			}
		}
		return $o;
	}

	/** Value nodes one conversion may visit (a container counts 4): more than a 4 MiB request body
	 * holds, so only a PHP value whose sub-arrays are shared (2^n paths) reaches it. */
	private const WORK_BUDGET = 4000000;

	/** Value nodes value_json() may still visit (shared sub-arrays make 2^n paths). */
	private static int $budget = 0;
	/** @var array<string,true> the containers value_json() is inside of (see enter()) */
	private static array $converting = array();

	/**
	 * PHP value → JSON form "as sent" (an empty array is an object where the schema wants one).
	 * `$reference`: the PHP reference an array is reached through ('' for none), which tells it
	 * apart for the cycle check (enter()).
	 */
	private static function value_json( $v, $schema, int $depth, string $path, array &$errs, string $reference = '' ) {
		// a whole-value problem ends the conversion (one violation, bounded memory)
		if ( self::$budget < 0 ) {
			return null;
		}
		if ( --self::$budget < 0 ) {
			$errs[] = array( 'path' => '', 'keyword' => 'size', 'message' => 'value is too large to validate.' );
			return null;
		}
		if ( $depth > self::MAX_DEPTH ) {
			self::$budget = -1;
			$errs[]       = array( 'path' => $path, 'keyword' => 'depth', 'message' => self::who( $path ) . ' is nested deeper than ' . self::MAX_DEPTH . ' levels.' );
			return null;
		}
		if ( is_array( $v ) ) {
			self::$budget -= 3; // a container costs PHP a few leaves' memory
			if ( '' === $reference ) {
				return self::array_json( $v, $schema, $depth, $path, $errs );
			}
			// reached through a PHP reference, it can be inside itself
			if ( ! self::enter( $reference, $errs ) ) {
				return null;
			}
			$json = self::array_json( $v, $schema, $depth, $path, $errs );
			unset( self::$converting[ $reference ] );
			return $json;
		}
		if ( self::is_plain_object( $v ) ) {
			self::$budget -= 3;
			$identity = 'o' . spl_object_id( $v );
			if ( ! self::enter( $identity, $errs ) ) {
				return null;
			}
			$json = self::members_json( (array) $v, $schema, $depth, $path, $errs );
			unset( self::$converting[ $identity ] );
			return $json;
		}
		$problem = null;
		if ( is_float( $v ) && ! is_finite( $v ) ) {
			$problem = 'NaN or INF is not a JSON number';
		} elseif ( is_string( $v ) && ! preg_match( '//u', $v ) ) {
			$problem = 'string is not valid UTF-8';
		} elseif ( is_object( $v ) || is_resource( $v ) ) {
			$problem = 'value has no JSON form';
		}
		if ( null !== $problem ) {
			$errs[] = array( 'path' => $path, 'keyword' => 'type', 'message' => self::who( $path ) . ": $problem." );
			return null;
		}
		return $v;
	}

	/**
	 * Notes that value_json() is inside the container `$identity` (an object by its id, an array
	 * by the PHP reference it is reached through, as the extension tells containers apart). JSON
	 * cannot carry a container inside itself: met again, it ends the conversion with one `cycle`
	 * violation of the whole value (false).
	 */
	private static function enter( string $identity, array &$errs ): bool {
		if ( isset( self::$converting[ $identity ] ) ) {
			self::$budget = -1;
			$errs[]       = array( 'path' => '', 'keyword' => 'cycle', 'message' => 'value contains a reference cycle.' );
			return false;
		}
		self::$converting[ $identity ] = true;
		return true;
	}

	/** The JSON form of a PHP array: a list, or an object (also where an empty array stands for one). @param mixed $schema */
	private static function array_json( array $v, $schema, int $depth, string $path, array &$errs ) {
		$wants_object = false;
		if ( $schema instanceof \stdClass ) {
			$t = $schema->type ?? null;
			if ( is_string( $t ) ) {
				$wants_object = 'object' === $t;
			} elseif ( is_array( $t ) ) {
				$wants_object = in_array( 'object', $t, true ) && ! in_array( 'array', $t, true );
			} else {
				$wants_object = property_exists( $schema, 'properties' );
			}
		}
		if ( ! array_is_list( $v ) || ( ! $v && $wants_object ) ) {
			return self::members_json( $v, $schema, $depth, $path, $errs );
		}
		$out = array();
		foreach ( $v as $i => $c ) {
			// ints, booleans and null are their own JSON form: no call per item of a long list
			if ( is_int( $c ) || is_bool( $c ) || null === $c ) {
				$out[] = $c;
				if ( --self::$budget < 0 ) {
					return self::value_json( null, null, $depth, $path, $errs );
				}
				continue;
			}
			$out[] = self::value_json( $c, self::child_schema( $schema, $i, true ), $depth + 1, $path . '/' . $i, $errs, is_array( $c ) ? self::reference( $v, $i ) : '' );
		}
		return $out;
	}

	/** The JSON object of an array's or an object's members. @param mixed $schema */
	private static function members_json( array $members, $schema, int $depth, string $path, array &$errs ): \stdClass {
		$o = new \stdClass();
		foreach ( $members as $k => $c ) {
			$o->{(string) $k} = self::value_json( $c, self::child_schema( $schema, $k, false ), $depth + 1, JsonPointer::append( $path, $k ), $errs, is_array( $c ) ? self::reference( $members, $k ) : '' );
		}
		return $o;
	}

	/** The identity of the PHP reference `$container[ $key ]` (an array) is held through, or ''. */
	private static function reference( array $container, $key ): string {
		$reference = \ReflectionReference::fromArrayElement( $container, $key );
		return null === $reference ? '' : 'r' . $reference->getId();
	}

	/** The sub-schema value_json() reads the JSON form of a member or item by. @param mixed $schema */
	private static function child_schema( $schema, $key, bool $index ) {
		if ( ! $schema instanceof \stdClass ) {
			return null;
		}
		if ( $index ) {
			$item = isset( $schema->prefixItems ) && is_array( $schema->prefixItems ) && array_key_exists( $key, $schema->prefixItems ) ? $schema->prefixItems[ $key ] : $schema->items ?? null;
			return $item instanceof \stdClass ? $item : null;
		}
		if ( isset( $schema->properties ) && $schema->properties instanceof \stdClass && property_exists( $schema->properties, (string) $key ) ) {
			return $schema->properties->{(string) $key};
		}
		return isset( $schema->additionalProperties ) && $schema->additionalProperties instanceof \stdClass ? $schema->additionalProperties : null;
	}

	private function fail( string $path, string $keyword, string $message ): void {
		$this->errors->add( $path, $keyword, $message );
	}

	private static function json_type( $v ): string {
		if ( null === $v ) {
			return 'null';
		}
		if ( is_bool( $v ) ) {
			return 'boolean';
		}
		if ( is_int( $v ) || is_float( $v ) ) {
			return 'number';
		}
		if ( is_string( $v ) ) {
			return 'string';
		}
		return is_array( $v ) ? 'array' : 'object';
	}

	private static function has_type( $v, string $t ): bool {
		$jt = self::json_type( $v );
		if ( 'integer' === $t ) {
			return is_int( $v ) || ( is_float( $v ) && floor( $v ) === $v );
		}
		return $jt === $t;
	}

	private static function equal( $a, $b ): bool {
		if ( ( is_int( $a ) || is_float( $a ) ) && ( is_int( $b ) || is_float( $b ) ) ) {
			return $a == $b; // phpcs:ignore Universal.Operators.StrictComparisons
		}
		if ( is_array( $a ) && is_array( $b ) ) {
			if ( count( $a ) !== count( $b ) ) {
				return false;
			}
			foreach ( $a as $i => $x ) {
				if ( ! self::equal( $x, $b[ $i ] ) ) {
					return false;
				}
			}
			return true;
		}
		if ( $a instanceof \stdClass && $b instanceof \stdClass ) {
			$x = get_object_vars( $a );
			$y = get_object_vars( $b );
			if ( count( $x ) !== count( $y ) ) {
				return false;
			}
			foreach ( $x as $k => $c ) {
				if ( ! array_key_exists( $k, $y ) || ! self::equal( $c, $y[ $k ] ) ) {
					return false;
				}
			}
			return true;
		}
		return $a === $b;
	}

	/**
	 * A key equal JSON values share and unequal ones do not (numbers by value, object members in
	 * any order): uniqueItems hashes each item once instead of comparing pairs. A container's key
	 * is a SHA-256 of its members' keys, so keys stay short and collisions cannot be crafted.
	 *
	 * @param mixed $v a value in JSON form (value_json)
	 */
	private static function canonical( $v ): string {
		if ( is_array( $v ) ) {
			$members = '';
			foreach ( $v as $item ) {
				$members .= self::canonical( $item ) . ',';
			}
			return '[' . hash( 'sha256', $members, true );
		}
		if ( $v instanceof \stdClass ) {
			$vars = get_object_vars( $v );
			ksort( $vars, SORT_STRING );
			$members = '';
			foreach ( $vars as $name => $item ) {
				$members .= strlen( (string) $name ) . ':' . $name . '=' . self::canonical( $item ) . ',';
			}
			return '{' . hash( 'sha256', $members, true );
		}
		if ( is_float( $v ) ) {
			return floor( $v ) === $v && abs( $v ) < 9.2e18 ? 'n' . (int) $v : 'n' . sprintf( '%.17g', $v );
		}
		if ( is_int( $v ) ) {
			return 'n' . $v;
		}
		return is_string( $v ) ? 's' . strlen( $v ) . ':' . $v : var_export( $v, true );
	}

	/**
	 * `multipleOf` as the jsonschema crate decides it: a whole multiplier divides an integer
	 * exactly and a float when it is whole and fmod() leaves nothing; a fractional one divides
	 * zero, never a smaller magnitude, and otherwise the decimals both print as (0.1 is 1/10).
	 * Where those decimals pass 64-bit integers (the crate goes on with 128 bits, then fractions),
	 * the quotient is taken as whole within 1e-9.
	 *
	 * @param int|float $v
	 * @param int|float $m not zero
	 */
	private static function is_multiple( $v, $m ): bool {
		if ( floor( $m ) === (float) $m ) {
			if ( is_int( $v ) && $m > 0 && $m <= 2 ** 53 ) {
				return 0 === $v % (int) $m;
			}
			return floor( $v ) === (float) $v && 0.0 === fmod( (float) $v, (float) $m );
		}
		if ( 0 == $v ) { // phpcs:ignore Universal.Operators.StrictComparisons
			return true;
		}
		if ( abs( $v ) < $m ) {
			return false;
		}
		[ $vm, $vd ] = self::decimal( (float) $v );
		[ $mm, $md ] = self::decimal( (float) $m );
		$shared      = min( $vd, $md );
		$a           = self::scaled( $vm, $md - $shared );
		$b           = self::scaled( $mm, $vd - $shared );
		if ( null !== $a && null !== $b && 0 !== $b ) {
			return 0 === $a % $b;
		}
		$q = $v / $m;
		return abs( $q - round( $q ) ) <= 1e-9 * max( 1.0, abs( $q ) );
	}

	/** A float as the shortest decimal that reads back as it: [mantissa, decimals] (mantissa / 10^decimals). */
	private static function decimal( float $f ): array {
		$precision = ini_get( 'serialize_precision' ); // -1 (PHP's default): the shortest form
		if ( '-1' !== $precision ) {
			ini_set( 'serialize_precision', '-1' );
		}
		$text = var_export( $f, true );
		if ( '-1' !== $precision ) {
			ini_set( 'serialize_precision', (string) $precision );
		}
		preg_match( '/^(-?)(\d+)(?:\.(\d+))?(?:E([-+]\d+))?$/', $text, $p );
		$fraction = rtrim( $p[3] ?? '', '0' );
		$digits   = ltrim( $p[2] . $fraction, '0' );
		if ( '' === $digits || strlen( $digits ) > 18 ) {
			return array( '' === $digits ? 0 : null, 0 );
		}
		return array( (int) ( $p[1] . $digits ), strlen( $fraction ) - (int) ( $p[4] ?? 0 ) );
	}

	/** `$mantissa` times 10^`$places`, or null past 64 bits. */
	private static function scaled( ?int $mantissa, int $places ): ?int {
		if ( null === $mantissa || $places < 0 || $places > 18 ) {
			return null;
		}
		$power = 10 ** $places;
		return abs( $mantissa ) > intdiv( PHP_INT_MAX, $power ) ? null : $mantissa * $power;
	}

	/** A bound as the extension prints it: a float as (string) at precision 14, whatever the ini says. */
	private static function num( $n ): string {
		return is_float( $n ) ? sprintf( '%.14G', $n ) : ( is_scalar( $n ) ? (string) $n : 'array' );
	}

	/**
	 * The schema `$ref` (met in a schema whose base URI is `$base`) points to, or null: the
	 * reference resolved against the base (RFC 3986) names a resource, and its fragment a JSON
	 * Pointer into it (each token percent-decoded, then unescaped: RFC 6901 §6) or an anchor of
	 * it. A `$dynamicAnchor` is found as an `$anchor` is (a `$dynamicRef` finds what a `$ref`
	 * finds); another document resolves nowhere. `$found` says whether it resolved.
	 */
	private function resolve( string $ref, string $base, ?bool &$found = null ) {
		// a recursive schema resolves the same reference at every level of the value
		[ $found, $node ] = $this->targets[ "$base $ref" ] ??= $this->target( $ref, $base );
		return $node;
	}

	/**
	 * resolve() without the memo: whether the reference resolved, and to what.
	 *
	 * @return array{bool,mixed}
	 */
	private function target( string $ref, string $base ): array {
		if ( ! preg_match( self::REF, $ref ) ) {
			return array( false, null ); // not a URI reference: the crate cannot parse it
		}
		[ $resource, $fragment ] = explode( '#', self::resolved_uri( $base, $ref ) . '#', 3 );
		if ( ! isset( $this->anchors[ $resource ] ) ) {
			return array( false, null );
		}
		if ( '' === $fragment ) {
			return array( true, $this->anchors[ $resource ] );
		}
		if ( '/' !== $fragment[0] ) {
			$name = "$resource#" . rawurldecode( $fragment );
			return isset( $this->anchors[ $name ] ) ? array( true, $this->anchors[ $name ] ) : array( false, null );
		}
		$node = $this->anchors[ $resource ];
		foreach ( explode( '/', substr( $fragment, 1 ) ) as $seg ) {
			$seg = str_replace( array( '~1', '~0' ), array( '/', '~' ), rawurldecode( $seg ) );
			if ( $node instanceof \stdClass && property_exists( $node, $seg ) ) {
				$node = $node->$seg;
			} elseif ( is_array( $node ) && array_key_exists( (int) $seg, $node ) ) {
				$node = $node[ (int) $seg ];
			} else {
				return array( false, null );
			}
		}
		return array( true, $node );
	}

	/** The document (the URI without its fragment) `$reference` names, resolved against `$base`. */
	private static function document( string $base, string $reference ): string {
		return strstr( self::resolved_uri( $base, $reference ) . '#', '#', true );
	}

	/** `$reference` resolved against the absolute URI `$base` (RFC 3986 §5.2). */
	private static function resolved_uri( string $base, string $reference ): string {
		if ( preg_match( '~^[A-Za-z][A-Za-z0-9+.\-]*:~', $reference ) ) {
			$scheme = strstr( $reference, ':', true );
			$rest   = substr( $reference, strlen( $scheme ) + 1 );
		} else {
			$scheme = strstr( $base, ':', true );
			$rest   = $reference;
			$parent = substr( $base, strlen( $scheme ) + 1 );
			if ( ! str_starts_with( $rest, '//' ) ) {
				preg_match( '~^(//[^/?#]*)?([^?#]*)(\?[^#]*)?~', $parent, $b );
				[ , $authority, $path ] = $b + array( '', '', '' );
				$query                  = $b[3] ?? '';
				if ( '' === $rest || '#' === $rest[0] ) {
					$rest = $authority . $path . $query . $rest;
				} elseif ( '?' === $rest[0] ) {
					$rest = $authority . $path . $rest;
				} elseif ( '/' === $rest[0] ) {
					$rest = $authority . $rest;
				} else {
					$dir  = '' === $path && '' !== $authority ? '/' : substr( $path, 0, (int) strrpos( $path, '/' ) + ( str_contains( $path, '/' ) ? 1 : 0 ) );
					$rest = $authority . $dir . $rest;
				}
			}
		}
		// remove_dot_segments (§5.2.4) on the path
		preg_match( '~^(//[^/?#]*)?([^?#]*)(.*)\z~s', $rest, $m );
		$out      = array();
		$last_dot = false;
		foreach ( explode( '/', $m[2] ) as $seg ) {
			if ( '..' === $seg ) {
				if ( count( $out ) > 1 ) {
					array_pop( $out );
				}
				$last_dot = true;
			} elseif ( '.' === $seg ) {
				$last_dot = true;
			} else {
				$out[]    = $seg;
				$last_dot = false;
			}
		}
		if ( $last_dot ) {
			$out[] = '';
		}
		return strtolower( $scheme ) . ':' . ( $m[1] ?? '' ) . implode( '/', $out ) . $m[3];
	}

	/** Does `$v` (a child value of the node's value when `$child`) match `$schema`? */
	private function matches( $v, $schema, int $depth, bool $child = false ): bool {
		return null !== $this->matching( $v, $schema, $depth, $child );
	}

	/**
	 * What `$schema` evaluated of `$v` when `$v` matches it (see NOTHING), else null; `$found`:
	 * how many violations it found (kept apart from this validation's).
	 */
	private function matching( $v, $schema, int $depth, bool $child = false, ?int &$found = null ): ?array {
		$saved        = $this->errors;
		$this->errors = new Violations();
		$evaluated    = $child ? $this->child( $v, $schema, '', $depth ) : $this->node( $v, $schema, '', $depth );
		$found        = $this->errors->count();
		$this->errors = $saved;
		return 0 === $found ? $evaluated : null;
	}

	/** node() for a member or item: a `$ref` met again below it is progress, not a cycle. */
	private function child( $v, $s, string $path, int $depth ): array {
		$chain           = $this->ref_chain;
		$this->ref_chain = array();
		$evaluated       = $this->node( $v, $s, $path, $depth );
		$this->ref_chain = $chain;
		return $evaluated;
	}

	/**
	 * node() for a sub-schema applied in place: `$evaluated` with what it evaluated when it held.
	 * A failing sub-schema's annotations are dropped, but for those the crate reads whatever
	 * their verdict (`$always`: a reference's target, a dependent schema, `then`/`else`).
	 */
	private function applied( $v, $s, string $path, int $depth, array $evaluated, bool $always = false ): array {
		if ( ! $this->track ) {
			$this->node( $v, $s, $path, $depth );
			return $evaluated;
		}
		$before = $this->errors->count();
		$got    = $this->node( $v, $s, $path, $depth );
		return $always || $this->errors->count() === $before ? self::joined( $evaluated, $got ) : $evaluated;
	}

	/** Two annotation pairs (see NOTHING) as one. */
	private static function joined( array $a, array $b ): array {
		return array(
			true === $a[0] || true === $b[0] ? true : $a[0] + $b[0],
			true === $a[1] || true === $b[1] ? true : $a[1] + $b[1],
		);
	}

	/**
	 * Every violation of `$v` under `$s`; returns what `$s` evaluated of `$v` (see NOTHING),
	 * collected only where the schema has unevaluated* keywords to read it.
	 */
	private function node( $v, $s, string $path, int $depth ): array {
		if ( true === $s ) {
			return self::NOTHING;
		}
		$who = self::who( $path );
		if ( false === $s ) {
			$this->fail( $path, 'falseSchema', "$who is not allowed." );
			return self::NOTHING;
		}
		if ( ! $s instanceof \stdClass || $depth > self::MAX_DEPTH * 4 ) {
			return self::NOTHING;
		}
		$resource = $this->resources[ spl_object_id( $s ) ] ?? null;
		if ( null !== $resource ) {
			$this->dynamic_scope[] = $resource;
		}
		$evaluated = self::NOTHING;
		$referenced = null;
		$refers     = isset( $s->{'$ref'} ) || isset( $s->{'$dynamicRef'} );
		if ( $refers && $this->track ) {
			// applied first (unevaluated* reads what they evaluated), listed last: the crate's order
			$siblings                      = $this->errors;
			$this->errors                  = new Violations();
			$evaluated                     = $this->references( $v, $s, $path, $depth, $evaluated );
			[ $referenced, $this->errors ] = array( $this->errors, $siblings );
		}
		$fused = self::array_shape( $s );
		if ( ! $fused ) {
			$this->type_keyword( $v, $s, $path, $who );
		}
		// const before enum: the crate's order
		if ( property_exists( $s, 'const' ) && ! self::equal( $v, $s->const ) ) {
			$this->fail( $path, 'const', "$who is not the expected constant." );
		}
		if ( property_exists( $s, 'enum' ) && is_array( $s->enum ) ) {
			$ok = false;
			foreach ( $s->enum as $m ) {
				if ( self::equal( $v, $m ) ) {
					$ok = true;
					break;
				}
			}
			if ( ! $ok ) {
				$this->fail( $path, 'enum', "$who is not one of the allowed values." );
			}
		}
		if ( is_int( $v ) || is_float( $v ) ) {
			foreach ( array( 'minimum' => array( '<', 'greater than or equal to' ), 'maximum' => array( '>', 'less than or equal to' ), 'exclusiveMinimum' => array( '<=', 'greater than' ), 'exclusiveMaximum' => array( '>=', 'less than' ) ) as $kw => [ $op, $words ] ) {
				if ( isset( $s->$kw ) && ( is_int( $s->$kw ) || is_float( $s->$kw ) ) ) {
					$l   = $s->$kw;
					$bad = '<' === $op ? $v < $l : ( '>' === $op ? $v > $l : ( '<=' === $op ? $v <= $l : $v >= $l ) );
					if ( $bad ) {
						$this->fail( $path, $kw, "$who must be $words " . self::num( $l ) . '.' );
					}
				}
			}
			if ( isset( $s->multipleOf ) && ( is_int( $s->multipleOf ) || is_float( $s->multipleOf ) ) && 0 != $s->multipleOf ) { // phpcs:ignore
				$m = $s->multipleOf;
				if ( ! self::is_multiple( $v, $m ) ) {
					// a whole multiplier below 1e15 as an integer
					$this->fail( $path, 'multipleOf', "$who must be a multiple of " . ( floor( $m ) === (float) $m && abs( $m ) < 1e15 ? (string) (int) $m : self::num( (float) $m ) ) . '.' );
				}
			}
		}
		if ( is_string( $v ) ) {
			$len = strlen( $v ) - preg_match_all( '/[\x80-\xBF]/', $v );
			if ( isset( $s->minLength ) && is_int( $s->minLength ) && $len < $s->minLength ) {
				$this->fail( $path, 'minLength', "$who must be at least {$s->minLength} characters long." );
			}
			if ( isset( $s->maxLength ) && is_int( $s->maxLength ) && $len > $s->maxLength ) {
				$this->fail( $path, 'maxLength', "$who must be at most {$s->maxLength} characters long." );
			}
			if ( isset( $s->pattern ) && is_string( $s->pattern ) ) {
				// false: PCRE gave up (backtracking limit), as the extension's engine may; neither lets it pass
				if ( 1 !== @preg_match( self::regex( $s->pattern ), $v ) ) { // phpcs:ignore
					$this->fail( $path, 'pattern', "$who does not match pattern {$s->pattern}." );
				}
			}
		}
		if ( is_array( $v ) ) {
			$evaluated = $this->array_keywords( $v, $s, $path, $who, $depth, $evaluated );
		}
		if ( $v instanceof \stdClass ) {
			$evaluated = $this->object_keywords( $v, $s, $path, $who, $depth, $evaluated );
		}
		if ( $fused ) {
			$this->type_keyword( $v, $s, $path, $who ); // where the crate checks it with `items`
		}
		if ( $v instanceof \stdClass && ( isset( $s->dependencies ) || isset( $s->dependentSchemas ) ) ) {
			// draft 7's `dependencies`, which the extension's crate still applies, holds either form
			$evaluated = $this->dependents( $v, $s, array( 'dependencies', 'dependentSchemas' ), get_object_vars( $v ), $path, $who, $depth, $evaluated );
		}
		if ( isset( $s->allOf ) && is_array( $s->allOf ) ) {
			foreach ( $s->allOf as $sub ) {
				$evaluated = $this->applied( $v, $sub, $path, $depth + 1, $evaluated );
			}
		}
		if ( isset( $s->anyOf ) && is_array( $s->anyOf ) ) {
			$ok = false;
			foreach ( $s->anyOf as $sub ) {
				$got = $this->matching( $v, $sub, $depth + 1 );
				if ( null !== $got ) {
					$ok        = true;
					$evaluated = self::joined( $evaluated, $got );
					if ( ! $this->track ) {
						break; // every matching branch's annotations count, when they are read
					}
				}
			}
			if ( ! $ok ) {
				$this->fail( $path, 'anyOf', "$who does not match any of the expected formats." );
			}
		}
		if ( isset( $s->oneOf ) && is_array( $s->oneOf ) ) {
			$matched = array();
			foreach ( $s->oneOf as $sub ) {
				$got = $this->matching( $v, $sub, $depth + 1 );
				if ( null !== $got ) {
					$matched[] = $got;
				}
			}
			if ( ! $matched ) {
				$this->fail( $path, 'oneOf', "$who does not match any of the expected formats." );
			} elseif ( count( $matched ) > 1 ) {
				$this->fail( $path, 'oneOf', "$who matches more than one of the expected formats." );
			} else {
				$evaluated = self::joined( $evaluated, $matched[0] );
			}
		}
		if ( property_exists( $s, 'not' ) && $this->matches( $v, $s->not, $depth + 1 ) ) {
			$this->fail( $path, 'not', "$who must not match the schema." );
		}
		if ( property_exists( $s, 'if' ) ) {
			$got = $this->matching( $v, $s->if, $depth + 1 );
			if ( null !== $got ) {
				$evaluated = self::joined( $evaluated, $got );
				if ( property_exists( $s, 'then' ) ) {
					$evaluated = $this->applied( $v, $s->then, $path, $depth + 1, $evaluated, true );
				}
			} elseif ( property_exists( $s, 'else' ) ) {
				$evaluated = $this->applied( $v, $s->else, $path, $depth + 1, $evaluated, true );
			}
		}
		if ( ! $this->track ) {
			if ( $refers ) {
				$this->references( $v, $s, $path, $depth, $evaluated ); // last, as the crate orders its keywords
			}
			$evaluated = self::NOTHING;
		} else {
			$evaluated = $this->unevaluated( $v, $s, $path, $who, $depth, $evaluated );
			if ( null !== $referenced ) {
				$this->errors->append( $referenced );
			}
		}
		if ( null !== $resource ) {
			array_pop( $this->dynamic_scope );
		}
		return $evaluated;
	}

	/** The schemas `$s`'s `$ref` and `$dynamicRef` point to, applied to `$v`; returns `$evaluated` with what they evaluated. */
	private function references( $v, \stdClass $s, string $path, int $depth, array $evaluated ): array {
		// the schema holding the reference is applied to this value already: a reference back to it adds nothing
		$holder = spl_object_id( $s );
		$inside = isset( $this->ref_chain[ $holder ] );
		$this->ref_chain[ $holder ] = true;
		foreach ( array( '$ref', '$dynamicRef' ) as $ref ) {
			if ( ! isset( $s->$ref ) || ! is_string( $s->$ref ) ) {
				continue;
			}
			$base   = $this->bases[ spl_object_id( $s ) ] ?? self::BASE;
			$target = $this->resolve( $s->$ref, $base );
			if ( '$dynamicRef' === $ref ) {
				$target = $this->dynamic_target( $s->$ref, $target );
			}
			$id = is_object( $target ) ? spl_object_id( $target ) : null;
			// a `$ref` back to a schema already applied to this same value adds nothing and
			// would branch without end (`oneOf` of two `{"$ref": "#"}`): not followed again
			if ( null !== $target && ( null === $id || ! isset( $this->ref_chain[ $id ] ) ) ) {
				if ( null !== $id ) {
					$this->ref_chain[ $id ] = true;
				}
				$evaluated = $this->applied( $v, $target, $path, $depth + 1, $evaluated, true );
				unset( $this->ref_chain[ $id ] );
			}
		}
		if ( ! $inside ) {
			unset( $this->ref_chain[ $holder ] );
		}
		return $evaluated;
	}

	/**
	 * Does every reference the root reaches resolve? The crate compiles what the root applies,
	 * following references, and nothing else: a pointer or an anchor in a `$defs` entry nothing
	 * refers to is never resolved (the meta-schema still checks it, and the document it names
	 * must exist).
	 */
	private function references_resolve(): bool {
		$seen  = array();
		$stack = array( $this->root );
		while ( $stack ) {
			$s = array_pop( $stack );
			if ( ! $s instanceof \stdClass || isset( $seen[ spl_object_id( $s ) ] ) ) {
				continue;
			}
			$seen[ spl_object_id( $s ) ] = true;
			foreach ( array( '$ref', '$dynamicRef' ) as $ref ) {
				if ( isset( $s->$ref ) && is_string( $s->$ref ) ) {
					$stack[] = $this->resolve( $s->$ref, $this->bases[ spl_object_id( $s ) ] ?? self::BASE, $found );
					if ( ! $found ) {
						return false;
					}
				}
			}
			foreach ( get_object_vars( $s ) as $kw => $value ) {
				$position = '$defs' === $kw || 'definitions' === $kw ? SchemaKeywords::DATA : SchemaKeywords::child_position( null, $kw );
				if ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position ) {
					array_push( $stack, ...( is_array( $value ) ? $value : array( $value ) ) );
				} elseif ( SchemaKeywords::SCHEMA_LIST === $position && is_array( $value ) ) {
					array_push( $stack, ...$value );
				} elseif ( ( SchemaKeywords::SCHEMA_MAP === $position || SchemaKeywords::MAP_OF_SCHEMA_OR_LIST === $position ) && $value instanceof \stdClass ) {
					array_push( $stack, ...array_values( get_object_vars( $value ) ) );
				}
			}
		}
		return true;
	}

	/**
	 * What a `$dynamicRef` applies: where its static target holds the `$dynamicAnchor` its
	 * fragment names, the schema holding that anchor in the outermost resource of the dynamic
	 * scope that has one; else the static target.
	 *
	 * @param mixed $target
	 * @return mixed
	 */
	private function dynamic_target( string $ref, $target ) {
		$name = rawurldecode( substr( strstr( $ref, '#' ) ?: '#', 1 ) ); // a resolved reference keeps its fragment
		if ( '' === $name || '/' === $name[0] || ! $target instanceof \stdClass || ( $target->{'$dynamicAnchor'} ?? null ) !== $name ) {
			return $target;
		}
		foreach ( $this->dynamic_scope as $resource ) {
			if ( isset( $this->dynamic_anchors[ "$resource#$name" ] ) ) {
				return $this->dynamic_anchors[ "$resource#$name" ];
			}
		}
		return $target;
	}

	/**
	 * unevaluatedProperties / unevaluatedItems: the members no other keyword of this schema (or
	 * a sub-schema applied in place that held) evaluated must match them; one violation at the
	 * container, as the extension's crate reports it. Afterwards every member that matched them is
	 * evaluated (for a schema around this one, as the crate counts them).
	 */
	private function unevaluated( $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
		foreach ( array( 'unevaluatedProperties' => 0, 'unevaluatedItems' => 1 ) as $keyword => $slot ) {
			if ( ! property_exists( $s, $keyword ) || ( 0 === $slot ? ! $v instanceof \stdClass : ! is_array( $v ) ) ) {
				continue;
			}
			if ( true === $evaluated[ $slot ] ) {
				continue;
			}
			$failed = false;
			foreach ( 0 === $slot ? get_object_vars( $v ) : $v as $key => $member ) {
				if ( isset( $evaluated[ $slot ][ $key ] ) ) {
					continue;
				}
				if ( $this->matches( $member, $s->$keyword, $depth + 1, true ) ) {
					$evaluated[ $slot ][ $key ] = true;
				} elseif ( ! $failed ) {
					$this->fail( $path, $keyword, "$who does not satisfy $keyword." );
					$failed = true;
				}
			}
			if ( ! $failed ) {
				$evaluated[ $slot ] = true;
			}
		}
		return $evaluated;
	}

	/**
	 * The keywords of an array, in the crate's order (minItems, maxItems, uniqueItems, items,
	 * prefixItems, contains); returns `$evaluated` with the items they evaluated.
	 */
	private function array_keywords( array $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
		$n = count( $v );
		if ( isset( $s->minItems ) && is_int( $s->minItems ) && $n < $s->minItems ) {
			$this->fail( $path, 'minItems', "$who must contain at least {$s->minItems} items." );
		}
		if ( isset( $s->maxItems ) && is_int( $s->maxItems ) && $n > $s->maxItems ) {
			$this->fail( $path, 'maxItems', "$who must contain at most {$s->maxItems} items." );
		}
		if ( ! empty( $s->uniqueItems ) && true === $s->uniqueItems ) {
			$seen = array();
			foreach ( $v as $item ) {
				$key = self::canonical( $item );
				if ( isset( $seen[ $key ] ) ) {
					$this->fail( $path, 'uniqueItems', "$who has duplicate items." );
					break;
				}
				$seen[ $key ] = true;
			}
		}
		$prefix = isset( $s->prefixItems ) && is_array( $s->prefixItems ) ? $s->prefixItems : array();
		if ( property_exists( $s, 'items' ) && ( $s->items instanceof \stdClass || is_bool( $s->items ) ) ) {
			foreach ( $prefix ? array_slice( $v, count( $prefix ) ) : $v as $i => $item ) {
				$i += count( $prefix );
				$this->child( $item, $s->items, "$path/$i", $depth + 1 );
			}
			$evaluated[1] = true;
		}
		foreach ( $prefix as $i => $schema ) {
			if ( $i >= $n ) {
				break;
			}
			$this->child( $v[ $i ], $schema, "$path/$i", $depth + 1 );
			if ( $this->track && true !== $evaluated[1] ) {
				$evaluated[1][ $i ] = true;
			}
		}
		if ( property_exists( $s, 'contains' ) ) {
			$found = 0;
			foreach ( $v as $i => $item ) {
				if ( $this->matches( $item, $s->contains, $depth + 1, true ) ) {
					++$found;
					if ( $this->track && true !== $evaluated[1] ) {
						$evaluated[1][ $i ] = true; // the items contains matched are evaluated
					}
				}
			}
			$min = isset( $s->minContains ) && is_int( $s->minContains ) ? $s->minContains : 1;
			if ( $found < $min || ( isset( $s->maxContains ) && is_int( $s->maxContains ) && $found > $s->maxContains ) ) {
				$this->fail( $path, 'contains', "$who does not satisfy contains." );
			}
		}
		return $evaluated;
	}

	/**
	 * The keywords of an object up to propertyNames, in the crate's order (minProperties,
	 * maxProperties, required, dependentRequired, properties, patternProperties,
	 * additionalProperties, propertyNames; with additionalProperties, the crate checks each member by
	 * the three at once, in the value's order); returns `$evaluated` with the properties they
	 * evaluated.
	 */
	private function object_keywords( \stdClass $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
		$props = get_object_vars( $v );
		$n     = count( $props );
		if ( isset( $s->minProperties ) && is_int( $s->minProperties ) && $n < $s->minProperties ) {
			$this->fail( $path, 'minProperties', "$who must contain at least {$s->minProperties} properties." );
		}
		if ( isset( $s->maxProperties ) && is_int( $s->maxProperties ) && $n > $s->maxProperties ) {
			$this->fail( $path, 'maxProperties', "$who must contain at most {$s->maxProperties} properties." );
		}
		if ( isset( $s->required ) && is_array( $s->required ) ) {
			$this->require_names( $s->required, $props, $path, $who );
		}
		if ( isset( $s->dependentRequired ) ) {
			$evaluated = $this->dependents( $v, $s, array( 'dependentRequired' ), $props, $path, $who, $depth, $evaluated );
		}
		// (a name PHP keeps as an integer is a string where it is read: the string parameters below)
		$declared = isset( $s->properties ) && $s->properties instanceof \stdClass ? get_object_vars( $s->properties ) : array();
		$patterns = isset( $s->patternProperties ) && $s->patternProperties instanceof \stdClass ? get_object_vars( $s->patternProperties ) : array();
		if ( ! $declared && ! $patterns && ! property_exists( $s, 'additionalProperties' ) && ! property_exists( $s, 'propertyNames' ) ) {
			return $evaluated;
		}
		if ( property_exists( $s, 'additionalProperties' ) ) {
			foreach ( $props as $name => $c ) {
				$covered = $this->declared_member( $name, $c, $declared, $path, $depth, $evaluated );
				foreach ( $patterns as $p => $ps ) {
					$covered = $this->pattern_member( (string) $p, $ps, $name, $c, $path, $depth, $evaluated ) || $covered;
				}
				if ( $covered ) {
					continue;
				}
				if ( false === $s->additionalProperties ) {
					$this->fail( JsonPointer::append( $path, $name ), 'additionalProperties', "$name is not a valid property of Object." );
				} else {
					$this->child( $c, $s->additionalProperties, JsonPointer::append( $path, $name ), $depth + 1 );
				}
			}
			$evaluated[0] = true; // every name properties and patternProperties left
		} else {
			foreach ( $declared ? $props : array() as $name => $c ) {
				if ( array_key_exists( $name, $declared ) ) {
					$this->declared_member( $name, $c, $declared, $path, $depth, $evaluated );
				}
			}
			foreach ( $patterns as $p => $ps ) {
				foreach ( $props as $name => $c ) {
					$this->pattern_member( (string) $p, $ps, $name, $c, $path, $depth, $evaluated );
				}
			}
		}
		if ( property_exists( $s, 'propertyNames' ) && $props ) {
			if ( false === $s->propertyNames ) {
				$this->fail( $path, 'falseSchema', "$who is not allowed." ); // once of the object, as of a `false` schema: no name is allowed
			} else {
				foreach ( array_keys( $props ) as $name ) {
					// one violation for each the name's own schema finds, as the crate reports them
					$this->matching( (string) $name, $s->propertyNames, $depth + 1, true, $found );
					for ( ; $found > 0; $found-- ) {
						$this->fail( $path, 'propertyNames', "$who does not satisfy propertyNames." );
					}
				}
			}
		}
		return $evaluated; // node() applies dependencies and dependentSchemas, after a type checked with `items`
	}

	/** `type`: `$v` is of one of the types it names. */
	private function type_keyword( $v, \stdClass $s, string $path, string $who ): void {
		if ( ! property_exists( $s, 'type' ) ) {
			return;
		}
		$types = is_array( $s->type ) ? $s->type : array( $s->type );
		foreach ( $types as $t ) {
			if ( is_string( $t ) && self::has_type( $v, $t ) ) {
				return;
			}
		}
		$names = array_values( array_filter( self::TYPE_ORDER, static fn( $t ) => in_array( $t, $types, true ) ) );
		$this->fail( $path, 'type', "$who is not of type " . implode( ',', $names ) . '.' );
	}

	/**
	 * Does the crate check `type` together with `items` (its array-shape validator, sorted where
	 * `items` is: after the object keywords up to propertyNames)? For `"type": "array"` with an
	 * `items` schema and none of the keywords that need items one by one.
	 */
	private static function array_shape( \stdClass $s ): bool {
		if ( 'array' !== ( $s->type ?? null ) || ! ( ( $s->items ?? null ) instanceof \stdClass || false === ( $s->items ?? null ) ) ) {
			return false;
		}
		foreach ( array( 'prefixItems', 'additionalItems', 'contains', 'unevaluatedItems', 'uniqueItems' ) as $keyword ) {
			if ( property_exists( $s, $keyword ) ) {
				return false;
			}
		}
		return true;
	}

	/** A `required` list's names `$props` lacks, each a violation. */
	private function require_names( array $required, array $props, string $path, string $who ): void {
		foreach ( $required as $name ) {
			if ( is_string( $name ) && ! array_key_exists( $name, $props ) ) {
				$this->fail( JsonPointer::append( $path, $name ), 'required', "$name is a required property of $who." );
			}
		}
	}

	/** The member `$name` by its `properties` schema, if it has one; says whether it had. */
	private function declared_member( string $name, $c, array $declared, string $path, int $depth, array &$evaluated ): bool {
		if ( ! array_key_exists( $name, $declared ) ) {
			return false;
		}
		if ( $this->track && true !== $evaluated[0] ) {
			$evaluated[0][ $name ] = true;
		}
		$this->child( $c, $declared[ $name ], JsonPointer::append( $path, $name ), $depth + 1 );
		return true;
	}

	/** The member `$name` by the schema of `patternProperties` pattern `$p`, if it matches; says whether it did. */
	private function pattern_member( string $p, $ps, string $name, $c, string $path, int $depth, array &$evaluated ): bool {
		if ( 1 !== @preg_match( self::regex( $p ), $name ) ) { // phpcs:ignore
			return false;
		}
		if ( $this->track && true !== $evaluated[0] ) {
			$evaluated[0][ $name ] = true;
		}
		$this->child( $c, $ps, JsonPointer::append( $path, $name ), $depth + 1 );
		return true;
	}

	/**
	 * `$keywords` (of dependentRequired, dependencies, dependentSchemas), each in turn: where a
	 * member is present, its names are required or its schema applies to the whole object.
	 */
	private function dependents( \stdClass $v, \stdClass $s, array $keywords, array $props, string $path, string $who, int $depth, array $evaluated ): array {
		foreach ( $keywords as $keyword ) {
			if ( ! isset( $s->$keyword ) || ! $s->$keyword instanceof \stdClass ) {
				continue;
			}
			foreach ( get_object_vars( $s->$keyword ) as $if => $then ) {
				if ( ! array_key_exists( $if, $props ) ) {
					continue;
				}
				if ( is_array( $then ) && 'dependentSchemas' !== $keyword ) {
					$this->require_names( $then, $props, $path, $who );
				} elseif ( 'dependentRequired' !== $keyword ) {
					$evaluated = $this->applied( $v, $then, $path, $depth + 1, $evaluated, true );
				}
			}
		}
		return $evaluated;
	}
}
