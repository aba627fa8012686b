#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Two computers on a real (virtual) network: two network namespaces joined
# by a veth pair on 10.231.7.0/24, a subnet that exists only inside them.
# `parlor-cli serve --announce` runs in one with a bot that opens a table;
# `parlor-cli discover --json` in the other must find it within 2 s with
# the right fields; a bot there joins the address found, and the two bots
# play a whole game of Manhattan. Every datagram and connection stays
# inside the two namespaces. Needs root and iproute2; skipped otherwise.
#
# Usage: netns-discovery.sh PARLOR_CLI
set -u
cli=${1:?usage: netns-discovery.sh PARLOR_CLI}
. "$(dirname "$0")/netns-lib.sh"

ns_a=parlor-host-$tag
ns_b=parlor-guest-$tag
namespaces="$ns_a $ns_b"

ip netns add "$ns_a" 2>"$tmp/netns.log" || skip "cannot make a network namespace: $(cat "$tmp/netns.log")"
ip netns add "$ns_b" || skip "cannot make a second network namespace"
# The veth pair is made inside the first namespace, its peer moved to the
# second: nothing appears in the machine's own namespace.
ip -n "$ns_a" link add veth0 type veth peer name veth1 netns "$ns_b" 2>"$tmp/netns.log" ||
  skip "cannot make a veth pair: $(cat "$tmp/netns.log")"
echo "1..5"
ip -n "$ns_a" addr add 10.231.7.1/24 dev veth0 &&
ip -n "$ns_b" addr add 10.231.7.2/24 dev veth1 &&
ip -n "$ns_a" link set lo up && ip -n "$ns_a" link set veth0 up &&
ip -n "$ns_b" link set lo up && ip -n "$ns_b" link set veth1 up &&
ip -n "$ns_a" route add 239.255.0.0/16 dev veth0 &&
ip -n "$ns_b" route add 239.255.0.0/16 dev veth1 ||
  fail "namespaces $ns_a and $ns_b joined by a veth pair"
ok "namespaces $ns_a (10.231.7.1) and $ns_b (10.231.7.2) joined by a veth pair"

# `ip netns exec` and env exec the command: a process started in the
# background with these is the command itself, and $! its pid.
in_a () { exec ip netns exec "$ns_a" env PARLOR_DISCOVERY=all "$@"; }
in_b () { exec ip netns exec "$ns_b" env PARLOR_DISCOVERY=all "$@"; }

# The host: a headless server that announces, and Alice's bot opening a
# table that it starts once a second player sits down.
(in_a "$cli" serve --game manhattan --port 7412 --announce --seed 11 --ai-delay 50) >"$tmp/serve.log" 2>&1 &
pids="$pids $!"
for i in $(seq 50); do grep -q "^listening on" "$tmp/serve.log" && break; sleep 0.1; done
grep -q "^listening on" "$tmp/serve.log" || fail "serve listens"
in_a "$cli" bot --connect 10.231.7.1:7412 --name Alice --level random --seed 1 --delay 50 --start-when 2 \
  >"$tmp/alice.log" 2>&1 &
alice=$!
pids="$pids $alice"
for i in $(seq 50); do grep -q "joined\|Alice" "$tmp/serve.log" && break; sleep 0.1; done

# The guest finds it within two seconds.
start=$(date +%s%N)
(in_b "$cli" discover --json --timeout 2) >"$tmp/discover.json" 2>"$tmp/discover.log" ||
  fail "discover runs"
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
address=$(python3 - "$tmp/discover.json" <<'PY'
import json, sys
tables = json.load(open(sys.argv[1]))["tables"]
assert len(tables) == 1, tables
t = tables[0]
want = {"game": "manhattan", "name": "Alice", "address": "10.231.7.1:7412", "port": 7412,
        "taken": 1, "seats": 4, "free": 3, "started": False, "protocol": 2}
for key, value in want.items():
    assert t[key] == value, (key, t[key], value)
assert t["found_ms"] <= 2000, t["found_ms"]
assert "token" not in json.dumps(t)
print(t["address"])
PY
) || { cat "$tmp/discover.json" > "$tmp/discover-json.log"; fail "the table is found with the right fields"; }
found_ms=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tables"][0]["found_ms"])' "$tmp/discover.json")
ok "discover in $ns_b found Alice's Manhattan table at $address in ${found_ms} ms (ran ${elapsed} ms)"

# A probe from an address off the host's subnets gets no answer, though a
# route back exists; the same probe from the guest's own address does.
ip -n "$ns_b" addr add 10.231.8.2/24 dev veth1 &&
ip -n "$ns_a" route add 10.231.8.0/24 dev veth0 || fail "a second subnet for the guest"
(in_b python3 -) <<'PY' >"$tmp/probe.log" 2>&1 || fail "a probe from off the subnet gets no answer"
import socket
probe = b"probe v=1 pad="
probe += b"0" * (1023 - len(probe)) + b"\n"
def answers(source):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind((source, 0))
    s.settimeout(1.0)
    s.sendto(probe, ("10.231.7.1", 7413))
    try:
        data = s.recv(2048)
    except socket.timeout:
        return None
    assert len(data) <= len(probe), len(data)
    return data
assert answers("10.231.8.2") is None, "answered a sender off the subnet"
data = answers("10.231.7.2")
assert data is not None and data.startswith(b"tables v=1 kind=answer"), data
print("answer of %d bytes to a probe of %d" % (len(data), len(probe)))
PY
ok "a probe from 10.231.8.2 (off the host's subnets) gets no answer; from 10.231.7.2 it does: $(cat "$tmp/probe.log")"

# Bob joins the address found; the two bots play the whole game.
in_b "$cli" bot --connect "$address" --name Bob --level random --seed 2 --delay 50 >"$tmp/bob.log" 2>&1 &
bob=$!
pids="$pids $bob"
for i in $(seq 50); do grep -q "^started" "$tmp/bob.log" && break; sleep 0.1; done
grep -q "^started" "$tmp/bob.log" || fail "Bob sits at the table"
(in_b "$cli" discover --json --timeout 1) >"$tmp/discover2.json" 2>>"$tmp/discover.log"
python3 - "$tmp/discover2.json" <<'PY' || fail "the started table is announced as started"
import json, sys
tables = json.load(open(sys.argv[1]))["tables"]
assert len(tables) == 1 and tables[0]["started"] and tables[0]["taken"] == 2, tables
PY
ok "the table is announced as started, with 2 seats taken"

wait "$alice"; a=$?
wait "$bob"; b=$?
pids=$(echo "$pids" | sed "s/ $alice//; s/ $bob//")
[ "$a" = 0 ] && [ "$b" = 0 ] || fail "both bots finish (exit $a and $b)"
last_a=$(tail -n 1 "$tmp/alice.log")
last_b=$(tail -n 1 "$tmp/bob.log")
case "$last_a" in ""|started*) fail "Alice's bot ends with the result (got: $last_a)";; esac
[ "$last_a" = "$last_b" ] || fail "both bots saw the same result"
ok "Alice ($ns_a) and Bob ($ns_b) played a whole game of Manhattan: $last_a"
