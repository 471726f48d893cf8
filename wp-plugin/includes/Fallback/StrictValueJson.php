<?php
/**
 * A PHP value in the JSON form the strict profile validates ("as sent"): a list or an object for
 * an array (an empty array is an object where the schema wants one), and a violation where a
 * value has no JSON form, contains itself, or is too deep or too large to convert.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;

final class StrictValueJson {
	/** Value nodes one conversion may visit (a container counts 4): more than a 4 MiB request body
	 * holds, so only a PHP value whose sub-arrays are shared (2^n paths) reaches it. */
	private const WORK_BUDGET = 4000000;

	/** Value nodes the conversion may still visit (shared sub-arrays make 2^n paths). */
	private int $budget = self::WORK_BUDGET;

	/** @var array<string,true> the containers the conversion is inside of (see enter()) */
	private array $converting = array();

	/** @var list<array{path:string,keyword:string,message:string}> what had no JSON form, in the order met */
	private array $problems = array();

	/**
	 * `$v` in JSON form, read by the converted schema `$schema` (a value without a JSON form is
	 * null there, and a problem).
	 *
	 * @param mixed $v
	 * @param mixed $schema
	 * @return mixed
	 */
	public function convert( $v, $schema, string $path ) {
		return $this->value_json( $v, $schema, 0, $path );
	}

	/** @return list<array{path:string,keyword:string,message:string}> */
	public function problems(): array {
		return $this->problems;
	}

	/**
	 * `$v` in JSON form. `$reference`: the PHP reference an array is reached through ('' for
	 * none), which tells it apart for the cycle check (enter()).
	 *
	 * @param mixed $v
	 * @param mixed $schema
	 * @return mixed
	 */
	private function value_json( $v, $schema, int $depth, string $path, string $reference = '' ) {
		// a whole-value problem ends the conversion (one violation, bounded memory)
		if ( $this->budget < 0 ) {
			return null;
		}
		if ( --$this->budget < 0 ) {
			return $this->too_large();
		}
		if ( $depth > StrictValidator::MAX_DEPTH ) {
			$this->budget     = -1;
			$this->problems[] = Violations::violation( $path, 'depth', StrictWalk::who( $path ) . ' is nested deeper than ' . StrictValidator::MAX_DEPTH . ' levels.' );
			return null;
		}
		if ( is_array( $v ) ) {
			$this->budget -= 3; // a container costs PHP a few leaves' memory
			if ( '' === $reference ) {
				return $this->array_json( $v, $schema, $depth, $path );
			}
			// reached through a PHP reference, it can be inside itself
			if ( ! $this->enter( $reference ) ) {
				return null;
			}
			$json = $this->array_json( $v, $schema, $depth, $path );
			unset( $this->converting[ $reference ] );
			return $json;
		}
		if ( JsonValue::is_plain_object( $v ) ) {
			$this->budget -= 3;
			$identity      = 'o' . spl_object_id( $v );
			if ( ! $this->enter( $identity ) ) {
				return null;
			}
			$json = $this->members_json( (array) $v, $schema, $depth, $path );
			unset( $this->converting[ $identity ] );
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
			$this->problems[] = Violations::violation( $path, 'type', StrictWalk::who( $path ) . ": $problem." );
			return null;
		}
		return $v;
	}

	/**
	 * Notes that the conversion is inside the container `$identity` (an object by its id, an array
	 * by the PHP reference it is reached through, as the extension tells containers apart). JSON
	 * cannot carry a container inside itself: met again, it ends the conversion with one `cycle`
	 * violation of the whole value (false).
	 */
	private function enter( string $identity ): bool {
		if ( isset( $this->converting[ $identity ] ) ) {
			$this->budget     = -1;
			$this->problems[] = Violations::violation( '', 'cycle', 'value contains a reference cycle.' );
			return false;
		}
		$this->converting[ $identity ] = true;
		return true;
	}

	/** The JSON form of a PHP array: a list, or an object (also where an empty array stands for one). @param mixed $schema */
	private function array_json( array $v, $schema, int $depth, string $path ) {
		if ( ! array_is_list( $v ) || ( ! $v && self::wants_object( $schema ) ) ) {
			return $this->members_json( $v, $schema, $depth, $path );
		}
		$out = array();
		foreach ( $v as $i => $c ) {
			// ints, booleans and null are their own JSON form: no call per item of a long list
			if ( is_int( $c ) || is_bool( $c ) || null === $c ) {
				$out[] = $c;
				if ( --$this->budget < 0 ) {
					return $this->too_large();
				}
				continue;
			}
			$out[] = $this->value_json( $c, self::child_schema( $schema, $i, true ), $depth + 1, $path . '/' . $i, is_array( $c ) ? self::reference( $v, $i ) : '' );
		}
		return $out;
	}

	/** The work budget is spent: one `size` violation for the whole value, and no JSON form. */
	private function too_large() {
		$this->budget     = -1;
		$this->problems[] = Violations::violation( '', 'size', 'value is too large to validate.' );
		return null;
	}

	/** Does `$schema` read an empty array as an object (its type, else its `properties`)? @param mixed $schema */
	private static function wants_object( $schema ): bool {
		if ( ! $schema instanceof \stdClass ) {
			return false;
		}
		$t = $schema->type ?? null;
		if ( is_string( $t ) ) {
			return 'object' === $t;
		}
		if ( is_array( $t ) ) {
			return in_array( 'object', $t, true ) && ! in_array( 'array', $t, true );
		}
		return property_exists( $schema, 'properties' );
	}

	/** The JSON object of an array's or an object's members. @param mixed $schema */
	private function members_json( array $members, $schema, int $depth, string $path ): \stdClass {
		$o = new \stdClass();
		foreach ( $members as $k => $c ) {
			$o->{(string) $k} = $this->value_json( $c, self::child_schema( $schema, $k, false ), $depth + 1, JsonPointer::append( $path, $k ), is_array( $c ) ? self::reference( $members, $k ) : '' );
		}
		return $o;
	}

	/** The identity of the PHP reference `$container[ $key ]` (an array) is held through, or ''. @param int|string $key */
	private static function reference( array $container, $key ): string {
		$reference = \ReflectionReference::fromArrayElement( $container, $key );
		return null === $reference ? '' : 'r' . $reference->getId();
	}

	/**
	 * The sub-schema the JSON form of a member or item is read by.
	 *
	 * @param mixed      $schema
	 * @param int|string $key
	 * @return mixed
	 */
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
}
