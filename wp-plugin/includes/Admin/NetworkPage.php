<?php
/**
 * Network Admin → Settings → MCP Native: which sites of the network serve MCP, their endpoints
 * and site_ids, and the extension status (one PHP serves the whole network).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\DefaultServer;
use McpNative\Plugin\SiteIdentity;

final class NetworkPage {

	public const SLUG       = 'mcp-native-network';
	public const CAPABILITY = 'manage_network_options';

	/** Sites listed on one page. */
	private const PER_PAGE = 100;

	/**
	 * network_admin_menu: the page under Settings.
	 */
	public static function register_menu(): void {
		add_submenu_page(
			'settings.php',
			__( 'MCP Native', 'mcp-native' ),
			__( 'MCP Native', 'mcp-native' ),
			self::CAPABILITY,
			self::SLUG,
			array( self::class, 'render' )
		);
	}

	public static function url(): string {
		return network_admin_url( 'settings.php?page=' . self::SLUG );
	}

	/**
	 * Whether the plugin runs on a site: network-activated, or activated on that site.
	 */
	public static function active_on( int $blog_id ): bool {
		$plugin = plugin_basename( MCP_NATIVE_PLUGIN_FILE );
		if ( ! function_exists( 'is_plugin_active_for_network' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		if ( is_plugin_active_for_network( $plugin ) ) {
			return true;
		}
		$active = get_blog_option( $blog_id, 'active_plugins', array() );
		return is_array( $active ) && in_array( $plugin, $active, true );
	}

	/**
	 * One row per site: what the page shows. A site_id is read, never created here: sites get
	 * theirs on their first MCP request.
	 *
	 * @return list<array{blog_id: int, name: string, url: string, active: bool, endpoint: string, site_id: ?string, status_page: string}>
	 */
	public static function sites( int $page = 1 ): array {
		$rows = array();
		foreach ( get_sites(
			array(
				'number'   => self::PER_PAGE,
				'offset'   => ( max( 1, $page ) - 1 ) * self::PER_PAGE,
				'deleted'  => 0,
				'archived' => 0,
				'spam'     => 0,
				'orderby'  => 'id',
			)
		) as $site ) {
			$blog_id = (int) $site->blog_id;
			$site_id = get_blog_option( $blog_id, SiteIdentity::OPTION );
			$rows[]  = array(
				'blog_id'     => $blog_id,
				'name'        => (string) get_blog_option( $blog_id, 'blogname' ),
				'url'         => (string) get_home_url( $blog_id, '/' ),
				'active'      => self::active_on( $blog_id ),
				'endpoint'    => (string) get_rest_url( $blog_id, DefaultServer::NAMESPACE . '/' . DefaultServer::ROUTE ),
				'site_id'     => is_string( $site_id ) && '' !== $site_id ? $site_id : null,
				'status_page' => (string) get_admin_url( $blog_id, 'tools.php?page=' . StatusPage::SLUG ),
			);
		}
		return $rows;
	}

	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'mcp-native' ), 403 );
		}
		$page   = max( 1, (int) ( $_GET['paged'] ?? 1 ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only paging
		$status = ExtensionStatus::detect();
		$sites  = self::sites( $page );
		$total  = (int) get_sites( array( 'count' => true, 'deleted' => 0, 'archived' => 0, 'spam' => 0 ) );

		echo '<div class="wrap mcp-native-status mcp-native-network">';
		echo Markup::style(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- static CSS
		echo '<h1>' . esc_html__( 'MCP Native on this network', 'mcp-native' ) . '</h1>';
		echo '<p>' . esc_html__( 'Every site of the network has its own MCP endpoints, its own site_id, its own sessions and its own users: a client connects to one site with an application password of a user of that site, and a site_id or session of one site is refused on another.', 'mcp-native' ) . '</p>';

		echo '<h2 id="mcp-native-extension">' . esc_html__( 'Extension (the whole network)', 'mcp-native' ) . '</h2>';
		printf(
			'<div class="notice inline %1$s"><p class="mcp-native-extension-status" data-state="%2$s"><strong>%3$s</strong></p></div>',
			esc_attr( ExtensionStatus::STATE_NATIVE === $status->state() ? 'notice-success' : ( ExtensionStatus::STATE_FALLBACK === $status->state() ? 'notice-info' : 'notice-warning' ) ),
			esc_attr( $status->state() ),
			esc_html( $status->summary() )
		);
		if ( ExtensionStatus::STATE_FALLBACK === $status->state() ) {
			echo SiteHealth::install_html( $status ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside
		} elseif ( ExtensionStatus::STATE_NATIVE !== $status->state() ) {
			echo wp_kses_post( SiteHealth::result( $status )['description'] );
		}

		echo '<h2 id="mcp-native-sites">' . esc_html__( 'Sites', 'mcp-native' ) . '</h2>';
		echo '<p class="description">' . sprintf(
			/* translators: %s: default server route */
			esc_html__( 'The endpoint shown is each site\'s default server (%s); custom servers that a site registers in its own code are listed on that site\'s status page. A site gets its site_id on its first MCP request.', 'mcp-native' ),
			'<code>' . esc_html( DefaultServer::NAMESPACE . '/' . DefaultServer::ROUTE ) . '</code>'
		) . '</p>';
		echo '<table class="widefat striped mcp-native-sites"><thead><tr>';
		foreach ( array( __( 'Site', 'mcp-native' ), __( 'MCP', 'mcp-native' ), __( 'Endpoint URL', 'mcp-native' ), __( 'site_id', 'mcp-native' ), '' ) as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $sites as $site ) {
			$field = 'mcp-native-endpoint-' . $site['blog_id'];
			printf(
				'<tr class="mcp-native-site-row" data-blog-id="%1$d" data-active="%2$s"><td><strong>%3$s</strong><br><a href="%4$s">%5$s</a> <span class="description">(%6$s)</span></td><td>%7$s</td><td>%8$s</td><td>%9$s</td><td>%10$s</td></tr>',
				(int) $site['blog_id'],
				$site['active'] ? 'yes' : 'no',
				esc_html( $site['name'] ),
				esc_url( $site['url'] ),
				esc_html( $site['url'] ),
				/* translators: %d: blog id */
				esc_html( sprintf( __( 'blog %d', 'mcp-native' ), $site['blog_id'] ) ),
				$site['active'] ? esc_html__( 'Serves MCP', 'mcp-native' ) : esc_html__( 'Plugin not active', 'mcp-native' ),
				$site['active']
					? Markup::url( $site['endpoint'], 'mcp-native-endpoint' ) . '<input type="hidden" id="' . esc_attr( $field ) . '" value="' . esc_attr( $site['endpoint'] ) . '"><br>'
						/* translators: %s: site name */
						. Markup::copy_button( $field, __( 'Copy endpoint URL', 'mcp-native' ), sprintf( __( 'Copy the endpoint URL of %s', 'mcp-native' ), $site['name'] ) )
					: '&#8212;',
				null !== $site['site_id'] ? '<code class="mcp-native-site-id">' . esc_html( $site['site_id'] ) . '</code>' : '<span class="description mcp-native-site-id-pending">' . esc_html__( 'not assigned yet', 'mcp-native' ) . '</span>',
				$site['active'] ? '<a class="mcp-native-site-status" href="' . esc_url( $site['status_page'] ) . '">' . esc_html__( 'Site status page', 'mcp-native' ) . '</a>' : ''
			);
		}
		echo '</tbody></table>';
		if ( $total > $page * self::PER_PAGE || $page > 1 ) {
			echo '<p>';
			if ( $page > 1 ) {
				printf( '<a class="button" href="%1$s">%2$s</a> ', esc_url( add_query_arg( 'paged', $page - 1, self::url() ) ), esc_html__( 'Previous sites', 'mcp-native' ) );
			}
			if ( $total > $page * self::PER_PAGE ) {
				printf( '<a class="button" href="%1$s">%2$s</a>', esc_url( add_query_arg( 'paged', $page + 1, self::url() ) ), esc_html__( 'More sites', 'mcp-native' ) );
			}
			echo '</p>';
		}
		Markup::copy_script();
		echo '</div>';
	}
}
