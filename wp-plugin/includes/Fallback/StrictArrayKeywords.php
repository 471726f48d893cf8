<?php
/**
 * The strict profile's keywords of an array: `minItems`, `maxItems`, `uniqueItems`, `items`,
 * `prefixItems`, `contains` (with `minContains`/`maxContains`).
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class StrictArrayKeywords {
	/**
	 * The keywords of an array, in the crate's order (minItems, maxItems, uniqueItems, items,
	 * prefixItems, contains); returns `$evaluated` with the items they evaluated.
	 */
	public static function check( StrictWalk $walk, array $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
		$n = count( $v );
		if ( isset( $s->minItems ) && is_int( $s->minItems ) && $n < $s->minItems ) {
			$walk->fail( $path, 'minItems', "$who must contain at least {$s->minItems} items." );
		}
		if ( isset( $s->maxItems ) && is_int( $s->maxItems ) && $n > $s->maxItems ) {
			$walk->fail( $path, 'maxItems', "$who must contain at most {$s->maxItems} items." );
		}
		if ( ! empty( $s->uniqueItems ) && true === $s->uniqueItems && self::has_duplicate( $v ) ) {
			$walk->fail( $path, 'uniqueItems', "$who has duplicate items." );
		}
		$evaluated = self::items( $walk, $v, $s, $path, $depth, $evaluated );
		if ( property_exists( $s, 'contains' ) ) {
			$evaluated = self::contains( $walk, $v, $s, $path, $who, $depth, $evaluated );
		}
		return $evaluated;
	}

	/** Do two items have one canonical key (JsonValue::canonical(): each item hashed once)? */
	private static function has_duplicate( array $v ): bool {
		$seen = array();
		foreach ( $v as $item ) {
			$key = JsonValue::canonical( $item );
			if ( isset( $seen[ $key ] ) ) {
				return true;
			}
			$seen[ $key ] = true;
		}
		return false;
	}

	/** `items` (the items after the `prefixItems`), then `prefixItems`. */
	private static function items( StrictWalk $walk, array $v, \stdClass $s, string $path, int $depth, array $evaluated ): array {
		$prefix = isset( $s->prefixItems ) && is_array( $s->prefixItems ) ? $s->prefixItems : array();
		if ( property_exists( $s, 'items' ) && ( $s->items instanceof \stdClass || is_bool( $s->items ) ) ) {
			foreach ( $prefix ? array_slice( $v, count( $prefix ) ) : $v as $i => $item ) {
				$i += count( $prefix );
				$walk->child( $item, $s->items, "$path/$i", $depth + 1 );
			}
			$evaluated[1] = true;
		}
		$n = count( $v );
		foreach ( $prefix as $i => $schema ) {
			if ( $i >= $n ) {
				break;
			}
			$walk->child( $v[ $i ], $schema, "$path/$i", $depth + 1 );
			if ( $walk->track && true !== $evaluated[1] ) {
				$evaluated[1][ $i ] = true;
			}
		}
		return $evaluated;
	}

	/** `contains`, with `minContains` (1 unless given) and `maxContains`: one violation at the array. */
	private static function contains( StrictWalk $walk, array $v, \stdClass $s, string $path, string $who, int $depth, array $evaluated ): array {
		$found = 0;
		foreach ( $v as $i => $item ) {
			if ( $walk->matches( $item, $s->contains, $depth + 1, true ) ) {
				++$found;
				if ( $walk->track && true !== $evaluated[1] ) {
					$evaluated[1][ $i ] = true; // the items contains matched are evaluated
				}
			}
		}
		$min = isset( $s->minContains ) && is_int( $s->minContains ) ? $s->minContains : 1;
		if ( $found < $min || ( isset( $s->maxContains ) && is_int( $s->maxContains ) && $found > $s->maxContains ) ) {
			$walk->fail( $path, 'contains', "$who does not satisfy contains." );
		}
		return $evaluated;
	}
}
