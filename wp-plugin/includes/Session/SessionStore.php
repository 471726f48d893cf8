<?php
/**
 * Sessions stored in the database (user meta), so any PHP worker or web node can serve any request.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Session;

/**
 * One user-meta row per session (`_mcp_native_session_<uuid>`): no shared array to race on,
 * no per-process state. A session belongs to one user and one server; presented by anyone
 * else it does not exist. Sessions expire after a sliding idle time.
 */
final class SessionStore {

	public const META_PREFIX = '_mcp_native_session_';

	/** How often (seconds) last-seen is written back, to avoid a DB write per request. */
	private const TOUCH_INTERVAL = 60;

	public static function ttl(): int {
		/**
		 * Filters how long (seconds) an idle MCP session stays valid. Default one day.
		 *
		 * @param int $ttl Seconds.
		 */
		$ttl = (int) apply_filters( 'mcp_native_session_ttl', DAY_IN_SECONDS );
		return max( 1, $ttl );
	}

	public static function max_sessions_per_user(): int {
		/**
		 * Filters how many sessions a user may hold; the least recently used are dropped beyond it.
		 *
		 * @param int $max Default 32.
		 */
		return max( 1, (int) apply_filters( 'mcp_native_max_sessions_per_user', 32 ) );
	}

	/**
	 * What a session is bound to besides its user: the server, and the site on multisite
	 * (user meta is shared by all sites of a network).
	 */
	private static function scope( string $server_id ): string {
		return is_multisite() ? get_current_blog_id() . ':' . $server_id : $server_id;
	}

	/**
	 * Whether a string can be a session id at all (visible ASCII, bounded length).
	 */
	public static function is_valid_id( string $id ): bool {
		return 1 === preg_match( '/^[A-Za-z0-9-]{8,64}$/', $id );
	}

	/**
	 * Opens a session for a user.
	 */
	public function create( int $user_id, string $server_id, string $protocol_version, string $client_name = '' ): Session {
		$this->collect_garbage( $user_id, self::max_sessions_per_user() - 1 );
		$now     = time();
		$session = new Session( wp_generate_uuid4(), $user_id, self::scope( $server_id ), $protocol_version, $now, $now, substr( $client_name, 0, 200 ) );
		update_user_meta( $user_id, self::META_PREFIX . $session->id, $session->to_array() );
		return $session;
	}

	/**
	 * Finds a live session of this user on this server; refreshes its last-seen time.
	 */
	public function find( int $user_id, string $server_id, string $session_id ): ?Session {
		if ( $user_id <= 0 || ! self::is_valid_id( $session_id ) ) {
			return null;
		}
		$key     = self::META_PREFIX . $session_id;
		$session = Session::from_array( $session_id, $user_id, get_user_meta( $user_id, $key, true ) );
		if ( null === $session || $session->server_id !== self::scope( $server_id ) ) {
			return null;
		}
		$now = time();
		if ( $session->last_seen + self::ttl() < $now ) {
			delete_user_meta( $user_id, $key );
			return null;
		}
		if ( $now - $session->last_seen >= self::TOUCH_INTERVAL ) {
			$session = new Session( $session->id, $user_id, $session->server_id, $session->protocol_version, $session->created, $now, $session->client_name );
			update_user_meta( $user_id, $key, $session->to_array() );
		}
		return $session;
	}

	/**
	 * Ends a session. Returns false when it did not exist.
	 */
	public function delete( int $user_id, string $server_id, string $session_id ): bool {
		if ( null === $this->find( $user_id, $server_id, $session_id ) ) {
			return false;
		}
		return delete_user_meta( $user_id, self::META_PREFIX . $session_id );
	}

	/**
	 * Drops expired sessions of a user and the least recently used beyond $keep.
	 */
	public function collect_garbage( int $user_id, int $keep ): void {
		$all = get_user_meta( $user_id );
		if ( ! is_array( $all ) ) {
			return;
		}
		$now  = time();
		$ttl  = self::ttl();
		$live = array();
		foreach ( $all as $key => $values ) {
			if ( ! is_string( $key ) || ! str_starts_with( $key, self::META_PREFIX ) ) {
				continue;
			}
			$session_id = substr( $key, strlen( self::META_PREFIX ) );
			$session    = Session::from_array( $session_id, $user_id, maybe_unserialize( is_array( $values ) ? ( $values[0] ?? null ) : $values ) );
			if ( null === $session || $session->last_seen + $ttl < $now ) {
				delete_user_meta( $user_id, $key );
				continue;
			}
			$live[ $key ] = $session->last_seen;
		}
		if ( count( $live ) > $keep ) {
			asort( $live );
			foreach ( array_slice( array_keys( $live ), 0, count( $live ) - max( 0, $keep ) ) as $key ) {
				delete_user_meta( $user_id, $key );
			}
		}
	}
}
