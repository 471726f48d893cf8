<?php
/**
 * Tools → MCP Connections: the site owner's OAuth switches and every connected client.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\Admin\FormGate;

final class ConnectionsPage {

	public const SLUG       = 'mcp-native-connections';
	public const CAPABILITY = 'manage_options';
	private const NONCE     = 'mcp_native_oauth_settings';

	public static function boot(): void {
		add_action( 'admin_menu', array( self::class, 'register_menu' ) );
	}

	public static function register_menu(): void {
		FormGate::tools_page( __( 'MCP Connections', 'mcp-native' ), self::SLUG, self::CAPABILITY, array( self::class, 'render' ), array( self::class, 'save' ) );
	}

	public static function url(): string {
		return admin_url( 'tools.php?page=' . self::SLUG );
	}

	/** load-{page}: a POSTed settings form (nonce and capability checked), then back to the page. */
	public static function save(): void {
		if ( ! FormGate::is_post() ) {
			return;
		}
		FormGate::check( self::NONCE, self::CAPABILITY, __( 'Sorry, you are not allowed to change these settings.', 'mcp-native' ) );
		$values = array();
		foreach ( array_keys( Settings::DEFAULTS ) as $key ) {
			$values[ $key ] = isset( $_POST[ 'mcp_native_oauth_' . $key ] ) && '1' === $_POST[ 'mcp_native_oauth_' . $key ];
		}
		Settings::save( $values );
		wp_safe_redirect( add_query_arg( 'updated', '1', self::url() ) );
		exit;
	}

	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'mcp-native' ), 403 );
		}
		$settings = Settings::get();
		echo '<div class="wrap"><h1>' . esc_html__( 'MCP Connections', 'mcp-native' ) . '</h1>';
		if ( isset( $_GET['updated'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a notice only.
			echo '<div class="notice notice-success"><p>' . esc_html__( 'Settings saved.', 'mcp-native' ) . '</p></div>';
		}
		echo '<p>' . esc_html__( 'Hosted AI clients (Claude.ai, ChatGPT and others) connect with OAuth: the user approves each client on a consent screen, and can disconnect it on their profile. Application passwords keep working beside it.', 'mcp-native' ) . '</p>';
		echo '<form method="post" action="' . esc_url( self::url() ) . '">';
		wp_nonce_field( self::NONCE );
		echo '<table class="form-table" role="presentation"><tbody>';
		$rows = array(
			'enabled' => array( __( 'OAuth', 'mcp-native' ), __( 'Let AI clients connect with OAuth 2.1 (needed by hosted clients).', 'mcp-native' ) ),
			'cimd'    => array( __( 'Client ID Metadata Documents', 'mcp-native' ), __( 'Accept clients identified by an https URL whose document this site fetches (the MCP specification\'s preferred way).', 'mcp-native' ) ),
			'dcr'     => array( __( 'Dynamic Client Registration', 'mcp-native' ), __( 'Let clients register themselves (RFC 7591); their names are not verified.', 'mcp-native' ) ),
		);
		foreach ( $rows as $key => [ $label, $help ] ) {
			$id = 'mcp_native_oauth_' . $key;
			echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td><label for="' . esc_attr( $id ) . '"><input type="checkbox" name="' . esc_attr( $id ) . '" id="' . esc_attr( $id ) . '" value="1"' . checked( $settings[ $key ], true, false ) . '> ' . esc_html( $help ) . '</label></td></tr>';
		}
		echo '</tbody></table>';
		submit_button();
		echo '</form>';
		echo '<h2>' . esc_html__( 'Connected clients', 'mcp-native' ) . '</h2>';
		Connections::render_table( Grants::of_user( 0 ), true );
		echo '</div>';
	}
}
