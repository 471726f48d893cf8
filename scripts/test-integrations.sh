#!/usr/bin/env bash
# make test-integrations: real third-party plugins written for the official MCP Adapter, run
# UNMODIFIED on MCP Native without the adapter, and compared with the same plugins under the
# adapter 0.5.0 (issue 38). The plugins and commits are listed in tests/integrations/plugins.json
# (and docs/MIGRATION.md); their code is never committed here.
#
# Sources (CI cannot fetch them; without them the script says SKIPPED and exits 0):
#   MCP_NATIVE_INTEGRATIONS_MIRROR  a folder holding a bare git copy of each plugin as
#                                   OWNER+NAME/repo (what `fetch github:OWNER/NAME` makes under
#                                   /work/.mirror); each pinned commit is exported to
#                                   .cache/integrations/SLUG (gitignored).
#   MCP_NATIVE_ADAPTER_DIR          a checkout of the official adapter (as for make test-adapter);
#                                   without it only the MCP Native side runs (servers listed, tools
#                                   listed and called), not the comparison.
#
# One site (.test-run/integrations/site), the three plugins active; for each mode (native, fallback):
#   1. the adapter active (when given): the requests of plugins.json made by a real MCP client, the
#      official Python SDK (`mcp` from PyPI, in the venv tests/e2e/python/setup.sh makes), which
#      negotiates the protocol itself (an initialize handshake with adapter 0.5.0);
#   2. the adapter deactivated and unlinked: the same requests by the same client, answered by MCP
#      Native (2026-07-28, server/discover);
#   3. every answer compared (tool names, each call's isError and result, the abilities discovered).
# Environment: EXT_SO, PHP, MCP_NATIVE_INTEGRATION_MODES (default "native fallback").
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf '[test-integrations] %s\n' "$*" >&2; }
die() { printf '[test-integrations] ERROR: %s\n' "$*" >&2; exit 1; }

SPEC="$ROOT/tests/integrations/plugins.json"
MIRROR="${MCP_NATIVE_INTEGRATIONS_MIRROR:-}"
mapfile -t PLUGINS < <(python3 -c 'import json,sys; [print(p["repo"], p["commit"], p["slug"], p["main"]) for p in json.load(open(sys.argv[1]))["plugins"]]' "$SPEC")
missing=""
for line in "${PLUGINS[@]}"; do
    read -r repo commit slug main <<<"$line"
    [ -n "$MIRROR" ] && git --git-dir="$MIRROR/${repo/\//+}/repo" cat-file -e "$commit^{commit}" 2>/dev/null || missing+=" $repo@${commit:0:7}"
done
if [ -n "$missing" ]; then
    printf '[test-integrations] SKIPPED: the plugins under test are not available:%s.\n' "$missing" >&2
    printf '[test-integrations] This suite runs third-party plugins (never committed here), which CI cannot fetch.\n' >&2
    printf '[test-integrations] Point MCP_NATIVE_INTEGRATIONS_MIRROR at a folder with OWNER+NAME/repo git copies, e.g.\n' >&2
    printf '[test-integrations]   MCP_NATIVE_INTEGRATIONS_MIRROR=/work/.mirror MCP_NATIVE_ADAPTER_DIR=/path/to/mcp-adapter make test-integrations\n' >&2
    exit 0
fi
ADAPTER=""
if [ -n "${MCP_NATIVE_ADAPTER_DIR:-}" ]; then
    ADAPTER="$(cd "$MCP_NATIVE_ADAPTER_DIR" && pwd)" || die "MCP_NATIVE_ADAPTER_DIR is not a directory"
else
    log "MCP_NATIVE_ADAPTER_DIR is not set: MCP Native's answers are checked alone, without the adapter 0.5.0 comparison"
fi

bash scripts/install-deps.sh wp python
MCP_PY="$(bash tests/e2e/python/setup.sh)" || die "the Python MCP SDK could not be installed (tests/e2e/python/setup.sh)"
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh
# shellcheck source=scripts/adapter-stack.sh
source scripts/adapter-stack.sh

RUN="$ROOT/.test-run/integrations"
SITE="$RUN/site"
CACHE="$ROOT/.cache/integrations"
MODES="${MCP_NATIVE_INTEGRATION_MODES:-native fallback}"
mkdir -p "$RUN" "$CACHE"
exec 8>"$RUN/.lock"
flock -w 900 8 || die "another scripts/test-integrations.sh held the lock for 15 minutes"
wp_stop_site_on_exit "$SITE"
wp_site_create "$SITE" mcpnative_integrations "http://127.0.0.1:$(wp_free_port)"

