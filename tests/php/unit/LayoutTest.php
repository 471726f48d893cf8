<?php
use PHPUnit\Framework\TestCase;

/**
 * The layout section of docs/ARCHITECTURE.md (the one place the layout is described) matches the tree: every path it names exists, and every top-level
 * folder and every folder of the plugin's includes/ is named (a new folder must be described).
 */
final class LayoutTest extends TestCase {
	private const ROOT = __DIR__ . '/../../..';

	/** @return array<string,true> the paths the section names, relative to the repository */
	private static function named(): array {
		$readme = (string) file_get_contents( self::ROOT . '/docs/ARCHITECTURE.md' );
		if ( ! preg_match( '/^## Layout\n\n```\n(.*?)^```/ms', $readme, $m ) ) {
			return array();
		}
		$named  = array();
		$parent = '';
		foreach ( explode( "\n", $m[1] ) as $line ) {
			if ( ! preg_match( '/^( *)(\S.*?)(?: {2,}|$)/', $line, $entry ) || str_starts_with( $entry[2], '(' ) ) {
				continue;
			}
			$nested = '' !== $entry[1];
			if ( $nested && preg_match( '/^ {10,}/', $line ) ) {
				continue; // the description of the line above, carried on
			}
			foreach ( explode( ', ', $entry[2] ) as $path ) {
				$full           = $nested ? $parent . $path : $path;
				$named[ $full ] = true;
				if ( ! $nested ) {
					$parent = $path;
				}
			}
		}
		return $named;
	}

	public function test_every_named_path_exists(): void {
		$named = self::named();
		$this->assertGreaterThan( 20, count( $named ), 'docs/ARCHITECTURE.md has a ## Layout section in a code block' );
		foreach ( array_keys( $named ) as $path ) {
			$this->assertFileExists( self::ROOT . '/' . rtrim( $path, '/' ), "docs/ARCHITECTURE.md's layout names $path" );
		}
	}

	public function test_every_folder_is_named(): void {
		$named   = self::named();
		$folders = array();
		foreach ( scandir( self::ROOT ) as $entry ) {
			if ( is_dir( self::ROOT . "/$entry" ) && ! in_array( $entry, array( '.', '..', '.git', 'target', '.cache', '.demo', '.test-run', 'dist' ), true ) ) {
				$folders[] = '.ci' === $entry ? '.ci/run' : "$entry/";
			}
		}
		foreach ( glob( self::ROOT . '/wp-plugin/includes/*', GLOB_ONLYDIR ) as $dir ) {
			$folders[] = 'wp-plugin/includes/' . basename( $dir ) . '/';
		}
		foreach ( $folders as $folder ) {
			$this->assertArrayHasKey( $folder, $named, "docs/ARCHITECTURE.md's layout section does not describe $folder" );
		}
	}
}
