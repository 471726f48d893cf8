<?php
/**
 * FAKE (test fixtures): the published public API (0.5.x, 0.6.x) of the adapter's AbilityArgumentNormalizer; its body
 * only marks that the adapter's own class ran.
 */

declare(strict_types=1);

namespace WP\MCP\Domain\Utils;

class AbilityArgumentNormalizer {

	/**
	 * @param \WP_Ability $ability    The ability.
	 * @param mixed       $parameters The parameters.
	 * @return mixed
	 */
	public static function normalize( \WP_Ability $ability, $parameters ) {
		return 'served-by-fake-adapter';
	}
}
