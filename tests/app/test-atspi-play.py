#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game played to its result through the accessibility tree alone.

The app runs as its own process. This client starts at the games list, opens
a game by its name, starts it from the setup page and plays the human seat
until the match result, as a screen-reader user does: it finds controls by
role and name, learns what is legal from names, states and descriptions, and
acts by keyboard events and AT-SPI actions only, never by coordinates.
Whenever the game waits for the player, the focus must be in the player's
own hand or board or on the prompt; a refusal the player causes must be
heard on the live status line.

Usage: test-atspi-play.py PATH-TO-PARLOR (TAP output).
"""

import re
import subprocess
import sys
import time
import traceback

from atspi_client import (TOOLKIT_CRITICALS, App, Announcements, Atspi, Error, KEY_DOWN, KEY_RETURN, TIMEOUT,
                          NameRepeats, children, click, find_all, find_one, focus_follows_pointer, has_state,
                          named, naming_problems, press_key, pump, tab_to, trace, wait_for)

GAME_TIMEOUT = 600  # seconds for one whole game, on a busy machine

KEY_LEFT, KEY_UP, KEY_RIGHT = 0xff51, 0xff52, 0xff53
KEY_END = 0xff57


class Node:
    """One showing object of a snapshot of the tree, with what was read of it."""

    __slots__ = ('obj', 'role', 'name', 'states', 'parent')

    def __init__(self, obj, parent):
        self.obj = obj
        self.role = obj.get_role_name()
        self.name = obj.get_name() or ''
        self.states = obj.get_state_set()
        self.parent = parent

    def has(self, state):
        return self.states.contains(state)

    def enabled(self):
        return self.has(Atspi.StateType.SENSITIVE)

    def inside(self, other):
        node = self
        while node is not None:
            if node.obj == other.obj:
                return True
            node = node.parent
        return False


class Snapshot:
    """What a screen reader could read now: every showing object, once."""

    def __init__(self, root):
        self.nodes = []
        self.focus = None
        self._read(root, None)

    def _read(self, obj, parent):
        try:
            node = Node(obj, parent)
        except Error:
            return
        if parent is not None and not node.has(Atspi.StateType.VISIBLE):
            return
        self.nodes.append(node)
        if node.has(Atspi.StateType.FOCUSED) and node.role != 'frame':
            self.focus = node  # the last focused in tree order is the deepest
        if self.unread(node) and not node.has(Atspi.StateType.FOCUSED):
            return
        try:
            for child in children(obj):
                self._read(child, node)
        except Error:
            pass  # a part of the tree that went while it was read

    @staticmethod
    def unread(node):
        """What a player reads but this client does not need to go through
        at every move: discards, others' hands and melds, the log."""
        return ((node.role == 'list' and node.name.endswith('discards')) or
                (node.role == 'panel' and ('’s hand' in node.name or node.name.endswith('melds'))) or
                node.role in ('text', 'scroll bar'))

    def all(self, role=None, name=None, prefix=None, pattern=None):
        return [n for n in self.nodes
                if (role is None or n.role == role) and (name is None or n.name == name) and
                (prefix is None or n.name.startswith(prefix)) and
                (pattern is None or re.search(pattern, n.name))]

    def one(self, role=None, name=None, prefix=None, pattern=None):
        found = self.all(role, name, prefix, pattern)
        return found[0] if found else None

    def under(self, node):
        return [n for n in self.nodes if n is not node and n.inside(node)]

    def text_under(self, node):
        return ' '.join(n.name for n in [node] + self.under(node) if n.name)

    def focus_inside(self, *nodes):
        return self.focus is not None and any(n is not None and self.focus.inside(n) for n in nodes)


def snapshot_until(app, what, pred, timeout=TIMEOUT):
    """Reads the tree again until @pred holds of it; returns the snapshot."""
    def look():
        snap = Snapshot(app)
        return snap if pred(snap) else None
    return wait_for(what, look, timeout)


