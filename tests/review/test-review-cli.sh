#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# parlor-cli review on a selfplay --log replay of every game: it runs, its
# JSON parses and names each entry's step, words and figures; a damaged file
# and a seat the game lacks get an error in words, not a crash.
# Usage: test-review-cli.sh PARLOR_CLI
set -u
cli=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0
failed=0

check () {
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $n - $2"
  else
    echo "not ok $n - $2"
    failed=1
  fi
}

json_ok () {
  python3 - "$1" "$2" <<'PY'
import json, sys
with open(sys.argv[1]) as f:
    data = json.load(f)
assert data["seat"] == int(sys.argv[2])
assert isinstance(data["seconds"], (int, float))
for e in data["entries"]:
    assert e["seat"] == int(sys.argv[2])
    assert isinstance(e["step"], int) and e["step"] >= 0
    assert e["played"] != e["best"]
    assert e["played_words"] and e["best_words"] and e["explanation"]
    for f in e["figures"]:
        assert f["key"] and isinstance(f["played"], (int, float)) and isinstance(f["best"], (int, float))
PY
}

while read -r game seats extra; do
  "$cli" selfplay "$game" --seats "$seats" --games 1 --seed 4 $extra --log "$dir/$game.replay" \
    >/dev/null 2>"$dir/err"
  check $? "selfplay $game --log"
  "$cli" review "$dir/$game.replay" --seat 0 --json >"$dir/$game.json" 2>"$dir/err"
  check $? "review $game runs"
  json_ok "$dir/$game.json" 0
  check $? "review $game JSON parses"
done <<'GAMES'
manhattan random,strong,normal,strong
triad easy,expert
jihai random,strong
suzume random,strong,normal
mcr 1,4,4,4 --hands=1
GAMES

head -c 2000 "$dir/triad.replay" >"$dir/damaged.replay"
echo "action seat=0 line=%zz" >>"$dir/damaged.replay"
"$cli" review "$dir/damaged.replay" --seat 0 >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] && grep -q "line" "$dir/err"
check $? "a damaged replay is refused with its line named"

"$cli" review "$dir/triad.replay" --seat 5 >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] && grep -q "no seat 5" "$dir/err"
check $? "a seat the game lacks is refused"

echo "1..$n"
exit $failed
