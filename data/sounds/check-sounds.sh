#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that every sound given exists, is readable audio and lasts less than 1 second.
set -u
echo "1..$#"
n=0 status=0
for f in "$@"; do
  n=$((n + 1))
  if [ ! -f "$f" ]; then
    echo "not ok $n - $f: missing"; status=1; continue
  fi
  len=$(soxi -D "$f" 2>/dev/null) || len=
  if [ -z "$len" ]; then
    echo "not ok $n - $f: not a sound soxi can read"; status=1
  elif awk "BEGIN { exit !($len > 0 && $len < 1) }"; then
    echo "ok $n - $f lasts $len s"
  else
    echo "not ok $n - $f lasts $len s, must be under 1 s"; status=1
  fi
done
exit $status
