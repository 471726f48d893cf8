<?php
/**
 * MCP over stdio: newline-delimited JSON-RPC on stdin/stdout.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Transport;

use McpNative\Plugin\Audit\AuditLog;
use McpNative\Plugin\Auth;
use McpNative\Plugin\DefaultServer;
use McpNative\Plugin\Json;
use McpNative\Plugin\JsonRpc\ErrorCode;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Logger;
use McpNative\Plugin\Plugin;
use McpNative\Plugin\Protocol\Dispatcher;
use McpNative\Plugin\Protocol\NotificationChannel;
use McpNative\Plugin\Server;

/**
 * One JSON-RPC message per line in, one response per line out (MCP stdio transport). The same
 * servers, tools and JSON-RPC handling as HTTP (Dispatcher), without stored sessions: the process
 * is the session (StdioSessionScope). Notifications and client responses get no answer.
 *
 * Nothing but JSON-RPC lines is ever written to the output stream: anything code prints while a
 * request is handled, and PHP warnings, go to stderr / the log. Used by wp-plugin/bin/mcp-stdio.php
 * and, when WP-CLI is present, by `wp mcp-native serve`.
 */
final class StdioTransport implements NotificationChannel {

	/** The `--server` argument of the stdio commands (`wp mcp-native serve`, the adapter's alias). */
	public const CLI_SERVER_ARGUMENT = array(
		'type'        => 'assoc',
		'name'        => 'server',
		'description' => 'Server id (default: the default server, mcp-adapter-default-server).',
		'optional'    => true,
	);

	private Dispatcher $dispatcher;

	private StdioSessionScope $session;

	/** @var resource */
	private $in;

	/** @var resource */
	private $out;

	/** @var resource */
	private $err;

	private ?LineReader $lines = null;

	/**
	 * @param Server        $server The server to speak for.
	 * @param resource|null $in     Input stream (default STDIN).
	 * @param resource|null $out    Output stream (default STDOUT): JSON-RPC lines only.
	 * @param resource|null $err    Diagnostics stream (default STDERR).
	 */
	public function __construct( private readonly Server $server, $in = null, $out = null, $err = null ) {
		$this->dispatcher = new Dispatcher( $server );
		$this->session    = new StdioSessionScope();
		$this->in     = $in ?? STDIN;
		$this->out    = $out ?? STDOUT;
		$this->err    = $err ?? STDERR;
	}

	public function server(): Server {
		return $this->server;
	}

	/**
	 * Reads messages until end of input. Returns the process exit code (0).
	 */
	public function serve(): int {
		$limit = $this->limit();
		// wp_die() would end the process (and the client's connection): while serving, it throws,
		// so code that dies in a tool gives that call an error result and the server lives on.
		foreach ( self::DIE_FILTERS as $filter ) {
			add_filter( $filter, array( self::class, 'die_handler_factory' ), PHP_INT_MAX );
		}
		try {
			return $this->read_loop( $limit );
		} finally {
			foreach ( self::DIE_FILTERS as $filter ) {
				remove_filter( $filter, array( self::class, 'die_handler_factory' ), PHP_INT_MAX );
			}
		}
	}

	private const DIE_FILTERS = array( 'wp_die_handler', 'wp_die_json_handler', 'wp_die_ajax_handler', 'wp_die_jsonp_handler', 'wp_die_xml_handler', 'wp_die_xmlrpc_handler' );

	/**
	 * The wp_die handler used while serving (filter callback).
	 */
	public static function die_handler_factory(): callable {
		return array( self::class, 'die_handler' );
	}

	/**
	 * Turns wp_die() into an exception.
	 *
	 * @param mixed $message WP_Error or string.
	 * @param mixed $title   Title.
	 * @param mixed $args    Arguments.
	 * @throws \RuntimeException Always.
	 */
	public static function die_handler( mixed $message = '', mixed $title = '', mixed $args = array() ): void {
		if ( $message instanceof \WP_Error ) {
			$message = $message->get_error_message();
		}
		$text = trim( wp_strip_all_tags( is_scalar( $message ) ? (string) $message : '' ) );
		throw new \RuntimeException( 'wp_die() was called' . ( '' !== $text ? ': ' . $text : '' ) );
	}

	private function read_loop( int $limit ): int {
		$this->lines ??= new LineReader( $this->in, $limit );
		// Null: end of input, the client closed the pipe.
		while ( null !== ( $line = $this->lines->next() ) ) {
			if ( LineReader::TOO_LONG === $line ) {
				$this->write( ErrorFactory::body_too_large( $limit )->to_response() );
				continue;
			}
			$response = $this->handle_line( $line );
			if ( null !== $response ) {
				$this->write( $response );
			}
			AuditLog::flush(); // The call's audit row, once its answer is out.
		}
		return 0;
	}

