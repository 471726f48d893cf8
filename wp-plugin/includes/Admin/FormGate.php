<?php
/**
 * The one check every admin form of the plugin passes before it changes anything.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

final class FormGate {

	/**
	 * Adds a page under Tools whose load hook ($on_load) runs before any output (a form's POST is
	 * handled there, then redirected).
	 */
	public static function tools_page( string $title, string $slug, string $capability, callable $render, callable $on_load ): void {
		$hook = add_management_page( $title, $title, $capability, $slug, $render );
		if ( is_string( $hook ) && '' !== $hook ) {
			add_action( 'load-' . $hook, $on_load );
		}
	}

	/** Whether this request is a POST (the form was sent). */
	public static function is_post(): bool {
		return 'POST' === ( $_SERVER['REQUEST_METHOD'] ?? 'GET' ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
	}

	/**
	 * Passes only a request carrying this form's nonce from a user with the capability; anything
	 * else ends in wp_die() (403) with nothing changed.
	 */
	public static function check( string $nonce_action, string $capability, string $refusal ): void {
		check_admin_referer( $nonce_action );
		if ( ! current_user_can( $capability ) ) {
			wp_die( esc_html( $refusal ), '', array( 'response' => 403 ) );
		}
	}
}
