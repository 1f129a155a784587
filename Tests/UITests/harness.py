"""A small harness for driving the real app under Xvfb with real X input.

Every scenario uses it the same way: start an `App` (which starts Xvfb and a D-Bus session
on a free display and launches the built binary on a temporary copy of the data: a JSON file
in the test's folder, which the app imports into the database beside it), wait for
a settled state by polling the `--state-file`, drive it with xdotool, take screenshots, and
read the state. The harness ends exactly the processes it started, by PID, even when a test
fails. No fixed sleeps: every wait polls for a condition with a deadline.
"""
from __future__ import annotations

import ctypes
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageChops

from x_keymap import bind_characters

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "GtkTableDemo"
SAMPLE_DATA = ROOT / "data"
ARTIFACTS = ROOT / "test-artifacts"
# The GTK the app runs on (the library the app loads; GTK needs no display to say its version).
GTK_MINOR = ctypes.CDLL("libgtk-4.so.1").gtk_get_minor_version()
# Each GTK's Adwaita draws a little differently (4.18's buttons, header bar and scrollbars), so
# goldens are kept per GTK: GTK 4.8 (Debian 12) in goldens/, any other in goldens/gtk-4.N/.
GOLDENS = Path(__file__).resolve().parent / "goldens" / ("" if GTK_MINOR == 8 else f"gtk-4.{GTK_MINOR}")

# GTK's settings.ini line for classic scrollbars: the trough and thumb always drawn, beside
# the rows. The default (overlay scrolling, as GNOME has it) hides them until the pointer moves.
CLASSIC_SCROLLBARS = ["gtk-overlay-scrolling=false"]

# GTK's own complaints about misuse: any of these on the app's stderr fails the scenario.
# The app's own view-model agreement check (GTKTABLEDEMO_CHECK_AGREEMENT=1) counts the same way.
NOISE = re.compile(r"(Gtk|Gdk|Gsk|GLib|GLib-GObject|GLib-GIO|Pango|Adwaita)-(CRITICAL|WARNING)|\*\* CRITICAL|\*\* WARNING"
                   r"|view-model disagreement")


def sample_with(workdir, changes):
    """A copy of the sample rows in `workdir` with some rows' fields changed
    ({row_id: {field: value}}); returns its path."""
    document = json.loads((SAMPLE_DATA / "rows.json").read_text())
    for row in document["rows"]:
        row.update(changes.get(row["id"], {}))
    path = workdir / "rows.json"
    path.write_text(json.dumps(document, ensure_ascii=False))
    return path


def state_text(text):
    """A note's text as the state file gives it: whole up to 2,000 characters, else its first
    and last 1,000 around "…"."""
    return text if len(text) <= 2000 else text[:1000] + "…" + text[-1000:]


def wait_until(condition, timeout=10.0, interval=0.02, what="condition"):
    """Polls `condition` until it returns something truthy; returns that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


class Display:
    """An Xvfb server on a display number it picks itself (-displayfd). `-noreset`: without it
    the server resets when its last client leaves, and an app starting right then cannot
    connect."""

    def __init__(self, size="1280x1024"):
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{size}x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not report a display")
        self.name = f":{number}"

    def close(self):
        _end(self.process)


def _end(process: subprocess.Popen):
    """Ends a process we started, and its session (process group), by PID."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


class SessionBus:
    """A D-Bus session bus of our own, so an accessibility client can share it with the app."""

    def __init__(self):
        self.process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                        start_new_session=True)
        address = self.process.stdout.readline().strip()
        if not address:
            _end(self.process)
            raise RuntimeError("dbus-daemon did not start")
        self.environment = {"DBUS_SESSION_BUS_ADDRESS": address, "GTK_A11Y": "atspi"}

    def close(self):
        _end(self.process)


