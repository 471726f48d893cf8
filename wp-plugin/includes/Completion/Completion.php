<?php
/**
 * Completion values for a prompt argument or a resource template variable.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Completion;

use McpNative\Plugin\AbilityInvocation;
use McpNative\Plugin\AbilityMeta;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Logger;

/**
 * Candidates come from the ability's completion callback (`meta.mcp.completion`, called with the
 * argument name, the typed prefix and the other arguments already given; it returns a list of
 * values) or else from the `enum` of the argument's schema. Only values starting with the typed
 * prefix (case-insensitively) are kept, at most MAX_VALUES of them (`total` and `hasMore` say how
 * many there were). The ability's permission callback runs first: a user who may not run the
 * ability learns nothing from its completions.
 */
final class Completion {

	/** The spec's cap on completion/complete values. */
	public const MAX_VALUES = 100;

	/**
	 * @param \WP_Ability               $ability   The ability behind the prompt or template.
	 * @param string                    $argument  Argument (variable) name.
	 * @param string                    $prefix    What the user typed so far.
	 * @param array<string, mixed>|null $schema    The argument's JSON Schema, if any.
	 * @param array<string, string>     $context   Other arguments already given.
	 * @return array{values: list<string>, total: int, hasMore: bool}
	 * @throws JsonRpcError -32011 when the permission callback refuses.
	 */
	public static function complete( \WP_Ability $ability, string $argument, string $prefix, ?array $schema, array $context ): array {
		AbilityInvocation::assert_permitted( $ability, array() === $ability->get_input_schema() ? null : $context );

		$callback   = AbilityMeta::mcp( $ability )['completion'] ?? null;
		$candidates = array();
		if ( is_callable( $callback ) ) {
			try {
				$returned = $callback( $argument, $prefix, $context );
			} catch ( \Throwable $e ) {
				Logger::error( 'Completion callback threw: ' . $e->getMessage(), array( 'ability' => $ability->get_name() ) );
				$returned = array();
			}
			$candidates = is_array( $returned ) ? $returned : array();
		} elseif ( is_array( $schema['enum'] ?? null ) ) {
			$candidates = $schema['enum'];
		} elseif ( is_array( $schema['items']['enum'] ?? null ) ) {
			$candidates = $schema['items']['enum'];
		}
		return self::filter( $candidates, $prefix );
	}

	/**
	 * @param array<mixed> $candidates
	 * @return array{values: list<string>, total: int, hasMore: bool}
	 */
	public static function filter( array $candidates, string $prefix ): array {
		$matching = array();
		foreach ( $candidates as $candidate ) {
			if ( is_bool( $candidate ) ) {
				$candidate = $candidate ? 'true' : 'false';
			}
			if ( ! is_string( $candidate ) && ! is_int( $candidate ) && ! is_float( $candidate ) ) {
				continue;
			}
			$candidate = (string) $candidate;
			if ( '' === $prefix || 0 === strncasecmp( $candidate, $prefix, strlen( $prefix ) ) ) {
				$matching[ $candidate ] = true;
			}
		}
		$values = array_map( 'strval', array_keys( $matching ) );
		return array(
			'values'  => array_slice( $values, 0, self::MAX_VALUES ),
			'total'   => count( $values ),
			'hasMore' => count( $values ) > self::MAX_VALUES,
		);
	}
}
