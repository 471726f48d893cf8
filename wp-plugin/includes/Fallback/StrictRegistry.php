<?php
/**
 * The resources, anchors and references of one strict schema (filled by StrictSchemaCheck), and
 * their resolution: a `$ref`/`$dynamicRef` resolved (RFC 3986) against the base URI of the schema
 * holding it, then by JSON Pointer or by an anchor name of the resource it names.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class StrictRegistry {
	/** The base URI of a schema without `$id` (the crate's default). */
	public const BASE = 'json-schema:///';

	/**
	 * The schema resources and their anchors: a resource's URI (the root's `$id`, or BASE, then
	 * each embedded `$id` resolved against the resource around it) => its schema, and that URI,
	 * `#` and an `$anchor`/`$dynamicAnchor` name => the schema holding it.
	 *
	 * @var array<string,\stdClass>
	 */
	private array $anchors = array();
	/** @var array<string,\stdClass> a resource's URI, `#` and a `$dynamicAnchor` name => the schema holding it */
	private array $dynamic_anchors = array();
	/** @var array<int,string> the URI of each schema that starts a resource (the root, an `$id`), by object id */
	private array $resources = array();
	/** @var array<int,string> the base URI of each schema that holds a `$ref`/`$dynamicRef`, by object id */
	private array $bases = array();
	/** @var list<array{string,string}> the `$ref`/`$dynamicRef` values met, with their base URI */
	private array $refs = array();
	/** @var array<string,array{bool,mixed}> resolve()'s answers, by base URI and reference */
	private array $targets = array();

	/** `$s` starts the resource `$uri` (of two with one URI, the last counts, as the crate's registry keeps). */
	public function start_resource( \stdClass $s, string $uri ): void {
		$this->anchors[ $uri ]                  = $s;
		$this->resources[ spl_object_id( $s ) ] = $uri;
	}

	/** `$s` holds the anchor `$name` of the resource `$base` (the first of a name wins). */
	public function add_anchor( \stdClass $s, string $base, string $name, bool $dynamic ): void {
		$this->anchors[ "$base#$name" ] ??= $s;
		if ( $dynamic ) {
			$this->dynamic_anchors[ "$base#$name" ] ??= $s;
		}
	}

	/** `$s` holds the reference `$ref`, to be resolved against `$base`. */
	public function add_reference( \stdClass $s, string $ref, string $base ): void {
		$this->refs[]                       = array( $ref, $base );
		$this->bases[ spl_object_id( $s ) ] = $base;
	}

	/** @return array<int,string> the URI of each schema that starts a resource (the root, an `$id`), by object id */
	public function resources(): array {
		return $this->resources;
	}

	/**
	 * Does every reference met name a document of this schema? The crate looks up every
	 * document a reference names, used or not (another one it cannot fetch), and refuses a
	 * reference that is no URI reference.
	 */
	public function documents_known(): bool {
		foreach ( $this->refs as [ $ref, $base ] ) {
			if ( ! preg_match( UriReference::REF, $ref ) || ! isset( $this->anchors[ UriReference::document( $base, $ref ) ] ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Does every reference the root reaches resolve? The crate compiles what the root applies,
	 * following references, and nothing else: a pointer or an anchor in a `$defs` entry nothing
	 * refers to is never resolved (the meta-schema still checks it, and the document it names
	 * must exist).
	 *
	 * @param mixed $root
	 */
	public function references_resolve( $root ): bool {
		if ( ! $this->refs ) {
			return true;
		}
		$seen  = array();
		$stack = array( $root );
		while ( $stack ) {
			$s = array_pop( $stack );
			if ( ! $s instanceof \stdClass || isset( $seen[ spl_object_id( $s ) ] ) ) {
				continue;
			}
			$seen[ spl_object_id( $s ) ] = true;
			foreach ( array( '$ref', '$dynamicRef' ) as $ref ) {
				if ( isset( $s->$ref ) && is_string( $s->$ref ) ) {
					$stack[] = $this->resolve( $s, $ref, $found );
					if ( ! $found ) {
						return false;
					}
				}
			}
			array_push( $stack, ...self::applied_schemas( $s ) );
		}
		return true;
	}

	/**
	 * The schema the reference `$s->$keyword` points to, or null (`$found` says whether it
	 * resolved). A `$dynamicAnchor` is found as an `$anchor` is (a `$dynamicRef` finds what a
	 * `$ref` finds); another document resolves nowhere.
	 *
	 * @return mixed
	 */
	public function resolve( \stdClass $s, string $keyword, ?bool &$found = null ) {
		$base = $this->bases[ spl_object_id( $s ) ] ?? self::BASE;
		$ref  = $s->$keyword;
		// a recursive schema resolves the same reference at every level of the value
		[ $found, $node ] = $this->targets[ "$base $ref" ] ??= $this->target( $ref, $base );
		return $node;
	}

	/**
	 * What a `$dynamicRef` applies: where its static target holds the `$dynamicAnchor` its
	 * fragment names, the schema holding that anchor in the outermost resource of the dynamic
	 * scope (`$scope`, the resources the evaluation is inside of, outermost first) that has one;
	 * else the static target.
	 *
	 * @param mixed        $target
	 * @param list<string> $scope
	 * @return mixed
	 */
	public function dynamic_target( string $ref, $target, array $scope ) {
		$name = rawurldecode( substr( strstr( $ref, '#' ) ?: '#', 1 ) ); // a resolved reference keeps its fragment
		if ( '' === $name || '/' === $name[0] || ! $target instanceof \stdClass || ( $target->{'$dynamicAnchor'} ?? null ) !== $name ) {
			return $target;
		}
		foreach ( $scope as $resource ) {
			if ( isset( $this->dynamic_anchors[ "$resource#$name" ] ) ) {
				return $this->dynamic_anchors[ "$resource#$name" ];
			}
		}
		return $target;
	}

	/**
	 * resolve() without the memo: whether `$ref`, met in a schema whose base URI is `$base`,
	 * resolved, and to what. The reference resolved against the base names a resource, and its
	 * fragment a JSON Pointer into it (each token percent-decoded, then unescaped: RFC 6901 §6)
	 * or an anchor of it.
	 *
	 * @return array{bool,mixed}
	 */
	private function target( string $ref, string $base ): array {
		if ( ! preg_match( UriReference::REF, $ref ) ) {
			return array( false, null ); // not a URI reference: the crate cannot parse it
		}
		[ $resource, $fragment ] = explode( '#', UriReference::resolve( $base, $ref ) . '#', 3 );
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

	/** @return list<mixed> the sub-schemas `$s` applies (not its `$defs`: those only where referred to) */
	private static function applied_schemas( \stdClass $s ): array {
		$subs = array();
		foreach ( get_object_vars( $s ) as $kw => $value ) {
			$position = '$defs' === $kw || 'definitions' === $kw ? SchemaKeywords::DATA : SchemaKeywords::child_position( null, $kw );
			if ( SchemaKeywords::SCHEMA === $position || SchemaKeywords::SCHEMA_OR_LIST === $position ) {
				array_push( $subs, ...( is_array( $value ) ? $value : array( $value ) ) );
			} elseif ( SchemaKeywords::SCHEMA_LIST === $position && is_array( $value ) ) {
				array_push( $subs, ...$value );
			} elseif ( ( SchemaKeywords::SCHEMA_MAP === $position || SchemaKeywords::MAP_OF_SCHEMA_OR_LIST === $position ) && $value instanceof \stdClass ) {
				array_push( $subs, ...array_values( get_object_vars( $value ) ) );
			}
		}
		return $subs;
	}
}
