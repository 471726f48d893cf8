<?php
/**
 * An MCP resource or resource template backed by an ability.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Resources;

use McpNative\Plugin\AbilityInvocation;
use McpNative\Plugin\JsonRpc\JsonRpcError;

/**
 * A resource has a fixed `uri`; a resource template has a `uriTemplate` whose variables become
 * the ability's arguments when a concrete URI matching it is read. Built by ResourceFactory.
 */
final class Resource {

	/**
	 * @param \WP_Ability           $ability      The ability.
	 * @param string                $uri          The URI, or the template's text.
	 * @param UriTemplate|null      $template     The parsed template (null for a fixed URI).
	 * @param string                $name         Resource name.
	 * @param string                $title        Title ('' = none).
	 * @param string                $description  Description ('' = none).
	 * @param string|null           $mime_type    mimeType.
	 * @param int|null              $size         Size in bytes.
	 * @param array<string, mixed>  $annotations  audience, priority, lastModified.
	 * @param array<int, array>     $icons        Icons.
	 * @param array<string, mixed>  $meta         `_meta`.
	 * @param array<string, mixed>  $input        AbilityInvocation::input() of the ability.
	 */
	public function __construct(
		public readonly \WP_Ability $ability,
		public readonly string $uri,
		public readonly ?UriTemplate $template,
		public readonly string $name,
		public readonly string $title = '',
		public readonly string $description = '',
		public readonly ?string $mime_type = null,
		public readonly ?int $size = null,
		public readonly array $annotations = array(),
		public readonly array $icons = array(),
		public readonly array $meta = array(),
		private readonly array $input = array()
	) {}

	public function is_template(): bool {
		return null !== $this->template;
	}

	/**
	 * The resources/list (or resources/templates/list) entry.
	 *
	 * @return array<string, mixed>
	 */
	public function descriptor(): array {
		$entry = $this->is_template() ? array( 'uriTemplate' => $this->uri ) : array( 'uri' => $this->uri );
		$entry['name'] = $this->name;
		foreach ( array( 'title' => $this->title, 'description' => $this->description ) as $key => $value ) {
			if ( '' !== $value ) {
				$entry[ $key ] = $value;
			}
		}
		if ( null !== $this->mime_type ) {
			$entry['mimeType'] = $this->mime_type;
		}
		if ( null !== $this->size && ! $this->is_template() ) {
			$entry['size'] = $this->size;
		}
		if ( array() !== $this->annotations ) {
			$entry['annotations'] = (object) $this->annotations;
		}
		if ( array() !== $this->icons ) {
			$entry['icons'] = $this->icons;
		}
		if ( array() !== $this->meta ) {
			$entry['_meta'] = (object) $this->meta;
		}
		return $entry;
	}

	/**
	 * The variables of a concrete URI this resource serves, or null: `[]` for its fixed URI.
	 *
	 * @return array<string, string>|null
	 */
	public function match( string $uri ): ?array {
		if ( null === $this->template ) {
			return $uri === $this->uri ? array() : null;
		}
		return $this->template->match( $uri );
	}

	/**
	 * Runs the ability (template variables as its arguments): its value, or the WP_Error it
	 * refused or failed with (an InputRound runs this, so that what the ability asked for is seen
	 * before any error is raised).
	 *
	 * @param array<string, string> $variables From match().
	 * @param string                $profile   Argument profile.
	 */
	public function run( array $variables, string $profile ): mixed {
		return AbilityInvocation::run( $this->ability, $variables, $this->input['adapter_meta'] ?? array(), $profile );
	}

	/**
	 * The contents of what run() returned for the URI read.
	 *
	 * @return list<array<string, mixed>>
	 * @throws JsonRpcError When the ability refused or failed.
	 * @throws \UnexpectedValueException A value that cannot be a resource's contents.
	 */
	public function contents( mixed $value, string $uri ): array {
		if ( $value instanceof \WP_Error ) {
			throw AbilityInvocation::to_rpc_error( $value );
		}
		return ResourceContents::from_result( $value, $uri, $this->mime_type );
	}

	/**
	 * The JSON Schema of one template variable (for completion), or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function variable_schema( string $variable ): ?array {
		$schema = $this->input['schema']['properties'][ $variable ] ?? null;
		return is_array( $schema ) ? $schema : null;
	}
}
