# shellcheck shell=bash
# scripts/oauth-nginx.sh: nginx + php-fpm for the OAuth test and bench sites (scripts/test-oauth-sites.sh,
# bench/oauth_bench.sh). Source it after scripts/wp-stack.sh. WP_STACK_FPM_WORKERS sets the pool size.
#
# oauth_nginx_serve SITE_DIR DOCROOT PORT MODE PREFIX ROOT_RULE(0|1): nginx + php-fpm, WordPress's usual rules.
# Not wp_site_serve's nginx: that one refuses every dot path (/.well-known/ included), and Debian's
# /etc/nginx/fastcgi_params passes HTTP_HOST as $host (without the port), so WordPress on a
# loopback port would build its URLs on port 80. Here HTTP_HOST keeps the port, only the stack's
# private folder is refused, and PREFIX (/blog) serves a WordPress in a subdirectory of DOCROOT.
# ROOT_RULE adds docs/OAUTH.md's root rule for a subdirectory install's RFC 8414/9728 forms.
oauth_nginx_serve() {
    local site="$1" docroot="$2" port="$3" mode="$4" prefix="$5" rule="$6" state="$1/.mcp-native" ext=() sock root_flag=()
    [ "$mode" = with-extension ] && ext=(-d "extension=$EXT_SO")
    [ "$(id -u)" = 0 ] && root_flag=(-R)
    if [ -f "$state/network.php" ]; then _wps_network_rehome "$site" "http://127.0.0.1:$port" || return 1; fi
    _wps_write_nginx_fpm "$site" "$port" || return 1   # the php-fpm pool (its nginx.conf is replaced below)
    sock="$(sed -n 's/^listen = //p' "$state/fpm-$port.conf")"
    local extra=""
    if [ "$rule" = 1 ]; then
        extra="location ~ ^/\\.well-known/(oauth-authorization-server|oauth-protected-resource|openid-configuration)$prefix(/.*)?\$ { rewrite ^ $prefix/index.php last; }"
    fi
    if [ -f "$state/network.php" ]; then
        extra+=' if (!-e $request_filename) { rewrite ^/[_0-9a-zA-Z-]+(/wp-(admin|includes|content).*)$ $1 last; rewrite ^/[_0-9a-zA-Z-]+(/[^/]+\.php)$ $1 last; }'
    fi
    cat > "$state/nginx-$port/nginx.conf" <<NGINX
daemon off;
master_process on;
worker_processes 1;
pid $state/nginx-$port/nginx.pid;
error_log $state/server-$port.log warn;
$( [ "$(id -u)" = 0 ] && echo "user root root;" )
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path $state/nginx-$port/tmp/body;
    fastcgi_temp_path $state/nginx-$port/tmp/fastcgi;
    proxy_temp_path $state/nginx-$port/tmp/proxy;
    uwsgi_temp_path $state/nginx-$port/tmp/uwsgi;
    scgi_temp_path $state/nginx-$port/tmp/scgi;
    server {
        listen 127.0.0.1:$port;
        root $docroot;
        index index.php;
        location ~ /\.mcp-native { return 404; }
        $extra
        location $prefix/ { try_files \$uri \$uri/ $prefix/index.php?\$args; }
        location ~ \.php\$ {
            try_files \$uri =404;
            include /etc/nginx/fastcgi_params;
            fastcgi_param HTTP_HOST \$http_host;
            fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
            fastcgi_param HTTP_AUTHORIZATION \$http_authorization;
            fastcgi_pass unix:$sock;
        }
    }
}
NGINX
    _wps_daemon "$state/server-$port-fpm.pid" "$WP_STACK_FPM" "${ext[@]}" "${root_flag[@]}" -F -y "$state/fpm-$port.conf" >"$state/fpm-$port.log" 2>&1 || return 1
    _wps_daemon "$state/server-$port.pid" nginx -p "$state/nginx-$port" -c "$state/nginx-$port/nginx.conf" -e "$state/server-$port.log" >>"$state/server-$port.log" 2>&1 || return 1
    local i code=""
    for i in $(seq 1 100); do
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port$prefix/index.php?rest_route=/" || true)"
        [ "$code" = 200 ] && { _wps_log "serving $site on http://127.0.0.1:$port$prefix ($mode, nginx)"; return 0; }
        sleep 0.2
    done
    tail -n 20 "$state/server-$port.log" "$state/fpm-$port.log" >&2
    _wps_err "$site did not come up on port $port (last HTTP status ${code:-none})"
}
