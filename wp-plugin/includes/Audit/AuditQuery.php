<?php
/**
 * Reading the audit log: the filters the screen, the CSV export and WP-CLI share.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

/**
 * Filters: `user` (an ID or a login), `ability` (an ability or a tool, prompt or resource name
 * as called), `outcome` (one of AuditLog::OUTCOMES), `from` / `to` (dates YYYY-MM-DD in the
 * site's time zone, both days included). Anything else, or a malformed value, is refused whole
 * (parse() returns a WP_Error); empty values mean no filter. Newest rows first.
 */
final class AuditQuery {

	public const KEYS          = array( 'user', 'ability', 'outcome', 'from', 'to' );
	public const MAX_VALUE     = 255;
	public const EXPORT_LIMIT  = 50000;

	/**
	 * @param array{user_id?: int, ability?: string, outcome?: string, from?: string, to?: string} $where In UTC.
	 */
	private function __construct( public readonly array $where, public readonly array $given ) {}

	/**
	 * @param array<string, mixed> $input Filter values (strings, from a form or a command line).
	 */
	public static function parse( array $input ): self|\WP_Error {
		$where = array();
		$given = array();
		foreach ( self::KEYS as $key ) {
			$value = $input[ $key ] ?? '';
			if ( is_int( $value ) ) {
				$value = (string) $value;
			}
			if ( ! is_string( $value ) || strlen( $value ) > self::MAX_VALUE || 1 !== preg_match( '//u', $value ) ) {
				return self::invalid( $key );
			}
			$value = trim( $value );
			if ( '' === $value ) {
				continue;
			}
			$given[ $key ] = $value;
			$parsed        = self::condition( $key, $value );
			if ( $parsed instanceof \WP_Error ) {
				return $parsed;
			}
			$where += $parsed;
		}
		return new self( $where, $given );
	}

	/**
	 * @return array<string, int|string>|\WP_Error
	 */
	private static function condition( string $key, string $value ): array|\WP_Error {
		switch ( $key ) {
			case 'user':
				$user = ctype_digit( $value ) ? get_userdata( (int) $value ) : get_user_by( 'login', $value );
				return $user instanceof \WP_User ? array( 'user_id' => (int) $user->ID ) : self::invalid( $key, 'no such user' );
			case 'outcome':
				return in_array( $value, AuditLog::OUTCOMES, true ) ? array( 'outcome' => $value ) : self::invalid( $key, 'one of ' . implode( ', ', AuditLog::OUTCOMES ) );
			case 'from':
			case 'to':
				$date = \DateTimeImmutable::createFromFormat( '!Y-m-d', $value, wp_timezone() );
				if ( false === $date || $date->format( 'Y-m-d' ) !== $value ) {
					return self::invalid( $key, 'a date YYYY-MM-DD' );
				}
				$bound = 'to' === $key ? $date->modify( '+1 day' ) : $date;
				return array( $key => $bound->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' ) );
			default:
				return array( 'ability' => $value );
		}
	}

	private static function invalid( string $key, string $expected = '' ): \WP_Error {
		return new \WP_Error( 'mcp_native_audit_filter_invalid', sprintf( 'Invalid audit log filter "%s"%s.', $key, '' === $expected ? '' : ' (expected ' . $expected . ')' ) );
	}

	/**
	 * Matching rows, newest first.
	 *
	 * @return list<array<string, string>>
	 */
	public function rows( int $limit, int $offset = 0 ): array {
		global $wpdb;
		if ( ! AuditTable::installed() ) {
			return array();
		}
		[ $sql, $args ] = $this->sql();
		$args[]         = max( 1, $limit );
		$args[]         = max( 0, $offset );
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . AuditTable::name() . $sql . ' ORDER BY id DESC LIMIT %d OFFSET %d', $args ), ARRAY_A ); // phpcs:ignore WordPress.DB
		return is_array( $rows ) ? $rows : array();
	}

	public function count(): int {
		global $wpdb;
		if ( ! AuditTable::installed() ) {
			return 0;
		}
		[ $sql, $args ] = $this->sql();
		$query = 'SELECT COUNT(*) FROM ' . AuditTable::name() . $sql;
		return (int) $wpdb->get_var( array() === $args ? $query : $wpdb->prepare( $query, $args ) ); // phpcs:ignore WordPress.DB
	}

	/**
	 * @return array{0: string, 1: list<int|string>} The WHERE clause (placeholders) and its values.
	 */
	private function sql(): array {
		$clauses = array();
		$args    = array();
		foreach ( $this->where as $key => $value ) {
			switch ( $key ) {
				case 'user_id':
					$clauses[] = 'user_id = %d';
					break;
				case 'ability':
					$clauses[] = '(ability = %s OR target = %s)';
					$args[]    = $value;
					break;
				case 'outcome':
					$clauses[] = 'outcome = %s';
					break;
				case 'from':
					$clauses[] = 'created_at >= %s';
					break;
				case 'to':
					$clauses[] = 'created_at < %s';
					break;
			}
			$args[] = $value;
		}
		return array( array() === $clauses ? '' : ' WHERE ' . implode( ' AND ', $clauses ), $args );
	}
}
