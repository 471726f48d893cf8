<?php
/**
 * Plugin Name: mcp-native demo abilities
 * Description: Sample abilities for `make demo` (loaded as a mu-plugin) and a custom MCP server.
 *
 * Every ability here is public to MCP (`meta.mcp.public`), so the default server at
 * /wp-json/mcp/mcp-adapter-default-server can discover and execute it; the custom server
 * `demo` at /wp-json/mcp-native-demo/mcp exposes each one as a direct tool.
 *
 *   mcp-native-demo/site-summary  object output, no input, read-only
 *   mcp-native-demo/count-posts   flattened: string in, integer out (the seed's count-posts)
 *   mcp-native-demo/get-post      object in/out, read-only, returns a WP_Error for a missing post
 *   mcp-native-demo/create-draft  object in/out, writes (additive, not destructive)
 *   mcp-native-demo/delete-post   destructive (moves a post to the trash, or deletes it)
 *   mcp-native-demo/always-fails  always returns a WP_Error (code, message and data)
 *
 * @package mcp-native
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'wp_abilities_api_categories_init',
	static function () {
		wp_register_ability_category(
			'mcp-native-demo',
			array(
				'label'       => 'mcp-native demo',
				'description' => 'Sample abilities shipped with mcp-native to try MCP clients against.',
			)
		);
	}
);

/**
 * Meta shared by the demo abilities.
 *
 * @param array<string, bool> $annotations readonly / destructive / idempotent / openWorldHint.
 * @return array<string, mixed>
 */
function mcp_native_demo_meta( array $annotations ): array {
	return array(
		'show_in_rest' => true,
		'annotations'  => $annotations,
		'mcp'          => array( 'public' => true ),
	);
}

add_action(
	'wp_abilities_api_init',
	static function () {
		mcp_native_demo_register_site_summary();
		mcp_native_demo_register_count_posts();
		mcp_native_demo_register_get_post();
		mcp_native_demo_register_create_draft();
		mcp_native_demo_register_delete_post();
		mcp_native_demo_register_always_fails();
	}
);

/** Registers mcp-native-demo/site-summary. */
function mcp_native_demo_register_site_summary(): void {
	wp_register_ability(
		'mcp-native-demo/site-summary',
		array(
			'label'               => 'Site summary',
			'description'         => 'Returns the site name, URL, WordPress version and the number of published posts and pages.',
			'category'            => 'mcp-native-demo',
			'output_schema'       => array(
				'type'       => 'object',
				'properties' => array(
					'name'       => array( 'type' => 'string' ),
					'url'        => array( 'type' => 'string', 'format' => 'uri' ),
					'wp_version' => array( 'type' => 'string' ),
					'posts'      => array( 'type' => 'integer', 'minimum' => 0 ),
					'pages'      => array( 'type' => 'integer', 'minimum' => 0 ),
				),
				'required'   => array( 'name', 'url', 'wp_version', 'posts', 'pages' ),
			),
			'execute_callback'    => static function () {
				return array(
					'name'       => get_bloginfo( 'name' ),
					'url'        => home_url( '/' ),
					'wp_version' => get_bloginfo( 'version' ),
					'posts'      => (int) wp_count_posts( 'post' )->publish,
					'pages'      => (int) wp_count_posts( 'page' )->publish,
				);
			},
			'permission_callback' => static function () {
				return current_user_can( 'read' );
			},
			'meta'                => mcp_native_demo_meta(
				array( 'readonly' => true, 'destructive' => false, 'idempotent' => true, 'openWorldHint' => false )
			),
		)
	);
}

/**
 * Registers mcp-native-demo/count-posts. Flattened schemas, exactly like the seed's count-posts:
 * a bare string in, a bare integer out.
 */
