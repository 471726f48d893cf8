#!/usr/bin/env bash
# OAuth discovery on the sites the e2e site is not (issue 34; tests/e2e/oauth-discovery.test.mjs):
#
#   pretty    WordPress at the host's root, pretty permalinks          (nginx + php-fpm)
#   plain     the same with plain permalinks (permalink_structure '') (nginx + php-fpm)
#   subdir    WordPress in a subdirectory, home http://127.0.0.1:PORT/blog: a docroot holding the
#             site as blog/, nginx `location /blog/ { try_files $uri $uri/ /blog/index.php?$args; }`;
#             served twice: without any rule at the host's root, and with the root rule
#             docs/OAUTH.md describes (/.well-known/{oauth-authorization-server,
#             oauth-protected-resource,openid-configuration}/blog… → /blog/index.php)
#   network   a subdirectory multisite network (wp_site_make_multisite), sub-sites /two/ and /three/
#
# Each site has tests/e2e/fixtures/e2e-abilities.php (a second MCP server, /mcp-native-e2e/mcp).
# For each mode (with the extension when $EXT_SO is built, then without it) every site is served,
# the runtime route is checked, and the test file runs with OAUTH_SITES_JSON naming the sites.
# Everything started here is stopped on exit. Bounded: each mode's node run has a 240 s timeout.
#
# Environment: EXT_SO, OAUTH_SITES_MODES (default "with-extension without-extension"),
# OAUTH_SITES_REQUIRE_EXT=1 (a missing $EXT_SO is an error, not a skipped mode).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
START=$(date +%s)
log() { printf '[test-oauth-sites] +%ss %s\n' "$(( $(date +%s) - START ))" "$*" >&2; }
die() { printf '[test-oauth-sites] ERROR: %s\n' "$*" >&2; exit 1; }

bash scripts/install-deps.sh wp node
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh

RUN="$ROOT/.test-run/oauth-sites"
FIXTURE="$ROOT/tests/e2e/fixtures/e2e-abilities.php"
MODES="${OAUTH_SITES_MODES:-with-extension without-extension}"
[ -f "$ROOT/tests/e2e/node_modules/@modelcontextprotocol/sdk/package.json" ] || die "npm packages missing in tests/e2e (scripts/install-deps.sh node)"

mkdir -p "$RUN"
exec 8>"$RUN/.lock"
flock -w 600 8 || die "another scripts/test-oauth-sites.sh held the lock for 10 minutes"

PRETTY="$RUN/pretty"
PLAIN="$RUN/plain"
SUBROOT="$RUN/subdir-root"
SUBDIR="$SUBROOT/blog"
NETWORK="$RUN/network"
wp_stop_site_on_exit "$PRETTY" "$PLAIN" "$SUBDIR" "$NETWORK"

# ------------------------------------------------------------------------------------ sites
log "creating the sites"
wp_site_create "$PRETTY" mcpnative_oauth_pretty "http://127.0.0.1:$(wp_free_port)" "$FIXTURE"
wp_site_create "$PLAIN" mcpnative_oauth_plain "http://127.0.0.1:$(wp_free_port)" "$FIXTURE"
wp_site_php "$PLAIN" 'update_option( "permalink_structure", "" ); delete_option( "rewrite_rules" );' || die "could not switch to plain permalinks"

mkdir -p "$SUBROOT"
sub_port="$(wp_free_port)"
wp_site_create "$SUBDIR" mcpnative_oauth_subdir "http://127.0.0.1:$sub_port" "$FIXTURE"
# The stack's wp-config.php follows the Host header for the site's URL: add the subdirectory.
sed -i "s#define( 'WP_HOME', 'http://' . \\\$_SERVER\['HTTP_HOST'\] );#define( 'WP_HOME', 'http://' . \$_SERVER['HTTP_HOST'] . '/blog' );#; s#define( 'WP_SITEURL', 'http://' . \\\$_SERVER\['HTTP_HOST'\] );#define( 'WP_SITEURL', 'http://' . \$_SERVER['HTTP_HOST'] . '/blog' );#" "$SUBDIR/wp-config.php"
grep -q "HTTP_HOST'\] . '/blog'" "$SUBDIR/wp-config.php" || die "could not move the site's URL to /blog in $SUBDIR/wp-config.php"
sed -i "s#^WP_URL=.*#WP_URL='http://127.0.0.1:$sub_port/blog'#" "$SUBDIR/.mcp-native/site.env"
wp_site_php "$SUBDIR" 'update_option( "home", "http://127.0.0.1:" . getenv( "SUB_PORT" ) . "/blog" ); update_option( "siteurl", "http://127.0.0.1:" . getenv( "SUB_PORT" ) . "/blog" ); delete_option( "rewrite_rules" ); echo home_url(), "\n";' >/dev/null \
    || die "could not set the subdirectory site's URL"

wp_site_create "$NETWORK" mcpnative_oauth_net "http://127.0.0.1:$(wp_free_port)" "$FIXTURE"
wp_site_make_multisite "$NETWORK" two three

for s in "$PRETTY" "$PLAIN" "$SUBDIR" "$NETWORK"; do
    wp_site_php "$s" 'update_option( "admin_email_lifespan", time() + YEAR_IN_SECONDS );' || die "could not prepare $s"
done

check_runtime() { # URL WANT_EXT
    local r; r="$(curl -s --max-time 10 "$1/index.php?rest_route=/mcp-native-e2e/v1/runtime" || true)"
    printf '%s' "$r" | grep -q "\"extension_loaded\":$2" || { printf '%s\n' "$r" | head -c 1000 >&2; die "$1 did not report extension_loaded=$2"; }
}