def focus_name(snap):
    return '%s “%s”' % (snap.focus.role, snap.focus.name) if snap.focus else 'nothing'


def assert_focus(app, where, *nodes_of, snap=None):
    """The focus is (or comes, as the toolkit moves it) in one of the places
    @nodes_of finds in a snapshot."""
    if snap is not None and snap.focus_inside(*[f(snap) for f in nodes_of]):
        return snap
    try:
        return snapshot_until(app, 'the focus ' + where,
                              lambda s: s.focus_inside(*[f(s) for f in nodes_of]), timeout=15)
    except AssertionError:
        windows = ['%s “%s”%s' % (w.get_role_name(), w.get_name(), ' (active)' if has_state(
            w, Atspi.StateType.ACTIVE) else '') for w in children(app)]
        raise AssertionError('the game waits for the player but the focus is on %s, not %s (windows: %s)'
                             % (focus_name(Snapshot(app)), where, ', '.join(windows)))


def result_text(snap):
    """Everything said on the dialog or page that shows a result."""
    return ' '.join(n.name for n in snap.nodes if n.role in ('label', 'heading', 'static') and n.name)


class Game:
    title = None
    refusal = None

    def __init__(self, app, heard, pid):
        self.app = app
        self.heard = heard
        self.pid = pid
        self.moves = 0
        self.refused = False

    def setup(self, snap):
        pass

    def step(self, snap):
        """Plays one move if the game waits for one; True when it did something."""
        raise NotImplementedError

    def over(self, snap):
        return snap.one('push button', 'Play Again') is not None

    def check_result(self, snap):
        raise NotImplementedError

    # ---- shared moves ----

    def dialog_button(self, snap, label):
        """A button of a message dialog (a scored round, a hand's result)."""
        for button in snap.all('push button', label):
            node = button.parent
            while node is not None and node.role not in ('dialog', 'alert', 'frame'):
                node = node.parent
            if node is not None and node.role in ('dialog', 'alert'):
                return button, node
        return None, None

    def continue_dialog(self, snap):
        button, dialog = self.dialog_button(snap, 'Continue')
        if button is None:
            return False
        assert_focus(self.app, 'on the dialog', lambda s: s.one(dialog.role, dialog.name))
        windows = self.app.get_child_count()
        click(button.obj)
        # Only the count of windows is asked for while one goes: GTK 4.8
        # fails a client that reads a window as it is destroyed.
        wait_for('the dialog to close', lambda: self.app.get_child_count() < windows)
        focus_follows_pointer()
        return True

    def choose_combo(self, snap, title, choice):
        """Opens a combo row by the keyboard and picks @choice from its list."""
        row = snap.one(pattern='^' + re.escape(title))
        assert row is not None, 'no row “%s” on the setup page' % title
        tab_to(self.app, lambda o: (o.get_name() or '').startswith(title))
        press_key(KEY_RETURN)
        item = wait_for('the choice “%s”' % choice, lambda: find_one(
            self.app, lambda o: o.get_role_name() in ('list item', 'label', 'menu item', 'radio menu item') and
            o.get_name() == choice and has_state(o, Atspi.StateType.VISIBLE)))
        # Down until the choice is the focused one, then Return, as by the keyboard.
        end = time.monotonic() + TIMEOUT
        while time.monotonic() < end:
            snap = Snapshot(self.app)
            if snap.focus is not None and choice in self.names_under(snap, snap.focus):
                break
            press_key(KEY_DOWN)
            time.sleep(0.3)
        else:
            raise AssertionError('Down never reached “%s” (on %s)' % (choice, item.get_name()))
        press_key(KEY_RETURN)
        wait_for('the row to say “%s”' % choice, lambda: (lambda s: choice in self.names_under(
            s, s.one(pattern='^' + re.escape(title))))(Snapshot(self.app)))

    @staticmethod
    def names_under(snap, node):
        return [n.name for n in [node] + snap.under(node)]


