#!/usr/bin/env bash
# make test-adapter: MCP Native's accelerator against the REAL official MCP Adapter.
#
# MCP_NATIVE_ADAPTER_DIR must point at a git checkout of https://github.com/WordPress/mcp-adapter
# (with its tests/ folder; a `git archive` drops it, see docs/TESTING.md). Nothing of it is copied into this
# repository: the test site links to the checkout. Without the variable the script says it skipped
# and exits 0 (CI uses the fakes in tests/php/wp/fake-adapter instead).
#
# What it does, on a fresh test site in .test-run/adapter/site with the adapter active beside
# mcp-native (its Composer dependency wordpress/php-mcp-schema loaded from MCP_NATIVE_MCP_SCHEMA_DIR,
# else replaced by the stand-in in tests/adapter/standin/, see docs/TESTING.md):
#   1. the adapter's own unit tests of the classes MCP Native replaces (SchemaTransformerTest,
#      AbilityArgumentNormalizerTest) against the adapter's classes, then against MCP Native's,
#      with the extension and with the PHP fallback: pass counts;
#   2. the same MCP requests (tests/adapter/mcp_exchange.py: initialize, tools/list, tools/call of
#      flattened, object, list-returning and defaulted abilities, execute-ability on the default
#      server) without and with acceleration, with and without the extension; every difference
#      must be listed in tests/adapter/known-differences.json (and so in docs/TESTING.md);
#   2b. a REST request that reaches no MCP route builds the adapter's servers when it runs alone,
#      not when it is accelerated (X-Mcpn-Adapter-Init, tests/adapter/site/00-adapter-standin.php);
#   3. an ability with a Closure in its schema: the adapter alone fails every REST request of the
#      site; accelerated, the site and the tool work.
# The summary is printed and written to .test-run/adapter/summary.md.
#
# Environment: MCP_NATIVE_ADAPTER_DIR, EXT_SO, PHP, MCP_NATIVE_ADAPTER_MODES (default
# "native fallback"), MCP_NATIVE_MCP_SCHEMA_DIR (optional: a copy of the REAL wordpress/php-mcp-schema
# package, a folder with its composer.json and src/, e.g. a plugin's vendor/wordpress/php-mcp-schema;
# never committed here; used instead of the stand-in, and the summary says which one ran),
# MCP_NATIVE_ADAPTER_TESTS_DIR (optional: the adapter's tests/ folder taken from elsewhere, e.g. a git
# checkout of the same version, for an adapter tree without one: a release ZIP or a vendored copy).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf '[test-adapter] %s\n' "$*" >&2; }
die() { printf '[test-adapter] ERROR: %s\n' "$*" >&2; exit 1; }

if [ -z "${MCP_NATIVE_ADAPTER_DIR:-}" ]; then
    printf '[test-adapter] SKIPPED: MCP_NATIVE_ADAPTER_DIR is not set. This suite needs a checkout of the\n' >&2
    printf '[test-adapter] official adapter (git clone https://github.com/WordPress/mcp-adapter; never committed\n' >&2
    printf '[test-adapter] here), which CI cannot fetch; CI tests the accelerator against the fakes in\n' >&2
    printf '[test-adapter] tests/php/wp/fake-adapter (scripts/test-wp.sh). Example:\n' >&2
    printf '[test-adapter]   MCP_NATIVE_ADAPTER_DIR=/path/to/mcp-adapter make test-adapter\n' >&2
    exit 0
