#!/usr/bin/env bash
# make bench-oauth: what checking an OAuth bearer token costs (issue 34). A benchmark, not a test:
# it measures and prints, it never fails on a slow machine (only when something does not work).
#
# One WordPress site (.test-run/bench-oauth/site) served by nginx + php-fpm (scripts/wp-stack.sh's
# wp_site_serve: WordPress's usual rules, opcache as Debian's php-fpm has it), with the extension when
# $EXT_SO is built (else the PHP fallback; BENCH_OAUTH_MODE=with-extension|without-extension).
#   1. HTTP (bench/oauth_bench.mjs): medians of the same MCP request (stateless tools/list of the
#      default server) with an application password and with a bearer token obtained through the
#      real flow, and of an ordinary REST request without credentials; the bearer-minus-password
#      difference is the median of per-round differences (baseline: the application password).
#   2. In-process (bench/oauth_bench.php): BearerAuth::authenticate() alone with a valid token (user
#      not cached: one request's cost; and with a warm object cache), with an unknown token, and the
#      determine_current_user filter without any Authorization header with and without our filter
#      (baseline: WordPress's own filters): what a request without a token pays.
# Results: .test-run/bench-oauth/results.txt (and the JSON lines in it).
#
# Environment: EXT_SO, BENCH_OAUTH_MODE, BENCH_OAUTH_ROUNDS (default 200).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf '[bench-oauth] %s\n' "$*" >&2; }
die() { printf '[bench-oauth] ERROR: %s\n' "$*" >&2; exit 1; }

bash scripts/install-deps.sh wp node
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh

ROUNDS="${BENCH_OAUTH_ROUNDS:-200}"
[[ "$ROUNDS" =~ ^[0-9]+$ ]] && [ "$ROUNDS" -gt 0 ] || die "BENCH_OAUTH_ROUNDS must be a positive whole number"
MODE="${BENCH_OAUTH_MODE:-}"
if [ -z "$MODE" ]; then
    if [ -f "$EXT_SO" ]; then MODE=with-extension; else MODE=without-extension; log "no $EXT_SO: the PHP fallback is measured"; fi
fi
php_ext=(); [ "$MODE" = with-extension ] && php_ext=(-d "extension=$EXT_SO")

RUN="$ROOT/.test-run/bench-oauth"
SITE="$RUN/site"
mkdir -p "$RUN"
exec 8>"$RUN/.lock"
flock -w 600 8 || die "another bench/oauth_bench.sh held the lock for 10 minutes"
wp_stop_site_on_exit "$SITE"

wp_site_create "$SITE" mcpnative_bench_oauth "http://127.0.0.1:$(wp_free_port)"
app="$(wp_app_password "$SITE" admin bench)"
login="$(wp_site_env "$SITE" WP_ADMIN_PASSWORD)"
wp_site_php "$SITE" 'update_option( "admin_email_lifespan", time() + YEAR_IN_SECONDS );'
port="$(wp_free_port)"
WP_STACK_FPM_WORKERS=2 WP_STACK_NGINX_WORKERS=1 wp_site_serve "$SITE" "$port" "$MODE" nginx

out="$RUN/results.txt"
{
    echo "bench-oauth $(date -u +%FT%TZ) $MODE, $(nproc) CPUs, load average $(cut -d" " -f1-3 /proc/loadavg), PHP $("$PHP" -r 'echo PHP_VERSION;')"
    (cd tests/e2e && timeout 600 node "$ROOT/bench/oauth_bench.mjs" "http://127.0.0.1:$port" "$app" "$login" "$ROUNDS")
    timeout 300 "$PHP" "${php_ext[@]}" bench/oauth_bench.php "$SITE" "http://127.0.0.1:$port"
} | tee "$out"
log "results in ${out#"$ROOT"/}"
