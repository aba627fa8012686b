#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A spoofer on a real (virtual) network: three network namespaces, a host
# (10.231.9.1), a guest (.2) and a spoofer (.3 and .4), on a bridge in the
# host's. The host runs `parlor-cli serve --announce` with Alice's table.
# The
# guest's `parlor-cli discover` must list Alice's table where it is, though
# the spoofer re-announces its id with another port and says `bye` in its
# server's name; and a table Carol opens while the spoofer fills the list
# must appear within two seconds and a half. Every datagram stays inside
# the three namespaces. Needs root and iproute2; skipped otherwise.
#
# Usage: netns-spoof.sh PARLOR_CLI
set -u
cli=${1:?usage: netns-spoof.sh PARLOR_CLI}
. "$(dirname "$0")/netns-lib.sh"

ns_a=parlor-spoofed-$tag
ns_b=parlor-guest-$tag
ns_c=parlor-spoofer-$tag
namespaces="$ns_a $ns_b $ns_c"

ip netns add "$ns_a" 2>"$tmp/netns.log" || skip "cannot make a network namespace: $(cat "$tmp/netns.log")"
ip netns add "$ns_b" || skip "cannot make a second network namespace"
ip netns add "$ns_c" || skip "cannot make a third network namespace"
# A bridge in the host's namespace, and a veth pair from it to each of the
# others: nothing appears in the machine's own namespace.
ip -n "$ns_a" link add br0 type bridge mcast_snooping 0 2>"$tmp/netns.log" ||
  skip "cannot make a bridge: $(cat "$tmp/netns.log")"
ip -n "$ns_a" link add vb type veth peer name veth1 netns "$ns_b" 2>"$tmp/netns.log" ||
  skip "cannot make a veth pair: $(cat "$tmp/netns.log")"
echo "1..4"
ip -n "$ns_a" link add vc type veth peer name veth1 netns "$ns_c" &&
ip -n "$ns_a" link set vb master br0 && ip -n "$ns_a" link set vc master br0 &&
ip -n "$ns_a" addr add 10.231.9.1/24 dev br0 &&
ip -n "$ns_b" addr add 10.231.9.2/24 dev veth1 &&
ip -n "$ns_c" addr add 10.231.9.3/24 dev veth1 &&
ip -n "$ns_c" addr add 10.231.9.4/24 dev veth1 &&
ip -n "$ns_a" link set lo up && ip -n "$ns_a" link set br0 up &&
ip -n "$ns_a" link set vb up && ip -n "$ns_a" link set vc up &&
ip -n "$ns_b" link set lo up && ip -n "$ns_b" link set veth1 up &&
ip -n "$ns_c" link set lo up && ip -n "$ns_c" link set veth1 up &&
ip -n "$ns_a" route add 239.255.0.0/16 dev br0 &&
ip -n "$ns_b" route add 239.255.0.0/16 dev veth1 &&
ip -n "$ns_c" route add 239.255.0.0/16 dev veth1 ||
  fail "namespaces $ns_a, $ns_b and $ns_c on a bridge"
ok "host $ns_a (10.231.9.1), guest $ns_b (.2) and spoofer $ns_c (.3, .4) on a bridge"

in_a () { exec ip netns exec "$ns_a" env PARLOR_DISCOVERY=all "$@"; }
in_b () { exec ip netns exec "$ns_b" env PARLOR_DISCOVERY=all "$@"; }
in_c () { exec ip netns exec "$ns_c" "$@"; }

(in_a "$cli" serve --game manhattan --port 7412 --announce --seed 11) >"$tmp/serve.log" 2>&1 &
pids="$pids $!"
for i in $(seq 50); do grep -q "^listening on" "$tmp/serve.log" && break; sleep 0.1; done
grep -q "^listening on" "$tmp/serve.log" || fail "serve listens"
in_a "$cli" bot --connect 10.231.9.1:7412 --name Alice --level random --seed 1 --start-when 4 \
  >"$tmp/alice.log" 2>&1 &
pids="$pids $!"
for i in $(seq 50); do grep -q "Alice" "$tmp/serve.log" && break; sleep 0.1; done

# The spoofer: what anyone on the network learns by probing the host (its
# server id and Alice's record), re-announced with another name (and
# another port), a `bye` in the host's name; with flood, 64 made-up
# tables from each of its two addresses, again and again.
cat >"$tmp/spoof.py" <<'PY'
import socket, sys, time
GROUP, PORT = "239.255.74.12", 7413
def sender(source):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind((source, 0))
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(source))
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
    return s
def send(s, kind, server, records):
    for i in range(0, max(len(records), 1), 10):
        data = "tables v=1 kind=%s server=%s port=7412\n" % (kind, server)
        data += "".join(r + "\n" for r in records[i:i + 10])
        s.sendto(data.encode(), (GROUP, PORT))
