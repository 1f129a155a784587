"""Moving a row by its drag handle (E2), with real pointer input: a drag down past about 300
rows of a generated table, scrolled by holding the pointer near the bottom edge, lands the
row in the gap the others made for it, and nothing the user looks at moves on the drop;
Escape cancels a drag and every row goes back; a pinned row dragged out of the pinned rows
stays among them. Each ends with the pixel oracle."""
import os
import subprocess
import time

import pytest

from harness import ROOT, sample_with


@pytest.fixture(autouse=True)
def button_let_go(display):
    """After each test, once its app has gone, the button is up again: a test that fails
    while it holds the button down would otherwise leave it down for the next ones on this
    display, whose own presses then start no drag."""
    yield
    subprocess.run(["xdotool", "mouseup", "1"], env={**os.environ, "DISPLAY": display.name}, capture_output=True)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    path = tmp_path_factory.mktemp("drag") / "rows-2k.sqlite"
    subprocess.run([str(ROOT / ".build" / "debug" / "GenerateRows"), "--rows", "2000", "--seed", "5", "--output", str(path)],
                   check=True, capture_output=True)
    return path


def shown(state, leave_out=None):
    """(id, drawn top) of the rows GTK shows, top to bottom: their widgets' own bounds."""
    rows = [(r["id"], r["bounds"]["y"], r["bounds"]["height"]) for r in state["rows"] if r.get("bounds") and r["id"] != leave_out]
    return sorted(rows, key=lambda r: r[1])


def grab_point(app, state):
    """A note or toggle row near the top, and the point on its handle (its leading 12 px)."""
    top = state["tableOrigin"]["y"] + 60
    row = next(r for r in state["rows"] if r["kind"] != "header" and r["y"] > top)
    return row, int(state["tableOrigin"]["x"] + 5), int(row["y"] + min(20, row["height"] / 2))


def test_a_drag_past_300_rows_with_auto_scroll_lands_where_dropped_and_nothing_jumps(launch, generated):
    app = launch(data=generated)
    state = app.wait_state()
    row, x, y = grab_point(app, state)
    dragged = row["id"]
    bottom = int(state["tableOrigin"]["y"] + state["viewportHeight"] - 8)
    app.xdotool("mousemove", x, y, "mousedown", 1)
    for step in range(1, 9):
        app.xdotool("mousemove", x, y + (bottom - y) * step // 8)
        time.sleep(0.02)
    # Held at the edge, the table scrolls by itself until about 300 rows have gone by.
    state = app.wait_state(lambda s: min(r["id"] for r in s["rows"]) > dragged + 300, settled=False, timeout=60,
                           what="auto-scroll past 300 rows")
    middle = int(state["tableOrigin"]["y"] + state["viewportHeight"] / 2)
    app.xdotool("mousemove", x, middle)
    time.sleep(1.0)  # auto-scroll stopped
    before = app.wait_state(what="the rows making room to come to rest")  # settled: no slide or scroll runs
    time.sleep(0.3)
    steady = app.state()
    assert shown(steady, dragged) == shown(before, dragged), "rows moved while the pointer was still"
    rows = shown(before, dragged)
    # The gap the rows made for the dragged row, and the row just above it.
    gaps = [(above, below) for above, below in zip(rows, rows[1:]) if below[1] - (above[1] + above[2]) > 10]
    assert len(gaps) == 1, rows
    above = gaps[0][0][0]
    app.xdotool("mouseup", 1)
    after = app.wait_state(lambda s: s["canUndo"] and app.row(s, dragged) is not None, what="the dropped row")
    # Every row that was on screen is where it was; the dragged row fills the gap.
    drawn = dict((i, top) for i, top, _ in shown(after, dragged))
    for i, top, _ in rows:
        if i in drawn:
            assert abs(drawn[i] - top) <= 1, (i, top, drawn[i])
    ids = [i for i, _, _ in shown(after)]
    assert ids[ids.index(dragged) - 1] == above, (above, ids)
    assert abs(app.row(after, dragged)["y"] - (gaps[0][0][1] + gaps[0][0][2])) <= 1
    app.assert_full_redraw_matches()
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    saved = [r["id"] for r in app.saved()["rows"]]
    assert saved[saved.index(dragged) - 1] == above and saved.index(dragged) > 300


def test_escape_cancels_a_drag_and_the_rows_go_back(launch, generated):
    app = launch(data=generated)
    state = app.wait_state()
    original = shown(state)
    row, x, y = grab_point(app, state)
    app.xdotool("mousemove", x, y, "mousedown", 1)
    for step in range(1, 7):
        app.xdotool("mousemove", x, y + 30 * step)
        time.sleep(0.02)
    time.sleep(0.5)
    during = app.state()
    assert shown(during, row["id"]) != shown(state, row["id"]), "no row made room"
    app.xdotool("key", "Escape")  # not app.key: its --clearmodifiers would let go of the button
    app.xdotool("mouseup", 1)
    state = app.wait_state(lambda s: s["frame"] > during["frame"])
    time.sleep(0.5)
    state = app.wait_state()
    assert shown(state) == original and not state["canUndo"]
    app.assert_full_redraw_matches()


def test_a_pinned_row_dragged_below_the_pinned_rows_stays_the_last_of_them(launch, workdir):
    """Rows 2, 3 and 4 pinned at the top of Notes: row 2 dragged by its handle far down the
    section lands just below row 4, the last pinned row, not where it was dropped; one undo
    puts it back, and the saved order agrees."""
    app = launch(data=sample_with(workdir, {row: {"pinned": True} for row in (2, 3, 4)}))
    state = app.wait_state()
    order = [r["id"] for r in sorted(state["rows"], key=lambda r: r["y"])]
    assert order[:6] == [1, 2, 3, 4, 5, 6], order
    row = app.row(state, 2)
    x, y = int(state["tableOrigin"]["x"] + 5), int(row["y"] + min(20, row["height"] / 2))
    target = app.row(state, 8)
    drop = int(target["y"] + target["height"] / 2)
    app.xdotool("mousemove", x, y, "mousedown", 1)
    for step in range(1, 11):
        app.xdotool("mousemove", x, y + (drop - y) * step // 10)
        time.sleep(0.02)
    time.sleep(0.5)
    app.xdotool("mouseup", 1)
    state = app.wait_state(lambda s: s["canUndo"], what="the dropped row")
    order = [r["id"] for r in sorted(state["rows"], key=lambda r: r["y"])]
    assert order[:6] == [1, 3, 4, 2, 5, 6], order
    app.assert_full_redraw_matches()
    app.key("ctrl+z")
    state = app.wait_state(lambda s: not s["canUndo"], what="the drag undone")
    assert [r["id"] for r in sorted(state["rows"], key=lambda r: r["y"])][:6] == [1, 2, 3, 4, 5, 6]
    app.key("ctrl+shift+z")
    app.wait_state(lambda s: [r["id"] for r in sorted(s["rows"], key=lambda r: r["y"])][:6] == [1, 3, 4, 2, 5, 6],
                   what="redo")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    saved = app.saved()["rows"]
    assert [r["id"] for r in saved][:6] == [1, 3, 4, 2, 5, 6]
    assert [r["id"] for r in saved if r.get("pinned")] == [3, 4, 2]