active=""
for line in "${PLUGINS[@]}"; do
    read -r repo commit slug main <<<"$line"
    if [ ! -f "$CACHE/$slug/.commit" ] || [ "$(cat "$CACHE/$slug/.commit")" != "$commit" ]; then
        rm -rf "${CACHE:?}/$slug"; mkdir -p "$CACHE/$slug"
        git --git-dir="$MIRROR/${repo/\//+}/repo" archive "$commit" | tar -x -C "$CACHE/$slug"
        # Its release ships Composer's autoloader (the git tree does not): generate the equivalent.
        "$PHP" tests/integrations/composer-autoload.php "$CACHE/$slug" >&2
        printf '%s\n' "$commit" > "$CACHE/$slug/.commit"
    fi
    ln -sfn "$CACHE/$slug" "$SITE/wp-content/plugins/$slug"
    active+="$slug/$main "
    log "plugin $repo at ${commit:0:7} as $slug/$main"
done
# Activated as WordPress does, without its "Requires Plugins" gate (content-abilities names
# mcp-adapter, which MCP Native stands in for): listed as active, then each activation hook runs.
MCPN_PLUGINS="$active" wp_site_php "$SITE" '
$plugins = array_merge( get_option( "active_plugins", array() ), array_filter( explode( " ", getenv( "MCPN_PLUGINS" ) ) ) );
update_option( "active_plugins", array_values( array_unique( $plugins ) ) );'
MCPN_PLUGINS="$active" wp_site_php "$SITE" '
foreach ( array_filter( explode( " ", getenv( "MCPN_PLUGINS" ) ) ) as $p ) { do_action( "activate_" . $p, false ); }'
APP_PASSWORD="$(wp_app_password "$SITE" admin test-integrations)"

adapter_on() {
    VERSION="$(adapter_install "$SITE" "$ADAPTER")" || die "the adapter could not be installed"
    log "adapter $VERSION active"
}
adapter_off() {
    wp_site_php "$SITE" 'require_once ABSPATH . "wp-admin/includes/plugin.php"; deactivate_plugins( "mcp-adapter/mcp-adapter.php", true );' || true
    rm -f "$SITE/wp-content/plugins/mcp-adapter"
}

SUMMARY="$RUN/summary.md"
printf '# test-integrations, %s\n\n' "$(date -u +%Y-%m-%dT%H:%MZ)" > "$SUMMARY"
failed=0
for mode in $MODES; do
    serve=without-extension; [ "$mode" = native ] && serve=with-extension
    [ "$mode" = native ] && [ ! -f "$EXT_SO" ] && die "$EXT_SO does not exist (make build), or set MCP_NATIVE_INTEGRATION_MODES=fallback"
    port="$(wp_free_port)"
    MCP_NATIVE_REQUIRE="$mode" wp_site_serve "$SITE" "$port" "$serve"
    base="http://127.0.0.1:$port"
    if [ -n "$ADAPTER" ]; then
        adapter_on
        "$MCP_PY" tests/integrations/exchange.py run "$base" admin "$APP_PASSWORD" "$SPEC" "$RUN/adapter-$mode.json"
    fi
    adapter_off
    "$MCP_PY" tests/integrations/exchange.py run "$base" admin "$APP_PASSWORD" "$SPEC" "$RUN/native-$mode.json"
    # MCP Native alone: every server answers, the SDK accepts every answer, no call is an error.
    if ! python3 - "$RUN/native-$mode.json" <<'PY'
import json, sys
answers = json.load(open(sys.argv[1]))
bad = [n for n, a in answers.items() if a["status"] != 200 or not isinstance(a["answer"], dict) or {"jsonrpc_error", "body", "client_rejected"} & set(a["answer"]) or bool(a["answer"].get("isError")) != bool(a.get("refused"))]
print("\n".join("  not answered as expected: %s %s" % (n, json.dumps(answers[n])[:400]) for n in bad))
sys.exit(1 if bad else 0)
PY
    then failed=1; log "FAILED ($mode): MCP Native did not answer every request (see above)"; fi
    printf '## %s\n\n```\n' "$mode" >> "$SUMMARY"
    if [ -n "$ADAPTER" ]; then
        if python3 tests/integrations/exchange.py compare "$RUN/adapter-$mode.json" "$RUN/native-$mode.json" "$SPEC" | tee -a "$SUMMARY" >&2; then
            log "$mode: every answer is the adapter 0.5.0's"
        else
            failed=1; log "FAILED ($mode): answers differ from the adapter's (see $SUMMARY)"
        fi
    else
        cat "$RUN/native-$mode.json" >> "$SUMMARY"
    fi
    printf '```\n\n' >> "$SUMMARY"
    wp_site_stop "$SITE" "$port"
done
[ "$failed" = 0 ] && log "PASSED" || log "FAILED"
exit "$failed"
