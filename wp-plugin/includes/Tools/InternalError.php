<?php
/**
 * An error whose detail stays on the server.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\Logger;

/**
 * What an exception (or a TypeError naming a server file and line) becomes for a client: the
 * detail is logged under a fresh id, the client gets a plain message carrying that id (also in
 * `data.error_id`), so a site owner can find the log line a user reports.
 */
final class InternalError {

	/**
	 * @param string $code   Error code (e.g. ability_callback_exception).
	 * @param string $what   What failed, for the message ('Ability "x/y"', 'Tool "z"').
	 * @param string $detail The full detail, for the log only.
	 */
	public static function logged( string $code, string $what, string $detail ): \WP_Error {
		$id = wp_generate_uuid4();
		Logger::error(
			$what . ' threw an exception',
			array(
				'error_id' => $id,
				'code'     => $code,
				'detail'   => $detail,
			)
		);
		return new \WP_Error(
			$code,
			sprintf( '%s failed with an internal error (error id %s; the site\'s log has the details).', $what, $id ),
			array( 'error_id' => $id )
		);
	}

	/**
	 * The detail of a Throwable: class, message, file and line.
	 */
	public static function detail( \Throwable $e ): string {
		return get_class( $e ) . ': ' . $e->getMessage() . ' in ' . $e->getFile() . ':' . $e->getLine();
	}
}
