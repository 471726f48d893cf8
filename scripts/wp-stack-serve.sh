# shellcheck shell=bash
# scripts/wp-stack-serve.sh: the serving half of scripts/wp-stack.sh (processes, wp_site_serve with
# php -S or nginx + php-fpm, wp_site_stop, stopping on exit). Sourced by wp-stack.sh, which documents
# every function; not meant to be sourced alone.

# ------------------------------------------------------------------------------ processes
wp_kill_group() {
    local pid="$1" i
    [ -n "$pid" ] || return 0
    kill -0 -- "-$pid" 2>/dev/null || kill -0 "$pid" 2>/dev/null || return 0
    # INT first: php -S ends at once on it (on TERM it lingers for about 2 s).
    kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do
        kill -0 -- "-$pid" 2>/dev/null || return 0
        [ "$i" = 20 ] && { kill -TERM -- "-$pid" 2>/dev/null || true; }
        sleep 0.1
    done
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
}

wp_free_port() {
    # PHP, not python3: a machine that only runs the demo has no Python.
    "$PHP" -r '$s = stream_socket_server("tcp://127.0.0.1:0"); $n = stream_socket_get_name($s, false); echo substr($n, strrpos($n, ":") + 1), "\n";'
}

wp_wait_http() {
    local url="$1" secs="${2:-30}" i
    for i in $(seq 1 $((secs * 5))); do
        curl -s -o /dev/null --max-time 2 "$url" && return 0
        sleep 0.2
    done
    _wps_err "$url did not answer within ${secs} s"
}

wp_site_serve() {
    [ "$#" -ge 2 ] || { _wps_err "usage: wp_site_serve DIR PORT [with-extension|without-extension] [php-s|nginx] [PREFIX [root-rule]]"; return 1; }
    local dir="$1" port="$2" mode="${3:-without-extension}" server="${4:-php-s}" prefix="${5:-}" rule="${6:-}"
    [ -f "$dir/.mcp-native/router.php" ] || _wps_err "$dir is not a site made by wp_site_create" || return 1
    dir="$(_wps_abs "$dir")"
    [[ "$port" =~ ^[0-9]+$ ]] || _wps_err "port must be a number (got '$port')" || return 1
    if [ -n "$prefix" ]; then
        [[ "$prefix" =~ ^/[A-Za-z0-9_-]+$ ]] || _wps_err "PREFIX must be one path segment such as /blog (got '$prefix')" || return 1
        [ "$server" = nginx ] || _wps_err "PREFIX $prefix needs the nginx server" || return 1
        [ "${dir%"$prefix"}" != "$dir" ] || _wps_err "DIR must end with PREFIX $prefix (got $dir)" || return 1
    fi
    case "$rule" in ''|root-rule) ;; *) _wps_err "the sixth argument must be root-rule (got '$rule')"; return 1 ;; esac
    local ext=()
    case "$mode" in
        with-extension)
            [ -f "$EXT_SO" ] || _wps_err "with-extension: $EXT_SO does not exist (make build)" || return 1
            ext=(-d "extension=$EXT_SO") ;;
        without-extension) ;;
        *) _wps_err "mode must be with-extension or without-extension (got '$mode')"; return 1 ;;
    esac
    if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/"; then
        _wps_err "port $port is already in use"; return 1
    fi
    if [ -f "$dir/.mcp-native/network.php" ]; then
        _wps_network_rehome "$dir" "http://127.0.0.1:$port" || return 1
    fi
    local state="$dir/.mcp-native" pid fpm_pid=""
    local log="$state/server-$port.log" pidf="$state/server-$port.pid"
    case "$server" in
        php-s)
            # setsid: the server leads its own process group (workers included), so one kill ends all.
            PHP_CLI_SERVER_WORKERS="$WP_STACK_WORKERS" _wps_daemon "$pidf" "$PHP" "${ext[@]}" \
                -d display_errors=0 -d log_errors=1 -d "error_log=$state/php-errors.log" \
                -S "127.0.0.1:$port" -t "$dir" "$state/router.php" >"$log" 2>&1 || return 1
            pid="$(cat "$pidf")"
            ;;
        nginx)
            _wps_write_nginx_fpm "$dir" "$port" "$prefix" "$rule" || return 1
            local root_flag=(); [ "$(id -u)" = 0 ] && root_flag=(-R)
            _wps_daemon "$state/server-$port-fpm.pid" "$WP_STACK_FPM" "${ext[@]}" "${root_flag[@]}" \
                -F -y "$state/fpm-$port.conf" >"$state/fpm-$port.log" 2>&1 || return 1
            fpm_pid="$(cat "$state/server-$port-fpm.pid")"
            _wps_daemon "$pidf" nginx -p "$state/nginx-$port" -c "$state/nginx-$port/nginx.conf" -e "$log" \
                >>"$log" 2>&1 || { wp_site_stop "$dir" "$port"; return 1; }
            pid="$(cat "$pidf")"
            ;;
        *) _wps_err "server must be php-s or nginx (got '$server')"; return 1 ;;
    esac
    echo "$mode $server" > "$state/server-$port.mode"
    local i up=0 code fails=0
    for i in $(seq 1 150); do   # 30 s
        # The REST index by its query form: it answers on plain permalinks too.
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port$prefix/index.php?rest_route=/" || true)"
        if [ "$code" = 200 ]; then up=1; break; fi
        # WordPress answers, but with errors (a fatal in a plugin...): 5 in a row is enough
        if [[ "$code" =~ ^[45] ]]; then fails=$((fails + 1)); [ "$fails" -ge 5 ] && break; else fails=0; fi
        # a server died (for example the extension failed to load): no point in waiting
        kill -0 "$pid" 2>/dev/null || break
        [ -z "$fpm_pid" ] || kill -0 "$fpm_pid" 2>/dev/null || break
        sleep 0.2
    done
    if [ "$up" != 1 ]; then
        _wps_err "the server on port $port did not come up ($mode, $server; last HTTP status ${code:-none}); logs:" || true
        tail -n 25 "$log" ${fpm_pid:+"$state/fpm-$port.log"} >&2
        [ -f "$state/debug.log" ] && grep -E 'PHP (Fatal|Parse)|Uncaught' "$state/debug.log" | tail -n 5 >&2
        wp_site_stop "$dir" "$port"
        return 1
    fi
    _wps_log "serving $dir on http://127.0.0.1:$port$prefix ($mode, $server, pid $pid)"
}

