"""The Wayland lane's harness: headless sway (Debian 12's sway 1.7 on wlroots 0.15, or in the
GTK 4.18 lane Debian 13's sway 1.10 on wlroots 0.18) and the real
app on it, as an unprivileged user made for the test, since sway refuses to run as root and
CI runs as root. The app is driven with a virtual pointer (wayland_client.py), keys through
wtype, and seen through grim screenshots and its --state-file.

Coordinates: the state file's are the surface's (window coordinates). On sway the surface
includes GTK's client-side shadow margin even though sway tiles the window to fill the
output, so screen = window - margin on each axis (61 px at 480x720). `to_screen` converts.
"""
from __future__ import annotations

import grp
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "UITests"))
from harness import BINARY, SAMPLE_DATA, App, _end, wait_until  # noqa: E402
from wayland_client import Connection, VirtualPointer  # noqa: E402

TEST_USER = "gtktabledemo-wl"
OUTPUT_SIZE = (480, 720)


def ensure_test_user() -> str | None:
    """As root: the unprivileged user the compositor and the app run as (made once). As any
    other user: None, and everything runs as that user."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(TEST_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent",
                        "--shell", "/usr/sbin/nologin", TEST_USER], check=True)
    return TEST_USER


class Sway:
    """One headless sway, with its own XDG_RUNTIME_DIR (mode 700, owned by the test user)."""

    def __init__(self):
        self.user = ensure_test_user()
        self.root = Path(tempfile.mkdtemp(prefix="gtktabledemo-wayland-"))
        self.root.chmod(0o755)
        self.runtime = self.root / "runtime"
        self.runtime.mkdir(mode=0o700)
        self.give(self.root, self.runtime)
        config = self.root / "sway.conf"
        width, height = OUTPUT_SIZE
        config.write_text(f"output HEADLESS-1 resolution {width}x{height} position 0 0\n"
                          "xwayland disable\ndefault_border none\n")
        self.log_path = self.root / "sway.log"
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            self.as_user("sway", "-c", str(config), env={
                "HOME": str(self.root), "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
                "WLR_RENDERER": "pixman"}),
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True, cwd=self.root)
        try:
            self.display_name = wait_until(self._socket, timeout=15, what="sway's Wayland socket")
            self.connection = wait_until(self._connect, timeout=10, what="a connection to sway")
            self.pointer = VirtualPointer(self.connection, OUTPUT_SIZE)
            self._install_app()
        except BaseException:
            self.close()
            raise

    def _socket(self):
        if self.process.poll() is not None:
            raise RuntimeError(f"sway exited with {self.process.returncode}:\n{self.log_path.read_text()}")
        names = [p.name for p in self.runtime.glob("wayland-*") if not p.name.endswith(".lock")]
        return names[0] if names else None

    def _connect(self):
        try:
            connection = Connection(str(self.runtime), self.display_name)
        except OSError:
            return None
        return connection if "zwlr_virtual_pointer_manager_v1" in connection.globals else None

    def _install_app(self):
        """The build folder may not be readable by the test user (CI clones as root), so the
        binary and the data go into a folder of the session's."""
        app = self.root / "app"
        app.mkdir()
        shutil.copy2(BINARY, app / BINARY.name)
        shutil.copytree(SAMPLE_DATA, app / "data")
        self.binary = app / BINARY.name
        self.data = app / "data"
        self.give(app)

    def give(self, *paths: Path):
        """Makes paths (recursively) the test user's."""
        if not self.user:
            return
        uid, gid = pwd.getpwnam(self.user).pw_uid, grp.getgrnam(self.user).gr_gid
        for path in paths:
            for item in [path, *(path.rglob("*") if path.is_dir() else [])]:
                os.chown(item, uid, gid)

    def environment(self):
        """XDG_RUNTIME_DIR, and WAYLAND_DISPLAY once sway has made its socket."""
        display = getattr(self, "display_name", None)
        return {"XDG_RUNTIME_DIR": str(self.runtime), **({"WAYLAND_DISPLAY": display} if display else {})}

    def as_user(self, *command, env):
        """The command as the test user, with a clean environment: `env` plus the session's."""
        environment = {"PATH": "/usr/local/bin:/usr/bin:/bin", **self.environment(), **env}
        wrapped = ["env", "-i", *(f"{k}={v}" for k, v in environment.items()), *command]
        return ["runuser", "-u", self.user, "--", *wrapped] if self.user else wrapped

    def grim(self, path: Path) -> Image.Image:
        subprocess.run(["grim", str(path)], check=True, env={**os.environ, **self.environment()})
        return Image.open(path).convert("RGB")

    def wtype(self, *args):
        subprocess.run(["wtype", *args], check=True, env={**os.environ, **self.environment()})

    def close(self):
        connection = getattr(self, "connection", None)
        if connection:
            connection.close()
        _end(self.process)
        self.log.close()
        shutil.rmtree(self.root, ignore_errors=True)