if sys.argv[1] == "hijack":
    probe = b"probe v=1 pad="
    probe += b"0" * (1023 - len(probe)) + b"\n"
    s = sender("10.231.9.3")
    s.settimeout(2.0)
    s.sendto(probe, ("10.231.9.1", PORT))
    lines = s.recv(2048).decode().splitlines()
    server = [w for w in lines[0].split() if w.startswith("server=")][0][7:]
    fake = [l.replace("name=Alice", "name=Mallory") for l in lines[1:]]
    moved = [l.replace("port=7412", "port=7999") for l in fake]
    print("server %s, %d tables" % (server, len(fake)), flush=True)
    elsewhere = sender("10.231.9.3")
    while True:
        send(elsewhere, "announce", server, fake)
        send(elsewhere, "answer", server, moved)
        send(elsewhere, "bye", server, [])
        time.sleep(0.2)
else:
    fake = ["table v=1 game=manhattan id=%d name=Spoof%d host= port=7412 taken=1 seats=4 started=0 proto=2"
            % (i, i) for i in range(1, 65)]
    senders = [sender("10.231.9.3"), sender("10.231.9.4")]
    print("flooding", flush=True)
    while True:
        for k, s in enumerate(senders):
            for j in range(2):
                send(s, "announce", "spoof%d%d" % (k, j), fake)
        time.sleep(0.2)
PY

(in_c python3 "$tmp/spoof.py" hijack) >"$tmp/hijack.log" 2>&1 &
spoofer=$!
pids="$pids $spoofer"
for i in $(seq 50); do grep -q "^server" "$tmp/hijack.log" && break; sleep 0.1; done
grep -q "^server" "$tmp/hijack.log" || fail "the spoofer learns the host's server id"
(in_b "$cli" discover --json --timeout 2) >"$tmp/discover.json" 2>"$tmp/discover.log" || fail "discover runs"
kill "$spoofer"; wait "$spoofer" 2>/dev/null
pids=$(echo "$pids" | sed "s/ $spoofer//")
python3 - "$tmp/discover.json" <<'PY' >"$tmp/check.log" 2>&1 || { cp "$tmp/discover.json" "$tmp/discover-json.log"; fail "Alice's table stays where it is"; }
import json, sys
tables = json.load(open(sys.argv[1]))["tables"]
real = [t for t in tables if t["address"] == "10.231.9.1:7412"]
assert len(real) == 1 and real[0]["name"] == "Alice" and real[0]["port"] == 7412, tables
assert all(t["name"] == "Mallory" for t in tables if t is not real[0]), tables
PY
ok "the spoofer's announcements and bye leave Alice's table at 10.231.9.1:7412 ($(grep -c '"address"' "$tmp/discover.json") listed)"

(in_c python3 "$tmp/spoof.py" flood) >"$tmp/flood.log" 2>&1 &
pids="$pids $!"
for i in $(seq 50); do grep -q "^flooding" "$tmp/flood.log" && break; sleep 0.1; done
start=$(date +%s%N)
(in_b "$cli" discover --json --timeout 5) >"$tmp/flooded.json" 2>"$tmp/discover.log" &
discover=$!
sleep 1.5
opened=$(( ($(date +%s%N) - start) / 1000000 ))
in_a "$cli" bot --connect 10.231.9.1:7412 --create --game manhattan --name Carol --level random --seed 3 \
  --start-when 4 >"$tmp/carol.log" 2>&1 &
pids="$pids $!"
wait "$discover" || fail "discover runs during the flood"
appeared=$(python3 - "$tmp/flooded.json" "$opened" <<'PY'
import json, sys
tables = json.load(open(sys.argv[1]))["tables"]
carol = [t for t in tables if t["name"] == "Carol" and t["address"] == "10.231.9.1:7412"]
assert carol, "Carol's table is not listed among %d" % len(tables)
assert len(tables) <= 128, len(tables)
print(carol[0]["found_ms"], len(tables))
PY
) || { python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["tables"]; print(len(t), "listed, not spoofed:", [(x["name"], x["address"]) for x in t if not x["name"].startswith("Spoof")])' \
       "$tmp/flooded.json" >"$tmp/flooded-json.log"; fail "Carol's table appears during the flood"; }
ok "the list filled by the spoofer (${appeared#* } tables) still took Carol's table"
set -- $appeared
# Both from discover's start, Carol's bot launched as the shell saw it.
[ "$1" -le $((opened + 2500)) ] ||
  fail "Carol's table listed at ${1} ms, her bot launched at ${opened} ms: more than 2.5 s"
ok "Carol's table listed ${1} ms into discover, her bot launched at ${opened} ms (the shell's clock), while the spoofer flooded"
