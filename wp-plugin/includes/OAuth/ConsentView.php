<?php
/**
 * The consent screen's markup (WordPress admin styles only).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

use McpNative\Plugin\DefaultServer;
use McpNative\Plugin\Server;

final class ConsentView {

	private const SHOWN_ABILITIES = 40;

	/** The page callback. */
	public static function render(): void {
		$checked = Consent::checked();
		echo '<div class="wrap mcp-native-consent" style="max-width:720px">';
		if ( null === $checked || isset( $checked['fatal'] ) ) {
			echo '<h1>' . esc_html__( 'This AI client cannot be authorized', 'mcp-native' ) . '</h1>';
			echo '<div class="notice notice-error inline"><p>' . esc_html( (string) ( $checked['fatal'] ?? __( 'The request is incomplete.', 'mcp-native' ) ) ) . '</p></div>';
			echo '<p>' . esc_html__( 'Nothing was shared. Go back to the AI client and connect again; if it keeps failing, its authorization request is not one this site accepts.', 'mcp-native' ) . '</p></div>';
			return;
		}
		self::render_request( $checked );
		echo '</div>';
	}

	/**
	 * @param array<string, mixed> $c What Consent::check() returned, with the request's params.
	 */
	private static function render_request( array $c ): void {
		$client   = $c['client'];
		$server   = $c['server'];
		$user     = wp_get_current_user();
		$name     = '' !== $client['client_name'] ? $client['client_name'] : __( 'An unnamed client', 'mcp-native' );
		$redirect = (string) wp_parse_url( $c['redirect_uri'], PHP_URL_HOST );
		$redirect = '' !== $redirect ? $redirect : $c['redirect_uri'];
		/* translators: 1: client name, 2: site name. */
		echo '<h1>' . esc_html( sprintf( __( 'Connect %1$s to %2$s?', 'mcp-native' ), $name, get_bloginfo( 'name' ) ) ) . '</h1>';
		echo '<div class="card" style="max-width:none">';
		echo '<p><strong>' . esc_html( $name ) . '</strong> ';
		if ( 'cimd' === $client['kind'] ) {
			/* translators: %s: host name. */
			echo '<span class="description">' . esc_html( sprintf( __( '(identified by %s)', 'mcp-native' ), (string) wp_parse_url( $client['client_id'], PHP_URL_HOST ) ) ) . '</span>';
		} else {
			echo '<span class="description">' . esc_html__( '(name chosen by the client itself: not verified)', 'mcp-native' ) . '</span>';
		}
		echo ' ' . esc_html__( 'asks to use this site\'s abilities as you.', 'mcp-native' ) . '</p>';
		/* translators: %s: host name. */
		echo '<p>' . wp_kses( sprintf( __( 'After your answer you will be sent to <strong>%s</strong>.', 'mcp-native' ), esc_html( $redirect ) ), array( 'strong' => array() ) ) . '</p>';
		/* translators: 1: user display name, 2: login, 3: MCP server name, 4: endpoint URL. */
		echo '<p>' . esc_html( sprintf( __( 'It will act as %1$s (%2$s) on the MCP server "%3$s" at %4$s.', 'mcp-native' ), $user->display_name, $user->user_login, $server->name, $c['resource'] ) ) . '</p>';
		echo '</div>';

		[ $read_only, $others ] = self::abilities( $server );
		echo '<form method="post" action="' . esc_url( Consent::url() ) . '">';
		foreach ( $c['params'] as $key => $value ) {
			echo '<input type="hidden" name="' . esc_attr( $key ) . '" value="' . esc_attr( $value ) . '">';
		}
		wp_nonce_field( Consent::nonce_action( $c['params'] ), '_wpnonce', false );
		echo '<h2>' . esc_html__( 'What it may do', 'mcp-native' ) . '</h2><fieldset>';
		self::choice( Scope::READ, ! $c['asked_write'], __( 'Read only', 'mcp-native' ), __( 'It may list what the site offers and call only the abilities marked read-only:', 'mcp-native' ), $read_only );
		if ( $c['may_write'] ) {
			self::choice( Scope::WRITE, $c['asked_write'], __( 'Everything your role permits', 'mcp-native' ), __( 'It may also call every other ability you are allowed to use, including ones that change the site:', 'mcp-native' ), $others );
		}
		echo '</fieldset>';
		echo '<p class="description">' . esc_html__( 'Each ability still checks your own permissions. You can disconnect this client at any time on your profile screen.', 'mcp-native' ) . '</p>';
		echo '<p class="submit"><button type="submit" name="approve" value="1" class="button button-primary">' . esc_html__( 'Approve', 'mcp-native' ) . '</button> ';
		echo '<button type="submit" name="deny" value="1" class="button">' . esc_html__( 'Deny', 'mcp-native' ) . '</button></p>';
		echo '</form>';
	}

	/**
	 * One radio choice with the abilities it adds.
	 *
	 * @param list<\WP_Ability> $abilities Abilities listed under it.
	 */
	private static function choice( string $scope, bool $checked, string $label, string $explanation, array $abilities ): void {
		$id = 'mcp-native-scope-' . sanitize_key( str_replace( ':', '-', $scope ) );
		echo '<p><label for="' . esc_attr( $id ) . '"><input type="radio" name="granted_scope" id="' . esc_attr( $id ) . '" value="' . esc_attr( $scope ) . '"' . checked( $checked, true, false ) . '> <strong>' . esc_html( $label ) . '</strong></label><br>';
		echo '<span class="description">' . esc_html( $explanation ) . '</span></p>';
		if ( array() === $abilities ) {
			echo '<ul style="margin-left:2em;list-style:disc"><li>' . esc_html__( '(none)', 'mcp-native' ) . '</li></ul>';
			return;
		}
		echo '<ul style="margin-left:2em;list-style:disc">';
		foreach ( array_slice( $abilities, 0, self::SHOWN_ABILITIES ) as $ability ) {
			echo '<li>' . esc_html( $ability->get_label() ) . ' <code>' . esc_html( $ability->get_name() ) . '</code></li>';
		}
		if ( count( $abilities ) > self::SHOWN_ABILITIES ) {
			/* translators: %d: number of abilities. */
			echo '<li>' . esc_html( sprintf( __( 'and %d more', 'mcp-native' ), count( $abilities ) - self::SHOWN_ABILITIES ) ) . '</li>';
		}
		echo '</ul>';
	}

	/**
	 * The abilities a server runs, split into read-only ones and the others.
	 *
	 * @return array{0: list<\WP_Ability>, 1: list<\WP_Ability>}
	 */
	public static function abilities( Server $server ): array {
		if ( DefaultServer::ID === $server->id ) {
			$abilities = array_values( array_filter( wp_get_abilities(), array( DefaultServer::class, 'is_public' ) ) );
		} else {
			$abilities = array_values( array_filter( array_map( static fn( string $n ) => wp_has_ability( $n ) ? wp_get_ability( $n ) : null, $server->ability_names ) ) );
		}
		$read_only = array_values( array_filter( $abilities, array( Scope::class, 'is_read_only' ) ) );
		$others    = array_values( array_filter( $abilities, static fn( \WP_Ability $a ) => ! Scope::is_read_only( $a ) ) );
		return array( $read_only, $others );
	}
}
