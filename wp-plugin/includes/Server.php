<?php
/**
 * An MCP server: an endpoint with a set of tools.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Control\Exposure;
use McpNative\Plugin\Prompts\Prompt;
use McpNative\Plugin\Prompts\PromptFactory;
use McpNative\Plugin\Resources\Resource;
use McpNative\Plugin\Resources\ResourceFactory;
use McpNative\Plugin\Tools\Tool;
use McpNative\Plugin\Tools\ToolFactory;

/**
 * Served at /wp-json/{namespace}/{route}. Its tools are built lazily, on the first request that
 * needs them, from the listed abilities (each one that fails to convert is skipped and logged)
 * plus any built-in tools, and the site-context tool every server offers (listed last; its name
 * is reserved). Ability tools check their arguments under the server's argument profile.
 */
final class Server {

	/** @var array<string, Tool>|null */
	private ?array $tools = null;

	/** @var list<Resource>|null Resources and resource templates, in the order listed. */
	private ?array $resources = null;

	/** @var array<string, Prompt>|null */
	private ?array $prompts = null;

	/**
	 * @param string   $id            Server id.
	 * @param string   $namespace     REST namespace.
	 * @param string   $route         REST route (no leading slash).
	 * @param string   $name          serverInfo.name.
	 * @param string   $version       serverInfo.version.
	 * @param string   $description   Description (sent as `instructions`).
	 * @param string[] $ability_names Abilities served as direct tools.
	 * @param Tool[]   $builtin_tools Tools not backed by a listed ability.
	 * @param string   $profile       Argument profile of its ability tools: ArgumentProfile::STANDARD or STRICT.
	 * @param string[]|\Closure $resource_abilities Abilities served as resources or resource templates
	 *                                             (a Closure returning the names is called when first needed).
	 * @param string[]|\Closure $prompt_abilities   Abilities served as prompts (same).
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $namespace,
		public readonly string $route,
		public readonly string $name,
		public readonly string $version,
		public readonly string $description = '',
		public readonly array $ability_names = array(),
		private readonly array $builtin_tools = array(),
		public readonly string $profile = ArgumentProfile::STANDARD,
		private readonly array|\Closure $resource_abilities = array(),
		private readonly array|\Closure $prompt_abilities = array()
	) {
		if ( ! ArgumentProfile::is_valid( $profile ) ) {
			throw new \InvalidArgumentException( sprintf( 'Unknown argument profile "%s" (expected %s)', $profile, implode( ' or ', ArgumentProfile::all() ) ) );
		}
	}

	/**
	 * The REST route as WordPress reports it: /{namespace}/{route}.
	 */
	public function rest_route(): string {
		return '/' . trim( $this->namespace, '/' ) . '/' . trim( $this->route, '/' );
	}

	/**
	 * The endpoint URL.
	 */
	public function url(): string {
		return rest_url( ltrim( $this->rest_route(), '/' ) );
	}

	/**
	 * The abilities served as direct tools: the server's list as the owner changed it
	 * (Control\Exposure: some switched off or on; on the default server, every ability it exposes
	 * when the owner chose direct tools).
	 *
	 * @return list<string>
	 */
	public function tool_ability_names(): array {
		$default = DefaultServer::ID === $this->id ? static fn() => DefaultServer::exposed_ability_names() : null;
		return Exposure::tool_abilities( $this->id, $this->ability_names, $default );
	}

	/**
	 * @return array<string, Tool> Tools by MCP name.
	 */
	public function tools(): array {
		if ( null === $this->tools ) {
			$this->tools = $this->build_tools();
		}
		return $this->tools;
	}

