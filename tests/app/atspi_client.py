# SPDX-License-Identifier: GPL-3.0-or-later
"""An accessibility client of the running app, as a screen reader is.

What the AT-SPI tests share: starting the app as its own process, finding its
controls by role and name, acting through keyboard events and AT-SPI actions
(never coordinates), and hearing what the app announces.
"""

import ctypes
import os
import re
import shutil
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

KEY_TAB = 0xff09
KEY_RETURN = 0xff0d
KEY_ESCAPE = 0xff1b
KEY_DOWN = 0xff54
KEY_SPACE = 0x0020
KEY_END = 0xff57

Error = GLib.GError


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
        except GLib.GError:
            pass
    return found


def find_one(root, pred):
    found = find_all(root, pred)
    return found[0] if found else None


def pump():
    """Lets the bus's news (apps coming, trees changing, events) reach this client."""
    while GLib.MainContext.default().iteration(False):
        pass


def wait_for(what, fn, timeout=TIMEOUT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump()
        try:
            result = fn()
        except GLib.GError:
            result = None  # a tree that changed while it was read
        if result:
            return result
        time.sleep(0.2)
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
    trace('key %#x' % keysym)
    Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)


SHIFT_MASK = 1
CONTROL_MASK = 4


def press_with_control(keysym):
    trace('Ctrl+key %#x' % keysym)
    Atspi.generate_keyboard_event(CONTROL_MASK, None, Atspi.KeySynthType.LOCKMODIFIERS)
    Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)
    Atspi.generate_keyboard_event(CONTROL_MASK, None, Atspi.KeySynthType.UNLOCKMODIFIERS)


def tab_to(root, pred, backward=False):
    """Tab (or Shift+Tab) until the focused object matches, as a keyboard user would."""
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        leaf = focused_leaf(root)
        if leaf is not None and pred(leaf):
            return leaf
        if backward:
            Atspi.generate_keyboard_event(SHIFT_MASK, None, Atspi.KeySynthType.LOCKMODIFIERS)
        press_key(KEY_TAB)
        if backward:
            Atspi.generate_keyboard_event(SHIFT_MASK, None, Atspi.KeySynthType.UNLOCKMODIFIERS)
        time.sleep(0.3)
    raise AssertionError('Tab never reached the item')


def trace(text):
    if os.environ.get('PARLOR_ATSPI_TRACE'):
        sys.stderr.write('%.1f %s\n' % (time.monotonic(), text))


def click(obj):
    """What a screen reader's "activate" does: the control's first action."""
    trace('click ' + (obj.get_name() or obj.get_role_name()))
    assert obj.get_n_actions() > 0, 'no action on ' + (obj.get_name() or obj.get_role_name())
    assert obj.do_action(0)


# What a toolkit or the app's own classes are called: never a name for a player.
TYPE_NAME = re.compile(r'^(Gtk|Adw|Parlor|Manhattan|Mahjong|Triad|Mcr|Suzume|Jihai)[A-Z]')


