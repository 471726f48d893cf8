<?php
/**
 * The result of routing one JSON-RPC request.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

/**
 * A JSON-RPC `result` plus, for initialize, the new session id.
 */
final class Outcome {

	public function __construct(
		public readonly mixed $result,
		public readonly ?string $new_session_id = null
	) {}
}
