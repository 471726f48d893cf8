#!/usr/bin/env bash
# scripts/load.sh: load test of the plugin on nginx + php-fpm (issue 5).
#
# A fresh WordPress 7.1 site (.test-run/load/site, database mcpnative_load) with the fixture
# tests/load/load-abilities.php: one ability, load/work, served three ways:
#   mcp     tools/call of the direct tool `load-work` on the custom server /wp-json/mcp-native-load/mcp,
#           with a valid session (initialize + notifications/initialized first);
#   rest    the Abilities API's own REST route /wp-json/wp-abilities/v1/abilities/load/work/run;
#   bare    a bare REST route (/wp-json/mcp-native-load/v1/work) calling the same PHP function:
#           WordPress + REST + authentication + the work, the floor every request sits on.
# All authenticate with the same application password (Basic auth). The site is served by nginx +
# php-fpm (scripts/wp-stack.sh, static pool) on 127.0.0.1, once without and once with the extension.
#
# The load tool is wrk (Debian package, scripts/install-deps.sh load) with tests/load/count.lua: LOAD_REQUESTS
# requests at concurrency LOAD_CONCURRENCY, bounded in count (each wrk thread stops after its share)
# and in time (LOAD_MAX_SECONDS per run). Every response is checked: HTTP 200, the expected member
# in the body, no "error" in it. Any error (non-200, error body, socket error or timeout) fails the
# script; a run that hits the time cap before its count is reported (table, warning), not failed.
# php-fpm workers' RSS is measured after a warm-up and after the run.
#
# Streaming (issue 14): "mcp tools/call, streamed" calls load/stream with a progressToken and a log
# level, so every answer is an SSE stream (5 progress events, a log line, the result last: each
# body is checked for them). Meanwhile LOAD_ABANDONED calls of load/until-cancelled (which only
# a closed stream ends, else after 300 s) are given up by their client (curl --max-time) once the
# stream has opened. After the run every php-fpm worker must be idle within 10 s (the pool's status
# page, /fpm-status) and a tools/call must be answered within 2 s: no worker stays stuck.
#
# Output: a table on stdout, also in .test-run/load/results.md and results.json.
#
# Environment:
#   LOAD_REQUESTS       requests per MCP run (default 10000)
#   LOAD_FLOOR_REQUESTS requests per floor run (rest, bare; default LOAD_REQUESTS / 4)
#   LOAD_CONCURRENCY    connections (default 16)      LOAD_THREADS  wrk threads (default 2)
#   LOAD_WARMUP         warm-up requests before each measured run (default LOAD_REQUESTS / 20, 20..200)
#   LOAD_MAX_SECONDS    time cap of one measured run (default 150)
#   LOAD_MODES          default "without-extension with-extension"
#   LOAD_REQUIRE_EXT=1  fail instead of skipping the with-extension run when $EXT_SO is missing
#   LOAD_FLOORS         floors to measure (default "rest bare"; "" for none)
#   LOAD_STREAM_REQUESTS requests of the streamed run (default LOAD_REQUESTS / 4)
#   LOAD_ABANDONED      calls a client gives up on mid-stream during the streamed run (default 8)
#   WP_STACK_FPM_WORKERS php-fpm static pool size (default 4)
#   LOAD_KEEP_MARIADB=1 leave MariaDB running even if this script started it
#
# Bounded form for `make test`: LOAD_REQUESTS=1000 bash scripts/load.sh
# Runtimes (2 cores): default about 4 min on an idle machine (10 000 MCP calls per mode at
# ~100 req/s); 11 min measured while other builds shared the CPUs (~40 req/s). Bounded: about 1-2 min.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[load %s] %s\n' "$(date -u +%T)" "$*" >&2; }
die() { printf '[load] ERROR: %s\n' "$*" >&2; exit 1; }

