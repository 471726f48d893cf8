#!/usr/bin/env bash
# The official MCP conformance suites (server scenarios) against the mcp-native plugin on a real
# WordPress 7.1 site, three runs on one site:
#   v1-all       @modelcontextprotocol/conformance 0.1.16, --suite all (the handshake revisions)
#   v2-all       0.2.0-alpha.12, --suite all (2026-07-28 scenarios at that revision, older ones at 2025-11-25)
#   v2-required  0.2.0-alpha.12, --requirements 2026-07-28 (what that revision requires)
# Each run has its own expected-failures file in tests/conformance (a reason per scenario).
#
#  - Node 22 (the suite crashes on Node 20): the project's own, from npm in .cache/node22
#    (scripts/install-deps.sh node, scripts/node-env.sh); the suite lives in tests/conformance/node_modules.
#  - A fresh site (.test-run/conformance/site, database mcpnative_conformance) with the test-only
#    mu-plugin tests/conformance/fixtures/conformance-tools.php: a custom server at
#    /wp-json/mcp-conformance/mcp whose tools have the names the scenarios call.
#  - The suite cannot send an Authorization header: tests/conformance/auth-proxy.mjs (loopback)
#    adds Basic auth with an application password.
#  - Scenarios a JSON-responding, tools-only server cannot pass are listed with their reasons in
#    tests/conformance/expected-failures.yml; the suite exits non-zero on any other failure and on a
#    listed scenario that now passes (stale entry).
#
# Prints the suite's per-scenario lines and `Total: N passed, N failed` (counts of checks); exits
# non-zero on unexpected failures. Everything it starts (PHP server, proxy, MariaDB if it was not
# running) is stopped on exit. Bounded: the suite gets CONFORMANCE_TIMEOUT seconds (default 150).
#
# Environment:
#   CONFORMANCE_MODE     with-extension | without-extension (default: with-extension when $EXT_SO
#                        exists, else without-extension)
#   CONFORMANCE_TIMEOUT  seconds for the suite run (default 150)
#   CONFORMANCE_SUITE    all (default: every server scenario, including the suite's "pending"
#                        json-schema-2020-12 and server-sse-polling) or active
#   CONFORMANCE_RUNS     which runs (default "v1-all v2-all v2-required")
#   CONFORMANCE_SCENARIO run one scenario only (then the expected-failures check is skipped)
#   CONFORMANCE_EXPECTED_FAILURES  another baseline file for v1-all (default tests/conformance/expected-failures.yml)
#   EXT_SO               the built extension (default target/release/libmcp_native.so)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[conformance] %s\n' "$*" >&2; }
die() { printf '[conformance] ERROR: %s\n' "$*" >&2; exit 1; }

START=$SECONDS
bash scripts/install-deps.sh wp node
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh   # Node 22 first on PATH
NODE22_BIN="$NODE22_PREFIX/bin"
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh

CONF_DIR="$ROOT/tests/conformance"
RUN="$ROOT/.test-run/conformance"
SITE="$RUN/site"
SUITE_JS="$CONF_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"
SUITE2_DIR="$CONF_DIR/v2"
SUITE2_JS="$SUITE2_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"
RUNS="${CONFORMANCE_RUNS:-v1-all v2-all v2-required v2-authorization}"
EXPECTED="${CONFORMANCE_EXPECTED_FAILURES:-$CONF_DIR/expected-failures.yml}"
TIMEOUT="${CONFORMANCE_TIMEOUT:-150}"
SUITE="${CONFORMANCE_SUITE:-all}"
if [ -n "${CONFORMANCE_MODE:-}" ]; then MODE="$CONFORMANCE_MODE"
elif [ -f "$EXT_SO" ]; then MODE=with-extension
else MODE=without-extension; fi

# ---------------------------------------------------------------- the suite (on Node 22: it crashes on Node 20)
if [ ! -f "$SUITE_JS" ] || ! grep -q '"version": "0.1.16"' "$CONF_DIR/node_modules/@modelcontextprotocol/conformance/package.json"; then
    log "installing @modelcontextprotocol/conformance (tests/conformance)"
    (cd "$CONF_DIR" && timeout 300 npm ci --no-audit --no-fund --loglevel=error >&2) || die "npm ci in tests/conformance failed"
fi
if [[ " $RUNS " == *" v2-"* ]] && { [ ! -f "$SUITE2_JS" ] || ! grep -q '"version": "0.2.0-alpha.12"' "$SUITE2_DIR/node_modules/@modelcontextprotocol/conformance/package.json"; }; then
    log "installing @modelcontextprotocol/conformance 0.2.0-alpha.12 (tests/conformance/v2)"
    (cd "$SUITE2_DIR" && timeout 300 npm ci --no-audit --no-fund --loglevel=error >&2) || die "npm ci in tests/conformance/v2 failed"
