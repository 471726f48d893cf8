<?php
/**
 * Site Health: what MCP Native accepted from plugins written for the official adapter without
 * running it.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\AdapterApi\Notes;

/**
 * A direct test, present once a plugin used a part of the adapter's API that has no meaning on
 * MCP Native (a custom transport class, its own error handler, a hooked adapter filter without a
 * counterpart): each note says what was accepted and what happens instead.
 */
final class AdapterApiHealth {

	public const TEST_ID = 'mcp_native_adapter_api';

	/**
	 * @param array<string, mixed> $tests Tests by type.
	 * @return array<string, mixed>
	 */
	public static function register_test( array $tests ): array {
		if ( array() !== Notes::all() ) {
			$tests['direct'][ self::TEST_ID ] = array(
				'label' => __( 'Plugins written for the official MCP Adapter', 'mcp-native' ),
				'test'  => array( self::class, 'run_test' ),
			);
		}
		return $tests;
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function run_test(): array {
		$items = '';
		foreach ( Notes::all() as $note ) {
			$items .= '<li>' . esc_html( $note ) . '</li>';
		}
		return array(
			'label'       => __( 'Plugins use parts of the MCP Adapter\'s API that MCP Native accepts without running', 'mcp-native' ),
			'status'      => 'recommended',
			'badge'       => array(
				'label' => __( 'MCP', 'mcp-native' ),
				'color' => 'blue',
			),
			'description' => '<p>' . esc_html__( 'Their MCP servers are served by MCP Native at the same URLs. These parts have no meaning here:', 'mcp-native' ) . '</p><ul>' . $items . '</ul>',
			'test'        => self::TEST_ID,
		);
	}
}