# nginx + php-fpm configuration for one site and port, all state inside DIR/.mcp-native.
# _wps_write_nginx_fpm DIR PORT [PREFIX [root-rule]]: with PREFIX (/blog) WordPress is in a
# subdirectory: nginx's root is DIR without PREFIX and WordPress serves PREFIX/; root-rule adds
# docs/OAUTH.md's rule passing the host root's path-inserted RFC 8414/9728 forms to it.
_wps_write_nginx_fpm() {
    local dir="$1" port="$2" prefix="${3:-}" rule="${4:-}" state="$1/.mcp-native"
    local docroot="${dir%"$prefix"}"
    local sock="$state/fpm-$port.sock"
    [ "${#sock}" -lt 100 ] || sock="/tmp/mcp-native-fpm-$port-$$.sock"   # unix socket path limit
    command -v nginx >/dev/null || _wps_err "nginx not installed (scripts/install-deps.sh)" || return 1
    command -v "$WP_STACK_FPM" >/dev/null || _wps_err "$WP_STACK_FPM not installed (scripts/install-deps.sh)" || return 1
    rm -f "$sock"
    cat > "$state/fpm-$port.conf" <<FPM
[global]
pid = $state/fpm-$port.run.pid
error_log = $state/fpm-$port.log
daemonize = no

[site]
listen = $sock
listen.mode = 0666
pm = static
pm.max_children = $WP_STACK_FPM_WORKERS
; how many workers are busy (scripts/load.sh checks none is stuck after its runs)
pm.status_path = /fpm-status
; keep the environment: MCP_NATIVE_REQUIRE reaches the plugin
clear_env = no
catch_workers_output = yes
php_admin_flag[log_errors] = on
php_admin_value[error_log] = $state/php-errors.log
php_admin_value[display_errors] = off
FPM
    mkdir -p "$state/nginx-$port/tmp" "$state/nginx-$port/logs"
    cat > "$state/nginx-$port/nginx.conf" <<NGINX
daemon off;
master_process on;
worker_processes $WP_STACK_NGINX_WORKERS;
pid $state/nginx-$port/nginx.pid;
error_log $state/server-$port.log warn;
$( [ "$(id -u)" = 0 ] && echo "user root root;" )
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path $state/nginx-$port/tmp/body;
    fastcgi_temp_path $state/nginx-$port/tmp/fastcgi;
    proxy_temp_path $state/nginx-$port/tmp/proxy;
    uwsgi_temp_path $state/nginx-$port/tmp/uwsgi;
    scgi_temp_path $state/nginx-$port/tmp/scgi;
    client_max_body_size 16m;
    server {
        listen 127.0.0.1:$port;
        root $docroot;
        index index.php;
$( [ "$rule" = root-rule ] && printf '        %s\n' \
        "location ~ ^/\\.well-known/(oauth-authorization-server|oauth-protected-resource|openid-configuration)$prefix(/.*)?\$ { rewrite ^ $prefix/index.php last; }" )
        location ~ ${prefix:+^$prefix}/\.well-known/ { try_files \$uri $prefix/index.php?\$args; }
        location ~ /\. { default_type application/json; return 404 '{"code":"not_found","message":"Not found.","data":{"status":404}}'; }
$( [ -f "$dir/.mcp-native/network.php" ] && printf '%s\n' \
        'if (!-e $request_filename) { rewrite ^/[_0-9a-zA-Z-]+(/wp-(admin|includes|content).*)$ $1 last; rewrite ^/[_0-9a-zA-Z-]+(/[^/]+\.php)$ $1 last; }' )
        location = /fpm-status { allow 127.0.0.1; deny all; include /etc/nginx/fastcgi_params; fastcgi_param SCRIPT_NAME /fpm-status; fastcgi_param SCRIPT_FILENAME /fpm-status; fastcgi_pass unix:$sock; }
        location $prefix/ { try_files \$uri \$uri/ $prefix/index.php?\$args; }
        location ~ \.php\$ {
            try_files \$uri =404;
            include /etc/nginx/fastcgi_params;
            # Debian's fastcgi_params now ends with HTTP_HOST \$host, which drops the port: WordPress
            # would build every URL (home, REST, OAuth issuer) for port 80. The last value wins.
            fastcgi_param HTTP_HOST \$http_host;
            fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
            fastcgi_param HTTP_AUTHORIZATION \$http_authorization;
            fastcgi_pass unix:$sock;
        }
    }
}
NGINX
}

wp_site_stop() {
    [ "$#" -ge 1 ] || { _wps_err "usage: wp_site_stop DIR [PORT]"; return 1; }
    local dir="$1" port="${2:-}" f files
    if [ -n "$port" ]; then files=("$dir/.mcp-native/server-$port.pid" "$dir/.mcp-native/server-$port-fpm.pid")
    else files=("$dir"/.mcp-native/server-*.pid); fi
    for f in "${files[@]}"; do
        [ -f "$f" ] || continue
        wp_kill_group "$(cat "$f")"
        rm -f "$f"
    done
}

# wp_stop_site_on_exit DIR...: when the calling script ends (normally, on error, Ctrl-C or TERM),
# stop the site's server, and MariaDB if this script started it, keeping the script's exit status.
wp_stop_site_on_exit() {
    _WPS_EXIT_SITES=("$@")
    trap _wps_stop_on_exit EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}
_wps_stop_on_exit() {
    local rc=$?
    set +e
    local site
    for site in "${_WPS_EXIT_SITES[@]}"; do wp_site_stop "$site" 2>/dev/null; done
    [ "${WP_STACK_STARTED_MARIADB:-0}" = 1 ] && wp_db_stop
    exit "$rc"
}
