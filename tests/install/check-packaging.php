<?php
/**
 * Packaging checks of the plugin folder (wp-plugin/, or an unpacked plugin zip), run by
 * scripts/test-install.sh:  php tests/install/check-packaging.php PLUGIN_DIR [CARGO_TOML]
 *
 * - the plugin header (read the way WordPress's get_file_data() reads it): name, version,
 *   Requires at least 6.9, Requires PHP 8.2, license; MCP_NATIVE_PLUGIN_VERSION = Version;
 * - readme.txt in the plugin directory's format: title line; the headers Contributors (user
 *   names), Tags (1 to 5), Requires at least and Requires PHP (= the plugin header), Tested up to
 *   (7.1), Stable tag (= Version, not trunk), License, License URI (a URL), all above the short
 *   description, which is plain text of at most 150 characters; the sections Description,
 *   Installation, Frequently Asked Questions, Changelog, in that order and not empty; a changelog
 *   entry for the Version; Upgrade Notice entries of at most 300 characters; and the php.ini line
 *   `extension=mcp_native` in Installation;
 * - composer.json: type wordpress-plugin, name vendor/package, GPL-2.0-or-later, php >=8.2;
 * - with CARGO_TOML: Contract::EXPECTED_EXTENSION_VERSION is the crate's version.
 * Prints one "ok:" line per check; exits 1 with "FAIL:" lines when any fails.
 *
 * @package McpNative\Tests
 */

declare(strict_types=1);

$dir   = rtrim( (string) ( $argv[1] ?? '' ), '/' );
$cargo = $argv[2] ?? null;
$fails = 0;
$check = static function ( bool $ok, string $what ) use ( &$fails ): void {
	if ( $ok ) {
		fwrite( STDOUT, "ok: $what\n" );
	} else {
		++$fails;
		fwrite( STDERR, "FAIL: $what\n" );
	}
};
if ( '' === $dir || ! is_file( "$dir/mcp-native.php" ) ) {
	fwrite( STDERR, "usage: php check-packaging.php PLUGIN_DIR [CARGO_TOML] (no mcp-native.php in '$dir')\n" );
	exit( 2 );
}

/** Like WordPress's get_file_data(): the first 8 KiB, `Header: value` lines. */
$headers = static function ( string $file, array $names ): array {
	$data = (string) file_get_contents( $file, false, null, 0, 8192 );
	$data = str_replace( "\r", "\n", $data );
	$out  = array();
	foreach ( $names as $name ) {
		$out[ $name ] = preg_match( '/^(?:[ \t]*<\?php)?[ \t\/*#@]*' . preg_quote( $name, '/' ) . ':(.*)$/mi', $data, $m )
			? trim( preg_replace( '/\s*(?:\*\/|\?>).*/', '', $m[1] ) )
			: '';
	}
	return $out;
};

// ------------------------------------------------------------------ plugin header
$plugin = $headers( "$dir/mcp-native.php", array( 'Plugin Name', 'Version', 'Requires at least', 'Requires PHP', 'License', 'Text Domain' ) );
$check( 'MCP Native' === $plugin['Plugin Name'], "plugin header Plugin Name is 'MCP Native' (got '{$plugin['Plugin Name']}')" );
$check( (bool) preg_match( '/^\d+\.\d+\.\d+$/', $plugin['Version'] ), "plugin header Version is x.y.z (got '{$plugin['Version']}')" );
$check( '6.9' === $plugin['Requires at least'], "plugin header Requires at least: 6.9 (got '{$plugin['Requires at least']}')" );
$check( '8.2' === $plugin['Requires PHP'], "plugin header Requires PHP: 8.2 (got '{$plugin['Requires PHP']}')" );
$check( 'GPL-2.0-or-later' === $plugin['License'], "plugin header License: GPL-2.0-or-later (got '{$plugin['License']}')" );
$check( 'mcp-native' === $plugin['Text Domain'], 'plugin header Text Domain: mcp-native' );
$main = (string) file_get_contents( "$dir/mcp-native.php" );
$check(
	(bool) preg_match( "/define\(\s*'MCP_NATIVE_PLUGIN_VERSION',\s*'([^']+)'\s*\)/", $main, $m ) && $m[1] === $plugin['Version'],
	'MCP_NATIVE_PLUGIN_VERSION equals the header Version'
);

