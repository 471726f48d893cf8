<?php
/**
 * A tool backed by a WordPress ability (a custom server's direct tool).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\ArgumentProfile;
use McpNative\Plugin\Contract;

/**
 * Arguments are unwrapped (flattened input schemas), run by the AbilityInvoker under the
 * server's argument profile (violation paths point into the tool's arguments), and the value is
 * wrapped (flattened output schemas) after.
 */
final class AbilityTool extends Tool {

	/**
	 * @param \WP_Ability          $ability      The ability.
	 * @param array<string, mixed> $adapter_meta input_schema_transformed, input_schema_wrapper, output_schema_transformed, output_schema_wrapper.
	 * @param string               $name         MCP name.
	 * @param string               $title        Title.
	 * @param string               $description  Description.
	 * @param array<string, mixed> $input_schema Wire input schema.
	 * @param array|null           $output_schema Wire output schema.
	 * @param array<string, mixed> $annotations  Annotations.
	 * @param array<string, mixed> $meta         _meta.
	 * @param array<int, array>    $icons        Icons.
	 * @param string               $profile      Argument profile (ArgumentProfile::STANDARD or STRICT).
	 */
	public function __construct(
		public readonly \WP_Ability $ability,
		public readonly array $adapter_meta,
		string $name,
		string $title,
		string $description,
		array $input_schema,
		?array $output_schema = null,
		array $annotations = array(),
		array $meta = array(),
		array $icons = array(),
		public readonly string $profile = ArgumentProfile::STANDARD
	) {
		parent::__construct( $name, $title, $description, $input_schema, $output_schema, $annotations, $meta, $icons );
	}

	public function call( array $arguments ): ToolResult {
		$result = AbilityInvoker::invoke_wire( $this->ability, $arguments, $this->adapter_meta, $this->profile );
		if ( $result instanceof \WP_Error ) {
			return ToolResult::from_wp_error( $result, $this );
		}
		return ToolResult::success( Contract::wrap_output_if_needed( $result, $this->adapter_meta ), $this );
	}
}
