<?php
/**
 * Connected clients: listed on the user's profile screen (an administrator sees anyone's on
 * their profile, and everyone's under Tools → MCP Connections) and revoked from there.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\OAuth;

final class Connections {

	public const REVOKE_ACTION = 'mcp_native_revoke_grant';

	public static function boot(): void {
		add_action( 'show_user_profile', array( self::class, 'render_profile_section' ) );
		add_action( 'edit_user_profile', array( self::class, 'render_profile_section' ) );
		add_action( 'admin_post_' . self::REVOKE_ACTION, array( self::class, 'handle_revoke' ) );
		add_action( 'admin_notices', array( self::class, 'revoked_notice' ) );
	}

	/**
	 * The profile screen's section.
	 *
	 * @param \WP_User $user The profile's user.
	 */
	public static function render_profile_section( mixed $user ): void {
		if ( ! $user instanceof \WP_User || ! current_user_can( 'edit_user', $user->ID ) ) {
			return;
		}
		echo '<h2 id="mcp-native-connections">' . esc_html__( 'Connected AI clients (MCP)', 'mcp-native' ) . '</h2>';
		echo '<p class="description">' . esc_html__( 'AI clients you approved to use this site\'s abilities as you. Disconnecting one ends its access at once.', 'mcp-native' ) . '</p>';
		self::render_table( Grants::of_user( $user->ID ), false );
	}

	/**
	 * A table of grants with a Disconnect link each.
	 *
	 * @param list<Grant> $grants Grants.
	 */
	public static function render_table( array $grants, bool $with_user ): void {
		if ( array() === $grants ) {
			echo '<p>' . esc_html__( 'No AI client is connected.', 'mcp-native' ) . '</p>';
			return;
		}
		$date = static fn( int $t ) => 0 === $t ? '—' : wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $t );
		echo '<table class="widefat striped mcp-native-connections"><thead><tr>';
		$heads = array( __( 'Client', 'mcp-native' ), __( 'Redirects to', 'mcp-native' ), __( 'MCP server', 'mcp-native' ), __( 'May', 'mcp-native' ), __( 'Connected', 'mcp-native' ), __( 'Last used', 'mcp-native' ), '' );
		if ( $with_user ) {
			array_unshift( $heads, __( 'User', 'mcp-native' ) );
		}
		foreach ( $heads as $head ) {
			echo '<th scope="col">' . esc_html( $head ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $grants as $grant ) {
			echo '<tr>';
			if ( $with_user ) {
				$owner = get_userdata( $grant->user_id );
				echo '<td>' . esc_html( $owner instanceof \WP_User ? $owner->user_login : '#' . $grant->user_id ) . '</td>';
			}
			echo '<td>' . esc_html( '' !== $grant->client_name ? $grant->client_name : $grant->client_id ) . '</td>';
			echo '<td>' . esc_html( $grant->redirect_host ) . '</td>';
			echo '<td><code>' . esc_html( $grant->server_route ) . '</code></td>';
			echo '<td>' . esc_html( Scope::covers_write( $grant->scope ) ? __( 'everything the user may do', 'mcp-native' ) : __( 'read only', 'mcp-native' ) ) . '</td>';
			echo '<td>' . esc_html( $date( $grant->created_at ) ) . '</td>';
			echo '<td>' . esc_html( $date( $grant->last_used_at ) ) . '</td>';
			echo '<td><a class="button button-small mcp-native-revoke" href="' . esc_url( self::revoke_url( $grant ) ) . '">' . esc_html__( 'Disconnect', 'mcp-native' ) . '</a></td>';
			echo '</tr>';
		}
		echo '</tbody></table>';
	}

	public static function revoke_url( Grant $grant ): string {
		return wp_nonce_url( admin_url( 'admin-post.php?action=' . self::REVOKE_ACTION . '&grant=' . $grant->id ), self::REVOKE_ACTION . '|' . $grant->id );
	}

	/** admin-post: revokes one grant of this site, for its user or for someone who may edit that user. */
	public static function handle_revoke(): void {
		$grant_id = isset( $_GET['grant'] ) ? absint( $_GET['grant'] ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- verified next.
		check_admin_referer( self::REVOKE_ACTION . '|' . $grant_id );
		$grant = Grants::find( $grant_id );
		if ( null === $grant || $grant->blog_id !== get_current_blog_id() || ! current_user_can( 'edit_user', $grant->user_id ) ) {
			wp_die( esc_html__( 'You may not disconnect this client.', 'mcp-native' ), '', array( 'response' => 403 ) );
		}
		Grants::revoke( $grant->id );
		$back = wp_get_referer();
		wp_safe_redirect( add_query_arg( 'mcp_native_revoked', '1', false !== $back ? $back : get_edit_profile_url() ) );
		exit;
	}

	public static function revoked_notice(): void {
		if ( isset( $_GET['mcp_native_revoked'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a notice only.
			echo '<div class="notice notice-success is-dismissible"><p>' . esc_html__( 'The AI client was disconnected: its tokens no longer work.', 'mcp-native' ) . '</p></div>';
		}
	}
}
