<?php
/**
 * One approved grant, as stored.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

final class Grant {

	public function __construct(
		public readonly int $id,
		public readonly int $blog_id,
		public readonly int $user_id,
		public readonly string $client_id,
		public readonly string $client_name,
		public readonly string $redirect_host,
		public readonly string $server_route,
		public readonly string $resource,
		public readonly string $scope,
		public readonly string $pass_check,
		public readonly int $created_at,
		public readonly int $last_used_at
	) {}

	/**
	 * @param array<string, mixed> $row A row of the grants table.
	 */
	public static function from_row( array $row ): self {
		return new self(
			(int) $row['id'],
			(int) $row['blog_id'],
			(int) $row['user_id'],
			(string) $row['client_id'],
			(string) $row['client_name'],
			(string) $row['redirect_host'],
			(string) $row['server_route'],
			(string) $row['resource'],
			(string) $row['scope'],
			(string) $row['pass_check'],
			(int) $row['created_at'],
			(int) $row['last_used_at']
		);
	}
}
