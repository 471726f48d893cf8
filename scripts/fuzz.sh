#!/usr/bin/env bash
# Fuzzing, bounded: every cargo-fuzz target of the core (fuzz/) for FUZZ_SECONDS each (default
# 20), then the PHP-level fuzzer (tests/php/fuzz/fuzz.php) for FUZZ_PHP_SECONDS (default 40) on
# the extension compared with the PHP fallback. Prints executions and crashes per target; exits
# non-zero on any crash or finding.
#
# Stable Rust only: libFuzzer's coverage instrumentation (-Cpasses=sancov-module, -Cllvm-args)
# is stable; only the sanitizers need nightly, and the core has no `unsafe` (safe Rust cannot
# corrupt memory; panics, overflows under -a, stack overflows and OOMs are what libFuzzer sees).
# So: `cargo fuzz … -O -a --sanitizer none` (release + debug assertions).
#
#   FUZZ_SECONDS=300 bash scripts/fuzz.sh      # a long run
#   FUZZ_TARGETS="transform pointer" …         # some targets only; FUZZ_PHP=0 skips the PHP part
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${FUZZ_SECONDS:-20}
PHP_SECONDS=${FUZZ_PHP_SECONDS:-40}
source scripts/php-env.sh
EXT_SO=${EXT_SO:-$PWD/target/release/libmcp_native.so}
export PATH="$HOME/.cargo/bin:$PATH"

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz" >&2
  cargo install cargo-fuzz --locked
fi

FLAGS=(-O -a --sanitizer none)
# The instrumented build outside the clone (MCP_NATIVE_CACHE), so a clean clone rebuilds only our
# crates, not every dependency (7 minutes on CI's machine).
FUZZ_TARGET_DIR=${FUZZ_TARGET_DIR:-${MCP_NATIVE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcp-native}/fuzz-target}
started=$(date +%s)
echo "== cargo fuzz build (${FLAGS[*]})"
( cd fuzz && cargo fuzz build "${FLAGS[@]}" --target-dir "$FUZZ_TARGET_DIR" )
echo "   built in $(( $(date +%s) - started )) s"
triple=$(rustc -vV | sed -n 's/^host: //p')
bin_dir=$FUZZ_TARGET_DIR/$triple/release
targets=${FUZZ_TARGETS:-$(cd fuzz && cargo fuzz list)}

status=0
summary=()
for t in $targets; do
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
  log=$(mktemp)
  # Known reproductions first (in order, one process: some need the state earlier ones leave).
  if compgen -G "fuzz/regressions/$t/*" >/dev/null; then
    if ! "$bin_dir/$t" -runs=1 fuzz/regressions/"$t"/* >"$log" 2>&1; then
      summary+=("$(printf '%-16s regression inputs FAIL (fuzz/regressions/%s)' "$t" "$t")")
      sed -n '/panicked/,+3p' "$log" | head -8 >&2
      status=1
    fi
  fi
  seeds=()
  [ -d "fuzz/seeds/$t" ] && seeds=("fuzz/seeds/$t")
  t0=$(date +%s)
  set +e
  "$bin_dir/$t" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="fuzz/artifacts/$t/" "fuzz/corpus/$t" "${seeds[@]}" >"$log" 2>&1
  rc=$?
  set -e
  # A crash in the first inputs leaves no coverage line: these reads must not end the script.
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  crash=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2 || true)
  corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
  if [ "$rc" -ne 0 ]; then
    status=1
    summary+=("$(printf '%-16s %10s execs %5ss cov %6s corpus %6s  CRASH %s' "$t" "${execs:-?}" "$(( $(date +%s) - t0 ))" "${cov:-?}" "$corpus" "${crash:-exit $rc}")")
    grep -E "panicked|deadly|ERROR" "$log" | head -3 >&2
    sed -n '/panicked/,+3p' "$log" | head -6 >&2
    [ -n "$crash" ] && echo "   reproduce: (cd fuzz && cargo fuzz run ${FLAGS[*]} $t ${crash#fuzz/})" >&2
  else
    summary+=("$(printf '%-16s %10s execs %5ss cov %6s corpus %6s  crashes 0' "$t" "$execs" "$(( $(date +%s) - t0 ))" "$cov" "$corpus")")
  fi
  rm -f "$log"
done

echo "== cargo fuzz: ${SECONDS_PER_TARGET} s per target"
printf '   %s\n' "${summary[@]}"

if [ "${FUZZ_PHP:-1}" = 1 ]; then
  echo "== PHP fuzzer (${PHP_SECONDS} s)"
  [ -f "$EXT_SO" ] || { echo "fuzz: $EXT_SO missing (run make build)" >&2; exit 1; }
  EXT_SO="$EXT_SO" "$PHP" tests/php/fuzz/fuzz.php --ext="$EXT_SO" --seed="${FUZZ_PHP_SEED:-1}" \
    --iterations="${FUZZ_PHP_ITERATIONS:-1000000}" --batch=250 --time="$PHP_SECONDS" --batch-timeout=60 --iteration-timeout=20 || status=1
fi
echo "fuzz: total $(( $(date +%s) - started )) s, $([ $status = 0 ] && echo OK || echo FAILED)"
exit $status
