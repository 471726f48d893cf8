<?php
/**
 * The site's identity for MCP clients: a stable, non-secret site_id and the site-context tool.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

use McpNative\Plugin\Tools\CallbackTool;
use McpNative\Plugin\Tools\Tool;

/**
 * `site_id` is a UUID generated once per site (per blog on multisite) and kept in the option
 * `mcp_native_site_id`. It identifies, it does not authorize: every call is still authenticated
 * and scoped to the connection's site. Every tool accepts an optional `site_id` argument; when
 * it names another site the call is refused (site_mismatch) before anything runs.
 */
final class SiteIdentity {

	/** Version of the tool contract served (seed 004). */
	public const CONTRACT_VERSION = 3;

	public const OPTION = 'mcp_native_site_id';

	public const ARGUMENT = 'site_id';

	public const TOOL_NAME = 'mcp-native-get-site-context';

	public const MISMATCH_CODE = 'site_mismatch';

	/**
	 * This site's id, created (and stored) on first use.
	 *
	 * Creation is one conditional write and the answer is always what the database holds after it:
	 * two first requests racing (add_option() is an upsert that reports success to both) still
	 * hand out one id.
	 */
	public static function site_id(): string {
		$id = get_option( self::OPTION );
		if ( self::is_uuid( $id ) ) {
			return strtolower( $id );
		}
		global $wpdb;
		$new = wp_generate_uuid4();
		if ( false === $id ) {
			// Inserted only if no row exists: the first writer wins, later ones change nothing.
			$wpdb->query(
				$wpdb->prepare(
					"INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'on')",
					self::OPTION,
					$new
				)
			);
		} else {
			// A stored value that is not a UUID (edited by hand, corrupted): replace exactly that value,
			// so a concurrent repair is not overwritten.
			$wpdb->query(
				$wpdb->prepare(
					"UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value = %s",
					$new,
					self::OPTION,
					maybe_serialize( $id )
				)
			);
		}
		self::forget_cached_option();
		$stored = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::OPTION ) );
		if ( ! self::is_uuid( $stored ) ) {
			// The database refused the write: this id is not stored, so it would change on the next
			// request. Say so rather than hand out an identity that does not hold.
			throw new \RuntimeException( 'The site_id could not be stored in the options table.' );
		}
		return strtolower( $stored );
	}

	/**
	 * Drops what this request cached about the option (value, "does not exist", autoloaded set).
	 */
	private static function forget_cached_option(): void {
		wp_cache_delete( self::OPTION, 'options' );
		wp_cache_delete( 'notoptions', 'options' );
		wp_cache_delete( 'alloptions', 'options' );
	}

	/**
	 * What the site-context tool returns.
	 *
	 * @return array{contract_version: int, wordpress_version: string, site: array{site_id: string, site_url: string, blog_id: int}}
	 */
	public static function context(): array {
		return array(
			'contract_version'  => self::CONTRACT_VERSION,
			'wordpress_version' => (string) get_bloginfo( 'version' ),
			'site'              => array(
				'site_id'  => self::site_id(),
				'site_url' => (string) get_site_url(),
				'blog_id'  => (int) get_current_blog_id(),
			),
		);
	}

	/**
	 * Checks and removes the optional `site_id` argument of a call. Returns the arguments
	 * without it, or a WP_Error (site_mismatch) when it names another site. A `null` site_id
	 * counts as absent. Tools whose own input schema describes a `site_id` property keep theirs
	 * untouched (it is their argument, not ours).
	 *
	 * @param array<string, mixed> $arguments Tool arguments.
	 * @return array<string, mixed>|\WP_Error
	 */
	public static function check_arguments( array $arguments, Tool $tool ): array|\WP_Error {
		if ( ! $tool->accepts_site_id() || ! array_key_exists( self::ARGUMENT, $arguments ) ) {
			return $arguments;
		}
		$given = $arguments[ self::ARGUMENT ];
		unset( $arguments[ self::ARGUMENT ] );
		if ( null === $given ) {
			return $arguments;
		}
		$site_id = self::site_id();
		if ( is_string( $given ) && strtolower( trim( $given ) ) === $site_id ) {
			return $arguments;
		}
		return new \WP_Error(
			self::MISMATCH_CODE,
			sprintf(
				'Site mismatch: this call names site_id %s, but this endpoint serves site %s (%s). Nothing was run. Call %s to discover this site\'s identity.',
				is_scalar( $given ) ? '"' . self::printable( (string) $given ) . '"' : 'of type ' . gettype( $given ),
				$site_id,
				get_site_url(),
				self::TOOL_NAME
			),
			array(
				'given_site_id' => is_scalar( $given ) ? self::printable( (string) $given ) : null,
				'site_id'       => $site_id,
				'site_url'      => (string) get_site_url(),
			)
		);
	}

	/**
	 * The property every tool's inputSchema gains.
	 *
	 * @return array<string, string>
	 */
	public static function argument_schema(): array {
		return array(
			'type'        => 'string',
			'description' => 'Optional. The site_id returned by ' . self::TOOL_NAME . ': the call is refused (site_mismatch) when it is not this site\'s. Not a credential.',
		);
	}

	/**
	 * The site-context tool (offered by every server).
	 */
	public static function tool(): Tool {
		return new CallbackTool(
			self::TOOL_NAME,
			'Get Site Context',
			'Identify the WordPress site behind this endpoint: contract version, WordPress version and site {site_id, site_url, blog_id}. Pass site_id to any tool to make sure the call reaches this site.',
			array(
				'type'       => 'object',
				'properties' => array(),
			),
			array(
				'type'       => 'object',
				'properties' => array(
					'contract_version'  => array( 'type' => 'integer' ),
					'wordpress_version' => array( 'type' => 'string' ),
					'site'              => array(
						'type'       => 'object',
						'properties' => array(
							'site_id'  => array(
								'type'        => 'string',
								'description' => 'A UUID, stable for this site; not a credential.',
							),
							'site_url' => array( 'type' => 'string' ),
							'blog_id'  => array( 'type' => 'integer' ),
						),
						'required'   => array( 'site_id', 'site_url', 'blog_id' ),
					),
				),
				'required'   => array( 'contract_version', 'wordpress_version', 'site' ),
			),
			array(
				'readOnlyHint'    => true,
				'destructiveHint' => false,
				'idempotentHint'  => true,
				'openWorldHint'   => false,
				'title'           => 'Get Site Context',
			),
			static fn(): array => self::context()
		);
	}

	private static function is_uuid( mixed $value ): bool {
		return is_string( $value ) && 1 === preg_match( '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i', $value );
	}

	/**
	 * A client-supplied value safe to echo in a message (bounded, printable).
	 */
	private static function printable( string $value ): string {
		$value = (string) preg_replace( '/[^\x20-\x7e]/', '?', $value );
		return strlen( $value ) > 80 ? substr( $value, 0, 80 ) . '…' : $value;
	}
}
