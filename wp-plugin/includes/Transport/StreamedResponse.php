<?php
/**
 * The REST response of a POST answered as an SSE stream.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

/**
 * Everything was written by SseStream: no body and no headers are left for the REST server
 * (its headers would come after the body has started).
 */
final class StreamedResponse extends \WP_REST_Response {

	public function __construct() {
		parent::__construct( null, 200 );
	}

	/**
	 * @return array<string, string>
	 */
	public function get_headers() {
		return array();
	}
}
