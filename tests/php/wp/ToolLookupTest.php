<?php
/**
 * tools/call builds only the tool it calls, and finds the tool tools/list would list.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

require_once __DIR__ . '/AbstractMcpTest.php';

use McpNative\Plugin\Server;
use McpNative\Plugin\SiteIdentity;
use McpNative\Plugin\Tools\CallbackTool;

final class ToolLookupTest extends AbstractMcpTest {

	/** @var array<string, int> schema reads (jsonSerialize calls) per ability */
	private array $built = array();

	protected function setUp(): void {
		parent::setUp();
		$this->set_user( 'administrator' );
		$this->built = array();
	}

	/** An input schema whose conversion is observable: the transform serialises the object. */
	private function counted_schema( string $ability ): array {
		$counter = function () use ( $ability ) {
			$this->built[ $ability ] = ( $this->built[ $ability ] ?? 0 ) + 1;
			return array( 'type' => 'string' );
		};
		return array(
			'type'       => 'object',
			'properties' => array(
				'x' => new class( $counter ) implements \JsonSerializable {
					public function __construct( private \Closure $counter ) {}

					public function jsonSerialize(): mixed {
						return ( $this->counter )();
					}
				},
			),
		);
	}

	public function test_a_call_builds_only_the_called_tool(): void {
		$names = array();
		for ( $i = 0; $i < 5; $i++ ) {
			$names[] = "mcpn-lookup/a$i";
			$this->register_test_ability( "mcpn-lookup/a$i", array( 'input_schema' => $this->counted_schema( "mcpn-lookup/a$i" ) ) );
		}
		$this->add_server(
			'lookup',
			array(
				'namespace' => 'mcpn-lookup',
				'route'     => 'tools',
				'tools'     => $names,
			)
		);
		$session = $this->initialize( '/mcpn-lookup/tools' );
		$this->built = array();
		$result      = $this->call_tool( '/mcpn-lookup/tools', $session, 'mcpn-lookup-a3', array( 'x' => 'y' ) );
		$this->assertFalse( $result['isError'], $result['content'][0]['text'] );
		$this->assertSame( array( 'mcpn-lookup/a3' => 1 ), $this->built );

		$this->built = array();
		$this->list_tools( '/mcpn-lookup/tools', $session );
		$this->assertCount( 5, $this->built, 'tools/list builds them all' );
	}

	public function test_the_lookup_answers_as_the_list_does(): void {
		$this->register_test_ability( 'mcpn-lookup/first' );
		$this->register_test_ability( 'mcpn-lookup/broken', array( 'input_schema' => array( 'type' => 'object', 'properties' => array( 'deep' => self::nested( 200 ) ) ) ) );
		$this->register_test_ability( 'mcpn-lookup/second' );
		add_filter(
			'mcp_native_tool_name',
			static fn( $name, $ability ) => in_array( $ability->get_name(), array( 'mcpn-lookup/first', 'mcpn-lookup/second', 'mcpn-lookup/broken' ), true ) ? 'same-name' : $name,
			10,
			2
		);
		$builtin = static fn( string $name ) => new CallbackTool( $name, '', '', array( 'type' => 'object' ), null, array(), static fn() => array( 'builtin' => $name ) );
		$abilities = array( 'mcpn-lookup/broken', 'mcpn-lookup/first', 'mcpn-lookup/second', 'mcpn-lookup/missing', 'mcp-native-tests/echo' );
		$make      = static fn() => new Server( 'lookup', 'mcpn-lookup', 'tools', 'lookup', '1', '', $abilities, array( $builtin( 'mcp-native-tests-echo' ), $builtin( 'mine' ) ) );

		$listed = $make()->tools();
		$names  = array_merge( array_keys( $listed ), array( 'nothing-here', 'mcpn-lookup-missing' ) );
		$this->assertContains( 'same-name', $names );
		$this->assertContains( SiteIdentity::TOOL_NAME, $names );
		foreach ( $names as $name ) {
			$found = $make()->get_tool( $name );
			$this->assertSame( isset( $listed[ $name ] ) ? get_class( $listed[ $name ] ) : null, null === $found ? null : get_class( $found ), $name );
			if ( null !== $found ) {
				$this->assertEquals( $listed[ $name ]->descriptor(), $found->descriptor(), $name );
			}
		}
		$this->assertSame( 'mcpn-lookup/first', $make()->get_tool( 'same-name' )->ability->get_name(), 'the first that converts holds the name' );
	}

	/**
	 * Without a name filter the lookup sanitizes only abilities whose names can give the tool
	 * name; two abilities that sanitize to the same name still resolve as the list does.
	 */
	public function test_the_lookup_without_a_name_filter_answers_as_the_list_does(): void {
		$this->register_test_ability( 'mcpn-lookup/a-b' );
		$this->register_test_ability( 'mcpn-lookup-a/b' );
		$this->register_test_ability( 'mcpn-lookup/c' );
		$abilities = array( 'mcpn-lookup-a/b', 'mcpn-lookup/a-b', 'mcpn-lookup/c', 'mcpn-lookup/missing' );
		$make      = static fn() => new Server( 'lookup', 'mcpn-lookup', 'tools', 'lookup', '1', '', $abilities, array() );
		$listed    = $make()->tools();
		$this->assertSame( array( 'mcpn-lookup-a-b', 'mcpn-lookup-c' ), array_values( array_diff( array_keys( $listed ), array( SiteIdentity::TOOL_NAME ) ) ) );
		foreach ( array( 'mcpn-lookup-a-b', 'mcpn-lookup-c', 'mcpn-lookup-missing', 'mcpn-lookup-a' ) as $name ) {
			$found = $make()->get_tool( $name );
			$this->assertSame( isset( $listed[ $name ] ), null !== $found, $name );
			if ( null !== $found ) {
				$this->assertSame( $listed[ $name ]->ability->get_name(), $found->ability->get_name(), $name );
			}
		}
		$this->assertSame( 'mcpn-lookup-a/b', $make()->get_tool( 'mcpn-lookup-a-b' )->ability->get_name(), 'the first of the server\'s list holds the name' );
	}

	private static function nested( int $depth ): array {
		$schema = array( 'type' => 'string' );
		for ( $i = 0; $i < $depth; $i++ ) {
			$schema = array(
				'type'  => 'array',
				'items' => $schema,
			);
		}
		return $schema;
	}
}