// ------------------------------------------------------------------ readme.txt
$readme_file = "$dir/readme.txt";
$check( is_file( $readme_file ), 'readme.txt exists' );
$readme = is_file( $readme_file ) ? (string) file_get_contents( $readme_file ) : '';
$check( (bool) preg_match( '/^=== MCP Native ===\s*$/m', strtok( $readme, "\n" ) ?: '' ), 'readme.txt starts with "=== MCP Native ==="' );
$readme_headers = array( 'Contributors', 'Tags', 'Requires at least', 'Tested up to', 'Requires PHP', 'Stable tag', 'License', 'License URI' );
$r              = $headers( $readme_file, $readme_headers );
foreach ( $readme_headers as $name ) {
	$check( '' !== $r[ $name ], "readme header $name: is present" );
}
$check( (bool) preg_match( '#^https?://\S+$#', $r['License URI'] ), "readme License URI is a URL (got '{$r['License URI']}')" );
$contributors = array_map( 'trim', explode( ',', $r['Contributors'] ) );
$check( array() === array_filter( $contributors, static fn( $c ) => ! preg_match( '/^[a-z0-9_-]+$/', $c ) ), 'readme Contributors are WordPress.org user names (lowercase, comma-separated)' );
$check( (bool) preg_match( '/^\d+\.\d+$/', $r['Tested up to'] ), "readme Tested up to is major.minor (got '{$r['Tested up to']}')" );
$check( 'trunk' !== strtolower( $r['Stable tag'] ), 'readme Stable tag is a version, not trunk' );
$check( $r['Requires at least'] === $plugin['Requires at least'], "readme Requires at least ({$r['Requires at least']}) = plugin header" );
$check( $r['Requires PHP'] === $plugin['Requires PHP'], "readme Requires PHP ({$r['Requires PHP']}) = plugin header" );
$check( '7.1' === $r['Tested up to'], "readme Tested up to: 7.1 (got '{$r['Tested up to']}')" );
$check( $r['Stable tag'] === $plugin['Version'], "readme Stable tag ({$r['Stable tag']}) = plugin Version ({$plugin['Version']})" );
$check( '' !== $r['Contributors'] && '' !== $r['License'], 'readme has Contributors and License' );
$tags = array_filter( array_map( 'trim', explode( ',', $r['Tags'] ) ) );
$check( count( $tags ) >= 1 && count( $tags ) <= 5, 'readme has 1 to 5 tags (WordPress.org shows 5)' );
// The short description: the first line after the title that is not a `Header: value` line.
$head  = explode( "\n== ", $readme, 2 )[0];
$short = '';
foreach ( array_slice( explode( "\n", $head ), 1 ) as $line ) {
	$line = trim( $line );
	if ( '' !== $line && ! preg_match( '/^[A-Za-z ]+:\s/', $line ) ) {
		$short = $line;
		break;
	}
}
$check( '' !== $short, 'readme has a short description line' );
$check( strlen( $short ) <= 150, 'readme short description is at most 150 characters (' . strlen( $short ) . ')' );
$check( ! preg_match( '/[<>*`\[\]]/', $short ), 'readme short description is plain text (no markup)' );
// Every header line sits above the short description (the directory stops reading headers there).
$after_short = '' === $short ? '' : (string) substr( $head, (int) strpos( $head, $short ) + strlen( $short ) );
$check( ! preg_match( '/^[A-Za-z][A-Za-z ]*:\s/m', $after_short ), 'readme has no header line after the short description' );
$positions = array();
foreach ( array( 'Description', 'Installation', 'Frequently Asked Questions', 'Changelog' ) as $section ) {
	$found = preg_match( '/^== ' . preg_quote( $section, '/' ) . ' ==\s*$/m', $readme, $m, PREG_OFFSET_CAPTURE );
	$check( (bool) $found, "readme section == $section ==" );
	$positions[] = $found ? $m[0][1] : -1;
	$body        = preg_match( '/^== ' . preg_quote( $section, '/' ) . ' ==\s*$(.*?)(?=^== |\z)/ms', $readme, $m ) ? trim( $m[1] ) : '';
	$check( '' !== $body, "readme section == $section == is not empty" );
}
$sorted = $positions;
sort( $sorted );
$check( $sorted === $positions && ! in_array( -1, $positions, true ), 'readme sections in the order Description, Installation, Frequently Asked Questions, Changelog' );
$notice = preg_match( '/^== Upgrade Notice ==\s*$(.*?)(?=^== |\z)/ms', $readme, $m ) ? $m[1] : '';
foreach ( preg_split( '/^= [^=\n]+ =\s*$/m', $notice ) ?: array() as $i => $entry ) {
	$check( 0 === $i || strlen( trim( $entry ) ) <= 300, 'readme Upgrade Notice entry ' . $i . ' is at most 300 characters' );
}
$check( (bool) preg_match( '/^= ' . preg_quote( $plugin['Version'], '/' ) . ' =\s*$/m', $readme ), "readme changelog has = {$plugin['Version']} =" );
$install = preg_match( '/^== Installation ==(.*?)^== /ms', $readme, $m ) ? $m[1] : '';
$check( str_contains( $install, 'extension=mcp_native' ), 'readme Installation gives the php.ini line extension=mcp_native' );

// ------------------------------------------------------------------ composer.json
$composer = is_file( "$dir/composer.json" ) ? json_decode( (string) file_get_contents( "$dir/composer.json" ), true ) : null;
$check( is_array( $composer ), 'composer.json exists and is valid JSON' );
$composer = is_array( $composer ) ? $composer : array();
$check( 'wordpress-plugin' === ( $composer['type'] ?? null ), 'composer.json type is wordpress-plugin' );
$check( (bool) preg_match( '#^[a-z0-9]([_.-]?[a-z0-9]+)*/[a-z0-9](([_.]|-{1,2})?[a-z0-9]+)*$#', (string) ( $composer['name'] ?? '' ) ), 'composer.json name is vendor/package (lowercase)' );
$check( 'GPL-2.0-or-later' === ( $composer['license'] ?? null ), 'composer.json license GPL-2.0-or-later' );
$check( '>=8.2' === ( $composer['require']['php'] ?? null ), 'composer.json requires php >=8.2' );
$check( ! isset( $composer['version'] ), 'composer.json has no version field (taken from the VCS tag)' );
foreach ( (array) ( $composer['autoload']['classmap'] ?? array() ) as $path ) {
	$check( file_exists( "$dir/$path" ), "composer.json classmap path $path exists" );
}

// ------------------------------------------------------------------ extension version
if ( null !== $cargo ) {
	$toml     = (string) file_get_contents( $cargo );
	$crate    = preg_match( '/^version\s*=\s*"([^"]+)"/m', $toml, $m ) ? $m[1] : '';
	$contract = (string) file_get_contents( "$dir/includes/Contract.php" );
	$expected = preg_match( "/EXPECTED_EXTENSION_VERSION\s*=\s*'([^']+)'/", $contract, $m ) ? $m[1] : '';
	$check( '' !== $crate && $crate === $expected, "Contract::EXPECTED_EXTENSION_VERSION ($expected) is the crate's version ($crate)" );
}

exit( $fails > 0 ? 1 : 0 );
