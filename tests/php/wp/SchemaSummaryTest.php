<?php
/**
 * Issue 17: schemas and annotations in words on the admin screens (Admin\SchemaSummary).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Admin\SchemaSummary;

final class SchemaSummaryTest extends TestCase {

	/**
	 * @return array<string, array{array<string, mixed>, string}>
	 */
	public static function type_labels(): array {
		return array(
			'plain'            => array( array( 'type' => 'string' ), 'string' ),
			'format'           => array( array( 'type' => 'string', 'format' => 'date-time' ), 'string (date-time)' ),
			'bounds'           => array( array( 'type' => 'integer', 'minimum' => 1, 'maximum' => 100 ), 'integer, ≥ 1, ≤ 100' ),
			'length'           => array( array( 'type' => 'string', 'maxLength' => 20 ), 'string, at most 20 characters' ),
			'bounds elsewhere' => array( array( 'type' => 'string', 'minimum' => 3 ), 'string' ),
			'nullable'         => array( array( 'type' => array( 'string', 'null' ) ), 'string or null' ),
			'array of'         => array( array( 'type' => 'array', 'items' => array( 'type' => 'integer' ), 'minItems' => 1 ), 'array of integer, at least 1 items' ),
			'enum'             => array( array( 'enum' => array( 'draft', 'publish' ) ), 'one of: "draft", "publish"' ),
			'long enum'        => array( array( 'enum' => range( 1, 10 ) ), 'one of: 1, 2, 3, 4, 5, 6, 7, 8, …' ),
			'const'            => array( array( 'const' => true ), 'always true' ),
			'anyOf'            => array( array( 'anyOf' => array( array( 'type' => 'string' ), array( 'type' => 'integer' ) ) ), 'string or integer' ),
			'object'           => array( array( 'properties' => array( 'a' => array() ) ), 'object' ),
			'anything'         => array( array(), 'any value' ),
		);
	}

	/**
	 * @dataProvider type_labels
	 * @param array<string, mixed> $schema
	 */
	#[\PHPUnit\Framework\Attributes\DataProvider( 'type_labels' )]
	public function test_type_label( array $schema, string $label ): void {
		$this->assertSame( $label, SchemaSummary::type_label( $schema ) );
	}

	public function test_parameters_required_first_with_defaults_from_objects(): void {
		$schema = (object) array(
			'type'       => 'object',
			'properties' => (object) array(
				'limit' => (object) array(
					'type'        => 'integer',
					'description' => 'How many.',
					'default'     => 10,
				),
				'query' => (object) array( 'type' => 'string' ),
			),
			'required'   => array( 'query' ),
		);
		$this->assertSame(
			array(
				array(
					'name'        => 'query',
					'type'        => 'string',
					'required'    => true,
					'description' => '',
				),
				array(
					'name'        => 'limit',
					'type'        => 'integer',
					'required'    => false,
					'description' => 'How many. Default: 10.',
				),
			),
			SchemaSummary::parameters( $schema )
		);
		$this->assertSame( array(), SchemaSummary::parameters( array( 'type' => 'string' ) ) );
		$this->assertSame( array(), SchemaSummary::parameters( 'not a schema' ) );
	}

	public function test_hints_in_words_and_unknown_annotations_as_they_are(): void {
		$this->assertSame(
			array(
				'readOnlyHint'    => 'May change the site',
				'destructiveHint' => 'Destructive: may delete or overwrite',
				'idempotentHint'  => 'Not idempotent: each call may act again',
				'openWorldHint'   => 'Open world: reaches services outside this site',
				'x-cost'          => 'x-cost: "high"',
			),
			SchemaSummary::hints(
				array(
					'title'           => 'T',
					'x-cost'          => 'high',
					'openWorldHint'   => true,
					'idempotentHint'  => false,
					'destructiveHint' => true,
					'readOnlyHint'    => false,
				)
			)
		);
		// A read-only tool changes nothing: destructive and idempotent do not apply.
		$this->assertSame( array( 'readOnlyHint' => 'Read-only: does not change the site' ), SchemaSummary::hints( array( 'readOnlyHint' => true, 'destructiveHint' => true ) ) );
		$this->assertSame( array( 'read-only' ), SchemaSummary::badges( array( 'readOnlyHint' => true, 'destructiveHint' => true ) ) );
		$this->assertSame( array( 'destructive' ), SchemaSummary::badges( (object) array( 'destructiveHint' => true ) ) );
		$this->assertSame( array(), SchemaSummary::hints( null ) );
	}
}
