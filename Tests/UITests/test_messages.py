"""Messages a user meets (P4): a pin that moves a row out of view says so and offers to show it;
a missing file is named in plain words, with command-line advice on stderr only; exports name
the file the user gave; GenerateRows --help prints its usage."""
import os
import subprocess

from harness import BINARY, ROOT, SAMPLE_DATA, App, SessionBus, wait_until
from test_window import tree

GENERATE_ROWS = ROOT / ".build" / "debug" / "GenerateRows"


def run(workdir, *args):
    env = {**os.environ, "XDG_DATA_HOME": str(workdir / "xdg-data"), "GTKTABLEDEMO_DATA_DIR": str(SAMPLE_DATA)}
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=60, env=env)


def test_generate_rows_help_prints_its_usage(workdir):
    result = run(workdir, GENERATE_ROWS, "--help")
    assert result.returncode == 0, result
    assert result.stdout.startswith("usage: GenerateRows --rows N"), result.stdout
    assert "needs a value" not in result.stdout + result.stderr


def test_exporting_a_broken_json_names_that_file_not_a_database_beside_it(workdir):
    broken = workdir / "notes.json"
    broken.write_text('{"schemaVersion": 1, "rows": [\n  {"id": 1,, "kind": "note"}\n]}\n')
    result = run(workdir, BINARY, "--data", broken, "--export-json", workdir / "out.json")
    assert result.returncode == 1, result
    assert f"{broken}:2:" in result.stderr, result.stderr
    assert "notes.sqlite" not in result.stderr, result.stderr
    assert not (workdir / "notes.sqlite").exists() and not (workdir / "out.json").exists()


def test_exporting_into_a_missing_folder_names_the_file_the_user_gave(workdir):
    database = workdir / "rows.sqlite"
    assert run(workdir, BINARY, "--data", database, "--import-json", SAMPLE_DATA / "rows.json").returncode == 0
    target = workdir / "no such folder" / "out.json"
    result = run(workdir, BINARY, "--data", database, "--export-json", target)
    assert result.returncode == 1, result
    assert f"“{target}” could not be opened: No such file or directory." in result.stderr, result.stderr
    assert ".saving" not in result.stderr


def test_a_missing_file_is_named_in_plain_words_and_the_command_line_advice_is_on_stderr_only(display, workdir):
    bus = SessionBus()
    missing = workdir / "gone.sqlite"
    app = App(display, workdir, data=missing, bus=bus)
    try:
        said = f"“{missing}” does not exist. Check its name and folder, or choose another file."
        labels = wait_until(lambda: (lambda n: n if said in n else None)(
            [node["name"] for node in tree(bus, display) if node["role"] == "label"]), what="the dialog's message")
        assert not [text for text in labels if "--" in text or "unable to open" in text], labels
        wait_until(lambda: "--data PATH" in app.stderr_text(), what="the advice on stderr")
        assert not missing.exists()
    finally:
        app.close()
        bus.close()
    assert not app.noise(), app.noise()


def test_pinning_a_row_out_of_view_says_so_and_show_brings_it_back(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.scroll_to_row(18)
        assert state["scrollOffset"] > 300, state["scrollOffset"]
        row = app.row(state, 18)
        app.click(state["tableOrigin"]["x"] + 100, row["y"] + 10, button=3)
        state = app.wait_state(lambda s: s["contextMenuOpen"])
        assert state["contextMenuItems"][0] == "Pin"
        app.key("Return")
        state = app.wait_state(lambda s: app.row(s, 18) is None or app.row(s, 18)["y"] + app.row(s, 18)["height"] <= 0
                               or app.row(s, 18)["y"] < s["tableOrigin"]["y"], what="the pinned row to leave the view")
        said = "Pinned “Renew the library…” at the top of its section"
        nodes = wait_until(lambda: (lambda n: n if any(x["name"] == said for x in n) else None)(tree(bus, display)),
                           what="the toast saying where the row went")
        show = next(n for n in nodes if n["role"] == "push button" and n["name"] == "Show")
        app.click(show["extents"][0] + show["extents"][2] // 2, show["extents"][1] + show["extents"][3] // 2)
        state = app.wait_state(lambda s: s["focus"].get("row") == 18, what="the pinned row to take the focus")
        row = app.row(state, 18)
        assert row["pinned"] and state["tableOrigin"]["y"] <= row["y"] < state["tableOrigin"]["y"] + state["viewportHeight"]
        app.assert_full_redraw_matches()
    finally:
        app.close()
        bus.close()
    assert not app.noise(), app.noise()
