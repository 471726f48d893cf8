<?php
/**
 * Pure-PHP mirror of src/core/transform.rs, function by function: the fallback when the
 * mcp_native extension is not loaded, and the baseline its benchmark is measured against.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;
use McpNative\SchemaException;

final class SchemaTransformer {
	/** Outcome markers of the walk (`Outcome::Keep(Same)` / `Outcome::Remove`); anything else is a rebuilt value. */
	private static $same;
	private static $remove;

	/** Identities of the containers between the root and the current node. */
	private static $ancestors = array();

	/**
	 * @return array{schema: array, was_transformed: bool, wrapper_property: ?string}
	 * @throws SchemaException When nesting passes MAX_DEPTH.
	 */
	public static function transform_to_object_schema( ?array $schema, string $wrapper_key = 'input' ): array {
		if ( ! preg_match( '//u', $wrapper_key ) ) {
			throw new \ValueError( 'McpNative\SchemaTransformer::transform_to_object_schema(): Argument #2 ($wrapper_key) must be valid UTF-8' );
		}
		if ( null === $schema ) {
			return self::not_transformed( array( 'type' => 'object' ) );
		}
		if ( null === self::$same ) {
			self::$same   = new \stdClass();
			self::$remove = new \stdClass();
		}
		self::$ancestors = array();
		try {
			$cleaned = self::entries( $schema, null, 0, false );
		} catch ( TooDeep $e ) {
			throw new SchemaException( 'Schema nesting exceeds the maximum depth of ' . \McpNative\MAX_DEPTH . " at '" . $e->path . "'" );
		}
		$effective = $cleaned ?? $schema;
		if ( array() === $effective ) {
			return self::not_transformed( array( 'type' => 'object' ) );
		}
		$type = $effective['type'] ?? null;
		if ( 'object' === $type ) {
			return self::not_transformed( $effective );
		}
		if ( null === $type ) {
			return self::not_transformed( self::with_object_type( $effective ) );
		}
		return array(
			'schema'           => array(
				'type'       => 'object',
				'properties' => array( $wrapper_key => $effective ),
				'required'   => array( $wrapper_key ),
			),
			'was_transformed'  => true,
			'wrapper_property' => $wrapper_key,
		);
	}

	/**
	 * The schema with `type: object`: replaced in place when null, appended when absent. Built by
	 * value: assigning into the caller's array would write through a PHP reference it holds.
	 */
	private static function with_object_type( array $schema ): array {
		$typed = array();
		foreach ( $schema as $key => $value ) {
			$typed[ $key ] = 'type' === $key ? 'object' : $value;
		}
		$typed['type'] = 'object';
		return $typed;
	}

	private static function not_transformed( array $schema ): array {
		return array( 'schema' => $schema, 'was_transformed' => false, 'wrapper_property' => null );
	}

	/**
	 * @param mixed       $value
	 * @param string|null $reference Identity of the PHP reference the value was reached through.
	 * @return mixed self::$same, self::$remove, or the rebuilt value.
	 */
	private static function value( $value, ?string $position, int $depth, ?string $reference ) {
		if ( is_array( $value ) ) {
			return self::container( $value, $reference, $position, $depth, false );
		}
		if ( ! is_object( $value ) ) {
			return is_resource( $value ) || ( null !== $value && ! is_scalar( $value ) ) ? self::$remove : self::$same;
		}
		if ( \stdClass::class === get_class( $value ) ) {
			return self::container( (array) $value, 'o' . spl_object_id( $value ), $position, $depth, true );
		}
		if ( ! $value instanceof \JsonSerializable ) {
			return self::$remove;
		}
		$identity = 'o' . spl_object_id( $value );
		if ( isset( self::$ancestors[ $identity ] ) ) {
			return self::$remove;
		}
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new TooDeep();
		}
		$serialized                   = $value->jsonSerialize();
		self::$ancestors[ $identity ] = true;
		try {
			$outcome = self::value( $serialized, $position, $depth + 1, null );
		} finally {
			unset( self::$ancestors[ $identity ] );
		}
		// The object itself is replaced by what it serialises to.
		return self::$same === $outcome ? $serialized : $outcome;
	}

	private static function container( array $value, ?string $identity, ?string $position, int $depth, bool $always_rebuild ) {
		if ( null !== $identity && isset( self::$ancestors[ $identity ] ) ) {
			return self::$remove;
		}
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new TooDeep();
		}
		if ( null === $identity ) {
			return self::rebuilt_or_same( $value, $position, $depth, $always_rebuild );
		}
		self::$ancestors[ $identity ] = true;
		try {
			return self::rebuilt_or_same( $value, $position, $depth, $always_rebuild );
		} finally {
			unset( self::$ancestors[ $identity ] );
		}
	}

	private static function rebuilt_or_same( array $value, ?string $position, int $depth, bool $always_rebuild ) {
		return self::entries( $value, $position, $depth, $always_rebuild ) ?? self::$same;
	}

	/**
	 * The cleaned entries of a container at `$position` (a SchemaKeywords position, null for a
	 * schema node), or null when nothing changes.
	 */
	private static function entries( array $container, ?string $position, int $depth, bool $always_rebuild ): ?array {
		if ( SchemaKeywords::SCHEMA_OR_LIST === $position ) {
			$position = array_is_list( $container ) ? SchemaKeywords::SCHEMA_LIST : null;
		} elseif ( SchemaKeywords::SCHEMA === $position ) {
			$position = null;
		}
		$rebuilt = $always_rebuild ? array() : null;
		$index   = 0;
		foreach ( $container as $key => $child ) {
			// a schema node's keys are looked up inline: this runs for every key of every schema
			$child_position = null === $position
				? ( is_string( $key ) ? SchemaKeywords::POSITIONS[ $key ] ?? SchemaKeywords::DATA : SchemaKeywords::DATA )
				: SchemaKeywords::child_position( $position, $key );
			if ( SchemaKeywords::WORDPRESS_ONLY === $child_position ) {
				$outcome = self::$remove;
			} else {
				$reference      = is_array( $child ) ? self::reference_id( $container, $key ) : null;
				try {
					$outcome = self::value( $child, $child_position, $depth + 1, $reference );
				} catch ( TooDeep $e ) {
					throw $e->under( $key );
				}
				// An empty map of sub-schemas would reach the wire as a JSON array.
				$is_map = SchemaKeywords::SCHEMA_MAP === $child_position || SchemaKeywords::MAP_OF_SCHEMA_OR_LIST === $child_position;
				if ( $is_map && self::is_empty( $outcome, $child ) ) {
					$outcome = self::$remove;
				}
			}
			if ( self::$same === $outcome ) {
				if ( null !== $rebuilt ) {
					$rebuilt[ $key ] = $child;
				}
			} else {
				if ( null === $rebuilt ) {
					$rebuilt = self::first_entries( $container, $index );
				}
				if ( self::$remove !== $outcome ) {
					$rebuilt[ $key ] = $outcome;
				}
			}
			++$index;
		}
		if ( null !== $rebuilt && array_is_list( $container ) ) {
			return array_values( $rebuilt );
		}
		return $rebuilt;
	}

	/** The first `$count` entries, by value (a slice would keep the caller's PHP references). */
	private static function first_entries( array $container, int $count ): array {
		$prefix = array();
		foreach ( $container as $key => $child ) {
			if ( $count-- <= 0 ) {
				break;
			}
			$prefix[ $key ] = $child;
		}
		return $prefix;
	}

	private static function is_empty( $outcome, $child ): bool {
		if ( self::$same === $outcome ) {
			return array() === $child;
		}
		return array() === $outcome;
	}

	private static function reference_id( array $container, $key ): ?string {
		$reference = \ReflectionReference::fromArrayElement( $container, $key );
		return null === $reference ? null : 'r' . $reference->getId();
	}
}

/** @internal Unwinds a too-deep walk, collecting the JSON Pointer on the way out. */
final class TooDeep extends \Exception {
	public $path = '';

	public function under( $key ): self {
		$this->path = JsonPointer::append( '', $key ) . $this->path;
		return $this;
	}
}
