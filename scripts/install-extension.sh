#!/usr/bin/env bash
# Installs the mcp_native PHP extension the way Debian/Ubuntu install their own PHP extensions:
#
#   1. builds it (cargo build --release), unless --no-build or --so FILE;
#   2. copies it to `php-config --extension-dir` as mcp_native.so;
#   3. writes /etc/php/X.Y/mods-available/mcp_native.ini ("; priority=20", "extension=mcp_native")
#      and enables it for the CLI and FPM SAPIs (phpenmod, which links conf.d/20-mcp_native.ini);
#      on a PHP without that layout it writes mcp_native.ini into the CLI's conf.d scan dir (and
#      the FPM one, if found) instead;
#   4. checks that `php -m` now lists mcp_native, and with --restart-fpm restarts php X.Y-fpm.
#
# Usage: scripts/install-extension.sh [options]
#   --no-build        do not build; install target/release/libmcp_native.so as it is
#   --so FILE         install FILE instead (implies --no-build)
#   --restart-fpm     restart phpX.Y-fpm afterwards (service or systemctl); system installs only
#   --uninstall       remove what an install put there (phpdismod, the ini file, the .so)
#   -h, --help
#
# Environment:
#   PHP_CONFIG  php-config of the target PHP (default php-config8.2, else php-config)
#   PHP         php CLI of the target PHP, for the checks (default php<version>, else php)
#   DESTDIR     stage everything under this root instead of / (packaging, tests): the .so goes
#               to $DESTDIR<extension-dir>, the ini to $DESTDIR/etc/php/X.Y/mods-available and
#               relative links to $DESTDIR/etc/php/X.Y/{cli,fpm}/conf.d/20-mcp_native.ini (what
#               phpenmod would make); no phpenmod, no `php -m` check, no FPM restart.
#   EXT_DIR     override the extension directory (default: php-config --extension-dir)
#   INI_DIRS    space-separated conf.d directories to write mcp_native.ini into directly,
#               instead of the Debian mods-available/phpenmod layout
#
# Exit status: 0 installed (or removed) and verified; 1 on any failure, with a message.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf '[install-extension] %s\n' "$*" >&2; }
die() { printf '[install-extension] ERROR: %s\n' "$*" >&2; exit 1; }

build=1; so=""; restart=0; uninstall=0
while [ "$#" -gt 0 ]; do
    case "$1" in
        --no-build) build=0 ;;
        --so) [ "$#" -ge 2 ] || die "--so needs a file"; so="$2"; build=0; shift ;;
        --so=*) so="${1#--so=}"; build=0 ;;
        --restart-fpm) restart=1 ;;
        --uninstall) uninstall=1; build=0 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option '$1' (see --help)" ;;
    esac
    shift
done

# ------------------------------------------------------------------ the target PHP
if [ -z "${PHP_CONFIG:-}" ]; then
    if command -v php-config8.2 >/dev/null 2>&1; then PHP_CONFIG=php-config8.2
    elif command -v php-config >/dev/null 2>&1; then PHP_CONFIG=php-config
    else die "php-config not found (Debian/Ubuntu: apt-get install php8.2-dev)"; fi
fi
php_full="$("$PHP_CONFIG" --version)" || die "$PHP_CONFIG --version failed"
php_ver="$(printf '%s' "$php_full" | cut -d. -f1,2)"
if [ -z "${PHP:-}" ]; then
    if command -v "php$php_ver" >/dev/null 2>&1; then PHP="php$php_ver"; else PHP=php; fi
fi
ext_dir="${EXT_DIR:-$("$PHP_CONFIG" --extension-dir)}"
[ -n "$ext_dir" ] || die "$PHP_CONFIG --extension-dir printed nothing"
dest="${DESTDIR:-}"
dest="${dest%/}"
etc="/etc/php/$php_ver"
so_target="$dest$ext_dir/mcp_native.so"
log "PHP $php_full ($PHP_CONFIG), extension dir $ext_dir${dest:+, staged under $dest}"

# Which layout: Debian (mods-available + conf.d links per SAPI) or plain conf.d directories.
layout=debian
ini_dirs=()
if [ -n "${INI_DIRS:-}" ]; then
    layout=confd
    read -r -a ini_dirs <<<"$INI_DIRS"
elif [ -z "$dest" ] && { [ ! -d "$etc/mods-available" ] || ! command -v phpenmod >/dev/null 2>&1; }; then
    layout=confd
    scan="$("$PHP" -r 'echo PHP_CONFIG_FILE_SCAN_DIR;' 2>/dev/null || true)"
    [ -n "$scan" ] || die "no Debian layout ($etc/mods-available + phpenmod) and $PHP has no conf.d scan dir: set INI_DIRS"
    ini_dirs=("$scan")
    fpm_scan="$(dirname "$scan")/../fpm/conf.d"
    [ -d "$fpm_scan" ] && ini_dirs+=("$(cd "$fpm_scan" && pwd)")
fi
sapis=()
for s in cli fpm; do
    if [ -n "$dest" ] || [ -d "$etc/$s/conf.d" ]; then sapis+=("$s"); fi
done

INI_BODY="; mcp_native: the native (Rust) core of the MCP Native WordPress plugin
; installed by scripts/install-extension.sh; remove with --uninstall
; priority=20
extension=mcp_native
"

