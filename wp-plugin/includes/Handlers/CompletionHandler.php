<?php
/**
 * completion/complete.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Handlers;

use McpNative\Plugin\JsonRpc\Message;
use McpNative\Plugin\Completion\Completion;
use McpNative\Plugin\JsonRpc\ErrorFactory;
use McpNative\Plugin\JsonRpc\JsonRpcError;
use McpNative\Plugin\Server;

/**
 * Completes a prompt argument (`ref/prompt` by name) or a resource template variable
 * (`ref/resource` by its uriTemplate). An unknown prompt or template is -32602; an argument the
 * prompt or template does not have gets no values.
 */
final class CompletionHandler {

	public function __construct( private readonly Server $server ) {}

	/**
	 * @param Message $message The request; params {ref, argument: {name, value}, context?: {arguments}}
	 * @return array{completion: array{values: list<string>, total: int, hasMore: bool}}
	 * @throws JsonRpcError Invalid params, unknown reference, permission refused.
	 */
	public function complete( Message $message ): array {
		$params = $message->params;
		$ref      = Params::get( $params, 'ref' );
		$argument = Params::get( $params, 'argument' );
		if ( ! $ref instanceof \stdClass || ! $argument instanceof \stdClass ) {
			throw ErrorFactory::invalid_params( 'Invalid params: ref and argument must be objects' );
		}
		$name  = Params::string( $argument, 'name' );
		$value = Params::get( $argument, 'value' );
		if ( ! is_string( $value ) ) {
			throw ErrorFactory::invalid_params( 'Invalid params: argument.value must be a string' );
		}
		$context = Params::get( $params, 'context' );
		$context = $context instanceof \stdClass ? array_filter( Params::object( $context, 'arguments' ), 'is_string' ) : array();

		$type = Params::get( $ref, 'type' );
		if ( 'ref/prompt' === $type ) {
			$prompt_name = Params::string( $ref, 'name' );
			$prompt      = $this->server->prompts()[ $prompt_name ] ?? null;
			if ( null === $prompt ) {
				throw ErrorFactory::invalid_params( 'Unknown prompt: ' . ErrorFactory::echoable( $prompt_name ) );
			}
			$completion = $prompt->has_argument( $name )
				? Completion::complete( $prompt->ability, $name, $value, $prompt->argument_schema( $name ), $context )
				: Completion::filter( array(), $value );
		} elseif ( 'ref/resource' === $type ) {
			$uri      = Params::string( $ref, 'uri' );
			$template = null;
			foreach ( $this->server->resources() as $resource ) {
				if ( $resource->is_template() && $resource->uri === $uri ) {
					$template = $resource;
					break;
				}
			}
			if ( null === $template ) {
				throw ErrorFactory::invalid_params( 'Unknown resource template: ' . ErrorFactory::echoable( $uri ) );
			}
			$completion = in_array( $name, $template->template?->variables ?? array(), true )
				? Completion::complete( $template->ability, $name, $value, $template->variable_schema( $name ), $context )
				: Completion::filter( array(), $value );
		} else {
			throw ErrorFactory::invalid_params( 'Invalid params: ref.type must be "ref/prompt" or "ref/resource"' );
		}
		return array( 'completion' => $completion );
	}
}
