#!/usr/bin/env bash
# `make demo`: MariaDB + WordPress 7.1 + the mcp-native plugin + sample abilities, served on
# http://127.0.0.1:${PORT:-8089} with the extension loaded (when built). Stays in the foreground
# until Ctrl-C or `make demo-stop`; then it stops the PHP server, and MariaDB if it started it.
#
# Environment:
#   PORT                       port to serve on (default 8089)
#   MCP_NATIVE_EXTRA_PLUGINS   a folder: every *.php in it is loaded as a mu-plugin (your abilities)
#   MCP_NATIVE_DEMO_EXTENSION  auto (default: load the .so when built), on (require it), off
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/wp-stack.sh
PORT="${PORT:-8089}"
DEMO="$ROOT/.demo"
SITE="$DEMO/site"
URL="http://127.0.0.1:$PORT"

if [ -f "$DEMO/demo.pid" ] && kill -0 "$(cat "$DEMO/demo.pid")" 2>/dev/null; then
    echo "A demo is already running (pid $(cat "$DEMO/demo.pid")): run 'make demo-stop' first." >&2
    exit 1
fi
[[ "$PORT" =~ ^[0-9]+$ ]] || { echo "PORT must be a number (got '$PORT')" >&2; exit 1; }

mu_plugins=("$ROOT/examples/sample-abilities.php")
if [ -n "${MCP_NATIVE_EXTRA_PLUGINS:-}" ]; then
    [ -d "$MCP_NATIVE_EXTRA_PLUGINS" ] || { echo "MCP_NATIVE_EXTRA_PLUGINS is not a folder: $MCP_NATIVE_EXTRA_PLUGINS" >&2; exit 1; }
    shopt -s nullglob
    extra=("$MCP_NATIVE_EXTRA_PLUGINS"/*.php)
    shopt -u nullglob
    [ "${#extra[@]}" -gt 0 ] || echo "[demo] note: no *.php files in $MCP_NATIVE_EXTRA_PLUGINS" >&2
    mu_plugins+=("${extra[@]}")
fi

case "${MCP_NATIVE_DEMO_EXTENSION:-auto}" in
    on) mode=with-extension ;;
    off) mode=without-extension ;;
    *) if [ -f "$EXT_SO" ]; then mode=with-extension; else
           mode=without-extension
           echo "[demo] WARNING: $EXT_SO not built: serving with the pure-PHP fallback" >&2
       fi ;;
esac

mkdir -p "$DEMO"
rm -f "$DEMO/connection.json"   # a reader must never take an earlier demo's password
echo $$ > "$DEMO/demo.pid"
cleaned=0
cleanup() {
    [ "$cleaned" = 1 ] && return 0
    cleaned=1
    echo "[demo] stopping" >&2
    wp_site_stop "$SITE" || true
    if [ -f "$DEMO/mariadb-started" ]; then wp_db_stop || true; rm -f "$DEMO/mariadb-started"; fi
    rm -f "$DEMO/demo.pid"
}
trap 'cleanup; exit 0' TERM
trap 'cleanup; exit 130' INT
trap cleanup EXIT

wp_db_start
[ "$WP_STACK_STARTED_MARIADB" = 1 ] && touch "$DEMO/mariadb-started"
WP_STACK_SITE_TITLE="mcp-native demo" wp_site_create "$SITE" mcpnative_demo "$URL" "${mu_plugins[@]}"
PASSWORD="$(wp_app_password "$SITE" admin "mcp-native demo")"
wp_site_serve "$SITE" "$PORT" "$mode"
SERVER_PID="$(cat "$SITE/.mcp-native/server-$PORT.pid")"

ENDPOINT="$URL/wp-json/mcp/mcp-adapter-default-server"
CUSTOM="$URL/wp-json/mcp-native-demo/mcp"
# PHP writes it: the demo's machine needs no Python.
ENDPOINT="$ENDPOINT" PASSWORD="$PASSWORD" URL="$URL" "$PHP" -r 'echo json_encode(array("url" => getenv("ENDPOINT"),
    "username" => "admin", "password" => getenv("PASSWORD"), "site_url" => getenv("URL")),
    JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";' > "$DEMO/connection.json"
ADMIN_PASSWORD="$(wp_site_env "$SITE" WP_ADMIN_PASSWORD)"
# The same generator as the admin page (Tools → MCP Native), with the real application password.
CLAUDE_CONFIG="$(WPS_PASSWORD="$PASSWORD" wp_site_php "$SITE" '
echo \McpNative\Plugin\Admin\ClientConfig::claude_desktop_json( \McpNative\Plugin\Admin\ServerOverview::servers(), "admin", (string) getenv( "WPS_PASSWORD" ) );
')" || { echo "[demo] could not build the Claude Desktop configuration" >&2; exit 1; }
printf '%s\n' "$CLAUDE_CONFIG" > "$DEMO/claude_desktop_config.json"

cat <<TXT

  mcp-native demo is running ($mode)

  MCP endpoint (default server):  $ENDPOINT
  MCP endpoint (custom server):   $CUSTOM
  Username:                       admin
  Application password:           $PASSWORD
  Connection (JSON):              $DEMO/connection.json
  WordPress admin:                $URL/wp-admin/  (admin / $ADMIN_PASSWORD)

  Try it:
    curl -s -u 'admin:$PASSWORD' -H 'Content-Type: application/json' \\
      -H 'Accept: application/json, text/event-stream' \\
      -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}' \\
      $ENDPOINT

  Claude Desktop: add these mcpServers entries to claude_desktop_config.json
  (also in $DEMO/claude_desktop_config.json; the admin page shows the same form):
$(printf '%s\n' "$CLAUDE_CONFIG" | sed 's/^/    /')

  Logs: $SITE/.mcp-native/ (debug.log, php-errors.log, server-$PORT.log)
  Stop: Ctrl-C or 'make demo-stop'
TXT

# Foreground until the server ends or we are told to stop (traps run at once: `wait` on a sleep).
set +e
while kill -0 "$SERVER_PID" 2>/dev/null; do
    sleep 2 & wait $!
done
echo "[demo] the PHP server exited; see $SITE/.mcp-native/server-$PORT.log" >&2
exit 1
