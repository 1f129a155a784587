"""Select all and Flag on a large database (E3), driven by real keys and clicks: every row in
view shows the flag (the marks text GTK shows), nothing the user looks at moves, Undo puts
back each row's own mark (rows flagged before stay flagged), Redo flags again, the step
reaches the file apart from the mark columns and the next open folds it in, and a kill -9 at
a seeded random moment of the write leaves all of the step or none of it.

The in-suite run uses 100,000 rows (`BATCH_ROWS` for more); `TABLE_SEED` replays the kill.
"""
import random
import sqlite3
import time
from contextlib import closing

from harness import wait_until
from test_batch_at_scale import ROWS, SEED, generate
from test_find import open_find
from test_selection import button, press

FLAG = "⚑"  # every kind's marks show it (notes and toggles add the word)


def marks(app, state):
    """The marks text GTK shows on each row in view, by id (headers have none)."""
    return {r["id"]: r.get("marksText") or "" for r in state["rows"] if r["kind"] != "header"}


def looked_at(state):
    """The row at the top of the view, and where on the screen its top is."""
    view = state["tableOrigin"]["y"]
    row = next(r for r in state["rows"] if r["y"] + r["height"] > view)
    return row["id"], round(row["y"])


def same_marks(now, before):
    """Whether the rows in view both times (most of them) show the same marks."""
    common = now.keys() & before.keys()
    return len(common) >= len(before) // 2 and all(now[i] == before[i] for i in common)


def unflagged_notes(database):
    """Rows with marks (not headers, not trashed) whose flag column is clear, and mark steps kept.
    Each look closes its connection (Python's `with sqlite3.connect(...)` only commits). A
    look left open until Python collected it once showed the app's fault that another
    program closing its connection deleted the app's write-ahead log (ForeignConnectionTests)."""
    with closing(sqlite3.connect(database)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"seed {SEED}"
        clear = connection.execute("SELECT count(*) FROM rows WHERE kind != 'header' AND trashed IS NULL AND flagged = 0").fetchone()[0]
        kept = connection.execute("SELECT count(*) FROM mark_step_rows").fetchone()[0]
        return clear, kept


def notes(database):
    """Rows with marks (not headers) in the file."""
    with closing(sqlite3.connect(database)) as connection:
        return connection.execute("SELECT count(*) FROM rows WHERE kind != 'header'").fetchone()[0]


def flag_undo_and_redo(app, state, selected, before, top):
    """Presses Flag on the selected rows, `selected` of them with marks: the toast counts
    those, every row in view shows the flag and the row on top stays put; Cancel; Undo puts
    back `before`'s marks (top still put); Redo flags again. Returns the state after the Undo."""
    press(app, state, "Flag")
    state = app.wait_state(lambda s: s["toast"] == f"{selected:,} rows flagged", timeout=30, what="the flag toast")
    state = app.wait_state(lambda s: all(FLAG in text for text in marks(app, s).values()), timeout=30, what="every row in view flagged")
    assert looked_at(state) == top, "flagging moved what the user looks at"
    press(app, state, "Cancel")
    state = app.wait_state(lambda s: s["header"]["title"] == "Table Demo", what="selection mode to end")
    # The pointer goes back to the rows, away from the header bar's buttons and their tooltips.
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 200)
    app.key("ctrl+z")
    undone = app.wait_state(lambda s: same_marks(marks(app, s), before), timeout=30, what="Undo to put back each row's mark")
    assert looked_at(undone) == top, "Undo moved what the user looks at"
    app.key("ctrl+shift+z")
    app.wait_state(lambda s: all(FLAG in text for text in marks(app, s).values()), timeout=30, what="Redo")
    return undone


def test_select_all_and_flag_shows_on_every_row_and_undo_puts_back_each_rows_mark(launch, workdir):
    database = generate(workdir)
    with_marks = notes(database)
    app = launch(data=database)
    state = app.wait_state(lambda s: s["rowCount"] == ROWS, timeout=120)
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 200)
    for _ in range(4):
        state = app.wheel_and_wait(state, 5)
    before = marks(app, state)
    assert any(FLAG not in text for text in before.values()), "every row in view was flagged already"
    top = looked_at(state)
    app.key("ctrl+a")
    state = app.wait_state(lambda s: s["header"]["title"] == f"{ROWS:,} rows selected", what="every row selected")
    assert button(state, "Flag")["sensitive"] and button(state, "Unflag")["sensitive"]
    assert not button(state, "Pin")["sensitive"], "Pin reorders every row: it stays at the limit"
    # The toast counts the rows flagged: every row but the headers, which have no marks.
    flag_undo_and_redo(app, state, with_marks, before, top)
    app.assert_full_redraw_matches()
    # The redone step reaches the file (kept apart from the columns), then a clean quit folds
    # it into the columns, with no GTK warning on the way out.
    wait_until(lambda: unflagged_notes(app.db_path)[1] == notes(app.db_path), timeout=30, what="the step to be written")
    assert unflagged_notes(app.db_path)[0] > 0, "the columns changed while the step could be undone"
    app.key("ctrl+q")
    assert app.wait_exit(timeout=120) == 0
    assert not app.noise(), app.noise()
    assert unflagged_notes(app.db_path) == (0, 0), "the quit did not fold the step into the file"

    again = launch(data=database, state="state-again.json")
    state = again.wait_state(lambda s: s["rowCount"] == ROWS and s["rows"], timeout=120)
    assert all(FLAG in text for text in marks(again, state).values()), "the flags did not persist"
    again.assert_full_redraw_matches("reopened")