	/**
	 * Handles one line; returns the JSON-RPC response to send, or null when there is none
	 * (blank line, notification, response from the client).
	 *
	 * @return array<string, mixed>|null
	 */
	public function handle_line( string $line ): ?array {
		if ( '' === trim( $line ) ) {
			return null;
		}
		$id = null;
		[ $response, $stray ] = OutputGuard::run(
			$this->server->id,
			function () use ( $line, &$id ) {
				try {
					$message = Message::parse( $line );
					$id      = $message->id;
					$this->session->running( Message::REQUEST === $message->kind && ( is_string( $id ) || is_int( $id ) ) ? $id : null );
					return $this->dispatcher->dispatch( $message, $this->session, null, $this );
				} catch ( JsonRpcError $error ) {
					return ( null === $error->id && null !== $id ? $error->with_id( $id ) : $error )->to_response();
				}
			},
			static function () use ( &$id ) {
				return ErrorFactory::internal_error( $id )->to_response();
			}
		);
		// A cancelled request gets no answer (the client stopped waiting for it; 2026-07-28: no further messages).
		$cancelled = $this->session->in_flight_cancelled();
		$this->session->running( null );
		if ( '' !== $stray ) {
			fwrite( $this->err, '[mcp-native] output printed while serving a request (not sent to the client): ' . substr( $stray, 0, 2000 ) . "\n" );
		}
		return $cancelled ? null : $response;
	}

	/**
	 * A notification sent while a request runs (progress, log): one line before the response;
	 * none once the client cancelled the request.
	 *
	 * @param array<string, mixed> $notification The notification.
	 */
	public function send( array $notification ): bool {
		if ( $this->session->in_flight_cancelled() ) {
			return false;
		}
		$this->write( $notification );
		return true;
	}

	/**
	 * Asked by a running call (Report::cancelled()): takes in what arrived on stdin without waiting.
	 * A notifications/cancelled is handled now (the session records it for the request in flight);
	 * every other line waits its turn. Closed stdin means the client is gone.
	 */
	public function disconnected(): bool {
		$this->lines ??= new LineReader( $this->in, $this->limit() );
		$this->lines->poll( fn( string $line ) => $this->take_cancellation( $line ) );
		return $this->lines->at_eof();
	}

	private function take_cancellation( string $line ): bool {
		if ( ! str_contains( $line, 'cancelled' ) ) {
			return false; // Most lines: no parse needed (the slash may be escaped as \/).
		}
		try {
			$message = Message::parse( $line );
		} catch ( JsonRpcError $error ) {
			return false; // Answered in its turn.
		}
		if ( Message::NOTIFICATION !== $message->kind || 'notifications/cancelled' !== $message->method ) {
			return false;
		}
		$this->dispatcher->dispatch( $message, $this->session );
		return true;
	}

	private function limit(): int {
		return HttpTransport::max_body_bytes();
	}

	/**
	 * Writes one JSON-RPC message as one line.
	 *
	 * @param array<string, mixed> $message Message.
	 */
	private function write( array $message ): void {
		$json = Json::encode( $message );
		if ( null === $json ) {
			Logger::error( 'A stdio response could not be encoded as JSON', array( 'server' => $this->server->id ) );
			$id   = $message['id'] ?? null;
			$id   = ( is_string( $id ) || is_int( $id ) || ( is_float( $id ) && is_finite( $id ) ) ) ? $id : null;
			$json = (string) Json::encode( ( new JsonRpcError( ErrorCode::INTERNAL_ERROR, 'Internal error: response could not be encoded', 500, null, $id ) )->to_response() );
		}
		// JSON_UNESCAPED_* never produces a raw newline: one message is one line.
		fwrite( $this->out, $json . "\n" );
		fflush( $this->out );
	}

