#!/usr/bin/env bash
# The packages of `make dist`, installed the way a host installs them, in a THROWAWAY Debian root
# (make test-fresh runs it there as its last step; it changes the system's PHP, so it refuses to
# run unless MCP_NATIVE_THROWAWAY_ROOT=1):
#
#  1. php X.Y-fpm, nginx and unzip from Debian (what a host already has), then `make dist`;
#  2. `apt-get install ./dist/phpX.Y-mcp-native_*.deb`: dpkg reports it installed, phpenmod linked
#     cli/ and fpm/conf.d/20-mcp_native.ini, `php -m` and `php-fpmX.Y -m` list mcp_native, and
#     `php --ri` shows the crate's version;
#  3. a WordPress site (scripts/wp-stack.sh) whose plugin comes from the zip: unzipped into
#     wp-content/plugins/ and activated with activate_plugin() from PHP (WP-CLI, what a host would
#     use, cannot be installed here), plus tests/install/host-runtime.php as a mu-plugin;
#  4. served by nginx + php-fpm WITHOUT any -d extension= flag, one MCP request (2026-07-28,
#     tools/call of the default server's execute tool) runs mcp-native-host/runtime, whose answer
#     must say: SAPI fpm-fcgi, mcp_native loaded from /etc/php/X.Y/fpm/conf.d/20-mcp_native.ini,
#     and the plugin running on it (Contract::version() = the extension's version);
#  5. `apt-get remove` unlinks it (php -m no longer lists it), `apt-get purge` removes the ini.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
T0=$SECONDS
log() { printf '[test-packages] +%ss %s\n' "$((SECONDS - T0))" "$*" >&2; }
die() { printf '[test-packages] FAIL: %s\n' "$*" >&2; exit 1; }
[ "${MCP_NATIVE_THROWAWAY_ROOT:-0}" = 1 ] \
    || die "installs packages into this system's PHP: run it in a throwaway root (make test-fresh does), with MCP_NATIVE_THROWAWAY_ROOT=1"
[ "$(id -u)" = 0 ] || die "needs root (apt-get)"
export DEBIAN_FRONTEND=noninteractive
# shellcheck source=scripts/php-env.sh
source scripts/php-env.sh
V="$PHP_VERSION"
SITE="$ROOT/.test-run/packages/site"
mkdir -p "$ROOT/.test-run/packages"
PORT=""
started_db=0
cleanup() {
    local rc=$?
    set +e
    [ -n "$PORT" ] && wp_site_stop "$SITE" >/dev/null 2>&1
    [ "$started_db" = 1 ] && wp_db_stop --force >/dev/null 2>&1
    rm -f /usr/sbin/policy-rc.d
    exit "$rc"
}
trap cleanup EXIT
# Package scripts must not start services in a root without init: this script starts its own.
printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d

# ------------------------------------------------------------------ 1. a host's PHP, and the packages
log "apt-get install php$V-fpm nginx unzip"
apt-get install -y -qq --no-install-recommends "php$V-fpm" nginx unzip >/dev/null || die "apt-get install php$V-fpm nginx unzip failed"
make dist >&2 || die "make dist failed"
deb="$(ls dist/php"$V"-mcp-native_*.deb 2>/dev/null | head -n 1)"
zip="$(ls dist/mcp-native-*.zip 2>/dev/null | head -n 1)"
[ -f "$deb" ] && [ -f "$zip" ] || die "make dist did not produce dist/php$V-mcp-native_*.deb and dist/mcp-native-*.zip"
crate_version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"

# ------------------------------------------------------------------ 2. the extension's package
# PHP's output is captured whole before it is searched: `php -m | grep -q` under pipefail fails
# when grep leaves at the match while PHP still writes its list line by line (SIGPIPE), as a
# loaded machine showed once.
modules_of() { "$1" -m 2>&1 || true; }
lists_extension() { grep -qx mcp_native <<<"$(modules_of "$1")"; }
lists_extension "php$V" && die "php$V lists mcp_native before the package is installed"
log "apt-get install ./$deb"
apt-get install -y -qq "./$deb" > "$ROOT/.test-run/packages/apt.log" 2>&1 || { cat "$ROOT/.test-run/packages/apt.log" >&2; die "apt-get install ./$deb failed"; }
dpkg-query -W -f='${Status}' "php$V-mcp-native" | grep -q 'install ok installed' || die "dpkg does not report php$V-mcp-native installed"
for sapi in cli fpm; do
    link="/etc/php/$V/$sapi/conf.d/20-mcp_native.ini"
    [ "$(readlink -f "$link")" = "/etc/php/$V/mods-available/mcp_native.ini" ] || die "$link does not link to mods-available/mcp_native.ini (phpenmod)"
done
for bin in "php$V" "php-fpm$V"; do
    lists_extension "$bin" \
        || { modules_of "$bin" | grep -iv '^[a-z_ ]*$' >&2; die "$bin -m does not list mcp_native after the install"; }
done
grep -qx "version => $crate_version" <<<"$("php$V" --ri mcp_native)" || die "php$V --ri mcp_native does not show version $crate_version"
log "php$V-mcp-native installed: phpenmod linked cli and fpm, php -m and php-fpm$V -m list mcp_native $crate_version"

