<?php
/**
 * The access token that authenticated the current request.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

final class AccessToken {

	public function __construct(
		public readonly Grant $grant,
		public readonly string $scope
	) {}
}