def naming_problems(root):
    problems = []
    for obj, inside_combo in walk(root):
        role, name = obj.get_role_name(), obj.get_name() or ''
        if TYPE_NAME.match(name):
            problems.append('%s named after its type (“%s”)' % (role, name))
        # A screen reader says the description after the name: not the name again.
        description = obj.get_description() or ''
        if description and description in name:
            problems.append('%s “%s” described as “%s”' % (role, name, description))
        if re.fullmatch(r'(.+) \1', name) or re.fullmatch(r'(.+) / \1', name) or re.search(r'(^|\s)_\w', name):
            problems.append('%s named “%s”' % (role, name))
        # A combo row's own list of choices is the toolkit's: it names the row.
        if ((role in CONTROLS or role == 'scroll pane') and not inside_combo and has_state(obj, Atspi.StateType.FOCUSABLE) and
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
            except GLib.GError:
                pass
        return None
    try:
        return wait_for('the app on the accessibility bus', look)
    except AssertionError:
        seen = [(a.get_name(), a.get_process_id()) for a in children(Atspi.get_desktop(0))]
        raise AssertionError('process %d is not among the apps on the bus: %s' % (pid, seen))


def focus_follows_pointer():
    """What a window manager does when a dialog closes: the keyboard goes back
    to the window under it. Xvfb has no window manager, so the X server is
    told to give the keyboard to the window under the pointer."""
    x11 = ctypes.CDLL('libX11.so.6')
    x11.XOpenDisplay.restype = ctypes.c_void_p
    display = x11.XOpenDisplay(None)
    assert display, 'no X display'
    # PointerRoot, RevertToPointerRoot, CurrentTime
    x11.XSetInputFocus(ctypes.c_void_p(display), ctypes.c_ulong(1), 1, ctypes.c_ulong(0))
    x11.XCloseDisplay(ctypes.c_void_p(display))


def die_with_parent():
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


# GTK 4.8 answers a client that asks for a window's children just as a new
# window comes up with a null object path; only that is let through.
TOOLKIT_CRITICALS = [re.compile(r"GLib-CRITICAL \*\*: [0-9:.]+: g_variant_is_object_path: "
                                r"assertion 'string != NULL' failed"),
                     re.compile(r"GLib-CRITICAL \*\*: [0-9:.]+: g_variant_new_object_path: "
                                r"assertion 'g_variant_is_object_path \(object_path\)' failed"),
                     # Seen in honor-tile mahjong between hands; not tracked down yet.
                     re.compile(r"Gtk-WARNING \*\*: [0-9:.]+: Trying to snapshot GtkGizmo 0x[0-9a-f]+ "
                                r"without a current allocation")]


class App:
    """The app in its own process, with no saved game, leaving none in the user's home.

    With @tolerate, warnings are not fatal in the app but read from its
    output afterwards: any but the toolkit's own known ones fail the test."""

    def __init__(self, parlor, args=(), env=None, tolerate=None):
        self.data_home = tempfile.TemporaryDirectory(prefix='parlor-atspi-')
        self.tolerate = tolerate
        full_env = dict(os.environ, G_DEBUG=APP_G_DEBUG, PARLOR_AI_DELAY_MS='50',
                        XDG_DATA_HOME=self.data_home.name)
        full_env.update(env or {})
        self.output = None
        if tolerate is not None:
            full_env['G_DEBUG'] = ''
            self.output = tempfile.TemporaryFile(mode='w+')
        self.proc = subprocess.Popen([parlor] + list(args), env=full_env, preexec_fn=die_with_parent,
                                     stderr=self.output)
        self.root = None

    def __enter__(self):
        try:
            self.root = find_app(self.proc.pid)
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, exc_type, *exc):
        self.close(check=exc_type is None)
        return False

    def close(self, check=True):
        if self.proc.poll() is None:
            self.proc.terminate()
        else:
            sys.stderr.write('the app ended by itself with status %d\n' % self.proc.returncode)
        self.proc.wait()
        self.data_home.cleanup()
        if self.output is not None:
            self.output.seek(0)
            text = self.output.read()
            self.output.close()
            self.output = None
            sys.stderr.write(text)
            bad = [line for line in text.splitlines()
                   if re.search(r'-(CRITICAL|WARNING) \*\*', line) and
                   not any(t.search(line) for t in self.tolerate)]
            assert not bad or not check, 'the app warned: ' + '; '.join(bad)

    def alive(self):
        return self.proc.poll() is None


class NameRepeats:
    """Name changes that give the focused control the name it had: a screen
    reader says the name again each time."""

    EVENTS = ('object:property-change:accessible-name', 'object:state-changed:focused')

    def __init__(self, pid, main_window_only=False):
        self.pid = pid
        self.main_window_only = main_window_only
        self.names = {}  # the last name heard of each object
        self.repeats = []
        self.listener = Atspi.EventListener.new(self._on_event)
        for event in self.EVENTS:
            self.listener.register(event)

    def _on_event(self, event):
        try:
            source = event.source
            if source.get_process_id() != self.pid:
                return
            key = source.path  # one app: its objects by path
            if event.type.startswith('object:state-changed'):
                if event.detail1:
                    self.names[key] = source.get_name() or ''
                return
            name = event.any_data if isinstance(event.any_data, str) else source.get_name() or ''
            if self.main_window_only and self._window_role(source) != 'frame':
                return
            if has_state(source, Atspi.StateType.FOCUSED) and self.names.get(key) == name:
                self.repeats.append('%s “%s”' % (source.get_role_name(), name))
            self.names[key] = name
        except GLib.GError:
            pass

    @staticmethod
    def _window_role(obj):
        while obj is not None and obj.get_role_name() not in ('frame', 'dialog', 'alert', 'application'):
            obj = obj.get_parent()
        return obj.get_role_name() if obj is not None else None

    def close(self):
        pump()
        if self.listener is not None:
            for event in self.EVENTS:
                self.listener.deregister(event)
            self.listener = None


