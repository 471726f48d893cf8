<?php
/**
 * Pure-PHP mirror of src/core/transform/, function by function: the fallback when the
 * mcp_native extension is not loaded, and the baseline its benchmark is measured against.
 * The transform and the wire encodings (wire_tool_schema, wire_ability_schema) are one walk, as
 * in the core: the wire rules are applied in the same pass.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

use McpNative\Plugin\JsonPointer;
use McpNative\Plugin\Schema\AdapterMeta;
use McpNative\Plugin\Schema\Draft3Required;
use McpNative\SchemaException;

final class SchemaTransformer {
	/** Outcome markers of the walk (`Outcome::Keep(Same)` / `Outcome::Remove`); anything else is a rebuilt value. */
	private static $same;
	private static $remove;

	/*
	 * The walk's state lives in one instance per call (transform/walk.rs's `Walk`): a jsonSerialize()
	 * run mid-walk may start another walk, which must not overwrite this one's.
	 */

	/** Identities of the containers between the root and the current node. */
	private $ancestors = array();

	/**
	 * Objects whose jsonSerialize() is running, in every walk (nested ones included): met again
	 * meanwhile, such an object is cut as an ancestor is (transform/serialize.rs `SERIALIZING`).
	 *
	 * @var array<int, true> spl_object_id => true
	 */
	private static $serializing = array();

	/** Most jsonSerialize() calls running at once (transform/serialize.rs MAX_SERIALIZE_NESTING). */
	private const MAX_SERIALIZE_NESTING = 16;

	/** Most arrays and objects one walk enters (transform/mod.rs MAX_CONTAINERS): shared sub-arrays can make 2^40. */
	private const MAX_CONTAINERS = 1000000;
	/** Containers entered so far by this walk. */
	private $containers = 0;

	/** Wire rules at a node (`Wire` in the core): none, on, on for a `properties` map (collects draft-3 `required: true`). */
	private const WIRE_OFF        = 0;
	private const WIRE_ON         = 1;
	private const WIRE_PROPERTIES = 2;

	/** What the root becomes (`Encoding` in the core). */
	private const TRANSFORM = 0;
	private const TOOL      = 1;
	private const ABILITY   = 2;

	/** @var list<int|string> Names of `properties` members that said `required: true` (a stack: each schema node takes its own). */
	private $promoted = array();

	/** Whether the schema node walked last said `required: true` (its `properties` map reads it). */
	private $required_true = false;

	/** Whether the schema node walked last got a `required` appended (the root's is read). */
	private $required_appended = false;

	/**
	 * @return array{schema: array, was_transformed: bool, wrapper_property: ?string}
	 * @throws SchemaException When nesting passes MAX_DEPTH.
	 */
	public static function transform_to_object_schema( ?array $schema, string $wrapper_key = 'input' ): array {
		return ( new self() )->transform( $schema, $wrapper_key, self::TRANSFORM, 'McpNative\SchemaTransformer::transform_to_object_schema' );
	}

	/**
	 * `McpNative\wire_tool_schema()`: a tool's inputSchema/outputSchema on the wire.
	 *
	 * @return array{schema: array, wrapper: ?string}
	 * @throws SchemaException When nesting passes MAX_DEPTH.
	 */
	public static function wire_tool_schema( array $schema, string $wrapper_key ): array {
		$transformed = ( new self() )->transform( $schema, $wrapper_key, self::TOOL, 'McpNative\wire_tool_schema' );
		return array(
			'schema'  => $transformed['schema'],
			'wrapper' => $transformed['wrapper_property'],
		);
	}

	/**
	 * `McpNative\wire_ability_schema()`: an ability's own schema on the wire (no schema is `{}`).
	 *
	 * @throws SchemaException When nesting passes MAX_DEPTH.
	 */
	public static function wire_ability_schema( array $schema ): array|\stdClass {
		if ( array() === $schema ) {
			return new \stdClass();
		}
		return ( new self() )->transform( $schema, AdapterMeta::INPUT_WRAPPER, self::ABILITY, 'McpNative\wire_ability_schema' )['schema'];
	}

	private function transform( ?array $schema, string $wrapper_key, int $encoding, string $function ): array {
		if ( ! preg_match( '//u', $wrapper_key ) ) {
			throw new \ValueError( $function . '(): Argument #2 ($wrapper_key) must be valid UTF-8' );
		}
		$tool = self::TOOL === $encoding;
		if ( null === $schema ) {
			return self::not_transformed( self::minimal_object( $tool ) );
		}
		if ( null === self::$same ) {
			self::$same   = new \stdClass();
			self::$remove = new \stdClass();
		}
		try {
			$cleaned = $this->entries( $schema, null, 0, false, self::TRANSFORM === $encoding ? self::WIRE_OFF : self::WIRE_ON );
		} catch ( WalkLimit $e ) {
			if ( null !== $e->serialize_failure ) {
				throw new SchemaException( "Schema value at '" . $e->path . "' could not be serialised: " . $e->serialize_failure );
			}
			throw new SchemaException(
				$e->too_large
					? 'Schema has more than ' . self::MAX_CONTAINERS . " arrays and objects to walk (a shared sub-array counts each time it is used) at '" . $e->path . "'"
					: 'Schema nesting exceeds the maximum depth of ' . \McpNative\MAX_DEPTH . " at '" . $e->path . "'"
			);
		}
		$effective = $cleaned ?? $schema;
		if ( array() === $effective ) {
			return self::not_transformed( self::minimal_object( $tool ) );
		}
		$type = $effective['type'] ?? null;
		if ( 'object' === $type ) {
			return self::not_transformed( $tool ? self::with_properties( $effective ) : $effective );
		}
		if ( null === $type ) {
			// Before a `required` the wire rules appended (draft-3 names), as the two passes
			// (transform, then encoder) this walk replaces ordered them.
			$typed = self::with_object_type( $effective, self::TRANSFORM !== $encoding && $this->required_appended );
			return self::not_transformed( $tool ? self::with_properties( $typed ) : $typed );
		}
		if ( self::ABILITY === $encoding ) {
			return array( 'schema' => $effective, 'was_transformed' => true, 'wrapper_property' => $wrapper_key );
		}
		$properties = array( $wrapper_key => $effective );
		return array(
			'schema'           => array(
				'type'       => 'object',
				// PHP reads the key "0" as the integer 0: JSON would make that map a list.
				'properties' => $tool && array_is_list( $properties ) ? (object) $properties : $properties,
				'required'   => array( $wrapper_key ),
			),
			'was_transformed'  => true,
			'wrapper_property' => $wrapper_key,
		);
	}

	/** `{type: object}`, and for a tool `properties: {}` after it. */
	private static function minimal_object( bool $tool ): array {
		return $tool ? array( 'type' => 'object', 'properties' => new \stdClass() ) : array( 'type' => 'object' );
	}

	/**
	 * A tool root's `properties`: `{}` in place of a missing or null one. Built by value, as
	 * with_object_type().
	 */
	private static function with_properties( array $schema ): array {
		if ( isset( $schema['properties'] ) ) {
			return $schema;
		}
		$out = array();
		foreach ( $schema as $key => $value ) {
			$out[ $key ] = 'properties' === $key ? new \stdClass() : $value;
		}
		$out['properties'] ??= new \stdClass();
		return $out;
	}

	/**
	 * The schema with `type: object`: replaced in place when null, appended when absent. Built by
	 * value: assigning into the caller's array would write through a PHP reference it holds.
	 */
	private static function with_object_type( array $schema, bool $before_required = false ): array {
		$typed = array();
		foreach ( $schema as $key => $value ) {
			if ( $before_required && 'required' === $key ) {
				$typed['type'] = 'object';
			}
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
	private function value( $value, ?string $position, int $depth, ?string $reference, int $wire ) {
		if ( is_array( $value ) ) {
			return $this->container( $value, $reference, $position, $depth, false, $wire );
		}
		if ( ! is_object( $value ) ) {
			return is_resource( $value ) || ( null !== $value && ! is_scalar( $value ) ) ? self::$remove : self::$same;
		}
		if ( \stdClass::class === get_class( $value ) ) {
			return $this->container( (array) $value, 'o' . spl_object_id( $value ), $position, $depth, true, $wire );
		}
		if ( ! $value instanceof \JsonSerializable ) {
			return self::$remove;
		}
		$identity = 'o' . spl_object_id( $value );
		if ( isset( $this->ancestors[ $identity ] ) || isset( self::$serializing[ spl_object_id( $value ) ] ) ) {
			return self::$remove;
		}
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new WalkLimit();
		}
		$serialized                   = self::serialize_marked( $value );
		$this->ancestors[ $identity ] = true;
		try {
			$outcome = $this->value( $serialized, $position, $depth + 1, null, $wire );
		} finally {
			unset( $this->ancestors[ $identity ] );
		}
		// The object itself is replaced by what it serialises to.
		return self::$same === $outcome ? $serialized : $outcome;
	}

	private function container( array $value, ?string $identity, ?string $position, int $depth, bool $always_rebuild, int $wire ) {
		if ( null !== $identity && isset( $this->ancestors[ $identity ] ) ) {
			return self::$remove;
		}
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new WalkLimit();
		}
		if ( ++$this->containers > self::MAX_CONTAINERS ) {
			throw new WalkLimit( true );
		}
		if ( null === $identity ) {
			return $this->rebuilt_or_same( $value, $position, $depth, $always_rebuild, $wire );
		}
		$this->ancestors[ $identity ] = true;
		try {
			return $this->rebuilt_or_same( $value, $position, $depth, $always_rebuild, $wire );
		} finally {
			unset( $this->ancestors[ $identity ] );
		}
	}

	private function rebuilt_or_same( array $value, ?string $position, int $depth, bool $always_rebuild, int $wire ) {
		// entries() reads a sub-schema as a schema node, and a tuple `items` as a list of sub-schemas
		if ( SchemaKeywords::SCHEMA === $position ) {
			$entries_position = null;
		} elseif ( SchemaKeywords::SCHEMA_OR_LIST === $position ) {
			$entries_position = array_is_list( $value ) ? SchemaKeywords::SCHEMA_LIST : null;
		} else {
			$entries_position = $position;
		}
		$cleaned = $this->entries( $value, $entries_position, $depth, $always_rebuild, $wire );
		if ( self::WIRE_OFF === $wire || ( null === $cleaned && array() !== $value && SchemaKeywords::SCHEMA_MAP !== $position && SchemaKeywords::MAP_OF_SCHEMA_OR_LIST !== $position ) ) {
			return $cleaned ?? self::$same; // (the common cases, without a call)
		}
		return self::wire_container( $value, $position, $cleaned );
	}

	/**
	 * A cleaned container in its wire form: `{}` for an empty sub-schema, an object for a map of
	 * sub-schemas that PHP reads as a list (JSON would make it an array).
	 */
	private static function wire_container( array $container, ?string $position, ?array $cleaned ) {
		$out = $cleaned ?? $container;
		if ( ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position ) && array() === $out ) {
			return new \stdClass();
		}
		// (Empty maps are removed by their parent: they stay arrays here.)
		$is_map = SchemaKeywords::SCHEMA_MAP === $position || SchemaKeywords::MAP_OF_SCHEMA_OR_LIST === $position;
		if ( $is_map && array() !== $out && array_is_list( $out ) ) {
			return (object) $out;
		}
		return $cleaned ?? self::$same;
	}

	/**
	 * The cleaned entries of a container at `$position` (a SchemaKeywords position, null for a
	 * schema node; never SCHEMA or SCHEMA_OR_LIST: see rebuilt_or_same()), or null when nothing
	 * changes.
	 */
	private function entries( array $container, ?string $position, int $depth, bool $always_rebuild, int $wire ): ?array {
		$on_wire     = self::WIRE_OFF !== $wire;
		// On the wire a list of sub-schemas is a JSON array, whatever its keys were.
		$reindex     = $on_wire && SchemaKeywords::SCHEMA_LIST === $position && ! array_is_list( $container );
		$schema_node = $on_wire && null === $position;
		if ( $on_wire ) {
			$promoted_from = count( $this->promoted );
			$renumbered    = self::WIRE_PROPERTIES === $wire && array_is_list( $container );
			$required_true = false;
			$required      = null;
		}
		$rebuilt = $always_rebuild || $reindex ? array() : null;
		$index         = 0;
		foreach ( $container as $key => $child ) {
			if ( $schema_node && 'required' === $key ) {
				$reference = is_array( $child ) ? self::reference_id( $container, $key ) : null;
				try {
					$names = $this->required( $child, $depth + 1, $reference );
				} catch ( WalkLimit $e ) {
					throw $e->under( $key );
				}
				if ( is_bool( $names ) ) {
					$required_true = $names;
					$rebuilt     ??= self::first_entries( $container, $index );
				} else {
					if ( self::$same !== $names ) {
						$rebuilt ??= self::first_entries( $container, $index );
					}
					// Kept in place; its final value is known once `properties` has been walked.
					if ( null !== $rebuilt ) {
						$rebuilt[ $key ] = $child;
					}
					$required = array( $names, $child );
				}
				++$index;
				continue;
			}
			// a schema node's keys are looked up inline: this runs for every key of every schema
			$child_position = null === $position
				? ( is_string( $key ) ? SchemaKeywords::POSITIONS[ $key ] ?? SchemaKeywords::DATA : SchemaKeywords::DATA )
				: SchemaKeywords::child_position( $position, $key );
			if ( SchemaKeywords::WORDPRESS_ONLY === $child_position ) {
				$outcome = self::$remove;
			} elseif ( null === $child || is_scalar( $child ) ) {
				$outcome = self::$same; // value()'s answer for a leaf, without the call: most keys hold one
			} else {
				if ( self::WIRE_PROPERTIES === $wire ) {
					$this->required_true = false;
				}
				$outcome = $this->child_outcome( $container, $key, $child_position, $position, $depth, $wire );
				if ( self::WIRE_PROPERTIES === $wire && $this->required_true ) {
					// A list is renumbered when entries are removed: the name is the new index.
					$this->promoted[] = $renumbered ? ( null === $rebuilt ? $index : count( $rebuilt ) ) : $key;
				}
			}
			if ( self::$same !== $outcome ) {
				$rebuilt ??= self::first_entries( $container, $index );
				if ( self::$remove !== $outcome ) {
					$rebuilt[ $key ] = $outcome;
				}
			} elseif ( null !== $rebuilt ) {
				$rebuilt[ $key ] = $child;
			}
			++$index;
		}
		$rebuilt = null !== $rebuilt && ( $reindex || array_is_list( $container ) ) ? array_values( $rebuilt ) : $rebuilt;
		if ( $schema_node ) {
			if ( count( $this->promoted ) > $promoted_from ) {
				$this->finish_required( $container, $rebuilt, $required, array_splice( $this->promoted, $promoted_from ) );
			} elseif ( null !== $required && self::$same !== $required[0] ) {
				$this->finish_required( $container, $rebuilt, $required, array() );
			} else {
				$this->required_appended = false; // (what finish_required() would say: most nodes have nothing to finish)
			}
			// Set last: the walks of this node's children set it for themselves.
			$this->required_true = $required_true;
		}
		return $rebuilt;
	}

	/**
	 * value()'s outcome for `$container[ $key ]`, a container or an object at `$child_position`,
	 * walked in the wire mode its place gives it. `$position` and `$wire` are those of
	 * `$container` (see entries()).
	 *
	 * @param int|string $key
	 * @return mixed self::$same, self::$remove, or the rebuilt value.
	 */
	private function child_outcome( array $container, $key, string $child_position, ?string $position, int $depth, int $wire ) {
		$child = $container[ $key ];
		if ( self::WIRE_OFF === $wire || SchemaKeywords::DATA === $child_position ) {
			$child_wire = self::WIRE_OFF;
		} elseif ( SchemaKeywords::MAP_OF_SCHEMA_OR_LIST === $position && is_array( $child ) && array() !== $child && array_is_list( $child ) ) {
			$child_wire = self::WIRE_OFF; // The names lists of `dependencies` are not sub-schemas on the wire.
		} else {
			$child_wire = null === $position && 'properties' === $key ? self::WIRE_PROPERTIES : self::WIRE_ON; // a schema node's properties
		}
		$reference = is_array( $child ) ? self::reference_id( $container, $key ) : null;
		try {
			$outcome = is_array( $child )
				? $this->container( $child, $reference, $child_position, $depth + 1, false, $child_wire ) // value()'s answer for an array, without its call
				: $this->value( $child, $child_position, $depth + 1, $reference, $child_wire );
		} catch ( WalkLimit $e ) {
			throw $e->under( $key );
		}
		// An empty map of sub-schemas would reach the wire as a JSON array.
		$is_map = SchemaKeywords::SCHEMA_MAP === $child_position || SchemaKeywords::MAP_OF_SCHEMA_OR_LIST === $child_position;
		return $is_map && self::is_empty( $outcome, $child ) ? self::$remove : $outcome;
	}

	/**
	 * A wire schema node's `required`: an array's names as strings (after the transform's cleaning
	 * of its entries), self::$same for a list of strings as it is, or a bool when it is dropped
	 * (true: WordPress's draft-3 `required: true`).
	 *
	 * @param mixed $value
	 * @return bool|\stdClass|list<string>
	 */
	private function required( $value, int $depth, ?string $reference ) {
		if ( is_bool( $value ) ) {
			return $value;
		}
		if ( is_array( $value ) ) {
			return $this->names( $value, $reference, $depth, false );
		}
		if ( ! is_object( $value ) ) {
			return false;
		}
		if ( \stdClass::class === get_class( $value ) ) {
			return $this->names( (array) $value, 'o' . spl_object_id( $value ), $depth, true );
		}
		if ( ! $value instanceof \JsonSerializable ) {
			return false;
		}
		$identity = 'o' . spl_object_id( $value );
		if ( isset( $this->ancestors[ $identity ] ) || isset( self::$serializing[ spl_object_id( $value ) ] ) ) {
			return false;
		}
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new WalkLimit();
		}
		$serialized                   = self::serialize_marked( $value );
		$this->ancestors[ $identity ] = true;
		try {
			$names = $this->required( $serialized, $depth + 1, null );
		} finally {
			unset( $this->ancestors[ $identity ] );
		}
		// The list is what the object serialises to, not the object.
		return self::$same === $names ? self::copy( $serialized ) : $names;
	}

	/** @return bool|\stdClass|list<string> */
	private function names( array $list, ?string $identity, int $depth, bool $always_rebuild ) {
		if ( null !== $identity && isset( $this->ancestors[ $identity ] ) ) {
			return false;
		}
		if ( $depth >= \McpNative\MAX_DEPTH ) {
			throw new WalkLimit();
		}
		if ( null !== $identity ) {
			$this->ancestors[ $identity ] = true;
		}
		try {
			$cleaned = $this->entries( $list, SchemaKeywords::DATA, $depth, $always_rebuild, self::WIRE_OFF );
		} finally {
			if ( null !== $identity ) {
				unset( $this->ancestors[ $identity ] );
			}
		}
		if ( null === $cleaned && array_is_list( $list ) ) {
			$strings = true;
			foreach ( $list as $name ) {
				if ( ! is_string( $name ) ) {
					$strings = false;
					break;
				}
			}
			if ( $strings ) {
				return self::$same;
			}
		}
		$names = array();
		foreach ( $cleaned ?? $list as $name ) {
			// A string as it is, a number or boolean as PHP's (string); anything else names nothing.
			if ( is_string( $name ) ) {
				$names[] = $name;
			} elseif ( is_int( $name ) || is_float( $name ) || is_bool( $name ) ) {
				$names[] = (string) $name;
			}
		}
		return $names;
	}

	/**
	 * Puts a wire schema node's `required` in its final form: its names, joined (once each, in
	 * order) by the properties that said `required: true`.
	 *
	 * @param array{0: \stdClass|list<string>, 1: array}|null $required What `required` came to, and its value.
	 * @param list<int|string>                                $promoted
	 */
	private function finish_required( array $container, ?array &$rebuilt, ?array $required, array $promoted ): void {
		$this->required_appended = false;
		if ( null === $required ) {
			if ( array() === $promoted ) {
				return;
			}
			$names = array();
		} elseif ( self::$same === $required[0] ) {
			if ( array() === $promoted ) {
				return;
			}
			$names = self::copy( $required[1] );
		} else {
			$names = $required[0];
		}
		if ( array() !== $promoted ) {
			// Rebuilt from scratch: a name repeated in the schema's own list goes too.
			$names = Draft3Required::joined( array(), array_merge( $names, array_map( 'strval', $promoted ) ) );
		}
		$rebuilt                ??= self::first_entries( $container, PHP_INT_MAX );
		$this->required_appended  = ! array_key_exists( 'required', $rebuilt );
		$rebuilt['required']      = $names;
	}

	/**
	 * What the object serialises to, its jsonSerialize() run with the object in self::$serializing.
	 *
	 * @return mixed
	 * @throws WalkLimit When jsonSerialize() calls nest past MAX_SERIALIZE_NESTING.
	 */
	private static function serialize_marked( \JsonSerializable $value ) {
		if ( count( self::$serializing ) >= self::MAX_SERIALIZE_NESTING ) {
			throw new WalkLimit( false, 'jsonSerialize() calls nest more than ' . self::MAX_SERIALIZE_NESTING . ' deep (each walks a schema again)' );
		}
		$id                        = spl_object_id( $value );
		self::$serializing[ $id ] = true;
		try {
			return $value->jsonSerialize();
		} finally {
			unset( self::$serializing[ $id ] );
		}
	}

	/** A list's values, by value (never the caller's PHP references). */
	private static function copy( array $list ): array {
		$values = array();
		foreach ( $list as $value ) {
			$values[] = $value;
		}
		return $values;
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

/** @internal Unwinds a walk stopped at MAX_DEPTH (or MAX_CONTAINERS, or a serialisation refused), collecting the JSON Pointer on the way out. */
final class WalkLimit extends \Exception {
	public $path = '';

	/**
	 * @param bool        $too_large         Past MAX_CONTAINERS rather than MAX_DEPTH.
	 * @param string|null $serialize_failure Why a value could not be serialised (neither bound).
	 */
	public function __construct( public bool $too_large = false, public ?string $serialize_failure = null ) {
		parent::__construct();
	}

	public function under( $key ): self {
		$this->path = JsonPointer::append( '', $key ) . $this->path;
		return $this;
	}
}
