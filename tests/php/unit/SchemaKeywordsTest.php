<?php
use McpNative\Plugin\Contract;
use McpNative\Plugin\Fallback\SchemaKeywords;
use PHPUnit\Framework\TestCase;

/**
 * One keyword table: the fallback's mirror (SchemaKeywords::POSITIONS) is the extension's
 * McpNative\schema_keywords(), entry for entry.
 */
final class SchemaKeywordsTest extends TestCase {
	/** The positions the team agreed on (issue 11), written out once more by hand. */
	private const AGREED = array(
		'schema'                => array( 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema' ),
		'schema_map'            => array( 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas' ),
		'schema_list'           => array( 'allOf', 'anyOf', 'oneOf', 'prefixItems' ),
		'schema_or_list'        => array( 'items' ),
		'map_of_schema_or_list' => array( 'dependencies' ),
		'data'                  => array( 'default', 'examples', 'enum', 'const' ),
		'wordpress_only'        => array( 'sanitize_callback', 'validate_callback', 'arg_options' ),
	);

	public function test_the_mirror_has_the_agreed_positions(): void {
		$agreed = array();
		foreach ( self::AGREED as $position => $keywords ) {
			foreach ( $keywords as $keyword ) {
				$agreed[ $keyword ] = $position;
			}
		}
		$mirror = SchemaKeywords::POSITIONS;
		ksort( $agreed );
		ksort( $mirror );
		$this->assertSame( $agreed, $mirror );
	}

	public function test_the_mirror_is_the_extensions_table(): void {
		if ( ! function_exists( 'McpNative\\schema_keywords' ) ) {
			$this->markTestSkipped( 'McpNative\\schema_keywords() does not exist here (the fallback run, or an extension built before the keyword table): nothing to compare the mirror with' );
		}
		$native = \McpNative\schema_keywords();
		$mirror = SchemaKeywords::POSITIONS;
		ksort( $native );
		ksort( $mirror );
		$this->assertSame( $mirror, $native );
	}

	/**
	 * The mirror's unread keywords are the extension's: a value the strict profile cannot take
	 * as a schema (nested past the depth limit) under a keyword is ignored exactly when the
	 * keyword is unread, for every keyword either side knows.
	 */
	public function test_the_unread_keywords_are_the_extensions(): void {
		if ( ! extension_loaded( 'mcp_native' ) ) {
			$this->markTestSkipped( 'compares with the extension (the native run of scripts/test-php.sh)' );
		}
		$deep = 1;
		for ( $i = 0; $i < 200; $i++ ) {
			$deep = array( $deep );
		}
		$ignored = array(
			'extension' => array(),
			'fallback'  => array(),
		);
		foreach ( array_keys( SchemaKeywords::POSITIONS + SchemaKeywords::UNREAD_BY_VALIDATION + array_flip( array( 'type', 'minimum', 'pattern', 'format', 'required', 'uniqueItems', '$id', '$anchor', '$ref', 'contentMediaType' ) ) ) as $keyword ) {
			if ( array() === \McpNative\validate( 1, array( $keyword => $deep ), 'strict' ) ) {
				$ignored['extension'][ $keyword ] = true;
			}
			if ( array() === \McpNative\Plugin\Fallback\Validator::validate( 1, array( $keyword => $deep ), 'strict' ) ) {
				$ignored['fallback'][ $keyword ] = true;
			}
		}
		$mirror = SchemaKeywords::UNREAD_BY_VALIDATION;
		ksort( $mirror );
		foreach ( $ignored as $side => $keywords ) {
			ksort( $keywords );
			$this->assertSame( $mirror, $keywords, $side );
		}
	}

	public function test_positions_are_the_shared_vocabulary(): void {
		$this->assertSame(
			array( 'data', 'map_of_schema_or_list', 'schema', 'schema_list', 'schema_map', 'schema_or_list', 'wordpress_only' ),
			self::sorted_unique( SchemaKeywords::POSITIONS )
		);
		// the keywords the tables of the old fallback disagreed on
		$this->assertSame( 'map_of_schema_or_list', SchemaKeywords::POSITIONS['dependencies'] );
		$this->assertSame( 'schema', SchemaKeywords::POSITIONS['contentSchema'] );
		$this->assertSame( 'data', SchemaKeywords::POSITIONS['default'] );
	}

	/** The transform walks by the table: WordPress-only keys go at every schema position it names, data stays data. */
	public function test_the_transform_follows_the_table(): void {
		$callback = static fn() => true;
		$schema   = array(
			'type'          => 'object',
			'properties'    => array( 'a' => array( 'type' => 'string', 'contentSchema' => array( 'type' => 'object', 'validate_callback' => 'x' ) ) ),
			'dependencies'  => array( 'a' => array( 'sanitize_callback' => 'x', 'type' => 'object' ), 'b' => array( 'c' ) ),
			'default'       => array( 'sanitize_callback' => 'kept: data' ),
			'arg_options'   => array( 'sanitize_callback' => $callback ),
		);
		$out = Contract::transform_to_object_schema( $schema )['schema'];
		$this->assertSame(
			array(
				'type'         => 'object',
				'properties'   => array( 'a' => array( 'type' => 'string', 'contentSchema' => array( 'type' => 'object' ) ) ),
				'dependencies' => array( 'a' => array( 'type' => 'object' ), 'b' => array( 'c' ) ),
				'default'      => array( 'sanitize_callback' => 'kept: data' ),
			),
			$out
		);
	}

	private static function sorted_unique( array $positions ): array {
		$values = array_values( array_unique( $positions ) );
		sort( $values );
		return $values;
	}
}
