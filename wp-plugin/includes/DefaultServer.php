<?php
/**
 * The default server: three meta tools over every public ability.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Control\Exposure;
use McpNative\Plugin\Tools\AbilityInvoker;
use McpNative\Plugin\Pagination\DiscoverPage;
use McpNative\Plugin\Tools\CallbackTool;
use McpNative\Plugin\Tools\Tool;

/**
 * At /wp-json/mcp/mcp-adapter-default-server (the official adapter's path, so configured clients
 * connect unchanged), with the adapter's tool names. Only public abilities (AbilityMeta::is_public)
 * (whose meta.mcp.type, if any, is not resource/prompt) are discoverable or executable.
 * Execute passes `parameters` to the ability in the ability's own schema shape (no wrapping),
 * normalized first and checked under the server's argument profile (filter
 * `mcp_native_default_server_profile`, 'standard' by default); violation paths point into the
 * tool's arguments (/parameters/…). Like every server, it also offers the site-context tool.
 */
final class DefaultServer {

	public const ID        = 'mcp-adapter-default-server';
	public const NAMESPACE = 'mcp';
	public const ROUTE     = 'mcp-adapter-default-server';

	public const DISCOVER = 'mcp-adapter-discover-abilities';
	public const GET_INFO = 'mcp-adapter-get-ability-info';
	public const EXECUTE  = 'mcp-adapter-execute-ability';

	/** The `error` member of the meta tools' results: present when the call failed. */
	private const ERROR_SCHEMA = array(
		'type'        => 'object',
		'description' => 'Present when the call failed',
		'properties'  => array(
			'code'    => array( 'type' => 'string' ),
			'message' => array( 'type' => 'string' ),
			'data'    => array(),
		),
		'required'    => array( 'code', 'message' ),
	);

	/**
	 * Registers the default server unless disabled by the `mcp_native_default_server_enabled` filter.
	 */
	public static function register( ServerRegistry $registry ): ?Server {
		/**
		 * Filters whether the default server is served.
		 *
		 * @param bool $enabled Default true.
		 */
		if ( ! apply_filters( 'mcp_native_default_server_enabled', true ) ) {
			return null;
		}
		/**
		 * Filters the argument profile of the default server's execute tool.
		 *
		 * @param string $profile 'standard' (default) or 'strict'.
		 */
		$profile = apply_filters( 'mcp_native_default_server_profile', ArgumentProfile::STANDARD );
		if ( ! ArgumentProfile::is_valid( $profile ) ) {
			Logger::warning(
				'Filter mcp_native_default_server_profile returned an unknown profile; using standard',
				array( 'profile' => is_scalar( $profile ) ? (string) $profile : gettype( $profile ) )
			);
			$profile = ArgumentProfile::STANDARD;
		}
		$server = $registry->create_server(
			self::ID,
			array(
				'namespace'     => self::NAMESPACE,
				'route'         => self::ROUTE,
				'name'          => 'mcp-native-default-server',
				'version'       => defined( 'MCP_NATIVE_PLUGIN_VERSION' ) ? MCP_NATIVE_PLUGIN_VERSION : '0.0.0',
				'description'   => 'WordPress abilities exposed to MCP. Call mcp-adapter-discover-abilities to list them, mcp-adapter-get-ability-info for an input schema, then mcp-adapter-execute-ability with "parameters" in that schema\'s shape.',
				'builtin_tools' => self::tools( $profile ),
				'profile'       => $profile,
				// Public resource and prompt abilities, as the official adapter serves them.
				'resources'     => static fn() => AbilityMeta::public_names( AbilityMeta::RESOURCE ),
				'prompts'       => static fn() => AbilityMeta::public_names( AbilityMeta::PROMPT ),
			)
		);
		return $server instanceof Server ? $server : null;
	}

	/**
	 * @param string $profile Argument profile of the execute tool.
	 * @return Tool[]
	 */
	public static function tools( string $profile = ArgumentProfile::STANDARD ): array {
		return array( self::discover_tool(), self::get_info_tool(), self::execute_tool( $profile ) );
	}

	/** The structured result of a failed discover or get-info call: the error alone. */
	private static function error_only( array $error ): array {
		return array( 'error' => $error );
	}

	private static function discover_tool(): CallbackTool {
		return new CallbackTool(
			self::DISCOVER,
			'Discover Abilities',
			'List the WordPress abilities available through MCP on this site, with their names, labels and descriptions.',
			array(
				'type'       => 'object',
				'properties' => DiscoverPage::input_properties(),
			),
			array(
				'type'       => 'object',
				'properties' => DiscoverPage::output_properties() + array(
					'abilities' => array(
						'type'  => 'array',
						'items' => array(
							'type'       => 'object',
							'properties' => array(
								'name'        => array( 'type' => 'string' ),
								'label'       => array( 'type' => 'string' ),
								'description' => array( 'type' => 'string' ),
							),
							'required'   => array( 'name', 'label', 'description' ),
						),
					),
					'error'     => self::ERROR_SCHEMA,
				),
			),
			array(
				'readOnlyHint'   => true,
				'destructiveHint' => false,
				'idempotentHint' => true,
				'title'          => 'Discover Abilities',
			),
			array( self::class, 'discover' ),
			self::error_only( ... )
		);
	}

	private static function get_info_tool(): CallbackTool {
		return new CallbackTool(
			self::GET_INFO,
			'Get Ability Info',
			'Get the details of one ability: label, description, input schema (the shape "parameters" must have when executing it), output schema and metadata.',
			array(
				'type'       => 'object',
				'properties' => array(
					'ability_name' => array(
						'type'        => 'string',
						'description' => 'The full name of the ability, e.g. "my-plugin/my-ability"',
					),
				),
				'required'   => array( 'ability_name' ),
			),
			array(
				'type'       => 'object',
				'properties' => array(
					'name'          => array( 'type' => 'string' ),
					'label'         => array( 'type' => 'string' ),
					'description'   => array( 'type' => 'string' ),
					'input_schema'  => array(
						'type'        => 'object',
						'description' => 'JSON Schema of the ability input ("parameters" of the execute tool)',
					),
					'output_schema' => array(
						'type'        => 'object',
						'description' => 'JSON Schema of the ability output',
					),
					'meta'          => array(
						'type'        => 'object',
						'description' => 'Ability metadata',
					),
					'error'         => self::ERROR_SCHEMA,
				),
			),
			array(
				'readOnlyHint'   => true,
				'destructiveHint' => false,
				'idempotentHint' => true,
				'title'          => 'Get Ability Info',
			),
			array( self::class, 'get_info' ),
			self::error_only( ... )
		);
	}

	/** @param string $profile Argument profile the parameters are checked under. */
	private static function execute_tool( string $profile ): CallbackTool {
		return new CallbackTool(
			self::EXECUTE,
			'Execute Ability',
			'Execute a WordPress ability. "parameters" must have the shape of the ability\'s input schema (see mcp-adapter-get-ability-info): an object for object schemas, the bare value for single-value schemas; omit it for abilities without input.',
			array(
				'type'       => 'object',
				'properties' => array(
					'ability_name' => array(
						'type'        => 'string',
						'description' => 'The full name of the ability to execute',
					),
					'parameters'   => array(
						'type'        => array( 'object', 'array', 'string', 'number', 'integer', 'boolean', 'null' ),
						'description' => 'Input for the ability, in the shape of its input schema',
					),
				),
				'required'   => array( 'ability_name' ),
			),
			array(
				'type'       => 'object',
				'properties' => array(
					'success' => array( 'type' => 'boolean' ),
					'data'    => array( 'description' => 'The value the ability returned' ),
					'error'   => self::ERROR_SCHEMA,
				),
				'required'   => array( 'success' ),
			),
			array(
				'readOnlyHint'   => false,
				'destructiveHint' => true,
				'idempotentHint' => false,
				'title'          => 'Execute Ability',
			),
			static fn( array $arguments ): array|\WP_Error => self::execute( $arguments, $profile ),
			static fn( array $error ): array => array(
				'success' => false,
				'error'   => $error,
			)
		);
	}

