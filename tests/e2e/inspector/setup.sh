#!/usr/bin/env bash
# Installs the pinned MCP Inspector CLI (package.json + package-lock.json in this folder) with
# `npm ci`. Idempotent: nothing to do when node_modules matches the lockfile (a stamp with its
# hash). Prints the CLI's entry point on stdout.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
log() { printf '[inspector-setup] %s\n' "$*" >&2; }
mkdir -p "$ROOT/.cache"
exec 7>"$ROOT/.cache/.inspector-cli.lock"
command -v flock >/dev/null 2>&1 && { flock -w 600 7 || { log "lock held for 10 minutes"; exit 1; }; }
CLI="$HERE/node_modules/@modelcontextprotocol/inspector-cli/build/cli.js"
want="$(cat "$HERE/package.json" "$HERE/package-lock.json" | sha256sum | cut -d' ' -f1)"
stamp="$HERE/node_modules/.mcp-native-stamp"
if [ -f "$CLI" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    printf '%s\n' "$CLI"; exit 0
fi
command -v npm >/dev/null || { log "npm not found"; exit 1; }
log "installing @modelcontextprotocol/inspector-cli (npm ci in tests/e2e/inspector)"
(cd "$HERE" && timeout 600 npm ci --no-audit --no-fund --loglevel=error >&2)
[ -f "$CLI" ] || { log "npm ci did not install $CLI"; exit 1; }
echo "$want" > "$stamp"
printf '%s\n' "$CLI"