class Manhattan(Game):
    title = 'Manhattan'
    refusal = 'Pick a block to build with'

    def panel(self, snap):
        return snap.one(name='Your cards, blocks and the scores')

    def board(self, snap):
        return snap.one(name='Board: six cities of nine spots')

    def step(self, snap):
        if self.continue_dialog(snap):
            return True
        use = snap.one('push button', 'Use These Blocks')
        if use is not None:
            return self.choose_blocks(snap, use)
        blocks = [n for n in snap.all('push button', pattern=r'-storey block: ') if n.enabled()]
        if blocks:
            return self.build(snap, blocks)
        return False

    def choose_blocks(self, snap, use):
        assert_focus(self.app, 'in your panel', self.panel, snap=snap)
        # As many big blocks as the supply holds, as each button's description tells.
        while not use.enabled():
            for size in (4, 3, 2, 1):
                more = snap.one('push button', 'One more %d-storey block' % size)
                assert more is not None, 'no button for one more %d-storey block' % size
                said = more.obj.get_description()
                counts = re.fullmatch(r'(\d+) chosen, (\d+) available', said)
                assert counts, 'the count of %d-storey blocks is not told: “%s”' % (size, said)
                if int(counts.group(1)) < int(counts.group(2)):
                    break
            else:
                raise AssertionError('six blocks could not be chosen')
            click(more.obj)
            wait_for('the count to change', lambda: more.obj.get_description() != said)
            snap = Snapshot(self.app)
            use = snap.one('push button', 'Use These Blocks')
        click(use.obj)
        wait_for('the blocks to be taken', lambda: Snapshot(self.app).one('push button', 'Use These Blocks') is None)
        return True

    def lit_spots(self, snap):
        return [n for n in snap.all('push button', pattern=r'^City [1-6], ') if n.enabled()]

    def build(self, snap, blocks):
        assert_focus(self.app, 'in your panel or on the board', self.panel, self.board, snap=snap)
        cards = [n for n in snap.all('push button', pattern=r'^Card [1-4]: ') if n.enabled()]
        assert cards, 'your turn, but no card to play'
        card = cards[0]
        board = self.board(snap).obj
        if not card.has(Atspi.StateType.SELECTED):
            click(card.obj)
            wait_for('the card to be picked', lambda: has_state(card.obj, Atspi.StateType.SELECTED))
        block_picked = any(n.has(Atspi.StateType.SELECTED) for n in blocks)
        if not self.refused and not block_picked:
            # A lit spot before a block is picked: refused, and the refusal heard.
            spots = snapshot_until(board, 'a lit spot', lambda s: self.lit_spots(s))
            mark = self.heard.mark()
            click(self.lit_spots(spots)[0].obj)
            self.heard.wait_heard('the refusal “%s”' % self.refusal, lambda t: self.refusal in t, mark)
            self.refused = True
        block = next(n for n in blocks if n.enabled())
        if not has_state(block.obj, Atspi.StateType.SELECTED):
            click(block.obj)
            wait_for('the block to be picked', lambda: has_state(block.obj, Atspi.StateType.SELECTED))
        snap = snapshot_until(board, 'a lit spot', lambda s: self.lit_spots(s))
        spot = self.lit_spots(snap)[0]
        before = spot.obj.get_description()
        assert 'you can build here' in before, (spot.name, before)
        click(spot.obj)
        wait_for('the building on ' + spot.name, lambda: spot.obj.get_description() != before)
        self.moves += 1
        return True

    def over(self, snap):
        return self.dialog_button(snap, 'New Game')[0] is not None

    def check_result(self, snap):
        _, dialog = self.dialog_button(snap, 'New Game')
        text = snap.text_under(dialog)
        assert re.search(r'You Win!|Game Over', text), text
        assert re.search(r'1\. .+ — \d+ points', text), 'no winner and score in “%s”' % text
        table = snap.one('table', 'Scores')
        assert table is not None, 'the scores are not a table'
        # GTK 4.8 gives column headers no role of their own: the first row names the columns.
        rows = [n.name for n in snap.under(table) if n.parent is table]
        assert rows[:3] == ['Player', 'Score', 'Blocks'], rows
        assert len([n for n in snap.under(table) if n.role == 'row header']) == 4, rows
        return text