class App:
    """The real app, launched as a user would, under `dbus-run-session`."""

    def __init__(self, display: Display, workdir: Path, *, data: Path | None = None, args=(), env=None,
                 data_home: Path | None = None, own_data=False, bus: "SessionBus | None" = None, unique=False,
                 state="state.json", prefix=(), settings=(), oracle_after_scrolls=False):
        """`own_data`: open the user's own database under XDG_DATA_HOME (no --data), as a user would.
        `unique`: run single-instance, as a user would (otherwise `--non-unique`, so tests never meet).
        `prefix`: a command the app runs under (inside the D-Bus session), such as a private mount.
        `settings`: extra lines for GTK's settings.ini, such as `gtk-enable-animations=false`.
        `oracle_after_scrolls`: every `wheel_and_wait` ends with the pixel oracle."""
        self.display = display
        self.oracle_after_scrolls = oracle_after_scrolls
        self.scroll_steps = 0
        self.workdir = workdir
        self.state_path = workdir / state
        self.data_home = data_home or workdir / "xdg-data"
        if data is None:
            data = workdir / "rows.json"
            if not data.exists():
                shutil.copy(SAMPLE_DATA / "rows.json", data)
        elif data.suffix == ".json" and workdir not in data.parents and data.exists():
            # A shared file (a generated one): link it here, so the database the app makes
            # beside it belongs to this test alone.
            link = workdir / data.name
            if not link.exists():
                link.symlink_to(data)
            data = link
        elif data.suffix == ".sqlite" and workdir not in data.parents and data.exists():
            # A shared database (a generated one): the test edits its own copy.
            copy = workdir / data.name
            if not copy.exists():
                shutil.copy(data, copy)
            data = copy
        self.data_path = data
        # `--data X.json` opens the database X.sqlite beside it (imported from X.json on first use).
        self.db_path = data.with_suffix(".sqlite") if data.suffix == ".json" else data
        config = workdir / "xdg-config" / "gtk-4.0"
        config.mkdir(parents=True, exist_ok=True)
        # A steady caret, so screenshots do not depend on the blink phase.
        (config / "settings.ini").write_text("[Settings]\ngtk-cursor-blink=false\n" + "".join(f"{line}\n" for line in settings))
        self.stderr_path = workdir / f"app-stderr-{time.monotonic_ns()}.log"
        environment = dict(os.environ)
        environment.update({
            "DISPLAY": display.name, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo",
            "XDG_DATA_HOME": str(self.data_home), "XDG_CONFIG_HOME": str(workdir / "xdg-config"),
            "GTKTABLEDEMO_DATA_DIR": str(SAMPLE_DATA),
            "LANG": "C.UTF-8", "GTK_A11Y": environment.get("GTK_A11Y", "none"),
            "GTKTABLEDEMO_CHECK_AGREEMENT": "1",
        })
        environment.pop("WAYLAND_DISPLAY", None)
        environment.update(env or {})
        data_args = [] if own_data else ["--data", str(data)]
        if own_data:
            self.data_path = self.db_path = self.data_home / "io.github.gtktabledemo.TableDemo" / "rows.sqlite"
        instance_args = [] if unique else ["--non-unique"]
        command = [*prefix, str(BINARY), *data_args, *instance_args, "--state-file", str(self.state_path), *args]
        if bus:
            environment.update(bus.environment)
        else:
            command = ["dbus-run-session", "--", *command]
        self.stderr = open(self.stderr_path, "w")
        self.process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=self.stderr,
                                        start_new_session=True, cwd=workdir)

    def saved(self):
        """The rows database as the app's own `--export-json` writes it (a parsed rows file)."""
        target = self.workdir / f"exported-{time.monotonic_ns()}.json"
        result = subprocess.run([str(BINARY), "--data", str(self.db_path), "--export-json", str(target)],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return json.loads(target.read_text())

    # -- lifecycle -------------------------------------------------------------------------
    def close(self):
        _end(self.process)
        if not self.stderr.closed:
            self.stderr.close()

    def kill9(self):
        """Kills the app itself with SIGKILL (a crash), then its D-Bus session."""
        for pid in self.app_pids():
            os.kill(pid, signal.SIGKILL)
        wait_until(lambda: not self.app_pids(), what="the app to die")
        self.close()

    def send_signal(self, number):
        """Sends a signal to the app itself (not to the D-Bus session wrapped around it)."""
        out = subprocess.run(["pgrep", "-s", str(self.process.pid), "-x", BINARY.name], capture_output=True, text=True)
        for pid in out.stdout.split():
            os.kill(int(pid), number)

    def pid(self):
        """The app's own process id, found through /proc: the launched process when it runs the
        binary itself (on a bus of our own), else its descendant that does (under
        `dbus-run-session`, whose other child is dbus-daemon)."""
        def runs_the_app(pid):
            try:
                return Path(os.readlink(f"/proc/{pid}/exe")) == BINARY.resolve()
            except OSError:
                return False

        def children(parent):
            for entry in Path("/proc").iterdir():
                try:
                    # The parent is the 2nd field after the command name, which may hold spaces.
                    if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == parent:
                        yield int(entry.name)
                except (OSError, IndexError, ValueError):
                    continue

        pending = [self.process.pid]
        while pending:
            pid = pending.pop()
            if runs_the_app(pid):
                return pid
            pending.extend(children(pid))
        raise RuntimeError("the app's process is not running")

    def app_pids(self):
        out = subprocess.run(["pgrep", "-s", str(self.process.pid), "-f", str(BINARY)], capture_output=True, text=True)
        return [int(p) for p in out.stdout.split()]

    def dialog_key(self, key, title="Cannot open the rows file"):
        """Answers the message dialog from the keyboard once it has keyboard focus."""
        def focused_title():
            out = subprocess.run(["xdotool", "getwindowfocus", "getwindowname"], capture_output=True, text=True,
                                 env={**os.environ, "DISPLAY": self.display.name})
            return out.stdout.strip() == title
        wait_until(focused_title, what=f"the dialog “{title}” to have focus")
        self.xdotool("key", "--clearmodifiers", key)

    def wait_exit(self, timeout=10):
        return self.process.wait(timeout=timeout)

    def noise(self):
        """GTK/GLib criticals and warnings the app printed (dbus-daemon's own lines excluded,
        and those of WebKit's sandboxed web processes, which GLib names "(process:PID)" with a
        PID of their own namespace: on Wayland their GDK warns that it has no settings portal)."""
        return [line for line in self.stderr_text().splitlines()
                if NOISE.search(line) and not line.startswith(("dbus-daemon", "(process:"))]

    def stderr_text(self):
        if not self.stderr.closed:
            self.stderr.flush()
        return self.stderr_path.read_text(errors="replace")

    # -- state -----------------------------------------------------------------------------
    def state(self):
        try:
            return json.loads(self.state_path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            return None

    def wait_state(self, predicate=lambda s: True, timeout=15.0, what="a settled state", settled=True):
        """Waits for a state satisfying `predicate`; by default a settled one (no animation
        running and no content loading)."""
        last = {}
        def check():
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with {self.process.returncode}:\n{self.stderr_text()}")
            state = self.state()
            if state:
                last["state"] = state
            if state and (state.get("settled") or not settled) and predicate(state):
                return state
            return None
        try:
            return wait_until(check, timeout=timeout, what=what)
        except TimeoutError as error:
            state = last.get("state") or {}
            if settled and not state.get("settled", True):
                # Which term held the window unsettled, and whether frames were still coming.
                raise TimeoutError(f"{error} (the last state, frame {state.get('frame')}, was not settled: "
                                   f"{', '.join(state.get('unsettledBy', [])) or 'no reason given'})") from None
            raise

    def wait_frame_after(self, state, predicate=lambda s: True, timeout=10.0, what="the next settled frame"):
        """Waits for a settled state written after `state` that satisfies `predicate`."""
        frame = state["frame"]
        return self.wait_state(lambda s: s["frame"] > frame and predicate(s), timeout=timeout, what=what)

    def row(self, state, row_id):
        return next((r for r in state["rows"] if r["id"] == row_id), None)

    def note_button(self, state, row_id):
        """The centre of a note row's Expand/Collapse button, in screen coordinates."""
        row = self.row(state, row_id)
        return state["tableOrigin"]["x"] + state["rowWidth"] - 12 - 34, row["y"] + row["height"] - 8 - 16

    def note_text_point(self, state, row_id, dy=10):
        """A point inside a note's text area, near its top-left."""
        row = self.row(state, row_id)
        return state["tableOrigin"]["x"] + 60, row["y"] + 8 + dy

    # -- input -----------------------------------------------------------------------------
    def xdotool(self, *args):
        subprocess.run(["xdotool", *map(str, args)], check=True, env={**os.environ, "DISPLAY": self.display.name})

    def xdotool_output(self, *args):
        out = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, check=True,
                             env={**os.environ, "DISPLAY": self.display.name})
        return out.stdout

    def xdotool_run(self, *args):
        """Runs xdotool; whether it succeeded (a search that finds nothing fails)."""
        return subprocess.run(["xdotool", *map(str, args)], capture_output=True,
                              env={**os.environ, "DISPLAY": self.display.name}).returncode == 0

    def click(self, x, y, button=1):
        self.xdotool("mousemove", "--sync", int(x), int(y), "click", button)

    def move(self, x, y):
        self.xdotool("mousemove", "--sync", int(x), int(y))

    def drag(self, x0, y0, x1, y1, steps=12):
        """A real press-move-release drag, in small steps as a hand would."""
        args = ["mousemove", "--sync", int(x0), int(y0), "mousedown", 1]
        for i in range(1, steps + 1):
            args += ["mousemove", "--sync", int(x0 + (x1 - x0) * i / steps), int(y0 + (y1 - y0) * i / steps)]
        args += ["mouseup", 1]
        self.xdotool(*args)

    def key(self, *keys):
        """Presses keys once the window has keyboard focus (an early key would be lost)."""
        self.wait_state(lambda s: s.get("active"), what="the window to have keyboard focus")
        self.xdotool("key", "--clearmodifiers", *keys)

    def type(self, text):
        """Types `text` as keystrokes; each newline is a Return key press."""
        for index, line in enumerate(text.split("\n")):
            if index:
                self.xdotool("key", "--clearmodifiers", "Return")
            if line:
                # Characters with no key on the keymap get keycodes first (see x_keymap); any
                # left without one (no spare keycode) go slower, since xdotool then remaps.
                delay = 15 if line.isascii() or bind_characters(self.display.name, line) else 120
                self.xdotool("type", "--delay", delay, line)

    def wheel(self, button, times=1):
        self.xdotool("click", "--repeat", times, "--delay", 10, button)

    def wheel_and_wait(self, state, button):
        """One real wheel step, then the first settled state in which the rows have moved (a
        state written for some other reason before the step is not taken for its result)."""
        before = [(r["id"], r["y"]) for r in state["rows"]]
        self.wheel(button)
        moved = self.wait_state(lambda s: [(r["id"], r["y"]) for r in s["rows"]] != before, what="the wheel step")
        self.scroll_steps += 1
        if self.oracle_after_scrolls:
            self.assert_full_redraw_matches(f"scroll-{self.scroll_steps}")
        return moved

    def edit_note(self, row_id, suffix):
        """Clicks into a note, puts the caret at the end, types `suffix`; returns the state
        once the model has the text."""
        state = self.wait_state()
        self.click(*self.note_text_point(state, row_id))
        self.key("ctrl+End")
        self.type(suffix)
        return self.wait_state(lambda s: self.row(s, row_id)["text"].endswith(suffix.strip()))

    def scroll_to_row(self, row_id, button=5, limit=200):
        """Wheels (real button 4/5 clicks over the table) until row `row_id` is fully on screen
        below the sticky header; returns the settled state."""
        state = self.wait_state()
        origin = state["tableOrigin"]
        self.move(origin["x"] + 200, origin["y"] + 300)
        for _ in range(limit):
            row = self.row(state, row_id)
            top = origin["y"] + 40
            bottom = origin["y"] + state["viewportHeight"]
            if row and row["y"] >= top and row["y"] + min(row["height"], 300) <= bottom:
                return state
            state = self.wheel_and_wait(state, button)
        raise AssertionError(f"row {row_id} never came into view")

    def scroll_to_end(self):
        """Presses End and returns the settled state showing the table's end. A rich row that
        End brought within reach loads its content 0.7 s later; when it is the row at the
        viewport's top it grows downward (W2 keeps it still) and pushes the end out of view,
        so End is pressed once more after the content has arrived."""
        def at_end(s):
            return s["scrollOffset"] > 0 and s["scrollOffset"] >= s["contentHeight"] - s["viewportHeight"] - 0.5
        self.key("End")
        state = self.wait_state(lambda s: s["scrollOffset"] > 0, what="End to scroll")
        if not at_end(state):
            self.key("End")
            state = self.wait_state(at_end, what="the end, once the rich content arrived")
        return state

    # -- pixels ----------------------------------------------------------------------------
    def stable_screenshot(self, name=None, timeout=5.0):
        """A screenshot once two in a row are identical (animations such as a toast sliding
        in have finished)."""
        previous = self.screenshot(name)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.05)
            current = self.screenshot(name)
            if _same(previous, current):
                return current
            previous = current
        raise TimeoutError("the window never stopped changing")

    def screenshot(self, name=None) -> Image.Image:
        """The screen as X shows it, cropped to the window."""
        path = self.workdir / f"{name or 'shot'}.png"
        subprocess.run(["import", "-display", self.display.name, "-window", "root", str(path)], check=True)
        image = Image.open(path).convert("RGB")
        state = self.state()
        if state and "window" in state:
            w = state["window"]
            scale = w.get("scale", 1)
            image = image.crop((0, 0, w["width"] * scale, w["height"] * scale))
        return image


    def assert_full_redraw_matches(self, name="oracle", attempts=3):
        """The pixel oracle (below), tried again when GTK's own timer changed the screen
        between its two shots (a toast timing out), up to `attempts` times; then it raises
        `OracleInconclusive`."""
        for attempt in range(attempts):
            try:
                return self._compare_with_full_redraw(name if attempt == 0 else f"{name}-again-{attempt}")
            except OracleInconclusive:
                if attempt == attempts - 1:
                    raise

    def _compare_with_full_redraw(self, name):
        """The pixel oracle (DESIGN, "Truth in tests"): the screen at rest must equal what a
        full redraw draws. Takes a screenshot once the window has stopped changing, has the
        app drop every render node GTK kept and its own drawing caches (SIGUSR1, see
        `FullRedraw`), waits for the frame drawn after that, and compares a second screenshot
        pixel for pixel. The caret does not blink in these runs (settings.ini). What GTK
        shows on a timer is masked like a blink: an overlay scrollbar's indicator, which
        fades out a while after the last scroll (classic scrollbars are compared whole).
        On a difference both shots and a diff stay in the test's folder."""
        state = self.wait_state(what="a settled state before the full redraw")
        # Let GTK's own timers run out first (focus rings a while after the last key), so they
        # do not change the screen between the two shots.
        try:
            state = self.wait_state(lambda s: not s.get("focusVisible"), timeout=6, what="focus rings to time out")
        except TimeoutError:
            state = self.wait_state()
        before = self.masked(self.stable_screenshot(f"{name}-at-rest"), state)
        count = state.get("fullRedraws", 0)
        self.send_signal(signal.SIGUSR1)
        redrawn = self.wait_state(lambda s: s.get("fullRedraws", 0) > count, what="the full redraw")
        after = self.masked(self.stable_screenshot(f"{name}-redrawn"), redrawn)
        timed = [key for key in self.TIMED_STATE if (self.state() or {}).get(key) != state.get(key)]
        if timed:
            raise OracleInconclusive(f"{name}: {', '.join(timed)} changed on GTK's own timer between the two screenshots"
                                     f" ({[(key, state.get(key), (self.state() or {}).get(key)) for key in timed]})")
        box = ImageChops.difference(before, after).getbbox() if before.size == after.size else (0, 0) + after.size
        if box is not None:
            _, mask = changed_fraction(before, after, tolerance=0)
            if mask is not None:
                mask.save(self.workdir / f"{name}-diff.png")
            raise AssertionError(f"{name}: the screen at rest differs from a full redraw in {box}; "
                                 f"{describe_difference(before, after, box)}; at rest {self.facts_for_oracle(state)}; "
                                 f"see {name}-at-rest.png, {name}-redrawn.png and {name}-diff.png")

    @staticmethod
    def facts_for_oracle(state):
        """What a failed oracle's message names, for a run whose screenshots are not at hand:
        the keyboard focus, the pinned header, where the table is scrolled to, and the rows
        GTK has hovered or focused."""
        facts = {key: state.get(key) for key in ("focus", "focusedRow", "focusVisible", "stickyHeader", "scrollOffset")}
        facts["rowStates"] = {row["id"]: row["gtkStates"] for row in state.get("rows", []) if row.get("gtkStates")}
        return facts


    # What GTK changes on a timer of its own, not in answer to anything: focus rings go a
    # while after the last key press, a toast (and the room kept for it) when its time is up.
    TIMED_STATE = ("focusVisible", "bottomInset")

    def to_screen(self, state, x, y):
        """A point in the state file's window coordinates on the screen (under Xvfb with no
        window manager, the same)."""
        return x, y

    def masked(self, image, state):
        """`image` with what GTK draws on timers of its own painted over (see the pixel
        oracle): an overlay scrollbar's box, and a toast's strip at the bottom of the table
        (the room kept for it; GTK 4.8's cairo renderer leaves the shadow of a toast that slid
        in outside the toast's damage, a trail a full redraw does not have)."""
        image = image.copy()
        scrollbar = state.get("scrollbar", {})
        box = scrollbar.get("bounds")
        if scrollbar.get("overlay") and box:
            left, top = self.to_screen(state, box["x"], box["y"])
            image.paste((255, 0, 255), (int(left), int(top), int(left + box["width"]), int(top + box["height"])))
        inset = state.get("bottomInset") or 0
        if inset:
            origin = state["tableOrigin"]
            left, top = self.to_screen(state, 0, origin["y"] + state["viewportHeight"] - inset)
            image.paste((255, 0, 255), (int(left), int(top), image.size[0], image.size[1]))
        return image


