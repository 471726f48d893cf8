<?php
/**
 * An MCP tool.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\SiteIdentity;

/**
 * What every tool has: a descriptor (name, title, description, schemas, annotations) and a way
 * to be called with the client's arguments.
 */
abstract class Tool {

	/**
	 * @param string                    $name          MCP name (already sanitized).
	 * @param string                    $title         Human title ('' = none).
	 * @param string                    $description   Description ('' = none).
	 * @param array<string, mixed>      $input_schema  Input schema in its wire encoding (SchemaEncoder::tool_schema).
	 * @param array<string, mixed>|null $output_schema Output schema in its wire encoding, or null.
	 * @param array<string, mixed>      $annotations   MCP annotations.
	 * @param array<string, mixed>      $meta          Tool `_meta`.
	 * @param array<int, array>         $icons         Tool icons.
	 */
	public function __construct(
		public readonly string $name,
		public readonly string $title,
		public readonly string $description,
		public readonly array $input_schema,
		public readonly ?array $output_schema = null,
		public readonly array $annotations = array(),
		public readonly array $meta = array(),
		public readonly array $icons = array()
	) {}

	/**
	 * Calls the tool.
	 *
	 * @param array<string, mixed> $arguments The client's arguments (a JSON object as a PHP array).
	 */
	abstract public function call( array $arguments ): ToolResult;

	public function has_output_schema(): bool {
		return null !== $this->output_schema;
	}

	/**
	 * The structuredContent carrying an error, or null when the output schema would not allow it
	 * (the error then travels in the result's `_meta`).
	 *
	 * @param array<string, mixed> $error {code, message, data?}.
	 */
	public function error_structured_content( array $error ): ?array {
		if ( $this->has_output_schema() ) {
			return null;
		}
		return array( 'error' => $error );
	}

	/**
	 * Whether the tool takes the contract's optional `site_id` argument: every tool does, unless
	 * its own input schema describes a `site_id` property (then that one is the tool's own).
	 */
	public function accepts_site_id(): bool {
		$properties = $this->input_schema['properties'] ?? null;
		if ( $properties instanceof \stdClass ) {
			$properties = get_object_vars( $properties );
		}
		return ! ( is_array( $properties ) && array_key_exists( SiteIdentity::ARGUMENT, $properties ) );
	}

	/**
	 * The input schema as listed: the tool's own, plus the optional `site_id` property.
	 *
	 * @return array<string, mixed>
	 */
	public function listed_input_schema(): array {
		$schema = $this->input_schema;
		if ( ! $this->accepts_site_id() ) {
			return $schema;
		}
		$properties = $schema['properties'] ?? array();
		if ( $properties instanceof \stdClass ) {
			$properties = get_object_vars( $properties );
		}
		if ( ! is_array( $properties ) ) {
			$properties = array();
		}
		$properties[ SiteIdentity::ARGUMENT ] = SiteIdentity::argument_schema();
		$schema['properties']                 = $properties;
		return $schema;
	}

	/**
	 * The tools/list entry (schemas are already in their wire encoding).
	 */
	public function descriptor(): array {
		$tool = array( 'name' => $this->name );
		if ( '' !== $this->title ) {
			$tool['title'] = $this->title;
		}
		if ( '' !== $this->description ) {
			$tool['description'] = $this->description;
		}
		$tool['inputSchema'] = $this->listed_input_schema();
		if ( null !== $this->output_schema ) {
			$tool['outputSchema'] = $this->output_schema;
		}
		if ( array() !== $this->annotations ) {
			$tool['annotations'] = (object) $this->annotations;
		}
		if ( array() !== $this->meta ) {
			$tool['_meta'] = (object) $this->meta;
		}
		if ( array() !== $this->icons ) {
			$tool['icons'] = array_values( $this->icons );
		}
		return $tool;
	}
}
