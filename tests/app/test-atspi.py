#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game through AT-SPI, as a screen reader sees the running app.

The app runs as its own process; this client reads its accessibility tree
over the accessibility bus, moves with the keyboard and presses buttons
through their actions. Every control must be named once, in words, and each
game's board, cards or tiles must be there by name.

Usage: test-atspi.py PATH-TO-PARLOR [TEST…] (TAP output).
"""

import re
import sys

import time

from atspi_client import (App, Atspi, Error, KEY_END, KEY_RETURN, NameRepeats, children, click, find_all,
                          find_one, has_state, named, naming_problems, press_key, press_with_control, pump,
                          tab_to, trace, wait_for)


class Focus:
    """Every focus the app gives, in order, as a screen reader hears it."""

    def __init__(self, pid):
        self.pid = pid
        self.heard = []
        self.listener = Atspi.EventListener.new(self._on_event)
        self.listener.register('object:state-changed:focused')
        self.listener.register('object:property-change:accessible-name')
        self.twice = []

    def _on_event(self, event):
        try:
            source = event.source
            if source.get_process_id() != self.pid:
                return
            heard = (source.get_role_name(), source.get_name() or '')
            if event.type.startswith('object:state-changed'):
                if event.detail1:
                    self.heard.append(heard)
            elif has_state(source, Atspi.StateType.FOCUSED):
                # A screen reader says the new name of the control it is on.
                said = event.any_data if isinstance(event.any_data, str) else heard[1]
                if re.fullmatch(r'(.+) \1', said):
                    self.twice.append((heard[0], said))
        except Error:
            pass

    def mark(self):
        pump()
        return len(self.heard)

    def wait_first(self, what, pred, mark):
        """The first focus after @mark matching @pred; every focus before it must match too."""
        wait_for(what, lambda: any(pred(r, n) for r, n in self.heard[mark:]))
        seen = self.heard[mark:]
        assert pred(*seen[0]), 'the focus went first to %s' % seen[:4]

    def close(self):
        self.listener.deregister('object:state-changed:focused')
        self.listener.deregister('object:property-change:accessible-name')


def check_manhattan(app):
    spots = wait_for('the 54 spots', lambda: len(find_all(
        app, lambda o: o.get_role_name() == 'push button' and re.match(r'City [1-6], ', o.get_name()))) == 54)
    assert spots
    cards = wait_for('four cards', lambda: [o for o in find_all(
        app, lambda o: o.get_role_name() == 'push button' and re.match(r'Card [1-4]: ', o.get_name()))])
    assert len(cards) == 4, [c.get_name() for c in cards]
    wait_for('an announcement', lambda: find_all(
        app, lambda o: o.get_role_name() == 'status bar' and o.get_name()))
    check_block_selection(app)


def block_buttons(app):
    return find_all(app, lambda o: o.get_role_name() in ('push button', 'toggle button') and
                    re.match(r'\d-storey block: ', o.get_name() or ''))


def picked_blocks(app):
    return [b.get_name() for b in block_buttons(app) if has_state(b, Atspi.StateType.SELECTED)]


def check_block_selection(app):
    """The block picked by the keyboard (Ctrl+digit) is the one selected, alone."""
    # Six blocks for the round, by Ctrl+digit, the biggest first.
    use = wait_for('Use These Blocks', lambda: find_one(app, named('push button', 'Use These Blocks')))
    for size in (4, 3, 2, 1) * 6:
        if has_state(use, Atspi.StateType.SENSITIVE):
            break
        more = find_one(app, named('push button', 'One more %d-storey block' % size))
        said = more.get_description()
        counts = re.fullmatch(r'(\d+) chosen, (\d+) available', said)
        if int(counts.group(1)) < int(counts.group(2)):
            press_with_control(ord(str(size)))
            wait_for('the count to change', lambda: more.get_description() != said)
    click(use)
    # The player's turn: the blocks they hold can be picked.
    held = wait_for('a block to pick', lambda: [
        b for b in block_buttons(app) if has_state(b, Atspi.StateType.SENSITIVE) and
        not re.search(r': 0 left', b.get_name())])
    assert not picked_blocks(app), 'picked before any choice: %s' % picked_blocks(app)
    sizes = sorted({int(b.get_name()[0]) for b in held})
    assert len(sizes) >= 2, [b.get_name() for b in held]
    for size in sizes[:2] + sizes[:1]:
        press_with_control(ord(str(size)))
        wait_for('the %d-storey block alone to be selected (selected: %s)' % (size, picked_blocks(app)),
                 lambda: [int(n[0]) for n in picked_blocks(app)] == [size])


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


def your_hand(app):
    """The player's hand; a hand that ends before the player acts (a
    heavenly hand) is passed with Next Hand."""
    next_hand = find_all(app, named('push button', 'Next Hand'))
    if next_hand:
        click(next_hand[0])
        return None
    return find_all(app, lambda o: o.get_role_name() == 'panel' and o.get_name().startswith('Your hand, '))


def check_mahjong(app):
    hands = wait_for('your hand', lambda: your_hand(app))
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


def manhattan_start(role, name):
    # The blocks for the round, or a card to build with.
    return role == 'push button' and re.match(r'One more \d-storey block|Card [1-4]: |City [1-6], ', name)


def triad_start(role, name):
    return (role, name) == ('list box', 'Your hand') or re.match(r'Card [1-5] of 5: ', name)


def mahjong_start(role, name):
    # One of the player's own tiles (the others' are hidden), or a claim to decide.
    return role == 'push button' and name and 'Hidden' not in name


GAMES = [
    ('Manhattan', check_manhattan, manhattan_start),
    ('Triple Triad', check_triad, triad_start),
    ('Honor-tile mahjong', check_mahjong, mahjong_start),
    ('Suzume-jong', check_mahjong, mahjong_start),
    ('Chinese Official Mahjong', check_mahjong, mahjong_start),
]


def play(parlor, game, check, first_focus):
    with App(parlor) as running:
        app = running.root
        focus = Focus(running.proc.pid)
        repeats = NameRepeats(running.proc.pid)
        games = wait_for('the games list', lambda: find_all(app, named('list', 'Games')))[0]
        names = [c.get_name() for c in children(games)]
        assert names == [g[0] for g in GAMES], names
        problems = naming_problems(app)
        assert not problems, problems

        tab_to(app, named('list item', game))
        press_key(KEY_RETURN)
        one = wait_for('1-Player Game', lambda: find_all(app, named('push button', '1-Player Game')))[0]
        wait_for('a focus event on 1-Player Game', lambda: ('push button', '1-Player Game') in focus.heard)
        mark = focus.mark()
        click(one)
        # The setup page is heard from Start on: a real focus, not just a state.
        start = wait_for('Start', lambda: find_all(app, named('push button', 'Start')))[0]
        wait_for('Start to be focused', lambda: has_state(start, Atspi.StateType.FOCUSED))
        focus.wait_first('a focus event on Start', lambda r, n: (r, n) == ('push button', 'Start'), mark)
        problems = naming_problems(app)
        assert not problems, problems
        mark = focus.mark()
        click(start)
        # The game starts in the player's hand (or on the first decision), never in the log.
        focus.wait_first('the focus in your hand', first_focus, mark)
        check(app)
        problems = naming_problems(app)
        assert not problems, problems
        pump()
        assert not focus.twice, 'a name said twice: %s' % focus.twice
        focus.close()
        repeats.close()
        assert not repeats.repeats, 'the focused control named again as it was: %s' % repeats.repeats


# A deal of honor-tile mahjong in which the computer soon discards a tile
# the player holds two of.
PUNG_SEED = '3'


def pung_heard_once(parlor):
    """A real claim window: the Pung button, focused as it opens, is heard
    as "Pung" once, at the focus and in any renaming after it."""
    with App(parlor, ['--play', 'jihai'], env={'PARLOR_SEED': PUNG_SEED}) as running:
        app = running.root
        heard = ClaimHeard(running.proc.pid)
        end = time.monotonic() + 120
        pung = None
        while pung is None:
            assert time.monotonic() < end, 'no claim window offered Pung'
            pump()
            pung = find_one(app, lambda o: o.get_role_name() == 'push button' and
                            re.match(r'Pung\b', o.get_name() or ''))
            if pung is not None:
                break
            calls = find_one(app, named('tool bar', 'Calls'))
            passing = calls and find_one(calls, lambda o: o.get_role_name() == 'push button' and
                                         o.get_name() == 'Pass')
            hand = find_one(app, lambda o: o.get_role_name() == 'panel' and
                            (o.get_name() or '').startswith('Your hand, '))
            tiles = list(children(hand)) if hand is not None else []
            next_hand = find_one(app, named('push button', 'Next Hand'))
            trace('hand %s; calls %s; next %s' % (hand and hand.get_name(), calls and [
                c.get_name() for c in find_all(calls, lambda o: o.get_role_name() == 'push button')],
                next_hand is not None))
            if passing:
                click(passing)
            elif next_hand is not None:
                click(next_hand)
            elif tiles and all(has_state(t, Atspi.StateType.SENSITIVE) for t in tiles) and any(
                    has_state(t, Atspi.StateType.FOCUSED) for t in tiles):
                # The player's turn: the drawn tile goes.
                before = hand.get_name()
                press_key(KEY_END)
                time.sleep(0.3)
                press_key(KEY_RETURN)
                wait_for('the discard', lambda: find_one(app, lambda o: o.get_role_name() == 'panel' and (
                    o.get_name() or '').startswith('Your hand, ')) is None or hand.get_name() != before or
                    find_one(app, named('tool bar', 'Calls')) is not None)
            time.sleep(0.2)
        wait_for('Pung to be focused', lambda: has_state(pung, Atspi.StateType.FOCUSED))
        time.sleep(1)  # any renaming after the focus
        heard.close()
        said = heard.of(pung)
        focused = next((i for i, (what, _) in enumerate(said) if what == 'focus'), None)
        assert focused is not None, 'the Pung button was not heard taking the focus: %s' % said
        # What came before the focus is not said: the button was not the focus then.
        heard_names = [n for _, n in said[focused:]]
        assert heard_names == [pung.get_name()] and re.fullmatch(r'Pung( \([^)]+\))?', heard_names[0]), \
            'heard of the Pung button from its focus on: %s' % said[focused:]


class ClaimHeard:
    """What a screen reader is told of each control, in order: its name when
    it takes the focus, and each new name."""

    EVENTS = ('object:property-change:accessible-name', 'object:state-changed:focused')

    def __init__(self, pid):
        self.pid = pid
        self.heard = []
        self.listener = Atspi.EventListener.new(self._on_event)
        for event in self.EVENTS:
            self.listener.register(event)

    def _on_event(self, event):
        try:
            source = event.source
            if source.get_process_id() != self.pid:
                return
            if event.type.startswith('object:state-changed'):
                if event.detail1:
                    self.heard.append((source.path, 'focus', source.get_name() or ''))
            else:
                name = event.any_data if isinstance(event.any_data, str) else source.get_name() or ''
                self.heard.append((source.path, 'name', name))
        except Error:
            pass

    def of(self, obj):
        return [(what, name) for path, what, name in self.heard if path == obj.path]

    def close(self):
        pump()
        for event in self.EVENTS:
            self.listener.deregister(event)


def main():
    parlor = sys.argv[1]
    Atspi.init()
    tests = [(g[0], lambda g=g: play(parlor, *g)) for g in GAMES]
    tests.append(('Pung heard once in a claim window', lambda: pung_heard_once(parlor)))
    # Only those named on the command line, when some are.
    tests = [t for t in tests if not sys.argv[2:] or any(a in t[0] for a in sys.argv[2:])]
    print('1..%d' % len(tests))
    failed = 0
    for i, (title, run) in enumerate(tests, 1):
        try:
            run()
            print('ok %d - %s' % (i, title))
        except (AssertionError, Error) as error:
            failed += 1
            print('not ok %d - %s' % (i, title))
            for line in str(error).splitlines():
                print('# ' + line)
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
