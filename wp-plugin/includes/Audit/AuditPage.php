<?php
/**
 * Tools → MCP Audit log: filters, pages of rows, CSV export, and the retention settings.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

use McpNative\Plugin\Admin\FormGate;

/**
 * For administrators of the site (`manage_options`; on a network each site's own log). Filters
 * travel in the query string as `audit_<key>` (AuditQuery::KEYS); a malformed one shows an
 * error and no rows. The export (admin-post, nonce and capability checked) sends the filtered
 * rows as CSV (Csv: formula-safe); the retention form (POST, nonce and capability checked)
 * stores nothing unless both values are in range.
 */
final class AuditPage {

	public const SLUG             = 'mcp-native-audit';
	public const CAPABILITY       = 'manage_options';
	public const EXPORT_ACTION    = 'mcp_native_audit_export';
	public const RETENTION_ACTION = 'mcp_native_audit_retention';
	public const PER_PAGE         = 50;

	public static function boot(): void {
		add_action( 'admin_menu', array( self::class, 'register_menu' ) );
		add_action( 'admin_post_' . self::EXPORT_ACTION, array( self::class, 'handle_export' ) );
		add_action( 'admin_post_' . self::RETENTION_ACTION, array( self::class, 'handle_retention' ) );
	}

	public static function register_menu(): void {
		add_management_page( __( 'MCP Audit log', 'mcp-native' ), __( 'MCP Audit log', 'mcp-native' ), self::CAPABILITY, self::SLUG, array( self::class, 'render' ) );
	}

	/**
	 * The page's URL with filters (AuditQuery keys) and other query arguments.
	 *
	 * @param array<string, string> $filters
	 * @param array<string, string|int> $extra
	 */
	public static function url( array $filters = array(), array $extra = array() ): string {
		return add_query_arg( array_map( 'rawurlencode', array_map( 'strval', self::filter_args( $filters ) + $extra ) ), admin_url( 'tools.php?page=' . self::SLUG ) );
	}

	/** The CSV export's URL for these filters (with its nonce). */
	public static function export_url( array $filters ): string {
		$url = add_query_arg( array_map( 'rawurlencode', self::filter_args( $filters ) ), admin_url( 'admin-post.php?action=' . self::EXPORT_ACTION ) );
		return wp_nonce_url( $url, self::EXPORT_ACTION );
	}

	/**
	 * The filters a request carries (`audit_<key>`), as given.
	 *
	 * @param array<string, mixed> $query $_GET.
	 * @return array<string, mixed>
	 */
	public static function filters_from( array $query ): array {
		$filters = array();
		foreach ( AuditQuery::KEYS as $key ) {
			if ( isset( $query[ 'audit_' . $key ] ) ) {
				$filters[ $key ] = is_string( $query[ 'audit_' . $key ] ) ? wp_unslash( $query[ 'audit_' . $key ] ) : $query[ 'audit_' . $key ];
			}
		}
		return $filters;
	}

