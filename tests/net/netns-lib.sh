# SPDX-License-Identifier: GPL-3.0-or-later
#
# Sourced by the network-namespace tests: TAP words (skip, ok, fail), the
# checks that skip without root or iproute2, a tag unique to the run, a
# scratch directory $tmp whose *.log files fail shows, and a clean-up at
# exit that kills the processes in $pids and everything in the namespaces
# named in $namespaces, then deletes those.
n=0

skip () {
  echo "1..0 # SKIP $*"
  exit 0
}
ok () {
  n=$((n + 1)); echo "ok $n - $*"
}
fail () {
  n=$((n + 1)); echo "not ok $n - $*"
  for f in "$tmp"/*.log; do
    [ -s "$f" ] && { echo "# --- $(basename "$f")"; sed 's/^/# /' "$f" | tail -n 20; }
  done
  exit 1
}

[ "$(id -u)" = 0 ] || skip "network namespaces need root"
command -v ip >/dev/null 2>&1 || skip "no ip command (iproute2)"
command -v python3 >/dev/null 2>&1 || skip "no python3"

# Unique per run: tests may run side by side.
tag=$$$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
tmp=$(mktemp -d)
pids=
namespaces=

cleanup () {
  for pid in $pids; do kill "$pid" 2>/dev/null; done
  for pid in $pids; do wait "$pid" 2>/dev/null; done
  # Anything else still running in them (ours only: the namespaces are).
  for ns in $namespaces; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
  done
  for ns in $namespaces; do ip netns del "$ns" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE
