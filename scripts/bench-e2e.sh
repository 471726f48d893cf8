#!/usr/bin/env bash
# make bench-e2e: end-to-end speed at scale (issue 15). A benchmark, not a test: not part of CI.
#
# One WordPress site with 500 generated abilities (bench/e2e/generate.php: object, flattened,
# enum, nested schemas, annotations), served by nginx + php-fpm (opcache on, one php-fpm worker
# and one nginx worker per pool) in several pools side by side, each running one target
# (bench/e2e/site.php picks it from the pool's environment):
#
#   floor          neither MCP plugin active: GET /wp-json/wp/v2/types/post, authenticated (twice,
#                  in two pools: their ratio shows how far apart two identical targets measure)
#   floor-reg      the same request, plus the 500 abilities registered
#   ours           MCP Native, extension loaded: tools/list of its 500-tool server, tools/call
#                  of one tool; the plain REST request in a pool of its own (ours-rest)
#   ours-php       the same server on the PHP fallback (no extension): tools/list
#   ours-built     the same server with the extension and its worker cache turned off
#                  (mcp_native_cache_tool_list): a tools/list built on every request
#   ours-1         MCP Native, extension, one ability and a 1-tool server: the same tools/call
#   ours-1of500    MCP Native, extension, the 500 abilities registered and a 1-tool server: the
#                  same tools/call (what the call itself costs, core's registration aside)
#   adapter        the official adapter alone, a 500-tool server: tools/list, and the REST request
#                  in a pool of its own (adapter-rest)
#   adapter-accel  the same adapter accelerated by MCP Native (extension): the same two requests
#                  (accel-rest)
#
# The adapter pools need MCP_NATIVE_ADAPTER_DIR (a checkout of github.com/WordPress/mcp-adapter,
# never committed here; installed with scripts/adapter-stack.sh and the WP\McpSchema stand-in of
# tests/adapter/standin/). Without it those rows say they were skipped, and why.
#
# bench/e2e/driver.py measures: every target is checked once, then BENCH_E2E_RUNS runs (default 3)
# of BENCH_E2E_ROUNDS rounds (default 40); a round sends one request to every target, in an order
# shuffled per round, BENCH_E2E_GAP_MS (default 25) apart; a
# ratio is the median over the rounds of a run of the per-round ratio, and the table shows the
# median of the runs. The whole measurement stops at BENCH_E2E_MAX_SECONDS (default 420).
# Results: .test-run/bench-e2e/results.md and results.json.
#
# Environment: MCP_NATIVE_ADAPTER_DIR, EXT_SO, BENCH_E2E_RUNS, BENCH_E2E_ROUNDS, BENCH_E2E_WARMUP, BENCH_E2E_GAP_MS
# (default 5 rounds), BENCH_E2E_MAX_SECONDS, BENCH_E2E_ABILITIES (default 500).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf '[bench-e2e] %s\n' "$*" >&2; }
die() { printf '[bench-e2e] ERROR: %s\n' "$*" >&2; exit 1; }

RUNS="${BENCH_E2E_RUNS:-3}"
ROUNDS="${BENCH_E2E_ROUNDS:-40}"
WARMUP="${BENCH_E2E_WARMUP:-5}"
GAP_MS="${BENCH_E2E_GAP_MS:-25}"
MAX_S="${BENCH_E2E_MAX_SECONDS:-420}"
COUNT="${BENCH_E2E_ABILITIES:-500}"
for v in RUNS ROUNDS WARMUP GAP_MS MAX_S COUNT; do
    [[ "${!v}" =~ ^[0-9]+$ ]] && [ "${!v}" -gt 0 ] || [ "$v" = WARMUP ] || [ "$v" = GAP_MS ] || die "$v must be a positive whole number (got '${!v}')"
done

bash scripts/install-deps.sh
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh
# shellcheck source=scripts/adapter-stack.sh
source scripts/adapter-stack.sh
[ -f "$EXT_SO" ] || die "$EXT_SO does not exist (make build)"

ADAPTER=""
ADAPTER_SKIP=""
if [ -z "${MCP_NATIVE_ADAPTER_DIR:-}" ]; then
    ADAPTER_SKIP="skipped: MCP_NATIVE_ADAPTER_DIR is not set (a checkout of github.com/WordPress/mcp-adapter, never committed here)"
