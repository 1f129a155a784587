"""The installable GNOME app: the desktop entry and metainfo validators, then `make install`
into a temporary prefix, one launch of the installed binary under Xvfb (it must find its
sample rows, style sheet and rich markup under PREFIX/share/gtktabledemo, not in the source
tree), one more with the Swift toolchain hidden (the runtime is linked in, P6), and `make
uninstall`, which must leave no file behind. The installed app also runs in Russian, from the
catalogue installed under PREFIX/share/locale (P5)."""
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "UITests"))
from harness import NOISE, ROOT, Display, _end, wait_until  # noqa: E402

APP_ID = "io.github.gtktabledemo.TableDemo"
DESKTOP = ROOT / "desktop"
EXPECTED = {
    "bin/GtkTableDemo",
    "share/gtktabledemo/rows.json",
    "share/gtktabledemo/style.css",
    "share/gtktabledemo/rich/welcome.markup",
    "share/gtktabledemo/rich/release-notes.markup",
    f"share/applications/{APP_ID}.desktop",
    f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
    f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
    f"share/metainfo/{APP_ID}.metainfo.xml",
    "share/locale/ru/LC_MESSAGES/gtktabledemo.mo",
}


def run(*command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{' '.join(map(str, command))} failed:\n{result.stdout}\n{result.stderr}"
    return result


def files_under(prefix: Path):
    return {str(p.relative_to(prefix)) for p in prefix.rglob("*") if not p.is_dir()}


def test_desktop_entry_and_metainfo_validate():
    run("desktop-file-validate", DESKTOP / f"{APP_ID}.desktop")
    result = run("appstreamcli", "validate", "--no-net", DESKTOP / f"{APP_ID}.metainfo.xml")
    assert "Validation was successful" in result.stdout, result.stdout
    # The metainfo's screenshot is the README's, which the test suite keeps current.
    assert (ROOT / "docs" / "screenshot.png").exists()


def test_icons_render(tmp_path):
    """Both icons render through librsvg (as GTK loads them) to a drawing, not an empty square;
    the symbolic one in a single colour, as GTK recolours it."""
    for name, size in ((f"{APP_ID}.svg", 128), (f"{APP_ID}-symbolic.svg", 16)):
        out = tmp_path / f"{name}.png"
        run("rsvg-convert", "--width", str(size), "-o", out, DESKTOP / "icons" / name)
        image = Image.open(out).convert("RGBA")
        assert image.size == (size, size)
        opaque = [p for p in image.getdata() if p[3] > 128]
        assert 0.2 < len(opaque) / size ** 2 < 0.95, name
        colours = {p[:3] for p in opaque}
        if "symbolic" in name:
            # One colour (#2e3436), give or take librsvg's rounding of partly covered pixels.
            assert all(max(abs(a - b) for a, b in zip(c, (0x2E, 0x34, 0x36))) <= 3 for c in colours), colours
        else:
            assert len(colours) > 5, "the full-colour icon has too few colours"


@pytest.fixture
def display():
    display = Display()
    yield display
    display.close()


def toolchain_root():
    """The Swift toolchain's root folder (/opt/swift for /opt/swift/usr/bin/swift)."""
    swift = shutil.which("swift") or shutil.which("swift", path="/opt/swift/usr/bin")
    assert swift, "no swift on PATH or in /opt/swift/usr/bin"
    return Path(swift).resolve().parents[2]


def hiding(folder: Path):
    """A command prefix that runs the rest in a mount namespace of its own, where `folder` is an
    empty tmpfs (as root, else as root of a user namespace)."""
    user = [] if os.geteuid() == 0 else ["--map-root-user"]
    return ["unshare", "--mount", *user, "sh", "-c", 'mount -t tmpfs tmpfs "$0" && exec "$@"', str(folder)]


def launch_installed(prefix: Path, home: Path, display: Display, *args, wm_class=None, hidden: Path | None = None,
                     env=None):
    """One run of the installed binary with --screenshot/--quit-after-screenshot, from a
    folder holding no data, with nothing pointing it at the source tree. With `wm_class`,
    checks that a window of that X class appears (GNOME Shell on X11 matches a window to its
    desktop entry by StartupWMClass). With `hidden`, that folder is empty for the run. `env`
    adds to the environment (a language)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("GTKTABLEDEMO_DATA_DIR", "WAYLAND_DISPLAY")}
    environment.update({"DISPLAY": display.name, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "LANG": "C.UTF-8",
                        "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"), "GTK_A11Y": "none"})
    environment.update(env or {})
    command = ["dbus-run-session", "--", str(prefix / "bin" / "GtkTableDemo"), *map(str, args)]
    process = subprocess.Popen([*(hiding(hidden) if hidden else []), *command],
                               cwd=home, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        if wm_class:
            def window_of_class():
                found = subprocess.run(["xdotool", "search", "--class", f"^{wm_class}$"], capture_output=True,
                                       text=True, env={**os.environ, "DISPLAY": display.name})
                return found.stdout.strip() or process.poll() is not None
            wait_until(window_of_class, timeout=30, what=f"a window of class {wm_class}")
            assert process.poll() is None, f"the app quit before a window of class {wm_class} appeared"
        _, output = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        _end(process)  # the whole session, D-Bus daemon included
        output = process.stderr.read()
        raise AssertionError("the installed app did not quit after its screenshot (did it find its data?):\n" + output)
    stderr = [line for line in output.splitlines() if not line.startswith("dbus-daemon")]
    assert process.returncode == 0, "\n".join(stderr)
    noise = [line for line in stderr if NOISE.search(line) or "GtkTableDemo:" in line]
    assert not noise, "the installed app complained:\n" + "\n".join(noise)


def test_install_launch_and_uninstall(tmp_path, display):
    prefix = tmp_path / "prefix"
    home = tmp_path / "home"
    home.mkdir()
    make = ["make", "--no-print-directory", "-C", str(ROOT), f"PREFIX={prefix}", "CONFIGURATION=debug"]
    run(*make, "install")
    assert files_under(prefix) == EXPECTED
    assert os.access(prefix / "bin" / "GtkTableDemo", os.X_OK)
    entry = prefix / "share" / "applications" / f"{APP_ID}.desktop"
    run("desktop-file-validate", entry)
    assert f"Exec={prefix}/bin/GtkTableDemo\n" in entry.read_text()
    assert "Icon=" + APP_ID + "\n" in entry.read_text()
    run("appstreamcli", "validate", "--no-net", prefix / "share" / "metainfo" / f"{APP_ID}.metainfo.xml")

    # The Swift runtime is linked in (P6): the binary loads no library from the toolchain, and
    # runs and draws its window with the toolchain's folder hidden.
    toolchain = toolchain_root()
    libraries = run("ldd", prefix / "bin" / "GtkTableDemo").stdout
    from_toolchain = [line.strip() for line in libraries.splitlines() if str(toolchain) in line or "libswift" in line]
    assert not from_toolchain, "the installed binary loads the Swift runtime from the toolchain:\n" + "\n".join(from_toolchain)
    bare = tmp_path / "home-without-toolchain"
    bare.mkdir()
    launch_installed(prefix, bare, display, "--screenshot", bare / "shot.png", "--quit-after-screenshot", hidden=toolchain)
    assert (bare / "shot.png").stat().st_size > 10_000

    # First run on the user's own rows: created from the installed sample, with the style sheet.
    run_state = home / "state.json"
    launch_installed(prefix, home, display, "--state-file", run_state, "--screenshot", home / "own.png",
                     "--quit-after-screenshot")
    own = home / "data" / APP_ID / "rows.sqlite"
    exported = home / "own.json"
    run(prefix / "bin" / "GtkTableDemo", "--data", own, "--export-json", exported)
    sample = json.loads((prefix / "share" / "gtktabledemo" / "rows.json").read_text())
    ids = lambda rows: [(r["id"], r["kind"]) for r in rows]
    assert ids(json.loads(exported.read_text())["rows"]) == ids(sample["rows"])
    state = json.loads(run_state.read_text())
    assert state["rowCount"] == len(sample["rows"])
    assert (home / "own.png").stat().st_size > 10_000

    # In Russian, from the installed catalogue (the source tree's .build/locale is not beside it).
    russian = {"LANGUAGE": "ru", "LANG": "ru_RU.UTF-8", "LC_ALL": "ru_RU.UTF-8"}
    if "ru_RU.utf8" not in run("locale", "-a").stdout.split():
        russian["LOCPATH"] = str(tmp_path / "locale")
        subprocess.run(["localedef", "-i", "ru_RU", "-f", "UTF-8", str(tmp_path / "locale" / "ru_RU.UTF-8")], check=False)
    launch_installed(prefix, home, display, "--state-file", run_state, "--screenshot", home / "russian.png",
                     "--quit-after-screenshot", env=russian)
    header = json.loads(run_state.read_text())["header"]
    assert header["title"] == "Демо-таблица" and header["endEditing"]["label"] == "Завершить", header

    # Rich markup is read from the installed folder: a readable file loads (a tall row), a
    # missing one fails (a one-line message), and the screenshot waits for both (0.7 s, time
    # enough to find the window's X class too).
    rows = {"schemaVersion": 1, "rows": [{"id": 1, "kind": "rich", "source": "rich/welcome.markup"},
                                         {"id": 2, "kind": "rich", "source": "rich/missing.markup"}]}
    (home / "rich.json").write_text(json.dumps(rows))
    wm_class = re.search(r"^StartupWMClass=(.*)$", entry.read_text(), re.M).group(1)
    launch_installed(prefix, home, display, "--data", home / "rich.json", "--state-file", run_state,
                     "--screenshot", home / "rich.png", "--quit-after-screenshot", wm_class=wm_class)
    heights = {r["id"]: r["height"] for r in json.loads(run_state.read_text())["rows"]}
    assert heights[1] > 2 * heights[2], f"the installed rich markup did not load: {heights}"

    run(*make, "uninstall")
    assert files_under(prefix) == set(), "make uninstall left files behind"
    assert not (prefix / "share" / "gtktabledemo").exists()
