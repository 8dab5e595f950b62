#!/usr/bin/env bash
# Tries deploy/nginx.conf on this machine, as docs/DEPLOY.md's last section describes: Debian's PostgreSQL with two web
# instances and a worker (scale-out/start-stack.ts), nginx in front of them with a self-signed certificate for
# shop.example.dz, then curl through it. Run as root from the repository root; needs nginx and openssl. Leaves nothing
# running.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d /tmp/esim-try-nginx-XXXXXX)"
mkdir -p "$work/logs"
stack_pid=""
cleanup() {
  [ -f "$work/nginx.pid" ] && nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null || true
  [ -n "$stack_pid" ] && kill -TERM "$stack_pid" 2>/dev/null && wait "$stack_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"; }

node --import tsx scale-out/start-stack.ts >"$work/stack.json" 2>"$work/stack.err" &
stack_pid=$!
until [ -s "$work/stack.json" ]; do
  kill -0 "$stack_pid" 2>/dev/null || { cat "$work/stack.err"; exit 1; }
  sleep 0.5
done
port_of() { python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['instances'][int(sys.argv[2])]['url'].rsplit(':', 1)[1])" "$work/stack.json" "$1"; }
web_a="$(port_of 0)"
web_b="$(port_of 1)"
https_port="$(free_port)"
http_port="$(free_port)"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=shop.example.dz" \
  -addext "subjectAltName=DNS:shop.example.dz" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
# The guide's file with this machine's ports and certificate: nothing else changed.
sed -e "s/127.0.0.1:8081/127.0.0.1:$web_a/; s/127.0.0.1:8082/127.0.0.1:$web_b/" \
  -e "s|/etc/letsencrypt/live/shop.example.dz/fullchain.pem|$work/cert.pem|" \
  -e "s|/etc/letsencrypt/live/shop.example.dz/privkey.pem|$work/key.pem|" \
  -e "s/listen 443 ssl http2;/listen 127.0.0.1:$https_port ssl http2;/; s/listen 80;/listen 127.0.0.1:$http_port;/" \
  -e "/listen \[::\]/d" deploy/nginx.conf >"$work/site.conf"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events {}
http {
  log_format upstream '\$request \$status upstream=\$upstream_addr';
  access_log $work/logs/access.log upstream;
  client_body_temp_path $work/body; proxy_temp_path $work/proxy;
  fastcgi_temp_path $work/fastcgi; uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
  include /etc/nginx/mime.types;
  include $work/site.conf;
}
CONF
nginx -t -p "$work" -c "$work/nginx.conf"
nginx -p "$work" -c "$work/nginx.conf"

shop="https://shop.example.dz:$https_port"
curl_shop() { curl -sS --resolve "shop.example.dz:$https_port:127.0.0.1" --cacert "$work/cert.pem" "$@"; }
check() { if [ "$2" = "$3" ]; then echo "ok   $1"; else echo "FAIL $1: expected $3, got $2"; failed=1; fi; }
failed=0

check "http redirects to https" "$(curl -sS -o /dev/null -w '%{http_code}' -H 'Host: shop.example.dz' "http://127.0.0.1:$http_port/orders")" 301
for _ in 1 2 3 4; do curl_shop -o /dev/null "$shop/api/health"; done
check "health over HTTP/2" "$(curl_shop -o /dev/null -w '%{http_code} %{http_version}' "$shop/api/health")" "200 2"
check "requests reach both instances" "$(grep -o 'upstream=127.0.0.1:[0-9]*' "$work/logs/access.log" | sort -u | wc -l)" 2
check "/metrics is not public" "$(curl_shop -o /dev/null -w '%{http_code}' "$shop/metrics")" 404
email="forged-$RANDOM@example.com"
curl_shop -o /dev/null -H 'X-Forwarded-For: 6.6.6.6' -H 'content-type: application/json' \
  -d "{\"email\":\"$email\",\"language\":\"fr\"}" "$shop/api/v1/app/auth/code"
database_url="$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['databaseUrl'])" "$work/stack.json")"
psql_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql"
check "a forged X-Forwarded-For is replaced" \
  "$("$psql_bin" "$database_url" -tAc "select request_ip from sign_in_codes where email = '$email'")" 127.0.0.1
kill -KILL "$(ss -ltnpH "sport = :$web_b" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)"
codes=""
for _ in 1 2 3 4; do codes="$codes$(curl_shop -o /dev/null -w '%{http_code} ' "$shop/api/health")"; done
check "one instance killed: every request still answered" "$codes" "200 200 200 200 "
exit "$failed"
