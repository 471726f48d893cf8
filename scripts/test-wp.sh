#!/usr/bin/env bash
# PHPUnit inside a real WordPress 7.1 (tests/php/wp), run TWICE on a fresh test site in .test-run/site:
#   1. with the extension:    php -d extension=$EXT_SO, MCP_NATIVE_REQUIRE=native
#   2. without the extension: MCP_NATIVE_REQUIRE=fallback
# The native run is skipped, with a loud message, only when $EXT_SO has not been built; with
# MCP_NATIVE_REQUIRE=native in the environment a missing .so is an error instead.
# Each run also serves the site on a free loopback port (same extension mode) for TestCase::http().
# Mu-plugins of the test site: tests/php/wp/fixtures/*.php and examples/sample-abilities.php.
# Tests of @group multisite run (in both modes) on a second site, .test-run/network: a subdirectory
# multisite made by wp_site_make_multisite with sub-sites /two/ and /three/, the plugin
# network-activated; every other test runs on the single site. The network is made only when the
# arguments select a multisite test (MCP_NATIVE_WP_MULTISITE=0 skips it).
#
# Usage: scripts/test-wp.sh [phpunit arguments, e.g. --filter StackSmoke]
# Environment: EXT_SO, PHP, MCP_NATIVE_WP_MODES (default "native fallback"), MCP_NATIVE_REQUIRE.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf '[test-wp] %s\n' "$*" >&2; }
die() { printf '[test-wp] ERROR: %s\n' "$*" >&2; exit 1; }

bash scripts/install-deps.sh wp
# shellcheck source=scripts/wp-stack.sh
source scripts/wp-stack.sh
PHPUNIT="$(command -v phpunit || true)"
[ -n "$PHPUNIT" ] || die "phpunit not found (scripts/install-deps.sh installs Debian's phpunit)"

RUN="$ROOT/.test-run"
SITE="$RUN/site"
NETWORK="$RUN/network"
MODES="${MCP_NATIVE_WP_MODES:-native fallback}"
OUTER_REQUIRE="${MCP_NATIVE_REQUIRE:-}"
unset MCP_NATIVE_REQUIRE

wp_stop_site_on_exit "$SITE" "$NETWORK"

mkdir -p "$RUN"
# One run at a time on this checkout (the site and its database are shared by the runs).
exec 8>"$RUN/.test-wp.lock"
flock -w 900 8 || die "another scripts/test-wp.sh held the lock for 15 minutes"
wp_site_create "$SITE" mcpnative_test "http://127.0.0.1:$(wp_free_port)" \
    "$ROOT/tests/php/wp/fixtures" "$ROOT/examples/sample-abilities.php"
APP_PASSWORD="$(wp_app_password "$SITE" admin phpunit)"

# Which phases have tests to run: with --filter, the filter is matched against the test names
# (Class::method) of the "@group multisite" classes (-l) or of the other classes (-L)
# (phpunit's --list-tests ignores --filter and --group). Without --filter both phases run.
selects_tests() {
    local list="$1"; shift
    local filter="" prev="" a f names=""
    for a in "$@"; do
        [ "$prev" = --filter ] && filter="$a"
        case "$a" in --filter=*) filter="${a#--filter=}" ;; esac
        prev="$a"
    done
    [ -n "$filter" ] || return 0
    for f in $(grep "$list" '@group multisite' tests/php/wp/*Test.php); do
        names+="$(sed -n 's/^final class \([A-Za-z0-9_]*\).*/McpNative\\Tests\\WP\\\1/p' "$f")"$'\n'
        names+="$(sed -n 's/.*public function \(test_[A-Za-z0-9_]*\).*/\1/p' "$f" | sed "s/^/$(basename "$f" .php)::/")"$'\n'
    done
    printf '%s' "$names" | grep -qiE -- "$filter"   # phpunit matches case-insensitively
}
SINGLE_SITE_TESTS=1
selects_tests -L "$@" || SINGLE_SITE_TESTS=0
NETWORK_APP_PASSWORD=""
if [ "${MCP_NATIVE_WP_MULTISITE:-1}" != 0 ] && selects_tests -l "$@"; then
    wp_site_create "$NETWORK" mcpnative_network "http://127.0.0.1:$(wp_free_port)" \
        "$ROOT/tests/php/wp/fixtures" "$ROOT/examples/sample-abilities.php"
    wp_site_make_multisite "$NETWORK" two three
    NETWORK_APP_PASSWORD="$(wp_app_password "$NETWORK" admin phpunit)"
