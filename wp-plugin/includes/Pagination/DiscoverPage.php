<?php
/**
 * Pages and filters of the default server's discover tool.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Pagination;

use McpNative\Plugin\JsonRpc\JsonRpcError;

/**
 * The official adapter's discover tool returns every public ability in one reply (128 KB on a
 * site with 600 abilities). Here it takes optional `category` (exact slug), `name_prefix` (e.g.
 * "woocommerce/") and `cursor` arguments and returns one page (filter `mcp_native_page_size`, list
 * "discover") plus `nextCursor` while more remain. Without arguments on a small site the reply is
 * the adapter's.
 */
final class DiscoverPage {

	public const LIST = 'discover';

	/**
	 * The discover tool's input properties.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function input_properties(): array {
		return array(
			'category'    => array(
				'type'        => 'string',
				'description' => 'Only abilities of this category (its slug)',
			),
			'name_prefix' => array(
				'type'        => 'string',
				'description' => 'Only abilities whose name starts with this, e.g. "my-plugin/"',
			),
			'cursor'      => array(
				'type'        => 'string',
				'description' => 'nextCursor of the previous page, to get the next one',
			),
		);
	}

	/**
	 * The property added to the discover tool's output.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function output_properties(): array {
		return array(
			'nextCursor' => array(
				'type'        => 'string',
				'description' => 'Present when more abilities remain: pass it as "cursor" to get them',
			),
		);
	}

	/**
	 * One page of the abilities `$include` accepts.
	 *
	 * @param array<string, mixed>          $arguments category?, name_prefix?, cursor?
	 * @param callable(\WP_Ability): bool   $include   Which abilities are discoverable.
	 * @param string                        $server_id The server.
	 * @return array{abilities: list<array<string, string>>, nextCursor?: string}|\WP_Error
	 */
	public static function discover( array $arguments, callable $include, string $server_id ): array|\WP_Error {
		$category = is_string( $arguments['category'] ?? null ) ? trim( $arguments['category'] ) : '';
		$prefix   = is_string( $arguments['name_prefix'] ?? null ) ? $arguments['name_prefix'] : '';
		$entries  = array();
		foreach ( wp_get_abilities() as $ability ) {
			if ( ! $ability instanceof \WP_Ability || ! $include( $ability ) ) {
				continue;
			}
			if ( ( '' !== $category && $ability->get_category() !== $category ) || ( '' !== $prefix && ! str_starts_with( $ability->get_name(), $prefix ) ) ) {
				continue;
			}
			$entries[] = array(
				'name'        => $ability->get_name(),
				'label'       => $ability->get_label(),
				'description' => $ability->get_description(),
				'category'    => (string) $ability->get_category(),
			);
		}
		try {
			return Cursor::page( 'abilities', $entries, $arguments['cursor'] ?? null, self::LIST, $server_id, array( 'category' => $category, 'name_prefix' => $prefix ) );
		} catch ( JsonRpcError $error ) {
			return new \WP_Error( 'invalid_cursor', $error->rpc_message );
		}
	}
}
