#!/usr/bin/env bash
# End-to-end tests: real MCP clients (the official TypeScript SDK client and
# @automattic/mcp-wordpress-remote over stdio) against a real WordPress 7.1 site running the
# mcp-native plugin, served by `php -S` on a free loopback port.
#
# The suite (tests/e2e/*.test.mjs, node's own test runner) runs twice on the same site:
# with the extension ($EXT_SO, skipped with a loud message when it has not been built) and
# without it (the plugin's pure-PHP fallback). MCP_NATIVE_REQUIRE makes the plugin assert which
# path is active, and the script checks it again through the fixture's /runtime route.
#
# Everything it starts (the PHP server's process group, MariaDB if it was not running) is stopped
# on exit, also on failure or Ctrl-C. Site, logs and artifacts stay in .test-run/e2e for debugging.
#
# Environment:
#   EXT_SO            the built extension (default target/release/libmcp_native.so)
#   E2E_MODES         modes to run (default "with-extension without-extension")
#   E2E_REQUIRE_EXT=1 fail instead of skipping when $EXT_SO is missing
#   E2E_TESTS         test files to run, names or patterns (default all tests/e2e/*.test.mjs)
#   E2E_KEEP_MARIADB=1 leave MariaDB running even if this script started it
#   E2E_SECOND_SERVER the second "web node" serving the same site: nginx (default, with php-fpm)
#                     or php-s; the main one is always php -S with 2 workers
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[test-e2e] %s\n' "$*" >&2; }
die() { printf '[test-e2e] ERROR: %s\n' "$*" >&2; exit 1; }

bash scripts/install-deps.sh wp node python browser   # browser: Chromium for the OAuth consent (oauth-*.test.mjs)
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh

RUN="$ROOT/.test-run/e2e"
SITE="$RUN/site"
E2E_DIR="$ROOT/tests/e2e"
FIXTURE="$E2E_DIR/fixtures/e2e-abilities.php"
MODES="${E2E_MODES:-with-extension without-extension}"

# One run at a time per checkout: runs share the site, its database and the logs.
mkdir -p "$RUN"
exec 8>"$RUN/.test-e2e.lock"
flock -w 900 8 || die "another scripts/test-e2e.sh held the lock for 15 minutes"
SECOND_SERVER="${E2E_SECOND_SERVER:-nginx}"

[ -f "$E2E_DIR/node_modules/@modelcontextprotocol/sdk/package.json" ] || die "npm packages missing in tests/e2e (scripts/install-deps.sh)"
[ -f "$ROOT/wp-plugin/mcp-native.php" ] || die "wp-plugin/mcp-native.php does not exist yet"

NODE_PID=""
cleanup() {
    local rc=$?
    set +e
    [ -n "$NODE_PID" ] && wp_kill_group "$NODE_PID"
    [ -n "${TAIL_PID:-}" ] && kill "$TAIL_PID" 2>/dev/null
    wp_site_stop "$SITE" 2>/dev/null
    if [ "${WP_STACK_STARTED_MARIADB:-0}" = 1 ] && [ "${E2E_KEEP_MARIADB:-0}" != 1 ]; then
        wp_db_stop
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$RUN"
rm -rf "$RUN/artifacts"
# OAuth tests (oauth-*.test.mjs): Debian's Chromium for the consent screen, and a self-signed
# certificate for 127.0.0.1 that they serve https Client ID Metadata Documents with (the site
# trusts it for 127.0.0.1 only: fixtures/oauth-loopback.php reads E2E_TLS_CERT).
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
mkdir -p "$RUN/tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 -subj /CN=127.0.0.1 \
    -addext subjectAltName=IP:127.0.0.1 -keyout "$RUN/tls/key.pem" -out "$RUN/tls/cert.pem" 2>/dev/null \
    || die "openssl could not make the test certificate"
export E2E_TLS_CERT="$RUN/tls/cert.pem" E2E_TLS_KEY="$RUN/tls/key.pem"
mkdir -p "$RUN/artifacts"

port="$(wp_free_port)"
wp_site_create "$SITE" mcpnative_e2e "http://127.0.0.1:$port" "$E2E_DIR/fixtures"
user="$(wp_site_env "$SITE" WP_ADMIN_USER)"
pass="$(wp_app_password "$SITE" "$user" e2e)"
[ -n "$pass" ] || die "no application password"
admin_login_pass="$(wp_site_env "$SITE" WP_ADMIN_PASSWORD)"
# Two more users for the authorization tests: a subscriber (has "read") and a user without any role.
wp_site_php "$SITE" '
foreach ( array( "e2e-subscriber" => "subscriber", "e2e-nocap" => "" ) as $login => $role ) {
	$id = wp_insert_user( array( "user_login" => $login, "user_pass" => wp_generate_password( 24 ), "user_email" => $login . "@example.com", "role" => $role ) );
	if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() . "\n" ); exit( 1 ); }
}' || die "could not create the test users"
sub_pass="$(wp_app_password "$SITE" e2e-subscriber e2e)"
nocap_pass="$(wp_app_password "$SITE" e2e-nocap e2e)"
[ -n "$sub_pass" ] && [ -n "$nocap_pass" ] || die "no application passwords for the test users"

