"""Persistence (W6, D1): edits survive quitting and crashes; the first run seeds the user's file."""
import json
import shutil
import signal
import time

import pytest

from harness import SAMPLE_DATA, wait_until


def test_first_run_creates_the_users_file_and_edits_survive_quit_and_relaunch(launch, workdir):
    app = launch(own_data=True)
    app.edit_note(2, " and tea")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    saved = json.loads(app.data_path.read_text())
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
    saved = json.loads(app.data_path.read_text())  # intact JSON, with the edit
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
    app = launch(data=data)
    app.edit_note(2, "!")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    saved = json.loads(data.read_text())
    assert saved["generator"] == {"tool": "hand", "note": "kept"}
    assert saved["rows"][1]["colour"] == "teal" and saved["rows"][1]["text"].endswith("!")


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_sigterm_and_sigint_save_as_ctrl_q_does(launch, workdir, name):
    app = launch()
    app.edit_note(2, f" then {name}")
    # At once, well inside the autosave's half second: only the quit path can save it.
    app.send_signal(getattr(signal, name))
    assert app.wait_exit() == 0
    saved = json.loads(app.data_path.read_text())
    assert next(r for r in saved["rows"] if r["id"] == 2)["text"].endswith(f"then {name}"), name


def test_a_save_that_fails_at_quit_keeps_the_window_open_and_says_why(launch, workdir):
    folder = workdir / "notes"
    folder.mkdir()
    data = folder / "rows.json"
    shutil.copy(SAMPLE_DATA / "rows.json", data)
    app = launch(data=data)
    app.edit_note(2, " unsaved")
    shutil.rmtree(folder)  # the save cannot even create its temporary file now
    app.key("ctrl+q")
    app.dialog_key("Escape", title="Your last changes could not be saved")  # Keep Open
    assert app.process.poll() is None, "the window closed and the edit was lost"
    state = app.wait_state()
    assert app.row(state, 2)["text"].endswith("unsaved")
    folder.mkdir()
    # The window has the keyboard again once the dialog has gone.
    wait_until(lambda: app.xdotool_output("getwindowfocus", "getwindowname").strip() == "GtkTableDemo",
               what="the window to have the keyboard back")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    saved = json.loads(data.read_text())
    assert next(r for r in saved["rows"] if r["id"] == 2)["text"].endswith("unsaved")
