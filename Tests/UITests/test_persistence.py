"""Persistence (W6, D1): edits survive quitting and crashes; the first run seeds the user's database."""
import json
import os
import subprocess
import time


from harness import SAMPLE_DATA


def test_first_run_creates_the_users_database_and_edits_survive_quit_and_relaunch(launch, workdir):
    app = launch(own_data=True)
    app.edit_note(2, " and tea")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    assert app.db_path.name == "rows.sqlite" and app.db_path.read_bytes()[:16] == b"SQLite format 3\0"
    saved = app.saved()
    assert saved["schemaVersion"] == 1
    assert any(r["id"] == 2 and r["text"].endswith("and tea") for r in saved["rows"])

    again = launch(own_data=True)
    state = again.wait_state(lambda s: again.row(s, 2) is not None)
    assert again.row(state, 2)["text"].endswith("and tea")


def test_typed_text_survives_kill_9_one_second_later(launch, workdir):
    app = launch()
    app.edit_note(4, " before the crash")
    time.sleep(1.0)
    app.kill9()
    saved = app.saved()  # a sound database, with the edit
    assert any(r["id"] == 4 and r["text"].endswith("before the crash") for r in saved["rows"])
    again = launch()
    state = again.wait_state(lambda s: again.row(s, 4) is not None)
    assert again.row(state, 4)["text"].endswith("before the crash")


def test_unknown_fields_are_kept_when_saving(launch, workdir):
    data = workdir / "extra.json"
    sample = json.loads((SAMPLE_DATA / "rows.json").read_text())
    sample["generator"] = {"tool": "hand", "note": "kept"}
    sample["rows"][1]["colour"] = "teal"
    data.write_text(json.dumps(sample, ensure_ascii=False))
    source = data.read_bytes()
    app = launch(data=data)
    app.edit_note(2, "!")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    assert data.read_bytes() == source  # the imported file is only read
    saved = app.saved()
    assert saved["generator"] == {"tool": "hand", "note": "kept"}
    assert saved["rows"][1]["colour"] == "teal" and saved["rows"][1]["text"].endswith("!")


def test_sigterm_and_sigint_write_pending_changes_before_exiting(launch, workdir):
    import signal
    for number, suffix in ((signal.SIGTERM, " termed"), (signal.SIGINT, " interrupted")):
        app = launch(state=f"state-{number}.json")
        app.edit_note(2, suffix)
        # At once, before the save schedule is due; to the app alone, not its D-Bus session.
        out = subprocess.run(["pgrep", "-s", str(app.process.pid), "-x", "GtkTableDemo"], capture_output=True, text=True)
        for pid in out.stdout.split():
            os.kill(int(pid), number)
        assert app.wait_exit() == 0
        assert next(r for r in app.saved()["rows"] if r["id"] == 2)["text"].endswith(suffix)
