# shellcheck shell=bash
# scripts/wp-stack.sh: a real WordPress 7.1 + MariaDB stack without Docker, as bash functions.
# Source it:  source scripts/wp-stack.sh      (needs scripts/install-deps.sh to have run)
# The serving functions (wp_site_serve, wp_site_stop, wp_kill_group, ...) are in scripts/wp-stack-serve.sh,
# which this file sources; all are documented here.
#
# Functions (all return non-zero with a message on stderr on failure; every wait is bounded):
#
#   wp_db_start                       Start MariaDB unless it is running (service, else mysqld_safe);
#                                     waits up to 30 s. Sets WP_STACK_STARTED_MARIADB=1 when it
#                                     started it (0 when it was already running).
#   wp_db_stop [--force]              Stop MariaDB (call it only if you started it). Without --force
#                                     it leaves MariaDB running while another live script that
#                                     called wp_db_start (test-wp, test-e2e, demo) still uses it.
#   wp_db_create DBNAME               Drop and create database DBNAME (name must start with
#                                     "mcpnative_") and the user mcpnative/mcpnative that owns it.
#   wp_site_create DIR DBNAME URL [MU_PLUGIN_FILE...]
#                                     Fresh site in DIR (database DBNAME_<hash of this checkout's
#                                     path>): copy of .cache/wordpress, own wp-config.php
#                                     (WP_ENVIRONMENT_TYPE=local, WP_DEBUG on, WP_DEBUG_DISPLAY off,
#                                     log in DIR/.mcp-native/debug.log, external HTTP blocked),
#                                     fresh database, wp_install() from PHP CLI (admin user "admin",
#                                     random password), pretty permalinks, wp-plugin/ symlinked as
#                                     wp-content/plugins/mcp-native and activated (failing loudly if
#                                     activation fails), each MU_PLUGIN_FILE (or every *.php of a
#                                     folder) symlinked into wp-content/mu-plugins. Writes
#                                     DIR/.mcp-native/site.env. Starts MariaDB if needed (sets
#                                     WP_STACK_STARTED_MARIADB). About 2-3 s.
#   wp_site_make_multisite DIR [SLUG...]
#                                     Turn a site made by wp_site_create into a subdirectory multisite
#                                     network with WordPress's own install_network() and
#                                     populate_network() (PHP CLI), then create one sub-site per SLUG
#                                     (path /SLUG/, pretty permalinks) and network-activate the
#                                     plugin. admin is super admin. The network's domain follows the
#                                     port it is served on (wp_site_serve rewrites it). About 2 s.
#   wp_site_add_mu_plugin DIR FILE... Symlink PHP files into DIR/wp-content/mu-plugins (loaded on the
#                                     next request). A directory argument adds every *.php in it.
#   wp_site_php DIR [-d ini=val ...] [--] PHP_CODE
#                                     Run PHP code inside the site's WordPress (CLI; the current user
#                                     is admin); its stdout is the function's stdout. -d flags go to
#                                     php, e.g. -d "extension=$EXT_SO".
#                                     Example: wp_site_php .demo/site 'echo get_bloginfo("version");'
#   wp_app_password DIR [USER] [NAME] Create an application password for USER (default admin) and
#                                     print it (24 chars, no spaces) on stdout.
#   wp_site_env DIR VAR               Print one value of DIR/.mcp-native/site.env (WP_URL, DB_NAME,
#                                     WP_ADMIN_USER, WP_ADMIN_PASSWORD, WP_DEBUG_LOG, ...).
#   wp_site_serve DIR PORT [with-extension|without-extension] [php-s|nginx] [PREFIX [root-rule]]
#                                     Serve DIR on http://127.0.0.1:PORT. Default without-extension;
#                                     with-extension adds -d extension=$EXT_SO and fails if that file
#                                     does not exist. Server php-s (default):
#                                     PHP_CLI_SERVER_WORKERS=$WP_STACK_WORKERS php -S with a router
#                                     (pretty permalinks and /wp-json/ go to WordPress); nginx:
#                                     nginx ($WP_STACK_NGINX_WORKERS workers) + php-fpm (static pool
#                                     of $WP_STACK_FPM_WORKERS, clear_env=no; its status page on
#                                     /fpm-status), configs and sockets in DIR/.mcp-native. Exported variables (MCP_NATIVE_REQUIRE...) reach
#                                     PHP. PREFIX (nginx only; /blog): WordPress in a subdirectory,
#                                     DIR ends with PREFIX and nginx's root is DIR without it;
#                                     root-rule adds docs/OAUTH.md's rule at the host's root for the
#                                     path-inserted RFC 8414/9728 forms. Background, own process
#                                     group(s); returns once PREFIX/index.php?rest_route=/ answers 200
#                                     (max 30 s; at once if the server dies).
#                                     Pids in DIR/.mcp-native/server-PORT[-fpm].pid; logs there:
#                                     server-PORT.log, fpm-PORT.log, php-errors.log, debug.log.
#   wp_site_stop DIR [PORT]           Kill the server process group(s) of DIR (all ports, or PORT).
#   wp_wait_http URL [SECONDS]        Wait until URL answers with any HTTP status (default 30 s).
#   wp_free_port                      Print a free TCP port on 127.0.0.1.
#   wp_kill_group PID                 INT, TERM after 2 s, KILL after 5 s, to the process group led by PID.
#
# Variables: PHP (default php$PHP_VERSION, see scripts/php-env.sh), EXT_SO (default target/release/libmcp_native.so),
#   WP_STACK_WORKERS (php -S workers, default 2), WP_STACK_FPM (default php-fpm$PHP_VERSION),
#   WP_STACK_FPM_WORKERS (default 4), WP_STACK_NGINX_WORKERS (default 2),
#   MCP_NATIVE_ROOT (repository, derived),
#   MCP_NATIVE_PLUGIN_DIR (the plugin linked into sites, default $MCP_NATIVE_ROOT/wp-plugin),
#   MCP_NATIVE_WP_DEBUG (WP_DEBUG of new sites, default true), WP_STACK_SITE_TITLE (site title).
#   The site's URL follows the Host header for 127.0.0.1/localhost, so one site can be served
#   on any port.
#
# Typical use (what scripts/demo.sh and scripts/test-wp.sh do):
#   source scripts/wp-stack.sh
#   wp_site_create "$PWD/.e2e/site" mcpnative_e2e http://127.0.0.1:8091 tests/e2e/fixtures/abilities.php
#   pass=$(wp_app_password "$PWD/.e2e/site")
#   wp_site_serve "$PWD/.e2e/site" 8091 with-extension
#   curl -u "admin:$pass" -H 'Content-Type: application/json' -d '{...}' \
#        http://127.0.0.1:8091/wp-json/mcp/mcp-adapter-default-server
#   wp_site_stop "$PWD/.e2e/site"; [ "$WP_STACK_STARTED_MARIADB" = 1 ] && wp_db_stop

