<?php
/**
 * A minimal WP_CLI stand-in (WP-CLI itself cannot be installed here): records add_command()
 * and turns error() into an exception. Loaded only by AuditLogTest, never by the site.
 *
 * @package McpNative\Tests\WP
 */

// phpcs:disable
final class WP_CLI {

	/** @var array<string, mixed> */
	public static array $commands = array();

	/** @var list<string> */
	public static array $lines = array();

	public static function add_command( string $name, mixed $callable ): bool {
		self::$commands[ $name ] = $callable;
		return true;
	}

	public static function line( string $text = '' ): void {
		self::$lines[] = $text;
	}

	public static function success( string $text ): void {
		self::$lines[] = 'Success: ' . $text;
	}

	public static function error( string $text ): void {
		throw new \RuntimeException( 'Error: ' . $text );
	}
}
