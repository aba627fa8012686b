#!/bin/sh
# SPDX-License-Identifier: CC0-1.0
# Makes Parlor's game sounds from scratch with SoX (synthesised, no samples).
# Run from anywhere: data/sounds/make-sounds.sh; it rewrites the .oga files next to it.
set -eu

cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rate=48000
# -R: repeatable noise; -D: no random dither, so a rerun gives the same samples.
sx () { sox -R -D "$@"; }

# turn-end: a soft wooden tap. Two damped partials of a small wood block
# plus a very short filtered noise click for the strike.
sx -n -r $rate -c 1 "$tmp/tap-low.wav"  synth 0.16 sine 620 fade l 0.001 0.16 0.155 gain -4
sx -n -r $rate -c 1 "$tmp/tap-high.wav" synth 0.09 sine 1710 fade l 0.001 0.09 0.088 gain -14
sx -n -r $rate -c 1 "$tmp/tap-hit.wav"  synth 0.012 pinknoise fade l 0.0005 0.012 0.011 \
  bandpass 2400 1.2q gain -10
sx -m "$tmp/tap-low.wav" "$tmp/tap-high.wav" "$tmp/tap-hit.wav" "$tmp/tap.wav" \
  highpass 60 lowpass 4000 pad 0 0.02 gain -n -9
sx "$tmp/tap.wav" -C 4 -t vorbis turn-end.oga

# round-end: a rising three-note chime (C6 E6 G6), each a sine with a soft
# bell partial, 90 ms apart, gently decaying.
note () { # note NAME HZ DELAY
  sx -n -r $rate -c 1 "$tmp/$1-a.wav" synth 0.42 sine "$2" fade h 0.008 0.42 0.40
  sx -n -r $rate -c 1 "$tmp/$1-b.wav" synth 0.20 sine "$(awk "BEGIN { print $2 * 2.76 }")" \
    fade h 0.006 0.20 0.19 gain -16
  sx -m "$tmp/$1-a.wav" "$tmp/$1-b.wav" "$tmp/$1.wav" pad "$3" 0
}
note c 1046.50 0.00
note e 1318.51 0.09
note g 1567.98 0.18
sx -m "$tmp/c.wav" "$tmp/e.wav" "$tmp/g.wav" "$tmp/chime.wav" \
  pad 0 0.16 reverb 20 50 40 fade t 0 0.76 0.12 gain -n -6
sx "$tmp/chime.wav" -C 4 -t vorbis round-end.oga

for f in turn-end.oga round-end.oga; do
  printf '%s: %s s\n' "$f" "$(soxi -D "$f")"
done
