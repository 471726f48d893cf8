<?php
/**
 * Who a client_id is: a registered client (RFC 7591) or a Client ID Metadata Document.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

/**
 * A client is an array: client_id, client_name, redirect_uris, token_endpoint_auth_method,
 * kind ('dcr' or 'cimd'), secret_hash. A metadata document is fetched through WordPress's own
 * SSRF guard (wp_safe_remote_get(): no private or loopback address, safe ports only, both
 * filterable by WordPress's own filters), without redirects, bounded in time and size, and
 * cached in the clients table for as long as its Cache-Control allows (5 minutes to a day).
 */
final class Clients {

	public const MAX_DOCUMENT_BYTES = 5120;
	private const FETCH_TIMEOUT     = 5;
	private const MIN_CACHE         = 300;
	private const MAX_CACHE         = DAY_IN_SECONDS;

	/**
	 * The client a client_id names, or a WP_Error saying why not (status 400/401 in its data).
	 *
	 * @return array<string, mixed>|\WP_Error
	 */
	public static function find( string $client_id ): array|\WP_Error {
		if ( '' === $client_id || strlen( $client_id ) > 191 ) {
			return self::error( 'invalid_client', 'Unknown client_id.' );
		}
		if ( self::is_metadata_url( $client_id ) ) {
			return self::from_document( $client_id );
		}
		$row = self::row( $client_id );
		if ( null === $row || 'dcr' !== $row['kind'] ) {
			return self::error( 'invalid_client', 'Unknown client_id.' );
		}
		if ( ! Settings::get()['dcr'] ) {
			return self::error( 'invalid_client', 'Dynamically registered clients are switched off on this site.' );
		}
		return self::client( $row );
	}

	/** Whether a client_id is a URL (and so a metadata document, never a registered id). */
	public static function is_metadata_url( string $client_id ): bool {
		return 1 === preg_match( '#^https?://#i', $client_id );
	}

