#!/usr/bin/env bash
# `make dist`: the two packages a host installs, built into dist/ (gitignored).
#
#  1. dist/mcp-native-VERSION.zip: the plugin in the plugin directory's layout: one top folder
#     mcp-native/ holding the files git tracks under wp-plugin/ (so nothing local or untracked),
#     without development files (tests, PHPUnit and PHPCS configs, dotfiles), plus build.php (the
#     hash of the build's PHP files: the key of cached tool lists). VERSION is the plugin header's
#     Version.
#  2. dist/phpX.Y-mcp-native_VERSION-1_ARCH.deb: the extension for this Debian release's PHP
#     (scripts/php-env.sh: php8.2 on Debian 12, php8.4 on Debian 13), made with dpkg-deb from
#     target/release/libmcp_native.so (`make dist` runs cargo build --release first):
#       - the .so as `php-config --extension-dir`/mcp_native.so;
#       - /etc/php/X.Y/mods-available/mcp_native.ini (a conffile: "; priority=20",
#         "extension=mcp_native");
#       - postinst: `phpenmod -v X.Y -m mcp_native` (every installed SAPI: CLI, FPM, ...; -m as
#         Debian's own PHP packages do, so an administrator's phpdismod is kept on upgrade);
#         postrm: `phpdismod` on remove, and its state dropped on purge;
#       - triggers: php-fpm (and Apache's mod_php) restart when the package is configured, as
#         for Debian's own php extension packages;
#       - Depends: phpX.Y-common, phpapi-NNNNNNNN (the API the .so was built for: provided by
#         phpX.Y-cli, -fpm, -cgi, libapache2-mod-phpX.Y), libc6 (>= the newest GLIBC symbol
#         version the .so uses), libgcc-s1.
#     The .so must load into this PHP (php -n --ri mcp_native) before it is packaged.
#
# lintian (when installed) reports no error or warning on the .deb but initial-upload-closes-no-bugs
# (Debian's own archive wants an ITP bug closed): make test-install checks it.
#
# Environment: EXT_SO (default target/release/libmcp_native.so), DIST_DIR (default dist),
#   DEB_MAINTAINER (default "mcp-native contributors <noreply@mcp-native.invalid>"),
#   DEB_REVISION (default 1). Prints the two paths on stdout.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf '[dist] %s\n' "$*" >&2; }
die() { printf '[dist] ERROR: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/php-env.sh
source scripts/php-env.sh

EXT_SO="${EXT_SO:-$ROOT/target/release/libmcp_native.so}"
DIST_DIR="${DIST_DIR:-$ROOT/dist}"
MAINTAINER="${DEB_MAINTAINER:-mcp-native contributors <noreply@mcp-native.invalid>}"
REVISION="${DEB_REVISION:-1}"
command -v zip >/dev/null || die "zip not found (scripts/install-deps.sh dist installs it)"
command -v dpkg-deb >/dev/null || die "dpkg-deb not found (a Debian system has it: package dpkg)"
command -v "$MCP_PHP_CONFIG" >/dev/null || die "$MCP_PHP_CONFIG not found (php$PHP_VERSION-dev)"
[ -f "$EXT_SO" ] || die "$EXT_SO does not exist (make build)"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || die "not a git checkout: the zip lists the files git tracks"
mkdir -p "$DIST_DIR"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/mcp-native-dist.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# ------------------------------------------------------------------ 1. the plugin zip
plugin_version="$(sed -n 's/^[ *]*Version:[[:space:]]*\([^[:space:]]*\).*$/\1/p' wp-plugin/mcp-native.php | head -n 1)"
[ -n "$plugin_version" ] || die "no Version: header in wp-plugin/mcp-native.php"
stage="$WORK/zip/mcp-native"
mkdir -p "$stage"
count=0
while IFS= read -r -d '' f; do
    rel="${f#wp-plugin/}"
    case "/$rel" in
        */tests/*|*/phpunit.xml*|*/.phpcs.xml*|*/phpcs.xml*|*/.*) continue ;;   # development files
    esac
    [ -f "$f" ] || die "$f is tracked by git but missing from the working tree"
    mkdir -p "$stage/$(dirname "$rel")"
    cp -p "$f" "$stage/$rel"
    count=$((count + 1))