class Announcements:
    """What the app's live status labels say, as a screen reader hears it: every
    change of a status bar's name reaches this client as an AT-SPI event."""

    def __init__(self, pid):
        self.pid = pid
        self.heard = []
        self.listener = Atspi.EventListener.new(self._on_event)
        self.listener.register('object:property-change:accessible-name')

    def _on_event(self, event):
        try:
            source = event.source
            if source.get_role_name() != 'status bar' or source.get_process_id() != self.pid:
                return
            text = event.any_data if isinstance(event.any_data, str) else source.get_name()
            if text:
                self.heard.append(text)
        except GLib.GError:
            pass

    def mark(self):
        pump()
        return len(self.heard)

    def since(self, mark):
        pump()
        return self.heard[mark:]

    def wait_heard(self, what, pred, mark=0, timeout=TIMEOUT):
        return wait_for(what, lambda: next((t for t in self.heard[mark:] if pred(t)), None), timeout)

    def close(self):
        self.listener.deregister('object:property-change:accessible-name')


# Orca 43 started in this process's image, so that its debug file is written
# line by line (it keeps it buffered until it exits, and it exits only when
# killed) and it starts beside another user's Orca (it looks for one by name).
ORCA_LAUNCHER = r'''
import sys
log, prefs = sys.argv[1], sys.argv[2]
ns = {'__name__': 'parlor_orca', '__file__': '/usr/bin/orca'}
exec(compile(open('/usr/bin/orca').read(), '/usr/bin/orca', 'exec'), ns)
from orca import debug
ns['otherOrcas'] = lambda: []
ns['setProcessName'] = lambda name: None
debug.debugLevel = debug.LEVEL_INFO
debug.eventDebugLevel = debug.LEVEL_OFF
debug.debugFile = open(log, 'w', buffering=1)
sys.argv = ['orca', '--user-prefs=' + prefs]
sys.exit(ns['main']())
'''

SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*)'\s*(\{[^{}]*\})?\s*$")


def orca_missing():
    """Why Orca cannot run here, or None."""
    if not os.path.exists('/usr/bin/orca'):
        return 'Orca is not installed (apt-get install orca)'
    if subprocess.run(['/usr/bin/python3', '-c', 'import pyatspi, orca'],
                      stderr=subprocess.DEVNULL).returncode != 0:
        return "Orca's Python modules do not load"
    return None


class Orca:
    """A real screen reader on the test's accessibility bus, with a home of
    its own and no speech server; what it would say is read from its log."""

    def __init__(self):
        self.home = tempfile.TemporaryDirectory(prefix='parlor-orca-')
        self.log = os.path.join(self.home.name, 'orca.log')
        prefs = os.path.join(self.home.name, 'prefs')
        os.makedirs(prefs)
        env = dict(os.environ, HOME=self.home.name,
                   XDG_CONFIG_HOME=os.path.join(self.home.name, 'config'),
                   XDG_DATA_HOME=os.path.join(self.home.name, 'data'),
                   XDG_CACHE_HOME=os.path.join(self.home.name, 'cache'),
                   # No speech server is started (it can hang); speech stays on.
                   SPEECHD_CMD=os.path.join(self.home.name, 'no-speech-dispatcher'),
                   G_DEBUG='')
        self.proc = subprocess.Popen(['/usr/bin/python3', '-c', ORCA_LAUNCHER, self.log, prefs],
                                     env=env, preexec_fn=die_with_parent,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wait_said('Orca to start', lambda t: t == 'Screen reader on.', timeout=60)

    def said(self):
        """Everything Orca has said so far, one utterance a line."""
        try:
            with open(self.log, errors='replace') as f:
                return [m.group(1) for m in map(SPOKEN.search, f) if m]
        except FileNotFoundError:
            return []

    def mark(self):
        return len(self.said())

    def since(self, mark):
        return self.said()[mark:]

    def wait_said(self, what, pred, mark=0, timeout=TIMEOUT):
        def look():
            if self.proc.poll() is not None:
                raise AssertionError('Orca ended with status %d' % self.proc.returncode)
            return next((t for t in self.since(mark) if pred(t)), None)
        try:
            return wait_for(what, look, timeout)
        except AssertionError as error:
            raise AssertionError('%s; Orca said: %s' % (error, ' | '.join(self.since(mark))))

    def close(self):
        # Orca ignores SIGTERM.
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        if os.environ.get('PARLOR_ORCA_LOG'):
            shutil.copy(self.log, os.environ['PARLOR_ORCA_LOG'])
        self.home.cleanup()