MCP_NATIVE_ROOT="${MCP_NATIVE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
# shellcheck source=scripts/php-env.sh
source "$MCP_NATIVE_ROOT/scripts/php-env.sh"   # PHP_VERSION, PHP, PHP_FPM
: "${EXT_SO:=$MCP_NATIVE_ROOT/target/release/libmcp_native.so}"
: "${WP_STACK_WORKERS:=2}"
: "${WP_STACK_FPM:=$PHP_FPM}"
: "${WP_STACK_FPM_WORKERS:=4}"
: "${WP_STACK_NGINX_WORKERS:=2}"
: "${WP_STACK_STARTED_MARIADB:=0}"
WP_STACK_DB_USER=mcpnative
WP_STACK_DB_PASSWORD=mcpnative
WP_STACK_PLUGIN_MAIN=mcp-native/mcp-native.php

_wps_log() { printf '[wp-stack] %s\n' "$*" >&2; }
_wps_err() { printf '[wp-stack] ERROR: %s\n' "$*" >&2; return 1; }
_wps_abs() { (cd "$(dirname "$1")" 2>/dev/null && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }

# Daemons must not inherit the caller's file descriptors: a script's lock (flock) would live on in
# MariaDB or a server and block every later run. _wps_daemon PIDFILE CMD... runs CMD in the
# background in a new session with every descriptor above 2 closed, and writes the pid of CMD
# (leader of its own process group) to PIDFILE, also in an interactive shell where setsid forks.
_WPS_CLOSE_FDS='for _f in /proc/$$/fd/*; do _n=${_f##*/}; [ "$_n" -gt 2 ] 2>/dev/null && { eval "exec $_n>&-"; } 2>/dev/null; done; unset _f _n'
_wps_daemon() {
    local pidfile="$1"; shift
    rm -f "$pidfile"
    setsid bash -c "$_WPS_CLOSE_FDS"'; echo $$ > "$0.tmp" && mv "$0.tmp" "$0"; exec "$@"' "$pidfile" "$@" < /dev/null &
    local i
    for i in $(seq 1 100); do [ -s "$pidfile" ] && return 0; sleep 0.05; done
    _wps_err "could not start $1"
}

# ------------------------------------------------------------------------------ MariaDB
_wps_db_ping() { mariadb-admin --connect-timeout=2 ping >/dev/null 2>&1; }

# Scripts that use MariaDB register their pid here, so that the one that started it does not stop
# it under another one still running (test-wp, test-e2e and the demo may overlap).
_wps_db_users() { printf '%s/.cache/mariadb-users' "$MCP_NATIVE_ROOT"; }
_wps_db_register() { mkdir -p "$(_wps_db_users)" && : > "$(_wps_db_users)/$$"; }

wp_db_start() {
    if _wps_db_ping; then _wps_db_register; return 0; fi
    command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] \
        || _wps_err "mariadb-server is not installed (run scripts/install-deps.sh)" || return 1
    _wps_log "starting MariaDB"
    if [ -x /etc/init.d/mariadb ] && command -v service >/dev/null 2>&1; then
        timeout 60 bash -c "$_WPS_CLOSE_FDS"'; exec setsid service mariadb start' >/dev/null 2>&1 < /dev/null || true
    fi
    if ! _wps_db_ping; then
        mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld 2>/dev/null || true
        _wps_daemon "$MCP_NATIVE_ROOT/.cache/mysqld_safe.pid" mysqld_safe >/dev/null 2>&1 || true
    fi
    local i
    for i in $(seq 1 60); do
        if _wps_db_ping; then
            WP_STACK_STARTED_MARIADB=1
            _wps_db_register; return 0
        fi
        sleep 0.5
    done
    _wps_err "MariaDB did not answer within 30 s"
}

