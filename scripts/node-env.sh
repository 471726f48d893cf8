# shellcheck shell=bash
# scripts/node-env.sh: every Node suite (end-to-end, browser, conformance, Inspector CLI) runs on the
# project's own Node 22 and npm 10, installed from npm into .cache/node22 by
# `scripts/install-deps.sh node`, never on whatever Node the machine carries. Source it (after that
# install): puts .cache/node22/bin first on PATH and fails when it holds no Node 22.
# Sets NODE22_PREFIX and defines node22_ready.
NODE22_PREFIX="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.cache/node22"
node22_ready() {
    [ -x "$NODE22_PREFIX/bin/node" ] && [ -x "$NODE22_PREFIX/bin/npm" ] \
        && "$NODE22_PREFIX/bin/node" --version 2>/dev/null | grep -q '^v22\.' \
        && "$NODE22_PREFIX/bin/npm" --version >/dev/null 2>&1
}
if [ "${MCP_NODE_ENV_NO_CHECK:-0}" != 1 ]; then
    node22_ready || { printf '[node-env] ERROR: no Node 22 in %s (run scripts/install-deps.sh node)\n' "$NODE22_PREFIX/bin" >&2; return 1 2>/dev/null || exit 1; }
    export PATH="$NODE22_PREFIX/bin:$PATH"
fi
