#!/usr/bin/env bash
# `make test`: every suite. The Makefile has installed dependencies and built the extension.
# Each suite's wall time is printed as it ends and again in a summary (CI must stay under an hour).
set -euo pipefail
cd "$(dirname "$0")/.."
TIMES=()
suite() {
    local name="$1" start=$SECONDS; shift
    "$@"
    TIMES+=("$(printf '%6d s  %s' $(( SECONDS - start )) "$name")")
    echo "== $name: $(( SECONDS - start )) s =="
}
# Every suite's clients (Node 22, npm packages, the Python SDK) at once, before any suite runs.
suite "dependencies" bash scripts/install-deps.sh all
suite "lint (fmt, clippy, php -l)" bash scripts/lint.sh
echo "== cargo test =="
suite "cargo test" cargo test --release
suite "unit (native, fallback)" bash scripts/test-php.sh
echo "== valgrind: unit suite on the extension =="
suite "unit under valgrind" env VALGRIND=1 bash scripts/test-php.sh
suite "soak" bash scripts/soak.sh
suite "fuzz" bash scripts/fuzz.sh
suite "WordPress" bash scripts/test-wp.sh
suite "official adapter" bash scripts/test-adapter.sh   # says it skipped unless MCP_NATIVE_ADAPTER_DIR is set
suite "install" bash scripts/test-install.sh
suite "adapter integrations" bash scripts/test-integrations.sh   # three real plugins; skipped unless their sources were fetched
suite "e2e" env E2E_REQUIRE_EXT=1 bash scripts/test-e2e.sh
suite "OAuth sites" env OAUTH_SITES_REQUIRE_EXT=1 bash scripts/test-oauth-sites.sh   # discovery: plain permalinks, subdirectory, multisite
suite "load" env LOAD_REQUESTS=1000 LOAD_REQUIRE_EXT=1 bash scripts/load.sh
suite "browser" env MCP_NATIVE_REQUIRE=native bash scripts/test-browser.sh
suite "conformance (extension)" env CONFORMANCE_MODE=with-extension bash scripts/conformance.sh
suite "conformance (fallback)" env CONFORMANCE_MODE=without-extension bash scripts/conformance.sh
echo "== all suites passed =="
printf '%s\n' "${TIMES[@]}"