def test_kill_9_during_the_flag_write_leaves_all_or_none_flagged(launch, workdir):
    database = generate(workdir)
    with sqlite3.connect(database) as connection:
        clear_before = connection.execute("SELECT count(*) FROM rows WHERE kind != 'header' AND flagged = 0").fetchone()[0]
    app = launch(data=database)
    state = app.wait_state(lambda s: s["rowCount"] == ROWS, timeout=120)
    app.key("ctrl+a")
    state = app.wait_state(lambda s: s["header"]["title"] == f"{ROWS:,} rows selected", what="every row selected")
    press(app, state, "Flag")
    app.wait_state(lambda s: s["toast"].endswith("rows flagged"), timeout=30, what="the flag toast")
    time.sleep(random.Random(SEED).uniform(0.0, 2.5))
    app.kill9()
    clear, kept = unflagged_notes(database)
    assert clear == clear_before, f"seed {SEED}: the columns changed before the step could no longer be undone"
    assert kept in (0, notes(database)), f"seed {SEED}: {kept} of {notes(database)} rows kept for the step, neither all nor none"
    # The next open folds a step the killed run committed: then every row shows the flag.
    again = launch(data=database, state="state-again.json")
    state = again.wait_state(lambda s: s["rowCount"] == ROWS and s["rows"], timeout=120)
    if kept:
        assert all(FLAG in text for text in marks(again, state).values()), f"seed {SEED}: the folded flags are not shown"
    again.assert_full_redraw_matches("after-kill")


def test_flag_on_every_match_of_a_search_marks_the_matches_only_and_undo_puts_back_each_rows_mark(launch, workdir):
    """A search matching more than 10,000 of the rows, Ctrl+click a row, Ctrl+A, Flag: every
    match in view shows the flag and nothing moves; Undo (still filtered) puts back each
    row's mark; Redo flags again; the step in the file holds the matches only; and with the
    search closed, the notes in view show the flag exactly when they have the word."""
    word = "lamp"
    database = generate(workdir)
    app = launch(data=database)
    state = app.wait_state(lambda s: s["rowCount"] == ROWS and s["rows"], timeout=120)
    unfiltered = {r["id"]: (r.get("text") or "", marks(app, state).get(r["id"])) for r in state["rows"] if r["kind"] == "note"}
    state = open_find(app)
    app.type(word)
    state = app.wait_state(lambda s: s["find"]["shows"] == word and s["find"]["count"].endswith("rows"), timeout=60, what="the search")
    matched = int("".join(c for c in state["find"]["count"] if c.isdigit()))
    assert matched > 10_000, f"{word!r} matched {matched} rows: too few to need a layer"
    before = marks(app, state)
    assert any(FLAG not in text for text in before.values()), "every match in view was flagged already"
    top = looked_at(state)
    note = next(r for r in state["rows"] if r["kind"] == "note" and r["y"] >= state["tableOrigin"]["y"])
    app.xdotool("keydown", "ctrl")
    app.click(state["tableOrigin"]["x"] + 60, note["y"] + min(20, note["height"] / 2))
    app.xdotool("keyup", "ctrl")
    app.wait_state(lambda s: s["header"]["title"] == "1 row selected", what="Ctrl+click to enter selection mode")
    app.key("ctrl+a")
    state = app.wait_state(lambda s: s["header"]["title"].endswith("rows selected") and s["header"]["title"] != "1 row selected",
                           what="every shown row selected")
    selected = int("".join(c for c in state["header"]["title"] if c.isdigit()))
    assert selected >= matched and button(state, "Flag")["sensitive"] and not button(state, "Pin")["sensitive"]
    undone = flag_undo_and_redo(app, state, selected, before, top)
    assert undone["find"]["shows"] == word, "the filter went off"
    app.assert_full_redraw_matches("filtered")
    # The step reaches the file: the matches' notes, toggles and grids, no row the search hid.
    with sqlite3.connect(database) as connection:
        every = connection.execute("SELECT count(*) FROM rows WHERE kind != 'header'").fetchone()[0]
    wait_until(lambda: unflagged_notes(app.db_path)[1] > 10_000, timeout=30, what="the step to be written")
    with sqlite3.connect(app.db_path) as connection:
        in_step = {row[0] for row in connection.execute("SELECT id FROM mark_step_rows")}
    assert matched // 2 < len(in_step) <= matched < every, f"{len(in_step)} rows in the step for {matched} matches of {every} rows"
    # The search closed, the table is back where it was: the notes in view show the flag
    # exactly when the step holds them (or they had it before), and every one with the word
    # (find also matches other scripts' words, so not only those) is in the step.
    open_find(app)
    app.key("Escape")
    state = app.wait_state(lambda s: not s["find"]["open"] and s["find"]["count"] == "" and any(r["id"] in unfiltered for r in s["rows"]),
                           what="every row again, where it was")
    now = marks(app, state)
    for row_id, (text, was) in unfiltered.items():
        if row_id in now:
            assert (FLAG in now[row_id]) == (row_id in in_step or FLAG in (was or "")), f"row {row_id} {text[:40]!r}: {now[row_id]!r}, before {was!r}"
            assert word not in text.casefold().split() or row_id in in_step, f"row {row_id} {text[:40]!r} has {word!r} but is not in the step"
    app.assert_full_redraw_matches("cleared")