if [ -n "${E2E_TESTS:-}" ]; then
    # names or patterns of tests/e2e (oauth-negative-*.test.mjs): node 20's --test takes no globs
    tests=()
    read -r -a patterns <<<"$E2E_TESTS"
    for p in "${patterns[@]}"; do
        # shellcheck disable=SC2231 # the pattern is meant to glob; a name that matches nothing stays as it is
        for f in "$E2E_DIR"/$p; do tests+=("$(basename "$f")"); done
    done
else
    tests=()
    for f in "$E2E_DIR"/*.test.mjs; do tests+=("$(basename "$f")"); done
fi

declare -A results=()
failed=0
total_pass=0; total_fail=0; total_skip=0
ran=0
for mode in $MODES; do
    case "$mode" in
        with-extension)
            if [ ! -f "$EXT_SO" ]; then
                if [ "${E2E_REQUIRE_EXT:-0}" = 1 ]; then die "E2E_REQUIRE_EXT=1 but $EXT_SO does not exist"; fi
                printf '\n[test-e2e] ############################################################\n' >&2
                printf '[test-e2e] ### SKIPPED: end-to-end WITH the extension: %s is missing (make build)\n' "$EXT_SO" >&2
                printf '[test-e2e] ############################################################\n\n' >&2
                results[$mode]="SKIPPED (no $EXT_SO)"
                continue
            fi
            export MCP_NATIVE_REQUIRE=native; want_ext=true ;;
        without-extension)
            export MCP_NATIVE_REQUIRE=fallback; want_ext=false ;;
        *) die "unknown mode '$mode'" ;;
    esac

    port="$(wp_free_port)"
    base="http://127.0.0.1:$port"
    : > "$SITE/.mcp-native/debug.log"
    : > "$SITE/.mcp-native/php-errors.log"
    wp_site_serve "$SITE" "$port" "$mode"
    # A second web server on the same site and database (nginx + php-fpm by default): a second
    # "web node", so the tests prove a session started on one node works on the other.
    port2="$(wp_free_port)"
    wp_site_serve "$SITE" "$port2" "$mode" "$SECOND_SERVER"
    for p in "$port" "$port2"; do
        runtime="$(curl -s --max-time 10 "http://127.0.0.1:$p/wp-json/mcp-native-e2e/v1/runtime" || true)"
        if ! printf '%s' "$runtime" | grep -q "\"extension_loaded\":$want_ext"; then
            wp_site_stop "$SITE"
            printf '%s\n' "$runtime" | head -c 2000 >&2
            tail -n 30 "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" >&2 2>/dev/null
            die "$mode: GET :$p/wp-json/mcp-native-e2e/v1/runtime did not report extension_loaded=$want_ext (see above)"
        fi
    done
    log "running ${#tests[@]} test files against $base ($mode: $runtime) on Node $(node --version)"

    art="$RUN/artifacts/$mode"
    mkdir -p "$art"
    # In the background + wait, so a signal to this script is handled at once (the trap then
    # kills the test run's process group: `timeout` leads its own group, node and the stdio
    # proxies it spawns are in it).
    : > "$art/node-test.log"
    (
        cd "$E2E_DIR" &&
        PHP="$PHP" E2E_SITE_URL="$base" E2E_USERNAME="$user" E2E_PASSWORD="$pass" E2E_ARTIFACTS="$art" \
            E2E_SECOND_SITE_URL="http://127.0.0.1:$port2" \
            E2E_ADMIN_LOGIN_PASSWORD="$admin_login_pass" \
            E2E_SUBSCRIBER_USER=e2e-subscriber E2E_SUBSCRIBER_PASSWORD="$sub_pass" \
            E2E_NOCAP_USER=e2e-nocap E2E_NOCAP_PASSWORD="$nocap_pass" \
            exec timeout --kill-after=10 900 node --test --test-concurrency=1 --test-timeout=120000 \
            --test-reporter=spec "${tests[@]}"
    ) >> "$art/node-test.log" 2>&1 < /dev/null &
    NODE_PID=$!
    tail -n +1 --pid="$NODE_PID" -f "$art/node-test.log" &
    TAIL_PID=$!
    rc=0
    wait "$NODE_PID" || rc=$?
    wait "$TAIL_PID" 2>/dev/null || true
    NODE_PID=""
    ran=$((ran + 1))
    wp_site_stop "$SITE"
    cp "$SITE/.mcp-native/server-$port.log" "$SITE/.mcp-native/server-$port2.log" "$SITE/.mcp-native/fpm-$port2.log" "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" "$art/" 2>/dev/null || true

    # PHP must never have died or warned while serving MCP requests.
    php_problems="$(cat "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" 2>/dev/null \
        | grep -E 'PHP (Fatal error|Parse error|Warning|Notice|Deprecated|Recoverable)|Uncaught' || true)"
    if [ -n "$php_problems" ]; then
        printf '[test-e2e] %s: PHP errors/notices were logged while serving:\n%s\n' "$mode" "$(printf '%s\n' "$php_problems" | sort | uniq -c | sort -rn | head -n 30)" >&2
        if printf '%s\n' "$php_problems" | grep -qE 'PHP (Fatal error|Parse error)|Uncaught'; then
            [ "$rc" = 0 ] && rc=1
        fi
    fi
    # No OAuth secret (code, access or refresh token) may reach a log of the site or its servers.
    leaked="$(grep -lE 'mcpn_(ac|at|rt)_[A-Za-z0-9_-]{20,}' "$SITE/.mcp-native/"*.log 2>/dev/null || true)"
    if [ -n "$leaked" ]; then
        printf '[test-e2e] %s: an OAuth token appears in: %s\n' "$mode" "$leaked" >&2
        [ "$rc" = 0 ] && rc=1
    fi
    n_pass="$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$art/node-test.log" | tail -n 1)"
    n_fail="$(sed -n 's/^ℹ fail \([0-9]*\)$/\1/p' "$art/node-test.log" | tail -n 1)"
    n_skip="$(sed -n 's/^ℹ skipped \([0-9]*\)$/\1/p' "$art/node-test.log" | tail -n 1)"
    n_pass="${n_pass:-0}"; n_fail="${n_fail:-0}"; n_skip="${n_skip:-0}"
    # A run that failed without a failing test (crash, timeout, PHP fatal) still counts as a failure.
    [ "$rc" != 0 ] && [ "$n_fail" = 0 ] && n_fail=1
    total_pass=$((total_pass + n_pass)); total_fail=$((total_fail + n_fail)); total_skip=$((total_skip + n_skip))
    if [ "$rc" = 0 ]; then results[$mode]="PASSED ($n_pass passed, $n_skip skipped)"; else results[$mode]="FAILED (exit $rc; $n_fail failed, $n_pass passed)"; failed=1; fi
done

printf '\n[test-e2e] summary\n' >&2
for mode in $MODES; do printf '[test-e2e]   %-18s %s\n' "$mode" "${results[$mode]:-not run}" >&2; done
# Each failure's message again at the very end, where a CI log's tail shows it.
for mode in $MODES; do
    case "${results[$mode]:-}" in FAILED*) ;; *) continue ;; esac
    printf '\n[test-e2e] %s: the failing tests, as node reported them:\n' "$mode" >&2
    sed -n '/^✖ failing tests:/,$p' "$RUN/artifacts/$mode/node-test.log" \
        | grep -vE '^ +at |^ *$|^test at ' | head -n 40 >&2   # no stack frames: the messages fit a log's tail
done
[ "$ran" -gt 0 ] || die "no mode ran"
printf 'e2e: %d passed, %d failed, %d skipped\n' "$total_pass" "$total_fail" "$total_skip"
exit "$failed"
