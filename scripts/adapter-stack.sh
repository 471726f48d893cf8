# shellcheck shell=bash
# scripts/adapter-stack.sh: the official MCP Adapter (a source checkout, never committed here) in a
# test site made by scripts/wp-stack.sh, without Composer. Source it after wp-stack.sh.
#
#   adapter_install SITE ADAPTER_DIR [MCP_SCHEMA_DIR]
#                                      Link ADAPTER_DIR as wp-content/plugins/mcp-adapter, add the
#                                      mu-plugin tests/adapter/site/00-adapter-standin.php (WP\MCP\
#                                      from the checkout, WP\McpSchema\ from MCP_SCHEMA_DIR, a copy
#                                      of the real wordpress/php-mcp-schema linked as
#                                      wp-content/mcpn-php-mcp-schema, or else from the stand-in in
#                                      tests/adapter/standin/), activate the adapter and print its
#                                      McpAdapter::VERSION.
#   adapter_accelerate SITE on|off     MCP Native's acceleration of the adapter, from the next
#                                      request on (a flag file the mu-plugin reads; no restart).
#   adapter_closure SITE on|off        The ability mcpn-adapter/closure-in-schema (tests/adapter/
#                                      site/abilities.php, when that mu-plugin is installed).
# Every answer of the site carries X-Mcpn-Schema-Layer: adapter | mcp-native | none (which
# SchemaTransformer served it). Used by scripts/test-adapter.sh; meant for benchmarks too.

adapter_install() {
    { [ "$#" = 2 ] || [ "$#" = 3 ]; } || { _wps_err "usage: adapter_install SITE ADAPTER_DIR [MCP_SCHEMA_DIR]"; return 1; }
    local site="$1" adapter="$2" schema="${3:-}"
    [ -f "$adapter/mcp-adapter.php" ] && [ -f "$adapter/includes/Core/McpAdapter.php" ] \
        || _wps_err "$adapter is not a checkout of the MCP Adapter (no mcp-adapter.php / includes/Core/McpAdapter.php)" || return 1
    rm -f "$site/wp-content/mcpn-php-mcp-schema"
    if [ -n "$schema" ]; then
        adapter_mcp_schema_check "$schema" || return 1
        ln -sfn "$schema" "$site/wp-content/mcpn-php-mcp-schema"
    fi
    ln -sfn "$adapter" "$site/wp-content/plugins/mcp-adapter"
    wp_site_add_mu_plugin "$site" "$MCP_NATIVE_ROOT/tests/adapter/site/00-adapter-standin.php" || return 1
    rm -f "$site/.mcp-native/adapter-accelerate" "$site/.mcp-native/adapter-closure"
    wp_site_php "$site" '
require_once ABSPATH . "wp-admin/includes/plugin.php";
$r = activate_plugin( "mcp-adapter/mcp-adapter.php" );
if ( is_wp_error( $r ) ) { fwrite( STDERR, "activating the adapter failed: " . $r->get_error_message() . "\n" ); exit( 1 ); }' \
        || { _wps_err "the adapter could not be activated"; return 1; }
    wp_site_php "$site" 'echo \WP\MCP\Core\McpAdapter::VERSION;' || { _wps_err "the adapter did not load"; return 1; }
}

# adapter_mcp_schema_check DIR: DIR is a copy of the real wordpress/php-mcp-schema (composer.json
# naming it, PSR-4 WP\McpSchema\ from src/); prints its newest released version from CHANGELOG.md.
adapter_mcp_schema_check() {
    local dir="$1"
    [ -f "$dir/composer.json" ] && [ -f "$dir/src/Server/Tools/DTO/Tool.php" ] \
        || { _wps_err "$dir is not a copy of wordpress/php-mcp-schema (it needs composer.json and src/Server/Tools/DTO/Tool.php)"; return 1; }
    python3 - "$dir" <<'PY' || { _wps_err "$dir: composer.json does not describe wordpress/php-mcp-schema with PSR-4 WP\\McpSchema\\ from src/"; return 1; }
import json, sys
c = json.load(open(sys.argv[1] + "/composer.json"))
ok = c.get("name") == "wordpress/php-mcp-schema" and (c.get("autoload", {}).get("psr-4", {}).get("WP\\McpSchema\\") in ("src/", "src"))
sys.exit(0 if ok else 1)
PY
}

# adapter_mcp_schema_version DIR: the newest released version CHANGELOG.md lists ("unknown" if none).
adapter_mcp_schema_version() {
    sed -n -E 's/^## \[([0-9][^]]*)\].*/\1/p' "$1/CHANGELOG.md" 2>/dev/null | head -n 1 | grep . || echo unknown
}

_adapter_flag() {
    case "$3" in
        on) : > "$1/.mcp-native/$2" ;;
        off) rm -f "$1/.mcp-native/$2" ;;
        *) _wps_err "expected on or off (got '$3')"; return 1 ;;
    esac
}
adapter_accelerate() { _adapter_flag "$1" adapter-accelerate "$2"; }
adapter_closure() { _adapter_flag "$1" adapter-closure "$2"; }
