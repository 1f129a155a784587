"""Bad input in the real window: none of these crashes, prints GTK criticals, or loses data."""
import os
import subprocess

from harness import colour_fraction


def test_pasting_a_megabyte_into_a_note(launch, workdir, display):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    # A megabyte in paragraphs of about 500 characters. (One single 1 MB paragraph is beyond
    # what Pango can wrap: its line width overflows, and GtkTextView shows it as one line.)
    paragraph = "A long pasted paragraph of plain words. " * 12 + "Конец абзаца.\n"
    big = (paragraph * (1_000_000 // len(paragraph) + 1))[:1_000_000]
    subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=big.encode(), check=True,
                   env={**os.environ, "DISPLAY": display.name}, timeout=10)
    app.click(*app.note_text_point(state, 4))
    app.key("ctrl+End")
    app.key("ctrl+v")
    state = app.wait_state(lambda s: app.row(s, 4)["canExpand"], timeout=60, what="the pasted text")
    assert app.row(state, 4)["height"] == 116  # collapsed: the height stays put
    app.click(*app.note_button(state, 4))
    state = app.wait_state(lambda s: app.row(s, 4)["expanded"], timeout=60)
    assert app.row(state, 4)["height"] > 100_000
    # GtkTextView validates a megabyte of lines in the background; once done it agrees.
    app.wait_state(lambda s: app.row(s, 4)["modelTextHeight"] == app.row(s, 4)["widgetTextHeight"], timeout=60,
                   what="the text view to finish laying out the megabyte")
    app.key("ctrl+q")
    assert app.wait_exit(timeout=60) == 0
    saved = app.saved()
    assert len(next(r for r in saved["rows"] if r["id"] == 4)["text"]) > 1_000_000


def test_typing_hindi_and_emoji(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 2) is not None)
    app.click(*app.note_text_point(state, 2))
    app.key("ctrl+End")
    app.type(" नमस्ते दुनिया 🙂")
    state = app.wait_state(lambda s: app.row(s, 2)["text"].endswith("दुनिया 🙂"), what="the Hindi text and the emoji")
    assert app.row(state, 2)["unknownGlyphs"] == 0
    # The emoji is drawn in colour (Noto Color Emoji's yellow face), not as a box.
    shot = app.stable_screenshot("emoji")
    area = app.row(state, 2)["textAreaBounds"]
    box = (area["x"], area["y"], area["x"] + area["width"], area["y"] + area["height"])
    assert colour_fraction(shot, box, lambda r, g, b: r > 200 and g > 150 and b < 90) > 0.0005


def test_a_window_200_px_wide(launch):
    app = launch()
    state = app.wait_state()
    window = app.xdotool_output("search", "--onlyvisible", "--name", "Table Demo").split()[0]
    app.xdotool("windowsize", window, 200, 600)
    state = app.wait_state(lambda s: s["window"]["width"] < 400, what="the narrow window")
    assert all(r["height"] > 0 for r in state["rows"])
    app.key("End")
    app.wait_state(lambda s: s["scrollOffset"] > 0)


def test_scrolling_during_a_swipe_and_undoing_more_than_there_is(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    row = app.row(state, 4)
    x, y = state["tableOrigin"]["x"] + 300, row["y"] + 40
    app.xdotool("mousemove", "--sync", x, y, "mousedown", 1, "mousemove", "--sync", x - 40, y,
                "click", 5, "click", 5, "mousemove", "--sync", x - 120, y, "mouseup", 1)
    state = app.wait_state()
    for _ in range(15):
        app.key("ctrl+z")
    app.key("ctrl+shift+z")
    state = app.wait_state()
    assert state["rowCount"] == 81


def test_deleting_the_last_row(launch):
    app = launch()
    app.wait_state()
    state = app.scroll_to_end()
    last = app.row(state, 406)
    app.click(state["tableOrigin"]["x"] + 200, last["y"] + 20, button=3)
    app.wait_state(lambda s: s["contextMenuOpen"])
    app.key("Down", "Down", "Down", "Return")  # Pin, Done, Flag, Delete
    state = app.wait_state(lambda s: app.row(s, 406) is None and s["rowCount"] == 80, what="the last row to go")
    assert state["scrollOffset"] <= state["contentHeight"] - state["viewportHeight"] + 0.5
