#!/usr/bin/env bash
# `make demo-stop`: ends everything `make demo` started (the PHP server's process group, and
# MariaDB if the demo started it), even if the demo process itself is already gone.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/wp-stack.sh"
DEMO="$ROOT/.demo"
if [ -f "$DEMO/demo.pid" ]; then
    pid="$(cat "$DEMO/demo.pid")"
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -0 "$pid" 2>/dev/null && { echo "[demo-stop] demo (pid $pid) did not stop in 30 s: killing it" >&2; kill -KILL "$pid" 2>/dev/null; }
    fi
    rm -f "$DEMO/demo.pid"
fi
# Whatever the demo left behind (for example after kill -9).
[ -d "$DEMO/site" ] && wp_site_stop "$DEMO/site"
if [ -f "$DEMO/mariadb-started" ]; then wp_db_stop; rm -f "$DEMO/mariadb-started"; fi
echo "[demo-stop] demo stopped" >&2
