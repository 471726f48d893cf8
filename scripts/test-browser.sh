#!/usr/bin/env bash
# Browser test of the admin screens (tests/browser/admin.test.mjs): Debian's headless Chromium
# driven by playwright-core, against a real WordPress 7.1 site running the plugin (with the
# sample abilities and their `demo` custom server), served by `php -S` on a free loopback port.
#
# For each mode (with the extension when $EXT_SO is built, then without it) the test logs in
# through wp-login.php as admin, opens Tools → MCP Native and Tools → Site Health (Status and
# Info tabs), checks their content against the site's real MCP endpoints (tools/list over HTTP),
# parses the Claude Desktop JSON, checks that a subscriber is refused, and saves screenshots in
# tests/browser/artifacts/ (kept as CI artifacts; gitignored). Then, on a subdirectory multisite
# network (.test-run/browser/network, sub-sites /two/ and /three/, wp_site_make_multisite),
# tests/browser/network.test.mjs checks Network Admin → Settings → MCP Native, the network
# Plugins screen's link and a sub-site's status page against each site's endpoint.
#
# Installs what it needs (scripts/install-deps.sh wp node browser: Debian's chromium, Node 22) and the
# pinned npm packages of tests/browser (npm ci). Everything it starts (PHP servers, MariaDB if it
# was not running, Chromium) is stopped on exit. Bounded: each mode's test has a 90 s timeout.
#
# Environment: EXT_SO, PHP, BROWSER_MODES (default "native fallback"), MCP_NATIVE_REQUIRE=native
# (a missing $EXT_SO is then an error instead of a skipped mode), CHROMIUM (default /usr/bin/chromium).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
START=$(date +%s)
log() { printf '[test-browser] +%ss %s\n' "$(( $(date +%s) - START ))" "$*" >&2; }
die() { printf '[test-browser] ERROR: %s\n' "$*" >&2; exit 1; }

bash scripts/install-deps.sh wp node browser
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh

BROWSER_DIR="$ROOT/tests/browser"
ARTIFACTS="$BROWSER_DIR/artifacts"
RUN="$ROOT/.test-run/browser"
SITE="$RUN/site"
NETWORK="$RUN/network"
MODES="${BROWSER_MODES:-native fallback}"
OUTER_REQUIRE="${MCP_NATIVE_REQUIRE:-}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
unset MCP_NATIVE_REQUIRE

# ------------------------------------------------------------------ Chromium (Debian) and playwright-core
[ -x "$CHROMIUM" ] || die "$CHROMIUM is not executable (scripts/install-deps.sh browser installs Debian's chromium)"
stamp="$BROWSER_DIR/node_modules/.mcp-native-stamp"
want="$(cat "$BROWSER_DIR/package.json" "$BROWSER_DIR/package-lock.json" | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || [ ! -f "$BROWSER_DIR/node_modules/playwright-core/package.json" ]; then
    log "installing npm packages in tests/browser (npm ci)"
    (cd "$BROWSER_DIR" && timeout 300 npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed in tests/browser"
    echo "$want" > "$stamp"
fi

# ------------------------------------------------------------------ site
wp_stop_site_on_exit "$SITE" "$NETWORK"

mkdir -p "$RUN" "$ARTIFACTS"
exec 7>"$RUN/.test-browser.lock"
flock -w 300 7 || die "another scripts/test-browser.sh held the lock for 5 minutes"
rm -f "$ARTIFACTS"/*.png "$ARTIFACTS"/*.html 2>/dev/null || true

log "creating the site"
wp_site_create "$SITE" mcpnative_browser "http://127.0.0.1:$(wp_free_port)" "$ROOT/examples/sample-abilities.php"
APP_PASSWORD="$(wp_app_password "$SITE" admin browser-test)"
ADMIN_PASSWORD="$(wp_site_env "$SITE" WP_ADMIN_PASSWORD)"
SUBSCRIBER_PASSWORD="$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 20)"
WPS_SUB_PASS="$SUBSCRIBER_PASSWORD" wp_site_php "$SITE" '
$id = wp_insert_user( array( "user_login" => "reader", "user_pass" => getenv( "WPS_SUB_PASS" ), "user_email" => "reader@example.com", "role" => "subscriber" ) );
if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() . "\n" ); exit( 1 ); }
// No "confirm your admin email" interstitial after logging in.
update_option( "admin_email_lifespan", time() + YEAR_IN_SECONDS );
' || die "could not create the subscriber"

log "creating the multisite network"
wp_site_create "$NETWORK" mcpnative_browser_net "http://127.0.0.1:$(wp_free_port)" "$ROOT/examples/sample-abilities.php"
wp_site_make_multisite "$NETWORK" two three
NETWORK_APP_PASSWORD="$(wp_app_password "$NETWORK" admin browser-test)"
NETWORK_ADMIN_PASSWORD="$(wp_site_env "$NETWORK" WP_ADMIN_PASSWORD)"
wp_site_php "$NETWORK" 'update_option( "admin_email_lifespan", time() + YEAR_IN_SECONDS );' || die "could not prepare the network"

# serve_and_test DIR TEST_FILE ADMIN_PASSWORD APP_PASSWORD: serves DIR on a free port in the
# current $mode, runs one test file against it, stops the server; returns the test's status.
serve_and_test() {
    local dir="$1" file="$2" port rc
    port="$(wp_free_port)"
    # nginx + php-fpm: php -S lets a browser's idle preconnections hold its few workers (a login then times out).
    MCP_NATIVE_REQUIRE="$mode" wp_site_serve "$dir" "$port" "$serve" nginx || return 1
    log "browser test ($mode, $(basename "$file")) on http://127.0.0.1:$port"
    set +e
    BROWSER_MODE="$mode" WP_URL="http://127.0.0.1:$port" \
        WP_ADMIN_USER=admin WP_ADMIN_PASSWORD="$3" WP_APP_PASSWORD="$4" \
        WP_SUBSCRIBER_USER=reader WP_SUBSCRIBER_PASSWORD="$SUBSCRIBER_PASSWORD" \
        EXPECTED_EXTENSION_VERSION="$(sed -n "s/.*EXPECTED_EXTENSION_VERSION = '\([^']*\)'.*/\1/p" wp-plugin/includes/Contract.php)" \
        ARTIFACTS="$ARTIFACTS" AUDIT_SUBSITE="${AUDIT_SUBSITE:-}" \
        timeout --kill-after=10 120 node --test --test-timeout=90000 "$file"
    rc=$?
    set -e
    log "browser test ($mode, $(basename "$file")) exited with $rc"
    wp_site_stop "$dir" "$port"
    return "$rc"
}

