<?php
/**
 * The scopes a client may ask for, and what each lets it call.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\AbilityMeta;
use McpNative\Plugin\AnnotationMapper;
use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\JsonRpcError;

/**
 * `mcp:read`: lists, resources, prompts, and abilities annotated read-only; `mcp:write`:
 * everything the user's role permits. A scope only narrows: the ability's own permission
 * callback still decides for the user.
 */
final class Scope {

	public const READ  = 'mcp:read';
	public const WRITE = 'mcp:write';

	/** @return list<string> Every scope, narrowest first. */
	public static function all(): array {
		return array( self::READ, self::WRITE );
	}

	/**
	 * The known scopes of a space-separated request, in canonical order (unknown ones dropped,
	 * as RFC 6749 §3.3 lets the server do); `mcp:write` implies `mcp:read`.
	 */
	public static function normalize( string $requested ): string {
		$asked = preg_split( '/\s+/', trim( $requested ), -1, PREG_SPLIT_NO_EMPTY );
		$asked = is_array( $asked ) ? $asked : array();
		if ( in_array( self::WRITE, $asked, true ) ) {
			return self::READ . ' ' . self::WRITE;
		}
		return in_array( self::READ, $asked, true ) ? self::READ : '';
	}

	public static function covers_write( string $scope ): bool {
		return in_array( self::WRITE, explode( ' ', $scope ), true );
	}

	/** Whether an ability is annotated read-only (WordPress's `readonly` or MCP's `readOnlyHint`). */
	public static function is_read_only( \WP_Ability $ability ): bool {
		return true === ( AnnotationMapper::of( $ability )['readOnlyHint'] ?? null );
	}

	/**
	 * Refuses running an ability the current request's token does not cover: HTTP 403 with the
	 * challenge RFC 6750 §3.1 names (`insufficient_scope`), so a client can ask for more.
	 * Requests without a token (application passwords, cookies, stdio) are not narrowed.
	 *
	 * @throws JsonRpcError When the token's scope does not cover the ability.
	 */
	public static function assert_may_run( \WP_Ability $ability ): void {
		$token = BearerAuth::current();
		// Resources and prompts are reads whatever their ability; only tools are narrowed.
		if ( null === $token || self::covers_write( $token->scope ) || self::is_read_only( $ability ) || AbilityMeta::TOOL !== AbilityMeta::type( $ability ) ) {
			return;
		}
		throw new JsonRpcError(
			ErrorCode::FORBIDDEN,
			sprintf( 'Forbidden: insufficient_scope: "%s" is not read-only and this token was granted %s only; authorize again with the scope %s', $ability->get_name(), self::READ, self::WRITE ),
			403,
			array( 'oauth_error' => 'insufficient_scope', 'scope' => self::READ . ' ' . self::WRITE )
		);
	}
}