class Triad(Game):
    title = 'Triple Triad'
    refusal = 'That cell already holds a card'

    def setup(self, snap):
        # The computer opens, so the first move of the player meets a full cell.
        second = next((n for n in snap.all(name='Go Second') if n.role.endswith('button')), None)
        assert second is not None, 'no “Go Second” on the setup page'
        click(second.obj)
        wait_for('Go Second to be chosen', lambda: (lambda n: n is not None and (
            n.has(Atspi.StateType.CHECKED) or n.has(Atspi.StateType.PRESSED)))(
            Snapshot(self.app).one(second.role, 'Go Second')))

    def hand(self, snap):
        return snap.one('list box', 'Your hand')

    def board(self, snap):
        return snap.one('table', 'Board: three rows of three cells')

    def step(self, snap):
        if snap.one(name='Your turn') is None:
            return self.show_result(snap)
        hand = self.hand(snap)
        if hand is None:
            return False
        cards = [n for n in snap.under(hand) if re.match(r'Card \d of \d: ', n.name)]
        if not cards:
            return False
        assert_focus(self.app, 'in your hand or on the board', self.hand, self.board, snap=snap)
        snap = Snapshot(self.app)
        if not snap.focus_inside(self.board(snap)):
            press_key(KEY_RETURN)  # the selected card, onto the board
            snap = snapshot_until(self.app, 'the board to take the focus',
                                  lambda s: s.focus_inside(self.board(s)))
        cells = self.cells(snap)
        if not self.refused and any(not c.name.endswith(': empty') for c in cells):
            full = next(i for i, c in enumerate(cells) if not c.name.endswith(': empty'))
            self.move_cursor(full)
            mark = self.heard.mark()
            press_key(KEY_RETURN)
            self.heard.wait_heard('the refusal “%s”' % self.refusal, lambda t: self.refusal in t, mark)
            self.refused = True
        free = next(i for i, c in enumerate(self.cells(Snapshot(self.app))) if c.name.endswith(': empty'))
        self.move_cursor(free)
        n_before = len(cards)
        press_key(KEY_RETURN)
        wait_for('the card to be played', lambda: (lambda s: s.one(name='Your turn') is None or len(
            [n for n in s.under(self.hand(s)) if re.match(r'Card \d of \d: ', n.name)]) < n_before)(
            Snapshot(self.app)))
        self.moves += 1
        return True

    def cells(self, snap):
        cells = [n for n in snap.under(self.board(snap)) if re.match(r'Cell \d, ', n.name)]
        assert len(cells) == 9, [c.name for c in cells]
        return cells

    def move_cursor(self, target):
        """Arrows, as a keyboard user moves on the board, until the cursor is on @target."""
        end = time.monotonic() + TIMEOUT
        while time.monotonic() < end:
            pump()
            cells = self.cells(Snapshot(self.app))
            at = next((i for i, c in enumerate(cells) if c.has(Atspi.StateType.SELECTED)), None)
            assert at is not None, 'no cell under the cursor'
            if at == target:
                return
            if at // 3 != target // 3:
                press_key(KEY_DOWN if target // 3 > at // 3 else KEY_UP)
            else:
                press_key(KEY_RIGHT if target % 3 > at % 3 else KEY_LEFT)
            wait_for('the cursor to move', lambda: not self.cells(Snapshot(self.app))[at].has(
                Atspi.StateType.SELECTED))
        raise AssertionError('the cursor never reached cell %d' % (target + 1))

    def show_result(self, snap):
        # The board full, the button that shows the result has the focus.
        button = snap.one('push button', name='See the Result')
        if button is None:
            return False
        assert_focus(self.app, 'on the result button', lambda s: s.one('push button', button.name))
        press_key(KEY_RETURN)
        wait_for('the result page', lambda: self.over(Snapshot(self.app)))
        return True

    def check_result(self, snap):
        text = result_text(snap)
        assert re.search(r'You Win!|You Lose|Draw', text), text
        assert re.search(r'Final count: you \d+, .+ \d+', text), text
        return text


class Mahjong(Game):
    WIN = re.compile(r'^(Tsumo|Ron|Hu|Hu \(self-drawn\))$')
    refusal = 'It is not your turn to discard'

    def hand(self, snap):
        return snap.one('panel', prefix='Your hand, ')

    def calls(self, snap):
        return snap.one('tool bar', 'Calls')

    def step(self, snap):
        if self.continue_dialog(snap):
            return True
        next_hand = snap.one('push button', 'Next Hand')
        if next_hand is not None:
            assert_focus(self.app, 'on Next Hand', lambda s: s.one('push button', 'Next Hand'))
            # The next hand may end before the player acts (a heavenly hand): its page has other words.
            told = [n.name for n in snap.all('label')]
            click(next_hand.obj)
            wait_for('the next hand', lambda: (lambda s: s.one('push button', 'Next Hand') is None or
                                               [n.name for n in s.all('label')] != told)(Snapshot(self.app)))
            return True
        calls = self.calls(snap)
        buttons = [n for n in snap.under(calls) if n.role == 'push button' and n.enabled()] if calls else []
        hand = self.hand(snap)
        tiles = [n for n in snap.under(hand) if n.role == 'push button'] if hand else []
        my_discard = bool(tiles) and all(t.enabled() for t in tiles)
        if buttons:
            win = next((b for b in buttons if self.WIN.match(b.name)), None)
            passing = next((b for b in buttons if b.name == 'Pass'), None)
            if win is not None or passing is not None:
                assert_focus(self.app, 'on the prompt or in your hand', self.calls, self.hand, snap=snap)
                chosen = win or passing
                names = [b.name for b in buttons]
                click(chosen.obj)
                wait_for('the prompt to answer', lambda: (lambda s: [
                    n.name for n in s.under(self.calls(s)) if n.role == 'push button'] != names
                    if self.calls(s) else True)(Snapshot(self.app)))
                self.moves += 1
                return True
        if tiles and not my_discard and not buttons and not self.refused and snap.focus_inside(hand):
            return self.refuse(snap, hand)
        if my_discard:
            assert_focus(self.app, 'in your hand', self.hand, snap=snap)
            # The drawn tile goes, as the hand names it: End reaches it, Return plays it.
            press_key(KEY_END)
            wait_for('the last tile to take the focus', lambda: (lambda s: s.focus is not None and re.search(
                r'tile (\d+) of \1(, drawn tile)?$', s.focus.name))(Snapshot(self.app)))
            name_before = hand.name
            river_before = self.river(snap)
            mark = self.heard.mark()
            press_key(KEY_RETURN)
            if not self.refused:
                # Once more at once, while the others play: refused, and heard.
                press_key(KEY_RETURN)
            # The hand may read the same again (the same kind drawn back): the river tells.
            wait_for('the discard', lambda: (lambda s: self.hand(s) is None or self.hand(s).name != name_before or
                                              self.river(s) != river_before or
                                              s.one('push button', 'Next Hand') is not None or self.over(s))(
                Snapshot(self.app)))
            self.refused = self.refused or any(self.refusal in t for t in self.heard.since(mark))
            self.moves += 1
            return True
        return False

    @staticmethod
    def river(snap):
        """The player's discards as the river's description reads them."""
        mine = snap.one('list', 'Your discards')
        return mine.obj.get_description() if mine is not None else None

    def refuse(self, snap, hand):
        """A tile played while others play is refused, and the refusal heard.
        The turn may come back first: the tile is then discarded, and the
        refusal tried again at the next wait."""
        mark = self.heard.mark()
        name_before = hand.name
        press_key(KEY_RETURN)
        def moved_on(s):
            calls = self.calls(s)
            return (self.hand(s) is None or self.hand(s).name != name_before or self.over(s) or
                    s.one('push button', 'Next Hand') is not None or
                    (calls is not None and any(n.role == 'push button' and n.enabled() for n in s.under(calls))))
        wait_for('the refusal or the turn', lambda: any(self.refusal in t for t in self.heard.since(mark)) or
                 moved_on(Snapshot(self.app)))
        self.refused = any(self.refusal in t for t in self.heard.since(mark))
        return True

    def check_result(self, snap):
        text = result_text(snap)
        assert re.search(r'You Win|Match Is Over|Match Over|wins|You Lose', text), text
        assert re.search(r'\d', text), 'no score in “%s”' % text
        return text


class Jihai(Mahjong):
    title = 'Honor-tile mahjong'


class Suzume(Mahjong):
    title = 'Suzume-jong'

    def setup(self, snap):
        # One deal each (the shortest match) is what the setup page offers first.
        row = snap.one('combo box', 'Match Length')
        assert row is not None and '1 deal each' in self.names_under(snap, row), \
            [n.name for n in snap.under(row)] if row else 'no Match Length'


class Mcr(Mahjong):
    title = 'Chinese Official Mahjong'

    def setup(self, snap):
        self.choose_combo(snap, 'Match Length', '1 hand')


GAMES = [Manhattan, Triad, Jihai, Suzume, Mcr]
SLOWEST = ('Manhattan', 'Jihai')


class BusLost(Exception):
    """The accessibility bus lost the app while the app still runs."""


def play(parlor, cls):
    with App(parlor, tolerate=TOOLKIT_CRITICALS) as running:
        app = running.root
        heard = Announcements(running.proc.pid)
        # A dialog's buttons are still heard renamed at their first focus (GTK 4.8).
        repeats = NameRepeats(running.proc.pid, main_window_only=True)
        game = cls(app, heard, running.proc.pid)
        try:
            tab_to(app, named('list item', cls.title))
            press_key(KEY_RETURN)
            click(wait_for('1-Player Game', lambda: find_all(app, named('push button', '1-Player Game')))[0])
            start = snapshot_until(app, 'the setup page', lambda s: s.one('push button', 'Start'))
            game.setup(start)
            start = Snapshot(app).one('push button', 'Start')
            click(start.obj)
            wait_for('the game to start', lambda: Snapshot(app).one('push button', 'Start') is None)

            end = time.monotonic() + GAME_TIMEOUT
            idle_since = reported = time.monotonic()
            while True:
                assert running.alive(), 'the app quit (%s)' % running.proc.returncode
                assert time.monotonic() < end, 'the game did not end in %d s (%d moves)' % (
                    GAME_TIMEOUT, game.moves)
                pump()
                snap = Snapshot(app)
                if game.over(snap):
                    break
                try:
                    stepped = game.step(snap)
                except Error as error:
                    # An object the step held went with a page the app replaced:
                    # the next look at the tree tells what is there now.
                    if not running.alive() or 'no longer exists' not in str(error):
                        raise
                    trace('the tree changed under the step: %s' % error)
                    time.sleep(0.2)
                    continue
                if stepped:
                    idle_since = time.monotonic()
                else:
                    if time.monotonic() - max(idle_since, reported) > 20:
                        trace('idle; focus on %s; %s' % (focus_name(snap), '; '.join(
                            '%s “%s”%s' % (n.role, n.name, '' if n.enabled() else ' (disabled)')
                            for n in snap.nodes if n.role in ('push button', 'tool bar', 'label', 'status bar')
                            and n.name)[-3000:]))
                        reported = time.monotonic()
                    assert time.monotonic() - idle_since < TIMEOUT, \
                        'nothing to do for %d s; the focus is on %s' % (TIMEOUT, focus_name(snap))
                    time.sleep(0.1)
            snap = Snapshot(app)
            text = game.check_result(snap)
            if cls.refusal is not None:
                assert game.refused or any(cls.refusal in t for t in heard.since(0)), \
                    'no refusal “%s” was heard' % cls.refusal
            problems = naming_problems(app)
            assert not problems, problems
            repeats.close()
            assert not repeats.repeats, 'the focused control named again as it was: %s' % repeats.repeats
            return game.moves, text
        except Error as error:
            if running.alive() and 'no longer exists' in str(error):
                raise BusLost(str(error)) from error
            raise
        finally:
            heard.close()
            repeats.close()


LOST = 3  # play_one's status when the bus, not the app, failed


def play_one(parlor, number, title):
    """One game in this process, its TAP line numbered @number."""
    cls = next(g for g in GAMES if g.title == title)
    Atspi.init()
    started = time.monotonic()
    try:
        moves, text = play(parlor, cls)
        print('ok %d - %s (%d moves, %.0f s)' % (number, cls.title, moves, time.monotonic() - started))
        print('# result: ' + ' '.join(text.split())[:300])
        return 0
    except BusLost as error:
        print('not ok %d - %s (after %.0f s: the accessibility bus lost the running app: %s)'
              % (number, cls.title, time.monotonic() - started, error))
        for line in ''.join(traceback.format_tb(error.__cause__.__traceback__)[-3:]).splitlines():
            print('# ' + line)
        return LOST
    except (AssertionError, Error) as error:
        print('not ok %d - %s (after %.0f s)' % (number, cls.title, time.monotonic() - started))
        for line in str(error).splitlines():
            print('# ' + line)
        if isinstance(error, Error):
            for line in ''.join(traceback.format_tb(error.__traceback__)[-4:]).splitlines():
                print('# ' + line)
        return 1


def main():
    parlor = sys.argv[1]
    if sys.argv[2:3] == ['--one']:
        return play_one(parlor, int(sys.argv[3]), sys.argv[4])
    only = sys.argv[2:]
    games = [g for g in GAMES if not only or g.title in only]
    # Under the sanitizers the app is several times slower: the longest games are left out.
    with open(parlor, 'rb') as exe:
        sanitized = b'__asan_init' in exe.read()
    skip = SLOWEST if sanitized else ()
    print('1..%d' % len(games))
    sys.stdout.flush()
    failed = 0
    failures = []
    for i, cls in enumerate(games, 1):
        if cls.__name__ in skip:
            print('ok %d - %s # SKIP under the sanitizers' % (i, cls.title))
            continue
        # Each game in a process of its own: the accessibility client library
        # can crash reading a tree that goes away, and the bus can drop an app
        # that still runs; such a game is played again once.
        for attempt in (1, 2):
            child = subprocess.run([sys.executable, __file__, parlor, '--one', str(i), cls.title],
                                   stdout=subprocess.PIPE, text=True)
            if (child.returncode >= 0 and child.returncode != LOST) or attempt == 2:
                break
            if child.returncode == LOST:
                for line in child.stdout.strip().splitlines():
                    print(('# ' + line) if not line.startswith('#') else line)
                print('# played again')
            else:
                print('# the accessibility client died (signal %d) during %s: played again'
                      % (-child.returncode, cls.title))
        sys.stdout.write(child.stdout)
        if child.returncode != 0:
            failed += 1
            if child.returncode < 0:
                print('not ok %d - %s (the client died, signal %d)' % (i, cls.title, -child.returncode))
            failures += [line for line in child.stdout.splitlines() if line.startswith(('not ok', '#'))]
        sys.stdout.flush()
    # Again last on stderr, after the app's own output: where a short log shows it.
    for line in failures:
        sys.stderr.write('atspi-play: %s\n' % line)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
