"""Accessibility (W4, S7): an AT-SPI client finds the Expand buttons and a row's actions by
name, and activating one Expand button expands its note."""
import json
import os
import subprocess
from pathlib import Path

from harness import App, SessionBus, wait_until

CLIENT = Path(__file__).with_name("a11y_client.py")


def ask(bus, display, *args):
    result = subprocess.run(["/usr/bin/python3", str(CLIENT), "GtkTableDemo", *args], capture_output=True, text=True,
                            env={**os.environ, **bus.environment, "DISPLAY": display.name}, timeout=60)
    return json.loads(result.stdout.strip().splitlines()[-1]) if result.stdout.strip() else {"error": result.stderr}


def test_atspi_client_finds_and_activates_expand_and_finds_row_actions(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None)
        found = wait_until(lambda: (lambda r: r if r.get("buttons") else None)(ask(bus, display)), timeout=30,
                           what="the app in the accessibility tree")
        assert found["buttons"].count("Expand") >= 5, found
        for action in ("Delete", "Flag", "Pin"):
            assert action in found["buttons"], (action, found["buttons"])
        # The rows' Done actions, not only the header bar's Done button.
        assert found["buttons"].count("Done") >= 5, found["buttons"]
        assert found["listItems"] >= 5
        # W12: the table and its rows have names of their own; nothing is named after its class.
        assert "Rows" in found["lists"], found["lists"]
        assert "Groceries: oat milk, rye bread, two lemons." in found["listItemNames"], found["listItemNames"]
        assert all(name for name in found["listItemNames"]), found["listItemNames"]
        assert not [n for n in found["allNames"] if n.startswith("Gtd") or n == "GtkImage"], found["allNames"]
        pressed = ask(bus, display, "--press")
        assert pressed["pressed"], pressed
        app.wait_state(lambda s: any(r["kind"] == "note" and r["expanded"] for r in s["rows"]),
                       what="the activated Expand button to expand its note")
        # The undo toast's button is read as "Undo", once (libadwaita 1.2 alone reads "Undo Undo").
        app.key("Escape")
        app.key("Down", "Down")
        app.wait_state(lambda s: s["focus"].get("row") == 2)
        app.key("shift+F10")
        app.wait_state(lambda s: s["contextMenuOpen"])
        app.key("Down", "Down", "Down", "Return")
        app.wait_state(lambda s: app.row(s, 2) is None)
        toast = wait_until(lambda: (lambda r: r if any(b.startswith("Undo") for b in r.get("buttons", [])) else None)(
            ask(bus, display)), timeout=10, what="the toast in the accessibility tree")
        assert "Undo" in toast["buttons"] and "Undo Undo" not in toast["buttons"], toast["buttons"]
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()


def test_a_screen_reader_reads_a_notes_whole_text_in_both_forms(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None)
        texts = {i: app.row(state, i)["text"] for i in (2, 3)}
        assert "\n" in texts[3], "note 3 has several lines, beyond the row's name"
        assert app.row(state, 3)["noteForm"] == "preview"
        drawn = wait_until(lambda: (lambda r: r if r.get("notes") else None)(ask(bus, display)), timeout=30,
                           what="the notes in the accessibility tree")
        drawn_texts = [n["text"] for n in drawn["notes"]]
        # Each note once: the form not shown (an empty text view) is hidden from the reader.
        assert drawn_texts.count(texts[2]) == 1 and drawn_texts.count(texts[3]) == 1, drawn["notes"]
        assert "" not in drawn_texts, drawn["notes"]
        app.click(*app.note_text_point(state, 3))
        app.wait_state(lambda s: app.row(s, 3)["noteForm"] == "textView")
        edited = ask(bus, display)
        matching = [n for n in edited["notes"] if n["text"] == texts[3]]
        assert len(matching) == 1, edited["notes"]
        note = matching[0]
        assert note["role"] != next(n["role"] for n in drawn["notes"] if n["text"] == texts[3]), "the other form"
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()
