#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: parlor-cli serve + loadtest on 127.0.0.1, prints the loadtest's
# JSON and the server's peak memory.
# Usage: bench-loadtest.sh PARLOR_CLI [TABLES [THINK_MS]]
set -eu
cli=$1
tables=${2:-250}
think=${3:-0}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$cli" serve --game manhattan --port 0 --address 127.0.0.1 \
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
"$cli" loadtest --connect "127.0.0.1:$port" --tables "$tables" --level random \
  --think "$think" --json || status=$?
kill -TERM "$server"
wait "$server" || status=$?
sed -n 's/^peak memory: /server peak memory: /p' "$dir/err"
exit $status