# ------------------------------------------------------------------ 3. a site with the plugin from the zip
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh
wp_db_start
started_db="$WP_STACK_STARTED_MARIADB"
rm -rf "$SITE"; mkdir -p "$SITE" "$ROOT/.test-run/packages/none"
# The stack links a plugin folder by default: give it an empty one, then install from the zip.
MCP_NATIVE_PLUGIN_DIR="$ROOT/.test-run/packages/none" wp_site_create "$SITE" mcpnative_packages http://127.0.0.1 \
    tests/install/host-runtime.php 2> "$ROOT/.test-run/packages/site.log" \
    || { cat "$ROOT/.test-run/packages/site.log" >&2; die "wp_site_create failed"; }
rm -f "$SITE/wp-content/plugins/mcp-native"
unzip -q "$zip" -d "$SITE/wp-content/plugins/" || die "unzip $zip failed"
[ -f "$SITE/wp-content/plugins/mcp-native/mcp-native.php" ] && [ ! -L "$SITE/wp-content/plugins/mcp-native" ] \
    || die "the zip did not unpack to wp-content/plugins/mcp-native/"
activated="$(wp_site_php "$SITE" 'require_once ABSPATH . "wp-admin/includes/plugin.php"; $r = activate_plugin( "mcp-native/mcp-native.php" ); echo is_wp_error( $r ) ? $r->get_error_message() : ( is_plugin_active( "mcp-native/mcp-native.php" ) ? "active" : "inactive" );')"
[ "$activated" = active ] || die "activate_plugin( mcp-native/mcp-native.php ): $activated"
password="$(wp_app_password "$SITE" admin "test-packages")"
log "site: plugin unzipped from $(basename "$zip") into wp-content/plugins/mcp-native and activated (activate_plugin)"

# ------------------------------------------------------------------ 4. nginx + php-fpm, no -d extension=
PORT="$(wp_free_port)"
wp_site_serve "$SITE" "$PORT" without-extension nginx || die "nginx + php-fpm did not serve the site"
url="http://127.0.0.1:$PORT/wp-json/mcp/mcp-adapter-default-server"
body='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"mcp-adapter-execute-ability","arguments":{"ability_name":"mcp-native-host/runtime","parameters":{}},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
answer="$(curl -s --max-time 30 -u "admin:$password" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
    -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: mcp-adapter-execute-ability' -d "$body" "$url" || true)"
printf '%s\n' "$answer" > "$ROOT/.test-run/packages/answer.json"
printf '%s' "$answer" | "php$V" -r '
    $a = json_decode( stream_get_contents( STDIN ), true );
    $r = $a["result"]["structuredContent"]["data"] ?? null;   // execute-ability answers {success, data}
    $want = array(
        "sapi is fpm-fcgi"                              => ( $r["sapi"] ?? null ) === "fpm-fcgi",
        "mcp_native loaded"                             => ( $r["extension_loaded"] ?? null ) === true,
        "extension version " . $argv[1]                 => ( $r["extension_version"] ?? null ) === $argv[1],
        "the plugin runs on it"                         => ( $r["plugin_runs"] ?? null ) === $argv[1],
        "loaded by /etc/php/" . $argv[2] . "/fpm/conf.d/20-mcp_native.ini" => ( $r["mcp_native_ini"] ?? null ) === array( "/etc/php/" . $argv[2] . "/fpm/conf.d/20-mcp_native.ini" ),
        "the plugin is the unzipped copy"               => str_ends_with( (string) ( $r["plugin_file"] ?? "" ), "/wp-content/plugins/mcp-native/mcp-native.php" ),
    );
    $bad = array_keys( array_filter( $want, static fn( $ok ) => ! $ok ) );
    if ( $bad ) { fwrite( STDERR, "not met: " . implode( "; ", $bad ) . "\nanswer: " . substr( json_encode( $a ), 0, 1500 ) . "\n" ); exit( 1 ); }
    echo json_encode( $r, JSON_UNESCAPED_SLASHES ), "\n";
' "$crate_version" "$V" >&2 || die "the MCP answer does not show php-fpm running the packaged extension (answer in .test-run/packages/answer.json)"
log "MCP tools/call over nginx + php-fpm: the packaged mcp_native $crate_version answered (fpm-fcgi, loaded by fpm/conf.d/20-mcp_native.ini)"
wp_site_stop "$SITE"; PORT=""

# ------------------------------------------------------------------ 5. remove, purge
apt-get remove -y -qq "php$V-mcp-native" >> "$ROOT/.test-run/packages/apt.log" 2>&1 || die "apt-get remove php$V-mcp-native failed"
lists_extension "php$V" && die "php$V -m still lists mcp_native after apt-get remove"
[ ! -e "/etc/php/$V/fpm/conf.d/20-mcp_native.ini" ] && [ ! -e "/etc/php/$V/cli/conf.d/20-mcp_native.ini" ] || die "apt-get remove left a conf.d link"
apt-get purge -y -qq "php$V-mcp-native" >> "$ROOT/.test-run/packages/apt.log" 2>&1 || die "apt-get purge php$V-mcp-native failed"
[ ! -e "/etc/php/$V/mods-available/mcp_native.ini" ] || die "apt-get purge left /etc/php/$V/mods-available/mcp_native.ini"
log "apt-get remove unlinked it (php -m no longer lists mcp_native); purge removed the ini"
log "PASSED"
