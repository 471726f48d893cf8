#!/usr/bin/env bash
# `make lint`: the project's own checks of its code, as CI runs them.
#  - cargo fmt --check and cargo clippy --all-targets -- -D warnings (the crate);
#  - php -l on every PHP file of the repository (this machine's PHP: 8.2 on Debian 12, 8.4 on
#    Debian 13; `make test-fresh` runs `lint.sh --php` in its root, so both releases' PHP read every file).
#  - scripts/check-shape.php: no source file over 600 lines, no PHP or Rust function over 80.
# --php: only the PHP checks (a root without the crate's build).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/php-env.sh
PHP="${PHP_BIN:-php$PHP_VERSION}"
if [ "${1:-}" != --php ]; then
    cargo fmt --check
    cargo clippy --all-targets --release --locked -- -D warnings
fi
count=0; bad=0
while IFS= read -r -d '' file; do
    count=$((count + 1))
    if ! out="$("$PHP" -l "$file" 2>&1)"; then
        printf '%s\n' "$out" >&2
        bad=$((bad + 1))
    fi
done < <(git ls-files -z '*.php')
echo "php -l ($("$PHP" -r 'echo PHP_VERSION;')): $count files, $bad with errors"
[ "$bad" = 0 ]
"$PHP" scripts/check-shape.php
