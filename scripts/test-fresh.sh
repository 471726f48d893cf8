#!/usr/bin/env bash
# `make test-fresh [DIST=bookworm|trixie]`: the README's set-up on a machine that has nothing.
#
#  1. A new minimal Debian root (debootstrap --variant=minbase, plus make git ca-certificates sudo
#     curl: what a user has before the README's first command) in .test-run/fresh/DIST/root, new
#     every run; the base tarball is cached in ~/.cache/mcp-native/fresh/DIST/base.tgz.
#  2. This machine's apt settings (apt.conf.d), certificate authorities, npm and pip settings and the
#     CA variables (NODE_EXTRA_CA_CERTS, SSL_CERT_FILE, ...) are copied in: they are the machine's
#     way to reach the registries, not the project's set-up. The Rust toolchain (RUSTUP_HOME) is
#     bind-mounted read-only, with cargo's bin/ copied: the README assumes a Rust toolchain.
#  3. A clone of this checkout's HEAD inside (commit first: uncommitted changes are not in it).
#  4. Inside, as the README says: `make demo` (in the background, output in demo.log) until the MCP
#     endpoint of .demo/connection.json answers `initialize` with the application password (and a
#     tools/call lists the demo's abilities, with no PHP error, warning or deprecation logged), then
#     `make demo-stop`, then `make test-php` (the unit suite on the extension and on the PHP
#     fallback); on trixie (PHP 8.4) also the unit suite under valgrind (FRESH_VALGRIND=1 forces it
#     on bookworm too, =0 skips it); last, scripts/test-packages.sh: `make dist`, the extension's
#     .deb installed with apt and the plugin zip unzipped and activated, MCP served by nginx +
#     php-fpm with the extension the package enabled, then the package removed and purged.
#
# A MariaDB already listening on this machine's 127.0.0.1:3306 would make the root's one fail to
# start (the root shares the network, which it needs for the registries): then the root's MariaDB
# is configured socket-only (skip-networking; WordPress connects through the socket anyway).
# Everything mounted is unmounted on exit, also on failure or Ctrl-C, and processes left in the
# root are ended; the root is then deleted (FRESH_KEEP=1 keeps it for debugging). Caches that make
# a second run fast, all under ~/.cache/mcp-native/fresh (MCP_NATIVE_CACHE; outside the clone, so a
# clean clone finds them warm): the debootstrap tarballs, downloaded .deb files (per release) and
# cargo's registry. They hold downloads only; nothing installed is carried into a new root.
#
# Needs root, debootstrap (installed if missing) and a Rust toolchain (rustup). Logs in
# .test-run/fresh/DIST/. Prints the time of each step and, at the end, "test-fresh DIST: PASSED".
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DIST="${1:-${DIST:-bookworm}}"
START=$SECONDS
log() { printf '[test-fresh %s] +%ss %s\n' "$DIST" "$((SECONDS - START))" "$*" >&2; }
die() { printf '[test-fresh %s] ERROR: %s\n' "$DIST" "$*" >&2; exit 1; }

case "$DIST" in
    bookworm) VALGRIND="${FRESH_VALGRIND:-0}" ;;
    trixie) VALGRIND="${FRESH_VALGRIND:-1}" ;;
    *) die "DIST must be bookworm or trixie (got '$DIST')" ;;
esac
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mount)"
MIRROR="${FRESH_MIRROR:-http://deb.debian.org/debian}"
INCLUDE=make,git,ca-certificates,sudo,curl
CACHE="${MCP_NATIVE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcp-native}/fresh"
RUN="$ROOT/.test-run/fresh/$DIST"
NEWROOT="$RUN/root"
RUSTUP_DIR="${RUSTUP_HOME:-$HOME/.rustup}"
CARGO_DIR="${CARGO_HOME:-$HOME/.cargo}"
[ -x "$CARGO_DIR/bin/cargo" ] && [ -d "$RUSTUP_DIR/toolchains" ] \
    || die "no Rust toolchain (rustup) in $CARGO_DIR and $RUSTUP_DIR: the README assumes one"