# ------------------------------------------------------------------ uninstall
if [ "$uninstall" = 1 ]; then
    if [ "$layout" = debian ]; then
        if [ -z "$dest" ]; then
            phpdismod -v "$php_ver" -s ALL mcp_native 2>/dev/null || true
        fi
        for s in "${sapis[@]}"; do rm -f "$dest$etc/$s/conf.d/20-mcp_native.ini"; done
        rm -f "$dest$etc/mods-available/mcp_native.ini"
    else
        for d in "${ini_dirs[@]}"; do rm -f "$dest$d/mcp_native.ini"; done
    fi
    rm -f "$so_target"
    if [ -z "$dest" ] && grep -qx mcp_native <<<"$("$PHP" -m 2>/dev/null)"; then
        die "removed the files, but $PHP -m still lists mcp_native (another ini file loads it: $PHP --ini)"
    fi
    if [ "$restart" = 1 ] && [ -z "$dest" ]; then restart_fpm=1; else restart_fpm=0; fi
    log "removed mcp_native"
else
    # -------------------------------------------------------------- build
    if [ -z "$so" ]; then
        so="$ROOT/target/release/libmcp_native.so"
        if [ "$build" = 1 ]; then
            command -v cargo >/dev/null || die "cargo not found (install Rust, or use --so FILE)"
            log "building (cargo build --release)"
            (cd "$ROOT" && { PHP_CONFIG="$PHP_CONFIG" cargo build --release --locked 2>/dev/null || PHP_CONFIG="$PHP_CONFIG" cargo build --release; }) >&2 \
                || die "cargo build --release failed"
        fi
    fi
    [ -f "$so" ] || die "$so does not exist (build it: make build, or drop --no-build)"
    # The file must be a loadable extension for THIS PHP before anything is changed.
    info="$("$PHP" -n -d "extension=$(cd "$(dirname "$so")" && pwd)/$(basename "$so")" --ri mcp_native 2>&1)" \
        || die "$so does not load into $PHP: $info"
    version="$(printf '%s\n' "$info" | sed -n 's/^version => //p')"
    log "installing mcp_native $version"

    # -------------------------------------------------------------- copy the .so
    mkdir -p "$(dirname "$so_target")"
    tmp="$so_target.tmp.$$"
    cp "$so" "$tmp" && chmod 0644 "$tmp" && mv -f "$tmp" "$so_target" || { rm -f "$tmp"; die "could not write $so_target"; }
    log "copied to $so_target"

    # -------------------------------------------------------------- ini files
    if [ "$layout" = debian ]; then
        mkdir -p "$dest$etc/mods-available"
        printf '%s' "$INI_BODY" > "$dest$etc/mods-available/mcp_native.ini"
        log "wrote $dest$etc/mods-available/mcp_native.ini"
        if [ -z "$dest" ]; then
            [ "${#sapis[@]}" -gt 0 ] || die "neither $etc/cli/conf.d nor $etc/fpm/conf.d exists"
            for s in "${sapis[@]}"; do phpenmod -v "$php_ver" -s "$s" mcp_native || die "phpenmod -s $s failed"; done
        else
            for s in "${sapis[@]}"; do
                mkdir -p "$dest$etc/$s/conf.d"
                ln -sfn ../../mods-available/mcp_native.ini "$dest$etc/$s/conf.d/20-mcp_native.ini"
            done
        fi
        for s in "${sapis[@]}"; do log "enabled for $s: $dest$etc/$s/conf.d/20-mcp_native.ini"; done
    else
        for d in "${ini_dirs[@]}"; do
            mkdir -p "$dest$d"
            printf '%s' "$INI_BODY" > "$dest$d/mcp_native.ini"
            log "wrote $dest$d/mcp_native.ini"
        done
    fi

    # -------------------------------------------------------------- check
    if [ -z "$dest" ] && [ -z "${EXT_DIR:-}" ]; then
        grep -qx mcp_native <<<"$("$PHP" -m 2>/dev/null)" || die "$PHP -m does not list mcp_native after the install (see $PHP --ini)"
        log "$PHP -m lists mcp_native; $("$PHP" --ri mcp_native | sed -n 's/^version => /version /p')"
    fi
    if [ "$restart" = 1 ] && [ -z "$dest" ]; then restart_fpm=1; else restart_fpm=0; fi
fi

# ------------------------------------------------------------------ FPM
if [ "$restart_fpm" = 1 ]; then
    svc="php$php_ver-fpm"
    if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet "$svc" 2>/dev/null; then
        timeout 60 systemctl restart "$svc" || die "systemctl restart $svc failed"
        log "restarted $svc (systemctl)"
    elif command -v service >/dev/null 2>&1 && [ -x "/etc/init.d/$svc" ]; then
        timeout 60 service "$svc" restart >/dev/null || die "service $svc restart failed"
        log "restarted $svc (service)"
    else
        log "no $svc service found: restart your PHP-FPM yourself so it loads the change"
    fi
elif [ -z "$dest" ]; then
    log "restart PHP-FPM so its workers load the change (e.g. systemctl restart php$php_ver-fpm), or rerun with --restart-fpm"
fi
exit 0
