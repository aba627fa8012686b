#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: parlor-cli serve + loadtest on 127.0.0.1, prints the loadtest's
# JSON and the server's peak memory. With "announce" the server announces
# its tables (on the loopback interface only, on a port of its own) and a
# guest keeps looking for them meanwhile.
# Usage: bench-loadtest.sh PARLOR_CLI [TABLES [THINK_MS [announce]]]
set -eu
cli=$1
tables=${2:-250}
think=${3:-0}
announce=
if [ "${4:-}" = announce ]; then
  announce=--announce
  export PARLOR_DISCOVERY=loopback
  PARLOR_DISCOVERY_PORT=$((40000 + $$ % 20000))
  export PARLOR_DISCOVERY_PORT
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$cli" serve --game manhattan --port 0 --address 127.0.0.1 $announce \
  --max-connections 0 --max-per-address 0 >"$dir/out" 2>"$dir/err" &
server=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/^listening on //p' "$dir/out")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { kill "$server"; echo "the server did not start" >&2; exit 1; }

status=0
guest=
if [ -n "$announce" ]; then
  "$cli" discover --timeout 600 >"$dir/found" 2>&1 &
  guest=$!
fi
"$cli" loadtest --connect "127.0.0.1:$port" --tables "$tables" --level random \
  --think "$think" --json || status=$?
kill -TERM "$server"
wait "$server" || status=$?
if [ -n "$guest" ]; then
  kill -TERM "$guest" 2>/dev/null || true
  wait "$guest" 2>/dev/null || true
fi
sed -n 's/^peak memory: /server peak memory: /p' "$dir/err"
exit $status
