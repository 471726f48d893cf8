<?php
/**
 * Plugin Name: mcp-native load-test fixture
 * Description: One ability, served three ways, for scripts/load.sh: as a direct tool of a custom MCP server
 *              (/wp-json/mcp-native-load/mcp), through the Abilities API's own REST route
 *              (/wp-json/wp-abilities/v1/abilities/load/work/run) and by a bare REST route that calls the same
 *              PHP function with no Abilities API and no MCP in between (/wp-json/mcp-native-load/v1/work).
 *              For the streaming runs: load/stream (the same work, reporting progress and log lines:
 *              an SSE answer) and load/until-cancelled (works until the client goes away).
 *              Loopback test sites only.
 */

defined( 'ABSPATH' ) || exit;

/**
 * The work every variant does: a little hashing and counting over the input, plus one option read.
 *
 * @param array{text: string, rounds?: int} $input Input.
 * @return array{length: int, words: int, digest: string, site: string}
 */
function mcp_native_load_work( array $input ): array {
	$text   = (string) ( $input['text'] ?? '' );
	$rounds = max( 1, min( 50, (int) ( $input['rounds'] ?? 1 ) ) );
	$digest = '';
	for ( $i = 0; $i < $rounds; $i++ ) {
		$digest = sha1( $digest . $text );
	}
	return array(
		'length' => strlen( $text ),
		'words'  => count( preg_split( '/\s+/', trim( $text ), -1, PREG_SPLIT_NO_EMPTY ) ),
		'digest' => $digest,
		'site'   => (string) get_option( 'blogname' ),
	);
}

function mcp_native_load_input_schema(): array {
	return array(
		'type'       => 'object',
		'properties' => array(
			'text'   => array(
				'type'      => 'string',
				'minLength' => 1,
				'maxLength' => 10000,
			),
			'rounds' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 50,
				'default' => 1,
			),
		),
		'required'   => array( 'text' ),
	);
}

add_action(
	'wp_abilities_api_categories_init',
	static function () {
		wp_register_ability_category(
			'load-tests',
			array(
				'label'       => 'Load tests',
				'description' => 'The ability scripts/load.sh calls.',
			)
		);
	}
);

add_action(
	'wp_abilities_api_init',
	static function () {
		wp_register_ability(
			'load/work',
			array(
				'label'               => 'Load work',
				'description'         => 'Hashes and counts the words of a text.',
				'category'            => 'load-tests',
				'input_schema'        => mcp_native_load_input_schema(),
				'output_schema'       => array(
					'type'       => 'object',
					'properties' => array(
						'length' => array( 'type' => 'integer' ),
						'words'  => array( 'type' => 'integer' ),
						'digest' => array( 'type' => 'string' ),
						'site'   => array( 'type' => 'string' ),
					),
					'required'   => array( 'length', 'words', 'digest', 'site' ),
				),
				'execute_callback'    => 'mcp_native_load_work',
				'permission_callback' => static fn() => current_user_can( 'read' ),
				'meta'                => array(
					// Not read-only: the Abilities API REST route then takes POST with a JSON body, like MCP.
					'annotations'  => array(
						'readonly'    => false,
						'destructive' => false,
						'idempotent'  => true,
					),
					'show_in_rest' => true,
					'mcp'          => array( 'public' => true ),
				),
			)
		);
	}
);

// Streaming: the same work in 5 reported steps, and a call that only a closed stream ends.
add_action(
	'wp_abilities_api_init',
	static function () {
		wp_register_ability(
			'load/stream',
			array(
				'label'               => 'Load work, streamed',
				'description'         => 'The load work, reporting 5 progress steps and a log line.',
				'category'            => 'load-tests',
				'input_schema'        => mcp_native_load_input_schema(),
				'execute_callback'    => static function ( $input ) {
					for ( $step = 1; $step <= 5; $step++ ) {
						\McpNative\Plugin\Report::progress( $step, 5, "step $step" );
					}
					\McpNative\Plugin\Report::log( 'info', 'done' );
					return mcp_native_load_work( $input );
				},
				'permission_callback' => static fn() => current_user_can( 'read' ),
				'meta'                => array( 'mcp' => array( 'public' => true ) ),
			)
		);
		wp_register_ability(
			'load/until-cancelled',
			array(
				'label'               => 'Until cancelled',
				'description'         => 'Works in 50 ms steps until the client cancels (300 s at most: longer than a load run).',
				'category'            => 'load-tests',
				'input_schema'        => array( 'type' => 'object' ),
				'execute_callback'    => static function () {
					$start = microtime( true );
					while ( ! \McpNative\Plugin\Report::cancelled() && microtime( true ) - $start < 300 ) {
						usleep( 50000 );
					}
					return array( 'ms' => (int) ( 1000 * ( microtime( true ) - $start ) ) );
				},
				'permission_callback' => static fn() => current_user_can( 'read' ),
				'meta'                => array( 'mcp' => array( 'public' => true ) ),
			)
		);
	}
);

add_action(
	'mcp_native_init',
	static function ( $registry ) {
		$registry->create_server(
			'load-server',
			array(
				'namespace'   => 'mcp-native-load',
				'route'       => 'mcp',
				'name'        => 'mcp-native load server',
				'version'     => '1.0.0',
				'description' => 'The load-test ability as a direct tool.',
				'tools'       => array( 'load/work', 'load/stream', 'load/until-cancelled' ),
			)
		);
	}
);

add_action(
	'rest_api_init',
	static function () {
		// The floor: WordPress REST + authentication + the same work, nothing else.
		register_rest_route(
			'mcp-native-load/v1',
			'/work',
			array(
				'methods'             => 'POST',
				'permission_callback' => static fn() => current_user_can( 'read' ),
				'callback'            => static function ( WP_REST_Request $request ) {
					$input = $request->get_json_params();
					if ( ! is_array( $input ) || ! isset( $input['text'] ) || ! is_string( $input['text'] ) || '' === $input['text'] ) {
						return new WP_Error( 'invalid_input', 'text is required', array( 'status' => 400 ) );
					}
					return mcp_native_load_work( $input );
				},
			)
		);
		// Which code path serves this site (scripts/load.sh checks it for every mode).
		register_rest_route(
			'mcp-native-load/v1',
			'/runtime',
			array(
				'methods'             => 'GET',
				'permission_callback' => '__return_true',
				'callback'            => static fn() => array(
					'extension_loaded' => extension_loaded( 'mcp_native' ),
					'php'              => PHP_VERSION,
					'wordpress'        => get_bloginfo( 'version' ),
					'opcache'          => function_exists( 'opcache_get_status' ) && is_array( @opcache_get_status( false ) ), // phpcs:ignore WordPress.PHP.NoSilencedErrors
				),
			)
		);
	}
);
