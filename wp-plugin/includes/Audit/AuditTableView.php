<?php
/**
 * The rows of the audit screen and their pages.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

final class AuditTableView {

	public static function render( AuditQuery $query, int $paged, int $per_page ): void {
		$total = $query->count();
		$pages = max( 1, (int) ceil( $total / $per_page ) );
		$paged = min( $paged, $pages );
		$rows  = $query->rows( $per_page, ( $paged - 1 ) * $per_page );
		/* translators: %s: number of calls. */
		echo '<p class="mcp-native-audit-count">' . esc_html( sprintf( _n( '%s call', '%s calls', $total, 'mcp-native' ), number_format_i18n( $total ) ) ) . '</p>';
		if ( array() === $rows ) {
			echo '<p class="mcp-native-audit-empty">' . esc_html__( 'No call recorded matches.', 'mcp-native' ) . '</p>';
			return;
		}
		$heads = array( __( 'Time', 'mcp-native' ), __( 'User', 'mcp-native' ), __( 'Client', 'mcp-native' ), __( 'Server', 'mcp-native' ), __( 'Call', 'mcp-native' ), __( 'Ability', 'mcp-native' ), __( 'Outcome', 'mcp-native' ), __( 'Duration', 'mcp-native' ), __( 'Arguments', 'mcp-native' ) );
		echo '<table class="widefat striped mcp-native-audit-rows"><thead><tr>';
		foreach ( $heads as $head ) {
			echo '<th scope="col">' . esc_html( $head ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $rows as $row ) {
			self::render_row( $row );
		}
		echo '</tbody></table>';
		self::render_pagination( $query, $paged, $pages );
	}

	/**
	 * @param array<string, string> $row
	 */
	private static function render_row( array $row ): void {
		$user   = get_userdata( (int) $row['user_id'] );
		$client = trim( $row['client_name'] . ' ' . $row['client_version'] );
		if ( '' !== $row['oauth_client_id'] ) {
			$client .= ' (OAuth: ' . ( '' !== $row['oauth_client_name'] ? $row['oauth_client_name'] : $row['oauth_client_id'] ) . ')';
		}
		$outcome = $row['outcome'] . ( '' !== $row['error_code'] ? ' · ' . $row['error_code'] : '' );
		$time    = get_date_from_gmt( $row['created_at'], 'Y-m-d H:i:s' ); // The site's time zone.
		echo '<tr data-outcome="' . esc_attr( $row['outcome'] ) . '">';
		echo '<td>' . esc_html( $time ) . '</td>';
		echo '<td>' . esc_html( $user instanceof \WP_User ? $user->user_login : '#' . $row['user_id'] ) . '</td>';
		echo '<td>' . esc_html( '' !== $client ? $client : '—' ) . '</td>';
		echo '<td><code>' . esc_html( $row['server_id'] ) . '</code></td>';
		echo '<td><code>' . esc_html( $row['method'] ) . '</code> ' . esc_html( $row['target'] ) . '</td>';
		echo '<td class="mcp-native-audit-ability">' . esc_html( $row['ability'] ) . '</td>';
		echo '<td class="mcp-native-audit-outcome">' . esc_html( $outcome ) . '</td>';
		echo '<td>' . esc_html( number_format_i18n( (float) $row['duration_ms'], 1 ) ) . ' ms</td>';
		echo '<td><code class="mcp-native-audit-arguments">' . esc_html( $row['arguments'] ) . '</code></td>';
		echo '</tr>';
	}

	private static function render_pagination( AuditQuery $query, int $paged, int $pages ): void {
		if ( $pages <= 1 ) {
			return;
		}
		echo '<p class="mcp-native-audit-pages">';
		if ( $paged > 1 ) {
			echo '<a class="button prev" href="' . esc_url( AuditPage::url( $query->given, array( 'paged' => $paged - 1 ) ) ) . '">' . esc_html__( '‹ Newer', 'mcp-native' ) . '</a> ';
		}
		/* translators: 1: page, 2: pages. */
		echo '<span class="mcp-native-audit-page">' . esc_html( sprintf( __( 'Page %1$d of %2$d', 'mcp-native' ), $paged, $pages ) ) . '</span>';
		if ( $paged < $pages ) {
			echo ' <a class="button next" href="' . esc_url( AuditPage::url( $query->given, array( 'paged' => $paged + 1 ) ) ) . '">' . esc_html__( 'Older ›', 'mcp-native' ) . '</a>';
		}
		echo '</p>';
	}
}