	/**
	 * Everything this server's tool list is made of, as plain data (ToolListCache fingerprints
	 * it): the server's id and argument profile, the built-in tools' and the site-context tool's
	 * descriptors, and for each listed ability its name, label, description, schemas and meta
	 * (its name alone for one not registered). Reads no schema beyond returning it.
	 *
	 * @return array<int, mixed>
	 */
	public function tool_sources(): array {
		$builtin = array();
		foreach ( $this->builtin_tools as $tool ) {
			$builtin[] = $tool->descriptor();
		}
		$abilities = array();
		foreach ( $this->tool_ability_names() as $ability_name ) {
			$ability     = function_exists( 'wp_get_ability' ) && wp_has_ability( $ability_name ) ? wp_get_ability( $ability_name ) : null;
			$abilities[] = $ability instanceof \WP_Ability
				? array( $ability->get_name(), $ability->get_label(), $ability->get_description(), $ability->get_input_schema(), $ability->get_output_schema(), $ability->get_meta() )
				: $ability_name;
		}
		return array( $this->id, $this->profile, $builtin, SiteIdentity::tool()->descriptor(), $abilities );
	}

	/**
	 * One tool by MCP name. Builds only that tool (a call must not pay for the whole list) unless
	 * the list is built already or a `mcp_native_server_tools` filter may change it; the answer
	 * is the one tools() would give.
	 */
	public function get_tool( string $name ): ?Tool {
		if ( null !== $this->tools || has_filter( 'mcp_native_server_tools' ) ) {
			return $this->tools()[ $name ] ?? null;
		}
		$builtin = null;
		foreach ( $this->builtin_tools as $tool ) {
			if ( $tool->name === $name ) {
				$builtin = $tool; // The last one of a name wins, as in build_tools().
			}
		}
		if ( null !== $builtin ) {
			return $builtin;
		}
		if ( SiteIdentity::TOOL_NAME === $name ) {
			return SiteIdentity::tool();
		}
		// Only abilities whose name can sanitize to this one are looked at (unless a filter renames tools).
		$key = has_filter( 'mcp_native_tool_name' ) ? null : NameSanitizer::key( $name );
		foreach ( $this->tool_ability_names() as $ability_name ) {
			if ( null !== $key && ! NameSanitizer::may_sanitize_to( $ability_name, $key ) ) {
				continue;
			}
			$ability = function_exists( 'wp_has_ability' ) && wp_has_ability( $ability_name ) ? wp_get_ability( $ability_name ) : null;
			if ( ! $ability instanceof \WP_Ability || ToolFactory::tool_name( $ability, $this->id ) !== $name ) {
				continue;
			}
			// The first ability of this name that converts holds it, as in build_tools().
			$tool = $this->tool_for_ability( $ability_name );
			if ( null !== $tool ) {
				return $tool;
			}
		}
		return null;
	}

	/**
	 * @return list<Resource> Resources and resource templates, each ability once, URIs unique.
	 */
	public function resources(): array {
		if ( null === $this->resources ) {
			$this->resources = array();
			$uris            = array();
			foreach ( $this->abilities_for( $this->resource_abilities, 'resource' ) as $ability ) {
				$resource = ResourceFactory::from_ability( $ability );
				if ( $resource instanceof \WP_Error ) {
					$this->skip( $ability->get_name(), $resource );
				} elseif ( isset( $uris[ $resource->uri ] ) ) {
					$this->skip( $ability->get_name(), new \WP_Error( 'mcp_native_resource_uri_taken', 'its URI is already served on this server: ' . $resource->uri ) );
				} else {
					$uris[ $resource->uri ] = true;
					$this->resources[]      = $resource;
				}
			}
		}
		return $this->resources;
	}

	/**
	 * The resource serving a concrete URI (a fixed URI first, then templates in order) and the
	 * template's variables.
	 *
	 * @return array{0: Resource, 1: array<string, string>}|null
	 */
	public function find_resource( string $uri ): ?array {
		$resources = $this->resources();
		usort( $resources, static fn( Resource $a, Resource $b ): int => (int) $a->is_template() <=> (int) $b->is_template() );
		foreach ( $resources as $resource ) {
			$variables = $resource->match( $uri );
			if ( null !== $variables ) {
				return array( $resource, $variables );
			}
		}
		return null;
	}

