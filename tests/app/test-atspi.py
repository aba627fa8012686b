#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game through AT-SPI, as a screen reader sees the running app.

The app runs as its own process; this client reads its accessibility tree
over the accessibility bus, moves with the keyboard and presses buttons
through their actions. Every control must be named once, in words, and each
game's board, cards or tiles must be there by name.

Usage: test-atspi.py PATH-TO-PARLOR (TAP output).
"""

import ctypes
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# The app keeps the test's fatal warnings; this client does not need the bus
# library's warnings to be fatal.
APP_G_DEBUG = os.environ.pop('G_DEBUG', '')

import gi  # noqa: E402

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, GLib  # noqa: E402

TIMEOUT = 90  # seconds for any one thing to appear, on a busy machine

CONTROLS = {'push button', 'toggle button', 'check box', 'radio button', 'spin button',
            'combo box', 'slider', 'switch', 'list item', 'table cell', 'entry', 'text'}


def children(obj):
    for i in range(obj.get_child_count()):
        child = obj.get_child_at_index(i)
        if child is not None:
            yield child


def walk(obj, inside_combo=False):
    yield obj, inside_combo
    combo = inside_combo or obj.get_role_name() == 'combo box'
    for child in children(obj):
        yield from walk(child, combo)


def find_all(root, pred):
    found = []
    for obj, _ in walk(root):
        try:
            if pred(obj):
                found.append(obj)
        except gi.repository.GLib.GError:
            pass
    return found


def wait_for(what, fn):
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        # The bus's news (apps coming, trees changing) reaches the cache here.
        while GLib.MainContext.default().iteration(False):
            pass
        result = fn()
        if result:
            return result
        time.sleep(0.5)
    raise AssertionError('gave up waiting for ' + what)


def named(role, name):
    return lambda o: o.get_role_name() == role and o.get_name() == name


def has_state(obj, state):
    return obj.get_state_set().contains(state)


def focused_leaf(root):
    for obj, _ in walk(root):
        if obj.get_role_name() != 'frame' and has_state(obj, Atspi.StateType.FOCUSED):
            if not any(has_state(c, Atspi.StateType.FOCUSED) for c in children(obj)):
                return obj
    return None


def press_key(keysym):
    Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)


def tab_to(root, pred):
    """Tab until the focused object matches, as a keyboard user would."""
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        leaf = focused_leaf(root)
        if leaf is not None and pred(leaf):
            return leaf
        press_key(0xff09)  # Tab
        time.sleep(0.3)
    raise AssertionError('Tab never reached the item')


def click(obj):
    assert obj.get_n_actions() > 0, 'no action on ' + obj.get_name()
    assert obj.do_action(0)


def naming_problems(root):
    problems = []
    for obj, inside_combo in walk(root):
        role, name = obj.get_role_name(), obj.get_name() or ''
        if re.fullmatch(r'(.+) \1', name) or re.search(r'(^|\s)_\w', name):
            problems.append('%s named “%s”' % (role, name))
        # A combo row's own list of choices is the toolkit's: it names the row.
        if (role in CONTROLS and not inside_combo and has_state(obj, Atspi.StateType.FOCUSABLE) and
                (name == '' or re.match(r'(Gtk|Adw)[A-Z]', name))):
            problems.append('%s without a name (“%s”)' % (role, name))
    return problems


def find_app(pid):
    def look():
        desktop = Atspi.get_desktop(0)
        desktop.clear_cache()  # an app that came up before the registry's news
        for app in children(desktop):
            try:
                if app.get_process_id() == pid and app.get_child_count() > 0:
                    return app
            except gi.repository.GLib.GError:
                pass
        return None
    try:
        return wait_for('the app on the accessibility bus', look)
    except AssertionError:
        seen = [(a.get_name(), a.get_process_id()) for a in children(Atspi.get_desktop(0))]
        raise AssertionError('process %d is not among the apps on the bus: %s' % (pid, seen))


def check_manhattan(app):
    spots = wait_for('the 54 spots', lambda: len(find_all(
        app, lambda o: o.get_role_name() == 'push button' and re.match(r'City [1-6], ', o.get_name()))) == 54)
    assert spots
    cards = wait_for('four cards', lambda: [o for o in find_all(
        app, lambda o: o.get_role_name() == 'push button' and re.match(r'Card [1-4]: ', o.get_name()))])
    assert len(cards) == 4, [c.get_name() for c in cards]
    wait_for('an announcement', lambda: find_all(
        app, lambda o: o.get_role_name() == 'status bar' and o.get_name()))


def check_triad(app):
    boards = wait_for('the board', lambda: find_all(app, named('table', 'Board: three rows of three cells')))
    for board in boards:
        cells = [c.get_name() for c in children(board) if c.get_role_name() == 'table cell']
        assert len(cells) == 9, cells
        for i, cell in enumerate(cells):
            assert re.match(r'Cell %d, .+: .+' % (i + 1), cell), cell
    hand = wait_for('your hand', lambda: find_all(app, named('list box', 'Your hand')))[0]
    cards = [c for c in children(hand) if re.match(r'Card [1-5] of [45]: ', c.get_name() or '')]
    assert len(cards) in (4, 5), [c.get_name() for c in children(hand)]
    wait_for('an announcement', lambda: find_all(
        app, lambda o: o.get_role_name() == 'status bar' and o.get_name()))


def check_mahjong(app):
    hands = wait_for('your hand', lambda: find_all(
        app, lambda o: o.get_role_name() == 'panel' and o.get_name().startswith('Your hand, ')))
    tiles = [c.get_name() for c in children(hands[0])]
    count = int(re.match(r'Your hand, (\d+) tiles', hands[0].get_name()).group(1))
    assert len(tiles) == count, tiles
    for i, tile in enumerate(tiles):
        assert re.fullmatch(r'.+, tile %d of %d(, drawn tile)?' % (i + 1, count), tile), tile
        assert 'Hidden' not in tile, tile
    # Each of the player's tiles is a button with an action, once they may play.
    wait_for('an action on your tiles', lambda: all(
        c.get_role_name() == 'push button' and c.get_n_actions() > 0 for c in children(find_all(
            app, lambda o: o.get_role_name() == 'panel' and o.get_name().startswith('Your hand, '))[0])))
    wait_for('an announcement', lambda: find_all(
        app, lambda o: o.get_role_name() == 'status bar' and o.get_name()))
    # Every discard is there by name, as the river's description lists them.
    rivers = wait_for('the discards', lambda: find_all(
        app, lambda o: o.get_role_name() == 'list' and o.get_name().endswith('discards')))
    for river in rivers:
        listed = [] if river.get_description() == 'No discards' else river.get_description().split('; ')
        items = [c.get_name() for c in children(river)
                 if c.get_state_set().contains(Atspi.StateType.VISIBLE)]
        assert items == listed, (river.get_name(), items, listed)
    # So is every meld (and the flowers set aside), where there are any.
    for melds in find_all(app, lambda o: o.get_role_name() == 'panel' and o.get_name().endswith('melds')):
        listed = [] if melds.get_description() == 'No melds' else melds.get_description().split('; ')
        items = [c.get_name() for c in children(melds)
                 if c.get_state_set().contains(Atspi.StateType.VISIBLE)]
        assert items == listed, (melds.get_name(), items, listed)


GAMES = [
    ('Manhattan', check_manhattan),
    ('Triple Triad', check_triad),
    ('Honor-tile mahjong', check_mahjong),
    ('Suzume-jong', check_mahjong),
    ('Chinese Official Mahjong', check_mahjong),
]


def die_with_parent():
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def play(parlor, game, check):
    # Each run starts with no saved game, and leaves none in the user's home.
    data_home = tempfile.TemporaryDirectory(prefix='parlor-atspi-')
    proc = subprocess.Popen([parlor], env=dict(os.environ, G_DEBUG=APP_G_DEBUG, PARLOR_AI_DELAY_MS='50',
                                               XDG_DATA_HOME=data_home.name),
                            preexec_fn=die_with_parent)
    try:
        app = find_app(proc.pid)
        games = wait_for('the games list', lambda: find_all(app, named('list', 'Games')))[0]
        names = [c.get_name() for c in children(games)]
        assert names == [g for g, _ in GAMES], names
        problems = naming_problems(app)
        assert not problems, problems

        tab_to(app, named('list item', game))
        press_key(0xff0d)  # Return
        click(wait_for('1-Player Game', lambda: find_all(app, named('push button', '1-Player Game')))[0])
        click(wait_for('Start', lambda: find_all(app, named('push button', 'Start')))[0])
        check(app)
        problems = naming_problems(app)
        assert not problems, problems
    finally:
        proc.terminate()
        proc.wait()
        data_home.cleanup()


def main():
    parlor = sys.argv[1]
    Atspi.init()
    print('1..%d' % len(GAMES))
    failed = 0
    for i, (game, check) in enumerate(GAMES, 1):
        try:
            play(parlor, game, check)
            print('ok %d - %s' % (i, game))
        except (AssertionError, gi.repository.GLib.GError) as error:
            failed += 1
            print('not ok %d - %s' % (i, game))
            for line in str(error).splitlines():
                print('# ' + line)
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
