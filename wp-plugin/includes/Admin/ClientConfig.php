<?php
/**
 * Client configuration for a site's MCP servers: one generator for the admin page and the demo.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\DefaultServer;
use McpNative\Plugin\Server;

/**
 * Claude Desktop (claude_desktop_config.json) entries that run @automattic/mcp-wordpress-remote.
 * Entry keys name the site (its host, port and path), so the snippets of several sites, or of
 * the sites of one network, can sit side by side in one file without overwriting each other.
 */
final class ClientConfig {

	public const PASSWORD_PLACEHOLDER = 'YOUR-APPLICATION-PASSWORD';

	public const REMOTE_PACKAGE = '@automattic/mcp-wordpress-remote@latest';

	/**
	 * The key prefix of this site: "wordpress-" and the site's host, port and path as a slug
	 * ("wordpress-example-com", "wordpress-example-com-shop", "wordpress-127-0-0-1-8089").
	 */
	public static function site_key(): string {
		$parts = wp_parse_url( home_url( '/' ) );
		$where = ( $parts['host'] ?? 'site' ) . ( isset( $parts['port'] ) ? '-' . $parts['port'] : '' ) . ( $parts['path'] ?? '' );
		$slug  = trim( (string) preg_replace( '/[^a-z0-9]+/', '-', strtolower( $where ) ), '-' );
		return 'wordpress-' . ( '' !== $slug ? $slug : 'site' );
	}

	/**
	 * The configuration: one entry per server (the default server under the site key, custom
	 * servers under the site key and their id).
	 *
	 * @param array<string, Server> $servers  Servers.
	 * @param string                $username The WordPress user the client acts as.
	 * @param string                $password An application password, or the placeholder.
	 * @return array{mcpServers: object}
	 */
	public static function claude_desktop( array $servers, string $username, string $password = self::PASSWORD_PLACEHOLDER ): array {
		$site    = self::site_key();
		$entries = array();
		foreach ( $servers as $server ) {
			$key = DefaultServer::ID === $server->id ? $site : $site . '-' . sanitize_key( $server->id );
			for ( $n = 2, $base = $key; isset( $entries[ $key ] ); ++$n ) {
				$key = $base . '-' . $n; // ids that sanitize alike
			}
			$entries[ $key ] = array(
				'command' => 'npx',
				'args'    => array( '-y', self::REMOTE_PACKAGE ),
				'env'     => array(
					'WP_API_URL'      => $server->url(),
					'WP_API_USERNAME' => $username,
					'WP_API_PASSWORD' => $password,
				),
			);
		}
		return array( 'mcpServers' => (object) $entries );
	}

	/**
	 * The same, as the pretty JSON people paste.
	 *
	 * @param array<string, Server> $servers Servers.
	 */
	public static function claude_desktop_json( array $servers, string $username, string $password = self::PASSWORD_PLACEHOLDER ): string {
		return ServerOverview::pretty_json( self::claude_desktop( $servers, $username, $password ) );
	}
}
