<?php
/**
 * A tool implemented by a PHP callable (the default server's meta tools).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Schema\AdapterMeta;
use McpNative\Plugin\SchemaEncoder;

/**
 * Arguments are validated against the input schema (WordPress's JSON Schema validator) before the
 * handler runs; the handler returns the structured value, a WP_Error, or a ToolResult.
 */
final class CallbackTool extends Tool {

	/** @var callable(array): mixed */
	private $handler;

	/** @var (callable(array): ?array)|null */
	private $error_shape;

	/** @var array<string, mixed> The input schema as written, for WordPress's validator. */
	private array $arguments_schema;

	/**
	 * @param string                    $name          MCP name.
	 * @param string                    $title         Title.
	 * @param string                    $description   Description.
	 * @param array<string, mixed>      $input_schema  Input schema (type object), as WordPress's validator reads it.
	 * @param array<string, mixed>|null $output_schema Output schema (type object).
	 * @param array<string, mixed>      $annotations   Annotations.
	 * @param callable                  $handler       fn(array $arguments): mixed|WP_Error|ToolResult.
	 * @param callable|null             $error_shape   fn(array $error): ?array — structuredContent for errors.
	 */
	public function __construct(
		string $name,
		string $title,
		string $description,
		array $input_schema,
		?array $output_schema,
		array $annotations,
		callable $handler,
		?callable $error_shape = null
	) {
		parent::__construct(
			$name,
			$title,
			$description,
			SchemaEncoder::tool_schema( $input_schema, AdapterMeta::INPUT_WRAPPER )['schema'],
			null === $output_schema ? null : SchemaEncoder::tool_schema( $output_schema, AdapterMeta::OUTPUT_WRAPPER )['schema'],
			$annotations
		);
		$this->arguments_schema = $input_schema;
		$this->handler          = $handler;
		$this->error_shape      = $error_shape;
	}

	public function call( array $arguments ): ToolResult {
		$valid = rest_validate_value_from_schema( $arguments, $this->arguments_schema, 'arguments' );
		if ( is_wp_error( $valid ) ) {
			return ToolResult::error( 'invalid_arguments', 'Invalid arguments: ' . $valid->get_error_message(), null, $this );
		}
		try {
			$result = ( $this->handler )( $arguments );
		} catch ( JsonRpcError $e ) {
			throw $e; // A protocol answer (an OAuth scope refusal), not a failure of the tool.
		} catch ( \Throwable $e ) {
			$result = InternalError::logged( 'tool_exception', sprintf( 'Tool "%s"', $this->name ), InternalError::detail( $e ) );
		}
		if ( $result instanceof ToolResult ) {
			return $result;
		}
		if ( $result instanceof \WP_Error ) {
			return ToolResult::from_wp_error( $result, $this );
		}
		return ToolResult::success( $result, $this );
	}

	public function error_structured_content( array $error ): ?array {
		if ( null !== $this->error_shape ) {
			return ( $this->error_shape )( $error );
		}
		return parent::error_structured_content( $error );
	}
}