else
    ADAPTER="$(cd "$MCP_NATIVE_ADAPTER_DIR" 2>/dev/null && pwd)" || die "MCP_NATIVE_ADAPTER_DIR=$MCP_NATIVE_ADAPTER_DIR is not a directory"
    case "$ADAPTER/" in "$ROOT"/*) die "the adapter checkout must live outside this repository (it is never committed)";; esac
fi

RUN="$ROOT/.test-run/bench-e2e"
SITE="$RUN/site"
mkdir -p "$RUN"
exec 8>"$RUN/.lock"
flock -w 600 8 || die "another scripts/bench-e2e.sh held the lock for 10 minutes"
wp_stop_site_on_exit "$SITE"

ABILITIES="$RUN/abilities-$COUNT.php"
"$PHP" bench/e2e/generate.php "$ABILITIES" "$COUNT"
WP_STACK_SITE_TITLE="mcp-native bench-e2e" wp_site_create "$SITE" mcpnative_bench "http://127.0.0.1:$(wp_free_port)" "$ROOT/bench/e2e/site.php"
ADAPTER_VERSION=""
if [ -n "$ADAPTER" ]; then
    ADAPTER_VERSION="$(adapter_install "$SITE" "$ADAPTER")" || die "the adapter could not be installed into the bench site"
    ADAPTER_REV="$(git -C "$ADAPTER" describe --tags --always 2>/dev/null || echo 'no git metadata')"
    log "adapter $ADAPTER_VERSION ($ADAPTER_REV) from $ADAPTER"
fi
PASSWORD="$(wp_app_password "$SITE" admin bench-e2e)"
AUTH="Basic $(printf 'admin:%s' "$PASSWORD" | base64 -w0)"

# serve VARIANT with-extension|without-extension NAME [VAR=value...]: one pool (one php-fpm worker,
# one nginx worker) whose environment picks the target; its port goes to PORT[NAME].
declare -A PORT=()
serve() {
    local variant="$1" mode="$2" name="$3"; shift 3
    local port; port="$(wp_free_port)"
    ( [ "$#" = 0 ] || export "$@"
      export MCPN_BENCH_VARIANT="$variant" MCPN_BENCH_ABILITIES="$ABILITIES" WP_STACK_FPM_WORKERS=1 WP_STACK_NGINX_WORKERS=1
      wp_site_serve "$SITE" "$port" "$mode" nginx ) || die "the $name pool did not start"
    PORT[$name]="$port"
}
serve floor without-extension floor
serve floor without-extension floor-again   # the same target twice: how far apart two pools measure
serve floor-reg without-extension floor-reg
serve ours with-extension ours MCP_NATIVE_REQUIRE=native
serve ours without-extension ours-php MCP_NATIVE_REQUIRE=fallback
serve ours with-extension ours-built MCP_NATIVE_REQUIRE=native MCPN_BENCH_LIST_CACHE=off
serve ours-1 with-extension ours-1 MCP_NATIVE_REQUIRE=native
serve ours-1of500 with-extension ours-1of500 MCP_NATIVE_REQUIRE=native
# The non-MCP REST requests get pools of their own: a worker that just served a 500-tool list is
# not the state a site's ordinary requests run in.
serve ours with-extension ours-rest MCP_NATIVE_REQUIRE=native
if [ -n "$ADAPTER" ]; then
    serve adapter without-extension adapter
    serve adapter-accel with-extension adapter-accel MCP_NATIVE_REQUIRE=native MCPN_ADAPTER_ACCELERATE=1
    serve adapter without-extension adapter-rest
    serve adapter-accel with-extension accel-rest MCP_NATIVE_REQUIRE=native MCPN_ADAPTER_ACCELERATE=1
fi

REST=/wp-json/wp/v2/types/post
LIST='{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}'
CALL='{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bench-ping","arguments":{"text":"hello"}}}'
export BENCH_AUTH="$AUTH" BENCH_RUNS="$RUNS" BENCH_ROUNDS="$ROUNDS" BENCH_WARMUP="$WARMUP" BENCH_GAP_MS="$GAP_MS" BENCH_MAX_S="$MAX_S" \
    BENCH_REST="$REST" BENCH_LIST="$LIST" BENCH_CALL="$CALL" BENCH_COUNT="$COUNT" BENCH_ADAPTER="$ADAPTER"
export BENCH_PORTS; BENCH_PORTS="$(for k in "${!PORT[@]}"; do printf '%s=%s\n' "$k" "${PORT[$k]}"; done)"
python3 - "$RUN/config.json" <<'PY'
import json, os, sys
E = os.environ
port = dict(l.split("=") for l in E["BENCH_PORTS"].split())
n = int(E["BENCH_COUNT"])
# The variant each pool runs (bench/e2e/site.php), which its answers must name, with opcache on.
variant = {"floor": "floor", "floor-again": "floor", "floor-reg": "floor-reg", "ours": "ours", "ours-php": "ours", "ours-built": "ours",
           "ours-1": "ours-1", "ours-1of500": "ours-1of500", "ours-rest": "ours", "adapter": "adapter", "adapter-rest": "adapter",
           "adapter-accel": "adapter-accel", "accel-rest": "adapter-accel"}
def bench_header(pool):
    return {"x-mcpn-bench": variant[pool] + " opcache=on"}
def rest(name, pool):
    return {"name": name, "port": int(port[pool]), "path": E["BENCH_REST"], "body": None, "expect": '"slug":"post"', "headers": bench_header(pool)}
def mcp(name, pool, ns, body, expect, tools=None):
    t = {"name": name, "port": int(port[pool]), "path": f"/wp-json/{ns}/mcp", "body": body, "mcp": True, "expect": expect, "headers": bench_header(pool)}
    if tools is not None:
        t["tools"] = tools
    return t
def with_headers(t, more):
    return dict(t, headers=dict(t["headers"], **more))
targets = [
    rest("floor", "floor"),
    rest("floor-again", "floor-again"),
    rest("floor-reg", "floor-reg"),
    # A cached list goes gzip to a client that takes it (Transport\GzipBody); the same list to one that does not.
    with_headers(mcp("ours-list", "ours", "mcp-native-bench", E["BENCH_LIST"], '"tools"', n), {"content-encoding": "gzip"}),
    dict(with_headers(mcp("ours-plain-list", "ours", "mcp-native-bench", E["BENCH_LIST"], '"tools"', n), {"content-encoding": None}), gzip=False),
    mcp("ours-php-list", "ours-php", "mcp-native-bench", E["BENCH_LIST"], '"tools"', n),
    mcp("ours-built-list", "ours-built", "mcp-native-bench", E["BENCH_LIST"], '"tools"', n),
    mcp("ours-call", "ours", "mcp-native-bench", E["BENCH_CALL"], '"isError":false'),
    mcp("ours1-call", "ours-1", "mcp-native-bench", E["BENCH_CALL"], '"isError":false'),
    mcp("ours1of500-call", "ours-1of500", "mcp-native-bench", E["BENCH_CALL"], '"isError":false'),
    rest("ours-rest", "ours-rest"),
]
F = "floor (plain authenticated REST request)"
R = "floor + registration"
ratios = [
    {"label": "the floor again, in another pool (the noise of this measurement)", "num": "floor-again", "den": "floor", "baseline": F},
    {"label": "floor + registering the abilities", "num": "floor-reg", "den": "floor", "baseline": F},
    {"label": "our tools/list, extension", "num": "ours-list", "den": "floor", "baseline": F},
    {"label": "our tools/list, extension", "num": "ours-list", "den": "floor-reg", "baseline": R, "target": "≤ 1.15"},
    {"label": "our tools/list, extension, a client that does not accept gzip", "num": "ours-plain-list", "den": "floor-reg", "baseline": R},
    {"label": "our tools/list, extension, built on every request (worker cache off)", "num": "ours-built-list", "den": "floor-reg", "baseline": R},
    {"label": "our tools/list, PHP fallback", "num": "ours-php-list", "den": "floor", "baseline": F},
    {"label": "our tools/list, PHP fallback", "num": "ours-php-list", "den": "floor-reg", "baseline": R},
    {"label": "our tools/call, 500 registered vs a 1-tool server", "num": "ours-call", "den": "ours1-call", "baseline": "the same call on a 1-tool server (1 ability registered)", "target": "≤ 1.05"},
    {"label": "our tools/call, 500-tool server vs a 1-tool server, 500 registered on both", "num": "ours-call", "den": "ours1of500-call", "baseline": "the same call on a 1-tool server (500 registered)", "target": "≤ 1.05"},
    {"label": "a 1-tool server's tools/call, 500 registered vs 1", "num": "ours1of500-call", "den": "ours1-call", "baseline": "the same call on a 1-tool server (1 ability registered)"},
    {"label": "non-MCP REST request, MCP Native active", "num": "ours-rest", "den": "floor", "baseline": F},
]
if E["BENCH_ADAPTER"]:
    # Each pool must run what it claims (headers of tests/adapter/site/00-adapter-standin.php):
    # which SchemaTransformer served the list, whether the REST request built the adapter's servers.
    targets += [
        with_headers(mcp("adapter-list", "adapter", "mcp-adapter-bench", E["BENCH_LIST"], '"tools"', n), {"x-mcpn-schema-layer": "adapter"}),
        with_headers(mcp("accel-list", "adapter-accel", "mcp-adapter-bench", E["BENCH_LIST"], '"tools"', n), {"x-mcpn-schema-layer": "mcp-native"}),
        with_headers(rest("adapter-rest", "adapter-rest"), {"x-mcpn-adapter-init": "1"}),
        with_headers(rest("accel-rest", "accel-rest"), {"x-mcpn-adapter-init": "0"}),
    ]
    A = "the plain adapter's tools/list"
    ratios += [
        {"label": "adapter tools/list", "num": "adapter-list", "den": "floor", "baseline": F},
        {"label": "accelerated adapter tools/list", "num": "accel-list", "den": "floor", "baseline": F},
        {"label": "accelerated adapter tools/list", "num": "accel-list", "den": "adapter-list", "baseline": A, "target": "≤ 0.75"},
        {"label": "our tools/list, extension", "num": "ours-list", "den": "adapter-list", "baseline": A},
        {"label": "our tools/list, PHP fallback", "num": "ours-php-list", "den": "adapter-list", "baseline": A, "target": "≤ 1.00"},
        {"label": "non-MCP REST request, adapter active", "num": "adapter-rest", "den": "floor", "baseline": F},
        {"label": "non-MCP REST request, adapter accelerated", "num": "accel-rest", "den": "floor", "baseline": F, "target": "≤ 1.05"},
    ]
json.dump({"auth": E["BENCH_AUTH"], "runs": int(E["BENCH_RUNS"]), "rounds": int(E["BENCH_ROUNDS"]),
           "warmup": int(E["BENCH_WARMUP"]), "gap_ms": int(E["BENCH_GAP_MS"]), "max_seconds": int(E["BENCH_MAX_S"]),
           "targets": targets, "ratios": ratios}, open(sys.argv[1], "w"), indent=1)
PY

log "measuring: $RUNS runs × $ROUNDS rounds (cap ${MAX_S} s)"
T0=$SECONDS
nice -n 0 python3 bench/e2e/driver.py "$RUN/config.json" "$RUN/results.json"
log "measured in $(( SECONDS - T0 )) s"

for f in "$SITE/.mcp-native/php-errors.log" "$SITE/.mcp-native/debug.log"; do
    if [ -f "$f" ] && grep -qE 'PHP (Fatal error|Parse error)|Uncaught' "$f"; then
        grep -hE 'PHP (Fatal error|Parse error)|Uncaught' "$f" | sort | uniq -c | head -n 5 >&2
        die "PHP fatal errors were logged while serving ($f)"
    fi
done

ADAPTER_LINE="adapter rows: $ADAPTER_SKIP"
[ -n "$ADAPTER" ] && ADAPTER_LINE="official adapter $ADAPTER_VERSION ($ADAPTER_REV), its WP\\McpSchema DTOs from the stand-in tests/adapter/standin/"
export BENCH_HEAD; BENCH_HEAD="$(printf '%s\n' \
    "bench-e2e: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)), $(uname -r)" \
    "WordPress $(sed -n "s/^\$wp_version = '\([^']*\)';/\1/p" "$SITE/wp-includes/version.php"), PHP $("$PHP" -r 'echo PHP_VERSION;') (php-fpm, opcache on), nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'), mcp_native $("$PHP" -d "extension=$EXT_SO" -r 'echo \McpNative\version();') @ $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- wp-plugin src || echo '+changes')" \
    "$COUNT generated abilities; one php-fpm worker per pool; $ADAPTER_LINE")"
export BENCH_ADAPTER_SKIP="$ADAPTER_SKIP"
python3 - "$RUN/results.json" <<'PY' | tee "$RUN/results.md"
import json, os, sys
r = json.load(open(sys.argv[1]))
print(os.environ["BENCH_HEAD"])
print(f"runs: {len(r['rounds_per_run'])} × rounds {r['rounds_per_run']}" + (" (stopped by the time cap)" if r["stopped_by_time_cap"] else ""))
print()
print("| what | baseline (1.00) | ratio | per run | target |")
print("|---|---|---:|---|---|")
for x in r["ratios"]:
    print(f"| {x['label']} | {x['baseline']} | {x['value']:.2f} | {' / '.join(f'{v:.2f}' for v in x['per_run'])} | {x.get('target', '')} |")
skip = os.environ.get("BENCH_ADAPTER_SKIP")
if skip:
    for label in ("adapter tools/list", "accelerated adapter tools/list", "our tools/list (extension, PHP fallback) vs the adapter's",
                  "non-MCP REST request, adapter active", "non-MCP REST request, adapter accelerated"):
        print(f"| {label} | | {skip} | | |")
print()
print("| request | median ms | response bytes |")
print("|---|---:|---:|")
for k, v in r["median_ms"].items():
    print(f"| {k} | {v:.1f} | {r['bytes'][k]} |")
PY
log "results in $RUN/results.md and results.json"
