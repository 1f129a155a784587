"""Layout requests (W14): a row that asks for a resize while the table lays it out never leaves
a part of the window cut off from GTK's next layout, whatever else the window is doing in that
frame. GTK says when it happens: "Trying to snapshot … without a current allocation", which the
`launch` fixture fails on, and the part is then missing from the screen."""
import time


def test_a_note_growing_as_a_header_bar_tooltip_goes_leaves_no_part_of_the_window_unallocated(launch):
    # In a narrow window the header bar's middle is End Editing. Its tooltip is a child window of
    # the main window: a key press hides it, which has GTK allocate the main window for its own
    # reason in the frame where the note, taller by a line, is laid out again. The text view asks
    # for its resize inside that layout, and GTK must not be left holding it on a part it skipped.
    app = launch()
    app.wait_state()
    window = app.xdotool_output("search", "--onlyvisible", "--name", "Table Demo").split()[0]
    app.xdotool("windowsize", window, 440, 640)
    state = app.wait_state(lambda s: s["rowWidth"] < 460, what="the narrow window laid out")
    note = next(r["id"] for r in state["rows"] if r["kind"] == "note")
    app.click(*app.note_text_point(state, note))
    app.key("ctrl+End")
    state = app.wait_state(lambda s: s["header"]["endEditing"]["shown"], what="End Editing shown")
    button = state["header"]["endEditing"]["bounds"]
    presses = 12
    for press in range(presses):
        app.move(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
        time.sleep(0.7)  # GTK opens a tooltip after 0.5 s over a button
        app.key("Return")
        app.move(button["x"] + button["width"] / 2, button["y"] + button["height"] + 200)
        assert not app.noise(), f"after Return {press + 1}: {app.noise()}"
    # The window went on laying out: the note has every line, and a full redraw draws what is on screen.
    app.wait_state(lambda s: app.row(s, note)["text"].endswith("\n" * presses), what="every line in the note")
    app.assert_full_redraw_matches("after-the-lines")