fi

# phpunit SITE_DIR URL APP_PASSWORD MODE [phpunit args]
run_phpunit() {
    local dir="$1" url="$2" pass="$3" mode="$4"; shift 4
    MCP_NATIVE_REQUIRE="$mode" MCP_NATIVE_WP_DIR="$dir" MCP_NATIVE_WP_URL="$url" \
        MCP_NATIVE_WP_USER=admin MCP_NATIVE_WP_APP_PASSWORD="$pass" \
        timeout --kill-after=10 900 "$PHP" "${ext[@]}" "$PHPUNIT" -c tests/php/wp/phpunit.xml "$@"
}

declare -A results=()
failed=0
ran=0
for mode in $MODES; do
    ext=()
    case "$mode" in
        native)
            if [ ! -f "$EXT_SO" ]; then
                [ "$OUTER_REQUIRE" = native ] && die "MCP_NATIVE_REQUIRE=native but $EXT_SO does not exist (make build)"
                printf '\n[test-wp] ###########################################################################\n' >&2
                printf '[test-wp] ### SKIPPED: the WordPress suite WITH the extension: %s is missing (make build)\n' "$EXT_SO" >&2
                printf '[test-wp] ###########################################################################\n\n' >&2
                results[$mode]="SKIPPED (no $EXT_SO)"
                continue
            fi
            ext=(-d "extension=$EXT_SO"); serve=with-extension ;;
        fallback) serve=without-extension ;;
        *) die "unknown mode '$mode' (native|fallback)" ;;
    esac
    port="$(wp_free_port)"
    MCP_NATIVE_REQUIRE="$mode" wp_site_serve "$SITE" "$port" "$serve"
    : > "$SITE/.mcp-native/debug.log"
    log "phpunit ($mode) against $SITE, served on http://127.0.0.1:$port"
    rc=0
    if [ "$SINGLE_SITE_TESTS" = 1 ]; then
        set +e
        run_phpunit "$SITE" "http://127.0.0.1:$port" "$APP_PASSWORD" "$mode" --exclude-group multisite "$@"
        rc=$?
        set -e
    fi
    ran=$((ran + 1))
    wp_site_stop "$SITE" "$port"
    if [ -n "$NETWORK_APP_PASSWORD" ]; then
        nport="$(wp_free_port)"
        MCP_NATIVE_REQUIRE="$mode" wp_site_serve "$NETWORK" "$nport" "$serve"
        : > "$NETWORK/.mcp-native/debug.log"
        log "phpunit ($mode, multisite tests) against $NETWORK, served on http://127.0.0.1:$nport"
        set +e
        run_phpunit "$NETWORK" "http://127.0.0.1:$nport" "$NETWORK_APP_PASSWORD" "$mode" --group multisite "$@"
        nrc=$?
        set -e
        wp_site_stop "$NETWORK" "$nport"
        [ "$rc" = 0 ] && rc=$nrc
    fi
    # Notices and errors logged by the plugin (in the tests or in the served site) fail the run.
    problems="$(grep -E 'PHP (Fatal error|Parse error|Warning|Notice|Deprecated|Recoverable)|Uncaught' \
        "$SITE/.mcp-native/debug.log" "$SITE/.mcp-native/php-errors.log" \
        "$NETWORK/.mcp-native/debug.log" "$NETWORK/.mcp-native/php-errors.log" 2>/dev/null \
        | grep -E "$ROOT/wp-plugin/|plugins/mcp-native/|Fatal error|Uncaught" || true)"
    if [ -n "$problems" ]; then
        printf '[test-wp] %s: PHP problems logged:\n%s\n' "$mode" "$(printf '%s\n' "$problems" | sort | uniq -c | head -n 30)" >&2
        [ "$rc" = 0 ] && rc=1
    fi
    : > "$SITE/.mcp-native/php-errors.log" 2>/dev/null || true
    [ -d "$NETWORK/.mcp-native" ] && : > "$NETWORK/.mcp-native/php-errors.log"
    if [ "$rc" = 0 ]; then results[$mode]=PASSED; else results[$mode]="FAILED (exit $rc)"; failed=1; fi
done

printf '\n[test-wp] summary\n' >&2
for mode in $MODES; do printf '[test-wp]   %-9s %s\n' "$mode" "${results[$mode]:-not run}" >&2; done
[ "$ran" -gt 0 ] || die "no run happened"
exit "$failed"
