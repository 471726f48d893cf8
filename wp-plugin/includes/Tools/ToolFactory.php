<?php
/**
 * Abilities to tools.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\AnnotationMapper;
use McpNative\Plugin\ArgumentProfile;
use McpNative\Plugin\NameSanitizer;
use McpNative\Plugin\Schema\AdapterMeta;

/**
 * Builds a direct tool from an ability: MCP-safe name, title from the label, description,
 * schemas in their wire encoding and the adapter meta they imply (Schema\AdapterMeta::of_ability:
 * flattened input wrapped as `input`, output as `result`), annotations mapped.
 */
final class ToolFactory {

	/**
	 * @param \WP_Ability $ability   The ability.
	 * @param string      $server_id Server the tool is built for (passed to the name filter).
	 * @param string      $profile   Argument profile (ArgumentProfile::STANDARD or STRICT).
	 * @return AbilityTool|\WP_Error
	 */
	public static function from_ability( \WP_Ability $ability, string $server_id = '', string $profile = ArgumentProfile::STANDARD ): AbilityTool|\WP_Error {
		try {
			return self::build( $ability, $server_id, $profile );
		} catch ( \Throwable $e ) {
			return new \WP_Error(
				'mcp_native_tool_conversion_failed',
				sprintf( 'Ability %s could not be converted to an MCP tool: %s', $ability->get_name(), $e->getMessage() ),
				array( 'exception' => get_class( $e ) )
			);
		}
	}

	/**
	 * The MCP tool name of an ability on a server: sanitized, then the `mcp_native_tool_name`
	 * filter (its value is validated, not re-sanitized). Cheap: no schema is read.
	 */
	public static function tool_name( \WP_Ability $ability, string $server_id = '' ): string|\WP_Error {
		return NameSanitizer::for_ability( $ability, 'tool', $server_id );
	}

	/**
	 * @throws \Throwable From the contract (SchemaException) or ability code.
	 */
	private static function build( \WP_Ability $ability, string $server_id, string $profile ): AbilityTool|\WP_Error {
		$ability_name = $ability->get_name();
		$name         = self::tool_name( $ability, $server_id );
		if ( $name instanceof \WP_Error ) {
			return $name;
		}

		$schemas = AdapterMeta::of_ability( $ability );

		$meta        = $ability->get_meta();
		$label       = trim( $ability->get_label() );
		$annotations = AnnotationMapper::of( $ability );
		if ( array() !== $annotations && ! isset( $annotations['title'] ) && '' !== $label ) {
			$annotations['title'] = $label;
		}
		$mcp = is_array( $meta['mcp'] ?? null ) ? $meta['mcp'] : array();

		return new AbilityTool(
			$ability,
			$schemas['adapter_meta'],
			$name,
			$label,
			trim( $ability->get_description() ),
			$schemas['input_schema'],
			$schemas['output_schema'],
			$annotations,
			self::tool_meta( $mcp['_meta'] ?? null ),
			self::icons( $mcp['icons'] ?? null, $ability_name ),
			$profile
		);
	}

	/**
	 * meta.mcp._meta, when it is a non-empty map.
	 */
	private static function tool_meta( mixed $meta ): array {
		if ( ! is_array( $meta ) || array() === $meta || array_is_list( $meta ) ) {
			return array();
		}
		return $meta;
	}

	/**
	 * meta.mcp.icons: entries with a string `src`; others are skipped.
	 */
	public static function icons( mixed $icons, string $ability_name ): array {
		if ( ! is_array( $icons ) ) {
			return array();
		}
		$out = array();
		foreach ( array_values( $icons ) as $index => $icon ) {
			if ( ! is_array( $icon ) || ! isset( $icon['src'] ) || ! is_string( $icon['src'] ) || '' === trim( $icon['src'] ) ) {
				\McpNative\Plugin\Logger::warning( 'Invalid icon skipped: an icon needs a src', array( 'ability' => $ability_name, 'index' => $index ) );
				continue;
			}
			$clean = array( 'src' => trim( $icon['src'] ) );
			if ( isset( $icon['mimeType'] ) && is_string( $icon['mimeType'] ) ) {
				$clean['mimeType'] = $icon['mimeType'];
			}
			if ( isset( $icon['sizes'] ) && is_array( $icon['sizes'] ) ) {
				$clean['sizes'] = array_values( array_filter( $icon['sizes'], 'is_string' ) );
			}
			if ( isset( $icon['theme'] ) && in_array( $icon['theme'], array( 'light', 'dark' ), true ) ) {
				$clean['theme'] = $icon['theme'];
			}
			$out[] = $clean;
		}
		return $out;
	}
}
