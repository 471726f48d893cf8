<?php
/**
 * Plugin Name: mcp-native test-adapter: abilities and an adapter server
 * Description: mu-plugin of the site scripts/test-adapter.sh builds: abilities of every schema
 * shape (flattened, object, list-returning, defaulted) exposed on the adapter's default server
 * (meta.mcp.public) and as tools of an adapter custom server at /wp-json/mcpn-adapter/mcp.
 *
 * @package McpNative\Tests\Adapter
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

const MCPN_ADAPTER_ABILITIES = array(
	'mcpn-adapter/flattened',
	'mcpn-adapter/object',
	'mcpn-adapter/list',
	'mcpn-adapter/defaulted',
	'mcpn-adapter/no-input',
);

add_action(
	'wp_abilities_api_categories_init',
	static function (): void {
		wp_register_ability_category(
			'mcpn-adapter',
			array(
				'label'       => 'test-adapter',
				'description' => 'Abilities of scripts/test-adapter.sh.',
			)
		);
	}
);

add_action(
	'wp_abilities_api_init',
	static function (): void {
		$common = array(
			'category'            => 'mcpn-adapter',
			'permission_callback' => static fn(): bool => current_user_can( 'read' ),
			'meta'                => array(
				'mcp'         => array( 'public' => true ),
				'annotations' => array( 'readonly' => true ),
			),
		);
		mcpn_adapter_register_flattened( $common );
		mcpn_adapter_register_object( $common );
		mcpn_adapter_register_list( $common );
		mcpn_adapter_register_defaulted( $common );
		mcpn_adapter_register_no_input( $common );
		if ( is_file( ABSPATH . '.mcp-native/adapter-closure' ) ) {
			// The WordPress pattern of a callback object in a schema: a Closure as sanitize_callback.
			wp_register_ability(
				'mcpn-adapter/closure-in-schema',
				$common + array(
					'label'            => 'Trimmed',
					'description'      => 'Trims a string; its schema carries a Closure.',
					'input_schema'     => array(
						'type'              => 'string',
						'sanitize_callback' => static fn( $value ) => trim( (string) $value ),
					),
					'execute_callback' => static fn( $input ): string => trim( (string) $input ),
				)
			);
		}
	}
);

/**
 * Registers mcpn-adapter/flattened. A flattened schema on both sides: a string in, an integer out
 * (wrapped as input/result).
 */
function mcpn_adapter_register_flattened( array $common ): void {
	wp_register_ability(
		'mcpn-adapter/flattened',
		$common + array(
			'label'            => 'Length',
			'description'      => 'The length of a string.',
			'input_schema'     => array(
				'type'              => 'string',
				'description'       => 'Any text.',
				'minLength'         => 1,
				'sanitize_callback' => 'sanitize_text_field',
			),
			'output_schema'    => array( 'type' => 'integer' ),
			'execute_callback' => static fn( $input ): int => strlen( (string) $input ),
		)
	);
}

/** Registers mcpn-adapter/object. */
function mcpn_adapter_register_object( array $common ): void {
	wp_register_ability(
		'mcpn-adapter/object',
		$common + array(
			'label'            => 'Greeting',
			'description'      => 'Greets a name, optionally loudly.',
			'input_schema'     => array(
				'type'                 => 'object',
				'properties'           => array(
					'name'  => array(
						'type'              => 'string',
						'minLength'         => 1,
						'sanitize_callback' => 'sanitize_text_field',
					),
					'loud'  => array( 'type' => 'boolean' ),
					'extra' => array(
						'type'       => 'object',
						'properties' => array(),
					),
				),
				'required'             => array( 'name' ),
				'additionalProperties' => false,
			),
			'output_schema'    => array(
				'type'       => 'object',
				'properties' => array( 'greeting' => array( 'type' => 'string' ) ),
			),
			'execute_callback' => static function ( $input ): array {
				$text = 'Hello, ' . $input['name'];
				return array( 'greeting' => empty( $input['loud'] ) ? $text : strtoupper( $text ) );
			},
		)
	);
}

/** Registers mcpn-adapter/list. */
function mcpn_adapter_register_list( array $common ): void {
	wp_register_ability(
		'mcpn-adapter/list',
		$common + array(
			'label'            => 'Numbers',
			'description'      => 'The numbers from 1 to count.',
			'input_schema'     => array(
				'type'       => 'object',
				'properties' => array(
					'count' => array(
						'type'    => 'integer',
						'minimum' => 0,
						'maximum' => 50,
					),
				),
			),
			'output_schema'    => array(
				'type'  => 'array',
				'items' => array( 'type' => 'integer' ),
			),
			'execute_callback' => static fn( $input ): array => range( 1, max( 1, (int) ( $input['count'] ?? 3 ) ) ),
		)
	);
}

/** Registers mcpn-adapter/defaulted. */
function mcpn_adapter_register_defaulted( array $common ): void {
	wp_register_ability(
		'mcpn-adapter/defaulted',
		$common + array(
			'label'            => 'Page size',
			'description'      => 'Echoes its settings; the input schema has a top-level default.',
			'input_schema'     => array(
				'type'       => 'object',
				'properties' => array( 'per_page' => array( 'type' => 'integer' ) ),
				'default'    => array( 'per_page' => 10 ),
			),
			'output_schema'    => array( 'type' => 'object' ),
			'execute_callback' => static fn( $input ) => array( 'received' => $input ),
		)
	);
}

/** Registers mcpn-adapter/no-input. */
function mcpn_adapter_register_no_input( array $common ): void {
	wp_register_ability(
		'mcpn-adapter/no-input',
		$common + array(
			'label'            => 'Site name',
			'description'      => 'The site title; no input schema.',
			'execute_callback' => static fn(): string => (string) get_bloginfo( 'name' ),
		)
	);
}


// An adapter custom server whose tools are the abilities themselves (tools/call of each shape).
add_action(
	'mcp_adapter_init',
	static function ( $adapter ): void {
		$tools = MCPN_ADAPTER_ABILITIES;
		if ( is_file( ABSPATH . '.mcp-native/adapter-closure' ) ) {
			$tools[] = 'mcpn-adapter/closure-in-schema';
		}
		$adapter->create_server(
			'mcpn-adapter-tools',
			'mcpn-adapter',
			'mcp',
			'test-adapter tools',
			'The abilities of scripts/test-adapter.sh as tools.',
			'1.0.0',
			array( \WP\MCP\Transport\HttpTransport::class ),
			null,
			null,
			$tools
		);
	}
);