N="${LOAD_REQUESTS:-10000}"
FLOOR_N="${LOAD_FLOOR_REQUESTS:-$(( N / 4 ))}"
CONC="${LOAD_CONCURRENCY:-16}"
THREADS="${LOAD_THREADS:-2}"
WARMUP="${LOAD_WARMUP:-$(( N / 20 < 20 ? 20 : (N / 20 > 200 ? 200 : N / 20) ))}"
MAX_S="${LOAD_MAX_SECONDS:-150}"
MODES="${LOAD_MODES:-without-extension with-extension}"
FLOORS="${LOAD_FLOORS-rest bare}"
STREAM_N="${LOAD_STREAM_REQUESTS:-$(( N / 4 ))}"
ABANDONED="${LOAD_ABANDONED:-8}"
export WP_STACK_FPM_WORKERS="${WP_STACK_FPM_WORKERS:-4}"
for v in N FLOOR_N STREAM_N ABANDONED CONC THREADS WARMUP MAX_S; do
    [[ "${!v}" =~ ^[0-9]+$ ]] || die "$v must be a whole number (got '${!v}')"
done
[ "$N" -ge "$THREADS" ] && [ "$CONC" -ge "$THREADS" ] || die "LOAD_REQUESTS and LOAD_CONCURRENCY must be >= LOAD_THREADS"

bash scripts/install-deps.sh wp load
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh

RUN="$ROOT/.test-run/load"
SITE="$RUN/site"
LUA="$ROOT/tests/load/count.lua"
FIXTURE="$ROOT/tests/load/load-abilities.php"
mkdir -p "$RUN"

