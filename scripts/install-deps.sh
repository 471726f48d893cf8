#!/usr/bin/env bash
# Installs what a command needs and no more (run as root, or with sudo, when something is missing).
# Idempotent and fast when all is present: it checks first and runs `apt-get update` only when a
# package is missing. Never assumes Node, npm or Python on the machine.
#
#   scripts/install-deps.sh [GROUP...]      (default: demo)
#
#   demo    what `make demo` and `make build` need: PHP (cli, dev, mysql, xml, mbstring, curl) of this
#           Debian release (scripts/php-env.sh: 8.2 on Debian 12, 8.4 on Debian 13), clang and
#           libclang-dev (bindgen), MariaDB, and WordPress >= 7.1 from Debian sid into
#           .cache/wordpress WITHOUT touching the system's apt sources (a separate sources list and
#           state dir under .cache/apt-sid, `apt-get download` of wordpress and the packages its
#           symlinks point into, `dpkg -x`, `cp -aL`).
#   unit    demo + PHPUnit and valgrind (the unit suite, soak, fuzz), and the wp-includes of Debian
#           trixie's WordPress (6.8.x) in .cache/wordpress-trixie (the differential suites' second
#           core; WP_SECOND_SUITE=bookworm takes 6.1.x into .cache/wordpress-bookworm instead).
#   wp      demo + PHPUnit, php-fpm, nginx, python3 (WordPress suite, install test, load test).
#   node    the project's own Node 22 and npm 10 from npm into .cache/node22 (see
#           scripts/node-env.sh; Debian's npm is installed only to fetch them when the machine has
#           no npm at all), then the npm packages of tests/e2e and the Inspector CLI.
#   python  python3-venv and the Python MCP SDK in a venv (.cache/python-mcp).
#   browser Debian's chromium (the browser test).
#   load    wrk (the load test).
#   dist    zip (make dist: the plugin zip; dpkg-deb comes with dpkg).
#   all     every group above.
#
# Environment: WP_MIN_VERSION (default 7.1) = the lowest WordPress from sid we take; below 6.9
# (no Abilities API) is always an error.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export DEBIAN_FRONTEND=noninteractive
WP_MIN_VERSION="${WP_MIN_VERSION:-7.1}"
WP_FLOOR_VERSION=6.9
log() { printf '[install-deps] %s\n' "$*" >&2; }
die() { printf '[install-deps] ERROR: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/php-env.sh
source "$ROOT/scripts/php-env.sh"

want_demo=0; want_unit=0; want_wp=0; want_node=0; want_python=0; want_browser=0; want_load=0; want_dist=0
[ "$#" -gt 0 ] || set -- demo
for group in "$@"; do
    case "$group" in
        demo) want_demo=1 ;;
        unit) want_demo=1; want_unit=1 ;;
        wp) want_demo=1; want_wp=1 ;;
        node) want_node=1 ;;
        python) want_python=1 ;;
        browser) want_browser=1 ;;
        load) want_load=1 ;;
        dist) want_dist=1 ;;
        all) want_demo=1; want_unit=1; want_wp=1; want_node=1; want_python=1; want_browser=1; want_load=1; want_dist=1 ;;
        *) die "unknown group '$group' (demo, unit, wp, node, python, browser, load, dist, all)" ;;
    esac
done

# Several scripts (test-wp, test-e2e, demo) may run this at the same time: one at a time.
mkdir -p "$ROOT/.cache"
exec 9>"$ROOT/.cache/.install-deps.lock"
command -v flock >/dev/null 2>&1 && { flock -w 900 9 || die "another install-deps.sh held the lock for 15 minutes"; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@";
    elif command -v sudo >/dev/null 2>&1; then sudo -n "$@" || die "needs root: $*";
    else die "needs root to run: $*"; fi
}

