<?php
/**
 * What the site owner switched on: OAuth, Client ID Metadata Documents, Dynamic Client Registration.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * Stored per site in the option `mcp_native_oauth` (all on by default), then the filter
 * `mcp_native_oauth_settings` (code wins over the screen, for hosts that pin a policy).
 * Lifetimes come from their own filters.
 */
final class Settings {

	public const OPTION = 'mcp_native_oauth';

	public const DEFAULTS = array(
		'enabled' => true,
		'cimd'    => true,
		'dcr'     => true,
	);

	/** @var array<int, array<string, bool>> Per site, for one request. */
	private static array $cache = array();

	/**
	 * @return array{enabled: bool, cimd: bool, dcr: bool}
	 */
	public static function get(): array {
		$blog = get_current_blog_id();
		if ( isset( self::$cache[ $blog ] ) ) {
			return self::$cache[ $blog ];
		}
		$stored   = get_option( self::OPTION, array() );
		$settings = self::DEFAULTS;
		foreach ( array_keys( self::DEFAULTS ) as $key ) {
			if ( is_array( $stored ) && array_key_exists( $key, $stored ) ) {
				$settings[ $key ] = (bool) $stored[ $key ];
			}
		}
		/**
		 * Filters the OAuth settings of this site.
		 *
		 * @param array{enabled: bool, cimd: bool, dcr: bool} $settings As stored (all true by default).
		 */
		$filtered = apply_filters( 'mcp_native_oauth_settings', $settings );
		foreach ( array_keys( self::DEFAULTS ) as $key ) {
			if ( is_array( $filtered ) && array_key_exists( $key, $filtered ) ) {
				$settings[ $key ] = (bool) $filtered[ $key ];
			}
		}
		self::$cache[ $blog ] = $settings;
		return $settings;
	}

	public static function enabled(): bool {
		return self::get()['enabled'];
	}

	/**
	 * Saves the owner's choice (unknown keys ignored).
	 *
	 * @param array<string, mixed> $values enabled, cimd, dcr.
	 */
	public static function save( array $values ): void {
		$settings = array();
		foreach ( array_keys( self::DEFAULTS ) as $key ) {
			$settings[ $key ] = ! empty( $values[ $key ] );
		}
		update_option( self::OPTION, $settings, true );
		self::$cache = array();
	}

	/** Seconds an access token lives. */
	public static function access_ttl(): int {
		/**
		 * Filters the lifetime of OAuth access tokens, in seconds (default one hour; 60 at least).
		 *
		 * @param int $seconds Seconds.
		 */
		return max( 60, (int) apply_filters( 'mcp_native_oauth_access_ttl', HOUR_IN_SECONDS ) );
	}

	/** Seconds a refresh token lives. */
	public static function refresh_ttl(): int {
		/**
		 * Filters the lifetime of OAuth refresh tokens, in seconds (default 30 days; an hour at least).
		 *
		 * @param int $seconds Seconds.
		 */
		return max( HOUR_IN_SECONDS, (int) apply_filters( 'mcp_native_oauth_refresh_ttl', 30 * DAY_IN_SECONDS ) );
	}

	public static function flush(): void {
		self::$cache = array();
	}
}
