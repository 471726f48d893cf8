<?php
/**
 * The strict profile's in-place applicators: `allOf`, `anyOf`, `oneOf`, `not`,
 * `if`/`then`/`else`, and `unevaluatedProperties`/`unevaluatedItems`, which read what the others
 * evaluated.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class StrictApplicators {
	/**
	 * allOf, anyOf, oneOf, not, if/then/else, in the crate's order; returns `$evaluated` with what
	 * the sub-schemas that held evaluated.
	 *
	 * @param mixed $v
	 */
	public static function check( StrictWalk $walk, $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
		if ( isset( $s->allOf ) && is_array( $s->allOf ) ) {
			foreach ( $s->allOf as $sub ) {
				$evaluated = $walk->applied( $v, $sub, $path, $depth + 1, $evaluated );
			}
		}
		if ( isset( $s->anyOf ) && is_array( $s->anyOf ) ) {
			$evaluated = self::any_of( $walk, $v, $s->anyOf, $path, $who, $depth, $evaluated );
		}
		if ( isset( $s->oneOf ) && is_array( $s->oneOf ) ) {
			$evaluated = self::one_of( $walk, $v, $s->oneOf, $path, $who, $depth, $evaluated );
		}
		if ( property_exists( $s, 'not' ) && $walk->matches( $v, $s->not, $depth + 1 ) ) {
			$walk->fail( $path, 'not', "$who must not match the schema." );
		}
		if ( property_exists( $s, 'if' ) ) {
			$evaluated = self::conditional( $walk, $v, $s, $path, $depth, $evaluated );
		}
		return $evaluated;
	}

	/**
	 * unevaluatedProperties / unevaluatedItems: the members no other keyword of this schema (or
	 * a sub-schema applied in place that held) evaluated must match them; one violation at the
	 * container, as the extension's crate reports it. Afterwards every member that matched them is
	 * evaluated (for a schema around this one, as the crate counts them).
	 *
	 * @param mixed $v
	 */
	public static function unevaluated( StrictWalk $walk, $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
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
				if ( $walk->matches( $member, $s->$keyword, $depth + 1, true ) ) {
					$evaluated[ $slot ][ $key ] = true;
				} elseif ( ! $failed ) {
					$walk->fail( $path, $keyword, "$who does not satisfy $keyword." );
					$failed = true;
				}
			}
			if ( ! $failed ) {
				$evaluated[ $slot ] = true;
			}
		}
		return $evaluated;
	}

	/** @param mixed $v */
	private static function any_of( StrictWalk $walk, $v, array $branches, string $path, string $who, int $depth, array $evaluated ): array {
		$ok = false;
		foreach ( $branches as $sub ) {
			$got = $walk->matching( $v, $sub, $depth + 1 );
			if ( null !== $got ) {
				$ok        = true;
				$evaluated = StrictWalk::joined( $evaluated, $got );
				if ( ! $walk->track ) {
					break; // every matching branch's annotations count, when they are read
				}
			}
		}
		if ( ! $ok ) {
			$walk->fail( $path, 'anyOf', "$who does not match any of the expected formats." );
		}
		return $evaluated;
	}

	/** @param mixed $v */
	private static function one_of( StrictWalk $walk, $v, array $branches, string $path, string $who, int $depth, array $evaluated ): array {
		$matched = array();
		foreach ( $branches as $sub ) {
			$got = $walk->matching( $v, $sub, $depth + 1 );
			if ( null !== $got ) {
				$matched[] = $got;
			}
		}
		if ( ! $matched ) {
			$walk->fail( $path, 'oneOf', "$who does not match any of the expected formats." );
		} elseif ( count( $matched ) > 1 ) {
			$walk->fail( $path, 'oneOf', "$who matches more than one of the expected formats." );
		} else {
			$evaluated = StrictWalk::joined( $evaluated, $matched[0] );
		}
		return $evaluated;
	}

	/** `if`, then `then` where it held or `else` where it did not (their annotations count whatever their verdict). @param mixed $v */
	private static function conditional( StrictWalk $walk, $v, \stdClass $s, string $path, int $depth, array $evaluated ): array {
		$got = $walk->matching( $v, $s->if, $depth + 1 );
		if ( null !== $got ) {
			$evaluated = StrictWalk::joined( $evaluated, $got );
			if ( property_exists( $s, 'then' ) ) {
				$evaluated = $walk->applied( $v, $s->then, $path, $depth + 1, $evaluated, true );
			}
		} elseif ( property_exists( $s, 'else' ) ) {
			$evaluated = $walk->applied( $v, $s->else, $path, $depth + 1, $evaluated, true );
		}
		return $evaluated;
	}
}
