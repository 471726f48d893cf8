<?php
/**
 * The audit log of MCP calls: its public API, outcomes and hooks (docs/AUDIT.md).
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Audit;

/**
 * Every tools/call, resources/read and prompts/get is recorded once, when it ends
 * (AuditedCall, from the dispatcher): a row in this site's table (AuditTable) and the
 * `mcp_native_audit_event` action with OpenTelemetry-shaped attributes (AuditEvent), both once
 * the answer has gone (flush()).
 *
 * Code that decides a call's fate itself (an approval step, a `mcp_native_pre_tool_call`
 * filter) says so with mark_outcome(); the mark wins over what the result would say.
 */
final class AuditLog {

	/** The ability ran and answered. */
	public const SUCCESS = 'success';
	/** The ability ran (or started to) and failed: an isError result, an internal error. */
	public const TOOL_ERROR = 'tool_error';
	/** Nothing ran: unknown or hidden name, invalid arguments, permission, OAuth scope, another site, a filter's refusal. */
	public const REFUSED = 'refused';
	/** The client cancelled the call while it ran (the ability saw Report::cancelled()). */
	public const CANCELLED = 'cancelled';
	/** A person was asked to confirm the call and said no (or did not answer). */
	public const APPROVAL_DENIED = 'approval_denied';

	public const OUTCOMES = array( self::SUCCESS, self::TOOL_ERROR, self::REFUSED, self::CANCELLED, self::APPROVAL_DENIED );

	/** The action every recorded call fires: ( array $attributes, array $row ). */
	public const ACTION = 'mcp_native_audit_event';

	public const CLEANUP_HOOK = 'mcp_native_audit_cleanup';

	private static bool $booted = false;

	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;
		add_action( self::CLEANUP_HOOK, array( self::class, 'cleanup' ) );
		add_action( 'init', array( self::class, 'schedule_cleanup' ) );
		add_filter( 'wpmu_drop_tables', array( AuditTable::class, 'drop_with_site' ) );
		AuditPage::boot();
		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			AuditCommand::register();
		}
	}

	/**
	 * Whether calls are recorded (filter `mcp_native_audit_enabled`, default true).
	 */
	public static function enabled(): bool {
		/**
		 * Filters whether MCP calls are recorded in the audit log (and sent to mcp_native_audit_event).
		 *
		 * @param bool $enabled Default true.
		 */
		return (bool) apply_filters( 'mcp_native_audit_enabled', true );
	}

	/**
	 * Sets the outcome of the call being handled (the innermost one), e.g. APPROVAL_DENIED from
	 * an approval step, or REFUSED from a `mcp_native_pre_tool_call` filter. False when no
	 * audited call is running.
	 *
	 * @param string $outcome    One of OUTCOMES.
	 * @param string $error_code Machine-readable reason kept in the row (optional).
	 * @throws \InvalidArgumentException For an outcome not in OUTCOMES.
	 */
	public static function mark_outcome( string $outcome, string $error_code = '' ): bool {
		if ( ! in_array( $outcome, self::OUTCOMES, true ) ) {
			throw new \InvalidArgumentException( sprintf( 'Unknown audit outcome "%s" (expected one of %s)', $outcome, implode( ', ', self::OUTCOMES ) ) );
		}
		$call = AuditedCall::current();
		if ( null === $call ) {
			return false;
		}
		$call->mark( $outcome, $error_code );
		return true;
	}

	/**
	 * Writes the calls recorded so far and fires their actions now (they are otherwise written at
	 * shutdown, after the answer has gone). Returns how many rows were written.
	 */
	public static function flush(): int {
		return AuditEvent::flush();
	}

	/** Once the table exists: a daily cleanup of this site's old rows. */
	public static function schedule_cleanup(): void {
		if ( AuditTable::installed() && ! wp_next_scheduled( self::CLEANUP_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::CLEANUP_HOOK );
		}
	}

	/** The nightly cleanup: rows past the owner's retention (days, then rows). Returns how many went. */
	public static function cleanup(): int {
		$retention = Retention::get();
		return AuditTable::prune( $retention['days'], $retention['rows'] );
	}
}
