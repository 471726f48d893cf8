#!/usr/bin/env bash
# Installs the Python MCP SDK (tests/e2e/python/requirements.txt, its dependencies pinned by
# constraints.txt) into a virtualenv under
# .cache/python-mcp. Idempotent: does nothing when the venv already holds exactly these
# requirements (a stamp with their hash). Prints the venv's python path on stdout.
#
# Needs python3 with the venv module (Debian: python3-venv) and access to PyPI.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
REQ="$ROOT/tests/e2e/python/requirements.txt"
CONSTRAINTS="$ROOT/tests/e2e/python/constraints.txt"
VENV="${MCP_PY_VENV:-$ROOT/.cache/python-mcp}"
log() { printf '[python-setup] %s\n' "$*" >&2; }

mkdir -p "$ROOT/.cache"
exec 7>"$ROOT/.cache/.python-mcp.lock"
command -v flock >/dev/null 2>&1 && { flock -w 600 7 || { log "lock held for 10 minutes"; exit 1; }; }

want="$(cat "$REQ" "$CONSTRAINTS" | sha256sum | cut -d' ' -f1)"
stamp="$VENV/.mcp-native-stamp"
if [ -x "$VENV/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    printf '%s\n' "$VENV/bin/python"
    exit 0
fi
command -v python3 >/dev/null || { log "python3 not found"; exit 1; }
if [ ! -x "$VENV/bin/python" ]; then
    log "creating virtualenv $VENV"
    python3 -m venv "$VENV" || { log "python3 -m venv failed (Debian: apt-get install python3-venv)"; rm -rf "$VENV"; exit 1; }
fi
log "installing $(grep -v '^#' "$REQ" | xargs) into $VENV"
timeout 600 "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$REQ" -c "$CONSTRAINTS" >&2
"$VENV/bin/python" -c 'import mcp.client.streamable_http' >&2
echo "$want" > "$stamp"
printf '%s\n' "$VENV/bin/python"