class OracleInconclusive(AssertionError):
    """The pixel oracle saw GTK change something on its own timer between its two
    screenshots (`App.TIMED_STATE`), so their difference proves nothing either way."""


def checking_every_scroll(launch):
    """A `launch` whose apps end every wheel step with the pixel oracle: the scrolling,
    anchoring, animation and every-frame modules override their `launch` fixture with it."""
    return lambda **kwargs: launch(oracle_after_scrolls=True, **kwargs)


def _same(a: Image.Image, b: Image.Image):
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def changed_fraction(a: Image.Image, b: Image.Image, tolerance=24):
    """The fraction of pixels any of whose colour channels differs by more than `tolerance`,
    and a diff image."""
    if a.size != b.size:
        return 1.0, None
    red, green, blue = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    diff = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    mask = diff.point(lambda v: 255 if v > tolerance else 0)
    changed = sum(1 for v in mask.getdata() if v)
    return changed / (a.size[0] * a.size[1]), mask


def describe_difference(before: Image.Image, after: Image.Image, box):
    """In words, how the two shots differ inside `box`: how many pixels, whether only on the
    box's edge (a ring or a border) or inside it, and each shot's commonest colour there."""
    crop_before, crop_after = before.crop(box), after.crop(box)
    _, mask = changed_fraction(crop_before, crop_after, tolerance=0)
    if mask is None:
        return "the shots differ in size"
    width, height = mask.size
    changed = [(x, y) for y in range(height) for x in range(width) if mask.getpixel((x, y))]
    on_edge = sum(1 for x, y in changed if min(x, y, width - 1 - x, height - 1 - y) < 3)

    def commonest(image):
        return max(image.getcolors(width * height) or [(0, None)])[1]
    spots = [(x, y) for x, y in changed[:: max(1, len(changed) // 3)]][:3]
    return (f"{len(changed)} pixels differ, {on_edge} of them within 3 px of the box's edge; commonest colour "
            f"{commonest(crop_before)} at rest, {commonest(crop_after)} redrawn; e.g. "
            + ", ".join(f"({box[0] + x},{box[1] + y}) {crop_before.getpixel((x, y))}→{crop_after.getpixel((x, y))}" for x, y in spots))


# About 170 changed pixels in a 480×700 window: a changed word is several times that.
GOLDEN_BUDGET = 0.0005


def compare_golden(image: Image.Image, name: str, folder: Path, budget=GOLDEN_BUDGET, tolerance=24):
    """Compares with `NAME.png` in this GTK's goldens (`GOLDENS`); on failure keeps actual, expected and diff in `folder`.
    A missing golden fails.

    With UPDATE_GOLDENS=1 it writes the golden instead (look at it before committing)."""
    golden = GOLDENS / f"{name}.png"
    if os.environ.get("UPDATE_GOLDENS") == "1":
        golden.parent.mkdir(exist_ok=True)
        image.save(golden)
        return
    if not golden.exists():
        raise AssertionError(f"golden {golden.name} is missing (make goldens writes it; look at it before committing)")
    expected = Image.open(golden).convert("RGB")
    fraction, mask = changed_fraction(image, expected, tolerance)
    if fraction > budget:
        folder.mkdir(parents=True, exist_ok=True)
        image.save(folder / f"{name}-actual.png")
        expected.save(folder / f"{name}-expected.png")
        if mask is not None:
            mask.save(folder / f"{name}-diff.png")
        raise AssertionError(f"{name}: {fraction:.2%} of pixels changed (budget {budget:.2%}); see {folder}")


def contrast(a, b):
    """The WCAG contrast ratio of two sRGB colours."""
    def luminance(rgb):
        channels = [c / 255 for c in rgb]
        channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def delete_red(r, g, b):
    """The Delete action's red."""
    return r > 180 and g < 80 and b < 80


def pin_blue(r, g, b):
    """The Pin action's blue."""
    return b > 180 and r < 80


def colour_fraction(image: Image.Image, box, colour):
    """The share of pixels inside `box` for which `colour(r, g, b)` holds."""
    region = image.crop(tuple(int(v) for v in box)).convert("RGB")
    pixels = list(region.getdata())
    return sum(1 for r, g, b in pixels if colour(r, g, b)) / max(1, len(pixels))


def dark_pixels(image: Image.Image, box, threshold=110):
    """How many pixels inside `box` are darker than `threshold` (glyph ink on a light row)."""
    region = image.crop(box).convert("L")
    return sum(1 for v in region.getdata() if v < threshold)
