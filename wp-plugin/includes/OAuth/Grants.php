<?php
/**
 * What users approved: one grant per user, client, site and MCP server.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * A grant carries the scope the user approved and a check value of the user's password hash at
 * that time: a password change (or a deleted user) ends every token of the grant without any
 * hook having to run. Revoking a grant deletes its tokens.
 */
final class Grants {

	/**
	 * The grant a user approves: the existing one for the same client and server is reused (its
	 * scope replaced), so a client authorized twice is listed once.
	 */
	public static function approve( \WP_User $user, string $client_id, string $client_name, string $redirect_host, string $server_route, string $resource, string $scope ): ?Grant {
		global $wpdb;
		Schema::ensure();
		$blog     = get_current_blog_id();
		$existing = $wpdb->get_var( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare( 'SELECT id FROM ' . Schema::grants() . ' WHERE blog_id = %d AND user_id = %d AND client_id = %s AND server_route = %s', $blog, $user->ID, $client_id, $server_route ) // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		);
		$row = array(
			'client_name'   => mb_substr( $client_name, 0, 200 ),
			'redirect_host' => mb_substr( $redirect_host, 0, 191 ),
			'resource'      => $resource,
			'scope'         => $scope,
			'pass_check'    => self::pass_check( $user ),
		);
		if ( null !== $existing ) {
			$wpdb->update( Schema::grants(), $row, array( 'id' => (int) $existing ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			return self::find( (int) $existing );
		}
		$inserted = $wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			Schema::grants(),
			$row + array(
				'blog_id'      => $blog,
				'user_id'      => $user->ID,
				'client_id'    => $client_id,
				'server_route' => $server_route,
				'created_at'   => time(),
			)
		);
		return $inserted ? self::find( (int) $wpdb->insert_id ) : null;
	}

	public static function find( int $id ): ?Grant {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::grants() . ' WHERE id = %d', $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.NotPrepared
		return is_array( $row ) ? Grant::from_row( $row ) : null;
	}

	/**
	 * Grants of this site, newest first: of one user, or of everyone (0).
	 *
	 * @return list<Grant>
	 */
	public static function of_user( int $user_id, int $limit = 200 ): array {
		global $wpdb;
		$table = Schema::grants();
		if ( ! Schema::installed() ) {
			return array();
		}
		$sql  = $user_id > 0
			? $wpdb->prepare( "SELECT * FROM {$table} WHERE blog_id = %d AND user_id = %d ORDER BY id DESC LIMIT %d", get_current_blog_id(), $user_id, $limit ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			: $wpdb->prepare( "SELECT * FROM {$table} WHERE blog_id = %d ORDER BY id DESC LIMIT %d", get_current_blog_id(), $limit ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$rows = $wpdb->get_results( $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.NotPrepared
		return array_map( array( Grant::class, 'from_row' ), is_array( $rows ) ? $rows : array() );
	}

	/** Deletes a grant and every token issued under it. */
	public static function revoke( int $grant_id ): void {
		global $wpdb;
		if ( ! Schema::installed() ) {
			return;
		}
		$wpdb->delete( Schema::tokens(), array( 'grant_id' => $grant_id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->delete( Schema::grants(), array( 'id' => $grant_id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		Tokens::forget_cached();
	}

	/** deleted_user: the user's grants on every site go with them. */
	public static function revoke_user( int $user_id ): void {
		global $wpdb;
		if ( ! Schema::installed() ) {
			return;
		}
		$ids = $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM ' . Schema::grants() . ' WHERE user_id = %d', $user_id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.NotPrepared
		foreach ( $ids as $id ) {
			self::revoke( (int) $id );
		}
	}

	public static function touch( Grant $grant ): void {
		global $wpdb;
		// At most once a minute: a busy client does not write on every request.
		if ( time() - $grant->last_used_at >= MINUTE_IN_SECONDS ) {
			$wpdb->update( Schema::grants(), array( 'last_used_at' => time() ), array( 'id' => $grant->id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		}
	}

	/** A keyed check value of the user's password hash: changes when the password does. */
	public static function pass_check( \WP_User $user ): string {
		return substr( hash_hmac( 'sha256', (string) $user->user_pass, wp_salt( 'auth' ) ), 0, 16 );
	}

	/** Whether the grant's user still exists and has the password the grant was made under. */
	public static function still_valid( Grant $grant ): ?\WP_User {
		$user = get_userdata( $grant->user_id );
		if ( ! $user instanceof \WP_User || ! hash_equals( $grant->pass_check, self::pass_check( $user ) ) ) {
			return null;
		}
		return $user;
	}
}
