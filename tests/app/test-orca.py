#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game heard through Orca, the screen reader, as a blind player hears it.

Orca runs on the test's accessibility bus with no speech server; its log
keeps every utterance. The game starts with the focus in the player's hand
(or on the first thing to decide), the arrows speak the next card in words,
and no control or page is heard by its class name.

Usage: test-orca.py PATH-TO-PARLOR [GAME…] (TAP output).
"""

import os
import re
import sys
import time

from atspi_client import (App, Atspi, Error, KEY_TAB, Orca, TOOLKIT_CRITICALS, focus_follows_pointer,
                          focused_leaf, orca_missing, press_key)

KEY_RIGHT = 0xff53

# What the first focus says, and what the Right arrow says next.
GAMES = [
    ('triad', r'card 1 of 5: top \d+, right \d+, bottom \d+, left \d+', r'card 2 of 5: top \d+'),
    # Manhattan's first decision is the blocks for the round, or where to build.
    ('manhattan', r'block push button|^City \d, ', None),
    # A claim window may open over the mahjong hands at any time and take the arrows.
    ('jihai', r'tile \d+ of \d+', None),
    ('suzume', r'tile \d+ of \d+', None),
    ('mcr', r'tile \d+ of \d+', None),
]

# GTK 4.8 on X11 answers Orca's questions about where a widget is on the screen so.
ORCA_WARNINGS = TOOLKIT_CRITICALS + [
    re.compile(r"Gtk-WARNING \*\*: [0-9:.]+: Screen coordinates not supported, reported positions will be wrong")]

CLASS_NAME = re.compile(r'\b(Gtk|Adw)[A-Z]\w+')


def bad_speech(lines):
    return [t for t in lines if CLASS_NAME.search(t)]


def play(parlor, orca, game, first, after_right):
    with App(parlor, ['--play', game], tolerate=ORCA_WARNINGS) as running:
        mark = orca.mark()
        # Xvfb has no window manager: the window is given the keyboard.
        time.sleep(1)
        focus_follows_pointer()
        heard = orca.wait_said('the first focus in words', lambda t: re.search(first, t), mark)
        # Nothing was focused before the hand: not the log, not a button.
        before = orca.since(mark)
        before = before[:before.index(heard)]
        assert not any('Game log' in t for t in before), before

        if after_right is not None:
            right = orca.mark()
            press_key(KEY_RIGHT)
            orca.wait_said('the next one in words', lambda t: re.search(after_right, t) and t != heard, right)

        # Round the window to the header bar's Back button, each stop heard
        # before the next Tab (Orca takes its time over a busy hand).
        for _ in range(40):
            tab = orca.mark()
            press_key(KEY_TAB)
            orca.wait_said('the next stop', lambda t: t.strip() != 'tab', tab)
            if any('Back' in t for t in orca.since(tab)):
                break
        assert any('Back' in t for t in orca.since(mark)), 'Tab never reached Back: %s' % orca.since(mark)
        time.sleep(1)
        if os.environ.get('PARLOR_ORCA_TRACE'):
            sys.stderr.write('\n'.join(orca.since(mark)) + '\n')
        bad = bad_speech(orca.since(mark))
        assert not bad, 'heard: %s' % bad
        assert running.alive()


def main():
    parlor = sys.argv[1]
    games = [g for g in GAMES if g[0] in sys.argv[2:]] if len(sys.argv) > 2 else GAMES
    why = orca_missing()
    if why is not None:
        print('1..0 # SKIP ' + why)
        return 0
    Atspi.init()
    failed = 0
    try:
        orca = Orca()
    except AssertionError as error:
        print('1..0 # SKIP Orca does not start: %s' % error)
        return 0
    print('1..%d' % len(games))
    try:
        for i, (game, first, after_right) in enumerate(games, 1):
            try:
                play(parlor, orca, game, first, after_right)
                print('ok %d - %s' % (i, game))
            except (AssertionError, Error) as error:
                failed += 1
                print('not ok %d - %s' % (i, game))
                for line in str(error).splitlines():
                    print('# ' + line)
            sys.stdout.flush()
    finally:
        orca.close()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
