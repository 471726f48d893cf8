#!/usr/bin/env bash
# The PHPUnit suite without WordPress, twice: on the extension, then on the PHP fallback.
# MCP_NATIVE_REQUIRE makes each run fail if the other implementation is active.
# With VALGRIND=1 only the native run, under valgrind (USE_ZEND_ALLOC=0), failing on any error: the
# fallback has no native code of ours to check, and its plain run is the one without VALGRIND. There
# the tests that generate their inputs run one case in six (tests/php/unit/support/Generated.php).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh unit
source scripts/php-env.sh
EXT_SO=${EXT_SO:-$PWD/target/release/libmcp_native.so}
PHP=${PHP_BIN:-$PHP}
PHPUNIT=(/usr/bin/phpunit -c tests/php/unit/phpunit.xml)
# PHPUnit 11 (Debian 13) counts PHP's deprecations and its own (a test's metadata only in a
# doc-comment, where 9.6 on Debian 12 needs it beside the attribute): either is a failure here.
if [ "$(/usr/bin/phpunit --version | sed -n 's/^PHPUnit \([0-9]*\)\..*/\1/p')" -ge 11 ]; then
  PHPUNIT+=(--display-deprecations --fail-on-deprecation --display-phpunit-deprecations --fail-on-phpunit-deprecation)
fi
[ -f "$EXT_SO" ] || { echo "test-php: $EXT_SO missing (run make build)" >&2; exit 1; }
export EXT_SO

echo "== unit suite: native extension =="
if [ "${VALGRIND:-0}" = 1 ]; then
  log=$(mktemp)
  USE_ZEND_ALLOC=0 MCP_NATIVE_UNDER_VALGRIND=1 MCP_NATIVE_REQUIRE=native valgrind --error-exitcode=99 --errors-for-leak-kinds=none \
    --log-file="$log" "$PHP" -d pcre.jit=0 -d extension="$EXT_SO" "${PHPUNIT[@]}" --exclude-group slow-under-valgrind
  grep -E "ERROR SUMMARY" "$log" | tail -1
  grep -q "ERROR SUMMARY: 0 errors" "$log" || { cat "$log" >&2; exit 1; }
  exit 0
else
  MCP_NATIVE_REQUIRE=native "$PHP" -d extension="$EXT_SO" "${PHPUNIT[@]}"
fi

echo "== unit suite: PHP fallback =="
MCP_NATIVE_REQUIRE=fallback "$PHP" "${PHPUNIT[@]}"
