<?php
/**
 * A person's yes before an "ask first" ability runs as a tool.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Control;

use McpNative\Plugin\AbilityMeta;
use McpNative\Plugin\Audit\AuditLog;
use McpNative\Plugin\Json;
use McpNative\Plugin\Protocol\InputRequests;

/**
 * Before the callback of an ability the owner marked "ask first" (Exposure::asks_first()), the
 * client is asked to confirm with an elicitation naming the ability and its arguments: at
 * 2026-07-28 as an input_required result, at 2025-11-25 as an elicitation/create request on the
 * call's stream (InputRound). Only an answer to the server's own request counts (a client cannot
 * send its yes ahead). A client that cannot elicit gets a refusal that says why; a decline, a
 * cancel or anything but an explicit yes is a refusal too. Never a silent run.
 */
final class Approval {

	public const KEY           = 'mcp_native_approval';
	public const DENIED        = 'mcp_native_approval_denied';
	public const UNAVAILABLE   = 'mcp_native_approval_unavailable';
	private const SHOWN_BYTES  = 1500;

	/** The one field the client shows: a yes/no. */
	private const SCHEMA = array(
		'type'       => 'object',
		'properties' => array(
			'approve' => array(
				'type'        => 'boolean',
				'title'       => 'Run it',
				'description' => 'Yes: the ability runs now with these arguments. No: nothing happens.',
			),
		),
		'required'   => array( 'approve' ),
	);

	/**
	 * Null when the ability may run now; else what to return instead (the elicitation to send, or
	 * the refusal).
	 */
	public static function check( \WP_Ability $ability, mixed $input ): ?\WP_Error {
		if ( AbilityMeta::TOOL !== AbilityMeta::type( $ability ) || ! Exposure::asks_first( $ability ) ) {
			return null;
		}
		$answer = InputRequests::answer_to_request( self::KEY );
		if ( null === $answer ) {
			if ( ! InputRequests::client_supports( 'elicitation' ) ) {
				return new \WP_Error(
					self::UNAVAILABLE,
					sprintf(
						'"%s" runs only after a person approves it, and this client cannot ask (it did not declare the elicitation capability). Use a client that supports elicitation, or ask the site owner to turn "Ask first" off for it (Tools → MCP Abilities).',
						$ability->get_name()
					)
				);
			}
			return InputRequests::ask( array( self::KEY => InputRequests::elicitation( self::question( $ability, $input ), self::SCHEMA ) ) );
		}
		if ( 'accept' === ( $answer['action'] ?? null ) && true === ( $answer['content']['approve'] ?? null ) ) {
			return null;
		}
		/**
		 * Fires when a person declined (or cancelled) running an "ask first" ability.
		 *
		 * @param \WP_Ability $ability The ability.
		 * @param mixed       $answer  The client's answer (action, content).
		 */
		do_action( 'mcp_native_approval_denied', $ability, $answer );
		AuditLog::mark_outcome( AuditLog::APPROVAL_DENIED, self::DENIED );
		return new \WP_Error( self::DENIED, sprintf( 'Not run: the request to run "%s" was not approved.', $ability->get_name() ) );
	}

	/** What the person reads: the ability and the arguments it would run with (bounded). */
	private static function question( \WP_Ability $ability, mixed $input ): string {
		$arguments = Json::encode( $input ?? new \stdClass() ) ?? '(arguments that cannot be shown)';
		if ( strlen( $arguments ) > self::SHOWN_BYTES ) {
			$arguments = mb_strcut( $arguments, 0, self::SHOWN_BYTES ) . '… (' . strlen( $arguments ) . ' bytes)';
		}
		return sprintf( "Allow the AI to run \"%s\" (%s) on %s with these arguments?\n%s", $ability->get_label(), $ability->get_name(), get_bloginfo( 'name' ), $arguments );
	}
}
