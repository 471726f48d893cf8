<?php
/**
 * Tools → MCP Abilities: the site owner decides, without code, which abilities each MCP server
 * exposes, whether the default server lists them as tools of their own, and which ask first.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\AnnotationMapper;
use McpNative\Plugin\AbilityMeta;
use McpNative\Plugin\Control\Exposure;
use McpNative\Plugin\DefaultServer;
use McpNative\Plugin\OAuth\Resources;
use McpNative\Plugin\Server;

/**
 * One row per registered tool ability (paged, so a form never exceeds PHP's max_input_vars), one
 * checkbox per server and one for "Ask first". A box left as the code decides stores nothing, so
 * a later change in code still shows; a box the owner changed is stored and wins (Exposure). Each
 * form names the abilities it showed, so an unticked box means "off" only for those.
 */
final class AbilitiesPage {

	public const SLUG       = 'mcp-native-abilities';
	public const CAPABILITY = 'manage_options';
	private const NONCE     = 'mcp_native_exposure';

	public static function register_menu(): void {
		FormGate::tools_page( __( 'MCP Abilities', 'mcp-native' ), self::SLUG, self::CAPABILITY, array( self::class, 'render' ), array( self::class, 'save' ) );
	}

	public static function url( int $page = 1 ): string {
		return admin_url( 'tools.php?page=' . self::SLUG . ( $page > 1 ? '&paged=' . $page : '' ) );
	}

	/** load-{page}: a POSTed form (nonce, capability, bounds checked), then back to the same page. */
	public static function save(): void {
		if ( ! FormGate::is_post() ) {
			return;
		}
		FormGate::check( self::NONCE, self::CAPABILITY, __( 'Sorry, you are not allowed to change these settings.', 'mcp-native' ) );
		$post  = wp_unslash( $_POST );
		$shown = is_array( $post['shown'] ?? null ) ? array_values( array_filter( $post['shown'], 'is_string' ) ) : array();
		if ( count( $shown ) > Exposure::MAX_ENTRIES ) {
			wp_die( esc_html__( 'The form is larger than this screen ever sends.', 'mcp-native' ), '', array( 'response' => 400 ) );
		}
		$settings = Exposure::settings();
		$servers  = Resources::servers();
		foreach ( $shown as $name ) {
			$ability = wp_has_ability( $name ) ? wp_get_ability( $name ) : null;
			if ( ! $ability instanceof \WP_Ability ) {
				continue; // Unregistered since the page was shown: nothing to decide.
			}
			foreach ( $servers as $server ) {
				$ticked = isset( $post['expose'][ $server->id ][ $name ] );
				self::store( $settings['servers'][ $server->id ], $name, $ticked, self::exposed_by_code( $server, $ability ) );
			}
			self::store( $settings['ask'], $name, isset( $post['ask'][ $name ] ), Exposure::asks_first_by_default( $ability ) );
		}
		if ( isset( $post['direct_form'] ) ) {
			$settings['direct'] = isset( $post['direct'] );
		}
		Exposure::save( $settings );
		$page = isset( $post['paged'] ) ? max( 1, (int) $post['paged'] ) : 1;
		wp_safe_redirect( add_query_arg( 'updated', '1', self::url( $page ) ) );
		exit;
	}

	/**
	 * Keeps an owner's choice only where it differs from what the code decides.
	 *
	 * @param array<string, bool>|null $choices Choices of one kind (by reference).
	 */
	private static function store( ?array &$choices, string $name, bool $ticked, bool $by_code ): void {
		$choices ??= array();
		if ( $ticked === $by_code ) {
			unset( $choices[ $name ] );
		} else {
			$choices[ $name ] = $ticked;
		}
	}

