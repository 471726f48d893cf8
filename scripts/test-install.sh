#!/usr/bin/env bash
# Tests scripts/install-extension.sh without touching the system: installs the built extension
# into a scratch root under .test-run/install, made of a COPY of this PHP's extension directory and
# of its CLI and FPM conf.d directories, then loads PHP (CLI and php-fpm) with that extension dir
# and that scan dir and checks:
#   - before: the scratch PHP does not list mcp_native;
#   - Debian layout (DESTDIR): mcp_native.so is the built file, mods-available/mcp_native.ini says
#     extension=mcp_native, cli/ and fpm/conf.d/20-mcp_native.ini link to it; `php -m` lists
#     exactly the modules it listed before plus mcp_native; `php --ri mcp_native` shows the crate's
#     version; \McpNative\version() agrees; `php-fpm -m` lists it too;
#   - plain conf.d layout (INI_DIRS + EXT_DIR): the same for the CLI;
#   - --uninstall removes every file and `php -m` no longer lists it;
#   - bad input: a file that is not a PHP extension is refused and nothing is installed;
#   - the plugin's packaging (tests/install/check-packaging.php), and that the readme check fails on
#     six broken copies of readme.txt;
#   - make dist's packages (scripts/dist.sh into the scratch root): the zip's layout and files, the
#     .deb's name, version, Depends, contents, maintainer scripts, and that its .so loads.
# Installing the .deb for real is make test-fresh's part (scripts/test-packages.sh, a throwaway root).
# The scratch root is removed at the end (kept on failure, for debugging).
#
# Environment: EXT_SO (default target/release/libmcp_native.so; must exist: make build),
#              PHP_VERSION, PHP_CONFIG, PHP, PHP_FPM (default: this release's PHP, scripts/php-env.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf '[test-install] %s\n' "$*" >&2; }
fail() { printf '[test-install] FAIL: %s\n' "$*" >&2; exit 1; }

EXT_SO="${EXT_SO:-$ROOT/target/release/libmcp_native.so}"
bash scripts/install-deps.sh wp dist
# shellcheck source=scripts/php-env.sh
source scripts/php-env.sh
PHP_CONFIG="$MCP_PHP_CONFIG"
export PHP_CONFIG PHP
[ -f "$EXT_SO" ] || fail "$EXT_SO does not exist (make build)"
command -v "$PHP_CONFIG" >/dev/null || fail "$PHP_CONFIG not found (php$PHP_VERSION-dev)"

S="$ROOT/.test-run/install"
rm -rf "$S"
mkdir -p "$S"
ver="$("$PHP_CONFIG" --version | cut -d. -f1,2)"
ext_dir="$("$PHP_CONFIG" --extension-dir)"
crate_version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
[ -n "$crate_version" ] || fail "no version in Cargo.toml"
checks=0
ok() { checks=$((checks + 1)); log "ok: $*"; }

