<?php
/**
 * Abilities to resources.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Resources;

use McpNative\Plugin\AbilityInvocation;
use McpNative\Plugin\AbilityMeta;
use McpNative\Plugin\AnnotationMapper;
use McpNative\Plugin\Tools\ToolFactory;

/**
 * Reads the official adapter's meta keys: `meta.mcp.uri` (or the older top-level `meta.uri`),
 * `mimeType`, `size`, `annotations` (audience, priority, lastModified) the same way, plus
 * `meta.mcp.icons` and `meta.mcp._meta`. Going further than the adapter, a URI with RFC 6570
 * expressions (`wordpress://posts/{id}`, or the explicit `meta.mcp.uriTemplate`) makes the ability
 * a resource template whose variables are its arguments.
 */
final class ResourceFactory {

	/**
	 * @return Resource|\WP_Error
	 */
	public static function from_ability( \WP_Ability $ability ): Resource|\WP_Error {
		$name = $ability->get_name();
		$uri  = AbilityMeta::string( $ability, 'uriTemplate' ) ?? AbilityMeta::string( $ability, 'uri' );
		if ( null === $uri ) {
			return new \WP_Error( 'mcp_native_resource_uri_missing', sprintf( "Resource ability %s has no URI: set meta.mcp.uri (e.g. 'wordpress://site/config')", $name ) );
		}
		/**
		 * Filters the URI (or URI template) of a resource ability.
		 *
		 * @param string      $uri     URI from the ability's meta.
		 * @param \WP_Ability $ability The ability.
		 */
		$uri = apply_filters( 'mcp_native_resource_uri', $uri, $ability );
		if ( ! is_string( $uri ) ) {
			return new \WP_Error( 'mcp_native_resource_uri_invalid', sprintf( 'Filter mcp_native_resource_uri returned a %s for %s', gettype( $uri ), $name ) );
		}
		$template = null;
		if ( UriTemplate::is_template( $uri ) ) {
			try {
				$template = UriTemplate::parse( $uri );
			} catch ( \InvalidArgumentException $e ) {
				return new \WP_Error( 'mcp_native_resource_uri_invalid', sprintf( 'Resource ability %s: %s', $name, $e->getMessage() ) );
			}
		} elseif ( strlen( $uri ) > UriTemplate::MAX_URI_LENGTH || ! preg_match( '/^[A-Za-z][A-Za-z0-9+.-]*:[^\s\x00-\x1f\x7f]*$/', $uri ) ) {
			return new \WP_Error( 'mcp_native_resource_uri_invalid', sprintf( 'Resource ability %s: URI "%s" is not an absolute URI (RFC 3986, with a scheme)', $name, $uri ) );
		}

		$mime_type = AbilityMeta::string( $ability, 'mimeType' );
		if ( null !== $mime_type && ! preg_match( '#^[\w.+-]+/[\w.+-]+(\s*;.*)?$#', $mime_type ) ) {
			$mime_type = null;
		}
		try {
			$input = AbilityInvocation::input( $ability );
		} catch ( \Throwable $e ) {
			return new \WP_Error( 'mcp_native_resource_conversion_failed', sprintf( 'Ability %s could not be converted to an MCP resource: %s', $name, $e->getMessage() ) );
		}
		$size        = AbilityMeta::get( $ability, 'size' );
		$annotations = AbilityMeta::get( $ability, 'annotations' );
		$mcp         = AbilityMeta::mcp( $ability );

		/** This filter is documented like mcp_native_resource_uri: the resource's name (default: the ability name). */
		$resource_name = apply_filters( 'mcp_native_resource_name', $name, $ability );
		return new Resource(
			$ability,
			$uri,
			$template,
			is_string( $resource_name ) && '' !== trim( $resource_name ) ? trim( $resource_name ) : $name,
			trim( $ability->get_label() ),
			trim( $ability->get_description() ),
			$mime_type,
			is_int( $size ) && $size >= 0 ? $size : null,
			is_array( $annotations ) ? AnnotationMapper::map_content( $annotations ) : array(),
			ToolFactory::icons( $mcp['icons'] ?? null, $name ),
			AbilityMeta::user_meta( $ability ),
			$input
		);
	}
}
