#!/usr/bin/env bash
# `make test`: every suite. The Makefile has installed dependencies and built the extension.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every suite's clients (Node 22, npm packages, the Python SDK) at once, before any suite runs.
bash scripts/install-deps.sh all
echo "== cargo test =="
cargo test --release
bash scripts/test-php.sh
echo "== valgrind: unit suite on the extension =="
VALGRIND=1 bash scripts/test-php.sh
bash scripts/soak.sh
bash scripts/fuzz.sh
bash scripts/test-wp.sh
bash scripts/test-adapter.sh   # the real official adapter; says it skipped unless MCP_NATIVE_ADAPTER_DIR is set
bash scripts/test-install.sh
E2E_REQUIRE_EXT=1 bash scripts/test-e2e.sh
LOAD_REQUESTS=1000 LOAD_REQUIRE_EXT=1 bash scripts/load.sh
MCP_NATIVE_REQUIRE=native bash scripts/test-browser.sh
CONFORMANCE_MODE=with-extension bash scripts/conformance.sh
CONFORMANCE_MODE=without-extension bash scripts/conformance.sh
echo "== all suites passed =="
