#!/usr/bin/env bash
# make bench (issue 35): what the audit log costs a tools/call, as a ratio against the same call
# with logging off (bench/audit_bench.php). A benchmark, not a test: nothing fails on a number.
# Serves a fresh site (.test-run/bench-audit/site, bench/audit/site.php as its mu-plugin) with
# nginx + php-fpm when both are installed (else php -S), the extension loaded when built.
# Environment: EXT_SO, BENCH_AUDIT_ROUNDS (default 300 pairs).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/install-deps.sh wp
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh
RUN="$ROOT/.test-run/bench-audit"
SITE="$RUN/site"
mkdir -p "$RUN"
exec 8>"$RUN/.lock"
flock -w 600 8 || { echo "[bench-audit] another run held the lock for 10 minutes" >&2; exit 1; }
wp_stop_site_on_exit "$SITE"
WP_STACK_SITE_TITLE="mcp-native bench-audit" wp_site_create "$SITE" mcpnative_bench_audit "http://127.0.0.1:$(wp_free_port)" "$ROOT/bench/audit/site.php"
PASSWORD="$(wp_app_password "$SITE" admin bench-audit)"
mode=without-extension; ext=()
if [ -f "$EXT_SO" ]; then mode=with-extension; ext=(-d "extension=$EXT_SO"); fi
server=php-s
if command -v nginx >/dev/null && compgen -G '/usr/sbin/php-fpm*' >/dev/null; then server=nginx; fi
port="$(wp_free_port)"
wp_site_serve "$SITE" "$port" "$mode" "$server"
echo "[bench-audit] site served by $server ($mode) on http://127.0.0.1:$port" >&2
"$PHP" "${ext[@]}" bench/audit_bench.php "$SITE" "http://127.0.0.1:$port" admin "$PASSWORD" "${BENCH_AUDIT_ROUNDS:-300}"