cleanup() {
    local rc=$?
    set +e
    wp_site_stop "$SITE" 2>/dev/null
    if [ "${WP_STACK_STARTED_MARIADB:-0}" = 1 ] && [ "${LOAD_KEEP_MARIADB:-0}" != 1 ]; then wp_db_stop; fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

T0=$SECONDS
log "creating the site"
port="$(wp_free_port)"
WP_STACK_SITE_TITLE="mcp-native load test" wp_site_create "$SITE" mcpnative_load "http://127.0.0.1:$port" "$FIXTURE"
user="$(wp_site_env "$SITE" WP_ADMIN_USER)"
pass="$(wp_app_password "$SITE" "$user" load)"
[ -n "$pass" ] || die "no application password"
AUTH="Authorization: Basic $(printf '%s:%s' "$user" "$pass" | base64 -w0)"
PROTO=2025-11-25

# Same input everywhere: the MCP tool (object schema, no wrapping), the Abilities REST route
# ({"input": …}) and the bare route (the object itself).
INPUT='{"text":"the quick brown fox jumps over the lazy dog again and again","rounds":10}'
printf '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"load-work","arguments":%s}}' "$INPUT" > "$RUN/body-mcp.json"
printf '{"input":%s}' "$INPUT" > "$RUN/body-rest.json"
printf '%s' "$INPUT" > "$RUN/body-bare.json"
printf '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"load-stream","arguments":%s,"_meta":{"progressToken":"load"}}}' "$INPUT" > "$RUN/body-stream.json"
printf '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"load-until-cancelled","arguments":{}}}' > "$RUN/body-until-cancelled.json"

# fpm_rss PORT → "sum_kib max_kib workers" of the pool's worker processes.
fpm_rss() {
    local master; master="$(cat "$SITE/.mcp-native/fpm-$1.run.pid" 2>/dev/null || true)"
    [ -n "$master" ] || { echo "0 0 0"; return; }
    local pids; pids="$(pgrep -P "$master" | tr '\n' ',' | sed 's/,$//')"
    [ -n "$pids" ] || { echo "0 0 0"; return; }
    ps -o rss= -p "$pids" | awk '{s+=$1; if ($1>m) m=$1; n++} END {printf "%d %d %d\n", s, m, n}'
}

# wrk_run URL BODY_FILE EXPECT COUNT [extra wrk args...] → the LOAD_RESULT line (+ LOAD_SAMPLE), with
# wall_us=… appended: from wrk's start to the moment its last thread completed its share.
wrk_run() {
    local url="$1" body="$2" expect="$3" count="$4"; shift 4
    local per=$(( (count + THREADS - 1) / THREADS ))
    local conc="$CONC"; [ "$conc" -gt "$count" ] && conc="$count"
    [ "$conc" -lt "$THREADS" ] && conc="$THREADS"
    local done_dir; done_dir="$(mktemp -d "$RUN/wrk-done.XXXXXX")"
    local out="$done_dir.out" start_ns; start_ns="$(date +%s%N)"
    LOAD_BODY_FILE="$body" LOAD_PER_THREAD="$per" LOAD_EXPECT="$expect" LOAD_DONE_DIR="$done_dir" LOAD_THREADS="$THREADS" \
        timeout --kill-after=5 $(( MAX_S + 30 )) \
        wrk -t "$THREADS" -c "$conc" -d "${MAX_S}s" --timeout 10s -s "$LUA" -H "$AUTH" "$@" "$url" > "$out" 2>&1 &
    local pid=$!
    # wrk's main thread sleeps for all of -d: the Lua script interrupts it when every thread is
    # done; should that signal get lost, interrupt it from here (timeout forwards SIGINT to wrk).
    local finished_at=""
    while kill -0 "$pid" 2>/dev/null; do
        if [ "$(find "$done_dir" -type f | wc -l)" -ge "$THREADS" ]; then
            [ -n "$finished_at" ] || finished_at=$SECONDS
            [ $(( SECONDS - finished_at )) -ge 2 ] && { kill -INT "$pid" 2>/dev/null || true; }
        fi
        sleep 0.2
    done
    wait "$pid" 2>/dev/null || true
    local end_ns; end_ns="$(cat "$done_dir"/thread-* 2>/dev/null | sort -n | tail -n 1)"
    local wall_us=0; [ -n "$end_ns" ] && wall_us=$(( (end_ns - start_ns) / 1000 ))
    grep -E '^LOAD_SAMPLE ' "$out" || true
    grep -E '^LOAD_RESULT ' "$out" | sed "s/\$/ wall_us=$wall_us/" || true
    rm -rf "$done_dir" "$out"
}

kv() { sed -n "s/.*[[:space:]]$2=\([0-9]*\).*/\1/p" <<<"$1"; }

# fpm_active BASE → the number of busy php-fpm workers (the status request itself is one), or "".
fpm_active() {
    curl -s --max-time 5 "$1/fpm-status?json" | sed -n 's/.*"active processes":\([0-9]*\).*/\1/p'
}

# abandon_calls URL SESSION COUNT DIR: COUNT calls of load/until-cancelled, two at a time, each given
# up by its client 1.5 s after it started (curl --max-time); DIR/N.out holds what each received.
abandon_calls() {
    local url="$1" sid="$2" count="$3" dir="$4" lane i
    for lane in 1 2; do
        (
            for (( i = lane; i <= count; i += 2 )); do
                curl -s -N -o "$dir/$i.out" --max-time 1.5 -H "$AUTH" -H 'Content-Type: application/json' \
                    -H 'Accept: application/json, text/event-stream' -H "Mcp-Session-Id: $sid" -H "MCP-Protocol-Version: $PROTO" \
                    --data-binary @"$RUN/body-until-cancelled.json" "$url" || true
            done
        ) &
    done
    wait
}

# no_stuck_workers MODE BASE URL SESSION STREAMED: every worker idle within 10 s, then a tools/call within 2 s.
no_stuck_workers() {
    local mode="$1" base="$2" url="$3" sid="$4" active="" waited=0 took
    while [ "$waited" -lt 50 ]; do
        active="$(fpm_active "$base")"
        [ "$active" = 1 ] && break
        sleep 0.2; waited=$(( waited + 1 ))
    done
    if [ "$active" != 1 ]; then
        log "$mode: STUCK WORKERS: $active php-fpm workers still busy 10 s after the streamed run"; failed=1
        return
    fi
    took="$(curl -s -o "$RUN/after-stream.json" -w '%{time_total}' --max-time 10 -H "$AUTH" -H 'Content-Type: application/json' \
        -H "Mcp-Session-Id: $sid" -H "MCP-Protocol-Version: $PROTO" --data-binary @"$RUN/body-mcp.json" "$url")"
    if ! grep -q '"isError":false' "$RUN/after-stream.json" || ! awk -v t="$took" 'BEGIN { exit !(t < 2) }'; then
        log "$mode: a tools/call after the streamed run took ${took}s: $(head -c 300 "$RUN/after-stream.json")"; failed=1
        return
    fi
    log "$mode: no stuck workers: all idle after $(awk -v w="$waited" 'BEGIN { printf "%.1f", w / 5 }') s, a tools/call then took ${took}s"
    STUCK_ROWS+=("| $mode | $ABANDONED ($5 after their stream had opened) | all idle after $(awk -v w="$waited" 'BEGIN { printf "%.1f", w / 5 }') s | ${took} s |")
}

declare -a ROWS=()
declare -a STUCK_ROWS=()
JSON_ROWS=()
failed=0
incomplete=0

# measure NAME MODE PORT URL BODY EXPECT COUNT [wrk args...]
measure() {
    local name="$1" mode="$2" port="$3" url="$4" body="$5" expect="$6" count="$7"; shift 7
    local warm before after out
    if [ "$WARMUP" -gt 0 ]; then
        warm="$(wrk_run "$url" "$body" "$expect" "$WARMUP" "$@")"
        # A thread stops after its share, but answers already in flight on its other connections
        # still arrive: more responses than asked for are fine, fewer (or any error) are not.
        if [ "$(kv "$warm" responses)" -lt "$(( (WARMUP + THREADS - 1) / THREADS * THREADS ))" ] || [ "$(kv "$warm" non200)" != 0 ] || [ "$(kv "$warm" badbody)" != 0 ]; then
            log "$name ($mode): warm-up failed: $warm"; failed=1
        fi
    fi
    before="$(fpm_rss "$port")"
    log "$name ($mode): $count requests at concurrency $CONC…"
    local t=$SECONDS
    out="$(wrk_run "$url" "$body" "$expect" "$count" "$@")"
    after="$(fpm_rss "$port")"
    local line; line="$(grep '^LOAD_RESULT' <<<"$out" || true)"
    if [ -z "$line" ]; then
        log "$name ($mode): wrk produced no result"; failed=1
        ROWS+=("| $name | $mode | $count | (no result) | | | | | |"); return
    fi
    local resp non200 bad dur p50 p99 sock wanted
    resp="$(kv "$line" responses)"; non200="$(kv "$line" non200)"; bad="$(kv "$line" badbody)"
    dur="$(kv "$line" duration_us)"; p50="$(kv "$line" p50_us)"; p99="$(kv "$line" p99_us)"
    sock=$(( $(kv "$line" connect) + $(kv "$line" read) + $(kv "$line" write) + $(kv "$line" timeout) ))
    wanted=$(( (count + THREADS - 1) / THREADS * THREADS ))
    local missing=$(( wanted > resp ? wanted - resp : 0 ))
    local errors=$(( non200 + bad + sock ))
    # Duration: until the last thread completed its share (wrk's own figure when the count was not reached).
    local wall; wall="$(kv "$line" wall_us)"
    [ "$missing" = 0 ] && [ -n "$wall" ] && [ "$wall" -gt 0 ] && dur="$wall"
    local rps; rps="$(awk -v r="$resp" -v d="$dur" 'BEGIN { printf "%.1f", (d > 0 ? r / (d / 1e6) : 0) }')"
    local p50ms p99ms; p50ms="$(awk -v v="$p50" 'BEGIN { printf "%.1f", v / 1000 }')"; p99ms="$(awk -v v="$p99" 'BEGIN { printf "%.1f", v / 1000 }')"
    read -r bs bm bn <<<"$before"; read -r as am an <<<"$after"
    local rss; rss="$(awk -v bs="$bs" -v as="$as" -v bm="$bm" -v am="$am" -v n="$an" 'BEGIN { printf "%.1f → %.1f MiB (max/worker %.1f → %.1f, %d workers)", bs/1024, as/1024, bm/1024, am/1024, n }')"
    local shown="$resp"; [ "$missing" -gt 0 ] && shown="$resp of $wanted (time cap ${MAX_S}s)"
    ROWS+=("| $name | $mode | $shown | $errors | $rps | $p50ms | $p99ms | $rss |")
    JSON_ROWS+=("{\"scenario\":\"$name\",\"mode\":\"$mode\",\"requests\":$resp,\"errors\":$errors,\"non2xx\":$non200,\"error_bodies\":$bad,\"socket_errors\":$sock,\"missing\":$missing,\"rps\":$rps,\"p50_ms\":$p50ms,\"p99_ms\":$p99ms,\"seconds\":$(( SECONDS - t )),\"fpm_rss_kib_before\":$bs,\"fpm_rss_kib_after\":$as,\"fpm_rss_max_kib_before\":$bm,\"fpm_rss_max_kib_after\":$am}")
    log "$name ($mode): $resp responses, $errors errors, $rps req/s, p50 $p50ms ms, p99 $p99ms ms, RSS $rss ($(( SECONDS - t )) s)"
    if [ "$errors" != 0 ]; then
        failed=1
        log "$name ($mode): $non200 non-200, $bad bad bodies, $sock socket errors"
        grep '^LOAD_SAMPLE' <<<"$out" | head -n 1 >&2 || true
    fi
    if [ "$missing" -gt 0 ]; then
        # A capacity statement, not an error: the machine could not serve the count within the cap.
        log "$name ($mode): WARNING: only $resp of $wanted requests completed within LOAD_MAX_SECONDS=${MAX_S}s"
        incomplete=1
    fi
}

ran=0
for mode in $MODES; do
    case "$mode" in
        with-extension)
            if [ ! -f "$EXT_SO" ]; then
                [ "${LOAD_REQUIRE_EXT:-0}" = 1 ] && die "LOAD_REQUIRE_EXT=1 but $EXT_SO does not exist (make build)"
                log "### SKIPPED: with-extension: $EXT_SO is missing (make build)"
                ROWS+=("| mcp tools/call | with-extension | skipped: no $EXT_SO | | | | | |")
                continue
            fi
            export MCP_NATIVE_REQUIRE=native; want=true ;;
        without-extension) export MCP_NATIVE_REQUIRE=fallback; want=false ;;
        *) die "unknown mode '$mode'" ;;
    esac
    port="$(wp_free_port)"
    base="http://127.0.0.1:$port"
    : > "$SITE/.mcp-native/debug.log"
    wp_site_serve "$SITE" "$port" "$mode" nginx
    runtime="$(curl -s --max-time 10 "$base/wp-json/mcp-native-load/v1/runtime" || true)"
    grep -q "\"extension_loaded\":$want" <<<"$runtime" || die "$mode: the site does not report extension_loaded=$want: $runtime"

    # A session for the MCP runs.
    mcp="$base/wp-json/mcp-native-load/mcp"
    hdr="$RUN/init-headers.txt"
    init="$(curl -s --max-time 10 -D "$hdr" -H "$AUTH" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
        -d "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"$PROTO\",\"capabilities\":{},\"clientInfo\":{\"name\":\"load.sh\",\"version\":\"1\"}}}" "$mcp")"
    sid="$(tr -d '\r' < "$hdr" | sed -n 's/^[Mm][Cc][Pp]-[Ss]ession-[Ii][Dd]: *//p' | head -n 1)"
    [ -n "$sid" ] || die "$mode: initialize gave no session: $init"
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "$AUTH" -H 'Content-Type: application/json' -H "Mcp-Session-Id: $sid" -H "MCP-Protocol-Version: $PROTO" \
        -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$mcp")"
    [ "$code" = 202 ] || die "$mode: notifications/initialized → HTTP $code"
    one="$(curl -s --max-time 10 -H "$AUTH" -H 'Content-Type: application/json' -H "Mcp-Session-Id: $sid" -H "MCP-Protocol-Version: $PROTO" --data-binary @"$RUN/body-mcp.json" "$mcp")"
    grep -q '"isError":false' <<<"$one" || die "$mode: a single tools/call failed: ${one:0:500}"

    measure "mcp tools/call" "$mode" "$port" "$mcp" "$RUN/body-mcp.json" '"isError":false' "$N" \
        -H "Mcp-Session-Id: $sid" -H "MCP-Protocol-Version: $PROTO"

    # Streamed answers (the session's log level lets the log line through), with abandoned calls alongside.
    curl -s -o /dev/null --max-time 10 -H "$AUTH" -H 'Content-Type: application/json' -H "Mcp-Session-Id: $sid" -H "MCP-Protocol-Version: $PROTO" \
        -d '{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"info"}}' "$mcp"
    gone="$RUN/abandoned-$mode"; rm -rf "$gone"; mkdir -p "$gone"
    abandon_calls "$mcp" "$sid" "$ABANDONED" "$gone" &
    abandon_pid=$!
    export LOAD_EXPECT_ALSO='"progressToken":"load","progress":5,'
    measure "mcp tools/call, streamed (SSE)" "$mode" "$port" "$mcp" "$RUN/body-stream.json" '"isError":false' "$STREAM_N" \
        -H "Mcp-Session-Id: $sid" -H "MCP-Protocol-Version: $PROTO"
    unset LOAD_EXPECT_ALSO
    wait "$abandon_pid" || true
    streamed="$( (grep -l '^:' "$gone"/*.out 2>/dev/null || true) | wc -l)"
    log "$mode: $ABANDONED calls abandoned mid-call, $streamed of them after their stream had opened"
    [ "$ABANDONED" = 0 ] || [ "$streamed" -gt 0 ] || { log "$mode: no abandoned call reached its stream: the scenario tested nothing"; failed=1; }
    no_stuck_workers "$mode" "$base" "$mcp" "$sid" "$streamed"

    # The floors do not involve the plugin's code path, so they are measured once (first mode).
    if [ "$ran" = 0 ]; then
        for floor in $FLOORS; do
            case "$floor" in
                rest) measure "abilities REST run (floor)" "$mode" "$port" "$base/wp-json/wp-abilities/v1/abilities/load/work/run" "$RUN/body-rest.json" '"digest":' "$FLOOR_N" ;;
                bare) measure "bare REST route (floor)" "$mode" "$port" "$base/wp-json/mcp-native-load/v1/work" "$RUN/body-bare.json" '"digest":' "$FLOOR_N" ;;
                *) die "unknown floor '$floor'" ;;
            esac
        done
    fi
    ran=$((ran + 1))
    wp_site_stop "$SITE" "$port"
    cp "$SITE/.mcp-native/debug.log" "$RUN/debug-$mode.log" 2>/dev/null || true
    if grep -qE 'PHP (Fatal error|Parse error)|Uncaught' "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" 2>/dev/null; then
        log "$mode: PHP fatal errors were logged while serving:"
        grep -hE 'PHP (Fatal error|Parse error)|Uncaught' "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" 2>/dev/null | sort | uniq -c | head -n 5 >&2
        failed=1
    fi
