<?php
/**
 * What this host does to an SSE answer (progress and log messages while an ability runs), as far
 * as PHP can tell.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

/**
 * A snapshot of the settings that decide whether streamed events reach the client as they are
 * sent and whether long calls live long enough (detect() reads them; tests build their own), and
 * the findings drawn from them. PHP's own output buffers are not a finding: the stream empties
 * them before every event. What PHP cannot read (nginx's fastcgi_read_timeout, php-fpm's
 * request_terminate_timeout, a proxy or CDN in front) is named as advice for the server in use.
 */
final class StreamingConfig {

	/** Below this many seconds max_execution_time is worth raising for long, streamed calls. */
	public const SHORT_EXECUTION_TIME = 30;

	public function __construct(
		public readonly string $sapi,
		public readonly string $server_software,
		public readonly int $max_execution_time,
		public readonly bool $zlib_compression,
		public readonly string $output_buffering
	) {}

	public static function detect(): self {
		return new self(
			PHP_SAPI,
			isset( $_SERVER['SERVER_SOFTWARE'] ) && is_string( $_SERVER['SERVER_SOFTWARE'] ) ? sanitize_text_field( wp_unslash( $_SERVER['SERVER_SOFTWARE'] ) ) : '',
			(int) ini_get( 'max_execution_time' ),
			filter_var( ini_get( 'zlib.output_compression' ), FILTER_VALIDATE_BOOLEAN ) || (int) ini_get( 'zlib.output_compression' ) > 1,
			(string) ini_get( 'output_buffering' )
		);
	}

	/**
	 * Settings that hold events back or cut long calls short.
	 *
	 * @return array<string, string> Finding id => what to change (plain text).
	 */
	public function problems(): array {
		$problems = array();
		if ( $this->zlib_compression ) {
			$problems['zlib.output_compression'] = __( 'zlib.output_compression is on: PHP compresses the answer in blocks, which can hold progress and log events back until a block fills. Turn it off (php.ini, .user.ini, or php_admin_flag[zlib.output_compression] = off in the php-fpm pool).', 'mcp-native' );
		}
		if ( $this->max_execution_time > 0 && $this->max_execution_time < self::SHORT_EXECUTION_TIME ) {
			$problems['max_execution_time'] = sprintf(
				/* translators: %d: seconds */
				__( 'max_execution_time is %d s: a call that runs longer is stopped by PHP before it can answer. Raise it above your longest ability.', 'mcp-native' ),
				$this->max_execution_time
			);
		}
		return $problems;
	}

	/**
	 * What to keep in mind on this server for what PHP cannot read (plain text).
	 */
	public function server_advice(): string {
		$software = strtolower( $this->server_software );
		$fpm      = 'fpm-fcgi' === $this->sapi;
		if ( str_contains( $software, 'nginx' ) ) {
			$advice = __( 'nginx: the stream sends X-Accel-Buffering: no, which turns nginx\'s buffering off for it; keep fastcgi_read_timeout (default 60 s) above your longest ability.', 'mcp-native' );
		} elseif ( str_contains( $software, 'apache' ) ) {
			$advice = $fpm
				? __( 'Apache with php-fpm: mod_proxy_fcgi buffers answers unless the proxy flushes (flushpackets=on on the ProxyPass or ProxySet line); keep ProxyTimeout above your longest ability.', 'mcp-native' )
				: __( 'Apache: turn off any output filter that buffers the MCP route (mod_deflate compresses in blocks); keep Timeout above your longest ability.', 'mcp-native' );
		} else {
			$advice = __( 'Behind any proxy or CDN, turn response buffering off for the MCP route (the stream sends X-Accel-Buffering: no and Cache-Control: no-cache) and keep its read timeout above your longest ability.', 'mcp-native' );
		}
		if ( $fpm ) {
			$advice .= ' ' . __( 'php-fpm: request_terminate_timeout, when set, must also exceed it.', 'mcp-native' );
		}
		return $advice;
	}
}