fi
ADAPTER="$(cd "$MCP_NATIVE_ADAPTER_DIR" 2>/dev/null && pwd)" || die "MCP_NATIVE_ADAPTER_DIR=$MCP_NATIVE_ADAPTER_DIR is not a directory"
case "$ADAPTER/" in "$ROOT"/*) die "the adapter checkout must live outside this repository (it is never committed)";; esac
TESTS_DIR="$ADAPTER/tests"
if [ -n "${MCP_NATIVE_ADAPTER_TESTS_DIR:-}" ]; then
    TESTS_DIR="$(cd "$MCP_NATIVE_ADAPTER_TESTS_DIR" 2>/dev/null && pwd)" || die "MCP_NATIVE_ADAPTER_TESTS_DIR=$MCP_NATIVE_ADAPTER_TESTS_DIR is not a directory"
    case "$TESTS_DIR/" in "$ROOT"/*) die "the adapter's tests must live outside this repository (they are never committed)";; esac
fi
MCP_SCHEMA=""
if [ -n "${MCP_NATIVE_MCP_SCHEMA_DIR:-}" ]; then
    MCP_SCHEMA="$(cd "$MCP_NATIVE_MCP_SCHEMA_DIR" 2>/dev/null && pwd)" || die "MCP_NATIVE_MCP_SCHEMA_DIR=$MCP_NATIVE_MCP_SCHEMA_DIR is not a directory"
    case "$MCP_SCHEMA/" in "$ROOT"/*) die "the php-mcp-schema copy must live outside this repository (it is never committed)";; esac
fi

bash scripts/install-deps.sh
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh
# shellcheck source=scripts/adapter-stack.sh
source scripts/adapter-stack.sh
PHPUNIT="$(command -v phpunit || true)"
[ -n "$PHPUNIT" ] || die "phpunit not found (scripts/install-deps.sh installs Debian's phpunit)"
if [ -n "$MCP_SCHEMA" ]; then
    adapter_mcp_schema_check "$MCP_SCHEMA" || die "MCP_NATIVE_MCP_SCHEMA_DIR: see above"
    SCHEMA_KIND=real
    SCHEMA_DESC="wordpress/php-mcp-schema $(adapter_mcp_schema_version "$MCP_SCHEMA") (the real package, from $MCP_SCHEMA)"
else
    SCHEMA_KIND=standin
    SCHEMA_DESC="the stand-in tests/adapter/standin/McpSchema.php (set MCP_NATIVE_MCP_SCHEMA_DIR for the real package)"
fi

RUN="$ROOT/.test-run/adapter"
SITE="$RUN/site"
MODES="${MCP_NATIVE_ADAPTER_MODES:-native fallback}"
mkdir -p "$RUN"
exec 8>"$RUN/.lock"
flock -w 900 8 || die "another scripts/test-adapter.sh held the lock for 15 minutes"
wp_stop_site_on_exit "$SITE"

wp_site_create "$SITE" mcpnative_adapter "http://127.0.0.1:$(wp_free_port)" "$ROOT/tests/adapter/site/abilities.php"
VERSION="$(adapter_install "$SITE" "$ADAPTER" ${MCP_SCHEMA:+"$MCP_SCHEMA"})" || die "the adapter could not be installed into the test site"
REV="$(git -C "$ADAPTER" describe --tags --always 2>/dev/null || echo 'not a git checkout')"
APP_PASSWORD="$(wp_app_password "$SITE" admin test-adapter)"
log "adapter $VERSION ($REV) from $ADAPTER"
log "WP\\McpSchema: $SCHEMA_DESC"

SUMMARY="$RUN/summary.md"
{
    printf '# test-adapter: MCP Adapter %s (%s), %s\n\n' "$VERSION" "$REV" "$(date -u +%Y-%m-%dT%H:%MZ)"
    printf 'WP\\McpSchema classes: %s\n\n' "$SCHEMA_DESC"
    if [ "$TESTS_DIR" != "$ADAPTER/tests" ]; then
        printf 'The adapter'"'"'s unit tests from %s (%s), not from the adapter tree\n\n' "$TESTS_DIR" \
            "$(git -C "$TESTS_DIR" describe --tags --always 2>/dev/null || echo 'not a git checkout')"
    fi
} > "$SUMMARY"
failed=0
fail() { printf '[test-adapter] FAILED: %s\n' "$*" >&2; printf -- '- FAILED: %s\n' "$*" >> "$SUMMARY"; failed=1; }

ext_args() { # MODE -> php arguments
    case "$1" in
        native) [ -f "$EXT_SO" ] || die "$EXT_SO does not exist (make build), or set MCP_NATIVE_ADAPTER_MODES=fallback"
                printf -- '-d\nextension=%s\n' "$EXT_SO" ;;
        fallback) ;;
        *) die "unknown mode '$1' (native|fallback)" ;;
    esac
}

# ------------------------------------------------------------------ 1. the adapter's own unit tests
TESTS=()
for name in SchemaTransformerTest AbilityArgumentNormalizerTest; do
    f="$(find "$TESTS_DIR" -name "$name.php" -path '*Unit*' 2>/dev/null | head -n 1 || true)"
    [ -n "$f" ] && TESTS+=("$f")
done
printf '## 1. The adapter'"'"'s own unit tests of the replaced classes\n\n' >> "$SUMMARY"
if [ "${#TESTS[@]}" = 0 ]; then
    fail "no SchemaTransformerTest/AbilityArgumentNormalizerTest under $TESTS_DIR (a git archive or release ZIP drops tests/: use a git checkout, or name its tests/ in MCP_NATIVE_ADAPTER_TESTS_DIR)"
else
    {
        printf '<?xml version="1.0" encoding="UTF-8"?>\n<phpunit bootstrap="%s" colors="false" beStrictAboutTestsThatDoNotTestAnything="true" convertDeprecationsToExceptions="true" convertErrorsToExceptions="true" convertNoticesToExceptions="true" convertWarningsToExceptions="true" cacheResult="false">\n<testsuites><testsuite name="adapter">\n' "$ROOT/tests/adapter/unit-bootstrap.php"
        for f in "${TESTS[@]}"; do printf '<file>%s</file>\n' "$f"; done
        printf '</testsuite></testsuites>\n</phpunit>\n'
    } > "$RUN/phpunit.xml"
    printf '| classes under test | PHP | passed | failed | errors |\n|---|---|---|---|---|\n' >> "$SUMMARY"
    for run in "plain fallback" $(for m in $MODES; do printf 'accelerated:%s ' "$m"; done); do
        layer="${run%%[: ]*}"; mode="${run##*[: ]}"
        mapfile -t ext < <(ext_args "$mode")
        accel=0; [ "$layer" = accelerated ] && accel=1
        junit="$RUN/unit-$layer-$mode.xml"; rm -f "$junit"
        set +e
        MCPN_SITE="$SITE" MCPN_ADAPTER_TESTS_DIR="$TESTS_DIR" MCPN_ADAPTER_ACCELERATE="$accel" MCPN_CLASS_REPORT="$RUN/unit-$layer-$mode.classes.json" \
            timeout -k 5 300 "$PHP" "${ext[@]}" "$PHPUNIT" -c "$RUN/phpunit.xml" --log-junit "$junit" > "$RUN/unit-$layer-$mode.log" 2>&1
        set -e
        if [ ! -s "$junit" ]; then
            fail "unit tests ($layer, $mode) did not run: see $RUN/unit-$layer-$mode.log"; tail -n 20 "$RUN/unit-$layer-$mode.log" >&2; continue
        fi
        read -r tests failures errors < <(python3 -c '
import sys, xml.etree.ElementTree as E
s = E.parse(sys.argv[1]).getroot().find("testsuite")
print(s.get("tests"), s.get("failures"), s.get("errors"))' "$junit")
        passed=$((tests - failures - errors))
        who="the adapter's own"; [ "$layer" = accelerated ] && who="MCP Native's"
        php_mode="PHP fallback"; [ "$mode" = native ] && php_mode="native extension"; [ "$layer" = plain ] && php_mode="(adapter PHP)"
        printf '| %s | %s | %d of %d | %d | %d |\n' "$who" "$php_mode" "$passed" "$tests" "$failures" "$errors" >> "$SUMMARY"
        log "unit tests, $who classes, $php_mode: $passed of $tests passed"
        if [ "$layer" = plain ] && [ "$passed" != "$tests" ]; then
            fail "the adapter's own classes fail its own tests ($passed of $tests): the harness is wrong"
        fi
        grep -E '^[0-9]+\) ' "$RUN/unit-$layer-$mode.log" | sed 's/^/    /' >> "$SUMMARY.failures-$layer-$mode" || true
    done
    # Which tests fail accelerated (expected: the documented differences only).
    for f in "$SUMMARY".failures-accelerated-*; do
        [ -s "$f" ] || continue
        printf '\nFailing against MCP Native (%s):\n\n' "${f##*-}" >> "$SUMMARY"
        sed 's/^ *//; s/^/- /' "$f" >> "$SUMMARY"
        while read -r line; do
            t="$(printf '%s' "$line" | sed -E 's/^ *[0-9]+\) //; s/.*:://')"
            grep -q -F "\"$t\"" tests/adapter/known-differences.json \
                || fail "unit test $t fails against MCP Native's classes and is not a documented difference"
        done < "$f"
    done
    rm -f "$SUMMARY".failures-*