	/**
	 * Whether an ability is exposed through the default server.
	 */
	public static function is_public( \WP_Ability $ability ): bool {
		if ( AbilityMeta::TOOL !== AbilityMeta::type( $ability ) ) {
			return false;
		}
		// The site owner's choice (Tools → MCP Abilities) wins over the ability's meta.
		return Exposure::exposes( self::ID, $ability->get_name(), AbilityMeta::is_public( $ability ) );
	}

	/**
	 * Every ability the default server exposes (discover lists them; listed as direct tools too when
	 * the owner chose so).
	 *
	 * @return list<string>
	 */
	public static function exposed_ability_names(): array {
		$names = array();
		foreach ( function_exists( 'wp_get_abilities' ) ? wp_get_abilities() : array() as $ability ) {
			if ( $ability instanceof \WP_Ability && self::is_public( $ability ) ) {
				$names[] = $ability->get_name();
			}
		}
		return $names;
	}

	/**
	 * discover-abilities: one page, optionally filtered by category or name prefix.
	 *
	 * @param array<string, mixed> $arguments category?, name_prefix?, cursor?
	 */
	public static function discover( array $arguments ): array|\WP_Error {
		return DiscoverPage::discover( $arguments, array( self::class, 'is_public' ), self::ID );
	}

	/**
	 * get-ability-info.
	 *
	 * @param array<string, mixed> $arguments ability_name.
	 */
	public static function get_info( array $arguments ): array|\WP_Error {
		$ability = self::find_public( $arguments['ability_name'] ?? null );
		if ( $ability instanceof \WP_Error ) {
			return $ability;
		}
		try {
			$info = array(
				'name'         => $ability->get_name(),
				'label'        => $ability->get_label(),
				'description'  => $ability->get_description(),
				'input_schema' => SchemaEncoder::ability_schema( $ability->get_input_schema() ),
			);
			$output_schema = $ability->get_output_schema();
			if ( array() !== $output_schema ) {
				$info['output_schema'] = SchemaEncoder::ability_schema( $output_schema );
			}
		} catch ( \McpNative\SchemaException $e ) {
			return new \WP_Error( 'mcp_native_schema_invalid', sprintf( 'The schemas of %s cannot be sent: %s', $ability->get_name(), $e->getMessage() ) );
		}
		$meta         = Json::safe_data( $ability->get_meta() );
		$info['meta'] = ( is_array( $meta ) && array() !== $meta ) ? $meta : new \stdClass();
		return $info;
	}

	/**
	 * execute-ability.
	 *
	 * @param array<string, mixed> $arguments ability_name, parameters.
	 * @param string               $profile   Argument profile for the parameters.
	 */
	public static function execute( array $arguments, string $profile = ArgumentProfile::STANDARD ): array|\WP_Error {
		$ability = self::find_public( $arguments['ability_name'] ?? null );
		if ( $ability instanceof \WP_Error ) {
			return $ability;
		}
		// Violation paths point into the tool's arguments: /parameters/…
		$result = ( new AbilityInvoker( $profile, '/parameters' ) )->invoke( $ability, $arguments['parameters'] ?? null );
		if ( $result instanceof \WP_Error ) {
			return $result;
		}
		return array(
			'success' => true,
			'data'    => $result,
		);
	}

	/**
	 * A public ability by name, or the WP_Error explaining why not.
	 */
	private static function find_public( mixed $name ): \WP_Ability|\WP_Error {
		if ( ! is_string( $name ) || '' === trim( $name ) ) {
			return new \WP_Error( 'missing_ability_name', 'Ability name is required' );
		}
		$name    = trim( $name );
		$ability = wp_has_ability( $name ) ? wp_get_ability( $name ) : null;
		// A private ability is refused exactly like a missing one: a refusal must not reveal that
		// it exists (the official adapter answers ability_not_public_mcp here).
		if ( ! $ability instanceof \WP_Ability || ! self::is_public( $ability ) ) {
			return new \WP_Error( 'ability_not_found', sprintf( "Ability '%s' not found", $name ) );
		}
		return $ability;
	}
}
