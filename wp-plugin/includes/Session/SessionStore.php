<?php
/**
 * Sessions stored in the database (user meta), so any PHP worker or web node can serve any request.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Session;

use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Logger;

/**
 * One user-meta row per session: no shared array to race on, no per-process state. A session
 * belongs to one user and one server; presented by anyone else it does not exist. Sessions
 * expire after a sliding idle time.
 *
 * User meta is shared by every site of a multisite network, so there the key names the site
 * (`_mcp_native_session_<blog_id>_<uuid>`; single sites: `_mcp_native_session_<uuid>`): each
 * site counts, caps and expires only its own sessions, with its own filters.
 */
final class SessionStore {

	public const META_PREFIX = '_mcp_native_session_';

	/** Longest clientInfo.name kept (bytes, cut on a character boundary). */
	public const MAX_CLIENT_NAME_BYTES = 200;

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
	 * The meta key prefix of this site's sessions.
	 */
	public static function key_prefix(): string {
		return is_multisite() ? self::META_PREFIX . get_current_blog_id() . '_' : self::META_PREFIX;
	}

	/**
	 * A client-supplied name cut to MAX_CLIENT_NAME_BYTES without splitting a UTF-8 character
	 * (invalid UTF-8 is dropped first).
	 */
	public static function client_name( string $name ): string {
		$name = wp_check_invalid_utf8( $name, true );
		if ( strlen( $name ) <= self::MAX_CLIENT_NAME_BYTES ) {
			return $name;
		}
		$cut = substr( $name, 0, self::MAX_CLIENT_NAME_BYTES );
		// A prefix of valid UTF-8 is invalid only when it ends inside a character (at most 3 bytes).
		for ( $i = 0; $i < 3 && 1 !== preg_match( '//u', $cut ); ++$i ) {
			$cut = substr( $cut, 0, -1 );
		}
		return $cut;
	}

	/**
	 * Whether a string can be a session id at all (visible ASCII, bounded length).
	 */
	public static function is_valid_id( string $id ): bool {
		return 1 === preg_match( '/^[A-Za-z0-9-]{8,64}$/', $id );
	}

	/**
	 * Opens a session for a user.
	 *
	 * @throws JsonRpcError Internal error when the database did not store the session: an id the
	 *                      server cannot find again would only make the client loop on "session not found".
	 */
	/**
	 * @param list<string> $client_capabilities What the client can be asked for (elicitation, sampling, roots).
	 */
	public function create( int $user_id, string $server_id, string $protocol_version, string $client_name = '', string $client_version = '', array $client_capabilities = array() ): Session {
		$this->collect_garbage( $user_id, self::max_sessions_per_user() - 1 );
		$now     = time();
		$session = new Session( wp_generate_uuid4(), $user_id, self::scope( $server_id ), $protocol_version, $now, $now, self::client_name( $client_name ), null, self::client_name( $client_version ), $client_capabilities );
		if ( false === add_user_meta( $user_id, self::key_prefix() . $session->id, $session->to_array(), true ) ) {
			Logger::error(
				'The MCP session could not be stored (user meta write failed)',
				array(
					'user'   => $user_id,
					'server' => $server_id,
				)
			);
			throw new JsonRpcError( ErrorCode::INTERNAL_ERROR, 'Internal error: the session could not be stored; try again', 500 );
		}
		return $session;
	}

	/**
	 * Finds a live session of this user on this server; refreshes its last-seen time.
	 */
	public function find( int $user_id, string $server_id, string $session_id ): ?Session {
		if ( $user_id <= 0 || ! self::is_valid_id( $session_id ) ) {
			return null;
		}
		$key     = self::key_prefix() . $session_id;
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
			$session = $session->seen_at( $now );
			update_user_meta( $user_id, $key, $session->to_array() );
		}
		return $session;
	}

	/**
	 * Stores the log level a client set with logging/setLevel.
	 */
	public function set_log_level( Session $session, string $level ): void {
		$updated = $session->with_log_level( $level );
		update_user_meta( $session->user_id, self::key_prefix() . $session->id, $updated->to_array() );
	}

	/**
	 * Ends a session. Returns false when it did not exist.
	 */
	public function delete( int $user_id, string $server_id, string $session_id ): bool {
		if ( null === $this->find( $user_id, $server_id, $session_id ) ) {
			return false;
		}
		return delete_user_meta( $user_id, self::key_prefix() . $session_id );
	}

	/**
	 * Drops this site's expired sessions of a user and the least recently used beyond $keep.
	 * Other sites' sessions (multisite) are neither counted nor touched.
	 */
	public function collect_garbage( int $user_id, int $keep ): void {
		$all = get_user_meta( $user_id );
		if ( ! is_array( $all ) ) {
			return;
		}
		$now    = time();
		$ttl    = self::ttl();
		$prefix = self::key_prefix();
		$live   = array();
		foreach ( $all as $key => $values ) {
			if ( ! is_string( $key ) || ! str_starts_with( $key, $prefix ) ) {
				continue;
			}
			$session_id = substr( $key, strlen( $prefix ) );
			if ( ! self::is_valid_id( $session_id ) ) {
				continue; // another site's key: "<blog_id>_<uuid>" (ids have no underscore)
			}
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
