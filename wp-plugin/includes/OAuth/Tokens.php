<?php
/**
 * Codes, access tokens and refresh tokens: issued, looked up, spent, revoked.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * Every value is 256 random bits behind a prefix that says what it is (`mcpn_ac_`, `mcpn_at_`,
 * `mcpn_rt_`); only its SHA-256 is stored, and a row found by that hash is compared again with
 * hash_equals(). Codes and refresh tokens are single use: spending one is an UPDATE that only one
 * request can win, and a spent one is kept until its expiry so that presenting it again is seen
 * as the replay it is (RFC 9700 §4.14: the grant is revoked).
 */
final class Tokens {

	public const CODE_PREFIX    = 'mcpn_ac_';
	public const ACCESS_PREFIX  = 'mcpn_at_';
	public const REFRESH_PREFIX = 'mcpn_rt_';

	public const CODE_TTL = 60;

	/** @var array<string, array{0: Grant, 1: array<string, mixed>}|false> Access tokens looked up in this request. */
	private static array $cache = array();

	/**
	 * A new authorization code for a grant.
	 *
	 * @param array<string, string> $binding client_id, redirect_uri, code_challenge, scope.
	 */
	public static function issue_code( Grant $grant, array $binding ): string {
		return self::store( self::CODE_PREFIX, 'code', $grant, self::CODE_TTL, $binding );
	}

	/**
	 * An access and a refresh token for a grant, in the token endpoint's answer shape.
	 *
	 * @return array<string, mixed>
	 */
	public static function issue_pair( Grant $grant, string $scope ): array {
		$access_ttl = Settings::access_ttl();
		return array(
			'access_token'  => self::store( self::ACCESS_PREFIX, 'access', $grant, $access_ttl, array( 'scope' => $scope ) ),
			'token_type'    => 'Bearer',
			'expires_in'    => $access_ttl,
			'refresh_token' => self::store( self::REFRESH_PREFIX, 'refresh', $grant, Settings::refresh_ttl(), array( 'scope' => $scope ) ),
			'scope'         => $scope,
		);
	}

	/**
	 * Spends a code or a refresh token: its grant and binding, or null when it is unknown,
	 * expired, already spent (then the grant is revoked) or of another kind.
	 *
	 * @param string $kind 'code' or 'refresh'.
	 * @return array{0: Grant, 1: array<string, mixed>}|null
	 */
	public static function spend( string $value, string $kind ): ?array {
		global $wpdb;
		$row = self::row( $value );
		if ( null === $row ) {
			return null;
		}
		if ( 'spent_' . $kind === $row['kind'] ) {
			Grants::revoke( (int) $row['grant_id'] ); // A replay: whoever holds the grant's tokens may not be its client.
			return null;
		}
		if ( $kind !== $row['kind'] || (int) $row['expires_at'] < time() ) {
			return null;
		}
		// A spent code is remembered for ten minutes, a spent refresh token until it would have expired.
		$spent = array( 'kind' => 'spent_' . $kind ) + ( 'code' === $kind ? array( 'expires_at' => time() + 10 * MINUTE_IN_SECONDS ) : array() );
		$won   = $wpdb->update( Schema::tokens(), $spent, array( 'token_hash' => $row['token_hash'], 'kind' => $kind ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$grant = 1 === $won ? Grants::find( (int) $row['grant_id'] ) : null;
		if ( null === $grant ) {
			return null;
		}
		$binding = json_decode( (string) $row['data'], true );
		return array( $grant, is_array( $binding ) ? $binding : array() );
	}

	/**
	 * The grant and scope of a live access token, or null (one query: token and grant joined).
	 *
	 * @return array{0: Grant, 1: array<string, mixed>}|null
	 */
	public static function access( string $value ): ?array {
		if ( ! str_starts_with( $value, self::ACCESS_PREFIX ) || ! Schema::installed() ) {
			return null;
		}
		$hash = hash( 'sha256', $value );
		if ( ! array_key_exists( $hash, self::$cache ) ) {
			global $wpdb;
			$row = $wpdb->get_row( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
				$wpdb->prepare( 'SELECT t.token_hash, t.kind, t.expires_at, t.data, g.* FROM ' . Schema::tokens() . ' t JOIN ' . Schema::grants() . ' g ON g.id = t.grant_id WHERE t.token_hash = %s', $hash ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
				ARRAY_A
			);
			$live = is_array( $row ) && 'access' === $row['kind'] && hash_equals( (string) $row['token_hash'], $hash ) && (int) $row['expires_at'] >= time();
			if ( $live ) {
				$data                 = json_decode( (string) $row['data'], true );
				self::$cache[ $hash ] = array( Grant::from_row( $row ), is_array( $data ) ? $data : array() );
			} else {
				self::$cache[ $hash ] = false;
			}
		}
		return false === self::$cache[ $hash ] ? null : self::$cache[ $hash ];
	}

	/**
	 * RFC 7009: an access token is revoked alone; a refresh token takes its whole grant with it.
	 * Nothing happens to a value this client did not receive.
	 */
	public static function revoke( string $value, string $client_id ): void {
		$row   = self::row( $value );
		$grant = null === $row ? null : Grants::find( (int) $row['grant_id'] );
		if ( null === $grant || ! hash_equals( $grant->client_id, $client_id ) ) {
			return;
		}
		if ( in_array( $row['kind'], array( 'refresh', 'spent_refresh' ), true ) ) {
			Grants::revoke( $grant->id );
			return;
		}
		global $wpdb;
		$wpdb->delete( Schema::tokens(), array( 'token_hash' => $row['token_hash'] ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		self::forget_cached();
	}

	/** Daily: rows past their expiry. */
	public static function delete_expired(): void {
		global $wpdb;
		if ( Schema::installed() ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::tokens() . ' WHERE expires_at < %d', time() ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.NotPrepared
		}
	}

	public static function forget_cached(): void {
		self::$cache = array();
	}

	/**
	 * A stored row by its value (any kind), or null.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function row( string $value ): ?array {
		global $wpdb;
		if ( '' === $value || strlen( $value ) > 256 || ! Schema::installed() ) {
			return null;
		}
		$hash = hash( 'sha256', $value );
		$row  = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::tokens() . ' WHERE token_hash = %s', $hash ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.NotPrepared
		return is_array( $row ) && hash_equals( (string) $row['token_hash'], $hash ) ? $row : null;
	}

	/**
	 * @param array<string, mixed> $data What the value is bound to.
	 */
	private static function store( string $prefix, string $kind, Grant $grant, int $ttl, array $data ): string {
		global $wpdb;
		$value = $prefix . rtrim( strtr( base64_encode( random_bytes( 32 ) ), '+/', '-_' ), '=' );
		$wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			Schema::tokens(),
			array(
				'token_hash' => hash( 'sha256', $value ),
				'grant_id'   => $grant->id,
				'kind'       => $kind,
				'expires_at' => time() + $ttl,
				'data'       => (string) wp_json_encode( $data ),
			)
		);
		return $value;
	}
}
