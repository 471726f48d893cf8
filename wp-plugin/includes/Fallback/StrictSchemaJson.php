<?php
/**
 * A schema array in the JSON form the strict profile validates by (strict/schema_json.rs `schema_value`):
 * stdClass objects and lists, annotations left out, older drafts' forms in 2020-12 terms.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\Schema\Draft3Required;

final class StrictSchemaJson {
	/**
	 * Most values one schema's conversion visits (strict/schema_json.rs MAX_SCHEMA_VALUES): shared sub-arrays
	 * can make a schema of a few KB have 2^40 paths.
	 */
	private const MAX_SCHEMA_VALUES = 100000;

	/**
	 * How a SchemaKeywords position is converted: schema (`s`), map (`m`) or list (`l`) of
	 * schemas, or data (`d`; a WordPress-only key too, as the extension converts it: a callback's
	 * closure is null there). SchemaKeywords::UNREAD_BY_VALIDATION is left out, however deep or
	 * endless.
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

	private int $values_left = self::MAX_SCHEMA_VALUES;

	/** Whether the schema kept an unevaluatedProperties or unevaluatedItems key. */
	private bool $unevaluated_met = false;

	/**
	 * `$schema` in JSON form; values without one become null.
	 *
	 * @return mixed
	 * @throws \LengthException A schema nested deeper than MAX_DEPTH or with too many values.
	 */
	public function convert( array $schema ) {
		return $this->json( $schema, 0, 's' );
	}

	/**
	 * Does the converted schema use unevaluatedProperties or unevaluatedItems? Only then does the
	 * walk collect what each sub-schema evaluated.
	 */
	public function uses_unevaluated(): bool {
		return $this->unevaluated_met;
	}

	/**
	 * `$s`, found at a position of kind `$ctx` (see CTX_OF_POSITION), in JSON form.
	 *
	 * @param mixed $s
	 * @return mixed
	 */
	private function json( $s, int $depth, string $ctx ) {
		if ( $depth > StrictValidator::MAX_DEPTH ) {
			throw new \LengthException( 'schema nested deeper than ' . StrictValidator::MAX_DEPTH . ' levels' );
		}
		if ( --$this->values_left < 0 ) {
			throw new \LengthException( Violations::SCHEMA_TOO_LARGE );
		}
		if ( is_array( $s ) && $s && array_is_list( $s ) ) {
			$out = array();
			foreach ( $s as $c ) {
				// a list where a schema stands is a tuple of schemas (strict/schema_json.rs `schema_value`)
				$out[] = $this->json( $c, $depth + 1, 'd' === $ctx ? 'd' : 's' );
			}
			return $out;
		}
		if ( is_array( $s ) || JsonValue::is_plain_object( $s ) ) {
			$o = $this->object_json( (array) $s, $depth, $ctx );
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

	/** The JSON object of an array's or an object's members, found at a position of kind `$ctx`. */
	private function object_json( array $members, int $depth, string $ctx ): \stdClass {
		$o = new \stdClass();
		foreach ( $members as $k => $c ) {
			$cc = self::member_context( $ctx, $k );
			if ( null !== $cc ) {
				$this->unevaluated_met = $this->unevaluated_met || 'unevaluatedProperties' === $k || 'unevaluatedItems' === $k;
				$o->{(string) $k}      = $this->json( $c, $depth + 1, $cc );
			}
		}
		return $o;
	}

	/** The kind of position of member `$k` of an object found at a position of kind `$ctx`, or null to leave it out. @param int|string $k */
	private static function member_context( string $ctx, $k ): ?string {
		if ( 's' !== $ctx ) {
			return ( 'm' === $ctx || 'l' === $ctx ) ? 's' : 'd';
		}
		if ( isset( SchemaKeywords::UNREAD_BY_VALIDATION[ $k ] ) ) {
			return null;
		}
		return self::CTX_OF_POSITION[ SchemaKeywords::child_position( null, $k ) ];
	}

	/**
	 * Draft 3 to 7 forms at a schema node `$o` (the JSON form of `$source`), in 2020-12 terms
	 * (strict/schema_json.rs `modernize_node`): properties written as arrays with `required: true` join
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
		$extra      = array_map( 'strval', Draft3Required::names( is_array( $properties ) || JsonValue::is_plain_object( $properties ) ? (array) $properties : null ) );
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
}
