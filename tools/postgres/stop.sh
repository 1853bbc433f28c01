#!/usr/bin/env bash
# Stops the server tools/postgres/start.sh started last, and removes its files.
set -euo pipefail
dir="$(cat /tmp/hupai-pg.last 2>/dev/null || true)"
[ -n "$dir" ] && [ -d "$dir/data" ] || exit 0
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
as=()
[ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
rm -rf "$dir" /tmp/hupai-pg.last
