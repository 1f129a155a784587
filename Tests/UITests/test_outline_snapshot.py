"""The outline snapshot (the packed copy of ids, kinds and toggle states that start-up reads in
place of the covering index): a stale or damaged one is never shown. Start-up then reads the
index, shows the rows as the file has them, and stores a fresh snapshot."""
import sqlite3
import subprocess

from harness import BINARY, SAMPLE_DATA, wait_until


def imported(path):
    subprocess.run([str(BINARY), "--data", str(path), "--import-json", str(SAMPLE_DATA / "rows.json")],
                   check=True, capture_output=True, timeout=60)
    return path


def query(path, sql):
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def change(path, *statements):
    connection = sqlite3.connect(path)
    try:
        with connection:
            for statement in statements:
                connection.execute(statement)
    finally:
        connection.close()


def file_outline(path):
    """(id, kind, open) of every row in the file's order, as the app must show them."""
    return [(i, k, bool(e) and k == "toggle") for i, k, e in
            query(path, "SELECT id, kind, expanded FROM rows ORDER BY position, id")]


def snapshot_is_current(path):
    return query(path, "SELECT s.stamp = t.changes FROM outline_snapshot s, outline_stamp t") == [(1,)]


def expect_rows_as_the_file_has_them(app, path):
    expected = file_outline(path)
    state = app.wait_state(lambda s: s["rowCount"] == len(expected) and s["rows"])
    shown = [(r["id"], r["kind"], bool(r.get("open"))) for r in state["rows"]]
    assert shown == expected[:len(shown)], (shown, expected[:len(shown)])
    assert state["rowCount"] == len(expected)


def test_a_stale_snapshot_is_not_shown_and_a_fresh_one_is_stored(launch, workdir):
    path = imported(workdir / "rows.sqlite")
    assert snapshot_is_current(path)
    # Another program changes the outline: rows gone, one moved to the top, a toggle opened.
    toggle = query(path, "SELECT id FROM rows WHERE kind = 'toggle' ORDER BY position LIMIT 1")[0][0]
    change(path, "DELETE FROM rows WHERE id IN (2, 3)",
           "UPDATE rows SET position = (SELECT MIN(position) FROM rows) - 1 WHERE id = 5",
           f"UPDATE rows SET position = (SELECT MIN(position) FROM rows) - 2, expanded = 1 WHERE id = {toggle}")
    assert not snapshot_is_current(path)
    app = launch(data=path)
    expect_rows_as_the_file_has_them(app, path)
    wait_until(lambda: snapshot_is_current(path), what="a fresh snapshot")
    app.key("ctrl+q")
    assert app.wait_exit() == 0

    again = launch(data=path)
    expect_rows_as_the_file_has_them(again, path)


def test_a_damaged_snapshot_is_not_shown_and_is_replaced(launch, workdir):
    path = imported(workdir / "rows.sqlite")
    change(path, "UPDATE outline_snapshot SET data = randomblob(length(data))")
    damaged = query(path, "SELECT data FROM outline_snapshot")
    assert snapshot_is_current(path)  # current by its stamp, but not what the app wrote
    app = launch(data=path)
    expect_rows_as_the_file_has_them(app, path)
    wait_until(lambda: query(path, "SELECT data FROM outline_snapshot") != damaged, what="the snapshot replaced")
    assert snapshot_is_current(path)
    app.key("ctrl+q")
    assert app.wait_exit() == 0