function mcp_native_demo_register_count_posts(): void {
	wp_register_ability(
		'mcp-native-demo/count-posts',
		array(
			'label'               => 'Count posts',
			'description'         => 'Counts the published items of one post type.',
			'category'            => 'mcp-native-demo',
			'input_schema'        => array(
				'type'        => 'string',
				'description' => 'The post type to count.',
				'enum'        => array( 'post', 'page', 'attachment' ),
			),
			'output_schema'       => array(
				'type'        => 'integer',
				'description' => 'Total number of posts found.',
			),
			'execute_callback'    => static function ( $input ) {
				$counts = wp_count_posts( $input );
				return 'attachment' === $input ? (int) ( $counts->inherit ?? 0 ) : (int) ( $counts->publish ?? 0 );
			},
			'permission_callback' => static function () {
				return current_user_can( 'read' );
			},
			'meta'                => mcp_native_demo_meta(
				array( 'readonly' => true, 'destructive' => false, 'idempotent' => true )
			),
		)
	);
}

/** Registers mcp-native-demo/get-post. */
function mcp_native_demo_register_get_post(): void {
	wp_register_ability(
		'mcp-native-demo/get-post',
		array(
			'label'               => 'Get post',
			'description'         => 'Returns the title, status and link of a post. Fails with post_not_found when there is no such post.',
			'category'            => 'mcp-native-demo',
			'input_schema'        => array(
				'type'                 => 'object',
				'properties'           => array(
					'post_id' => array( 'type' => 'integer', 'minimum' => 1, 'description' => 'The post ID.' ),
				),
				'required'             => array( 'post_id' ),
				'additionalProperties' => false,
			),
			'output_schema'       => array(
				'type'       => 'object',
				'properties' => array(
					'post_id' => array( 'type' => 'integer' ),
					'title'   => array( 'type' => 'string' ),
					'status'  => array( 'type' => 'string' ),
					'url'     => array( 'type' => 'string' ),
				),
				'required'   => array( 'post_id', 'title', 'status', 'url' ),
			),
			'execute_callback'    => static function ( $input ) {
				$post = get_post( (int) $input['post_id'] );
				if ( ! $post ) {
					return new WP_Error(
						'post_not_found',
						sprintf( 'No post with ID %d.', (int) $input['post_id'] ),
						array( 'status' => 404, 'post_id' => (int) $input['post_id'] )
					);
				}
				return array(
					'post_id' => $post->ID,
					'title'   => get_the_title( $post ),
					'status'  => $post->post_status,
					'url'     => (string) get_permalink( $post ),
				);
			},
			'permission_callback' => static function ( $input ) {
				$id = is_array( $input ) ? (int) ( $input['post_id'] ?? 0 ) : 0;
				return get_post( $id ) ? current_user_can( 'read_post', $id ) : current_user_can( 'read' );
			},
			'meta'                => mcp_native_demo_meta(
				array( 'readonly' => true, 'destructive' => false, 'idempotent' => true )
			),
		)
	);
}

/** Registers mcp-native-demo/create-draft. */
function mcp_native_demo_register_create_draft(): void {
	wp_register_ability(
		'mcp-native-demo/create-draft',
		array(
			'label'               => 'Create draft',
			'description'         => 'Creates a draft post with a title, optional content and tags.',
			'category'            => 'mcp-native-demo',
			'input_schema'        => array(
				'type'       => 'object',
				'properties' => array(
					'title'   => array( 'type' => 'string', 'minLength' => 1, 'maxLength' => 200 ),
					'content' => array( 'type' => 'string', 'default' => '' ),
					'tags'    => array(
						'type'        => 'array',
						'items'       => array( 'type' => 'string' ),
						'uniqueItems' => true,
					),
				),
				'required'   => array( 'title' ),
			),
			'output_schema'       => array(
				'type'       => 'object',
				'properties' => array(
					'post_id' => array( 'type' => 'integer' ),
					'status'  => array( 'type' => 'string' ),
					'url'     => array( 'type' => 'string' ),
				),
				'required'   => array( 'post_id', 'status', 'url' ),
			),
			'execute_callback'    => static function ( $input ) {
				$id = wp_insert_post(
					array(
						'post_title'   => $input['title'],
						'post_content' => $input['content'] ?? '',
						'post_status'  => 'draft',
						'tags_input'   => $input['tags'] ?? array(),
					),
					true
				);
				if ( is_wp_error( $id ) ) {
					return $id;
				}
				return array(
					'post_id' => $id,
					'status'  => 'draft',
					'url'     => (string) get_permalink( $id ),
				);
			},
			'permission_callback' => static function () {
				return current_user_can( 'edit_posts' );
			},
			'meta'                => mcp_native_demo_meta(
				array( 'readonly' => false, 'destructive' => false, 'idempotent' => false )
			),
		)
	);
}