	/**
	 * @return array<string, Prompt> Prompts by MCP name.
	 */
	public function prompts(): array {
		if ( null === $this->prompts ) {
			$this->prompts = array();
			foreach ( $this->abilities_for( $this->prompt_abilities, 'prompt' ) as $ability ) {
				$prompt = PromptFactory::from_ability( $ability, $this->id );
				if ( $prompt instanceof \WP_Error ) {
					$this->skip( $ability->get_name(), $prompt );
				} elseif ( isset( $this->prompts[ $prompt->name ] ) ) {
					$this->skip( $ability->get_name(), new \WP_Error( 'mcp_native_prompt_name_taken', 'its MCP prompt name is already taken on this server: ' . $prompt->name ) );
				} else {
					$this->prompts[ $prompt->name ] = $prompt;
				}
			}
		}
		return $this->prompts;
	}

	/**
	 * Registered abilities from a list of names (or a Closure returning one); others are logged.
	 *
	 * @param string[]|\Closure $names
	 * @return list<\WP_Ability>
	 */
	private function abilities_for( array|\Closure $names, string $kind ): array {
		if ( $names instanceof \Closure ) {
			$names = (array) $names();
		}
		$abilities = array();
		foreach ( array_unique( array_filter( $names, 'is_string' ) ) as $name ) {
			$ability = function_exists( 'wp_get_ability' ) && wp_has_ability( $name ) ? wp_get_ability( $name ) : null;
			if ( $ability instanceof \WP_Ability ) {
				$abilities[] = $ability;
			} else {
				Logger::warning_throttled( 'Ability skipped as ' . $kind . ': not registered', array( 'server' => $this->id, 'ability' => $name ) );
			}
		}
		return $abilities;
	}

	private function skip( string $ability_name, \WP_Error $why ): void {
		Logger::warning_throttled(
			'Ability skipped: ' . $why->get_error_message(),
			array(
				'server'  => $this->id,
				'ability' => $ability_name,
				'code'    => $why->get_error_code(),
			)
		);
	}

	/**
	 * @return array<string, Tool>
	 */
	private function build_tools(): array {
		$tools = array();
		foreach ( $this->builtin_tools as $tool ) {
			$tools[ $tool->name ] = $tool;
		}
		$site_context = SiteIdentity::tool();
		foreach ( $this->tool_ability_names() as $ability_name ) {
			$tool = $this->tool_for_ability( $ability_name );
			if ( null === $tool ) {
				continue;
			}
			if ( isset( $tools[ $tool->name ] ) || $site_context->name === $tool->name ) {
				Logger::warning_throttled(
					'Ability skipped: its MCP tool name is already taken on this server',
					array(
						'server'  => $this->id,
						'ability' => $ability_name,
						'tool'    => $tool->name,
					)
				);
				continue;
			}
			$tools[ $tool->name ] = $tool;
		}
		$tools[ $site_context->name ] ??= $site_context;

		/**
		 * Filters a server's tools (MCP name => Tool). Entries that are not Tool objects are dropped.
		 *
		 * @param array<string, Tool> $tools  Tools.
		 * @param Server              $server The server.
		 */
		$filtered = apply_filters( 'mcp_native_server_tools', $tools, $this );
		if ( ! is_array( $filtered ) ) {
			Logger::warning_throttled( 'Filter mcp_native_server_tools returned a non-array; ignored', array( 'server' => $this->id ) );
			return $tools;
		}
		$clean = array();
		foreach ( $filtered as $tool ) {
			if ( $tool instanceof Tool ) {
				$clean[ $tool->name ] = $tool;
			}
		}
		return $clean;
	}

	private function tool_for_ability( string $ability_name ): ?Tool {
		$context = array(
			'server'  => $this->id,
			'ability' => $ability_name,
		);
		if ( ! function_exists( 'wp_has_ability' ) || ! wp_has_ability( $ability_name ) ) {
			Logger::warning_throttled( 'Ability skipped: not registered', $context );
			return null;
		}
		$ability = wp_get_ability( $ability_name );
		if ( ! $ability instanceof \WP_Ability ) {
			Logger::warning_throttled( 'Ability skipped: not registered', $context );
			return null;
		}
		$tool = ToolFactory::from_ability( $ability, $this->id, $this->profile );
		if ( $tool instanceof \WP_Error ) {
			Logger::warning_throttled(
				'Ability skipped: ' . $tool->get_error_message(),
				$context + array( 'code' => $tool->get_error_code() )
			);
			return null;
		}
		return $tool;
	}
}