done < <(git ls-files -z -- wp-plugin)
[ -f "$stage/mcp-native.php" ] && [ -f "$stage/readme.txt" ] || die "the staged plugin lacks mcp-native.php or readme.txt"
# The build's hash: what keys the cached tools/list (Tools/ToolListCache::code_stamp) in place of
# a checkout's file times, so an update of the plugin never serves a list the old code made.
build_hash="$(cd "$stage" && find . -type f -name '*.php' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-32)"
printf "<?php\n// Written by make dist: the hash of this build's PHP files.\nreturn array( 'hash' => '%s' );\n" "$build_hash" > "$stage/build.php"
zip_file="$DIST_DIR/mcp-native-$plugin_version.zip"
rm -f "$zip_file"
(cd "$WORK/zip" && zip -q -r -X "$zip_file" mcp-native) || die "zip failed"
log "plugin: ${zip_file#"$ROOT"/} ($count files under mcp-native/)"

# ------------------------------------------------------------------ 2. the extension's .deb
ext_dir="$("$MCP_PHP_CONFIG" --extension-dir)"
phpapi="$("$MCP_PHP_CONFIG" --phpapi)"
php_ver="$("$MCP_PHP_CONFIG" --version | cut -d. -f1,2)"
[ "$php_ver" = "$PHP_VERSION" ] || die "$MCP_PHP_CONFIG is PHP $php_ver, scripts/php-env.sh says $PHP_VERSION"
info="$("$PHP" -n -d "extension=$EXT_SO" --ri mcp_native 2>&1)" || die "$EXT_SO does not load into $PHP: $info"
ext_version="$(printf '%s\n' "$info" | sed -n 's/^version => //p')"
crate_version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
[ -n "$ext_version" ] && [ "$ext_version" = "$crate_version" ] \
    || die "the .so reports version '$ext_version', Cargo.toml says '$crate_version' (rebuild: make build)"
arch="$(dpkg --print-architecture)"
pkg="php$PHP_VERSION-mcp-native"
deb_version="$ext_version-$REVISION"
glibc="$(grep -ao 'GLIBC_[0-9][0-9.]*' "$EXT_SO" | sed 's/^GLIBC_//' | sort -uV | tail -n 1)"
[ -n "$glibc" ] || die "no GLIBC symbol version found in $EXT_SO"
depends="php$PHP_VERSION-common, phpapi-$phpapi, libc6 (>= $glibc)"
grep -aq 'libgcc_s\.so\.1' "$EXT_SO" && depends="$depends, libgcc-s1"

D="$WORK/deb"
mkdir -p "$D/DEBIAN" "$D$ext_dir" "$D/etc/php/$PHP_VERSION/mods-available" "$D/usr/share/doc/$pkg"
install -m 0644 "$EXT_SO" "$D$ext_dir/mcp_native.so"
strip --strip-unneeded "$D$ext_dir/mcp_native.so" 2>/dev/null || true   # binutils may be absent: then as built
cat > "$D/etc/php/$PHP_VERSION/mods-available/mcp_native.ini" <<'INI'
; mcp_native: the native (Rust) core of the MCP Native WordPress plugin
; enabled for every SAPI by the package (phpenmod); disable with: phpdismod mcp_native
; priority=20
extension=mcp_native
INI
chmod 0644 "$D/etc/php/$PHP_VERSION/mods-available/mcp_native.ini"
cat > "$D/usr/share/doc/$pkg/copyright" <<TXT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: mcp-native
Source: https://github.com/mcp-native/mcp-native