done
[ "$ran" -gt 0 ] || die "no mode ran"

{
    echo "Load test: $(nproc) CPU(s), nginx + php-fpm (static pool of $WP_STACK_FPM_WORKERS), wrk $THREADS threads × concurrency $CONC, $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "WordPress $(sed -n "s/^\$wp_version = '\([^']*\)';/\1/p" "$SITE/wp-includes/version.php"), PHP $("$PHP" -r 'echo PHP_VERSION;'), ability load/work (input: $INPUT)"
    echo
    echo "| scenario | mode | requests | errors | req/s | p50 ms | p99 ms | php-fpm workers' RSS before → after |"
    echo "|---|---|---:|---:|---:|---:|---:|---|"
    printf '%s\n' "${ROWS[@]}"
    if [ "${#STUCK_ROWS[@]}" -gt 0 ]; then
        echo
        echo "| after the streamed run | calls given up mid-call | php-fpm workers | next tools/call |"
        echo "|---|---|---|---:|"
        printf '%s\n' "${STUCK_ROWS[@]}"
    fi
} | tee "$RUN/results.md"
printf '[%s]\n' "$(IFS=,; echo "${JSON_ROWS[*]}")" > "$RUN/results.json"
log "total $(( SECONDS - T0 )) s; results in $RUN/results.md and results.json"
[ "$failed" = 0 ] || die "load test failed (errors above)"
[ "$incomplete" = 0 ] || log "WARNING: some runs hit the time cap before their count (see the table); no errors"
echo "load: passed (0 errors)"