# ---------------------------------------------------------------- scratch copy of this PHP
R="$S/root"
mkdir -p "$R$ext_dir" "$R/etc/php/$ver/cli/conf.d" "$R/etc/php/$ver/fpm/conf.d"
cp -a "$ext_dir/." "$R$ext_dir/"
rm -f "$R$ext_dir/mcp_native.so"   # in case the system already has it installed
for s in cli fpm; do
    if [ -d "/etc/php/$ver/$s/conf.d" ]; then
        for f in "/etc/php/$ver/$s/conf.d"/*.ini; do
            [ -e "$f" ] || continue
            case "$(basename "$f")" in *mcp_native*) continue ;; esac
            cp -L "$f" "$R/etc/php/$ver/$s/conf.d/"
        done
    fi
done

# PHP of the scratch root: its extension dir, its scan dir, no mcp_native from anywhere else.
sphp() { local sapi_dir="$1"; shift; PHP_INI_SCAN_DIR="$sapi_dir" "$PHP" -d "extension_dir=$R$ext_dir" "$@"; }
sfpm() { local sapi_dir="$1"; shift; PHP_INI_SCAN_DIR="$sapi_dir" "$PHP_FPM" -d "extension_dir=$R$ext_dir" "$@"; }
CLI_D="$R/etc/php/$ver/cli/conf.d"
FPM_D="$R/etc/php/$ver/fpm/conf.d"

before="$(sphp "$CLI_D" -m | sort)"
grep -qx mcp_native <<<"$before" && fail "the scratch PHP lists mcp_native before the install: $PHP loads it from its php.ini?"
ok "before the install the scratch PHP does not list mcp_native ($(grep -c . <<<"$before") lines of php -m)"

# ---------------------------------------------------------------- bad input is refused
printf 'not an extension\n' > "$S/bogus.so"
if DESTDIR="$R" bash scripts/install-extension.sh --so "$S/bogus.so" > "$S/bogus.log" 2>&1; then
    fail "install-extension.sh accepted a file that is not a PHP extension"
fi
grep -q "does not load" "$S/bogus.log" || fail "no clear message for a bad .so: $(cat "$S/bogus.log")"
[ ! -e "$R$ext_dir/mcp_native.so" ] && [ ! -e "$R/etc/php/$ver/mods-available/mcp_native.ini" ] \
    || fail "a refused install left files behind"
ok "a file that is not an extension is refused with a message, nothing installed"

# ---------------------------------------------------------------- Debian layout under DESTDIR
DESTDIR="$R" bash scripts/install-extension.sh --so "$EXT_SO" 2> "$S/install.log" \
    || { cat "$S/install.log" >&2; fail "install-extension.sh (DESTDIR) failed"; }
cmp -s "$EXT_SO" "$R$ext_dir/mcp_native.so" || fail "$R$ext_dir/mcp_native.so is not the built extension"
ini="$R/etc/php/$ver/mods-available/mcp_native.ini"
grep -qx 'extension=mcp_native' "$ini" || fail "$ini lacks extension=mcp_native: $(cat "$ini")"
grep -qx '; priority=20' "$ini" || fail "$ini lacks the phpenmod priority line"
for s in cli fpm; do
    link="$R/etc/php/$ver/$s/conf.d/20-mcp_native.ini"
    [ -L "$link" ] && [ "$(readlink -f "$link")" = "$(readlink -f "$ini")" ] || fail "$link does not link to $ini"
done
ok "files: mcp_native.so in the extension dir, mods-available/mcp_native.ini, cli+fpm conf.d links"

after="$(sphp "$CLI_D" -m | sort)"
expected="$(printf '%s\nmcp_native\n' "$before" | sort)"
[ "$after" = "$expected" ] || fail "php -m after the install is not 'before + mcp_native':
$(diff <(printf '%s\n' "$expected") <(printf '%s\n' "$after") || true)"
ok "php -m lists mcp_native, and every module it listed before"

ri="$(sphp "$CLI_D" --ri mcp_native)"
grep -qx "version => $crate_version" <<<"$ri" || fail "php --ri mcp_native does not show version $crate_version:
$ri"
v="$(sphp "$CLI_D" -r 'echo \McpNative\version();')"
[ "$v" = "$crate_version" ] || fail "\\McpNative\\version() is '$v', Cargo.toml says $crate_version"
ok "php --ri mcp_native shows version $crate_version; \\McpNative\\version() agrees"

if command -v "$PHP_FPM" >/dev/null 2>&1; then
    fpm_mods="$(sfpm "$FPM_D" -m 2>&1)" || fail "$PHP_FPM -m failed: $fpm_mods"
    grep -qx mcp_native <<<"$fpm_mods" || fail "$PHP_FPM -m (scratch fpm/conf.d) does not list mcp_native"
    ok "php-fpm -m (fpm/conf.d) lists mcp_native"
else
    log "SKIP: $PHP_FPM not installed, FPM load not checked"
fi

# ---------------------------------------------------------------- uninstall (Debian layout)
DESTDIR="$R" bash scripts/install-extension.sh --uninstall 2>> "$S/install.log" || fail "--uninstall failed"
for f in "$R$ext_dir/mcp_native.so" "$ini" "$R/etc/php/$ver/cli/conf.d/20-mcp_native.ini" "$R/etc/php/$ver/fpm/conf.d/20-mcp_native.ini"; do
    [ ! -e "$f" ] && [ ! -L "$f" ] || fail "--uninstall left $f"
done
[ "$(sphp "$CLI_D" -m | sort)" = "$before" ] || fail "php -m after --uninstall differs from before the install"
ok "--uninstall removes the .so, the ini file and both links; php -m is as before"

# ---------------------------------------------------------------- plain conf.d layout
E2="$S/ext-confd"; D2="$S/conf.d-plain"
mkdir -p "$E2" "$D2"
cp -a "$ext_dir/." "$E2/"; rm -f "$E2/mcp_native.so"
EXT_DIR="$E2" INI_DIRS="$D2" bash scripts/install-extension.sh --no-build --so "$EXT_SO" 2>> "$S/install.log" \
    || fail "install-extension.sh (INI_DIRS) failed"
grep -qx 'extension=mcp_native' "$D2/mcp_native.ini" || fail "$D2/mcp_native.ini lacks extension=mcp_native"
mods="$(PHP_INI_SCAN_DIR="$D2" "$PHP" -d "extension_dir=$E2" -m)"
grep -qx mcp_native <<<"$mods" || fail "plain conf.d layout: php -m does not list mcp_native"
ok "plain conf.d layout (INI_DIRS, EXT_DIR): conf.d/mcp_native.ini loads it"
EXT_DIR="$E2" INI_DIRS="$D2" bash scripts/install-extension.sh --uninstall 2>> "$S/install.log" || fail "--uninstall (INI_DIRS) failed"
[ ! -e "$D2/mcp_native.ini" ] && [ ! -e "$E2/mcp_native.so" ] || fail "--uninstall (INI_DIRS) left files"
ok "plain conf.d layout: --uninstall removes both files"

# ---------------------------------------------------------------- plugin packaging
"$PHP" tests/install/check-packaging.php wp-plugin Cargo.toml > "$S/packaging.log" 2>&1 \
    || { cat "$S/packaging.log" >&2; fail "packaging checks of wp-plugin/ (tests/install/check-packaging.php)"; }
ok "packaging: plugin header, readme.txt (WordPress.org format), composer.json ($(grep -c '^ok:' "$S/packaging.log") checks)"
if command -v composer >/dev/null 2>&1; then
    (cd wp-plugin && COMPOSER_ALLOW_SUPERUSER=1 composer validate --no-check-publish --no-check-lock --no-interaction) > "$S/composer.log" 2>&1 \
        || { cat "$S/composer.log" >&2; fail "composer validate wp-plugin/composer.json"; }
    ok "composer validate wp-plugin/composer.json"
else
    log "SKIP: composer not installed, composer validate not run (the JSON checks above still ran)"
fi
# The readme check must fail on a readme the plugin directory would refuse: one broken copy per rule.
mutate() {   # mutate NAME PHP_EXPRESSION_ON_$r: a copy of wp-plugin with readme.txt rewritten
    local d="$S/broken-$1"
    rm -rf "$d"; cp -r wp-plugin "$d"
    R="$d/readme.txt" "$PHP" -r '$r = file_get_contents( getenv( "R" ) ); $r = '"$2"'; file_put_contents( getenv( "R" ), $r );'
    if "$PHP" tests/install/check-packaging.php "$d" > "$S/broken-$1.log" 2>&1; then
        fail "check-packaging.php accepted a readme.txt with $1"
    fi
    grep -q '^FAIL:' "$S/broken-$1.log" || fail "check-packaging.php failed on $1 without a FAIL line"
}
mutate "six tags" 'preg_replace( "/^Tags: .*$/m", "Tags: a, b, c, d, e, f", $r )'
mutate "a 151-character short description" 'preg_replace( "/^(Serves .*)$/m", str_repeat( "x", 151 ), $r, 1 )'
mutate "no License URI" 'preg_replace( "/^License URI: .*\n/m", "", $r )'
mutate "Changelog before Installation" 'str_replace( array( "== Installation ==", "== Changelog ==" ), array( "== TMP ==", "== Installation ==" ), $r )'
mutate "a header below the short description" 'preg_replace( "/^(Serves .*)$/m", "\$1\nDonate link: https://example.com", $r, 1 )'
mutate "Stable tag trunk" 'preg_replace( "/^Stable tag: .*$/m", "Stable tag: trunk", $r )'
ok "readme.txt check fails on six tags, a 151-character short description, no License URI, sections out of order, a header below the short description, Stable tag trunk"

# ------------------------------------------------------------------ make dist's two packages
DIST_DIR="$S/dist" bash scripts/dist.sh > "$S/dist.out" 2> "$S/dist.log" || { cat "$S/dist.log" >&2; fail "scripts/dist.sh failed"; }
zip_file="$(sed -n 1p "$S/dist.out")"; deb_file="$(sed -n 2p "$S/dist.out")"
[ -f "$zip_file" ] && [ -f "$deb_file" ] || fail "dist.sh did not print the zip and the .deb it built"
python3 - "$zip_file" "$S/unzipped" <<'PY' || fail "the plugin zip does not have the plugin directory's layout"
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
assert all(n.startswith("mcp-native/") for n in names), "every entry under mcp-native/"
for need in ("mcp-native/mcp-native.php", "mcp-native/readme.txt", "mcp-native/uninstall.php", "mcp-native/includes/Contract.php"):
    assert need in names, need + " missing"
dev = [n for n in names if "/tests/" in n or "/." in n or "phpunit" in n or "phpcs" in n]
assert not dev, "development files in the zip: %s" % dev
z.extractall(sys.argv[2])
PY
tracked="$(git ls-files -- wp-plugin | grep -c .)"
# The tracked files, and build.php: the build's hash make dist writes (it keys the cached tool lists).
[ "$(find "$S/unzipped/mcp-native" -type f | grep -c .)" = "$((tracked + 1))" ] || fail "the zip does not hold the $tracked files git tracks under wp-plugin/ and build.php"
grep -Eq "^return array\\( 'hash' => '[0-9a-f]{32}' \\);$" "$S/unzipped/mcp-native/build.php" || fail "build.php does not hold the build's hash"
"$PHP" tests/install/check-packaging.php "$S/unzipped/mcp-native" Cargo.toml > "$S/packaging-zip.log" 2>&1 \
    || { cat "$S/packaging-zip.log" >&2; fail "packaging checks of the unzipped plugin"; }
ok "plugin zip $(basename "$zip_file"): one mcp-native/ folder, the $tracked tracked files, no development files, headers intact"

pkg="php$ver-mcp-native"
[ "$(dpkg-deb -f "$deb_file" Package)" = "$pkg" ] || fail "the .deb is not $pkg: $(dpkg-deb -f "$deb_file" Package)"
[ "$(dpkg-deb -f "$deb_file" Version)" = "$crate_version-1" ] || fail "the .deb's version is not $crate_version-1"
depends="$(dpkg-deb -f "$deb_file" Depends)"
for need in "php$ver-common" "phpapi-$("$PHP_CONFIG" --phpapi)" libc6; do
    grep -q "$need" <<<"$depends" || fail "the .deb's Depends lacks $need: $depends"
done
contents="$(dpkg-deb -c "$deb_file" | awk '{print $6}')"
grep -qx ".$ext_dir/mcp_native.so" <<<"$contents" || fail "the .deb does not install .$ext_dir/mcp_native.so"
grep -qx "./etc/php/$ver/mods-available/mcp_native.ini" <<<"$contents" || fail "the .deb does not install mods-available/mcp_native.ini"
! grep -q 'conf.d' <<<"$contents" || fail "the .deb ships conf.d links itself (phpenmod makes them)"
C="$S/deb-control"; dpkg-deb -e "$deb_file" "$C"
grep -q "phpenmod -v $ver" "$C/postinst" || fail "the .deb's postinst does not run phpenmod -v $ver"
grep -q "phpdismod -v $ver" "$C/postrm" || fail "the .deb's postrm does not run phpdismod -v $ver"
grep -qx "/etc/php/$ver/mods-available/mcp_native.ini" "$C/conffiles" || fail "the ini is not a conffile"
X="$S/deb-files"; dpkg-deb -x "$deb_file" "$X"
grep -qx 'extension=mcp_native' "$X/etc/php/$ver/mods-available/mcp_native.ini" || fail "the packaged ini lacks extension=mcp_native"
deb_ri="$("$PHP" -n -d "extension=$X$ext_dir/mcp_native.so" --ri mcp_native 2>&1 || true)"
grep -qx "version => $crate_version" <<<"$deb_ri" \
    || fail "the packaged mcp_native.so does not load into $PHP as version $crate_version"
if command -v lintian >/dev/null 2>&1; then
    # initial-upload-closes-no-bugs is about uploads to Debian's own archive (an ITP bug to close).
    lintian --tag-display-limit 0 --suppress-tags initial-upload-closes-no-bugs "$deb_file" > "$S/lintian.log" 2>&1 || true
    ! grep -E '^[EW]: ' "$S/lintian.log" || fail "lintian reports errors or warnings on $(basename "$deb_file") (above)"
    ok "lintian: no error or warning on $(basename "$deb_file") (initial-upload-closes-no-bugs suppressed)"
else
    log "SKIP: lintian not installed (apt-get install lintian), the .deb not linted"
fi
ok "$(basename "$deb_file"): $pkg $crate_version-1, Depends $depends; the .so and the ini (a conffile) only; phpenmod in postinst, phpdismod in postrm; the packaged .so loads"

rm -rf "$S"
log "all $checks checks passed (scratch root removed)"
printf 'install: %d checks passed\n' "$checks"
