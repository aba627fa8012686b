#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: review each seat of a 16-hand Chinese Official match (levels 1–4)
# and print the seconds each review took; the goal is under 30 s a seat.
# Usage: bench-review.sh PARLOR_CLI [SEED]
set -eu
cli=$1
seed=${2:-1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$cli" selfplay mcr --seats 1,2,3,4 --games 1 --seed "$seed" --hands 16 --log "$dir/match.replay" \
  >/dev/null
echo "16-hand match, seed $seed: $(grep -c '^action' "$dir/match.replay") actions"
for seat in 0 1 2 3; do
  "$cli" review "$dir/match.replay" --seat "$seat" | tail -n 1
done
