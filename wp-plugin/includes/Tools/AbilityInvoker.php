<?php
/**
 * Runs an ability for a tool call: the one path every tool kind takes.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Tools;

use McpNative\Plugin\ArgumentProfile;
use McpNative\Plugin\Audit\AuditedCall;
use McpNative\Plugin\Contract;
use McpNative\Plugin\Control\Approval;
use McpNative\Plugin\JsonPointer;
use McpNative\Plugin\Logger;
use McpNative\Plugin\OAuth\Scope;
use McpNative\Plugin\Schema\AdapterMeta;

/**
 * normalize → profile (coercions) → validate → permission → the owner's approval (Control\Approval)
 * → execute → map errors, with the input
 * validated once.
 *
 * WP_Ability::execute() validates the input with rest_validate_value_from_schema() and offers no
 * way to skip that, so on WordPress 7.1+ the invoker runs execute()'s steps itself, in core's
 * order and with core's hooks: `wp_ability_invoked`, `wp_pre_execute_ability` (a short-circuit
 * wins), normalize_input() (schema default, `wp_ability_normalize_input`), then our validation in
 * place of core's (its verdict goes through `wp_ability_validate_input` like core's does),
 * check_permissions() (`wp_ability_permission_result`), `wp_before_execute_ability`, the execute
 * callback (`wp_ability_execute_result`), output validation (`wp_ability_validate_output`) and
 * `wp_after_execute_ability`. The ability's own (possibly overridden) methods do each step.
 *
 * An ability class that overrides execute() or validate_input(), and cores before 7.1, get the
 * check before a plain execute() instead: their own pipeline then validates again.
 *
 * Errors: every violation at once (invalid_arguments, paths relative to the tool's arguments);
 * an exception is logged with an id and reported by that id only (its message may name server
 * files); the adapter's legacy `{success: false, error: "…"}` value becomes an error.
 */
final class AbilityInvoker {

	public const EXCEPTION_CODE = 'ability_callback_exception';

	/** @var array<class-string, bool> Whether an ability class runs core's pipeline unchanged. */
	private static array $standard_pipeline = array();

	/**
	 * @param string $profile     ArgumentProfile::STANDARD or STRICT.
	 * @param string $path_prefix JSON Pointer of the ability's input inside the tool's arguments
	 *                            ('' = the arguments themselves, '/input' for a wrapped schema,
	 *                            '/parameters' for the default server's execute tool).
	 */
	public function __construct(
		public readonly string $profile = ArgumentProfile::STANDARD,
		public readonly string $path_prefix = ''
	) {}

	/**
	 * Runs the ability on arguments in the wire shape: unwrapped where its input schema was
	 * wrapped (adapter meta), with violation paths starting at the wrapper.
	 *
	 * @param array<string, mixed> $adapter_meta input_schema_transformed, input_schema_wrapper.
	 */
	public static function invoke_wire( \WP_Ability $ability, mixed $arguments, array $adapter_meta, string $profile ): mixed {
		$wrapper     = AdapterMeta::input_wrapper( $adapter_meta );
		$path_prefix = null === $wrapper ? '' : '/' . JsonPointer::token( $wrapper );
		return ( new self( $profile, $path_prefix ) )->invoke( $ability, Contract::unwrap_input_if_needed( $arguments, $adapter_meta ) );
	}

	/**
	 * The ability's value (`[]` made `{}` where its output schema describes an object), or a WP_Error.
	 *
	 * @param mixed $input Input in the ability's own schema shape, as the client sent it.
	 */
	public function invoke( \WP_Ability $ability, mixed $input ): mixed {
		AuditedCall::note_ability( $ability->get_name() );
		Scope::assert_may_run( $ability ); // An OAuth token's scope narrows what its user may run.
		$schema = $ability->get_input_schema();
		// Without an input schema the ability takes no input: undescribed arguments are ignored.
		$input = array() === $schema ? null : Contract::normalize_arguments( $schema, $input );
		try {
			$result = self::runs_standard_pipeline( $ability )
				? $this->run_pipeline( $ability, $schema, $input )
				: $this->run_execute( $ability, $schema, $input );
		} catch ( \Throwable $e ) {
			// Thrown by a hook or an ability method (core catches what the callbacks throw).
			return InternalError::logged( self::EXCEPTION_CODE, sprintf( 'Ability "%s"', $ability->get_name() ), InternalError::detail( $e ) );
		}
		return self::mapped( $ability, $result );
	}

