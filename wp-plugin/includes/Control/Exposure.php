<?php
/**
 * What the site owner decided: which abilities each server exposes, whether the default server
 * lists them as direct tools, and which need a person's approval before they run.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Control;

use McpNative\Plugin\AnnotationMapper;

/**
 * Code decides the defaults (a custom server's tool list, `meta.public`/`meta.mcp.public` for the
 * default server, the `destructive` annotation for approvals); the owner's choice, stored per site
 * in the option `mcp_native_exposure`, wins where there is one. Stored shape:
 *   servers: { server id: { ability name: true|false } }   exposed or not, against the default
 *   ask:     { ability name: true|false }                   ask first or not, against the default
 *   direct:  bool                                          the default server lists its abilities as tools too
 */
final class Exposure {

	public const OPTION = 'mcp_native_exposure';

	/** Abilities an owner may list per server, and names per entry: bounds on what a form may store. */
	public const MAX_ENTRIES = 5000;

	/** @var array<int, array{servers: array<string, array<string, bool>>, ask: array<string, bool>, direct: bool}> */
	private static array $cache = array();

	/**
	 * @return array{servers: array<string, array<string, bool>>, ask: array<string, bool>, direct: bool}
	 */
	public static function settings(): array {
		$blog = get_current_blog_id();
		if ( ! isset( self::$cache[ $blog ] ) ) {
			self::$cache[ $blog ] = self::clean( get_option( self::OPTION, array() ) );
		}
		return self::$cache[ $blog ];
	}

	/**
	 * Stores the owner's choices (cleaned: unknown keys and non-boolean values dropped, bounded).
	 *
	 * @param mixed $settings Shape as settings().
	 */
	public static function save( mixed $settings ): void {
		update_option( self::OPTION, self::clean( $settings ), false );
		self::$cache = array();
	}

	public static function flush(): void {
		self::$cache = array();
	}

	/** Whether a server exposes an ability: the owner's choice, else the code's. */
	public static function exposes( string $server_id, string $ability_name, bool $by_code ): bool {
		return self::settings()['servers'][ $server_id ][ $ability_name ] ?? $by_code;
	}

	/** The owner's choice for a server and ability, or null when the code decides. */
	public static function choice( string $server_id, string $ability_name ): ?bool {
		return self::settings()['servers'][ $server_id ][ $ability_name ] ?? null;
	}

	/**
	 * The abilities a server serves as direct tools: its own list less what the owner switched
	 * off, plus what the owner switched on; on the default server, when the owner chose direct
	 * tools, every ability it exposes.
	 *
	 * @param list<string> $listed  The server's tool abilities as its code lists them.
	 * @param callable(): list<string> $exposed_by_default Abilities the default server exposes (when direct).
	 * @return list<string>
	 */
	public static function tool_abilities( string $server_id, array $listed, ?callable $exposed_by_default = null ): array {
		$settings = self::settings();
		$names    = array();
		foreach ( $listed as $name ) {
			if ( false !== ( $settings['servers'][ $server_id ][ $name ] ?? null ) ) {
				$names[] = $name;
			}
		}
		foreach ( $settings['servers'][ $server_id ] ?? array() as $name => $on ) {
			if ( true === $on && ! in_array( $name, $names, true ) && null === $exposed_by_default ) {
				$names[] = (string) $name;
			}
		}
		if ( null !== $exposed_by_default && $settings['direct'] ) {
			$names = array_values( array_unique( array_merge( $names, $exposed_by_default() ) ) );
		}
		return $names;
	}

	/** Whether the default server lists its abilities as tools of their own. */
	public static function direct_tools(): bool {
		return self::settings()['direct'];
	}

	/**
	 * Whether an ability needs a person's approval before it runs as a tool: the owner's choice,
	 * else on for abilities annotated destructive (filter `mcp_native_ask_first_default`).
	 */
	public static function asks_first( \WP_Ability $ability ): bool {
		$choice = self::settings()['ask'][ $ability->get_name() ] ?? null;
		return $choice ?? self::asks_first_by_default( $ability );
	}

	public static function asks_first_by_default( \WP_Ability $ability ): bool {
		$destructive = true === ( AnnotationMapper::of( $ability )['destructiveHint'] ?? null );
		/**
		 * Filters whether an ability asks for a person's approval by default (before any owner choice).
		 *
		 * @param bool        $ask     Default: whether it is annotated destructive.
		 * @param \WP_Ability $ability The ability.
		 */
		return (bool) apply_filters( 'mcp_native_ask_first_default', $destructive, $ability );
	}

	/**
	 * @return array{servers: array<string, array<string, bool>>, ask: array<string, bool>, direct: bool}
	 */
	private static function clean( mixed $stored ): array {
		$stored   = is_array( $stored ) ? $stored : array();
		$settings = array(
			'servers' => array(),
			'ask'     => self::flags( $stored['ask'] ?? null ),
			'direct'  => true === ( $stored['direct'] ?? false ),
		);
		foreach ( is_array( $stored['servers'] ?? null ) ? array_slice( $stored['servers'], 0, 100, true ) : array() as $server_id => $flags ) {
			if ( is_string( $server_id ) && '' !== $server_id && strlen( $server_id ) <= 191 ) {
				$settings['servers'][ $server_id ] = self::flags( $flags );
			}
		}
		return $settings;
	}

	/**
	 * @return array<string, bool> Ability name => flag, names as WordPress allows them.
	 */
	private static function flags( mixed $flags ): array {
		$clean = array();
		foreach ( is_array( $flags ) ? array_slice( $flags, 0, self::MAX_ENTRIES, true ) : array() as $name => $flag ) {
			if ( is_string( $name ) && is_bool( $flag ) && 1 === preg_match( '#^[a-z0-9-]+(/[a-z0-9-]+)+$#', $name ) && strlen( $name ) <= 200 ) {
				$clean[ $name ] = $flag;
			}
		}
		return $clean;
	}
}