	/**
	 * The server a stdio client talks to, as HTTP serves it: the registry is built the way a REST
	 * request builds it (rest_api_init), so custom servers from `mcp_native_init` are all there.
	 * Checks the current user may use it.
	 *
	 * @param string|null $server_id Server id; null = the default server.
	 * @return Server|string The server, or an error message for the user.
	 */
	public static function resolve_server( ?string $server_id ): Server|string {
		if ( ! did_action( 'rest_api_init' ) ) {
			rest_get_server(); // Fires rest_api_init: Plugin::register_servers builds the registry.
		}
		$registry = Plugin::registry();
		if ( null === $registry ) {
			return 'the MCP servers could not be set up (rest_api_init did not build the mcp-native registry)';
		}
		$ids = array_keys( $registry->get_servers() );
		$id  = ( null === $server_id || '' === trim( $server_id ) ) ? DefaultServer::ID : trim( $server_id );
		$server = $registry->get_server( $id );
		if ( null === $server ) {
			$what = null === $server_id ? 'the default server is disabled (filter mcp_native_default_server_enabled)' : sprintf( 'no MCP server with id "%s"', $id );
			return sprintf( '%s; available servers: %s', $what, array() === $ids ? '(none)' : implode( ', ', $ids ) );
		}
		$user_id = get_current_user_id();
		if ( $user_id <= 0 ) {
			return 'no WordPress user: pass --user=<login|id|email>';
		}
		$capability = Auth::required_capability( $server );
		if ( ! current_user_can( $capability ) ) {
			$user = wp_get_current_user();
			return sprintf( 'user "%s" lacks the "%s" capability required by server "%s"', $user->user_login, $capability, $server->id );
		}
		return $server;
	}

	/**
	 * Registers `wp mcp-native serve` when running under WP-CLI (no-op otherwise).
	 */
	public static function register_wp_cli_command(): void {
		if ( ! defined( 'WP_CLI' ) || ! WP_CLI || ! class_exists( '\WP_CLI' ) ) {
			return;
		}
		static $done = false;
		if ( $done ) {
			return;
		}
		$done = true;
		// This process serves MCP: from now on (the command runs after WordPress has loaded) no
		// PHP message, echo or WP-CLI log line may reach stdout.
		if ( array( 'mcp-native', 'serve' ) === array_slice( self::wp_cli_arguments(), 0, 2 ) ) {
			self::keep_stdout_for_jsonrpc();
		}
		\WP_CLI::add_command(
			'mcp-native serve',
			array( self::class, 'wp_cli_serve' ),
			array(
				'shortdesc' => 'Serves an MCP server over stdio (newline-delimited JSON-RPC on stdin/stdout).',
				'synopsis'  => array( self::CLI_SERVER_ARGUMENT ),
				'longdesc'  => 'Run it with the global --user=<login> option: tools run as that user. Logs go to stderr.',
			)
		);
	}

	/**
	 * `wp mcp-native serve [--server=<id>]`.
	 *
	 * @param array<int, string>    $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args --server.
	 */
	public static function wp_cli_serve( array $args, array $assoc_args ): void {
		self::keep_stdout_for_jsonrpc();
		$server = self::resolve_server( isset( $assoc_args['server'] ) ? (string) $assoc_args['server'] : null );
		if ( is_string( $server ) ) {
			\WP_CLI::error( $server ); // stderr, exit 1.
		}
		$code = ( new self( $server ) )->serve();
		exit( $code ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
	}

	/**
	 * The positional arguments of the running WP-CLI command (WP_CLI\Runner exposes them through
	 * __get, without __isset), or none.
	 *
	 * @return array<int, mixed>
	 */
	private static function wp_cli_arguments(): array {
		try {
			$runner    = method_exists( '\WP_CLI', 'get_runner' ) ? \WP_CLI::get_runner() : null;
			$arguments = is_object( $runner ) ? $runner->arguments : null;
		} catch ( \Throwable $e ) {
			$arguments = null;
		}
		return is_array( $arguments ) ? array_values( $arguments ) : array();
	}

	/**
	 * Under WP-CLI, stdout is for JSON-RPC lines only: PHP messages go to stderr, WP-CLI's logger
	 * (WP_CLI::log and ::success write to STDOUT directly) is replaced by one writing to stderr,
	 * and anything echoed is passed to stderr. PHP startup warnings are printed before any PHP code
	 * runs: only `php -d display_errors=stderr` (see the README) keeps those off stdout.
	 */
	public static function keep_stdout_for_jsonrpc(): void {
		static $done = false;
		ini_set( 'display_errors', 'stderr' ); // phpcs:ignore WordPress.PHP.IniSet.display_errors_Disallowed
		if ( class_exists( '\WP_CLI' ) && method_exists( '\WP_CLI', 'set_logger' ) ) {
			\WP_CLI::set_logger( new StderrCliLogger() );
		}
		if ( $done ) {
			return;
		}
		$done = true;
		ob_start(
			static function ( string $buffer ): string {
				if ( '' !== $buffer ) {
					fwrite( STDERR, $buffer );
				}
				return '';
			},
			1
		);
	}
}
