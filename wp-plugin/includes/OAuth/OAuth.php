<?php
/**
 * OAuth 2.1 for hosted MCP clients, WordPress being the authorization server (docs/OAUTH.md).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

final class OAuth {

	public const CLEANUP_HOOK = 'mcp_native_oauth_cleanup';

	private static bool $booted = false;

	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;
		WellKnown::boot();
		BearerAuth::boot();
		Endpoints::boot();
		Consent::boot();
		Connections::boot();
		ConnectionsPage::boot();
		// A deleted user's grants go with them (their tokens would fail anyway: no such user).
		add_action( 'deleted_user', array( Grants::class, 'revoke_user' ) );
		add_action( 'wpmu_delete_user', array( Grants::class, 'revoke_user' ) );
		add_action( self::CLEANUP_HOOK, array( self::class, 'cleanup' ) );
		add_action( 'init', array( self::class, 'schedule_cleanup' ) );
	}

	/** Once the tables exist: a daily cleanup of expired tokens and stale clients. */
	public static function schedule_cleanup(): void {
		if ( Schema::installed() && ! wp_next_scheduled( self::CLEANUP_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::CLEANUP_HOOK );
		}
	}

	public static function cleanup(): void {
		Tokens::delete_expired();
		Clients::delete_stale();
	}
}
