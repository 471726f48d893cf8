<?php
/**
 * `wp mcp-adapter serve`: the official adapter's stdio command, as an alias of `wp mcp-native serve`.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\AdapterApi;

use McpNative\Plugin\Transport\StdioTransport;

/**
 * Registered only under WP-CLI and only while the official adapter is absent (its own command
 * has the name otherwise). Same arguments as the adapter's: `[--server=<server-id>]
 * [--user=<id|login|email>]`; the adapter's `mcp_adapter_enable_stdio_transport` filter can turn
 * it off as it turns off the adapter's. It then serves exactly as `wp mcp-native serve`.
 */
final class CliAlias {

	public const COMMAND = 'mcp-adapter serve';

	/** Under WP-CLI, once: registers the alias with WP-CLI. */
	public static function register(): void {
		if ( ! defined( 'WP_CLI' ) || ! constant( 'WP_CLI' ) || ! class_exists( '\WP_CLI' ) ) {
			return;
		}
		// The adapter's classes come from its plugin, loaded before any command runs.
		add_action( 'plugins_loaded', static fn() => self::add_to( '\WP_CLI' ), PHP_INT_MAX );
	}

	/**
	 * Adds the command to a WP-CLI-like class (WP_CLI itself, or a test's stand-in), unless the
	 * official adapter is loaded.
	 *
	 * @param class-string $cli A class with WP_CLI's static add_command().
	 */
	public static function add_to( string $cli ): bool {
		if ( AdapterApi::official_adapter_loaded() ) {
			return false;
		}
		$cli::add_command(
			self::COMMAND,
			array( self::class, 'serve' ),
			array(
				'shortdesc' => 'Serves an MCP server over stdio (MCP Native, in place of the MCP Adapter\'s command).',
				'synopsis'  => array(
					StdioTransport::CLI_SERVER_ARGUMENT,
					array(
						'type'        => 'assoc',
						'name'        => 'user',
						'description' => 'Run as this user (id, login or email).',
						'optional'    => true,
					),
				),
			)
		);
		return true;
	}

	/**
	 * The command: the adapter's arguments checked and mapped, then `wp mcp-native serve`.
	 *
	 * @param array<int, string>    $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args --server, --user.
	 */
	public static function serve( array $args, array $assoc_args ): void {
		$mapped = self::map_arguments( $assoc_args );
		if ( isset( $mapped['error'] ) ) {
			\WP_CLI::error( $mapped['error'] );
		}
		if ( isset( $mapped['user_id'] ) ) {
			wp_set_current_user( $mapped['user_id'] );
		}
		StdioTransport::wp_cli_serve( $args, $mapped['assoc_args'] );
	}

	/**
	 * The adapter's arguments as `wp mcp-native serve` takes them.
	 *
	 * @param array<string, mixed> $assoc_args --server, --user.
	 * @return array{assoc_args: array<string, string>, user_id?: int, error?: string}
	 */
	public static function map_arguments( array $assoc_args ): array {
		$mapped = array( 'assoc_args' => array() );
		if ( ! apply_filters( 'mcp_adapter_enable_stdio_transport', true ) ) {
			$mapped['error'] = 'The STDIO transport is disabled. Enable it by setting the "mcp_adapter_enable_stdio_transport" filter to true.';
			return $mapped;
		}
		if ( isset( $assoc_args['server'] ) && '' !== trim( (string) $assoc_args['server'] ) ) {
			$mapped['assoc_args']['server'] = trim( (string) $assoc_args['server'] );
		}
		if ( isset( $assoc_args['user'] ) ) {
			$user = self::find_user( (string) $assoc_args['user'] );
			if ( null === $user ) {
				$mapped['error'] = sprintf( 'User "%s" not found.', $assoc_args['user'] );
				return $mapped;
			}
			$mapped['user_id'] = $user->ID;
		}
		return $mapped;
	}

	/** A user by id, login or email, as the adapter looks one up. */
	private static function find_user( string $user ): ?\WP_User {
		$found = is_numeric( $user ) ? get_user_by( 'id', (int) $user ) : ( get_user_by( 'login', $user ) ?: get_user_by( 'email', $user ) );
		return $found instanceof \WP_User ? $found : null;
	}
}