Files: *
Copyright: 2026 mcp-native contributors
License: GPL-2+
 On Debian systems, the complete text of the GNU General Public License version 2
 can be found in /usr/share/common-licenses/GPL-2.
TXT
codename="$(. /etc/os-release 2>/dev/null && printf '%s' "${VERSION_CODENAME:-unstable}")"
cat > "$WORK/changelog.Debian" <<TXT
$pkg ($ext_version-$REVISION) ${codename:-unstable}; urgency=medium

  * The mcp_native extension $ext_version for PHP $PHP_VERSION, built by make dist.

 -- $MAINTAINER  $(LC_ALL=C date -R ${SOURCE_DATE_EPOCH:+-d "@$SOURCE_DATE_EPOCH"})
TXT
gzip -9n < "$WORK/changelog.Debian" > "$D/usr/share/doc/$pkg/changelog.Debian.gz"
chmod 0644 "$D/usr/share/doc/$pkg/changelog.Debian.gz" "$D/usr/share/doc/$pkg/copyright"
printf '/etc/php/%s/mods-available/mcp_native.ini\n' "$PHP_VERSION" > "$D/DEBIAN/conffiles"
cat > "$D/DEBIAN/postinst" <<SH
#!/bin/sh
set -e
if [ "\$1" = "configure" ]; then
    # Every installed SAPI of PHP $PHP_VERSION (CLI, FPM, ...). -m: as a package does, so that an
    # administrator's phpdismod is kept on upgrade.
    phpenmod -v $PHP_VERSION -m mcp_native
fi
exit 0
SH
cat > "$D/DEBIAN/postrm" <<SH
#!/bin/sh
set -e
if [ "\$1" = "remove" ] && command -v phpdismod >/dev/null 2>&1; then
    phpdismod -v $PHP_VERSION -m mcp_native
fi
if [ "\$1" = "purge" ]; then
    command -v phpdismod >/dev/null 2>&1 && phpdismod -v $PHP_VERSION -m -p mcp_native 2>/dev/null || true
    # links left behind when php-common was removed first
    for link in /etc/php/$PHP_VERSION/*/conf.d/20-mcp_native.ini; do
        [ -L "\$link" ] && rm -f "\$link"
    done
fi
exit 0
SH
chmod 0755 "$D/DEBIAN/postinst" "$D/DEBIAN/postrm"
cat > "$D/DEBIAN/triggers" <<TXT
activate-noawait /etc/php/$PHP_VERSION/fpm/conf.d
activate-noawait /etc/php/$PHP_VERSION/apache2/conf.d
TXT
installed_size="$(du -sk --exclude=DEBIAN "$D" | cut -f1)"
cat > "$D/DEBIAN/control" <<TXT
Package: $pkg
Version: $deb_version
Architecture: $arch
Maintainer: $MAINTAINER
Installed-Size: $installed_size
Depends: $depends
Section: php
Priority: optional
Homepage: https://github.com/mcp-native/mcp-native
Description: native core of the MCP Native WordPress plugin (PHP $PHP_VERSION)
 mcp_native is a PHP extension written in Rust: the schema, argument and
 validation layer of the MCP Native plugin, which serves WordPress abilities
 to AI clients over the Model Context Protocol. The plugin runs without it,
 on a PHP implementation of the same contract, and uses it where it is loaded.
 .
 This package installs the extension for PHP $PHP_VERSION and enables it for
 every installed SAPI (phpenmod).
TXT
deb_file="$DIST_DIR/${pkg}_${deb_version}_${arch}.deb"
rm -f "$deb_file"
dpkg-deb --root-owner-group --build "$D" "$deb_file" >/dev/null || die "dpkg-deb --build failed"
log "extension: ${deb_file#"$ROOT"/} ($pkg $deb_version, PHP API $phpapi, Depends: $depends)"
printf '%s\n%s\n' "$zip_file" "$deb_file"