	/**
	 * @param array<string, string> $filters
	 * @return array<string, string>
	 */
	private static function filter_args( array $filters ): array {
		$args = array();
		foreach ( $filters as $key => $value ) {
			$args[ 'audit_' . $key ] = $value;
		}
		return $args;
	}

	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'mcp-native' ), 403 );
		}
		$query = AuditQuery::parse( self::filters_from( $_GET ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only filters.
		$paged = isset( $_GET['paged'] ) && is_string( $_GET['paged'] ) && ctype_digit( $_GET['paged'] ) ? max( 1, min( 1000000, (int) $_GET['paged'] ) ) : 1; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		echo '<div class="wrap mcp-native-audit"><h1>' . esc_html__( 'MCP Audit log', 'mcp-native' ) . '</h1>';
		self::render_notices();
		echo '<p>' . esc_html__( 'Every tool call, resource read and prompt an AI client asked this site for: when, as whom, from which client, and how it ended. Arguments are kept in part, with passwords, tokens and keys masked.', 'mcp-native' ) . '</p>';
		if ( $query instanceof \WP_Error ) {
			echo '<div class="notice notice-error mcp-native-audit-error"><p>' . esc_html( $query->get_error_message() ) . '</p></div>';
			self::render_filters( array() );
		} else {
			self::render_filters( $query->given );
			AuditTableView::render( $query, $paged, self::PER_PAGE );
		}
		self::render_retention();
		echo '</div>';
	}

	private static function render_notices(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- notices only.
		if ( isset( $_GET['retention_saved'] ) ) {
			echo '<div class="notice notice-success mcp-native-audit-saved"><p>' . esc_html__( 'Retention saved.', 'mcp-native' ) . '</p></div>';
		}
		if ( isset( $_GET['retention_error'] ) ) {
			echo '<div class="notice notice-error mcp-native-audit-error"><p>' . esc_html__( 'Nothing was saved: the retention must be whole numbers within the limits shown.', 'mcp-native' ) . '</p></div>';
		}
		// phpcs:enable
	}

	/**
	 * @param array<string, string> $given The filters in force.
	 */
	private static function render_filters( array $given ): void {
		echo '<form method="get" action="' . esc_url( admin_url( 'tools.php' ) ) . '" class="mcp-native-audit-filters">';
		echo '<input type="hidden" name="page" value="' . esc_attr( self::SLUG ) . '">';
		$fields = array(
			'user'    => array( __( 'User (login or ID)', 'mcp-native' ), 'text' ),
			'ability' => array( __( 'Ability or tool', 'mcp-native' ), 'text' ),
			'from'    => array( __( 'From', 'mcp-native' ), 'date' ),
			'to'      => array( __( 'To', 'mcp-native' ), 'date' ),
		);
		foreach ( $fields as $key => [ $label, $type ] ) {
			$id = 'audit_' . $key;
			echo '<label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label> ';
			echo '<input type="' . esc_attr( $type ) . '" id="' . esc_attr( $id ) . '" name="' . esc_attr( $id ) . '" value="' . esc_attr( $given[ $key ] ?? '' ) . '" maxlength="' . (int) AuditQuery::MAX_VALUE . '"> ';
		}
		echo '<label for="audit_outcome">' . esc_html__( 'Outcome', 'mcp-native' ) . '</label> <select id="audit_outcome" name="audit_outcome"><option value="">' . esc_html__( 'Any', 'mcp-native' ) . '</option>';
		foreach ( AuditLog::OUTCOMES as $outcome ) {
			echo '<option value="' . esc_attr( $outcome ) . '"' . selected( $given['outcome'] ?? '', $outcome, false ) . '>' . esc_html( $outcome ) . '</option>';
		}
		echo '</select> ';
		submit_button( __( 'Filter', 'mcp-native' ), 'secondary', '', false );
		echo ' <a class="button mcp-native-audit-export" href="' . esc_url( self::export_url( $given ) ) . '">' . esc_html__( 'Export CSV', 'mcp-native' ) . '</a>';
		echo '</form>';
	}

	private static function render_retention(): void {
		$retention = Retention::get();
		echo '<h2>' . esc_html__( 'Retention', 'mcp-native' ) . '</h2>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="mcp-native-audit-retention">';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::RETENTION_ACTION ) . '">';
		wp_nonce_field( self::RETENTION_ACTION );
		echo '<p>' . esc_html__( 'A nightly cleanup deletes rows older than the days below, then the oldest rows beyond the number below.', 'mcp-native' ) . '</p>';
		foreach ( Retention::BOUNDS as $key => [ $min, $max ] ) {
			$id    = 'mcp_native_audit_' . $key;
			$label = 'days' === $key ? __( 'Keep rows for (days)', 'mcp-native' ) : __( 'Keep at most (rows)', 'mcp-native' );
			echo '<p><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label> <input type="number" id="' . esc_attr( $id ) . '" name="' . esc_attr( $key ) . '" min="' . (int) $min . '" max="' . (int) $max . '" value="' . (int) $retention[ $key ] . '"></p>';
		}
		submit_button( __( 'Save retention', 'mcp-native' ) );
		echo '</form>';
	}

	/** admin-post: the CSV of the filtered rows (nonce, capability, filters checked first). */
	public static function handle_export(): void {
		$filters = self::checked_export_filters( $_GET );
		nocache_headers();
		header( 'Content-Type: text/csv; charset=utf-8' );
		header( 'Content-Disposition: attachment; filename="mcp-audit-' . gmdate( 'Y-m-d' ) . '.csv"' );
		header( 'X-Content-Type-Options: nosniff' );
		$out = fopen( 'php://output', 'w' );
		Csv::write( $out, $filters->rows( AuditQuery::EXPORT_LIMIT ) );
		fclose( $out );
		exit;
	}

	/**
	 * The export's query, after its nonce, the capability and the filters are checked (wp_die otherwise).
	 *
	 * @param array<string, mixed> $query $_GET.
	 */
	public static function checked_export_filters( array $query ): AuditQuery {
		FormGate::check( self::EXPORT_ACTION, self::CAPABILITY, __( 'Sorry, you are not allowed to export the audit log.', 'mcp-native' ) );
		$parsed = AuditQuery::parse( self::filters_from( $query ) );
		if ( $parsed instanceof \WP_Error ) {
			wp_die( esc_html( $parsed->get_error_message() ), '', array( 'response' => 400 ) );
		}
		return $parsed;
	}

	/** admin-post: saves the retention, then back to the page. */
	public static function handle_retention(): void {
		wp_safe_redirect( self::save_retention( $_POST ) );
		exit;
	}

	/**
	 * Checks the nonce and capability (wp_die otherwise), saves valid values; returns where to go next.
	 *
	 * @param array<string, mixed> $post $_POST.
	 */
	public static function save_retention( array $post ): string {
		FormGate::check( self::RETENTION_ACTION, self::CAPABILITY, __( 'Sorry, you are not allowed to change these settings.', 'mcp-native' ) );
		$values = Retention::parse( wp_unslash( $post ) );
		if ( $values instanceof \WP_Error ) {
			return self::url( array(), array( 'retention_error' => '1' ) );
		}
		Retention::save( $values );
		return self::url( array(), array( 'retention_saved' => '1' ) );
	}
}
