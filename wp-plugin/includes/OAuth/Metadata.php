<?php
/**
 * The discovery documents: protected resource metadata (RFC 9728) and authorization server
 * metadata (RFC 8414, and the OpenID discovery form of it).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\Server;

final class Metadata {

	public const REST_NAMESPACE = 'mcp-native/v1';

	/**
	 * A server's protected resource metadata.
	 *
	 * @param string $resource The resource identifier the document is asked for (the form the client uses).
	 * @return array<string, mixed>
	 */
	public static function resource( Server $server, string $resource ): array {
		return array(
			'resource'                 => $resource,
			'authorization_servers'    => array( Resources::issuer() ),
			'scopes_supported'         => Scope::all(),
			'bearer_methods_supported' => array( 'header' ),
			'resource_name'            => $server->name,
			'resource_documentation'   => 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization',
		);
	}

	/**
	 * The authorization server metadata of this site.
	 *
	 * @param bool $openid The OpenID discovery form (adds the fields it requires; no ID tokens are issued).
	 * @return array<string, mixed>
	 */
	public static function authorization_server( bool $openid = false ): array {
		$settings = Settings::get();
		$document = array(
			'issuer'                                => Resources::issuer(),
			'authorization_endpoint'                => rest_url( self::REST_NAMESPACE . '/oauth/authorize' ),
			'token_endpoint'                        => rest_url( self::REST_NAMESPACE . '/oauth/token' ),
			'revocation_endpoint'                   => rest_url( self::REST_NAMESPACE . '/oauth/revoke' ),
			'scopes_supported'                      => Scope::all(),
			'response_types_supported'              => array( 'code' ),
			'response_modes_supported'              => array( 'query' ),
			'grant_types_supported'                 => array( 'authorization_code', 'refresh_token' ),
			'code_challenge_methods_supported'      => array( 'S256' ),
			'token_endpoint_auth_methods_supported' => array( 'none', 'client_secret_post', 'client_secret_basic' ),
			'revocation_endpoint_auth_methods_supported' => array( 'none', 'client_secret_post', 'client_secret_basic' ),
			'authorization_response_iss_parameter_supported' => true,
			'client_id_metadata_document_supported' => $settings['cimd'],
			'service_documentation'                 => 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization',
		);
		if ( $settings['dcr'] ) {
			$document['registration_endpoint'] = rest_url( self::REST_NAMESPACE . '/oauth/register' );
		}
		if ( $openid ) {
			$document += array(
				'jwks_uri'                              => rest_url( self::REST_NAMESPACE . '/oauth/jwks' ),
				'subject_types_supported'               => array( 'public' ),
				'id_token_signing_alg_values_supported' => array( 'RS256' ),
			);
		}
		return $document;
	}
}