fi

# ------------------------------------------------------------------ 2. the same MCP requests, diffed
# ------------------------------------------------------------------ 3. a Closure in a schema
printf '\n## 2. The same MCP requests without and with acceleration\n\n' >> "$SUMMARY"
CLOSURE_ROWS=""
for mode in $MODES; do
    serve=without-extension; [ "$mode" = native ] && serve=with-extension
    port="$(wp_free_port)"
    adapter_accelerate "$SITE" off; adapter_closure "$SITE" off
    MCP_NATIVE_REQUIRE="$mode" wp_site_serve "$SITE" "$port" "$serve"
    base="http://127.0.0.1:$port"
    python3 tests/adapter/mcp_exchange.py run "$base" admin "$APP_PASSWORD" "$RUN/http-plain-$mode.json" adapter "$SCHEMA_KIND" \
        || fail "requests to the plain adapter ($mode)"
    adapter_accelerate "$SITE" on
    python3 tests/adapter/mcp_exchange.py run "$base" admin "$APP_PASSWORD" "$RUN/http-accelerated-$mode.json" mcp-native "$SCHEMA_KIND" \
        || fail "requests to the accelerated adapter ($mode)"
    # A REST request that reaches no MCP route: the adapter alone builds its servers for it; accelerated, not.
    built() { curl -s -D - -o /dev/null --max-time 60 -u "admin:$APP_PASSWORD" "$base/wp-json/wp/v2/types/post" | tr -d '\r' | sed -n 's/^[Xx]-[Mm]cpn-[Aa]dapter-[Ii]nit: *//p'; }
    adapter_accelerate "$SITE" off; plain_built="$(built)"
    adapter_accelerate "$SITE" on; accel_built="$(built)"
    if [ "$plain_built" = 1 ] && [ "$accel_built" = 0 ]; then
        log "a non-MCP REST request ($mode): the adapter alone builds its servers, accelerated it does not"
        printf -- '- A non-MCP REST request (%s): servers built by the adapter alone: %s, accelerated: %s\n\n' "$mode" "$plain_built" "$accel_built" >> "$SUMMARY"
    else
        fail "a non-MCP REST request ($mode): servers built $plain_built times by the adapter alone, $accel_built accelerated (expected 1 and 0)"
    fi
    printf '### %s\n\n```\n' "$([ "$mode" = native ] && echo 'with the extension' || echo 'PHP fallback')" >> "$SUMMARY"
    if python3 tests/adapter/mcp_exchange.py diff "$RUN/http-plain-$mode.json" "$RUN/http-accelerated-$mode.json" \
        tests/adapter/known-differences.json >> "$SUMMARY"; then
        log "HTTP answers ($mode): every difference is documented"
    else
        fail "HTTP answers ($mode): undocumented differences (see $SUMMARY)"
    fi
    printf '```\n\n' >> "$SUMMARY"

    # 3. Accelerated first (the plain adapter may take the server's workers down).
    adapter_closure "$SITE" on
    rest="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 -u "admin:$APP_PASSWORD" "$base/wp-json/wp/v2/types/post" || true)"
    python3 tests/adapter/mcp_exchange.py run "$base" admin "$APP_PASSWORD" "$RUN/closure-accelerated-$mode.json" mcp-native "$SCHEMA_KIND" \
        || fail "requests with a Closure in a schema, accelerated ($mode)"
    listed="$(python3 tests/adapter/mcp_exchange.py tools "$RUN/closure-accelerated-$mode.json" custom | grep -c '^mcpn-adapter-closure-in-schema$' || true)"
    called="$(curl -s --max-time 60 -u "admin:$APP_PASSWORD" -H 'Content-Type: application/json' \
        -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' \
        -D "$RUN/closure-headers" -o /dev/null "$base/wp-json/mcpn-adapter/mcp"; \
        sid="$(grep -i '^mcp-session-id:' "$RUN/closure-headers" | tr -d '\r' | cut -d' ' -f2)"; \
        curl -s --max-time 60 -u "admin:$APP_PASSWORD" -H 'Content-Type: application/json' -H "Mcp-Session-Id: $sid" \
        -d '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mcpn-adapter-closure-in-schema","arguments":{"input":"  padded  "}}}' \
        "$base/wp-json/mcpn-adapter/mcp")"
    accel_ok=0
    if [ "$rest" = 200 ] && [ "$listed" = 1 ] && printf '%s' "$called" | grep -q '"isError":false' && printf '%s' "$called" | grep -q 'padded'; then
        accel_ok=1
    else
        fail "Closure in a schema, accelerated ($mode): REST $rest, tool listed $listed, call: ${called:0:300}"
    fi
    adapter_accelerate "$SITE" off
    plain_rest="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 -u "admin:$APP_PASSWORD" "$base/wp-json/wp/v2/types/post" || true)"
    plain_mcp="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 -u "admin:$APP_PASSWORD" -H 'Content-Type: application/json' \
        -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' \
        "$base/wp-json/mcpn-adapter/mcp" || true)"
    gone=""
    kill -0 "$(cat "$SITE/.mcp-native/server-$port.pid" 2>/dev/null || echo 0)" 2>/dev/null || gone="; the PHP server process died"
    if [ "$plain_rest" = 200 ]; then
        fail "Closure in a schema, plain adapter ($mode): the site answered 200: the crash this suite documents did not happen"
    fi
    answer() { [ "$1" = 000 ] && echo 'no answer (connection closed)' || echo "HTTP $1"; }
    CLOSURE_ROWS+="| $([ "$mode" = native ] && echo 'with the extension' || echo 'PHP fallback') | any REST request (GET /wp-json/wp/v2/types/post): $(answer "$plain_rest"); MCP initialize: $(answer "$plain_mcp")$gone | $([ "$accel_ok" = 1 ] && echo "GET: HTTP $rest; the tool is listed and tools/call answers isError false" || echo FAILED) |"$'\n'
    adapter_closure "$SITE" off
    wp_site_stop "$SITE" "$port"
done
printf '## 3. An ability with a Closure in its input schema\n\n| PHP | the adapter alone | accelerated |\n|---|---|---|\n%s\n' "$CLOSURE_ROWS" >> "$SUMMARY"

printf '\n' >&2
cat "$SUMMARY" >&2
[ "$failed" = 0 ] && log "PASSED (adapter $VERSION)" || log "FAILED (adapter $VERSION)"
exit "$failed"