# apt_install PACKAGE...: installs those not installed yet.
apt_install() {
    local installed missing=() p added_policy=0
    # dpkg-query exits non-zero when it does not know a package: that must not end the script.
    installed="$( (dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null || true) | awk '/install ok installed/ {print $1}')"
    for p in "$@"; do
        grep -qx "$p" <<<"$installed" || missing+=("$p")
    done
    [ "${#missing[@]}" -gt 0 ] || return 0
    log "installing: ${missing[*]}"
    # Services must not be started by the package scripts in containers without init;
    # our scripts start MariaDB themselves. policy-rc.d is only added if none exists.
    if [ ! -e /usr/sbin/policy-rc.d ] && [ "$(id -u)" = 0 ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; added_policy=1
    fi
    local rc=0
    as_root apt-get update -qq || rc=$?
    [ "$rc" = 0 ] && { as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || rc=$?; }
    [ "$added_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
    [ "$rc" = 0 ] || die "apt-get install ${missing[*]} failed (exit $rc)"
    log "apt packages installed"
}

# ---------------------------------------------------------------- 1. Debian packages
packages=()
if [ "$want_demo" = 1 ]; then
    packages+=("php$PHP_VERSION-cli" "php$PHP_VERSION-dev" "php$PHP_VERSION-mysql" "php$PHP_VERSION-xml"
        "php$PHP_VERSION-mbstring" "php$PHP_VERSION-curl" clang libclang-dev mariadb-server
        ca-certificates curl debian-archive-keyring)
fi
[ "$want_unit" = 1 ] && packages+=(phpunit valgrind)
[ "$want_wp" = 1 ] && packages+=(phpunit "php$PHP_VERSION-fpm" nginx python3)
[ "$want_python" = 1 ] && packages+=(python3 python3-venv)
[ "$want_browser" = 1 ] && packages+=(chromium)
[ "$want_load" = 1 ] && packages+=(wrk)
[ "$want_dist" = 1 ] && packages+=(zip)
[ "${#packages[@]}" -eq 0 ] || apt_install "${packages[@]}"

# ---------------------------------------------------------------- 2. WordPress >= 7.1 from sid
# version_ge A B: A >= B for dotted versions (7.10 > 7.9).
version_ge() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$2" ]; }
WP_CACHE="$ROOT/.cache/wordpress"
wp_cached_version() {
    [ -f "$WP_CACHE/wp-includes/version.php" ] || return 1
    sed -n "s/^\$wp_version = '\([^']*\)';/\1/p" "$WP_CACHE/wp-includes/version.php"
}
if [ "$want_demo" = 1 ]; then
    have="$(wp_cached_version || true)"
    if [ -z "$have" ] || ! version_ge "$have" "$WP_MIN_VERSION" || [ ! -f "$WP_CACHE/wp-includes/PHPMailer/PHPMailer.php" ] \
        || [ ! -d "$WP_CACHE/wp-content/themes/twentytwentyfive" ]; then
        log "fetching WordPress >= $WP_MIN_VERSION from Debian sid (separate apt state in .cache/apt-sid)"
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
        upstream="${cand#*:}"; upstream="${upstream%%[-+~]*}"
        [ -n "$upstream" ] && [ "$cand" != "(none)" ] || die "Debian sid offers no wordpress package"
        version_ge "$upstream" "$WP_FLOOR_VERSION" \
            || die "Debian sid offers WordPress $upstream: mcp-native needs >= $WP_FLOOR_VERSION (the Abilities API) and is tested on >= $WP_MIN_VERSION"
        version_ge "$upstream" "$WP_MIN_VERSION" \
            || die "Debian sid offers WordPress $upstream, below the tested $WP_MIN_VERSION (WP_MIN_VERSION=$upstream accepts it)"
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
        have="$(wp_cached_version)"
        log "WordPress $have (Debian sid $cand) ready in .cache/wordpress"
    fi
    version_ge "$have" "$WP_FLOOR_VERSION" || die "WordPress $have in .cache/wordpress is below $WP_FLOOR_VERSION"
fi

# ------------------------------------------- 2b. a second, older WordPress core for the differential
# The unit group's differential suites (tests/php/unit/support/OtherCores.php) also ask an older
# WordPress core for its verdicts: Debian trixie's wordpress (6.8.x), the same way as sid's (own
# sources list and apt state in .cache/apt-trixie, `apt-get download`, `dpkg -x`), keeping only
# the wp-includes files the validation path loads (tests/validation/wp-core.php): the top-level
# PHP files, l10n/, pomo/ and Requests/ (8 MB) in .cache/wordpress-trixie. Fetched once.
WP_SECOND_SUITE="${WP_SECOND_SUITE:-trixie}"
if [ "$want_unit" = 1 ] && [ ! -f "$ROOT/.cache/wordpress-$WP_SECOND_SUITE/wp-includes/rest-api.php" ]; then
    log "fetching WordPress from Debian $WP_SECOND_SUITE for the differential suites (separate apt state in .cache/apt-$WP_SECOND_SUITE)"
    SEC="$ROOT/.cache/apt-$WP_SECOND_SUITE"
    rm -rf "$SEC/debs" "$SEC/root"
    mkdir -p "$SEC/lists/partial" "$SEC/cache/archives/partial" "$SEC/debs" "$SEC/root"
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    [ -f "$keyring" ] || die "missing $keyring (package debian-archive-keyring)"
    {
        echo "deb [signed-by=$keyring] http://deb.debian.org/debian $WP_SECOND_SUITE main"
        echo "deb [signed-by=$keyring] http://deb.debian.org/debian-security $WP_SECOND_SUITE-security main"
    } > "$SEC/sources.list"
    APT_SEC=(-o "Dir::Etc::SourceList=$SEC/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$SEC/lists" -o "Dir::Cache=$SEC/cache"
        -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
        -o Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=false
        -o APT::Sandbox::User=root -qq)
    timeout 300 apt-get "${APT_SEC[@]}" update >/dev/null || die "apt-get update ($WP_SECOND_SUITE, private state) failed"
    cand="$(apt-cache "${APT_SEC[@]}" policy wordpress | sed -n 's/^ *Candidate: //p')"
    [ -n "$cand" ] && [ "$cand" != "(none)" ] || die "Debian $WP_SECOND_SUITE offers no wordpress package"
    (cd "$SEC/debs" && timeout 300 apt-get "${APT_SEC[@]}" download wordpress >/dev/null) || die "apt-get download (wordpress, $WP_SECOND_SUITE) failed"
    dpkg -x "$SEC"/debs/wordpress_*.deb "$SEC/root"
    inc="$SEC/root/usr/share/wordpress/wp-includes"
    tmp="$ROOT/.cache/wordpress-$WP_SECOND_SUITE.tmp.$$"
    rm -rf "$tmp"; mkdir -p "$tmp/wp-includes"
    cp -aL "$inc"/*.php "$inc/l10n" "$inc/pomo" "$inc/Requests" "$tmp/wp-includes/"
    rm -rf "$ROOT/.cache/wordpress-$WP_SECOND_SUITE"; mv "$tmp" "$ROOT/.cache/wordpress-$WP_SECOND_SUITE"
    rm -rf "$SEC/root" "$SEC/debs"
    log "WordPress $(sed -n "s/^\$wp_version = '\([^']*\)';/\1/p" "$ROOT/.cache/wordpress-$WP_SECOND_SUITE/wp-includes/version.php") (Debian $WP_SECOND_SUITE $cand) ready in .cache/wordpress-$WP_SECOND_SUITE"
fi

# ---------------------------------------------------------------- 3. Node 22 and the npm packages
if [ "$want_node" = 1 ]; then
    # shellcheck source=scripts/node-env.sh
    MCP_NODE_ENV_NO_CHECK=1 source "$ROOT/scripts/node-env.sh"
    if ! node22_ready; then
        bootstrap_npm="$(command -v npm || true)"
        if [ -z "$bootstrap_npm" ]; then
            log "no npm on this machine: installing Debian's npm only to fetch Node 22 from npm"
            apt_install npm
            bootstrap_npm="$(command -v npm)" || die "Debian's npm did not install an npm command"
        fi
        log "installing Node 22 and npm 10 from npm into ${NODE22_PREFIX#"$ROOT"/}"
        mkdir -p "$NODE22_PREFIX/bin"
        [ -f "$NODE22_PREFIX/package.json" ] || echo '{"private":true}' > "$NODE22_PREFIX/package.json"
        timeout 600 "$bootstrap_npm" install --prefix "$NODE22_PREFIX" --no-audit --no-fund --loglevel=error node@22 npm@10 >&2 \
            || die "npm install node@22 npm@10 failed"
        node_bin="$NODE22_PREFIX/node_modules/node/bin/node"
        if ! "$node_bin" --version 2>/dev/null | grep -q '^v22\.'; then
            # The `node` package fetches the binary in an install script; where npm did not run it,
            # install the platform package it would have fetched.
            case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
            timeout 600 "$bootstrap_npm" install --prefix "$NODE22_PREFIX" --no-audit --no-fund --loglevel=error "node-linux-$arch@22" >&2 \
                || die "npm install node-linux-$arch@22 failed"
            node_bin="$NODE22_PREFIX/node_modules/node-linux-$arch/bin/node"
        fi
        # Relative links: .cache may be shared by several checkouts (a symlink).
        ln -sfn "../${node_bin#"$NODE22_PREFIX"/}" "$NODE22_PREFIX/bin/node"
        for tool in npm npx; do
            printf '#!/bin/sh\nd="$(dirname "$(readlink -f "$0")")"\nexec "$d/node" "$d/../node_modules/npm/bin/%s-cli.js" "$@"\n' \
                "$tool" > "$NODE22_PREFIX/bin/$tool"
            chmod +x "$NODE22_PREFIX/bin/$tool"
        done
        node22_ready || die "no working Node 22 + npm in ${NODE22_PREFIX#"$ROOT"/}/bin"
    fi
    export PATH="$NODE22_PREFIX/bin:$PATH"

    E2E="$ROOT/tests/e2e"
    if [ -f "$E2E/package.json" ]; then
        stamp="$E2E/node_modules/.mcp-native-stamp"
        want="$(cat "$E2E/package.json" "$E2E/package-lock.json" 2>/dev/null | sha256sum | cut -d' ' -f1)"
        if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
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
    # The Inspector CLI (tests/e2e/inspector), out of the node tests' own time limits.
    bash "$ROOT/tests/e2e/inspector/setup.sh" >/dev/null
fi

# ---------------------------------------------------------------- 4. the Python SDK
# A venv in .cache/python-mcp, used by the end-to-end suite; idempotent.
[ "$want_python" = 1 ] && bash "$ROOT/tests/e2e/python/setup.sh" >/dev/null
exit 0
