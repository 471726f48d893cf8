<?php
/**
 * An MCP session.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Session;

/**
 * A session as stored for its user.
 */
final class Session {

	/**
	 * @param string $id               Session id (UUID v4).
	 * @param int    $user_id          Owner.
	 * @param string $server_id        Server the session was opened on.
	 * @param string $protocol_version Negotiated protocol version.
	 * @param int    $created          Unix time.
	 * @param int    $last_seen        Unix time of the last request.
	 * @param string $client_name      clientInfo.name from initialize (informational).
	 * @param string|null $log_level   The level of logging/setLevel, if the client sent one.
	 * @param string $client_version   clientInfo.version from initialize (informational).
	 * @param list<string> $client_capabilities What the client declared it can be asked for
	 *                                          (elicitation, sampling, roots) in initialize.
	 */
	public function __construct(
		public readonly string $id,
		public readonly int $user_id,
		public readonly string $server_id,
		public readonly string $protocol_version,
		public readonly int $created,
		public readonly int $last_seen,
		public readonly string $client_name = '',
		public readonly ?string $log_level = null,
		public readonly string $client_version = '',
		public readonly array $client_capabilities = array()
	) {}

	/** The same session seen at $time. */
	public function seen_at( int $time ): self {
		return new self( $this->id, $this->user_id, $this->server_id, $this->protocol_version, $this->created, $time, $this->client_name, $this->log_level, $this->client_version, $this->client_capabilities );
	}

	/** The same session with the log level the client set. */
	public function with_log_level( string $level ): self {
		return new self( $this->id, $this->user_id, $this->server_id, $this->protocol_version, $this->created, $this->last_seen, $this->client_name, $level, $this->client_version, $this->client_capabilities );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function to_array(): array {
		$data = array(
			'server'   => $this->server_id,
			'protocol' => $this->protocol_version,
			'created'  => $this->created,
			'seen'     => $this->last_seen,
			'client'   => $this->client_name,
		);
		if ( null !== $this->log_level ) {
			$data['log'] = $this->log_level;
		}
		if ( '' !== $this->client_version ) {
			$data['client_version'] = $this->client_version;
		}
		if ( array() !== $this->client_capabilities ) {
			$data['caps'] = $this->client_capabilities;
		}
		return $data;
	}

	/**
	 * @param mixed $data Stored value.
	 */
	public static function from_array( string $id, int $user_id, mixed $data ): ?self {
		if ( ! is_array( $data ) || ! isset( $data['server'], $data['created'], $data['seen'] ) ) {
			return null;
		}
		return new self(
			$id,
			$user_id,
			(string) $data['server'],
			(string) ( $data['protocol'] ?? '' ),
			(int) $data['created'],
			(int) $data['seen'],
			(string) ( $data['client'] ?? '' ),
			isset( $data['log'] ) && is_string( $data['log'] ) ? $data['log'] : null,
			(string) ( $data['client_version'] ?? '' ),
			is_array( $data['caps'] ?? null ) ? array_values( array_filter( $data['caps'], 'is_string' ) ) : array()
		);
	}
}
