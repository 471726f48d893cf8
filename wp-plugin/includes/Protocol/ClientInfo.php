<?php
/**
 * Who sent a request, as far as the protocol says: for the audit log.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

/**
 * The clientInfo the client gave (initialize at the handshake revisions, `_meta` clientInfo at
 * 2026-07-28), the session it runs in (none at 2026-07-28 and on stdio) and its protocol revision.
 * Informational: a client can say what it likes here; the user and the OAuth client are what
 * WordPress authenticated.
 */
final class ClientInfo {

	public function __construct(
		public readonly string $name = '',
		public readonly string $version = '',
		public readonly ?string $session_id = null,
		public readonly string $protocol_version = ''
	) {}

	/**
	 * From a clientInfo object (`{name, version}`; anything else is ignored).
	 */
	public static function from_object( mixed $client_info, ?string $session_id, string $protocol_version ): self {
		$field = static fn( string $key ): string => ( $client_info instanceof \stdClass && isset( $client_info->{$key} ) && is_string( $client_info->{$key} ) ) ? $client_info->{$key} : '';
		return new self( $field( 'name' ), $field( 'version' ), $session_id, $protocol_version );
	}
}
