<?php
/**
 * FAKE (test fixture v06-extra): the published API plus an added public method of the adapter's SchemaTransformer; its body only
 * marks that the adapter's own class ran.
 */

declare(strict_types=1);

namespace WP\MCP\Domain\Utils;

class SchemaTransformer {

	/**
	 * @return array<string,mixed>
	 */
	public static function transform_to_object_schema( ?array $schema, string $wrapper_key = 'input' ): array {
		return array(
			'schema'           => array( 'type' => 'object', 'x-served-by' => 'fake-adapter' ),
			'was_transformed'  => false,
			'wrapper_property' => null,
		);
	}

	public static function ensure_properties( array $schema ): array {
		return $schema + array( 'properties' => array() );
	}

	private static function wrap_in_object( array $schema, string $wrapper_key ): array {
		return array( 'type' => 'object', 'properties' => array( $wrapper_key => $schema ) );
	}
}