	/** What a server's code decides for an ability (before the owner). */
	public static function exposed_by_code( Server $server, \WP_Ability $ability ): bool {
		if ( DefaultServer::ID === $server->id ) {
			return AbilityMeta::is_public( $ability );
		}
		return in_array( $ability->get_name(), $server->ability_names, true );
	}

	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'mcp-native' ), 403 );
		}
		$servers   = array_values( Resources::servers() );
		$abilities = array_values( array_filter( wp_get_abilities(), static fn( $a ) => $a instanceof \WP_Ability && AbilityMeta::TOOL === AbilityMeta::type( $a ) ) );
		usort( $abilities, static fn( \WP_Ability $a, \WP_Ability $b ) => strcmp( $a->get_name(), $b->get_name() ) );
		$per_page = self::per_page( count( $servers ) );
		$pages    = max( 1, (int) ceil( count( $abilities ) / $per_page ) );
		$page     = min( $pages, max( 1, isset( $_GET['paged'] ) ? (int) $_GET['paged'] : 1 ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a page number.
		$shown    = array_slice( $abilities, ( $page - 1 ) * $per_page, $per_page );

		echo '<div class="wrap mcp-native-abilities"><h1>' . esc_html__( 'MCP Abilities', 'mcp-native' ) . '</h1>';
		if ( isset( $_GET['updated'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a notice only.
			echo '<div class="notice notice-success"><p>' . esc_html__( 'Settings saved.', 'mcp-native' ) . '</p></div>';
		}
		echo '<p>' . esc_html__( 'Choose what AI clients may use on each MCP server of this site. A ticked "Ask first" makes the client ask a person before the ability runs (clients that cannot ask are refused). Boxes left as the plugin code set them follow the code; the ones you change win.', 'mcp-native' ) . '</p>';
		echo '<form method="post" action="' . esc_url( self::url( $page ) ) . '">';
		wp_nonce_field( self::NONCE );
		echo '<input type="hidden" name="paged" value="' . esc_attr( (string) $page ) . '"><input type="hidden" name="direct_form" value="1">';
		echo '<p><label><input type="checkbox" name="direct" value="1" id="mcp-native-direct"' . checked( Exposure::direct_tools(), true, false ) . '> ';
		echo esc_html__( 'The default server also lists its abilities as tools of their own (besides discover / get-info / execute).', 'mcp-native' ) . '</label></p>';
		self::render_table( $shown, $servers );
		self::render_pagination( $page, $pages, count( $abilities ) );
		submit_button();
		echo '</form></div>';
	}

	/**
	 * @param list<\WP_Ability> $abilities Abilities on this page.
	 * @param list<Server>      $servers   Servers.
	 */
	private static function render_table( array $abilities, array $servers ): void {
		echo '<table class="widefat striped mcp-native-exposure"><thead><tr><th scope="col">' . esc_html__( 'Ability', 'mcp-native' ) . '</th><th scope="col">' . esc_html__( 'Category', 'mcp-native' ) . '</th><th scope="col">' . esc_html__( 'Annotations', 'mcp-native' ) . '</th>';
		foreach ( $servers as $server ) {
			echo '<th scope="col" title="' . esc_attr( $server->rest_route() ) . '">' . esc_html( $server->name ) . '</th>';
		}
		echo '<th scope="col">' . esc_html__( 'Ask first', 'mcp-native' ) . '</th></tr></thead><tbody>';
		if ( array() === $abilities ) {
			echo '<tr><td colspan="' . esc_attr( (string) ( 4 + count( $servers ) ) ) . '">' . esc_html__( 'No ability is registered.', 'mcp-native' ) . '</td></tr>';
		}
		foreach ( $abilities as $ability ) {
			$name = $ability->get_name();
			echo '<tr data-ability="' . esc_attr( $name ) . '"><td><strong>' . esc_html( $ability->get_label() ) . '</strong><br><code>' . esc_html( $name ) . '</code><input type="hidden" name="shown[]" value="' . esc_attr( $name ) . '"></td>';
			echo '<td>' . esc_html( (string) $ability->get_category() ) . '</td><td>' . esc_html( self::annotations( $ability ) ) . '</td>';
			foreach ( $servers as $server ) {
				$on     = Exposure::exposes( $server->id, $name, self::exposed_by_code( $server, $ability ) );
				$custom = null !== Exposure::choice( $server->id, $name );
				$label  = sprintf( /* translators: 1: ability, 2: server. */ __( 'Expose %1$s on %2$s', 'mcp-native' ), $name, $server->name );
				echo '<td><input type="checkbox" name="expose[' . esc_attr( $server->id ) . '][' . esc_attr( $name ) . ']" value="1" aria-label="' . esc_attr( $label ) . '"' . checked( $on, true, false ) . '>' . ( $custom ? ' <span class="description">' . esc_html__( '(yours)', 'mcp-native' ) . '</span>' : '' ) . '</td>';
			}
			$ask = Exposure::asks_first( $ability );
			/* translators: %s: ability name. */
			echo '<td><input type="checkbox" name="ask[' . esc_attr( $name ) . ']" value="1" aria-label="' . esc_attr( sprintf( __( 'Ask first before %s runs', 'mcp-native' ), $name ) ) . '"' . checked( $ask, true, false ) . '></td></tr>';
		}
		echo '</tbody></table>';
	}

	private static function render_pagination( int $page, int $pages, int $total ): void {
		/* translators: 1: page, 2: pages, 3: abilities. */
		echo '<p class="description">' . esc_html( sprintf( __( 'Page %1$d of %2$d (%3$d abilities). Save before you change pages.', 'mcp-native' ), $page, $pages, $total ) ) . ' ';
		for ( $p = 1; $p <= $pages; ++$p ) {
			echo $p === $page ? '<strong>' . esc_html( (string) $p ) . '</strong> ' : '<a href="' . esc_url( self::url( $p ) ) . '">' . esc_html( (string) $p ) . '</a> ';
		}
		echo '</p>';
	}

	/** Abilities a page shows: as many as keep the form within PHP's max_input_vars. */
	private static function per_page( int $servers ): int {
		$vars = (int) ini_get( 'max_input_vars' );
		$vars = $vars > 0 ? $vars : 1000;
		return max( 5, min( 100, intdiv( $vars - 20, $servers + 2 ) ) );
	}

	private static function annotations( \WP_Ability $ability ): string {
		$hints       = AnnotationMapper::of( $ability );
		$words       = array();
		foreach ( array( 'readOnlyHint' => __( 'read-only', 'mcp-native' ), 'destructiveHint' => __( 'destructive', 'mcp-native' ), 'idempotentHint' => __( 'idempotent', 'mcp-native' ) ) as $hint => $word ) {
			if ( true === ( $hints[ $hint ] ?? null ) ) {
				$words[] = $word;
			}
		}
		return array() === $words ? '—' : implode( ', ', $words );
	}
}