declare -A results=()
failed=0
ran=0
for mode in $MODES; do
    case "$mode" in
        native)
            if [ ! -f "$EXT_SO" ]; then
                [ "$OUTER_REQUIRE" = native ] && die "MCP_NATIVE_REQUIRE=native but $EXT_SO does not exist (make build)"
                log "### SKIPPED: the browser test WITH the extension: $EXT_SO is missing (make build)"
                results[$mode]="SKIPPED (no $EXT_SO)"
                continue
            fi
            serve=with-extension ;;
        fallback) serve=without-extension ;;
        *) die "unknown mode '$mode' (native|fallback)" ;;
    esac
    rc=0; nrc=0
    serve_and_test "$SITE" "$BROWSER_DIR/admin.test.mjs" "$ADMIN_PASSWORD" "$APP_PASSWORD" || rc=$?
    serve_and_test "$SITE" "$BROWSER_DIR/abilities.test.mjs" "$ADMIN_PASSWORD" "$APP_PASSWORD" || { [ "$rc" != 0 ] || rc=$?; }
    serve_and_test "$SITE" "$BROWSER_DIR/audit.test.mjs" "$ADMIN_PASSWORD" "$APP_PASSWORD" || { [ "$rc" != 0 ] || rc=$?; }
    serve_and_test "$NETWORK" "$BROWSER_DIR/network.test.mjs" "$NETWORK_ADMIN_PASSWORD" "$NETWORK_APP_PASSWORD" || nrc=$?
    AUDIT_SUBSITE=two serve_and_test "$NETWORK" "$BROWSER_DIR/audit.test.mjs" "$NETWORK_ADMIN_PASSWORD" "$NETWORK_APP_PASSWORD" || nrc=$?
    [ "$rc" != 0 ] || rc=$nrc
    ran=$((ran + 1))
    problems="$(grep -hE 'PHP (Fatal error|Parse error|Warning|Notice|Deprecated)|Uncaught' \
        "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" \
        "$NETWORK/.mcp-native/debug.log" "$NETWORK/.mcp-native/php-errors.log" 2>/dev/null \
        | grep -E "plugins/mcp-native/|$ROOT/wp-plugin/|Fatal error|Uncaught" || true)"
    if [ -n "$problems" ]; then
        printf '[test-browser] %s: PHP problems logged:\n%s\n' "$mode" "$(printf '%s\n' "$problems" | sort | uniq -c | head -n 20)" >&2
        [ "$rc" = 0 ] && rc=1
    fi
    : > "$SITE/.mcp-native/debug.log"; : > "$SITE/.mcp-native/php-errors.log" 2>/dev/null || true
    : > "$NETWORK/.mcp-native/debug.log"; : > "$NETWORK/.mcp-native/php-errors.log" 2>/dev/null || true
    if [ "$rc" = 0 ]; then results[$mode]=PASSED; else results[$mode]="FAILED (exit $rc)"; failed=1; fi
done

printf '\n[test-browser] summary (%s s; screenshots in %s)\n' "$(( $(date +%s) - START ))" "${ARTIFACTS#"$ROOT"/}" >&2
for mode in $MODES; do printf '[test-browser]   %-9s %s\n' "$mode" "${results[$mode]:-not run}" >&2; done
[ "$ran" -gt 0 ] || die "no run happened"
exit "$failed"