wp_db_stop() {
    local f other
    rm -f "$(_wps_db_users)/$$"
    if [ "${1:-}" != --force ]; then
        for f in "$(_wps_db_users)"/*; do
            [ -f "$f" ] || continue
            other="$(basename "$f")"
            if kill -0 "$other" 2>/dev/null; then
                _wps_log "leaving MariaDB running: still used by pid $other"
                return 0
            fi
            rm -f "$f"
        done
    fi
    _wps_db_ping || return 0
    _wps_log "stopping MariaDB"
    if [ -x /etc/init.d/mariadb ] && command -v service >/dev/null 2>&1; then
        timeout 60 service mariadb stop >/dev/null 2>&1 || true
    fi
    if _wps_db_ping; then timeout 60 mariadb-admin shutdown >/dev/null 2>&1 || true; fi
    local i
    for i in $(seq 1 60); do _wps_db_ping || return 0; sleep 0.5; done
    _wps_err "MariaDB still running after 30 s"
}

wp_db_create() {
    [ "$#" -ge 1 ] || { _wps_err "usage: wp_db_create DBNAME"; return 1; }
    local db="$1"
    [[ "$db" =~ ^mcpnative_[a-z0-9_]+$ ]] || _wps_err "database name must match mcpnative_[a-z0-9_]+ (got '$db')" || return 1
    wp_db_start || return 1
    mariadb -uroot <<SQL || _wps_err "could not create database $db (are you root?)"
DROP DATABASE IF EXISTS \`$db\`;
CREATE DATABASE \`$db\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$WP_STACK_DB_USER'@'localhost' IDENTIFIED BY '$WP_STACK_DB_PASSWORD';
CREATE USER IF NOT EXISTS '$WP_STACK_DB_USER'@'127.0.0.1' IDENTIFIED BY '$WP_STACK_DB_PASSWORD';
GRANT ALL PRIVILEGES ON \`$db\`.* TO '$WP_STACK_DB_USER'@'localhost';
GRANT ALL PRIVILEGES ON \`$db\`.* TO '$WP_STACK_DB_USER'@'127.0.0.1';
FLUSH PRIVILEGES;
SQL
}

# ------------------------------------------------------------------------------ site
wp_site_env() {
    [ "$#" -ge 2 ] || { _wps_err "usage: wp_site_env DIR VAR"; return 1; }
    local dir="$1" var="$2"
    [ -f "$dir/.mcp-native/site.env" ] || _wps_err "$dir is not a site made by wp_site_create" || return 1
    ( set +u; . "$dir/.mcp-native/site.env"; printf '%s\n' "${!var}" )
}

_wps_write_config() {
    local dir="$1" db="$2"
    local salts="" k
    for k in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
        salts+="define( '$k', '$(head -c 48 /dev/urandom | base64 | tr -d '\n/+=')' );"$'\n'
    done
    cat > "$dir/wp-config.php" <<PHP
<?php
// Written by scripts/wp-stack.sh (mcp-native test stack). Loopback only, never for production.
define( 'DB_NAME', '$db' );
define( 'DB_USER', '$WP_STACK_DB_USER' );
define( 'DB_PASSWORD', '$WP_STACK_DB_PASSWORD' );
define( 'DB_HOST', 'localhost' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
$salts
\$table_prefix = 'wp_';

// Application passwords over plain http need the 'local' environment type.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', ${MCP_NATIVE_WP_DEBUG:-true} );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', __DIR__ . '/.mcp-native/debug.log' );
@ini_set( 'display_errors', '0' );
define( 'SCRIPT_DEBUG', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'WP_HTTP_BLOCK_EXTERNAL', true ); // loopback only: no update checks, no outbound calls
define( 'FS_METHOD', 'direct' );

// A multisite network (wp_site_make_multisite): its constants, domain included.
if ( is_file( __DIR__ . '/.mcp-native/network.php' ) ) {
	require __DIR__ . '/.mcp-native/network.php';
}

// The site follows the port it is served on (php -S on any loopback port); a network follows it
// through its domain instead (wp_site_serve rewrites it).
if ( ! defined( 'MULTISITE' ) && isset( \$_SERVER['HTTP_HOST'] ) && preg_match( '/^(127\.0\.0\.1|localhost)(:[0-9]{1,5})?\$/', \$_SERVER['HTTP_HOST'] ) ) {
	define( 'WP_HOME', 'http://' . \$_SERVER['HTTP_HOST'] );
	define( 'WP_SITEURL', 'http://' . \$_SERVER['HTTP_HOST'] );
}

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP
}

_wps_write_router() {
    cat > "$1/.mcp-native/router.php" <<'PHP'
<?php
// Router for `php -S` (written by scripts/wp-stack.sh). Real files are served as they are,
// PHP files are run, everything else (pretty permalinks, /wp-json/...) goes to index.php.
$mcpn_root = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$mcpn_path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH ) );
if ( '' === $mcpn_path || false !== strpos( $mcpn_path, "\0" ) ) {
	$mcpn_path = '/';
}
if ( preg_match( '#(^|/)\.(?!well-known/)#', $mcpn_path ) ) { // dot files and dirs (.mcp-native/) are private; /.well-known/ goes to WordPress (OAuth discovery)
	http_response_code( 404 );
	header( 'Content-Type: application/json; charset=UTF-8' );
	echo '{"code":"not_found","message":"Not found.","data":{"status":404}}';
	return true;
}
$mcpn_file = $mcpn_root . $mcpn_path;
// A subdirectory network (wp_site_make_multisite): /SITE/wp-admin/..., /SITE/wp-includes/...
// and /SITE/*.php are the main copy's files, as WordPress's multisite rewrite rules say.
if ( ! file_exists( $mcpn_file ) && is_file( $mcpn_root . '/.mcp-native/network.php' )
	&& preg_match( '#^/[_0-9a-zA-Z-]+(/(wp-(admin|includes|content)(/.*)?|[^/]+\.php))$#', $mcpn_path, $mcpn_m )
	&& file_exists( $mcpn_root . $mcpn_m[1] ) ) {
	$mcpn_path = $mcpn_m[1];
	$mcpn_file = $mcpn_root . $mcpn_path;
	if ( is_dir( $mcpn_file ) && '/' !== substr( $mcpn_path, -1 ) ) {
		header( 'Location: ' . $_SERVER['REQUEST_URI'] . '/', true, 301 ); // wp-admin → wp-admin/
		return true;
	}
	if ( is_file( $mcpn_file ) && '.php' !== substr( $mcpn_file, -4 ) ) {
		// php -S would look for the requested path itself: serve the main copy's static file.
		$mcpn_types = array( 'css' => 'text/css', 'js' => 'text/javascript', 'svg' => 'image/svg+xml', 'png' => 'image/png', 'gif' => 'image/gif', 'jpg' => 'image/jpeg', 'woff' => 'font/woff', 'woff2' => 'font/woff2', 'ttf' => 'font/ttf', 'json' => 'application/json' );
		header( 'Content-Type: ' . ( $mcpn_types[ strtolower( pathinfo( $mcpn_file, PATHINFO_EXTENSION ) ) ] ?? 'application/octet-stream' ) );
		header( 'Content-Length: ' . filesize( $mcpn_file ) );
		readfile( $mcpn_file );
		return true;
	}
}
if ( is_dir( $mcpn_file ) && is_file( rtrim( $mcpn_file, '/' ) . '/index.php' ) ) {
	$mcpn_file = rtrim( $mcpn_file, '/' ) . '/index.php';
	$mcpn_path = rtrim( $mcpn_path, '/' ) . '/index.php';
}
if ( is_file( $mcpn_file ) ) {
	if ( '.php' !== substr( $mcpn_file, -4 ) ) {
		return false; // static file: php -S serves it
	}
} else {
	$mcpn_file = $mcpn_root . '/index.php';
	$mcpn_path = '/index.php';
}
$_SERVER['SCRIPT_NAME']     = $mcpn_path;
$_SERVER['PHP_SELF']        = $mcpn_path;
$_SERVER['SCRIPT_FILENAME'] = $mcpn_file;
chdir( dirname( $mcpn_file ) );
unset( $mcpn_root, $mcpn_path );
require $mcpn_file;
return true;
PHP
}

# Runs PHP (script on stdin) with WordPress loaded for site DIR: _wps_php_wp DIR MODE [php args...]
# MODE: install (WP_INSTALLING) or normal. Env for the script: WPS_* variables.
_wps_php_wp() {
    local dir="$1" mode="$2"; shift 2
    local url; url="$(wp_site_env "$dir" WP_URL)" || return 1
    local dlog="$dir/.mcp-native/debug.log" before=0 rc=0
    [ -f "$dlog" ] && before="$(stat -c %s "$dlog")"
    # Setup runs never assert the extension mode (MCP_NATIVE_REQUIRE is for servers and tests).
    env -u MCP_NATIVE_REQUIRE WPS_DIR="$dir" WPS_URL="$url" WPS_MODE="$mode" "$PHP" -d display_errors=stderr -d log_errors=0 "$@" \
        -r '
        $u = parse_url( getenv( "WPS_URL" ) );
        $_SERVER["HTTP_HOST"]       = $u["host"] . ( isset( $u["port"] ) ? ":" . $u["port"] : "" );
        $_SERVER["SERVER_NAME"]     = $u["host"];
        $_SERVER["SERVER_PORT"]     = (string) ( $u["port"] ?? 80 );
        $_SERVER["REQUEST_URI"]     = "/";
        $_SERVER["REQUEST_METHOD"]  = "GET";
        $_SERVER["SERVER_PROTOCOL"] = "HTTP/1.1";
        $_SERVER["REMOTE_ADDR"]     = "127.0.0.1";
        if ( "install" === getenv( "WPS_MODE" ) ) { define( "WP_INSTALLING", true ); }
        require getenv( "WPS_DIR" ) . "/wp-load.php";
        if ( "install" !== getenv( "WPS_MODE" ) ) {
            $admin = get_user_by( "login", "admin" );
            if ( $admin ) { wp_set_current_user( $admin->ID ); }
        }
        $code = stream_get_contents( STDIN );
        eval( "?>" . $code );
        ' || rc=$?
    if [ "$rc" != 0 ] && [ -f "$dlog" ]; then
        # wp-config.php hides errors (WP_DEBUG_DISPLAY false): show what this run logged.
        tail -c +"$((before + 1))" "$dlog" | grep -E 'PHP (Fatal|Parse|Warning)|^#|thrown' | head -n 25 >&2
    fi
    return "$rc"
}

wp_site_create() {
    [ "$#" -ge 3 ] || { _wps_err "usage: wp_site_create DIR DBNAME URL [MU_PLUGIN...]"; return 1; }
    local dir="$1" db="$2" url="$3"; shift 3
    [ -f "$MCP_NATIVE_ROOT/.cache/wordpress/wp-load.php" ] \
        || _wps_err "no WordPress in .cache/wordpress: run scripts/install-deps.sh" || return 1
    [[ "$url" =~ ^http://(127\.0\.0\.1|localhost)(:[0-9]+)?/?$ ]] \
        || _wps_err "URL must be http://127.0.0.1:PORT (got '$url')" || return 1
    url="${url%/}"
    mkdir -p "$(dirname "$dir")" && dir="$(_wps_abs "$dir")" || return 1
    case "$dir" in /|"$MCP_NATIVE_ROOT"|"$HOME") _wps_err "refusing to use $dir as a site dir"; return 1;; esac
    # Only an earlier site (or an empty folder) is ever replaced.
    if [ -d "$dir" ] && [ ! -f "$dir/.mcp-native/site.env" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
        _wps_err "$dir exists and is not a site made by wp_site_create: refusing to replace it"; return 1
    fi
    # Each checkout gets its own databases, so that several clones (worktrees, CI beside a
    # developer) can run the suites at once on one MariaDB.
    db="${db}_$(printf '%s' "$MCP_NATIVE_ROOT" | sha256sum | cut -c1-8)"
    wp_site_stop "$dir" 2>/dev/null || true
    rm -rf "$dir"
    cp -a "$MCP_NATIVE_ROOT/.cache/wordpress" "$dir" || return 1
    mkdir -p "$dir/.mcp-native" "$dir/wp-content/mu-plugins" "$dir/wp-content/uploads"
    wp_db_create "$db" || return 1
    _wps_write_config "$dir" "$db"
    _wps_write_router "$dir"
    # Outbound HTTP is blocked (WP_HTTP_BLOCK_EXTERNAL): wp-admin's update checks would only log
    # warnings on every admin page (the consent screen, the admin tests).
    cat > "$dir/wp-content/mu-plugins/00-test-stack.php" <<'PHP'
<?php
// Written by scripts/wp-stack.sh: no update checks on a test site that may not reach the network.
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
PHP
    local admin_pass; admin_pass="$(head -c 18 /dev/urandom | base64 | tr -d '\n/+=')"
    cat > "$dir/.mcp-native/site.env" <<ENV
WP_DIR='$dir'
WP_URL='$url'
DB_NAME='$db'
DB_USER='$WP_STACK_DB_USER'
DB_PASSWORD='$WP_STACK_DB_PASSWORD'
WP_ADMIN_USER='admin'
WP_ADMIN_PASSWORD='$admin_pass'
WP_DEBUG_LOG='$dir/.mcp-native/debug.log'
ENV
    # Plugin: symlink so edits in wp-plugin/ are live.
    ln -sfn "${MCP_NATIVE_PLUGIN_DIR:-$MCP_NATIVE_ROOT/wp-plugin}" "$dir/wp-content/plugins/mcp-native"
    [ "$#" -gt 0 ] && { wp_site_add_mu_plugin "$dir" "$@" || return 1; }

    WPS_TITLE="${WP_STACK_SITE_TITLE:-mcp-native test site}" WPS_ADMIN_PASSWORD="$admin_pass" _wps_php_wp "$dir" install <<'PHP' || _wps_err "wp_install() failed" || return 1
<?php
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
add_filter( 'pre_wp_mail', '__return_true' ); // no mail from the installer
$r = wp_install( getenv( 'WPS_TITLE' ) ?: 'mcp-native test site', 'admin', 'admin@example.com', false, '', getenv( 'WPS_ADMIN_PASSWORD' ) );
if ( empty( $r['user_id'] ) ) { fwrite( STDERR, "wp_install returned no user\n" ); exit( 1 ); }
update_option( 'siteurl', getenv( 'WPS_URL' ) );
update_option( 'home', getenv( 'WPS_URL' ) );
update_option( 'permalink_structure', '/%postname%/' );
update_option( 'blogdescription', 'WordPress + mcp-native on loopback' );
PHP
    # Activation runs in a normal (not installing) request so plugins load as they will later.
    _wps_php_wp "$dir" normal <<PHP || { _wps_err "activating the mcp-native plugin failed (see above and $dir/.mcp-native/debug.log)"; return 1; }
<?php
require_once ABSPATH . 'wp-admin/includes/plugin.php';
flush_rewrite_rules( false );
if ( ! file_exists( WP_PLUGIN_DIR . '/$WP_STACK_PLUGIN_MAIN' ) ) {
	fwrite( STDERR, "[wp-stack] WARNING: wp-plugin/mcp-native.php not found: plugin not activated\n" );
	exit( 0 );
}
\$r = activate_plugin( '$WP_STACK_PLUGIN_MAIN' );
if ( is_wp_error( \$r ) ) { fwrite( STDERR, "[wp-stack] plugin activation failed: " . \$r->get_error_message() . "\n" ); exit( 1 ); }
PHP
    _wps_log "site ready: $dir ($url, database $db, WordPress $(sed -n "s/^\$wp_version = '\([^']*\)';/\1/p" "$dir/wp-includes/version.php"), PHP $("$PHP" -r 'echo PHP_VERSION;'))"
}

wp_site_make_multisite() {
    [ "$#" -ge 1 ] || { _wps_err "usage: wp_site_make_multisite DIR [SLUG...]"; return 1; }
    local dir="$1"; shift
    local slug
    for slug in "$@"; do
        [[ "$slug" =~ ^[a-z0-9-]+$ ]] || _wps_err "sub-site slug must match [a-z0-9-]+ (got '$slug')" || return 1
    done
    [ ! -f "$dir/.mcp-native/network.php" ] || _wps_err "$dir is a network already" || return 1
    local url host
    url="$(wp_site_env "$dir" WP_URL)" || return 1
    host="${url#http://}"
    # 1. The network tables and the network row, as Network Setup does, from PHP CLI.
    _wps_php_wp "$dir" normal <<'PHP' || _wps_err "network install failed" || return 1
<?php
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/network.php';
global $wpdb;
foreach ( $wpdb->tables( 'ms_global' ) as $table => $prefixed ) {
	$wpdb->$table = $prefixed; // not multisite yet: wpdb does not name these tables
}
install_network();
$u = parse_url( getenv( 'WPS_URL' ) );
$r = populate_network( 1, $u['host'] . ':' . $u['port'], 'admin@example.com', 'mcp-native test network', '/', false );
if ( is_wp_error( $r ) ) { fwrite( STDERR, $r->get_error_message() . "\n" ); exit( 1 ); }
PHP
    # 2. The constants (wp-config.php includes this file).
    _wps_write_network_config "$dir" "$host"
    # 3. Sub-sites and network activation, now that WordPress loads as a network.
    WPS_SLUGS="$*" _wps_php_wp "$dir" normal <<PHP || _wps_err "creating sub-sites or network-activating the plugin failed" || return 1
<?php
if ( ! is_multisite() ) { fwrite( STDERR, "WordPress did not load as a network\n" ); exit( 1 ); }
require_once ABSPATH . 'wp-admin/includes/plugin.php';
add_filter( 'pre_wp_mail', '__return_true' );
\$network = get_network();
foreach ( array_filter( explode( ' ', (string) getenv( 'WPS_SLUGS' ) ) ) as \$slug ) {
	\$id = wp_insert_site( array( 'domain' => \$network->domain, 'path' => '/' . \$slug . '/', 'title' => 'Site ' . \$slug, 'user_id' => 1 ) );
	if ( is_wp_error( \$id ) ) { fwrite( STDERR, \$id->get_error_message() . "\n" ); exit( 1 ); }
	switch_to_blog( \$id );
	update_option( 'permalink_structure', '/%postname%/' );
	delete_option( 'rewrite_rules' );
	restore_current_blog();
}
delete_option( 'rewrite_rules' );
\$r = activate_plugin( '$WP_STACK_PLUGIN_MAIN', '', true );
if ( is_wp_error( \$r ) ) { fwrite( STDERR, "[wp-stack] network activation failed: " . \$r->get_error_message() . "\n" ); exit( 1 ); }
PHP
    echo "MULTISITE='1'" >> "$dir/.mcp-native/site.env"
    _wps_log "network ready: $dir ($url; sub-sites: ${*:-none})"
}

_wps_write_network_config() {
    cat > "$1/.mcp-native/network.php" <<PHP
<?php
// Written by scripts/wp-stack.sh (wp_site_make_multisite; the domain is rewritten by wp_site_serve).
define( 'MULTISITE', true );
define( 'SUBDOMAIN_INSTALL', false );
define( 'DOMAIN_CURRENT_SITE', '$2' );
define( 'PATH_CURRENT_SITE', '/' );
define( 'SITE_ID_CURRENT_SITE', 1 );
define( 'BLOG_ID_CURRENT_SITE', 1 );
PHP
}

# A network answers only on its domain: move it (network, sites, their URLs) to URL's host:port.
_wps_network_rehome() {
    local dir="$1" url="$2"
    local old new db blogs b t
    old="$(wp_site_env "$dir" WP_URL)" || return 1
    [ "$old" = "$url" ] && return 0
    db="$(wp_site_env "$dir" DB_NAME)" || return 1
    old="${old#http://}"; new="${url#http://}"
    blogs="$(mariadb -uroot -N -B "$db" -e 'SELECT blog_id FROM wp_blogs')" || return 1
    {
        echo "UPDATE wp_site SET domain = '$new';"
        echo "UPDATE wp_blogs SET domain = '$new';"
        echo "UPDATE wp_sitemeta SET meta_value = REPLACE(meta_value, '//$old', '//$new') WHERE meta_key = 'siteurl';"
        for b in $blogs; do
            t=wp_options; [ "$b" = 1 ] || t="wp_${b}_options"
            echo "UPDATE $t SET option_value = REPLACE(option_value, '//$old', '//$new') WHERE option_name IN ('siteurl', 'home');"
        done
    } | mariadb -uroot "$db" || _wps_err "could not move the network to $new" || return 1
    _wps_write_network_config "$dir" "$new"
    sed -i "s#^WP_URL=.*#WP_URL='$url'#" "$dir/.mcp-native/site.env"
}

wp_site_add_mu_plugin() {
    local dir="$1"; shift
    local f g
    mkdir -p "$dir/wp-content/mu-plugins"
    for f in "$@"; do
        [ -e "$f" ] || _wps_err "mu-plugin not found: $f" || return 1
        if [ -d "$f" ]; then
            for g in "$f"/*.php; do [ -f "$g" ] && { wp_site_add_mu_plugin "$dir" "$g" || return 1; }; done
            continue
        fi
        case "$f" in *.php) ;; *) _wps_err "not a PHP file: $f"; return 1;; esac
        ln -sfn "$(_wps_abs "$f")" "$dir/wp-content/mu-plugins/$(basename "$f")"
    done
}

wp_site_php() {
    [ "$#" -ge 2 ] || { _wps_err "usage: wp_site_php DIR [-d ini=val ...] [--] PHP_CODE"; return 1; }
    local dir="$1"; shift
    local args=()
    while [ "$#" -gt 1 ]; do
        if [ "$1" = "--" ]; then shift; break; fi
        args+=("$1"); shift
    done
    printf '<?php\n%s\n' "$1" | _wps_php_wp "$dir" normal "${args[@]}"
}

wp_app_password() {
    [ "$#" -ge 1 ] || { _wps_err "usage: wp_app_password DIR [USER] [NAME]"; return 1; }
    local dir="$1" user="${2:-admin}" name="${3:-mcp-native}"
    WPS_USER="$user" WPS_APP_NAME="$name" _wps_php_wp "$dir" normal <<'PHP'
<?php
$user = get_user_by( 'login', getenv( 'WPS_USER' ) );
if ( ! $user ) { fwrite( STDERR, "no such user\n" ); exit( 1 ); }
$name = getenv( 'WPS_APP_NAME' ) . ' ' . gmdate( 'Y-m-d H:i:s' ) . ' ' . wp_generate_password( 4, false );
$r = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => $name ) );
if ( is_wp_error( $r ) ) { fwrite( STDERR, $r->get_error_message() . "\n" ); exit( 1 ); }
echo $r[0], "\n";
PHP
}

# ------------------------------------------------------------------------------ serving
# shellcheck source=scripts/wp-stack-serve.sh
source "$MCP_NATIVE_ROOT/scripts/wp-stack-serve.sh"
