#!/usr/bin/env bash
# Memory soak: SOAK_CALLS (default 100 000) calls of each exported function in one PHP process,
# on the extension and then on the PHP fallback; prints memory_get_usage() and RSS before/after
# per function and fails when either grows past the bounds explained in tests/php/fuzz/soak.php.
set -euo pipefail
cd "$(dirname "$0")/.."
EXT_SO=${EXT_SO:-$PWD/target/release/libmcp_native.so}
source scripts/php-env.sh
CALLS=${SOAK_CALLS:-100000}
[ -f "$EXT_SO" ] || { echo "soak: $EXT_SO missing (run make build)" >&2; exit 1; }

status=0
MCP_NATIVE_REQUIRE=native timeout 600 "$PHP" -d extension="$EXT_SO" tests/php/fuzz/soak.php "$CALLS" || status=1
MCP_NATIVE_REQUIRE=fallback timeout 600 "$PHP" tests/php/fuzz/soak.php "$CALLS" || status=1
exit $status
