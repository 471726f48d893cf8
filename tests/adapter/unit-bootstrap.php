<?php
/**
 * PHPUnit bootstrap for the official adapter's OWN unit tests of the classes MCP Native replaces
 * (SchemaTransformerTest, AbilityArgumentNormalizerTest), run by scripts/test-adapter.sh against the
 * site it built: WordPress loads with the adapter active, accelerated when MCPN_ADAPTER_ACCELERATE=1.
 * The adapter's base test case (Yoast polyfills, wp-phpunit fixtures) is not available here; these
 * two tests need only PHPUnit and WP_Ability, so a plain base class stands in for it.
 *
 * The adapter's test abilities (its tests' Fixtures/DummyAbility.php, which two of these tests
 * read with wp_get_ability()) are registered the way its base test case does, on the Abilities
 * API hooks.
 *
 * Environment: MCPN_SITE (the site), MCPN_ADAPTER_TESTS_DIR (the adapter's tests/ folder), MCPN_ADAPTER_ACCELERATE
 * (1: accelerated), MCPN_CLASS_REPORT (a file: the class files in use are written there as JSON).
 *
 * @package McpNative\Tests\Adapter
 */

declare(strict_types=1);

namespace WP\MCP\Tests {
	if ( ! class_exists( TestCase::class, false ) ) {
		abstract class TestCase extends \PHPUnit\Framework\TestCase {
		}
	}
}

namespace {
	require dirname( __DIR__ ) . '/php/wp/cli-request.php';
	$mcpn_fixture = glob( rtrim( (string) getenv( 'MCPN_ADAPTER_TESTS_DIR' ), '/' ) . '/{,phpunit/}Fixtures/DummyAbility.php', GLOB_BRACE )[0] ?? null;
	if ( null !== $mcpn_fixture ) {
		$mcpn_hook = static function ( string $method ) use ( $mcpn_fixture ): array {
			return array(
				'function'      => static function () use ( $mcpn_fixture, $method ): void {
					require_once $mcpn_fixture;
					\WP\MCP\Tests\Fixtures\DummyAbility::$method();
				},
				'accepted_args' => 0,
			);
		};
		// Hooks before WordPress loads (WP_Hook::build_preinitialized_hooks turns these into hooks).
		$GLOBALS['wp_filter']['wp_abilities_api_categories_init'][10][] = $mcpn_hook( 'register_category' );
		$GLOBALS['wp_filter']['wp_abilities_api_init'][10][]            = $mcpn_hook( 'register_abilities' );
	}
	require rtrim( (string) getenv( 'MCPN_SITE' ), '/' ) . '/wp-load.php';

	$mcpn_files = array();
	foreach ( array( 'SchemaTransformer', 'AbilityArgumentNormalizer' ) as $mcpn_short ) {
		$mcpn_class = 'WP\\MCP\\Domain\\Utils\\' . $mcpn_short;
		if ( ! class_exists( $mcpn_class ) ) {
			fwrite( STDERR, "test-adapter: $mcpn_class cannot be loaded: is the adapter active?\n" );
			exit( 1 );
		}
		$mcpn_files[ $mcpn_short ] = ( new \ReflectionClass( $mcpn_class ) )->getFileName();
	}
	$mcpn_status = \McpNative\Plugin\Adapter\Accelerator::status();
	$mcpn_ours   = str_contains( (string) $mcpn_files['SchemaTransformer'], '/includes/Adapter/WpMcp/' );
	if ( ( '1' === getenv( 'MCPN_ADAPTER_ACCELERATE' ) ) !== $mcpn_ours ) {
		fwrite( STDERR, 'test-adapter: the classes under test are not the ones asked for: ' . wp_json_encode( $mcpn_files ) . ' (' . $mcpn_status['reason'] . ")\n" );
		exit( 1 );
	}
	if ( getenv( 'MCPN_CLASS_REPORT' ) ) {
		file_put_contents( (string) getenv( 'MCPN_CLASS_REPORT' ), wp_json_encode( array( 'files' => $mcpn_files, 'status' => $mcpn_status ), JSON_UNESCAPED_SLASHES ) );
	}
}
