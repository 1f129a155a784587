"""The window around the table (P1): its title names the app and the open database, and the
header bar's End Editing button is there only while a note is being edited. Checked over
AT-SPI and on the screen's pixels."""
import json
import os
import subprocess
from pathlib import Path

from harness import App, SessionBus, colour_fraction, dark_pixels, pin_blue, wait_until

CLIENT = Path(__file__).with_name("a11y_client.py")
END_EDITING = "End Editing"


def tree(bus, display):
    """The app's accessibility tree: each node's name, role and extents."""
    def ask():
        result = subprocess.run(["/usr/bin/python3", str(CLIENT), "GtkTableDemo", "--tree"], capture_output=True,
                                text=True, env={**os.environ, **bus.environment, "DISPLAY": display.name}, timeout=60)
        lines = result.stdout.strip().splitlines()
        return json.loads(lines[-1]).get("tree") if lines else None
    return wait_until(ask, timeout=30, what="the app in the accessibility tree")


def header_box(state):
    """The header bar's strip: the window's width, down to the table's top."""
    return 0, 0, state["window"]["width"], state["tableOrigin"]["y"]


def suggested_blue(image, state):
    """The share of the header bar drawn in the suggested-action blue of a button."""
    return colour_fraction(image, header_box(state), pin_blue)


def test_title_names_the_database_and_end_editing_shows_only_while_editing(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None)
        nodes = tree(bus, display)
        frames = [n["name"] for n in nodes if n["role"] == "frame"]
        assert frames == ["Table Demo"], frames
        labels = {n["name"]: n["extents"] for n in nodes if n["role"] == "label"}
        placed = {label["text"]: label["bounds"] for label in state["header"]["titleLabels"]}
        top = state["tableOrigin"]["y"]
        for text in ("Table Demo", "rows.sqlite"):
            assert text in labels, (text, sorted(labels))
            # Where GTK placed the label, from the state file: GTK 4.18's AT-SPI extents leave
            # out the ancestors' padding (DESIGN-NOTES, "GTK versions").
            assert text in placed, (text, placed)
            box = placed[text]
            x, y, width, height = box["x"], box["y"], box["width"], box["height"]
            assert 0 <= y and y + height <= top, (text, box, top)
            # The words are drawn there: glyph ink in the label's box (libadwaita 1.7's dimmed
            # subtitle is 143 at its darkest on 255, 1.2's 132 on 235).
            assert dark_pixels(app.screenshot("title"), (x, y, x + width, y + height), threshold=170) > 20, text
        assert END_EDITING not in [n["name"] for n in nodes if n["role"] == "push button"]
        assert suggested_blue(app.stable_screenshot("not-editing"), state) == 0

        # Editing a note brings the button; it reads End Editing, never Done.
        state = app.edit_note(3, " soon")
        button = wait_until(lambda: next((n for n in tree(bus, display) if n["role"] == "push button"
                                          and n["name"] == END_EDITING), None), what="End Editing over AT-SPI")
        x, y, width, height = button["extents"]
        # At the header bar's end, beside the main menu.
        assert y + height <= top and x + width / 2 > state["window"]["width"] / 2, button
        assert "Done" not in [n["name"] for n in tree(bus, display) if n["role"] == "push button"
                              and n["extents"][1] + n["extents"][3] <= top]
        assert suggested_blue(app.stable_screenshot("editing"), state) > 0.02

        # Escape ends the edit, and the button goes.
        app.key("Escape")
        state = app.wait_state(lambda s: "editingRow" not in s, what="Escape to end editing")
        assert suggested_blue(app.stable_screenshot("edit-ended"), state) == 0
        app.assert_full_redraw_matches("edit-ended")
    finally:
        app.close()
        bus.close()
    assert not app.noise(), app.noise()


def test_sample_data_shown_instead_of_a_bad_file_says_changes_are_not_saved(display, workdir):
    bad = workdir / "broken.sqlite"
    bad.write_text("not a database")
    bus = SessionBus()
    app = App(display, workdir, bus=bus, data=bad)
    try:
        app.dialog_key("Return")
        app.wait_state(lambda s: s.get("rowCount", 0) > 0, what="the sample data")
        labels = [n["name"] for n in tree(bus, display) if n["role"] == "label"]
        assert "Sample data — changes are not saved" in labels, labels
        assert "Table Demo" in labels, labels
    finally:
        app.close()
        bus.close()


def top_row(state):
    """The row at the table's top edge (under the sticky header): its id and its y."""
    top = state["tableOrigin"]["y"]
    row = next(r for r in sorted(state["rows"], key=lambda r: r["y"]) if r["y"] + r["height"] > top)
    return row["id"], row["y"]


def test_the_window_size_and_scroll_position_come_back_at_the_next_launch(launch, workdir):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 3) is not None)
    window = app.xdotool_output("search", "--onlyvisible", "--name", "^Table Demo$").split()[0]
    app.xdotool("windowsize", "--sync", window, 560, 800)
    state = app.wait_state(lambda s: (s["window"]["width"], s["window"]["height"]) == (560, 800), what="the new size")
    origin = state["tableOrigin"]
    app.move(origin["x"] + 200, origin["y"] + 300)
    for _ in range(7):
        state = app.wheel_and_wait(state, 5)
    state = app.wait_state()
    left = top_row(state)
    assert state["scrollOffset"] > 500 and left[0] > 5, left
    app.key("ctrl+q")
    assert app.wait_exit() == 0

    again = launch(state="again.json")  # a state file of its own: the first one is still there
    state = again.wait_state(lambda s: s["scrollOffset"] > 0, what="the table scrolled where it was left")
    assert (state["window"]["width"], state["window"]["height"]) == (560, 800)
    row_id, y = top_row(state)
    assert row_id == left[0] and abs(y - left[1]) <= 1, (left, (row_id, y))
    again.assert_full_redraw_matches("restored")
