<?php
use McpNative\Tests\ApiShape;
use McpNative\Tests\ChildProcess;
use PHPUnit\Framework\TestCase;

/** php-stubs/mcp_native.php matches what the extension exports, both ways. */
final class StubsTest extends TestCase {
	public function test_stubs_match_the_loaded_extension_both_ways(): void {
		if ( ! extension_loaded( 'mcp_native' ) ) {
			$this->markTestSkipped( 'needs the extension (the native run of scripts/test-php.sh)' );
		}
		$extension = new ReflectionExtension( 'mcp_native' );
		$exported  = ApiShape::of(
			array_keys( $extension->getFunctions() ),
			$extension->getClassNames(),
			array_keys( $extension->getConstants() )
		);

		$support = var_export( __DIR__ . '/support/ApiShape.php', true );
		$stubs   = var_export( dirname( __DIR__, 3 ) . '/php-stubs/mcp_native.php', true );
		$child   = ChildProcess::run_php(
			"<?php\nrequire $support;\nrequire $stubs;\n[\$f, \$c, \$k] = McpNative\\Tests\\ApiShape::declared_in_namespace();\necho json_encode(McpNative\\Tests\\ApiShape::of(\$f, \$c, \$k));\n",
			false
		);
		$this->assertSame( 0, $child['exit'], $child['stderr'] . $child['stdout'] );
		$stubbed = json_decode( $child['stdout'], true );

		$this->assertNotEmpty( $exported['functions'] );
		$this->assertSame( array_keys( $exported['functions'] ), array_keys( $stubbed['functions'] ), 'functions: extension vs stubs' );
		$this->assertSame( array_keys( $exported['classes'] ), array_keys( $stubbed['classes'] ), 'classes: extension vs stubs' );
		$this->assertSame( $exported['constants'], $stubbed['constants'], 'constants' );
		foreach ( $exported['functions'] as $name => $shape ) {
			$this->assertSame( $shape, $stubbed['functions'][ $name ], "signature of $name" );
		}
		foreach ( $exported['classes'] as $name => $shape ) {
			$this->assertSame( $shape, $stubbed['classes'][ $name ], "class $name" );
		}
	}
}
