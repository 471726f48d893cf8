<?php
/**
 * Where a client's answers to the server's own requests arrive.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

/**
 * At 2025-11-25 a server asks the client mid-request (elicitation/create, sampling/createMessage)
 * on the request's SSE stream; the client answers in a POST of its own, which another PHP worker
 * (or another web node) receives. A box holds only answers to requests it was told to expect.
 */
interface ReplyBox {

	/** A request with this id was sent: its answer may be delivered from now on. */
	public function expect( string $request_id ): void;

	/**
	 * Stores the client's answer (the JSON-RPC response object); false when no request of that
	 * id is awaited (unknown, already answered, or given up).
	 */
	public function deliver( string|int|float|null $request_id, \stdClass $response ): bool;

	/** The answer, once it arrived (removed from the box); null until then. */
	public function take( string $request_id ): ?\stdClass;

	/** No longer awaited (answered, timed out, or the request ended). */
	public function forget( string $request_id ): void;
}
