"""Crash safety (W6): killed with SIGKILL at seeded random moments while typing into a large
database, the app leaves a sound file holding everything the model had a second before.

The in-suite run is short (100,000 rows, 3 kills). The full run is opt-in:
    CRASH_ROWS=1000000 CRASH_KILLS=20 /usr/bin/python3 -m pytest -q Tests/UITests/test_crash_safety.py
`TABLE_SEED` replays a run; the seed is printed on failure.
"""
import os
import random
import sqlite3
import subprocess
import time

from harness import ROOT, state_text

ROWS = int(os.environ.get("CRASH_ROWS", "100000"))
KILLS = int(os.environ.get("CRASH_KILLS", "3"))
SEED = int(os.environ.get("TABLE_SEED", str(random.randrange(1_000_000))))
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def stored_text(database, row_id):
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"seed {SEED}"
        return connection.execute("SELECT text FROM rows WHERE id = ?", (row_id,)).fetchone()[0]


def test_kill_9_while_typing_loses_nothing_older_than_a_second(launch, workdir):
    generator = ROOT / ".build" / "debug" / "GenerateRows"
    database = workdir / "big.sqlite"
    subprocess.run([str(generator), "--rows", str(ROWS), "--seed", "3", "--output", str(database)],
                   check=True, capture_output=True, timeout=600)
    chance = random.Random(SEED)
    row_id = None
    for kill in range(KILLS):
        app = launch(data=database, state=f"state-{kill}.json")
        state = app.wait_state(timeout=60)
        if row_id is None:
            row_id = next(r["id"] for r in state["rows"] if r["kind"] == "note" and r["y"] > state["tableOrigin"]["y"] + 40)
        base = stored_text(database, row_id)
        # Type at the start of the note.
        app.click(*app.note_text_point(app.wait_state(lambda s: app.row(s, row_id) is not None), row_id))
        app.key("ctrl+Home")
        typed = ""
        seen = [(time.monotonic(), 0)]  # how many letters the model held, and when
        deadline = time.monotonic() + chance.uniform(0.3, 3.0)
        while time.monotonic() < deadline:
            letter = chance.choice(ALPHABET)
            app.xdotool("type", letter)
            typed += letter
            expected = state_text(typed + base)
            app.wait_state(lambda s: app.row(s, row_id) is not None and app.row(s, row_id)["text"] == expected,
                           timeout=10, what=f"the letter (seed {SEED})", settled=False)
            seen.append((time.monotonic(), len(typed)))
        killed_at = time.monotonic()
        app.kill9()
        safe = max(count for at, count in seen if at <= killed_at - 1.0) if seen[0][0] <= killed_at - 1.0 else 0
        on_disk = stored_text(database, row_id)
        assert any(on_disk == typed[:count] + base for count in range(safe, len(typed) + 1)), \
            f"seed {SEED}, kill {kill}: {safe} of {len(typed)} letters were a second old, but the file holds {on_disk[:60]!r}"
