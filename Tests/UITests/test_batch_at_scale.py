"""Select all and Delete on a large database (E4), driven by real keys: the table empties,
Undo brings every row back where the user was, and a kill -9 at a seeded random moment of
the batch's write leaves the file holding all the rows or none of them.

The in-suite run uses 100,000 rows and 2 kills; the full size is opt-in:
    BATCH_ROWS=1000000 BATCH_KILLS=5 /usr/bin/python3 -m pytest -q Tests/UITests/test_batch_at_scale.py
`TABLE_SEED` replays a run; the seed is printed on failure.
"""
import os
import random
import sqlite3
import subprocess
import time

from harness import ROOT

ROWS = int(os.environ.get("BATCH_ROWS", "100000"))
KILLS = int(os.environ.get("BATCH_KILLS", "2"))
SEED = int(os.environ.get("TABLE_SEED", str(random.randrange(1_000_000))))


def generate(workdir):
    database = workdir / "big.sqlite"
    subprocess.run([str(ROOT / ".build" / "debug" / "GenerateRows"), "--rows", str(ROWS), "--seed", "5", "--output", str(database)],
                   check=True, capture_output=True, timeout=900)
    return database


def live_rows(database):
    """The rows a launch would list (not trashed), after SQLite's own check of the file."""
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"seed {SEED}"
        columns = [row[1] for row in connection.execute("PRAGMA table_info(rows)")]
        where = " WHERE trashed IS NULL" if "trashed" in columns else ""
        return connection.execute(f"SELECT count(*) FROM rows{where}").fetchone()[0]


def test_select_all_and_delete_empties_the_table_and_undo_brings_every_row_back_in_place(launch, workdir):
    database = generate(workdir)
    app = launch(data=database)
    state = app.wait_state(lambda s: s["rowCount"] == ROWS, timeout=120)
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 200)
    for _ in range(6):
        state = app.wheel_and_wait(state, 5)
    offset, top_row = state["scrollOffset"], state["rows"][0]["id"]
    assert offset > 0
    app.key("ctrl+a")
    state = app.wait_state(lambda s: s["header"]["title"] == f"{ROWS:,} rows selected", what="every row selected")
    started = time.monotonic()
    app.key("Delete")
    state = app.wait_state(lambda s: s["rowCount"] == 0 and not s["rows"], timeout=30, what="the table to be empty")
    print(f"empty {time.monotonic() - started:.2f} s after the key (polling included)")
    assert state["toast"] == f"{ROWS:,} rows deleted"
    app.key("ctrl+z")
    state = app.wait_state(lambda s: s["rowCount"] == ROWS, timeout=30, what="Undo to bring every row back")
    assert state["scrollOffset"] == offset and state["rows"][0]["id"] == top_row, "Undo did not bring back the scroll position"
    app.assert_full_redraw_matches()
    app.close()
    assert live_rows(app.db_path) == ROWS


def test_kill_9_during_the_batch_write_leaves_all_or_none_deleted(launch, workdir):
    database = generate(workdir)
    chance = random.Random(SEED)
    for kill in range(KILLS):
        app = launch(data=database, state=f"state-{kill}.json")
        state = app.wait_state(lambda s: s["rowCount"] > 0, timeout=120)
        before = state["rowCount"]
        app.key("ctrl+a")
        app.wait_state(lambda s: s["header"]["title"].endswith("rows selected") and s["header"]["title"] != "Select rows")
        app.key("Delete")
        app.wait_state(lambda s: s["rowCount"] == 0, timeout=30, what="the table to be empty")
        time.sleep(chance.uniform(0.0, 2.5))
        app.kill9()
        left = live_rows(database)
        assert left in (0, before), f"seed {SEED}, kill {kill}: {left} of {before} rows are left, neither all nor none"
        if left == 0:
            return
    # Every kill came before the write: the rows are all there, and a clean quit deletes them.
    app = launch(data=database, state="state-last.json")
    app.wait_state(lambda s: s["rowCount"] == ROWS, timeout=120)
    app.key("ctrl+a")
    app.key("Delete")
    app.wait_state(lambda s: s["rowCount"] == 0, timeout=30)
    app.key("ctrl+q")
    app.wait_exit(timeout=60)
    assert live_rows(database) == 0
