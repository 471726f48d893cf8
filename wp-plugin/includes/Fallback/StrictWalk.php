<?php
/**
 * One strict validation's walk of a value (in JSON form) under its schema: the state a walk
 * keeps (its violations, the references and resources it is inside of) and node(), which applies
 * one schema node to one value, keyword family by keyword family in the crate's order.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class StrictWalk {
	/**
	 * What a schema evaluated of a value (its annotations): the property names and the item
	 * indices, each a set or `true` for all.
	 */
	public const NOTHING = array( array(), array() );

	private Violations $errors;
	/** @var array<int,string> the URI of each schema that starts a resource, by object id (StrictRegistry::resources()) */
	private array $resources;
	/** @var array<int,true> the `$ref` targets applied to the current value, by object id */
	private array $ref_chain = array();
	/** @var list<string> the resources the evaluation is inside of, outermost first (the dynamic scope) */
	private array $dynamic_scope = array();

	/**
	 * @param bool $track Whether the schema uses unevaluatedProperties/unevaluatedItems: only then
	 *                    does node() collect what each sub-schema evaluated (and anyOf try every
	 *                    branch, as annotations need).
	 */
	public function __construct( private readonly StrictRegistry $registry, public readonly bool $track ) {
		$this->errors    = new Violations();
		$this->resources = $registry->resources();
	}

	/** @return list<array{path:string,keyword:string,message:string}> the violations found */
	public function violations(): array {
		return $this->errors->all();
	}

	/** How a message names the value at `$path`. */
	public static function who( string $path ): string {
		return '' === $path ? 'value' : $path;
	}

	public function fail( string $path, string $keyword, string $message ): void {
		$this->errors->add( $path, $keyword, $message );
	}

	/**
	 * Every violation of `$v` under `$s`; returns what `$s` evaluated of `$v` (see NOTHING),
	 * collected only where the schema has unevaluated* keywords to read it.
	 *
	 * @param mixed $v
	 * @param mixed $s
	 */
	public function node( $v, $s, string $path, int $depth ): array {
		if ( true === $s ) {
			return self::NOTHING;
		}
		$who = self::who( $path );
		if ( false === $s ) {
			$this->fail( $path, 'falseSchema', "$who is not allowed." );
			return self::NOTHING;
		}
		if ( ! $s instanceof \stdClass || $depth > StrictValidator::MAX_DEPTH * 4 ) {
			return self::NOTHING;
		}
		$resource = $this->resources[ spl_object_id( $s ) ] ?? null;
		if ( null !== $resource ) {
			$this->dynamic_scope[] = $resource;
		}
		$evaluated  = self::NOTHING;
		$referenced = null;
		$refers     = isset( $s->{'$ref'} ) || isset( $s->{'$dynamicRef'} );
		if ( $refers && $this->track ) {
			// applied first (unevaluated* reads what they evaluated), listed last: the crate's order
			$siblings                      = $this->errors;
			$this->errors                  = new Violations();
			$evaluated                     = $this->references( $v, $s, $path, $depth, $evaluated );
			[ $referenced, $this->errors ] = array( $this->errors, $siblings );
		}
		// the keywords but references and unevaluated*, family by family in the crate's order (its keyword priorities)
		$type_with_items = StrictValueKeywords::type_with_items( $s );
		if ( ! $type_with_items ) {
			StrictValueKeywords::type( $this, $v, $s, $path, $who );
		}
		StrictValueKeywords::check( $this, $v, $s, $path, $who );
		if ( is_array( $v ) ) {
			$evaluated = StrictArrayKeywords::check( $this, $v, $s, $path, $who, $depth, $evaluated );
		} elseif ( $v instanceof \stdClass ) {
			$evaluated = StrictObjectKeywords::check( $this, $v, $s, $path, $who, $depth, $evaluated );
		}
		if ( $type_with_items ) {
			StrictValueKeywords::type( $this, $v, $s, $path, $who ); // where the crate checks it with `items`
		}
		if ( $v instanceof \stdClass && ( isset( $s->dependencies ) || isset( $s->dependentSchemas ) ) ) {
			// draft 7's `dependencies`, which the extension's crate still applies, holds either form
			$evaluated = StrictObjectKeywords::dependents( $this, $v, $s, array( 'dependencies', 'dependentSchemas' ), get_object_vars( $v ), $path, $who, $depth, $evaluated );
		}
		$evaluated = StrictApplicators::check( $this, $v, $s, $path, $who, $depth, $evaluated );
		if ( ! $this->track ) {
			if ( $refers ) {
				$this->references( $v, $s, $path, $depth, $evaluated ); // last, as the crate orders its keywords
			}
			$evaluated = self::NOTHING;
		} else {
			$evaluated = StrictApplicators::unevaluated( $this, $v, $s, $path, $who, $depth, $evaluated );
			if ( null !== $referenced ) {
				$this->errors->append( $referenced );
			}
		}
		if ( null !== $resource ) {
			array_pop( $this->dynamic_scope );
		}
		return $evaluated;
	}

	/**
	 * The schemas `$s`'s `$ref` and `$dynamicRef` point to, applied to `$v`; returns `$evaluated`
	 * with what they evaluated.
	 *
	 * @param mixed $v
	 */
	private function references( $v, \stdClass $s, string $path, int $depth, array $evaluated ): array {
		// the schema holding the reference is applied to this value already: a reference back to it adds nothing
		$holder                     = spl_object_id( $s );
		$inside                     = isset( $this->ref_chain[ $holder ] );
		$this->ref_chain[ $holder ] = true;
		foreach ( array( '$ref', '$dynamicRef' ) as $ref ) {
			if ( ! isset( $s->$ref ) || ! is_string( $s->$ref ) ) {
				continue;
			}
			$target = $this->registry->resolve( $s, $ref );
			if ( '$dynamicRef' === $ref ) {
				$target = $this->registry->dynamic_target( $s->$ref, $target, $this->dynamic_scope );
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

	/** Does `$v` (a child value of the node's value when `$child`) match `$schema`? @param mixed $v @param mixed $schema */
	public function matches( $v, $schema, int $depth, bool $child = false ): bool {
		return null !== $this->matching( $v, $schema, $depth, $child );
	}

	/**
	 * What `$schema` evaluated of `$v` when `$v` matches it (see NOTHING), else null; `$found`:
	 * how many violations it found (kept apart from this validation's).
	 *
	 * @param mixed $v
	 * @param mixed $schema
	 */
	public function matching( $v, $schema, int $depth, bool $child = false, ?int &$found = null ): ?array {
		$saved        = $this->errors;
		$this->errors = new Violations();
		$evaluated    = $child ? $this->child( $v, $schema, '', $depth ) : $this->node( $v, $schema, '', $depth );
		$found        = $this->errors->count();
		$this->errors = $saved;
		return 0 === $found ? $evaluated : null;
	}

	/** node() for a member or item: a `$ref` met again below it is progress, not a cycle. @param mixed $v @param mixed $s */
	public function child( $v, $s, string $path, int $depth ): array {
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
	 *
	 * @param mixed $v
	 * @param mixed $s
	 */
	public function applied( $v, $s, string $path, int $depth, array $evaluated, bool $always = false ): array {
		if ( ! $this->track ) {
			$this->node( $v, $s, $path, $depth );
			return $evaluated;
		}
		$before = $this->errors->count();
		$got    = $this->node( $v, $s, $path, $depth );
		return $always || $this->errors->count() === $before ? self::joined( $evaluated, $got ) : $evaluated;
	}

	/** Two annotation pairs (see NOTHING) as one. */
	public static function joined( array $a, array $b ): array {
		return array(
			true === $a[0] || true === $b[0] ? true : $a[0] + $b[0],
			true === $a[1] || true === $b[1] ? true : $a[1] + $b[1],
		);
	}
}