commit="$(git rev-parse HEAD)"
[ -z "$(git status --porcelain --untracked-files=no)" ] \
    || log "WARNING: uncommitted changes are not tested: the root gets a clone of HEAD ($commit)"

# One run per release and checkout: a second one would unmount and delete the first one's root
# (below, before anything is mounted). Checked before the cleanup trap is set, so a refused run
# touches nothing.
mkdir -p "$RUN"
exec 8>"$RUN/.lock"
flock -n 8 || die "another make test-fresh DIST=$DIST runs in this checkout (its root is $NEWROOT): wait for it to end"

if ! command -v debootstrap >/dev/null; then
    log "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null 2>&1 \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; } \
        || die "apt-get install debootstrap failed"
fi

# ------------------------------------------------------------------ cleanup (set before anything is mounted)
mounts_under() { awk -v r="$1" '$5 == r || index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r; }
procs_in_root() {
    local p link
    for p in /proc/[0-9]*; do
        link="$(readlink "$p/root" 2>/dev/null)" || continue
        [ "$link" = "$NEWROOT" ] && printf '%s\n' "${p#/proc/}"
    done
}
cleanup() {
    local rc=$? m left pids i
    set +e
    trap - EXIT INT TERM
    if [ -d "$NEWROOT" ]; then
        # Whatever still runs in the root (a demo or MariaDB a failed step left behind).
        pids="$(procs_in_root)"
        if [ -n "$pids" ]; then
            log "ending processes left in the root: $(echo $pids)"
            kill -TERM $pids 2>/dev/null
            for i in $(seq 1 50); do [ -z "$(procs_in_root)" ] && break; sleep 0.2; done
            pids="$(procs_in_root)"; [ -n "$pids" ] && kill -KILL $pids 2>/dev/null
            sleep 0.5
        fi
        for m in $(mounts_under "$NEWROOT"); do
            umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || log "could not unmount $m"
        done
        left="$(mounts_under "$NEWROOT")"
        if [ -n "$left" ]; then
            log "ERROR: still mounted (the root is kept, not deleted): $left"
            [ "$rc" = 0 ] && rc=1
        elif [ "${FRESH_KEEP:-0}" = 1 ]; then
            log "root kept in $NEWROOT (FRESH_KEEP=1)"
        else
            rm -rf --one-file-system "$NEWROOT"
        fi
    fi
    if [ "$rc" = 0 ]; then log "test-fresh $DIST: PASSED in $((SECONDS - START)) s"
    else log "test-fresh $DIST: FAILED (exit $rc); logs in ${RUN#"$ROOT"/}"; fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A previous run killed with -9 may have left mounts: clean them before starting anew.
for m in $(mounts_under "$NEWROOT"); do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done
[ -z "$(mounts_under "$NEWROOT")" ] || die "$NEWROOT still has mounts from an earlier run"
rm -rf --one-file-system "$NEWROOT"
mkdir -p "$RUN" "$CACHE/$DIST/apt-archives/partial" "$CACHE/cargo-registry"
rm -f "$RUN"/*.log "$RUN"/*.json "$RUN/headers.txt"

# ------------------------------------------------------------------ 1. the root
TARBALL="$CACHE/$DIST/base.tgz"
if [ ! -s "$TARBALL" ]; then
    log "downloading the $DIST base system into ${TARBALL#"$ROOT"/} (debootstrap --make-tarball)"
    rm -rf "$RUN/make-tarball"
    debootstrap --variant=minbase --include="$INCLUDE" --make-tarball="$TARBALL.tmp" "$DIST" "$RUN/make-tarball" "$MIRROR" \
        > "$RUN/debootstrap.log" 2>&1 || { tail -n 20 "$RUN/debootstrap.log" >&2; rm -f "$TARBALL.tmp"; die "debootstrap --make-tarball failed"; }
    mv "$TARBALL.tmp" "$TARBALL"; rm -rf "$RUN/make-tarball"
fi
log "new $DIST root in ${NEWROOT#"$ROOT"/} (debootstrap --variant=minbase --include=$INCLUDE)"
debootstrap --variant=minbase --include="$INCLUDE" --unpack-tarball="$TARBALL" "$DIST" "$NEWROOT" "$MIRROR" \
    >> "$RUN/debootstrap.log" 2>&1 || { tail -n 20 "$RUN/debootstrap.log" >&2; die "debootstrap failed"; }

# ------------------------------------------------------------------ 2. this machine's registry settings
cp -a /etc/apt/apt.conf.d/. "$NEWROOT/etc/apt/apt.conf.d/"
# Keep downloaded packages for the next run (the archive directory is a cache, mounted below).
cat > "$NEWROOT/etc/apt/apt.conf.d/99zz-test-fresh-cache" <<'APT'
#clear DPkg::Post-Invoke;
Binary::apt::APT::Keep-Downloaded-Packages "true";
APT
cp -a /usr/local/share/ca-certificates/. "$NEWROOT/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$NEWROOT" update-ca-certificates > "$RUN/ca.log" 2>&1 || die "update-ca-certificates failed in the root"
for f in /etc/npmrc /usr/etc/npmrc /root/.npmrc /etc/pip.conf /etc/resolv.conf /etc/hosts; do
    [ -f "$f" ] || continue
    mkdir -p "$NEWROOT$(dirname "$f")"
    cp -L "$f" "$NEWROOT$f"
done
env_pass=()
for v in NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR PIP_CERT REQUESTS_CA_BUNDLE CURL_CA_BUNDLE GIT_SSL_CAINFO \
    PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_DEFAULT_TIMEOUT PIP_DISABLE_PIP_VERSION_CHECK; do
    val="${!v:-}"
    [ -n "$val" ] || continue
    # A CA file or folder the variable names, when the root does not have it after update-ca-certificates.
    if [ "${val:0:1}" = / ] && [ -e "$val" ] && [ ! -e "$NEWROOT$val" ]; then
        mkdir -p "$NEWROOT$(dirname "$val")"; cp -aL "$val" "$NEWROOT$val"
    fi
    env_pass+=("$v=$val")
done

# ------------------------------------------------------------------ mounts (all undone by cleanup)
mount -t proc proc "$NEWROOT/proc"
mount -t sysfs sys "$NEWROOT/sys"
mount --rbind /dev "$NEWROOT/dev"; mount --make-rslave "$NEWROOT/dev"
mount --bind "$CACHE/$DIST/apt-archives" "$NEWROOT/var/cache/apt/archives"
mkdir -p "$NEWROOT/opt/rustup" "$NEWROOT/root/.cargo/bin" "$NEWROOT/root/.cargo/registry"
mount --bind "$RUSTUP_DIR" "$NEWROOT/opt/rustup"; mount -o remount,bind,ro "$NEWROOT/opt/rustup"
mount --bind "$CACHE/cargo-registry" "$NEWROOT/root/.cargo/registry"
cp -a "$CARGO_DIR/bin/." "$NEWROOT/root/.cargo/bin/"

# The host's MariaDB port: the root shares this machine's network.
if (exec 3<>/dev/tcp/127.0.0.1/3306) 2>/dev/null; then
    log "127.0.0.1:3306 is taken on this machine: the root's MariaDB will listen on its socket only"
    mkdir -p "$NEWROOT/etc/mysql/mariadb.conf.d"
    printf '# test-fresh: this machine already has a MariaDB on 127.0.0.1:3306\n[mysqld]\nskip-networking\n' \
        > "$NEWROOT/etc/mysql/mariadb.conf.d/99-test-fresh.cnf"
fi
# The demo's port: a free one on this machine (the default 8089 may be another checkout's demo).
port=""
for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 30000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { port=$p; break; }
done
[ -n "$port" ] || die "no free port found"

# ------------------------------------------------------------------ 3. a clone of HEAD
git clone -q --no-hardlinks --no-checkout "$(git rev-parse --path-format=absolute --git-common-dir)" "$NEWROOT/work/mcp-native"
git -C "$NEWROOT/work/mcp-native" checkout -q --detach "$commit"
log "clone of $commit in /work/mcp-native; Rust $(RUSTUP_HOME="$RUSTUP_DIR" "$CARGO_DIR/bin/rustc" --version | cut -d' ' -f2) mounted read-only"

# ------------------------------------------------------------------ 4. the README, inside
in_root() {   # in_root LOGNAME COMMAND: runs COMMAND in the root, in the clone, with a clean environment
    local name="$1"; shift
    chroot "$NEWROOT" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
        PATH=/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        RUSTUP_HOME=/opt/rustup CARGO_HOME=/root/.cargo RUSTUP_AUTO_INSTALL=0 \
        "${env_pass[@]}" "$@" 2>&1 | stamp >> "$RUN/$name.log"
}
stamp() {   # each line with the seconds since test-fresh started
    local line
    while IFS= read -r line || [ -n "$line" ]; do printf '[+%ss] %s\n' "$((SECONDS - START))" "$line"; done
}
step() {   # step NAME SHELL_CODE: one timed step; its log's tail on failure
    local name="$1" code="$2" t0=$SECONDS
    log "$name: $code"
    if ! in_root "$name" bash -c "cd /work/mcp-native && $code"; then
        tail -n 40 "$RUN/$name.log" >&2
        die "$name failed after $((SECONDS - t0)) s (log: ${RUN#"$ROOT"/}/$name.log)"
    fi
    log "$name: done in $((SECONDS - t0)) s"
}

# make demo stays in the foreground: start it in the background and poll for the endpoint.
log "demo: PORT=$port make demo (until the endpoint answers initialize)"
t0=$SECONDS
in_root demo bash -c "cd /work/mcp-native && exec env PORT=$port make demo" < /dev/null &
DEMO_PID=$!
conn="$NEWROOT/work/mcp-native/.demo/connection.json"
limit="${FRESH_DEMO_TIMEOUT:-1800}"
while [ ! -s "$conn" ]; do
    kill -0 "$DEMO_PID" 2>/dev/null || { tail -n 40 "$RUN/demo.log" >&2; die "make demo ended before it served (log: ${RUN#"$ROOT"/}/demo.log)"; }
    [ $((SECONDS - t0)) -lt "$limit" ] || { tail -n 40 "$RUN/demo.log" >&2; die "make demo did not serve within $limit s"; }
    sleep 2
done
sleep 1   # connection.json is written in one go, but let the shell finish the line
json_field() { sed -n "s/^ *\"$1\": *\"\(.*\)\",\{0,1\}$/\1/p" "$conn" | sed 's/\\\//\//g'; }
url="$(json_field url)"; user="$(json_field username)"; password="$(json_field password)"
[ -n "$url" ] && [ -n "$user" ] && [ -n "$password" ] || { cat "$conn" >&2; die "connection.json lacks url, username or password"; }
mcp() {   # mcp BODY [HEADER...]: one MCP request with the demo's application password
    local body="$1"; shift
    curl -s --max-time 30 -D "$RUN/headers.txt" -u "$user:$password" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' "$@" -d "$body" "$url" || true
}
answer="$(mcp '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test-fresh","version":"1"}}}')"
printf '%s\n' "$answer" > "$RUN/initialize.json"
printf '%s' "$answer" | grep -q '"protocolVersion"' && printf '%s' "$answer" | grep -q '"serverInfo"' \
    || { printf 'answer: %s\n' "$answer" | head -c 2000 >&2; tail -n 20 "$RUN/demo.log" >&2; die "initialize at $url did not answer with a result"; }
# One tool call through the extension: the demo's abilities are listed.
session="$(sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: *\([^[:space:]]*\).*$/\1/p' "$RUN/headers.txt" | head -n 1)"
answer="$(mcp '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mcp-adapter-discover-abilities","arguments":{}}}' \
    -H "Mcp-Session-Id: $session" -H 'MCP-Protocol-Version: 2025-11-25')"
printf '%s\n' "$answer" > "$RUN/tools-call.json"
printf '%s' "$answer" | grep -q 'mcp-native-demo/site-summary' \
    || { printf 'answer: %s\n' "$answer" | head -c 2000 >&2; die "tools/call mcp-adapter-discover-abilities did not list the demo's abilities"; }
# PHP must not have failed, warned or deprecated anything while serving (PHP 8.4 on trixie).
php_problems="$(cat "$NEWROOT/work/mcp-native/.demo/site/.mcp-native/debug.log" "$NEWROOT/work/mcp-native/.demo/site/.mcp-native/php-errors.log" 2>/dev/null \
    | grep -E 'PHP (Fatal error|Parse error|Warning|Notice|Deprecated)|Uncaught' || true)"
[ -z "$php_problems" ] || { printf '%s\n' "$php_problems" | sort | uniq -c | head -n 20 >&2; die "PHP logged errors, warnings or deprecations while the demo served"; }
wp_version="$(sed -n 's/^.*site ready: .*WordPress \([^,]*\), PHP \([^)]*\)).*$/\1/p' "$RUN/demo.log" | tail -n 1)"
php_version="$(sed -n 's/^.*site ready: .*WordPress \([^,]*\), PHP \([^)]*\)).*$/\2/p' "$RUN/demo.log" | tail -n 1)"
log "demo: $url answered initialize and tools/call with the application password, PHP logged no problem, after $((SECONDS - t0)) s (WordPress $wp_version, PHP $php_version; $(grep -o 'mcp-native demo is running ([a-z-]*)' "$RUN/demo.log" | head -n 1))"
grep -q 'mcp-native demo is running (with-extension)' "$RUN/demo.log" || die "the demo did not serve with the extension it built"

step demo-stop "make demo-stop"
for _ in $(seq 1 50); do kill -0 "$DEMO_PID" 2>/dev/null || break; sleep 0.2; done
kill -0 "$DEMO_PID" 2>/dev/null && die "make demo still runs after make demo-stop"
wait "$DEMO_PID" 2>/dev/null || true
[ -z "$(procs_in_root)" ] || die "processes still run in the root after make demo-stop: $(procs_in_root | xargs)"

step php-lint "bash scripts/lint.sh --php"   # php -l on every file with this release's PHP (8.4 on trixie)
step unit "make test-php"
grep -E '\] (OK|Tests:|== )' "$RUN/unit.log" | sed 's/^/    /' >&2
if [ "$VALGRIND" = 1 ]; then
    step valgrind "VALGRIND=1 bash scripts/test-php.sh"
    grep -E 'ERROR SUMMARY|\] (OK|Tests:)' "$RUN/valgrind.log" | sed 's/^/    /' >&2
fi
# Last, since it installs the extension for every SAPI (the unit suite's fallback run needs a PHP without it):
# the host's way, `make dist` then `apt install ./dist/php*.deb` and the plugin zip, served by php-fpm.
step packages "MCP_NATIVE_THROWAWAY_ROOT=1 bash scripts/test-packages.sh"
grep -E '\[test-packages\]' "$RUN/packages.log" | sed 's/^/    /' >&2
log "WordPress $wp_version, PHP $php_version, $DIST: make demo served MCP, the unit suites passed$([ "$VALGRIND" = 1 ] && echo ', valgrind clean'), the packages of make dist served MCP from php-fpm"
