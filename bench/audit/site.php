<?php
/**
 * Mu-plugin of the audit benchmark's site (scripts/bench-audit.sh): one ability served as a
 * direct tool on its own server, and the audit log switched off for requests that say
 * `?audit=off` (the same call, with and without logging).
 *
 * @package McpNative\Bench
 */

add_filter( 'mcp_native_audit_enabled', static fn( $enabled ) => $enabled && 'off' !== ( $_GET['audit'] ?? '' ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended

add_action(
	'wp_abilities_api_categories_init',
	static function () {
		wp_register_ability_category( 'bench-audit', array( 'label' => 'Bench', 'description' => 'Audit benchmark.' ) );
	}
);
add_action(
	'wp_abilities_api_init',
	static function () {
		wp_register_ability(
			'bench-audit/update-title',
			array(
				'label'               => 'Update a title',
				'description'         => 'Returns what it was given (a write-like call with a token argument to redact).',
				'category'            => 'bench-audit',
				'input_schema'        => array(
					'type'       => 'object',
					'properties' => array(
						'id'        => array( 'type' => 'integer' ),
						'title'     => array( 'type' => 'string' ),
						'api_token' => array( 'type' => 'string' ),
						'tags'      => array( 'type' => 'array', 'items' => array( 'type' => 'string' ) ),
					),
					'required'   => array( 'id', 'title' ),
				),
				'permission_callback' => static fn() => current_user_can( 'edit_posts' ),
				'execute_callback'    => static fn( $input ) => array( 'id' => $input['id'], 'title' => $input['title'] ),
			)
		);
	}
);
add_action(
	'mcp_native_init',
	static function ( $registry ) {
		$registry->create_server( 'bench-audit', array( 'namespace' => 'bench-audit', 'route' => 'mcp', 'name' => 'Bench', 'version' => '1', 'tools' => array( 'bench-audit/update-title' ) ) );
	}
);
