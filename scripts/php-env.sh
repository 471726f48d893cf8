# shellcheck shell=bash
# scripts/php-env.sh: the one place that decides which PHP this checkout builds and tests against.
# Source it. Sets PHP_VERSION (exported) and, unless already set, PHP (the php binary),
# PHP_FPM (the php-fpm binary) and MCP_PHP_CONFIG (the php-config of that PHP).
#
# PHP_VERSION is taken from the environment when set, else Debian's default PHP of this release:
# 8.2 on Debian 12 (bookworm), 8.4 on Debian 13 (trixie); on another release the version the
# php-cli package points to, else the installed php's. Tested releases: bookworm and trixie.
_mcp_php_version() {
    local codename="" v=""
    [ -r /etc/os-release ] && codename="$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")"
    case "$codename" in
        bookworm) echo 8.2; return ;;
        trixie) echo 8.4; return ;;
    esac
    v="$(apt-cache depends php-cli 2>/dev/null | sed -n 's/.*Depends: php\([0-9]*\.[0-9]*\)-cli$/\1/p' | head -n 1)"
    [ -n "$v" ] || v="$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' 2>/dev/null || true)"
    echo "${v:-8.2}"
}
: "${PHP_VERSION:=$(_mcp_php_version)}"
export PHP_VERSION
: "${PHP:=php$PHP_VERSION}"
: "${PHP_FPM:=php-fpm$PHP_VERSION}"
: "${MCP_PHP_CONFIG:=${PHP_CONFIG:-php-config$PHP_VERSION}}"