/** Registers mcp-native-demo/delete-post. */
function mcp_native_demo_register_delete_post(): void {
	wp_register_ability(
		'mcp-native-demo/delete-post',
		array(
			'label'               => 'Delete post',
			'description'         => 'Moves a post to the trash, or deletes it for good with force=true.',
			'category'            => 'mcp-native-demo',
			'input_schema'        => array(
				'type'       => 'object',
				'properties' => array(
					'post_id' => array( 'type' => 'integer', 'minimum' => 1 ),
					'force'   => array( 'type' => 'boolean', 'default' => false ),
				),
				'required'   => array( 'post_id' ),
			),
			'output_schema'       => array(
				'type'       => 'object',
				'properties' => array(
					'post_id' => array( 'type' => 'integer' ),
					'deleted' => array( 'type' => 'boolean' ),
					'trashed' => array( 'type' => 'boolean' ),
				),
				'required'   => array( 'post_id', 'deleted', 'trashed' ),
			),
			'execute_callback'    => static function ( $input ) {
				$id = (int) $input['post_id'];
				if ( ! get_post( $id ) ) {
					return new WP_Error( 'post_not_found', sprintf( 'No post with ID %d.', $id ), array( 'status' => 404 ) );
				}
				$force = ! empty( $input['force'] );
				$done  = $force ? wp_delete_post( $id, true ) : wp_trash_post( $id );
				if ( ! $done ) {
					return new WP_Error( 'delete_failed', sprintf( 'Post %d could not be deleted.', $id ) );
				}
				return array( 'post_id' => $id, 'deleted' => $force, 'trashed' => ! $force );
			},
			'permission_callback' => static function ( $input ) {
				$id = is_array( $input ) ? (int) ( $input['post_id'] ?? 0 ) : 0;
				return get_post( $id ) ? current_user_can( 'delete_post', $id ) : current_user_can( 'delete_posts' );
			},
			'meta'                => mcp_native_demo_meta(
				array( 'readonly' => false, 'destructive' => true, 'idempotent' => false )
			),
		)
	);
}

/** Registers mcp-native-demo/always-fails. */
function mcp_native_demo_register_always_fails(): void {
	wp_register_ability(
		'mcp-native-demo/always-fails',
		array(
			'label'               => 'Always fails',
			'description'         => 'Returns a WP_Error every time: shows how tool execution errors reach the client.',
			'category'            => 'mcp-native-demo',
			'input_schema'        => array(
				'type'       => 'object',
				'properties' => array(
					'reason' => array( 'type' => 'string', 'default' => 'demo' ),
				),
			),
			'execute_callback'    => static function ( $input ) {
				$reason = is_array( $input ) && isset( $input['reason'] ) ? (string) $input['reason'] : 'demo';
				return new WP_Error(
					'mcp_native_demo_failure',
					sprintf( 'This ability always fails (reason: %s).', $reason ),
					array( 'status' => 422, 'reason' => $reason )
				);
			},
			'permission_callback' => static function () {
				return current_user_can( 'read' );
			},
			'meta'                => mcp_native_demo_meta(
				array( 'readonly' => true, 'destructive' => false, 'idempotent' => true )
			),
		)
	);
}

// A custom server: every demo ability as a direct tool at /wp-json/mcp-native-demo/mcp.
add_action(
	'mcp_native_init',
	static function ( $registry ) {
		$registry->create_server(
			'demo',
			array(
				'namespace'   => 'mcp-native-demo',
				'route'       => 'mcp',
				'name'        => 'mcp-native demo server',
				'version'     => '1.0.0',
				'description' => 'The demo abilities as direct MCP tools (flattened schemas wrapped as input/result).',
				'tools'       => array(
					'mcp-native-demo/site-summary',
					'mcp-native-demo/count-posts',
					'mcp-native-demo/get-post',
					'mcp-native-demo/create-draft',
					'mcp-native-demo/delete-post',
					'mcp-native-demo/always-fails',
				),
			)
		);
	}
);