	/**
	 * A redirect URI matches a registered one exactly; a loopback one (RFC 8252 §7.3) on any port.
	 *
	 * @param array<string, mixed> $client From find().
	 */
	public static function redirect_allowed( array $client, string $redirect_uri ): bool {
		if ( null !== RedirectUris::problem( $redirect_uri ) ) {
			return false; // A fragment, user info, a control character: never, whatever was registered.
		}
		foreach ( $client['redirect_uris'] as $registered ) {
			if ( $registered === $redirect_uri ) {
				return true;
			}
			$a = wp_parse_url( $registered );
			$b = wp_parse_url( $redirect_uri );
			if ( is_array( $a ) && is_array( $b ) && RedirectUris::is_loopback( $registered ) && RedirectUris::is_loopback( $redirect_uri )
				&& ( $a['scheme'] ?? '' ) === ( $b['scheme'] ?? '' ) && ( $a['host'] ?? '' ) === ( $b['host'] ?? '' )
				&& ( $a['path'] ?? '' ) === ( $b['path'] ?? '' ) && ( $a['query'] ?? '' ) === ( $b['query'] ?? '' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * RFC 7591 registration. Returns the registration response or a WP_Error
	 * (invalid_redirect_uri / invalid_client_metadata).
	 *
	 * @param array<string, mixed> $metadata The request body.
	 * @return array<string, mixed>|\WP_Error
	 */
	public static function register( array $metadata ): array|\WP_Error {
		$uris = $metadata['redirect_uris'] ?? null;
		if ( ! is_array( $uris ) || array() === $uris || count( $uris ) > 10 || ! array_is_list( $uris ) ) {
			return self::error( 'invalid_redirect_uri', 'redirect_uris must be a list of 1 to 10 URIs.' );
		}
		foreach ( $uris as $uri ) {
			$problem = is_string( $uri ) ? RedirectUris::problem( $uri ) : 'a redirect URI must be a string';
			if ( null !== $problem ) {
				return self::error( 'invalid_redirect_uri', $problem );
			}
		}
		$method = $metadata['token_endpoint_auth_method'] ?? 'none';
		if ( ! in_array( $method, array( 'none', 'client_secret_post', 'client_secret_basic' ), true ) ) {
			return self::error( 'invalid_client_metadata', 'token_endpoint_auth_method must be none, client_secret_post or client_secret_basic.' );
		}
		foreach ( array( 'grant_types' => array( 'authorization_code', 'refresh_token' ), 'response_types' => array( 'code' ) ) as $field => $supported ) {
			if ( isset( $metadata[ $field ] ) && ( ! is_array( $metadata[ $field ] ) || array() !== array_diff( $metadata[ $field ], $supported ) ) ) {
				return self::error( 'invalid_client_metadata', sprintf( '%s may only contain %s.', $field, implode( ', ', $supported ) ) );
			}
		}
		$name = $metadata['client_name'] ?? '';
		if ( ! is_string( $name ) || mb_strlen( $name ) > 200 ) {
			return self::error( 'invalid_client_metadata', 'client_name must be a string of at most 200 characters.' );
		}
		$client_id = 'mcpn_client_' . bin2hex( random_bytes( 16 ) );
		$secret    = 'none' === $method ? null : 'mcpn_cs_' . rtrim( strtr( base64_encode( random_bytes( 32 ) ), '+/', '-_' ), '=' );
		$stored    = array(
			'client_name'                => sanitize_text_field( $name ),
			'redirect_uris'              => array_values( $uris ),
			'token_endpoint_auth_method' => $method,
			'grant_types'                => array( 'authorization_code', 'refresh_token' ),
			'response_types'             => array( 'code' ),
		);
		foreach ( array( 'client_uri', 'logo_uri' ) as $field ) {
			if ( is_string( $metadata[ $field ] ?? null ) && wp_http_validate_url( $metadata[ $field ] ) && strlen( $metadata[ $field ] ) <= 2000 ) {
				$stored[ $field ] = $metadata[ $field ];
			}
		}
		if ( is_string( $metadata['scope'] ?? null ) ) {
			$stored['scope'] = Scope::normalize( $metadata['scope'] );
		}
		$now = time();
		self::save( $client_id, 'dcr', $stored, null === $secret ? '' : hash( 'sha256', $secret ), 0 );
		return array( 'client_id' => $client_id, 'client_id_issued_at' => $now ) + ( null === $secret ? array() : array( 'client_secret' => $secret, 'client_secret_expires_at' => 0 ) ) + $stored;
	}

	/**
	 * Client authentication at the token and revocation endpoints (RFC 6749 §2.3): a public
	 * client names itself, a confidential one proves its secret the way it registered.
	 *
	 * @param array<string, mixed> $client From find().
	 */
	public static function authenticated( array $client, ?string $secret, string $method ): bool {
		$registered = $client['token_endpoint_auth_method'];
		if ( 'none' === $registered ) {
			return null === $secret;
		}
		return $registered === $method && null !== $secret && hash_equals( $client['secret_hash'], hash( 'sha256', $secret ) );
	}

	/**
	 * A client from its metadata document: cached, else fetched and checked.
	 *
	 * @return array<string, mixed>|\WP_Error
	 */
	private static function from_document( string $url ): array|\WP_Error {
		if ( ! Settings::get()['cimd'] ) {
			return self::error( 'invalid_client', 'Client ID Metadata Documents are switched off on this site.' );
		}
		$problem = RedirectUris::metadata_url_problem( $url );
		if ( null !== $problem ) {
			return self::error( 'invalid_client', $problem );
		}
		$row = self::row( $url );
		if ( null !== $row && 'cimd' === $row['kind'] && (int) $row['expires_at'] > time() ) {
			return self::client( $row );
		}
		if ( ! self::public_host( $url ) ) {
			return self::error( 'invalid_client', 'The client metadata document could not be fetched: its host is a private or reserved address.' );
		}
		$response = wp_safe_remote_get(
			$url,
			array(
				'timeout'             => self::FETCH_TIMEOUT,
				'redirection'         => 0,
				'limit_response_size' => self::MAX_DOCUMENT_BYTES + 1,
				'headers'             => array( 'Accept' => 'application/json' ),
				'user-agent'          => 'mcp-native/' . MCP_NATIVE_PLUGIN_VERSION . ' (WordPress OAuth client metadata)',
			)
		);
		if ( is_wp_error( $response ) ) {
			return self::error( 'invalid_client', 'The client metadata document could not be fetched: ' . $response->get_error_message() );
		}
		$body = (string) wp_remote_retrieve_body( $response );
		if ( 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
			return self::error( 'invalid_client', 'The client metadata document answered HTTP ' . (int) wp_remote_retrieve_response_code( $response ) . '.' );
		}
		if ( strlen( $body ) > self::MAX_DOCUMENT_BYTES ) {
			return self::error( 'invalid_client', 'The client metadata document is larger than ' . self::MAX_DOCUMENT_BYTES . ' bytes.' );
		}
		$document = json_decode( $body, true, 16 );
		$checked  = is_array( $document ) ? self::document_problem( $url, $document ) : 'The client metadata document is not a JSON object.';
		if ( null !== $checked ) {
			return self::error( 'invalid_client', $checked );
		}
		$stored = array(
			'client_name'                => sanitize_text_field( is_string( $document['client_name'] ?? null ) ? mb_substr( $document['client_name'], 0, 200 ) : '' ),
			'redirect_uris'              => array_values( $document['redirect_uris'] ),
			'token_endpoint_auth_method' => 'none',
		);
		self::save( $url, 'cimd', $stored, '', time() + self::cache_seconds( (string) wp_remote_retrieve_header( $response, 'cache-control' ) ) );
		return self::client( self::row( $url ) ?? array() );
	}

	/**
	 * Why a fetched document cannot describe the client at $url, or null.
	 *
	 * @param array<mixed> $document Decoded JSON.
	 */
	private static function document_problem( string $url, array $document ): ?string {
		if ( ( $document['client_id'] ?? null ) !== $url ) {
			return 'The client metadata document\'s client_id is not the URL it was fetched from.';
		}
		$uris = $document['redirect_uris'] ?? null;
		if ( ! is_array( $uris ) || array() === $uris || count( $uris ) > 10 || ! array_is_list( $uris ) ) {
			return 'The client metadata document must list 1 to 10 redirect_uris.';
		}
		foreach ( $uris as $uri ) {
			$problem = is_string( $uri ) ? RedirectUris::problem( $uri ) : 'a redirect URI must be a string';
			if ( null !== $problem ) {
				return 'The client metadata document has an unusable redirect URI: ' . $problem;
			}
		}
		$method = $document['token_endpoint_auth_method'] ?? 'none';
		if ( 'none' !== $method ) {
			return 'Only public clients (token_endpoint_auth_method "none") may use a metadata document here.';
		}
		return null;
	}

	/**
	 * Whether a URL's host is a public address. WordPress's own check (inside
	 * wp_safe_remote_get()) refuses loopback and private ranges but lets link-local ones such as a
	 * cloud's metadata address (169.254.169.254) through; PHP's filter refuses every private and
	 * reserved range. A host the site declares external with WordPress's filter is trusted.
	 */
	private static function public_host( string $url ): bool {
		$host = (string) wp_parse_url( $url, PHP_URL_HOST );
		/** This filter is documented in wp-includes/http.php */
		if ( apply_filters( 'http_request_host_is_external', false, $host, $url ) ) {
			return true;
		}
		$ip = false !== filter_var( $host, FILTER_VALIDATE_IP ) ? $host : gethostbyname( $host );
		return false !== filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE );
	}

	private static function cache_seconds( string $cache_control ): int {
		if ( 1 === preg_match( '/(?:^|,)\s*max-age\s*=\s*(\d{1,9})/i', $cache_control, $m ) ) {
			return min( self::MAX_CACHE, max( self::MIN_CACHE, (int) $m[1] ) );
		}
		return HOUR_IN_SECONDS;
	}

	/**
	 * @param array<string, mixed> $row A clients row.
	 * @return array<string, mixed>
	 */
	private static function client( array $row ): array {
		$metadata = json_decode( (string) ( $row['metadata'] ?? '' ), true );
		$metadata = is_array( $metadata ) ? $metadata : array();
		return array(
			'client_id'                  => (string) ( $row['client_id'] ?? '' ),
			'kind'                       => (string) ( $row['kind'] ?? '' ),
			'secret_hash'                => (string) ( $row['secret_hash'] ?? '' ),
			'client_name'                => is_string( $metadata['client_name'] ?? null ) ? $metadata['client_name'] : '',
			'redirect_uris'              => is_array( $metadata['redirect_uris'] ?? null ) ? $metadata['redirect_uris'] : array(),
			'token_endpoint_auth_method' => is_string( $metadata['token_endpoint_auth_method'] ?? null ) ? $metadata['token_endpoint_auth_method'] : 'none',
		);
	}

	/**
	 * @return array<string, mixed>|null
	 */
	private static function row( string $client_id ): ?array {
		global $wpdb;
		if ( ! Schema::installed() ) {
			return null;
		}
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::clients() . ' WHERE blog_id = %d AND client_id = %s', get_current_blog_id(), $client_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.NotPrepared
		return is_array( $row ) ? $row : null;
	}

	/**
	 * @param array<string, mixed> $metadata What is kept of the client.
	 */
	private static function save( string $client_id, string $kind, array $metadata, string $secret_hash, int $expires_at ): void {
		global $wpdb;
		Schema::ensure();
		$wpdb->replace( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			Schema::clients(),
			array(
				'blog_id'     => get_current_blog_id(),
				'client_id'   => $client_id,
				'kind'        => $kind,
				'secret_hash' => $secret_hash,
				'metadata'    => (string) wp_json_encode( $metadata ),
				'created_at'  => time(),
				'expires_at'  => $expires_at,
			)
		);
	}

	/** Daily: metadata documents past their cache time, and registered clients never authorized within a week. */
	public static function delete_stale(): void {
		global $wpdb;
		if ( ! Schema::installed() ) {
			return;
		}
		$clients = Schema::clients();
		$grants  = Schema::grants();
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$clients} WHERE kind = 'cimd' AND expires_at < %d", time() ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery,WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare( "DELETE c FROM {$clients} c LEFT JOIN {$grants} g ON g.blog_id = c.blog_id AND g.client_id = c.client_id WHERE c.kind = 'dcr' AND g.id IS NULL AND c.created_at < %d", time() - WEEK_IN_SECONDS ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		);
	}

	/**
	 * An OAuth error as a WP_Error (its code is the RFC error code).
	 */
	public static function error( string $code, string $description, int $status = 400 ): \WP_Error {
		return new \WP_Error( $code, $description, array( 'status' => $status ) );
	}
}
