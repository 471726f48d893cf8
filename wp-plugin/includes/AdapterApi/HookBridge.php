<?php
/**
 * The official adapter's documented filters, mapped onto MCP Native's while the adapter is absent.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\AdapterApi;

/**
 * On rest_api_init (before the servers are built), each adapter filter that has callbacks is
 * bridged onto its MCP Native counterpart; a bridge is added only then, so that a site whose
 * plugins use none of them keeps every fast path (an unfiltered tool name, the cached tool list).
 * Adapter filters without a counterpart are reported (Notes); their callbacks do not run.
 */
final class HookBridge {

	/** adapter filter => array( MCP Native filter, bridge method, accepted args ) */
	public const BRIDGED = array(
		'mcp_adapter_create_default_server'                        => array( 'mcp_native_default_server_enabled', 'default_server_enabled', 1 ),
		'mcp_adapter_tool_name'                                    => array( 'mcp_native_tool_name', 'tool_name', 2 ),
		'mcp_adapter_pre_tool_call'                                => array( 'mcp_native_pre_tool_call', 'pre_tool_call', 4 ),
		'mcp_adapter_session_inactivity_timeout'                   => array( 'mcp_native_session_ttl', 'session_ttl', 1 ),
		'mcp_adapter_session_max_per_user'                         => array( 'mcp_native_max_sessions_per_user', 'max_sessions_per_user', 1 ),
		'mcp_adapter_default_transport_permission_user_capability' => array( 'mcp_native_required_capability', 'required_capability', 2 ),
	);

	/** Documented adapter filters that have no MCP Native counterpart (their payloads are the adapter's own objects). */
	public const NOT_BRIDGED = array(
		'mcp_adapter_default_server_config',
		'mcp_adapter_initialize_response',
		'mcp_adapter_tools_list',
		'mcp_adapter_tool_call_result',
		'mcp_adapter_resources_list',
		'mcp_adapter_pre_resource_read',
		'mcp_adapter_resource_read_result',
		'mcp_adapter_prompts_list',
		'mcp_adapter_pre_prompt_get',
		'mcp_adapter_prompt_get_result',
		'mcp_adapter_resource_uri',
		'mcp_adapter_resource_name',
		'mcp_adapter_prompt_name',
		'mcp_adapter_discover_abilities_capability',
		'mcp_adapter_get_ability_info_capability',
		'mcp_adapter_execute_ability_capability',
		'mcp_adapter_is_ability_exposed',
		'mcp_adapter_observability_record_component_registration',
	);

	/**
	 * rest_api_init (priority 9): bridges the hooked adapter filters (again for each REST server).
	 */
	public static function bridge(): void {
		if ( ! AdapterApi::serves_adapter_api() ) {
			return;
		}
		foreach ( self::BRIDGED as $adapter_hook => list( $ours, $method, $accepted_args ) ) {
			remove_filter( $ours, array( self::class, $method ) );
			if ( has_filter( $adapter_hook ) ) {
				add_filter( $ours, array( self::class, $method ), 10, $accepted_args );
			}
		}
		foreach ( self::NOT_BRIDGED as $adapter_hook ) {
			if ( has_filter( $adapter_hook ) ) {
				Notes::add( 'hook:' . $adapter_hook, sprintf( 'The adapter filter %s is hooked, but MCP Native has no counterpart for it: its callbacks do not run.', $adapter_hook ) );
			}
		}
	}

	public static function default_server_enabled( mixed $enabled ): mixed {
		return $enabled ? (bool) apply_filters( 'mcp_adapter_create_default_server', true ) : $enabled;
	}

	public static function tool_name( mixed $name, mixed $ability ): mixed {
		$filtered = apply_filters( 'mcp_adapter_tool_name', $name, $ability );
		return ( is_string( $filtered ) && '' !== $filtered ) ? $filtered : $name;
	}

	/**
	 * The adapter passes its own tool and server objects; MCP Native's are passed here.
	 */
	public static function pre_tool_call( mixed $arguments, mixed $tool_name, mixed $tool, mixed $server ): mixed {
		return apply_filters( 'mcp_adapter_pre_tool_call', $arguments, $tool_name, $tool, $server );
	}

	public static function session_ttl( mixed $ttl ): mixed {
		return apply_filters( 'mcp_adapter_session_inactivity_timeout', $ttl );
	}

	public static function max_sessions_per_user( mixed $max ): mixed {
		return apply_filters( 'mcp_adapter_session_max_per_user', $max );
	}

	/**
	 * The adapter applies its capability filter to servers without a permission callback, with
	 * its request context as second argument (null here).
	 */
	public static function required_capability( mixed $capability, mixed $server_id ): mixed {
		if ( is_string( $server_id ) && AdapterApi::has_permission_callback( $server_id ) ) {
			return $capability;
		}
		$filtered = apply_filters( 'mcp_adapter_default_transport_permission_user_capability', $capability, null );
		return ( is_string( $filtered ) && '' !== $filtered ) ? $filtered : $capability;
	}
}