fi

# ---------------------------------------------------------------- cleanup
PROXY_PID=""
SUITE_PID=""
cleanup() {
    local rc=$?
    set +e
    [ -n "$SUITE_PID" ] && wp_kill_group "$SUITE_PID"
    [ -n "$PROXY_PID" ] && wp_kill_group "$PROXY_PID"
    wp_site_stop "$SITE" 2>/dev/null
    if [ "${WP_STACK_STARTED_MARIADB:-0}" = 1 ]; then wp_db_stop; fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------- site, server, proxy
mkdir -p "$RUN"
rm -rf "$RUN/results"
port="$(wp_free_port)"
wp_site_create "$SITE" mcpnative_conformance "http://127.0.0.1:$port" "$CONF_DIR/fixtures/conformance-tools.php"
user="$(wp_site_env "$SITE" WP_ADMIN_USER)"
CONFORMANCE_APP_PASSWORD="$(wp_app_password "$SITE" "$user" conformance)"
[ -n "$CONFORMANCE_APP_PASSWORD" ] || die "no application password"
export CONFORMANCE_APP_PASSWORD

case "$MODE" in
    with-extension) export MCP_NATIVE_REQUIRE=native ;;
    without-extension) export MCP_NATIVE_REQUIRE=fallback ;;
    *) die "CONFORMANCE_MODE must be with-extension or without-extension (got '$MODE')" ;;
esac
# nginx + php-fpm: a call that asks the client mid-call (elicitation, sampling at 2025-11-25) waits
# for an answer that arrives in another request, which needs a free worker; `php -S` may queue it
# behind the waiting request on the same process.
wp_site_serve "$SITE" "$port" "$MODE" nginx

