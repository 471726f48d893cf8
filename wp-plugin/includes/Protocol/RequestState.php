<?php
/**
 * The signed state of a multi-round request (2026-07-28 input_required results).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;

/**
 * Between rounds the server keeps nothing: what it needs (the answers collected so far) travels
 * through the client as `requestState`. So the state is signed with HMAC-SHA256 under a per-site
 * secret and bound to the user, server, method, tool, prompt or resource URI, and arguments it was issued for; it expires, and
 * each state is accepted once (its nonce is remembered until it expires). Anything else is
 * refused with -32602.
 */
final class RequestState {

	private const SECRET_OPTION = 'mcp_native_request_state_secret';
	private const USED_PREFIX   = 'mcp_native_rs_';

	/**
	 * @param int                  $user_id   User the state is issued to.
	 * @param string               $server_id Server.
	 * @param string               $method    The request's method (tools/call, prompts/get, resources/read).
	 * @param string               $name      The tool, prompt or resource URI it names.
	 * @param array<string, mixed> $arguments The request's arguments as the client sent them.
	 * @param array<string, mixed> $responses Input responses collected so far.
	 * @param list<string>         $asked     Keys of the input requests this state goes out with.
	 */
	public static function issue( int $user_id, string $server_id, string $method, string $name, array $arguments, array $responses, array $asked = array() ): string {
		$payload = array(
			'v' => 1,
			'b' => self::binding( $user_id, $server_id, $method, $name, $arguments ),
			'r' => (object) $responses,
			'a' => array_values( $asked ),
			'e' => time() + self::ttl(),
			'n' => bin2hex( random_bytes( 16 ) ),
		);
		$body = self::base64url( (string) Json::encode( $payload ) );
		return $body . '.' . self::base64url( hash_hmac( 'sha256', $body, self::secret(), true ) );
	}

	/**
	 * The responses a state carries, after checking it.
	 *
	 * @param string               $method    The request's method (tools/call, prompts/get, resources/read).
	 * @param string               $name      The tool, prompt or resource URI it names.
	 * @param array<string, mixed> $arguments The request's arguments as the client sent them.
	 * @return array{0: array<string, mixed>, 1: list<string>} The responses it carries, and the keys
	 *         of the input requests it went out with (the ones the next inputResponses answer).
	 * @throws JsonRpcError -32602 for a state that is malformed, tampered with, expired, replayed or issued for another call.
	 */
	public static function verify( mixed $state, int $user_id, string $server_id, string $method, string $name, array $arguments, string|int|float|null $id ): array {
		$parts = is_string( $state ) ? explode( '.', $state ) : array();
		if ( 2 !== count( $parts ) || ! hash_equals( self::base64url( hash_hmac( 'sha256', $parts[0], self::secret(), true ) ), $parts[1] ) ) {
			throw ErrorFactory::invalid_params( 'Invalid params: requestState failed its integrity check', $id );
		}
		$payload = Json::to_array( Json::decode( (string) base64_decode( strtr( $parts[0], '-_', '+/' ), true ) ) );
		if ( ! is_array( $payload ) || ! isset( $payload['b'], $payload['e'], $payload['n'] ) ) {
			throw ErrorFactory::invalid_params( 'Invalid params: requestState is malformed', $id );
		}
		if ( ! hash_equals( (string) $payload['b'], self::binding( $user_id, $server_id, $method, $name, $arguments ) ) ) {
			throw ErrorFactory::invalid_params( 'Invalid params: requestState was issued for another user, request or arguments', $id );
		}
		$ttl = (int) $payload['e'] - time();
		if ( $ttl <= 0 ) {
			throw ErrorFactory::invalid_params( 'Invalid params: requestState has expired; send the request again without it', $id );
		}
		$used = self::USED_PREFIX . preg_replace( '/[^a-f0-9]/', '', (string) $payload['n'] );
		if ( false !== get_transient( $used ) ) {
			throw ErrorFactory::invalid_params( 'Invalid params: requestState was already used', $id );
		}
		set_transient( $used, 1, $ttl );
		$asked = is_array( $payload['a'] ?? null ) ? array_values( array_filter( $payload['a'], 'is_string' ) ) : array();
		return array( is_array( $payload['r'] ?? null ) ? $payload['r'] : array(), $asked );
	}

	/**
	 * Seconds a state stays valid.
	 */
	public static function ttl(): int {
		/**
		 * Filters how long (seconds) a requestState of an input_required result stays valid.
		 *
		 * @param int $seconds Default 10 minutes.
		 */
		return max( 10, (int) apply_filters( 'mcp_native_request_state_ttl', 10 * MINUTE_IN_SECONDS ) );
	}

	/**
	 * @param array<string, mixed> $arguments
	 */
	private static function binding( int $user_id, string $server_id, string $method, string $name, array $arguments ): string {
		return hash( 'sha256', (string) Json::encode( array( $user_id, get_current_blog_id(), $server_id, $method, $name, Json::canonicalize( $arguments ) ) ) );
	}

	private static function secret(): string {
		$secret = get_option( self::SECRET_OPTION );
		if ( ! is_string( $secret ) || strlen( $secret ) < 32 ) {
			$secret = bin2hex( random_bytes( 32 ) );
			update_option( self::SECRET_OPTION, $secret, false );
		}
		return $secret;
	}

	private static function base64url( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
	}
}
