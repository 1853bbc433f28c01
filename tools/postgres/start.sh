#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on loopback for the tests (Debian's package, installed if
# missing) and prints its database URL; `tools/postgres/stop.sh URL-DIR` or the end of the
# machine stops it. Usage: url="$(tools/postgres/start.sh [PORT])"
set -euo pipefail
port="${1:-54329}"
if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
    echo "installing Debian's postgresql" >&2
    "$(dirname "$0")/../debian-install.sh" postgresql
fi
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
dir="$(mktemp -d /tmp/hupai-pg.XXXXXX)"
as=()
if [ "$(id -u)" = 0 ]; then
    # PostgreSQL does not run as root: its own user owns the cluster.
    chown postgres "$dir"
    as=(runuser -u postgres --)
fi
"${as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >&2
"$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres hupai_test
echo "$dir" >/tmp/hupai-pg.last
echo "postgres://postgres@127.0.0.1:$port/hupai_test"
