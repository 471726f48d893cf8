<?php
/**
 * initialize, ping and server/discover.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Handlers;

use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Protocol\ClientInfo;
use McpNative\Plugin\Protocol\SessionScope;
use McpNative\Plugin\ProtocolVersion;
use McpNative\Plugin\Server;

/**
 * The handshake of the session-based revisions (initialize negotiates the version and opens the
 * session; ping answers an empty object) and its stateless counterpart, server/discover.
 */
final class LifecycleHandler {

	public function __construct( private readonly Server $server ) {}

	/**
	 * @return array<string, mixed> InitializeResult.
	 */
	public function initialize( Message $message, SessionScope $session ): array {
		$version     = ProtocolVersion::negotiate( $message->param( 'protocolVersion' ) );
		$client_info = $message->param( 'clientInfo' );
		$client       = ClientInfo::from_object( $client_info, null, $version );
		$declared     = $message->param( 'capabilities' );
		$capabilities = array();
		foreach ( array( 'elicitation', 'sampling', 'roots' ) as $capability ) {
			if ( $declared instanceof \stdClass && isset( $declared->{$capability} ) ) {
				$capabilities[] = $capability;
			}
		}
		try {
			$session->open( $version, $client->name, $client->version, $capabilities );
		} catch ( JsonRpcError $error ) {
			throw $error->with_id( $message->id ); // the session could not be stored
		}

		$result = array(
			'protocolVersion' => $version,
			'capabilities'    => $this->capabilities(),
			'serverInfo'      => $this->server_info(),
		);
		if ( '' !== $this->server->description ) {
			$result['instructions'] = $this->server->description;
		}
		return $result;
	}

	public function ping(): \stdClass {
		return new \stdClass();
	}

	/**
	 * server/discover (2026-07-28): what initialize told a client, without a session. Logging: a
	 * request's `_meta` logLevel asks for the log messages its abilities send (Report::log).
	 *
	 * @return array<string, mixed> DiscoverResult (the dispatcher adds resultType and the cache hints).
	 */
	public function discover(): array {
		$result = array(
			'supportedVersions' => ProtocolVersion::ALL,
			'capabilities'      => $this->capabilities(),
			'_meta'             => array( 'io.modelcontextprotocol/serverInfo' => $this->server_info() ),
		);
		if ( '' !== $this->server->description ) {
			$result['instructions'] = $this->server->description;
		}
		return $result;
	}

	/**
	 * @return array<string, mixed>
	 */
	private function capabilities(): array {
		return $this->primitives() + array( 'logging' => new \stdClass() );
	}

	/**
	 * What the server offers at every revision. Subscriptions and list-changed notifications need
	 * a stream, which the server does not keep.
	 *
	 * @return array<string, mixed>
	 */
	private function primitives(): array {
		return array(
			'tools'       => array( 'listChanged' => false ),
			'resources'   => array(
				'subscribe'   => false,
				'listChanged' => false,
			),
			'prompts'     => array( 'listChanged' => false ),
			'completions' => new \stdClass(),
		);
	}

	/**
	 * @return array{name: string, version: string}
	 */
	private function server_info(): array {
		return array(
			'name'    => $this->server->name,
			'version' => $this->server->version,
		);
	}
}
