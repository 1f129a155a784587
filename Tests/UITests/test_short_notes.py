"""Short notes (N2, P3): a note whose text fits has no button and hugs its text; one that
overflows keeps its 64 px area, its Expand and the fade over its last partial line."""
from harness import dark_pixels

PADDING = 8  # above and below the text (RowStyle)
BAR = 4 + 32  # spacing and the button bar
LINE = 20  # one line of note text


def notes(state):
    return {r["id"]: r for r in state["rows"] if r["kind"] == "note"}


def test_short_notes_hug_their_text_and_have_no_button_while_long_ones_keep_expand(launch):
    app = launch()
    state = app.wait_state(
        lambda s: len(notes(s)) >= 8 and all(r.get("widgetTextHeight") == r["modelTextHeight"] for r in notes(s).values()),
        what="text measured like the widgets")
    shot = app.screenshot("first")
    short = [r for r in notes(state).values() if not r["canExpand"]]
    long = [r for r in notes(state).values() if r["canExpand"] and not r["expanded"]]
    assert len(short) >= 5 and len(long) >= 2
    origin = state["tableOrigin"]
    for row in short:
        area = row["textAreaBounds"]
        # GTK's own measure of the text is the area it got, and the row is the area plus padding.
        assert area["height"] == row["widgetTextHeight"] >= LINE, row["id"]
        assert row["bounds"]["height"] == area["height"] + 2 * PADDING == row["height"], row["id"]
        assert not row["buttonShown"], row["id"]
        # No button is drawn where an overflowing note has it: the row's trailing end is blank
        # below the first line.
        top = int(row["y"]) + PADDING + LINE
        if top < int(row["y"] + row["height"]) - PADDING:
            trailing = (int(origin["x"] + state["rowWidth"] - 90), top, int(origin["x"] + state["rowWidth"] - 12),
                        int(row["y"] + row["height"]) - 2)
            assert dark_pixels(shot, trailing, threshold=90) == 0, row["id"]
    one_line = notes(state)[2]
    assert one_line["height"] == 2 * PADDING + LINE
    for row in long:
        assert row["textAreaBounds"]["height"] == 64 and row["buttonShown"] and row["buttonLabel"] == "Expand"
        assert row["height"] == 2 * PADDING + 64 + BAR
        assert "fadedFrom" in row["drawnText"], row["id"]
        x, y = app.note_button(state, row["id"])
        if y < state["viewportHeight"]:
            assert dark_pixels(shot, (int(x) - 25, int(y) - 7, int(x) + 25, int(y) + 7), threshold=90) > 40
    # More than the five notes of old fit on the first screen.
    on_screen = [r for r in notes(state).values() if r["y"] + r["height"] <= origin["y"] + state["viewportHeight"]]
    assert len(on_screen) >= 9
    app.assert_full_redraw_matches()


def test_a_short_note_grows_with_its_text_and_gets_expand_once_it_overflows(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 2) is not None)
    state = app.edit_note(2, "\nsecond")
    row = app.row(state, 2)
    assert row["height"] == 2 * PADDING + 2 * LINE and not row["buttonShown"]
    assert app.row(state, 3)["y"] == row["y"] + row["height"]  # the rows below moved with it
    app.type("\nthird\nfourth\nfifth")
    state = app.wait_state(lambda s: app.row(s, 2)["canExpand"] and app.row(s, 2)["buttonShown"],
                           what="Expand to show")
    row = app.row(state, 2)
    assert row["height"] == 2 * PADDING + 64 + BAR and row["textAreaBounds"]["height"] == 64
    app.xdotool("key", "--clearmodifiers", "--repeat", len("\nthird\nfourth\nfifth"), "--delay", 15, "BackSpace")
    state = app.wait_state(lambda s: app.row(s, 2)["text"].endswith("second") and not app.row(s, 2)["buttonShown"],
                           what="the note to hug its two lines again")
    assert app.row(state, 2)["height"] == 2 * PADDING + 2 * LINE
    app.key("Escape")
    state = app.wait_state(lambda s: s.get("editingRow") is None)
    assert app.row(state, 3)["y"] == app.row(state, 2)["y"] + app.row(state, 2)["height"]
    app.assert_full_redraw_matches()


def test_a_flag_gives_a_short_note_its_marks_line_and_undo_takes_it_away(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 2) is not None)
    row = app.row(state, 2)
    app.click(state["tableOrigin"]["x"] + 100, row["y"] + 10, button=3)
    state = app.wait_state(lambda s: s["contextMenuOpen"])
    app.key("Down", "Down", "Return")  # Flag
    state = app.wait_state(lambda s: app.row(s, 2)["flagged"] and not s["contextMenuOpen"])
    row = app.row(state, 2)
    assert "Flagged" in row["marksText"] and not row["buttonShown"]
    assert row["height"] == 2 * PADDING + LINE + BAR
    shot = app.screenshot("flagged")
    marks = (int(state["tableOrigin"]["x"]) + 16, int(row["y"]) + PADDING + LINE + 4,
             int(state["tableOrigin"]["x"]) + 120, int(row["y"] + row["height"]) - PADDING)
    assert dark_pixels(shot, marks, threshold=180) > 20, "the marks line is not drawn"
    app.key("ctrl+z")
    state = app.wait_state(lambda s: not app.row(s, 2)["flagged"])
    assert app.row(state, 2)["height"] == 2 * PADDING + LINE
    app.assert_full_redraw_matches()
