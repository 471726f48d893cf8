#!/usr/bin/env bash
# Installs everything the project needs on a Debian bookworm machine (run as root when
# something is missing). Idempotent and fast when all is present: it checks first and runs
# `apt-get update` only when a package is missing.
#
#  1. Debian packages: PHP 8.2 (cli, dev, fpm, embed, mysql, xml, mbstring, curl), clang,
#     libclang-dev, phpunit, mariadb-server, nginx, valgrind.
#  2. WordPress 7.1.x from Debian sid into .cache/wordpress, WITHOUT touching the system's apt
#     sources: a separate sources list and state dir under .cache/apt-sid, `apt-get download`
#     of wordpress and the packages its symlinks point into, `dpkg -x`, `cp -aL`.
#  3. npm packages of the end-to-end tests (tests/e2e), when that folder has a package.json.
#
# Environment: WP_SID_VERSION_PREFIX (default 7.1.) = the WordPress version we require.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export DEBIAN_FRONTEND=noninteractive
WP_VERSION_PREFIX="${WP_SID_VERSION_PREFIX:-7.1.}"
log() { printf '[install-deps] %s\n' "$*" >&2; }
die() { printf '[install-deps] ERROR: %s\n' "$*" >&2; exit 1; }

# Several scripts (test-wp, test-e2e, demo) may run this at the same time: one at a time.
mkdir -p "$ROOT/.cache"
exec 9>"$ROOT/.cache/.install-deps.lock"
command -v flock >/dev/null 2>&1 && { flock -w 900 9 || die "another install-deps.sh held the lock for 15 minutes"; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@";
    elif command -v sudo >/dev/null 2>&1; then sudo -n "$@" || die "needs root: $*";
    else die "needs root to run: $*"; fi
}

# ---------------------------------------------------------------- 1. Debian packages
APT_PACKAGES=(php8.2-cli php8.2-dev php8.2-fpm php8.2-mysql php8.2-xml php8.2-mbstring
    php8.2-curl clang libclang-dev phpunit mariadb-server nginx libphp8.2-embed valgrind
    ca-certificates curl)
installed="$( (dpkg-query -W -f='${Package} ${Status}\n' "${APT_PACKAGES[@]}" 2>/dev/null || true) | awk '/install ok installed/ {print $1}')"
missing=()
for p in "${APT_PACKAGES[@]}"; do
    grep -qx "$p" <<<"$installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    log "installing: ${missing[*]}"
    # Services must not be started by the package scripts in containers without init;
    # our scripts start MariaDB themselves. policy-rc.d is only added if none exists.
    added_policy=0
    if [ ! -e /usr/sbin/policy-rc.d ] && [ "$(id -u)" = 0 ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; added_policy=1
    fi
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    [ "$added_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
    log "apt packages installed"
fi

# ---------------------------------------------------------------- 2. WordPress 7.1 from sid
WP_CACHE="$ROOT/.cache/wordpress"
wp_cached_version() {
    [ -f "$WP_CACHE/wp-includes/version.php" ] || return 1
    sed -n "s/^\$wp_version = '\([^']*\)';/\1/p" "$WP_CACHE/wp-includes/version.php"
}
have="$(wp_cached_version || true)"
if [[ "$have" != "$WP_VERSION_PREFIX"* ]] || [ ! -f "$WP_CACHE/wp-includes/PHPMailer/PHPMailer.php" ] \
    || [ ! -d "$WP_CACHE/wp-content/themes/twentytwentyfive" ]; then
    log "fetching WordPress ${WP_VERSION_PREFIX}x from Debian sid (separate apt state in .cache/apt-sid)"
    SID="$ROOT/.cache/apt-sid"
    rm -rf "$SID/debs" "$SID/root"
    mkdir -p "$SID/lists/partial" "$SID/cache/archives/partial" "$SID/debs" "$SID/root"
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    [ -f "$keyring" ] || die "missing $keyring (package debian-archive-keyring)"
    echo "deb [signed-by=$keyring] http://deb.debian.org/debian sid main" > "$SID/sources.list"
    APT_SID=(-o "Dir::Etc::SourceList=$SID/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$SID/lists" -o "Dir::Cache=$SID/cache"
        -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
        -o Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=false
        -o APT::Sandbox::User=root -qq)
    apt-get "${APT_SID[@]}" update >/dev/null || die "apt-get update (sid, private state) failed"
    cand="$(apt-cache "${APT_SID[@]}" policy wordpress | sed -n 's/^ *Candidate: //p')"
    [[ "$cand" == "$WP_VERSION_PREFIX"* ]] || die "Debian sid offers wordpress '$cand', we need ${WP_VERSION_PREFIX}x"
    # wordpress symlinks files into these packages: unpack them together, then resolve links.
    (cd "$SID/debs" && apt-get "${APT_SID[@]}" download wordpress libphp-phpmailer php-getid3 \
        libjs-underscore libjs-lodash libjs-jquery-ui libjs-cropper wordpress-theme-twentytwentyfive >/dev/null) \
        || die "apt-get download failed"
    for deb in "$SID"/debs/*.deb; do dpkg -x "$deb" "$SID/root"; done
    src="$SID/root/usr/share/wordpress"
    rm -f "$src/.htaccess" "$src/wp-config.php"   # Debian-specific: .htaccess -> /etc, our own wp-config.php
    dangling="$(find "$src" -xtype l | grep -v '/ca-bundle.crt$' || true)"
    [ -z "$dangling" ] || die "unresolved symlinks in the wordpress package: $dangling"
    tmp="$WP_CACHE.tmp.$$"
    rm -rf "$tmp"
    cp -aL "$src" "$tmp"
    mkdir -p "$tmp/wp-content/uploads" "$tmp/wp-content/mu-plugins"
    rm -rf "$WP_CACHE"; mv "$tmp" "$WP_CACHE"
    rm -rf "$SID/root" "$SID/debs"
    log "WordPress $(wp_cached_version) ready in .cache/wordpress"
fi

# ---------------------------------------------------------------- 3. npm packages (e2e)
E2E="$ROOT/tests/e2e"
if [ -f "$E2E/package.json" ]; then
    stamp="$E2E/node_modules/.mcp-native-stamp"
    want="$(cat "$E2E/package.json" "$E2E/package-lock.json" 2>/dev/null | sha256sum | cut -d' ' -f1)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        command -v npm >/dev/null || die "npm not found (node 20 expected on the machine)"
        log "installing npm packages in tests/e2e"
        if [ -f "$E2E/package-lock.json" ]; then
            (cd "$E2E" && npm ci --no-audit --no-fund --loglevel=error)
        else
            (cd "$E2E" && npm install --no-audit --no-fund --loglevel=error)
        fi
        want="$(cat "$E2E/package.json" "$E2E/package-lock.json" 2>/dev/null | sha256sum | cut -d' ' -f1)"
        echo "$want" > "$stamp"
    fi
fi

# ---------------------------------------------------------------- 4. clients with their own installs
# The Python SDK (a venv in .cache/python-mcp) and the Inspector CLI (tests/e2e/inspector), used by
# the end-to-end suite; idempotent, and out of the node tests' own time limits.
bash "$ROOT/tests/e2e/python/setup.sh" >/dev/null
bash "$ROOT/tests/e2e/inspector/setup.sh" >/dev/null
exit 0