pport="$(wp_free_port)" || die "no free port for the auth proxy"
read -r -a run_list <<<"$RUNS"
proxy_seconds=$((TIMEOUT * ${#run_list[@]} + 60))
setsid "$NODE22_BIN/node" "$CONF_DIR/auth-proxy.mjs" --listen "$pport" --upstream "http://127.0.0.1:$port" \
    --user "$user" --password-env CONFORMANCE_APP_PASSWORD --max-seconds "$proxy_seconds" \
    > "$RUN/proxy.log" 2>&1 < /dev/null &
PROXY_PID=$!
for _ in $(seq 1 600); do
    grep -q '^listening ' "$RUN/proxy.log" 2>/dev/null && break
    kill -0 "$PROXY_PID" 2>/dev/null || { cat "$RUN/proxy.log" >&2; die "the auth proxy died"; }
    sleep 0.1
done
grep -q '^listening ' "$RUN/proxy.log" || die "the auth proxy did not start within 60 s"

URL="http://127.0.0.1:$pport/wp-json/mcp-conformance/mcp"
# The endpoint must answer through the proxy before the suite starts.
# A few tries: under load the proxy may print "listening" a moment before it accepts (HTTP 000).
for _ in $(seq 1 10); do
    rm -f "$RUN/probe.json"
    code="$(curl -sS -o "$RUN/probe.json" -w '%{http_code}' --max-time 60 -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' \
        -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}' \
        "$URL" 2>"$RUN/probe.err" || true)"
    [ "$code" = 200 ] && break
    sleep 1
done
[ "$code" = 200 ] || { cat "$RUN/probe.json" "$RUN/probe.err" >&2 2>/dev/null || true; die "initialize through the proxy answered HTTP $code"; }
log "site on :$port ($MODE), auth proxy on :$pport; running the suite against $URL"

# ---------------------------------------------------------------- the suites
# One run: its name, the suite's entry point, the suite arguments, the expected-failures file.
# Sets TOTALS and RC (any failing run makes RC non-zero).
RC=0
TOTALS=""
run_suite() {
    local name="$1" js="$2" expected="$3"; shift 3
    local out="$RUN/results/$name" log_file="$RUN/suite-$name.log" rc=0
    local args=(server --url "$URL" -o "$out")
    if [ -n "${CONFORMANCE_SCENARIO:-}" ]; then args+=(--scenario "$CONFORMANCE_SCENARIO")
    else args+=("$@" --expected-failures "$expected"); fi
    log "run $name: ${args[*]:3}"
    # In the background + wait, so a signal to this script reaches the trap at once.
    ( cd "$(dirname "$js")/../../../.." && PATH="$NODE22_BIN:$PATH" exec setsid timeout --kill-after=5 "$TIMEOUT" "$NODE22_BIN/node" "$js" "${args[@]}" ) \
        > "$log_file" 2>&1 < /dev/null &
    SUITE_PID=$!
    wait "$SUITE_PID" || rc=$?
    SUITE_PID=""
    # The per-scenario summary (the suite's detailed output stays in the log).
    sed -n '/^=== SUMMARY ===/,$p' "$log_file" >&2 || true
    grep -q '^=== SUMMARY ===' "$log_file" || tail -n 60 "$log_file" >&2
    [ "$rc" = 124 ] && log "run $name timed out after ${TIMEOUT}s"
    # The suite accepts some results of the right shape whatever they say: check those tools really ran.
    if [ -d "$out" ] && ! "$NODE22_BIN/node" "$CONF_DIR/verify-results.mjs" "$out"; then
        [ "$rc" = 0 ] && rc=1
    fi
    local total
    total="$(grep -E '^Total: [0-9]+ passed, [0-9]+ failed' "$log_file" | tail -n 1 || true)"
    if [ -z "$total" ] && [ -n "${CONFORMANCE_SCENARIO:-}" ]; then
        # One scenario: the suite prints "Passed: P/N, F failed, W warnings" instead.
        total="$(sed -n 's/^Passed: \([0-9]*\)\/[0-9]*, \([0-9]*\) failed.*/Total: \1 passed, \2 failed/p' "$log_file" | tail -n 1)"
        sed -n '/^Test Results:/,/^Passed:/p' "$log_file" >&2
    fi
    [ -n "$total" ] || { total="Total: 0 passed, 1 failed"; [ "$rc" = 0 ] && rc=1; }
    log "run $name: exit $rc; $total"
    TOTALS+="$name: $total"$'\n'
    [ "$rc" = 0 ] || RC="$rc"
}

# The suite's authorization-server scenarios against the site's OAuth server (RFC 8414 metadata, the
# authorization code grant with PKCE); authorization.mjs does the person's part (log in, approve).
run_authorization() {
    local out="$RUN/results/v2-authorization" log_file="$RUN/suite-v2-authorization.log" rc=0 total
    log "run v2-authorization: conformance authorization --url http://127.0.0.1:$port"
    ( CONFORMANCE_ADMIN_PASSWORD="$(wp_site_env "$SITE" WP_ADMIN_PASSWORD)" exec setsid timeout --kill-after=5 "$TIMEOUT" \
        "$NODE22_BIN/node" "$CONF_DIR/authorization.mjs" --suite "$SUITE2_JS" --site "http://127.0.0.1:$port" \
        --resource "http://127.0.0.1:$port/wp-json/mcp-conformance/mcp" --user "$user" --password-env CONFORMANCE_ADMIN_PASSWORD \
        --out "$out" --timeout-s "$TIMEOUT" ) > "$log_file" 2>&1 < /dev/null &
    SUITE_PID=$!
    wait "$SUITE_PID" || rc=$?
    SUITE_PID=""
    sed -n '/^=== SUMMARY ===/,$p' "$log_file" >&2 || true
    total="$(grep -E '^Total: [0-9]+ passed, [0-9]+ failed' "$log_file" | tail -n 1 || true)"
    if [ -z "$total" ] || [ "$rc" != 0 ] || ! grep -q '^Total: [0-9]* passed, 0 failed' "$log_file"; then
        tail -n 40 "$log_file" >&2
        [ -n "$total" ] || total="Total: 0 passed, 1 failed"
        [ "$rc" = 0 ] && rc=1
    fi
    log "run v2-authorization: exit $rc; $total"
    TOTALS+="v2-authorization: $total"$'\n'
    [ "$rc" = 0 ] || RC="$rc"
}

for r in $RUNS; do
    case "$r" in
        v1-all)      run_suite v1-all "$SUITE_JS" "$EXPECTED" --suite "$SUITE" ;;
        v2-all)      run_suite v2-all "$SUITE2_JS" "$CONF_DIR/expected-failures-2026-all.yml" --suite all ;;
        v2-required) run_suite v2-required "$SUITE2_JS" "$CONF_DIR/expected-failures-2026-required.yml" --requirements 2026-07-28 ;;
        v2-authorization) run_authorization ;;
        *) die "unknown run '$r' in CONFORMANCE_RUNS (v1-all, v2-all, v2-required, v2-authorization)" ;;
    esac
done
rc="$RC"

# PHP must not have died or warned while serving.
php_problems="$(cat "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" 2>/dev/null \
    | grep -E 'PHP (Fatal error|Parse error|Warning|Notice|Deprecated)|Uncaught' || true)"
if [ -n "$php_problems" ]; then
    printf '[conformance] PHP errors/notices were logged while serving:\n%s\n' "$(printf '%s\n' "$php_problems" | sort | uniq -c | head -n 20)" >&2
    [ "$rc" = 0 ] && rc=1
fi

log "mode $MODE; exit $rc; $((SECONDS - START)) s; logs and checks.json in ${RUN#"$ROOT"/}"
printf '%s' "$TOTALS"
exit "$rc"
