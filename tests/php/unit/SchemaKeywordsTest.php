<?php
use PHPUnit\Framework\TestCase;

/**
 * The one keyword table (issue 11): McpNative\schema_keywords() gives the positions agreed in
 * the team's vocabulary, and the PHP fallback's mirror is the same array.
 */
final class SchemaKeywordsTest extends TestCase {
	private const EXPECTED = array(
		'schema'                => array( 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema' ),
		'schema_map'            => array( 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas' ),
		'schema_list'           => array( 'allOf', 'anyOf', 'oneOf', 'prefixItems' ),
		'schema_or_list'        => array( 'items' ),
		'map_of_schema_or_list' => array( 'dependencies' ),
		'data'                  => array( 'default', 'examples', 'enum', 'const' ),
		'wordpress_only'        => array( 'sanitize_callback', 'validate_callback', 'arg_options' ),
	);

	private static function expected(): array {
		$table = array();
		foreach ( self::EXPECTED as $position => $keywords ) {
			foreach ( $keywords as $keyword ) {
				$table[ $keyword ] = $position;
			}
		}
		ksort( $table );
		return $table;
	}

	public function test_the_native_table_has_the_agreed_positions(): void {
		if ( ! function_exists( 'McpNative\schema_keywords' ) ) {
			$this->markTestSkipped( 'needs the extension (the native run of scripts/test-php.sh)' );
		}
		$table = \McpNative\schema_keywords();
		ksort( $table );
		$this->assertSame( self::expected(), $table );
	}

	public function test_the_fallback_mirror_is_the_same_table(): void {
		if ( ! function_exists( 'McpNative\schema_keywords' ) ) {
			$this->markTestSkipped( 'needs the extension (the native run of scripts/test-php.sh)' );
		}
		$mirror = 'McpNative\Plugin\Fallback\SchemaKeywords';
		if ( ! class_exists( $mirror ) ) {
			$this->markTestSkipped( "$mirror is not in this tree yet (engineer i11b adds it)" );
		}
		$this->assertSame( \McpNative\schema_keywords(), constant( "$mirror::POSITIONS" ) );
	}
}
