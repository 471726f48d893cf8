<?php
/**
 * A tool's schemas and annotations in words, for the admin screens.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

/**
 * Reads a JSON Schema as a person would: one row per parameter (name, type, required, what it
 * is), a short type label ("array of string", "one of: draft, publish", "integer, 1 to 100"),
 * and the MCP annotations as hints. The wire JSON stays the reference; this is its summary.
 */
final class SchemaSummary {

	/** Longest list of enum values spelled out. */
	private const MAX_ENUM = 8;

	/**
	 * The schema as plain arrays (descriptors may hold stdClass objects).
	 *
	 * @return array<string, mixed>
	 */
	public static function normalize( mixed $schema ): array {
		$decoded = json_decode( (string) wp_json_encode( $schema ), true );
		return is_array( $decoded ) ? $decoded : array();
	}

	/**
	 * The properties of an object schema, required ones first.
	 *
	 * @return list<array{name: string, type: string, required: bool, description: string}>
	 */
	public static function parameters( mixed $schema ): array {
		$schema     = self::normalize( $schema );
		$properties = is_array( $schema['properties'] ?? null ) ? $schema['properties'] : array();
		$required   = is_array( $schema['required'] ?? null ) ? array_map( 'strval', $schema['required'] ) : array();
		$rows       = array();
		foreach ( $properties as $name => $property ) {
			$property = is_array( $property ) ? $property : array();
			$rows[]   = array(
				'name'        => (string) $name,
				'type'        => self::type_label( $property ),
				'required'    => in_array( (string) $name, $required, true ),
				'description' => self::description( $property ),
			);
		}
		usort( $rows, static fn( array $a, array $b ): int => (int) $b['required'] - (int) $a['required'] );
		return $rows;
	}

	/**
	 * "string", "integer, 1 to 100", "array of string", "one of: a, b", "string or null".
	 *
	 * @param array<string, mixed> $schema A (sub)schema.
	 */
	public static function type_label( array $schema ): string {
		if ( array_key_exists( 'const', $schema ) ) {
			return sprintf( /* translators: %s: a JSON value */ __( 'always %s', 'mcp-native' ), self::value( $schema['const'] ) );
		}
		if ( is_array( $schema['enum'] ?? null ) && array() !== $schema['enum'] ) {
			$values = array_map( array( self::class, 'value' ), array_slice( $schema['enum'], 0, self::MAX_ENUM ) );
			$more   = count( $schema['enum'] ) > self::MAX_ENUM ? ', …' : '';
			return sprintf( /* translators: %s: list of values */ __( 'one of: %s', 'mcp-native' ), implode( ', ', $values ) . $more );
		}
		foreach ( array( 'anyOf', 'oneOf' ) as $keyword ) {
			if ( is_array( $schema[ $keyword ] ?? null ) && array() !== $schema[ $keyword ] ) {
				$labels = array();
				foreach ( $schema[ $keyword ] as $branch ) {
					$labels[] = is_array( $branch ) ? self::type_label( $branch ) : '?';
				}
				return implode( __( ' or ', 'mcp-native' ), array_unique( $labels ) );
			}
		}
		$types = $schema['type'] ?? null;
		$types = is_string( $types ) ? array( $types ) : ( is_array( $types ) ? array_map( 'strval', $types ) : array() );
		if ( array() === $types ) {
			return is_array( $schema['properties'] ?? null ) ? 'object' : __( 'any value', 'mcp-native' );
		}
		$labels = array();
		foreach ( $types as $type ) {
			$labels[] = self::single_type_label( $type, $schema );
		}
		return implode( __( ' or ', 'mcp-native' ), $labels );
	}

