<?php
/**
 * The `strict` profile without the extension. WordPress core has no counterpart (its validator is
 * WordPress's draft-4 dialect with coercions), so this one is written here; what it covers is
 * listed in docs/ARCHITECTURE.md ("The PHP fallback").
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

/**
 * The `strict` profile without the extension: a draft 2020-12 validator over the JSON types as
 * sent (src/core/validate/strict.rs uses the jsonschema crate; paths, keywords and messages are
 * the same, the order of violations may differ). `format` is an annotation, as in 2020-12.
 *
 * A validation converts the schema to JSON form (StrictSchemaJson), checks it against the
 * meta-schema while noting its resources and references (StrictSchemaCheck, StrictRegistry),
 * converts the value to JSON form (StrictValueJson), then walks it (StrictWalk, one class per
 * keyword family: StrictValueKeywords, StrictArrayKeywords, StrictObjectKeywords,
 * StrictApplicators).
 */
final class StrictValidator {
	/** How deep schemas and values may nest (as the extension's MAX_DEPTH). */
	public const MAX_DEPTH = 128;

	/** The conversion problems that end a validation: one violation of the whole value. */
	private const WHOLE_VALUE_PROBLEMS = array( 'cycle', 'size', 'depth' );

	/**
	 * @param mixed  $value
	 * @param string $path JSON Pointer of the value inside a larger document: every path starts with it.
	 * @return list<array{path:string,keyword:string,message:string}>
	 */
	public static function validate( $value, array $schema, string $path = '' ): array {
		$schema_json = new StrictSchemaJson();
		try {
			$root = $schema_json->convert( $schema );
		} catch ( \LengthException $e ) {
			return array( Violations::violation( $path, 'schema', $e->getMessage() ) );
		}
		$registry = new StrictRegistry();
		$bad      = self::schema_problem( $root, $registry );
		if ( null !== $bad ) {
			return array( Violations::violation( $path, 'schema', "The schema is not valid JSON Schema (2020-12) at '$bad'." ) );
		}
		$value_json = new StrictValueJson();
		$json       = $value_json->convert( $value, $root, $path );
		$problems   = $value_json->problems();
		if ( $problems ) {
			return self::conversion_violations( $problems, $path );
		}
		$walk = new StrictWalk( $registry, $schema_json->uses_unevaluated() );
		$walk->node( $json, $root, $path, 0 );
		return $walk->violations();
	}

	/**
	 * The first place where the meta-schema would refuse the schema in JSON form `$root` (''
	 * for the whole schema: a reference the crate cannot resolve), or null; fills `$registry`.
	 *
	 * @param mixed $root
	 */
	private static function schema_problem( $root, StrictRegistry $registry ): ?string {
		$bad = ( new StrictSchemaCheck( $registry ) )->problem( $root, '', StrictRegistry::BASE );
		if ( null !== $bad ) {
			return $bad;
		}
		// as the crate, which looks up every document a reference names and resolves every reference it compiles
		return $registry->documents_known() && $registry->references_resolve( $root ) ? null : '';
	}

	/**
	 * The violations of a value without a JSON form: a whole-value problem alone (at `$path`
	 * where it has no place of its own), else every one.
	 *
	 * @param list<array{path:string,keyword:string,message:string}> $problems
	 * @return list<array{path:string,keyword:string,message:string}>
	 */
	private static function conversion_violations( array $problems, string $path ): array {
		foreach ( $problems as $e ) {
			if ( in_array( $e['keyword'], self::WHOLE_VALUE_PROBLEMS, true ) ) {
				$e['path'] = '' === $e['path'] ? $path : $e['path'];
				return array( $e );
			}
		}
		$violations = new Violations();
		foreach ( $problems as $e ) {
			$violations->add( $e['path'], $e['keyword'], $e['message'] );
		}
		return $violations->all();
	}
}
