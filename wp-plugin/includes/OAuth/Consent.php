<?php
/**
 * The authorization endpoint: a wp-admin screen where the logged-in user approves or denies a
 * client.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\Auth;

/**
 * admin.php?page=mcp-native-authorize&response_type=code&client_id=…. WordPress's own admin
 * sends a visitor who is not logged in to wp-login.php and back. The request is checked the same
 * way on GET (the screen) and POST (the decision): a client or redirect URI that does not check
 * out is an error page and is never redirected to; any other problem goes back to the client's
 * redirect URI as an OAuth error, with `state` and `iss` (RFC 9207). The POST must carry the
 * nonce of this user for this exact request; the page refuses to be framed.
 */
final class Consent {

	public const SLUG = 'mcp-native-authorize';

	private const PARAMS = array( 'response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'resource', 'scope' );

	/** @var array<string, mixed>|null The checked request the screen shows. */
	private static ?array $checked = null;

	public static function boot(): void {
		add_action( 'admin_menu', array( self::class, 'register_page' ) );
	}

	public static function url(): string {
		return admin_url( 'admin.php?page=' . self::SLUG );
	}

	/** admin_menu: a page without a menu entry (any logged-in user may open it). */
	public static function register_page(): void {
		$hook = add_submenu_page( '', __( 'Authorize an AI client', 'mcp-native' ), '', 'read', self::SLUG, array( ConsentView::class, 'render' ) );
		if ( is_string( $hook ) && '' !== $hook ) {
			add_action( 'load-' . $hook, array( self::class, 'load' ) );
		}
	}

	/**
	 * load-{page}: before any output, checks the request, carries out a POSTed decision (and
	 * ends with the redirect), or keeps what the screen will show.
	 */
	public static function load(): void {
		// A page without a menu entry has no title WordPress can look up for <title>.
		$GLOBALS['title'] = __( 'Authorize an AI client', 'mcp-native' ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		header( 'X-Frame-Options: DENY' );
		header( "Content-Security-Policy: frame-ancestors 'none'" );
		header( 'Referrer-Policy: no-referrer' );
		nocache_headers();
		$is_post = 'POST' === ( $_SERVER['REQUEST_METHOD'] ?? 'GET' ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
		$params  = self::params( $is_post ? $_POST : $_GET ); // phpcs:ignore WordPress.Security.NonceVerification -- the nonce is checked below for the POST that acts.
		$checked = self::check( $params, wp_get_current_user() );
		if ( isset( $checked['redirect_error'] ) ) {
			self::redirect( $checked['redirect_uri'], array( 'error' => $checked['redirect_error'], 'error_description' => $checked['description'] ), $params['state'] );
		}
		if ( isset( $checked['fatal'] ) ) {
			status_header( 400 ); // The error page: nothing is redirected anywhere.
		}
		if ( $is_post && ! isset( $checked['fatal'] ) ) {
			$nonce = isset( $_POST['_wpnonce'] ) && is_string( $_POST['_wpnonce'] ) ? sanitize_text_field( wp_unslash( $_POST['_wpnonce'] ) ) : '';
			if ( 1 !== wp_verify_nonce( $nonce, self::nonce_action( $params ) ) ) {
				wp_die( esc_html__( 'This authorization form has expired or was not sent from this site. Go back to the AI client and connect again.', 'mcp-native' ), esc_html__( 'Authorization refused', 'mcp-native' ), array( 'response' => 403 ) );
			}
			self::decide( $checked, $params, isset( $_POST['approve'] ), isset( $_POST['granted_scope'] ) && Scope::WRITE === $_POST['granted_scope'] );
		}
		self::$checked = $checked + array( 'params' => $params );
	}

	/** What load() checked, for the view. */
	public static function checked(): ?array {
		return self::$checked;
	}

	/**
	 * The request checked for a user: ['fatal' => message], ['redirect_error' => code, …], or
	 * the client, server, redirect URI and scopes it asks for.
	 *
	 * @param array<string, string> $p Request parameters.
	 * @return array<string, mixed>
	 */
	public static function check( array $p, \WP_User $user ): array {
		if ( ! Settings::enabled() ) {
			return array( 'fatal' => __( 'OAuth is switched off on this site.', 'mcp-native' ) );
		}
		$client = Clients::find( $p['client_id'] );
		if ( is_wp_error( $client ) ) {
			return array( 'fatal' => $client->get_error_message() );
		}
		if ( '' === $p['redirect_uri'] || ! Clients::redirect_allowed( $client, $p['redirect_uri'] ) ) {
			return array( 'fatal' => __( 'The redirect URI is not one this client registered.', 'mcp-native' ) );
		}
		$back = static fn( string $error, string $description ) => array(
			'redirect_error' => $error,
			'description'    => $description,
			'redirect_uri'   => $p['redirect_uri'],
		);
		if ( 'code' !== $p['response_type'] ) {
			return $back( 'unsupported_response_type', 'response_type must be code.' );
		}
		if ( 'S256' !== $p['code_challenge_method'] || ! Pkce::is_s256_challenge( $p['code_challenge'] ) ) {
			return $back( 'invalid_request', 'PKCE is required: code_challenge (43 base64url characters) with code_challenge_method S256.' );
		}
		if ( strlen( $p['state'] ) > 2048 ) {
			return $back( 'invalid_request', 'state is longer than 2048 bytes.' );
		}
		$server = '' === $p['resource'] ? Resources::default_server() : Resources::server_for_resource( $p['resource'] );
		if ( null === $server ) {
			return $back( 'invalid_target', 'The resource is not an MCP server of this site.' );
		}
		// Scopes this server does not know are ignored (RFC 6749 §3.3; a popular proxy asks for
		// "read write"): the user then chooses, and the token response says what was granted.
		$scope = Scope::normalize( $p['scope'] );
		if ( ! user_can( $user, Auth::required_capability( $server ) ) ) {
			return $back( 'access_denied', 'This WordPress user may not use the MCP server.' );
		}
		return array(
			'client'       => $client,
			'server'       => $server,
			'resource'     => '' === $p['resource'] ? Resources::resource_of( $server ) : $p['resource'],
			'redirect_uri' => $p['redirect_uri'],
			// A client that asked for nothing in particular may be given either; else at most what it asked.
			'may_write'    => '' === $scope || Scope::covers_write( $scope ),
			'asked_write'  => Scope::covers_write( $scope ),
		);
	}

	/**
	 * Carries out the user's decision and ends the request with the redirect.
	 *
	 * @param array<string, mixed>  $checked From check().
	 * @param array<string, string> $p       Request parameters.
	 */
	private static function decide( array $checked, array $p, bool $approve, bool $write ): never {
		if ( ! $approve ) {
			self::redirect( $checked['redirect_uri'], array( 'error' => 'access_denied', 'error_description' => 'The user denied the request.' ), $p['state'] );
		}
		$scope  = ( $write && $checked['may_write'] ) ? Scope::normalize( Scope::WRITE ) : Scope::READ;
		$client = $checked['client'];
		$host   = (string) wp_parse_url( $checked['redirect_uri'], PHP_URL_HOST );
		$grant  = Grants::approve( wp_get_current_user(), $client['client_id'], $client['client_name'], '' !== $host ? $host : $checked['redirect_uri'], $checked['server']->rest_route(), $checked['resource'], $scope );
		if ( null === $grant ) {
			self::redirect( $checked['redirect_uri'], array( 'error' => 'server_error', 'error_description' => 'The grant could not be stored.' ), $p['state'] );
		}
		$code = Tokens::issue_code(
			$grant,
			array(
				'client_id'      => $client['client_id'],
				'redirect_uri'   => $checked['redirect_uri'],
				'code_challenge' => $p['code_challenge'],
				'scope'          => $scope,
			)
		);
		self::redirect( $checked['redirect_uri'], array( 'code' => $code ), $p['state'] );
	}

	/**
	 * Sends the browser back to the client with the answer, `state` and `iss`, and ends the request.
	 *
	 * @param array<string, string> $answer code, or error and error_description.
	 */
	private static function redirect( string $redirect_uri, array $answer, string $state ): never {
		$answer += ( '' !== $state ? array( 'state' => $state ) : array() ) + array( 'iss' => Resources::issuer() );
		$location = $redirect_uri . ( str_contains( $redirect_uri, '?' ) ? '&' : '?' ) . http_build_query( $answer, '', '&', PHP_QUERY_RFC3986 );
		// Not wp_redirect(): its sanitizer would rewrite a native app's private-use scheme; the
		// URI was matched exactly against the client's registration, and a header cannot be split
		// by it (registered URIs hold no control characters).
		status_header( 302 );
		header( 'Location: ' . $location );
		exit;
	}

	/**
	 * The OAuth parameters of a request, each a string ('' when absent or not a string).
	 *
	 * @param array<mixed> $source  $_GET or $_POST (slashed by WordPress), or unslashed values.
	 * @return array<string, string>
	 */
	public static function params( array $source, bool $slashed = true ): array {
		$params = array();
		foreach ( self::PARAMS as $name ) {
			$value           = $source[ $name ] ?? '';
			$value           = is_string( $value ) && strlen( $value ) <= 4096 ? $value : '';
			$params[ $name ] = $slashed ? wp_unslash( $value ) : $value;
		}
		return $params;
	}

	/**
	 * The nonce action: this user (wp_create_nonce adds them) and this exact request.
	 *
	 * @param array<string, string> $p Request parameters.
	 */
	public static function nonce_action( array $p ): string {
		return 'mcp_native_authorize|' . hash( 'sha256', (string) wp_json_encode( $p ) );
	}
}