class WaylandApp(App):
    """The real app on sway, launched as the test user under dbus-run-session. It shares the
    X11 harness's state-file helpers (state, wait_state, row, note_button, noise)."""

    def __init__(self, sway: Sway, workdir: Path, args=(), rows=None):
        """`rows`: the rows to open (a list of row objects) instead of the sample."""
        self.sway = sway
        self.display = None
        self.workdir = workdir
        self.state_path = workdir / "state.json"
        self.data_path = workdir / "rows.json"
        if rows is None:
            shutil.copy(sway.data / "rows.json", self.data_path)
        else:
            self.data_path.write_text(json.dumps({"schemaVersion": 1, "rows": rows}, ensure_ascii=False))
        config = workdir / "xdg-config" / "gtk-4.0"
        config.mkdir(parents=True, exist_ok=True)
        (config / "settings.ini").write_text("[Settings]\ngtk-cursor-blink=false\n")
        sway.give(workdir)
        self.stderr_path = workdir / f"app-stderr-{time.monotonic_ns()}.log"
        self.stderr = open(self.stderr_path, "w")
        command = sway.as_user("dbus-run-session", "--", str(sway.binary), "--data", str(self.data_path),
                               "--state-file", str(self.state_path), *args, env={
                                   "HOME": str(workdir), "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo",
                                   "GTK_A11Y": "none", "LANG": "C.UTF-8", "GTKTABLEDEMO_CHECK_AGREEMENT": "1",
                                   "XDG_CONFIG_HOME": str(workdir / "xdg-config"),
                                   "XDG_DATA_HOME": str(workdir / "xdg-data"), "GTKTABLEDEMO_DATA_DIR": str(sway.data)})
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=self.stderr,
                                        start_new_session=True, cwd=workdir)

    def ready(self, predicate=lambda s: True, what="the first settled state"):
        """The first settled state satisfying `predicate` once sway shows the window: the app
        writes its state when GTK has painted, which can be before sway has mapped the
        window, and input sent before then goes nowhere. The state is read again after the
        window is shown: the first state can be of the window at GTK's default size, before
        sway tiles it (on sway 1.10, Debian 13: 602x842 with a 61 px shadow margin, then
        520x760 with 20 px), and its rows 35 px from where they end up."""
        self.wait_state(predicate, what=what)

        def header_bar_shown():
            shot = self.screenshot("ready")
            band = shot.crop((0, 0, OUTPUT_SIZE[0], 40)).convert("L")
            return sum(band.getdata()) / (OUTPUT_SIZE[0] * 40) > 180
        wait_until(header_bar_shown, timeout=10, interval=0.05, what="sway to show the window")
        return self.wait_state(predicate, what=what)

    # -- coordinates -----------------------------------------------------------------------
    def margin(self, state):
        """GTK's shadow margin: the surface is that much larger than the output on each side."""
        window = state["window"]
        margin = (window["width"] - OUTPUT_SIZE[0]) / 2
        assert margin == (window["height"] - OUTPUT_SIZE[1]) / 2, window
        return margin

    def to_screen(self, state, x, y):
        margin = self.margin(state)
        return x - margin, y - margin

    def row_box(self, state, row_id, inset=10):
        """A row's box on the screen, `inset` px inside its top and bottom."""
        row = self.row(state, row_id)
        left, top = self.to_screen(state, state["tableOrigin"]["x"], row["y"])
        return int(left), int(top + inset), int(left + state["rowWidth"]), int(top + row["height"] - inset)

    # -- input -----------------------------------------------------------------------------
    def point_at(self, state, x, y):
        """Moves the pointer to window coordinates (x, y), arriving in a few steps: the first
        scroll right after the pointer's first entry into the window was seen to be lost."""
        sx, sy = self.to_screen(state, x, y)
        pointer = self.sway.pointer
        for dx in (-30, -15, 0):
            pointer.move_to(sx + dx, sy)
            pointer.connection.roundtrip()

    def key(self, *keys):
        """Presses keys with wtype. Each wtype run is a new virtual keyboard, and keys sent the
        moment it appears were sometimes lost (seen), so wtype waits 100 ms before the first."""
        args = ["-s", "100"]
        for key in keys:
            args += ["-k", key]
        self.sway.wtype(*args)

    def screenshot(self, name=None) -> Image.Image:
        return self.sway.grim(self.workdir / f"{name or 'shot'}.png")