	/**
	 * @param array<string, mixed> $schema The schema the type belongs to.
	 */
	private static function single_type_label( string $type, array $schema ): string {
		$label = $type;
		if ( 'array' === $type && is_array( $schema['items'] ?? null ) && ! array_is_list( $schema['items'] ) ) {
			/* translators: %s: type of the items */
			$label = sprintf( __( 'array of %s', 'mcp-native' ), self::type_label( $schema['items'] ) );
		}
		if ( 'string' === $type && is_string( $schema['format'] ?? null ) ) {
			$label .= ' (' . $schema['format'] . ')';
		}
		$bounds = array(
			'minimum'   => '≥ %s',
			'maximum'   => '≤ %s',
			'minLength' => __( 'at least %s characters', 'mcp-native' ),
			'maxLength' => __( 'at most %s characters', 'mcp-native' ),
			'minItems'  => __( 'at least %s items', 'mcp-native' ),
			'maxItems'  => __( 'at most %s items', 'mcp-native' ),
		);
		$notes  = array();
		foreach ( $bounds as $keyword => $pattern ) {
			if ( isset( $schema[ $keyword ] ) && is_scalar( $schema[ $keyword ] ) && self::applies( $keyword, $type ) ) {
				$notes[] = sprintf( $pattern, (string) $schema[ $keyword ] );
			}
		}
		return array() === $notes ? $label : $label . ', ' . implode( ', ', $notes );
	}

	private static function applies( string $keyword, string $type ): bool {
		return match ( $keyword ) {
			'minimum', 'maximum' => in_array( $type, array( 'integer', 'number' ), true ),
			'minLength', 'maxLength' => 'string' === $type,
			default => 'array' === $type,
		};
	}

	/**
	 * The property's description, with its default.
	 *
	 * @param array<string, mixed> $schema A property schema.
	 */
	private static function description( array $schema ): string {
		$text = is_string( $schema['description'] ?? null ) ? $schema['description'] : '';
		if ( array_key_exists( 'default', $schema ) ) {
			/* translators: %s: default value */
			$text = trim( $text . ' ' . sprintf( __( 'Default: %s.', 'mcp-native' ), self::value( $schema['default'] ) ) );
		}
		return $text;
	}

	/**
	 * A JSON value in short (strings quoted, long ones cut).
	 */
	private static function value( mixed $value ): string {
		$json = (string) wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		return strlen( $json ) > 60 ? substr( $json, 0, 57 ) . '…' : $json;
	}

	/**
	 * The MCP annotations (tool hints) in words; unknown keys are listed as they are.
	 *
	 * @return array<string, string> label => meaning, in a fixed order
	 */
	public static function hints( mixed $annotations ): array {
		$annotations = self::normalize( $annotations );
		$words       = array(
			'readOnlyHint'    => array( __( 'Read-only: does not change the site', 'mcp-native' ), __( 'May change the site', 'mcp-native' ) ),
			'destructiveHint' => array( __( 'Destructive: may delete or overwrite', 'mcp-native' ), __( 'Not destructive: does not delete or overwrite', 'mcp-native' ) ),
			'idempotentHint'  => array( __( 'Idempotent: repeating a call changes nothing more', 'mcp-native' ), __( 'Not idempotent: each call may act again', 'mcp-native' ) ),
			'openWorldHint'   => array( __( 'Open world: reaches services outside this site', 'mcp-native' ), __( 'Closed world: stays within this site', 'mcp-native' ) ),
		);
		$hints       = array();
		$read_only   = true === ( $annotations['readOnlyHint'] ?? null );
		foreach ( $words as $key => $pair ) {
			if ( $read_only && in_array( $key, array( 'destructiveHint', 'idempotentHint' ), true ) ) {
				continue; // they describe changes; a read-only tool makes none
			}
			if ( is_bool( $annotations[ $key ] ?? null ) ) {
				$hints[ $key ] = $annotations[ $key ] ? $pair[0] : $pair[1];
			}
		}
		foreach ( $annotations as $key => $value ) {
			if ( ! isset( $words[ $key ] ) && 'title' !== $key ) {
				$hints[ (string) $key ] = (string) $key . ': ' . self::value( $value );
			}
		}
		return $hints;
	}

	/**
	 * Short badges for the tool's summary line ("read-only", "destructive").
	 *
	 * @return list<string>
	 */
	public static function badges( mixed $annotations ): array {
		$annotations = self::normalize( $annotations );
		$badges      = array();
		if ( true === ( $annotations['readOnlyHint'] ?? null ) ) {
			$badges[] = __( 'read-only', 'mcp-native' );
		}
		if ( true === ( $annotations['destructiveHint'] ?? null ) && true !== ( $annotations['readOnlyHint'] ?? null ) ) {
			$badges[] = __( 'destructive', 'mcp-native' );
		}
		return $badges;
	}
}
