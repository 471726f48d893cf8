<?php
/**
 * A JSON-RPC error together with the HTTP status it is sent with.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\JsonRpc;

/**
 * Thrown inside the request pipeline, turned into a response by the transport.
 */
final class JsonRpcError extends \Exception {

	/**
	 * @param int                   $rpc_code    JSON-RPC error code.
	 * @param string                $rpc_message Message.
	 * @param int                   $http_status HTTP status of the response carrying it.
	 * @param mixed                 $data        Optional `data` member (omitted when null).
	 * @param string|int|float|null $id          Request id, when known.
	 */
	public function __construct(
		public readonly int $rpc_code,
		public readonly string $rpc_message,
		public readonly int $http_status = 200,
		public readonly mixed $data = null,
		public readonly string|int|float|null $id = null
	) {
		parent::__construct( $rpc_message, 0 );
	}

	/**
	 * The same error for another request id.
	 *
	 * @param string|int|float|null $id Request id.
	 */
	public function with_id( string|int|float|null $id ): self {
		return new self( $this->rpc_code, $this->rpc_message, $this->http_status, $this->data, $id );
	}

	/**
	 * The `error` member.
	 *
	 * @return array<string, mixed>
	 */
	public function error_object(): array {
		$error = array(
			'code'    => $this->rpc_code,
			'message' => $this->rpc_message,
		);
		if ( null !== $this->data ) {
			$error['data'] = $this->data;
		}
		return $error;
	}

	/**
	 * The full JSON-RPC error response body.
	 *
	 * @return array<string, mixed>
	 */
	public function to_response(): array {
		return array(
			'jsonrpc' => '2.0',
			'id'      => $this->id,
			'error'   => $this->error_object(),
		);
	}
}
