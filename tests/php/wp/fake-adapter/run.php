<?php
/**
 * One WordPress request with a FAKE official MCP Adapter active next to MCP Native, in a process
 * of its own (class definitions cannot be unloaded, so each scenario needs a fresh PHP).
 * Run by tests/php/wp/AdapterAccelerationTest.php; prints one JSON object on stdout.
 *
 * Environment:
 *   MCPN_SITE     the test site (MCP_NATIVE_WP_DIR)
 *   MCPN_PLUGINS  a scratch plugins folder (WP_PLUGIN_DIR) holding mcp-adapter/ (a fake variant)
 *                 and mcp-native/ (this repository's wp-plugin)
 *   MCPN_ACTIVE   comma-separated active plugins, in load order
 *   MCPN_OPT      none | constant | constant-false | filter   (how the site opts in)
 *   MCPN_PRELOAD  1: something loads the adapter's SchemaTransformer before plugins_loaded
 *   MCPN_FORCE_DEFAULT 1: a site filter forces MCP Native's default server on (priority 20)
 *   MCPN_DISPATCH comma-separated "METHOD /route" requests dispatched after rest_api_init, in order
 *                 (default: a core route, then the adapter's default server); how many times
 *                 mcp_adapter_init had fired is recorded after each
 *   MCPN_NO_DEFER 1: a site filter turns mcp_native_defer_adapter_servers off
 *   MCPN_POISON_VERDICTS 1: every stored verdict of the adapter API check reads as a refusal
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

$site    = (string) getenv( 'MCPN_SITE' );
$plugins = (string) getenv( 'MCPN_PLUGINS' );
$active  = array_values( array_filter( explode( ',', (string) getenv( 'MCPN_ACTIVE' ) ) ) );
$opt     = (string) getenv( 'MCPN_OPT' );

require dirname( __DIR__ ) . '/cli-request.php';

define( 'WP_PLUGIN_DIR', $plugins );
if ( 'constant' === $opt ) {
	define( 'MCP_NATIVE_ACCELERATE_ADAPTER', true );
} elseif ( 'constant-false' === $opt ) {
	define( 'MCP_NATIVE_ACCELERATE_ADAPTER', false );
}

// Hooks before WordPress loads (WP_Hook::build_preinitialized_hooks turns these into hooks).
$GLOBALS['wp_filter'] = array(
	'pre_option_active_plugins' => array( 10 => array( array( 'function' => static fn() => $active, 'accepted_args' => 1 ) ) ),
);
// A custom MCP Native server: it must keep its route whatever the adapter does.
$GLOBALS['wp_filter']['mcp_native_init'] = array(
	10 => array(
		array(
			'function'      => static function ( $registry ) {
				$registry->create_server(
					'mcpn-fake-custom',
					array(
						'namespace' => 'mcpn-fake',
						'route'     => 'mcp',
						'name'      => 'custom next to the adapter',
						'version'   => '1.0.0',
						'tools'     => array(),
					)
				);
			},
			'accepted_args' => 1,
		),
	),
);
if ( 'filter' === $opt ) {
	$GLOBALS['wp_filter']['mcp_native_accelerate_adapter'] = array( 10 => array( array( 'function' => '__return_true', 'accepted_args' => 1 ) ) );
}
if ( '1' === getenv( 'MCPN_FORCE_DEFAULT' ) ) {
	$GLOBALS['wp_filter']['mcp_native_default_server_enabled'] = array( 20 => array( array( 'function' => '__return_true', 'accepted_args' => 1 ) ) );
}
if ( '1' === getenv( 'MCPN_NO_DEFER' ) ) {
	$GLOBALS['wp_filter']['mcp_native_defer_adapter_servers'] = array( 10 => array( array( 'function' => '__return_false', 'accepted_args' => 1 ) ) );
}
if ( '1' === getenv( 'MCPN_POISON_VERDICTS' ) ) {
	$GLOBALS['wp_filter']['option_mcp_native_adapter_api_verdicts'] = array(
		10 => array(
			array(
				'function'      => static fn( $v ) => is_array( $v ) ? array_map( static fn() => 'Off: a stored verdict.', $v ) : $v,
				'accepted_args' => 1,
			),
		),
	);
}
if ( '1' === getenv( 'MCPN_PRELOAD' ) ) {
	// A plugin that uses the adapter's class while plugins load, before MCP Native can decide.
	$GLOBALS['wp_filter']['plugin_loaded'] = array(
		10 => array(
			array(
				'function'      => static function ( $file ) {
					if ( str_ends_with( $file, 'mcp-adapter/mcp-adapter.php' ) ) {
						class_exists( 'WP\\MCP\\Domain\\Utils\\SchemaTransformer' );
					}
				},
				'accepted_args' => 1,
			),
		),
	);
}

require $site . '/wp-load.php';

use McpNative\Plugin\Adapter\Accelerator;

$out = array(
	'active_plugins' => get_option( 'active_plugins' ),
	'status_before'  => Accelerator::status(),
);

// The REST server: MCP Native registers its servers (rest_api_init 10), the adapter its own (15).
$server  = rest_get_server();
// When the adapter's servers are built: on rest_api_init, or on the first dispatch that may reach them.
$out['adapter_init_fired'] = array( 'rest_api_init' => did_action( 'mcp_adapter_init' ) );
$out['dispatched']         = array();
foreach ( array_filter( explode( ',', getenv( 'MCPN_DISPATCH' ) ?: 'GET /wp/v2/types/post,POST /mcp/mcp-adapter-default-server' ) ) as $dispatch ) {
	[ $method, $route ]                       = explode( ' ', trim( $dispatch ), 2 );
	$response                                 = rest_do_request( new WP_REST_Request( $method, $route ) );
	$out['adapter_init_fired'][ $dispatch ]   = did_action( 'mcp_adapter_init' );
	$out['dispatched'][ $dispatch ]           = array( 'status' => $response->get_status(), 'data' => $response->get_data() );
}
$routes  = $server->get_routes();
$owners  = array();
foreach ( $routes['/mcp/mcp-adapter-default-server'] ?? array() as $handler ) {
	$cb       = $handler['callback'] ?? null;
	$owners[] = is_array( $cb ) && is_object( $cb[0] ) && str_starts_with( get_class( $cb[0] ), 'McpNative\\' ) ? 'mcp-native' : 'other';
}
$out['default_route_handlers'] = $owners;
$out['custom_route_present']   = isset( $routes['/mcpn-fake/mcp'] );


// The adapter section of Tools -> MCP Native as an administrator sees it (null: no such section).
$status_page_adapter = static function (): ?string {
	$admins = get_users( array( 'role' => 'administrator', 'number' => 1 ) );
	wp_set_current_user( $admins[0]->ID );
	ob_start();
	\McpNative\Plugin\Admin\StatusPage::render();
	$html = (string) ob_get_clean();
	wp_set_current_user( 0 );
	if ( 1 !== preg_match( '#<div class="mcp-native-adapter" data-active="(yes|no)">(.*?)</div>#s', $html, $m ) ) {
		return null;
	}
	return $m[1] . ': ' . trim( html_entity_decode( wp_strip_all_tags( str_replace( array( '</strong>', '</p>' ), array( "</strong>\n", "</p>\n" ), $m[2] ) ), ENT_QUOTES ) );
};

// What the adapter's code would call.
$st                   = 'WP\\MCP\\Domain\\Utils\\SchemaTransformer';
$an                   = 'WP\\MCP\\Domain\\Utils\\AbilityArgumentNormalizer';
if ( ! class_exists( $st ) ) { // no adapter, and we do not define its classes either
	$out['class_files']  = null;
	$out['status_after'] = Accelerator::status();
	$out['site_health']  = \McpNative\Plugin\Admin\SiteHealth::adapter_result( $out['status_after'] );
	$out['status_page_adapter'] = $status_page_adapter();
	echo wp_json_encode( $out, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION );
	return;
}
$out['transform']     = array(
	'flattened'     => $st::transform_to_object_schema( array( 'type' => 'string', 'sanitize_callback' => 'sanitize_text_field' ) ),
	'nested_empty'  => $st::transform_to_object_schema( array( 'type' => 'object', 'properties' => array( 'opts' => array( 'type' => 'object', 'properties' => array() ) ) ) ),
	'null'          => $st::transform_to_object_schema( null ),
	'output'        => $st::transform_to_object_schema( array( 'type' => 'integer' ), 'result' ),
);
$deep = array( 'type' => 'string' );
for ( $i = 0; $i < 200; $i++ ) {
	$deep = array( 'type' => 'array', 'items' => $deep );
}
$out['transform']['too_deep'] = $st::transform_to_object_schema( $deep );

$ability = static fn( array $extra ) => new WP_Ability(
	'mcpn-fake/ability',
	$extra + array(
		'label'               => 'L',
		'description'         => 'D',
		'category'            => 'mcp-native-tests',
		'execute_callback'    => '__return_null',
		'permission_callback' => '__return_true',
	)
);
$object_schema  = $ability( array( 'input_schema' => array( 'type' => 'object', 'properties' => array( 'a' => array( 'type' => 'string' ) ) ) ) );
$default_schema = $ability( array( 'input_schema' => array( 'type' => 'object', 'default' => array( 'a' => 'x' ) ) ) );
$no_schema      = $ability( array() );
$array_schema   = $ability( array( 'input_schema' => array( 'type' => 'array', 'items' => array( 'type' => 'string' ) ) ) );
$nullable       = $ability( array( 'input_schema' => array( 'type' => array( 'null', 'object' ) ) ) );
$out['normalize'] = array(
	'object_null'     => $an::normalize( $object_schema, null ),
	'object_empty'    => $an::normalize( $object_schema, array() ),
	'object_value'    => $an::normalize( $object_schema, array( 'a' => 'b' ) ),
	'default_empty'   => $an::normalize( $default_schema, array() ),
	'no_schema_empty' => $an::normalize( $no_schema, array() ),
	'no_schema_str'   => $an::normalize( $no_schema, 'x' ),
	'array_null'      => $an::normalize( $array_schema, null ),
	'array_empty'     => $an::normalize( $array_schema, array() ),
	'nullable_null'   => $an::normalize( $nullable, null ),
	'nullable_empty'  => $an::normalize( $nullable, array() ),
);

$out['class_files'] = array(
	'SchemaTransformer'         => ( new ReflectionClass( $st ) )->getFileName(),
	'AbilityArgumentNormalizer' => ( new ReflectionClass( $an ) )->getFileName(),
);
$out['status_after'] = Accelerator::status();
$out['site_health']  = \McpNative\Plugin\Admin\SiteHealth::adapter_result( $out['status_after'] );
$out['status_page_adapter'] = $status_page_adapter();
echo wp_json_encode( $out, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION );
