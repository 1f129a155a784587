"""Bad databases (W6): each is named in a message in the window and on stderr, saying what to
do, and the file is left exactly as it was, byte for byte."""
import json
import os
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from harness import BINARY, SAMPLE_DATA, App, SessionBus, wait_until

A11Y_CLIENT = Path(__file__).with_name("a11y_client.py")


def imported(path):
    subprocess.run([str(BINARY), "--data", str(path), "--import-json", str(SAMPLE_DATA / "rows.json")],
                   check=True, capture_output=True, timeout=60)
    return path


def not_a_database(folder):
    path = folder / "notes.sqlite"
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    return path, "not a rows database"


def truncated(folder):
    path = imported(folder / "rows.sqlite")
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    return path, "cut short"


def future_version(folder):
    path = folder / "rows.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY)")
        connection.execute("PRAGMA user_version = 42")
    return path, "newer version"


def chattr(path, flag):
    subprocess.run(["chattr", flag, str(path)], check=True)


def read_only_file(folder):
    path = imported(folder / "rows.sqlite")
    chattr(path, "+i") if os.getuid() == 0 else path.chmod(0o444)
    return path, "cannot be written"


def read_only_file_with_a_stale_snapshot(folder):
    """A file the app would store a fresh outline snapshot in, if it could write it."""
    path = imported(folder / "rows.sqlite")
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM rows WHERE id = 2")
    connection.close()
    chattr(path, "+i") if os.getuid() == 0 else path.chmod(0o444)
    return path, "cannot be written"


def read_only_folder(folder):
    inner = folder / "locked-folder"
    inner.mkdir()
    path = imported(inner / "rows.sqlite")
    chattr(inner, "+i") if os.getuid() == 0 else inner.chmod(0o555)
    return path, "folder"


CASES = [not_a_database, truncated, future_version, read_only_file, read_only_file_with_a_stale_snapshot, read_only_folder]


@pytest.mark.parametrize("make", CASES, ids=[case.__name__ for case in CASES])
def test_a_bad_database_is_reported_and_left_byte_for_byte(launch, workdir, make):
    path, words = make(workdir)
    before = path.read_bytes()
    try:
        app = launch(data=path)
        line = wait_until(lambda: next((l for l in app.stderr_text().splitlines() if str(path) in l), None),
                          what="the message naming the file")
        assert words in line, line
        app.dialog_key("Escape")  # the window shows it in a dialog, which offers Quit and the sample data
        assert app.wait_exit() != 0
        assert path.read_bytes() == before
    finally:
        for protected in (path, path.parent):
            if os.getuid() == 0:
                subprocess.run(["chattr", "-i", str(protected)], capture_output=True)
            else:
                protected.chmod(0o755)


def test_a_database_locked_by_another_program(launch, workdir):
    path = imported(workdir / "rows.sqlite")
    before = path.read_bytes()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE rows SET done = done")
    try:
        app = launch(data=path)
        line = wait_until(lambda: next((l for l in app.stderr_text().splitlines() if str(path) in l), None),
                          what="the message naming the file")
        assert "in use by another program" in line and "Close the other program" in line, line
        app.dialog_key("Escape")
        assert app.wait_exit() != 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert path.read_bytes() == before


def stored_row(path, row_id):
    """Every stored column of a row, as the bytes SQLite holds (hex), by column name."""
    with sqlite3.connect(path) as connection:
        names = [column[1] for column in connection.execute("PRAGMA table_info(rows)")]
        values = connection.execute(f"SELECT {', '.join(f'quote({name})' for name in names)} FROM rows WHERE id = ?",
                                    (row_id,)).fetchone()
    connection.close()
    return dict(zip(names, values))


def accessible_names(bus, display):
    """Every name in the app's accessibility tree, read by an AT-SPI client on its bus."""
    result = subprocess.run(["/usr/bin/python3", str(A11Y_CLIENT), "GtkTableDemo"], capture_output=True, text=True,
                            env={**os.environ, **bus.environment, "DISPLAY": display.name}, timeout=60)
    lines = result.stdout.strip().splitlines()
    return json.loads(lines[-1]).get("allNames", []) if lines else []


def error_red(r, g, b):
    """libadwaita's error colour (#c01c28 in the light style), as text antialiasing leaves it."""
    return r > 150 and g < 90 and b < 100 and r - g > 90


def test_an_unreadable_row_says_so_and_is_never_written(display, workdir):
    """A row whose stored `extra` is not JSON: the window shows the row as unreadable with a
    message naming the reason and the file (drawn, and read over AT-SPI); flagging it from the
    context menu is refused with a message, and after quitting every stored column of the row
    is byte for byte what it was."""
    path = imported(workdir / "rows.sqlite")
    with sqlite3.connect(path) as connection:
        connection.execute("""UPDATE rows SET extra = '{"source": "x"' WHERE id = 3""")
    connection.close()
    before = stored_row(path, 3)
    assert len(before["text"]) > 140 and before["extra"] == """'{"source": "x"'"""  # quote() of the 146 characters
    bus = SessionBus()
    app = App(display, workdir, data=path, bus=bus)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None and app.row(s, 3)["measured"])
        message = "This row could not be read from"
        names = wait_until(lambda: [n for n in accessible_names(bus, display) if n.startswith(message)], timeout=30,
                           what="the row's message in the accessibility tree")
        assert str(path) in names[0] and "extra fields that are not a JSON object" in names[0], names
        assert "Unreadable row" in accessible_names(bus, display)
        # Drawn: the message's error-red text fills the row's own area, and nothing else does.
        row = app.row(state, 3)
        left, width = state["tableOrigin"]["x"], state["rowWidth"]
        shot = app.screenshot("unreadable")
        red = [(x, y) for y in range(int(row["y"]), int(row["y"] + row["height"]))
               for x in range(int(left), int(left + width)) if error_red(*shot.getpixel((x, y))[:3])]
        assert len(red) > 200 and max(y for _, y in red) - min(y for _, y in red) > 30, len(red)  # lines of text
        # Try to flag it: a secondary click opens no menu of actions, and says why instead.
        app.click(left + width / 2, row["y"] + row["height"] / 2, button=3)
        wait_until(lambda: "That row could not be read from the database, so it cannot be changed. It says why in its place."
                   in accessible_names(bus, display), timeout=10, what="the refusal toast")
        # The toast's title wraps inside the window: no part of the sentence is cut, and the
        # table's bottom inset (the room kept for the toast) covers its wrapped lines.
        state = app.wait_state(lambda s: s["toast"] and s["bottomInset"] > 72, settled=False, what="the toast's room")
        assert state["cutLabels"] == [], state["cutLabels"]
        assert not state["contextMenuOpen"] and not app.row(state, 3)["flagged"]
        app.key("ctrl+q")
        assert app.wait_exit() == 0
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()
    assert stored_row(path, 3) == before


FULL_DISK = r'''
disk=$1; seed=$2; out=$3; kilobytes=$4; shift 4
mount -t tmpfs -o size=${kilobytes}k tmpfs "$disk" && cp "$seed" "$disk/rows.sqlite" || exit 9
"$@"; status=$?
cp "$disk"/rows.sqlite* "$out"/
exit $status
'''


def test_a_full_disk_is_reported_and_loses_no_committed_change(launch, workdir, display):
    seed = imported(workdir / "seed.sqlite")
    disk, out = workdir / "disk", workdir / "after"
    disk.mkdir()
    out.mkdir()
    # Room for the file, SQLite's 32 KB shared-memory index and a few small transactions.
    kilobytes = seed.stat().st_size // 1024 + 32 + 40
    prefix = ["unshare", "--mount", "--", "sh", "-c", FULL_DISK, "sh", str(disk), str(seed), str(out), str(kilobytes)]
    app = launch(data=disk / "rows.sqlite", prefix=prefix)
    app.edit_note(2, " fits")
    time.sleep(1.2)  # committed: a change reaches the disk within a second
    big = ("A paragraph that will not fit on this small disk. " * 10 + "\n") * 600  # about 300 KB
    subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=big.encode(), check=True,
                   env={**os.environ, "DISPLAY": display.name}, timeout=10)
    state = app.wait_state()
    app.click(*app.note_text_point(state, 3))
    app.key("ctrl+End")
    app.key("ctrl+v")
    line = wait_until(lambda: next((l for l in app.stderr_text().splitlines() if "could not save" in l), None),
                      timeout=20, what="the message that saving failed")
    assert str(disk / "rows.sqlite") in line and "full" in line and "Free some space" in line, line
    # Quitting cannot save the paste: the window stays open and says so, until the user
    # chooses to quit without it.
    app.key("ctrl+q")
    app.dialog_key("Tab", title="Your last changes could not be saved")  # from Keep Open to Quit Without Saving
    time.sleep(0.3)
    assert app.process.poll() is None, "the window closed although the last changes were not saved"
    app.xdotool("key", "Return")
    assert app.wait_exit(timeout=30) == 0
    copy = out / "rows.sqlite"
    with sqlite3.connect(copy) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        text2 = connection.execute("SELECT text FROM rows WHERE id = 2").fetchone()[0]
        text3 = connection.execute("SELECT text FROM rows WHERE id = 3").fetchone()[0]
    assert text2.endswith(" fits")  # committed before the disk filled: kept
    assert "will not fit" not in text3  # never half-written
