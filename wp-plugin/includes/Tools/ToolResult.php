<?php
/**
 * A tools/call result.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\Json;

/**
 * Success: one JSON text item plus structuredContent (always a JSON object: other values are
 * wrapped as {"result": …}). Error: isError true, the message as text, and the error's code and
 * data in structuredContent {"error": {code, message, data}} — or, when the tool's outputSchema
 * would not accept that, in `_meta["mcp-native/error"]` (clients validate structuredContent
 * against the outputSchema even on errors).
 */
final class ToolResult {

	public const ERROR_META_KEY = 'mcp-native/error';

	/**
	 * @param array<string, mixed> $payload The CallToolResult.
	 */
	private function __construct( private array $payload ) {}

	/**
	 * A successful result.
	 *
	 * @param mixed $value The tool's value (after output wrapping; an empty object as stdClass).
	 * @param Tool  $tool  The tool.
	 */
	public static function success( mixed $value, Tool $tool ): self {
		$canonical = Json::canonicalize( $value, $ok, $json );
		if ( ! $ok ) {
			return self::error(
				'mcp_native_unencodable_result',
				'The tool returned a value that cannot be encoded as JSON.',
				null,
				$tool
			);
		}
		if ( $canonical instanceof \stdClass ) {
			$structured = $canonical;
			$text       = $json;
		} else {
			$structured = (object) array( 'result' => $canonical );
			$text       = '{"result":' . $json . '}';
		}
		return new self(
			array(
				'content'           => array(
					array(
						'type' => 'text',
						'text' => (string) $text,
					),
				),
				'structuredContent' => $structured,
				'isError'           => false,
			)
		);
	}

	/**
	 * An execution error.
	 *
	 * @param string $code    Machine-readable code.
	 * @param string $message Human-readable message (the text content).
	 * @param mixed  $data    Extra data; reduced to JSON-safe scalars/arrays.
	 * @param Tool   $tool    The tool.
	 */
	public static function error( string $code, string $message, mixed $data, Tool $tool ): self {
		if ( '' === trim( $message ) ) {
			$message = $code;
		}
		$error = array(
			'code'    => $code,
			'message' => $message,
		);
		$data = Json::safe_data( $data );
		if ( is_array( $data ) ) {
			unset( $data['status'] ); // An HTTP status hint from REST code means nothing here.
		}
		if ( null !== $data && array() !== $data ) {
			$error['data'] = $data;
		}
		$error_json = Json::canonicalize( $error, $ok );
		if ( ! $ok ) {
			$error_json = Json::canonicalize(
				array(
					'code'    => $code,
					'message' => 'Tool execution failed.',
				)
			);
		}

		$payload    = array(
			'content' => array(
				array(
					'type' => 'text',
					'text' => $error_json->message,
				),
			),
			'isError' => true,
		);
		$structured = $tool->error_structured_content( Json::to_array( $error_json ) );
		if ( null !== $structured ) {
			$payload['structuredContent'] = Json::canonicalize( $structured );
		} else {
			$payload['_meta'] = (object) array( self::ERROR_META_KEY => $error_json );
		}
		return new self( $payload );
	}

	/**
	 * An error from a WP_Error (first code, its message and data).
	 */
	public static function from_wp_error( \WP_Error $error, Tool $tool ): self {
		$code = $error->get_error_code();
		return self::error(
			'' === $code ? 'error' : (string) $code,
			$error->get_error_message(),
			$error->get_error_data(),
			$tool
		);
	}

	public function is_error(): bool {
		return true === $this->payload['isError'];
	}

	/**
	 * The CallToolResult.
	 *
	 * @return array<string, mixed>
	 */
	public function to_array(): array {
		return $this->payload;
	}
}
