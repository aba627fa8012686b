#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game through AT-SPI, as a screen reader sees the running app.

The app runs as its own process; this client reads its accessibility tree
over the accessibility bus, moves with the keyboard and presses buttons
through their actions. Every control must be named once, in words, and each
game's board, cards or tiles must be there by name.

Usage: test-atspi.py PATH-TO-PARLOR (TAP output).
"""

import re
import sys

from atspi_client import (App, Atspi, Error, KEY_RETURN, children, click, find_all, has_state,
                          named, naming_problems, press_key, pump, tab_to, wait_for)


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


def main():
    parlor = sys.argv[1]
    Atspi.init()
    print('1..%d' % len(GAMES))
    failed = 0
    for i, (game, check, first_focus) in enumerate(GAMES, 1):
        try:
            play(parlor, game, check, first_focus)
            print('ok %d - %s' % (i, game))
        except (AssertionError, Error) as error:
            failed += 1
            print('not ok %d - %s' % (i, game))
            for line in str(error).splitlines():
                print('# ' + line)
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
