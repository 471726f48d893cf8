<?php
/**
 * One row of the method table.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Protocol;

/**
 * A JSON-RPC method the server answers: which handler answers it, at which protocol revisions it
 * exists, and how it relates to the session (see the SESSION_* rules).
 */
final class Method {

	/** Opens the session (initialize): allowed without one. */
	public const OPENS_SESSION = 'opens';

	/** Allowed on a connection before initialize (ping); over HTTP it still needs the session header. */
	public const BEFORE_INITIALIZE = 'before-initialize';

	/** Needs an open session (or, on stdio, an initialized connection). */
	public const IN_SESSION = 'in-session';

	/**
	 * @param string      $name        JSON-RPC method name.
	 * @param string      $handler     Handler class (constructed with the Server).
	 * @param string      $function    Handler method: fn( Message, SessionScope, ?RequestMeta ): array|\stdClass.
	 * @param string[]    $revisions   Protocol revisions the method belongs to.
	 * @param string      $session     One of the session rule constants.
	 * @param string|null $cache_scope For cacheable results at 2026-07-28: 'public' (the same for
	 *                                 every caller) or 'private' (may depend on who asks); null: not cacheable.
	 * @param int         $ttl_ms      Default freshness of a cacheable result (filter mcp_native_cache_ttl_ms).
	 */
	public function __construct(
		public readonly string $name,
		public readonly string $handler,
		public readonly string $function,
		public readonly array $revisions,
		public readonly string $session,
		public readonly ?string $cache_scope = null,
		public readonly int $ttl_ms = 0
	) {}
}