declare -A results=()
failed=0; ran=0
for mode in $MODES; do
    case "$mode" in
        with-extension)
            if [ ! -f "$EXT_SO" ]; then
                [ "${OAUTH_SITES_REQUIRE_EXT:-0}" = 1 ] && die "OAUTH_SITES_REQUIRE_EXT=1 but $EXT_SO does not exist"
                log "### SKIPPED: WITH the extension: $EXT_SO is missing (make build)"
                results[$mode]="SKIPPED (no $EXT_SO)"; continue
            fi
            export MCP_NATIVE_REQUIRE=native; want=true ;;
        without-extension) export MCP_NATIVE_REQUIRE=fallback; want=false ;;
        *) die "unknown mode '$mode'" ;;
    esac
    # wp-stack's nginx + php-fpm; the subdirectory site with nginx's root at $SUBROOT (PREFIX /blog)
    p_pretty="$(wp_free_port)"; wp_site_serve "$PRETTY" "$p_pretty" "$mode" nginx
    p_plain="$(wp_free_port)"; wp_site_serve "$PLAIN" "$p_plain" "$mode" nginx
    p_sub="$(wp_free_port)"; wp_site_serve "$SUBDIR" "$p_sub" "$mode" nginx /blog
    p_sub_rule="$(wp_free_port)"; wp_site_serve "$SUBDIR" "$p_sub_rule" "$mode" nginx /blog root-rule
    p_net="$(wp_free_port)"; wp_site_serve "$NETWORK" "$p_net" "$mode" nginx
    for u in "http://127.0.0.1:$p_pretty" "http://127.0.0.1:$p_plain" "http://127.0.0.1:$p_sub/blog" "http://127.0.0.1:$p_net"; do
        check_runtime "$u" "$want"
    done
    art="$RUN/artifacts/$mode"; mkdir -p "$art"
    cat > "$RUN/sites-$mode.json" <<JSON
{ "mode": "$mode", "sites": [
  { "name": "pretty", "kind": "pretty", "url": "http://127.0.0.1:$p_pretty", "dir": "$PRETTY", "admin_password": "$(wp_site_env "$PRETTY" WP_ADMIN_PASSWORD)" },
  { "name": "plain", "kind": "plain", "url": "http://127.0.0.1:$p_plain", "dir": "$PLAIN", "admin_password": "$(wp_site_env "$PLAIN" WP_ADMIN_PASSWORD)" },
  { "name": "subdir (no root rule)", "kind": "subdir", "root_rule": false, "url": "http://127.0.0.1:$p_sub/blog", "dir": "$SUBDIR", "admin_password": "$(wp_site_env "$SUBDIR" WP_ADMIN_PASSWORD)" },
  { "name": "subdir (root rule)", "kind": "subdir", "root_rule": true, "url": "http://127.0.0.1:$p_sub_rule/blog", "dir": "$SUBDIR", "admin_password": "$(wp_site_env "$SUBDIR" WP_ADMIN_PASSWORD)" },
  { "name": "network", "kind": "network", "url": "http://127.0.0.1:$p_net", "dir": "$NETWORK", "subsites": ["two", "three"], "admin_password": "$(wp_site_env "$NETWORK" WP_ADMIN_PASSWORD)" }
] }
JSON
    log "running tests/e2e/oauth-discovery.test.mjs ($mode)"
    rc=0
    (cd tests/e2e && OAUTH_SITES_JSON="$RUN/sites-$mode.json" PHP="$PHP" \
        timeout --kill-after=10 240 node --test --test-concurrency=1 --test-timeout=120000 --test-reporter=spec oauth-discovery.test.mjs) \
        > "$art/node-test.log" 2>&1 < /dev/null || rc=$?
    cat "$art/node-test.log" >&2
    wp_site_stop "$PRETTY"; wp_site_stop "$PLAIN"; wp_site_stop "$SUBDIR"; wp_site_stop "$NETWORK"
    for s in "$PRETTY" "$PLAIN" "$SUBDIR" "$NETWORK"; do
        problems="$(cat "$s/.mcp-native/debug.log" "$s/.mcp-native/php-errors.log" 2>/dev/null | grep -E 'PHP (Fatal error|Parse error|Warning|Notice|Deprecated)|Uncaught' | grep -E "plugins/mcp-native/|$ROOT/wp-plugin/|Fatal error|Parse error|Uncaught" || true)"
        if [ -n "$problems" ]; then
            printf '[test-oauth-sites] %s: PHP problems logged on %s:\n%s\n' "$mode" "$s" "$(printf '%s\n' "$problems" | sort | uniq -c | head -n 20)" >&2
            printf '%s\n' "$problems" | grep -qE 'Fatal error|Parse error|Uncaught' && [ "$rc" = 0 ] && rc=1
        fi
        cp "$s/.mcp-native/debug.log" "$art/$(basename "$s")-debug.log" 2>/dev/null || true
        : > "$s/.mcp-native/debug.log"; : > "$s/.mcp-native/php-errors.log" 2>/dev/null || true
    done
    ran=$((ran + 1))
    if [ "$rc" = 0 ]; then results[$mode]=PASSED; else results[$mode]="FAILED (exit $rc; $art/node-test.log)"; failed=1; fi
done

printf '\n[test-oauth-sites] summary (%s s)\n' "$(( $(date +%s) - START ))" >&2
for mode in $MODES; do printf '[test-oauth-sites]   %-18s %s\n' "$mode" "${results[$mode]:-not run}" >&2; done
[ "$ran" -gt 0 ] || die "no mode ran"
exit "$failed"