	/**
	 * WP_Ability::execute()'s steps with our validation in place of core's.
	 *
	 * @param array<string, mixed> $schema The ability's input schema.
	 */
	private function run_pipeline( \WP_Ability $ability, array $schema, mixed $input ): mixed {
		$name = $ability->get_name();
		/** This action is documented in wp-includes/abilities-api/class-wp-ability.php */
		do_action( 'wp_ability_invoked', $name, $input, $ability );

		$sentinel = new \WP_Filter_Sentinel();
		/** This filter is documented in wp-includes/abilities-api/class-wp-ability.php */
		$pre = apply_filters( 'wp_pre_execute_ability', $sentinel, $name, $input, $ability );
		if ( $pre !== $sentinel ) {
			return $pre;
		}

		$input = $ability->normalize_input( $input );
		if ( is_wp_error( $input ) ) {
			return $input;
		}

		if ( array() === $schema ) {
			// Nothing to validate against: core's own check (input must be null) decides.
			$valid = $ability->validate_input( $input );
		} else {
			$checked = $this->check( $input, $schema, $name );
			$input   = $checked instanceof \WP_Error ? $input : $checked;
			/** This filter is documented in wp-includes/abilities-api/class-wp-ability.php */
			$valid = apply_filters( 'wp_ability_validate_input', $checked instanceof \WP_Error ? $checked : true, $input, $name );
			if ( false === $valid ) {
				$valid = new \WP_Error( 'ability_invalid_input', __( 'Invalid input.' ) );
			}
		}
		if ( is_wp_error( $valid ) && $valid->has_errors() ) {
			return $valid;
		}

		$permission = $ability->check_permissions( $input );
		if ( true !== $permission ) {
			if ( is_wp_error( $permission ) ) {
				// As core does: the reason goes to the developer, never to the caller.
				_doing_it_wrong( 'WP_Ability::execute', esc_html( $permission->get_error_message() ), '6.9.0' );
			}
			/* translators: %s ability name. */
			return new \WP_Error( 'ability_invalid_permissions', sprintf( __( 'Ability "%s" does not have necessary permission.' ), $name ) );
		}

		// The owner's "ask first": a person's yes, once the call is valid and permitted, before it runs.
		$approval = Approval::check( $ability, $input );
		if ( null !== $approval ) {
			return $approval;
		}

		/** This action is documented in wp-includes/abilities-api/class-wp-ability.php */
		do_action( 'wp_before_execute_ability', $name, $input, $ability );

		// do_execute() and validate_output() are protected: called in the ability's own scope.
		$result = ( fn( $value ) => $this->do_execute( $value ) )->call( $ability, $input );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$output = ( fn( $value ) => $this->validate_output( $value ) )->call( $ability, $result );
		if ( is_wp_error( $output ) ) {
			return $output;
		}

		/** This action is documented in wp-includes/abilities-api/class-wp-ability.php */
		do_action( 'wp_after_execute_ability', $name, $input, $result, $ability );
		return $result;
	}

	/**
	 * Our check, then the ability's own execute() (which validates again).
	 *
	 * @param array<string, mixed> $schema The ability's input schema.
	 */
	private function run_execute( \WP_Ability $ability, array $schema, mixed $input ): mixed {
		if ( array() !== $schema ) {
			$checked = $this->check(
				( null === $input && array_key_exists( 'default', $schema ) ) ? $schema['default'] : $input,
				$schema,
				$ability->get_name()
			);
			if ( $checked instanceof \WP_Error ) {
				return $checked;
			}
			$input = $checked;
		}
		// Its own execute() checks permissions; the approval comes before it, once the input is valid.
		return Approval::check( $ability, $input ) ?? $ability->execute( $input );
	}

	/**
	 * The input the callback gets under the profile (booleans coerced for `standard`), or a
	 * WP_Error (invalid_arguments) listing every violation.
	 *
	 * @param array<string, mixed> $schema The ability's input schema.
	 */
	private function check( mixed $input, array $schema, string $ability_name ): mixed {
		try {
			$prepared   = ArgumentProfile::prepare( $input, $schema, $this->profile );
			$violations = Contract::validate( $prepared, $schema, $this->profile, $this->path_prefix );
		} catch ( \McpNative\SchemaException $e ) {
			// Our own message about the schema (a JSON Pointer and a limit): safe to show.
			Logger::error( 'Argument validation failed: ' . $e->getMessage(), array( 'ability' => $ability_name ) );
			return new \WP_Error( 'mcp_native_validation_failed', sprintf( 'The arguments of %s could not be validated: %s', $ability_name, $e->getMessage() ) );
		}
		if ( array() !== $violations ) {
			return ArgumentProfile::violations_error( $violations, $ability_name );
		}
		return $prepared;
	}

	/**
	 * The final value: errors mapped, `[]` as `{}` for an object output schema.
	 */
	private static function mapped( \WP_Ability $ability, mixed $result ): mixed {
		if ( $result instanceof \WP_Error ) {
			if ( self::EXCEPTION_CODE === $result->get_error_code() ) {
				// Core's message carries the exception's, which may name server files.
				return InternalError::logged( self::EXCEPTION_CODE, sprintf( 'Ability "%s"', $ability->get_name() ), $result->get_error_message() );
			}
			return $result;
		}
		if ( is_array( $result ) ) {
			if ( array() === $result ) {
				return self::describes_only_object( $ability->get_output_schema() ) ? new \stdClass() : $result;
			}
			if ( array_key_exists( 'success', $result ) && false === $result['success']
				&& isset( $result['error'] ) && is_string( $result['error'] ) && '' !== trim( $result['error'] ) ) {
				return new \WP_Error( 'ability_failed', $result['error'] );
			}
		}
		return $result;
	}

	/**
	 * Whether an output schema admits objects and not lists, so an empty PHP array means `{}`.
	 *
	 * @param array<string, mixed> $schema Output schema.
	 */
	private static function describes_only_object( array $schema ): bool {
		if ( array() === $schema ) {
			return false;
		}
		$type = $schema['type'] ?? 'object';
		return 'object' === $type || ( is_array( $type ) && in_array( 'object', $type, true ) && ! in_array( 'array', $type, true ) );
	}

	/**
	 * Whether the ability runs core's execute pipeline unchanged on a core that has the 7.1 hooks.
	 */
	private static function runs_standard_pipeline( \WP_Ability $ability ): bool {
		$class = get_class( $ability );
		if ( ! isset( self::$standard_pipeline[ $class ] ) ) {
			$standard = class_exists( 'WP_Filter_Sentinel' )
				&& version_compare( (string) ( $GLOBALS['wp_version'] ?? '0' ), '7.1-alpha', '>=' );
			foreach ( array( 'execute', 'validate_input' ) as $method ) {
				$standard = $standard && \WP_Ability::class === ( new \ReflectionMethod( $class, $method ) )->getDeclaringClass()->getName();
			}
			self::$standard_pipeline[ $class ] = $standard;
		}
		return self::$standard_pipeline[ $class ];
	}
}
