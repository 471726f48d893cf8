<?php
/**
 * How long the audit log keeps rows: the site owner's choice, in days and in rows.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

/**
 * Stored per site in the option `mcp_native_audit_retention` ({days, rows}); defaults 30 days
 * and 100 000 rows; the nightly cleanup (AuditLog::cleanup) applies both.
 */
final class Retention {

	public const OPTION = 'mcp_native_audit_retention';

	public const DEFAULTS = array(
		'days' => 30,
		'rows' => 100000,
	);

	/** Accepted ranges: [min, max]. */
	public const BOUNDS = array(
		'days' => array( 1, 3650 ),
		'rows' => array( 100, 10000000 ),
	);

	/**
	 * @return array{days: int, rows: int}
	 */
	public static function get(): array {
		$stored = get_option( self::OPTION, array() );
		$values = self::DEFAULTS;
		foreach ( self::BOUNDS as $key => [ $min, $max ] ) {
			if ( is_array( $stored ) && is_int( $stored[ $key ] ?? null ) && $stored[ $key ] >= $min && $stored[ $key ] <= $max ) {
				$values[ $key ] = $stored[ $key ];
			}
		}
		return $values;
	}

	/**
	 * The settings from a form's values, or a WP_Error naming the first one out of range or not
	 * a whole number (nothing is stored then).
	 *
	 * @param array<string, mixed> $input days, rows (strings from a form, or ints).
	 * @return array{days: int, rows: int}|\WP_Error
	 */
	public static function parse( array $input ): array|\WP_Error {
		$values = array();
		foreach ( self::BOUNDS as $key => [ $min, $max ] ) {
			$raw = $input[ $key ] ?? null;
			if ( is_int( $raw ) ) {
				$raw = (string) $raw;
			}
			if ( ! is_string( $raw ) || 1 !== preg_match( '/^[0-9]{1,9}$/', $raw ) || (int) $raw < $min || (int) $raw > $max ) {
				return new \WP_Error( 'mcp_native_audit_retention_invalid', sprintf( 'The retention in %1$s must be a whole number from %2$d to %3$d.', $key, $min, $max ) );
			}
			$values[ $key ] = (int) $raw;
		}
		return $values;
	}

	/**
	 * @param array{days: int, rows: int} $values From parse().
	 */
	public static function save( array $values ): void {
		update_option(
			self::OPTION,
			array(
				'days' => $values['days'],
				'rows' => $values['rows'],
			),
			false
		);
	}
}
