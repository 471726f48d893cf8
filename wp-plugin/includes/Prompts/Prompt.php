<?php
/**
 * An MCP prompt backed by an ability.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Prompts;

use McpNative\Plugin\AbilityInvocation;
use McpNative\Plugin\JsonRpc\JsonRpcError;

/**
 * prompts/get runs the ability with the client's arguments and turns its value into messages
 * (PromptMessages). Built by PromptFactory.
 */
final class Prompt {

	/**
	 * @param \WP_Ability                      $ability     The ability.
	 * @param string                           $name        MCP name.
	 * @param string                           $title       Title ('' = none).
	 * @param string                           $description Description ('' = none).
	 * @param list<array<string, string|bool>> $arguments   PromptArgument entries.
	 * @param array<int, array>                $icons       Icons.
	 * @param array<string, mixed>             $meta        `_meta`.
	 * @param array<string, mixed>             $input       AbilityInvocation::input() of the ability.
	 */
	public function __construct(
		public readonly \WP_Ability $ability,
		public readonly string $name,
		public readonly string $title = '',
		public readonly string $description = '',
		public readonly array $arguments = array(),
		public readonly array $icons = array(),
		public readonly array $meta = array(),
		private readonly array $input = array()
	) {}

	/**
	 * The prompts/list entry.
	 *
	 * @return array<string, mixed>
	 */
	public function descriptor(): array {
		$entry = array( 'name' => $this->name );
		if ( '' !== $this->title ) {
			$entry['title'] = $this->title;
		}
		if ( '' !== $this->description ) {
			$entry['description'] = $this->description;
		}
		if ( array() !== $this->arguments ) {
			$entry['arguments'] = $this->arguments;
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
	 * Runs the ability: its value, or the WP_Error it refused or failed with (an InputRound runs
	 * this, so that what the ability asked for is seen before any error is raised).
	 *
	 * @param array<string, mixed> $arguments The client's arguments.
	 * @param string               $profile   Argument profile.
	 */
	public function run( array $arguments, string $profile ): mixed {
		return AbilityInvocation::run( $this->ability, $arguments, $this->input['adapter_meta'] ?? array(), $profile );
	}

	/**
	 * The GetPromptResult of what run() returned.
	 *
	 * @return array{messages: list<array<string, mixed>>, description?: string}
	 * @throws JsonRpcError When the ability refused or failed.
	 */
	public function result( mixed $value ): array {
		if ( $value instanceof \WP_Error ) {
			throw AbilityInvocation::to_rpc_error( $value );
		}
		return PromptMessages::from_result( $value, $this->description );
	}

	/**
	 * Whether the prompt declares an argument of this name.
	 */
	public function has_argument( string $name ): bool {
		return in_array( $name, array_column( $this->arguments, 'name' ), true );
	}

	/**
	 * The JSON Schema of one argument (for completion), or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function argument_schema( string $argument ): ?array {
		$schema = $this->input['schema']['properties'][ $argument ] ?? null;
		return is_array( $schema ) ? $schema : null;
	}
}
