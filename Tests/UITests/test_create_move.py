"""Creating a note (E1) and moving rows with the keyboard (E2), driven by real input:
the header bar's New note button (found and named through AT-SPI) and Ctrl+N, Alt+Up and
Alt+Down; each ends with the pixel oracle."""
import json
import os
import subprocess
from pathlib import Path

from harness import App, SessionBus, wait_until

CLIENT = Path(__file__).with_name("a11y_client.py")


def tree(bus, display):
    result = subprocess.run(["/usr/bin/python3", str(CLIENT), "GtkTableDemo", "--tree"], capture_output=True, text=True,
                            env={**os.environ, **bus.environment, "DISPLAY": display.name}, timeout=60)
    lines = result.stdout.strip().splitlines()
    return json.loads(lines[-1]).get("tree") if lines else None


def order(state):
    """The ids of the rows on screen, top to bottom."""
    return [r["id"] for r in sorted(state["rows"], key=lambda r: r["y"])]


def focus_row(app, row_id, downs):
    app.key(*["Down"] * downs)
    return app.wait_state(lambda s: s.get("focusedRow") == row_id, what=f"row {row_id} focused", timeout=20)


def test_new_note_button_inserts_after_the_focused_row_with_the_caret_and_undo_removes_it(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None)
        nodes = wait_until(lambda: tree(bus, display), timeout=30, what="the app in the accessibility tree")
        button = next((n for n in nodes if n["name"] == "New note"), None)
        assert button is not None and button["role"] == "push button", [n["name"] for n in nodes if n["role"] == "push button"]
        focus_row(app, 2, 2)
        x, y, width, height = button["extents"]
        app.click(x + width // 2, y + height // 2)
        # A new, empty note right after row 2, with the caret in its text view.
        state = app.wait_state(lambda s: s["rowCount"] == 82 and s.get("editingRow") not in (None, 2),
                               what="a new note being edited")
        new = state["editingRow"]
        assert order(state)[:3] == [1, 2, new], order(state)
        row = app.row(state, new)
        assert row["kind"] == "note" and row["text"] == "" and row["noteForm"] == "textView", row
        assert state["focusedRow"] == new
        app.type("Hello")
        state = app.wait_state(lambda s: app.row(s, new)["text"] == "Hello", what="typing into the new note")
        # Ctrl+Z takes the typing back, then the note; redo brings both back.
        app.key("Escape")
        app.wait_state(lambda s: "editingRow" not in s)
        app.key("ctrl+z")
        app.wait_state(lambda s: app.row(s, new) is not None and app.row(s, new)["text"] == "", what="undo the typing")
        app.key("ctrl+z")
        state = app.wait_state(lambda s: s["rowCount"] == 81 and app.row(s, new) is None, what="undo the new note")
        assert order(state)[:3] == [1, 2, 3]
        app.key("ctrl+shift+z", "ctrl+shift+z")
        state = app.wait_state(lambda s: app.row(s, new) is not None and app.row(s, new)["text"] == "Hello", what="redo")
        assert order(state)[:3] == [1, 2, new]
        app.assert_full_redraw_matches()
        app.key("ctrl+q")
        assert app.wait_exit() == 0
        saved = [r["id"] for r in app.saved()["rows"]]
        assert saved[:3] == [1, 2, new] and len(saved) == 82
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()


def test_ctrl_n_slides_the_new_note_in_and_scrolls_it_into_view(launch):
    app = launch()
    state = app.wait_state()
    # Far down the table, focused on the last note of the first section.
    state = focus_row(app, 21, 21)
    app.key("ctrl+n")
    # The rows below slide down to make room (W8), then come to rest.
    sliding = app.wait_state(lambda s: s["rowCount"] == 82 and any(abs(r.get("presentationOffset", 0)) > 0.5 for r in s["rows"]),
                             what="rows sliding to make room", settled=False)
    state = app.wait_state(lambda s: s["rowCount"] == 82 and s.get("editingRow") is not None, what="the new note at rest")
    new = state["editingRow"]
    assert order(state).index(new) == order(state).index(21) + 1, order(state)
    row = app.row(state, new)
    top, bottom = state["tableOrigin"]["y"], state["tableOrigin"]["y"] + state["viewportHeight"]
    assert top <= row["y"] and row["y"] + row["height"] <= bottom, (row, top, bottom)
    assert all(abs(r.get("presentationOffset", 0)) < 0.5 for r in state["rows"])
    assert sliding["frame"] < state["frame"]
    app.assert_full_redraw_matches()


def test_ctrl_n_without_animations_inserts_at_once_at_the_top_of_the_first_section(launch):
    app = launch(settings=["gtk-enable-animations=false"])
    state = app.wait_state()
    app.key("ctrl+n")
    state = app.wait_state(lambda s: s["rowCount"] == 82 and s.get("editingRow") is not None, what="the new note")
    assert order(state)[:3] == [1, state["editingRow"], 2]
    app.assert_full_redraw_matches()


def test_alt_arrows_move_the_focused_row_across_a_section_header_and_undo_puts_it_back(launch):
    app = launch()
    app.wait_state()
    state = focus_row(app, 21, 21)
    app.key("alt+Down")
    state = app.wait_state(lambda s: order(s).index(21) == order(s).index(100) + 1, what="row 21 under the Heights header")
    assert order(state)[order(state).index(21) + 1] == 101
    assert state["focusedRow"] == 21
    app.key("alt+Up", "alt+Up")
    state = app.wait_state(lambda s: order(s).index(21) == order(s).index(20) - 1, what="row 21 above row 20")
    assert order(state)[order(state).index(21) - 1] == 19 and state["focusedRow"] == 21
    app.key("ctrl+z")
    state = app.wait_state(lambda s: order(s).index(21) == order(s).index(100) - 1, what="one undo step: back below 20")
    app.key("ctrl+z")
    state = app.wait_state(lambda s: order(s).index(21) == order(s).index(100) + 1, what="and under the header again")
    app.key("ctrl+z")
    state = app.wait_state(lambda s: order(s).index(21) == order(s).index(100) - 1 and not s["canUndo"])
    app.key("alt+Down")
    state = app.wait_state(lambda s: order(s).index(21) == order(s).index(100) + 1)
    app.assert_full_redraw_matches()
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    saved = [r["id"] for r in app.saved()["rows"]]
    assert saved[saved.index(100):saved.index(100) + 3] == [100, 21, 101]


LISTENER = Path(__file__).with_name("a11y_listener.py")


def test_a_keyboard_move_tells_a_screen_reader_where_the_row_went(display, workdir):
    """Over AT-SPI: Alt+Down and Alt+Up give the focused row a description a screen reader
    reads ("Moved down, 19 of 20 in Notes"), for that move only, and take it back after."""
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    listener = None
    try:
        app.wait_state(lambda s: app.row(s, 3) is not None)
        wait_until(lambda: tree(bus, display), timeout=30, what="the app in the accessibility tree")
        focus_row(app, 19, 19)
        listener = subprocess.Popen(["/usr/bin/python3", str(LISTENER), "GtkTableDemo", "20"], stdout=subprocess.PIPE,
                                    text=True, env={**os.environ, **bus.environment, "DISPLAY": display.name})
        assert json.loads(listener.stdout.readline()) == {"ready": True}
        app.key("alt+Down")
        app.wait_state(lambda s: order(s).index(19) == order(s).index(20) + 1, what="row 19 below row 20")
        moved_down = json.loads(listener.stdout.readline())
        assert moved_down == {"description": "Moved down, 19 of 20 in Notes", "name": moved_down["name"],
                              "role": "list item", "focused": True}, moved_down
        app.key("alt+Up")
        app.wait_state(lambda s: order(s).index(19) == order(s).index(20) - 1, what="row 19 back above row 20")
        moved_up = json.loads(listener.stdout.readline())
        assert moved_up["description"] == "Moved up, 18 of 20 in Notes" and moved_up["focused"], moved_up
        assert moved_up["name"] == moved_down["name"]
        # Taken back a few seconds later, so a later visit does not hear a stale place.
        taken_back = json.loads(listener.stdout.readline())
        assert taken_back["description"] == "" and taken_back["name"] == moved_down["name"], taken_back
        app.assert_full_redraw_matches()
    finally:
        if listener is not None:
            listener.kill()
            listener.wait()
        app.close()
        bus.close()


def find_open(app):
    app.key("ctrl+f")
    return app.wait_state(lambda s: s["find"]["open"] and s["find"]["entryFocused"] and s["find"]["revealed"],
                          what="the find bar with the caret in it")


def test_a_move_while_filtered_passes_one_shown_row_and_lands_there_in_the_whole_order(launch):
    """Alt+Down during a search (E2 with F4): the row passes the next shown row, the hidden
    rows stay where they were, and after the search is closed the row is right below the row
    it passed; one undo puts it back; the saved order agrees."""
    app = launch()
    app.wait_state()
    find_open(app)
    app.type("bread")
    state = app.wait_state(lambda s: s["find"]["shows"] == "bread" and s["find"]["count"] == "2 rows",
                           what="two rows with bread")
    assert order(state) == [1, 2, 8], order(state)
    x, y = app.note_text_point(state, 2)
    app.click(x, y)
    app.wait_state(lambda s: s.get("editingRow") == 2 and s.get("focusedRow") == 2, what="row 2 being edited")
    app.key("alt+Down")
    state = app.wait_state(lambda s: order(s) == [1, 8, 2] and s.get("focusedRow") == 2, what="row 2 below row 8")
    assert state["find"]["shows"] == "bread"
    app.key("Escape")
    app.wait_state(lambda s: "editingRow" not in s, what="the edit ended")
    app.assert_full_redraw_matches("filtered-move")
    find_open(app)
    app.key("Escape")
    state = app.wait_state(lambda s: not s["find"]["open"] and len(order(s)) > 3, what="every row again")
    shown = order(state)
    assert shown[:9] == [1, 3, 4, 5, 6, 7, 8, 2, 9], shown
    app.assert_full_redraw_matches()
    app.key("ctrl+z")
    state = app.wait_state(lambda s: order(s)[:4] == [1, 2, 3, 4], what="one undo: row 2 back at the top")
    assert order(state)[7:9] == [8, 9] and not state["canUndo"]
    app.key("ctrl+shift+z")
    app.wait_state(lambda s: order(s)[6:9] == [8, 2, 9], what="redo: below row 8 again")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    saved = [r["id"] for r in app.saved()["rows"]]
    assert saved[:10] == [1, 3, 4, 5, 6, 7, 8, 2, 9, 10], saved[:10]
