"""Selection mode and batch actions (E3), driven by real clicks and keys: the Select button,
Ctrl+click and Shift+click, check boxes, the title's count with plurals, Ctrl+A, Escape, the
batch Delete/Flag buttons with their toast and one-step undo, and no swipes in the mode."""
import json
import os
import subprocess
import time
from pathlib import Path

from harness import App, SessionBus, wait_until
from test_looks import hebrew_locale  # noqa: F401 (a fixture)
from test_swipe import swipe

CLIENT = Path(__file__).with_name("a11y_client.py")


def button(state, name):
    return next(b for b in state["selectionChrome"]["buttons"] if b["name"] == name)


def press(app, state, name):
    bounds = button(state, name)["bounds"]
    app.click(bounds["x"] + bounds["width"] / 2, bounds["y"] + bounds["height"] / 2)


def title(state):
    return state["header"]["title"]


def row_point(app, state, row_id):
    """A point on the row's left part, away from its buttons and text view's end."""
    row = app.row(state, row_id)
    return state["tableOrigin"]["x"] + 60, row["y"] + min(20, row["height"] / 2)


def shown_ids(app, state):
    """Ids of the rows wholly inside the table's top 400 px, top to bottom."""
    top = state["tableOrigin"]["y"]
    return [r["id"] for r in state["rows"] if r["y"] >= top and r["y"] + r["height"] <= top + 400]


def test_select_button_check_boxes_shift_click_and_batch_flag_and_delete_with_undo(launch):
    app = launch()
    state = app.wait_state(lambda s: len(s["rows"]) > 5)
    assert button(state, "Select")["shown"] and not button(state, "Cancel")["shown"]
    press(app, state, "Select")
    state = app.wait_state(lambda s: button(s, "Cancel")["shown"] and all(r.get("checkShown") for r in s["rows"] if "bounds" in r),
                           what="selection mode with check boxes")
    assert title(state) == "Select rows" and state["selectionChrome"]["selectionStyle"]
    assert not button(state, "Select")["shown"] and button(state, "Delete")["shown"] and not button(state, "Delete")["sensitive"]
    # The rows give the check boxes their room and wrap narrower: no Expand button, no line cut.
    state = app.wait_state(lambda s: s["cutLabels"] == [], what="rows re-laid out beside the check boxes")
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 300)  # off Cancel: no tooltip comes up
    app.assert_full_redraw_matches("selection-mode")

    ids = shown_ids(app, state)
    first, last = ids[1], ids[3]
    app.click(*row_point(app, state, first))
    # The header follows the selection from an idle, after the frame that checks the row.
    state = app.wait_state(lambda s: app.row(s, first)["checked"] and title(s) == "1 row selected", what="the clicked row to be checked")
    assert button(state, "Delete")["sensitive"]
    app.xdotool("keydown", "shift")
    app.click(*row_point(app, state, last))
    app.xdotool("keyup", "shift")
    state = app.wait_state(lambda s: title(s) == "3 rows selected", what="Shift+click to select the range")
    assert [app.row(state, i)["checked"] for i in ids[:4]] == [False, True, True, True]
    # The content slid over for the box; the box sits in the leading strip.
    row = app.row(state, first)
    assert row["checkBounds"]["x"] < row["bounds"]["x"] + 40 <= row["contentBounds"]["x"]
    shot = app.stable_screenshot("selected")
    box = row["checkBounds"]
    ticked = [shot.getpixel((int(x), int(y))) for x in range(int(box["x"]), int(box["x"] + box["width"]))
              for y in range(int(box["y"]), int(box["y"] + box["height"]))]
    assert sum(1 for r, g, b in ticked if b > 150 and b > r + 60) > 20, "the checked box is not drawn in the accent colour"

    # No swipe in selection mode: a long sideways drag leaves the row closed, and unselected.
    row = app.row(state, ids[2])
    app.move(state["tableOrigin"]["x"] + 200, row["y"] + row["height"] / 2)
    swipe(app, state, ids[2], -160)  # what opens a row's actions out of the mode (test_swipe)
    time.sleep(0.5)
    state = app.wait_state()
    assert app.row(state, ids[2])["swipeOffset"] == 0 and not state["anyRowOpen"]
    assert title(state) == "3 rows selected" and app.row(state, ids[2])["checked"]

    press(app, state, "Flag")
    state = app.wait_state(lambda s: s["toast"].endswith("flagged"), what="the flag toast")
    flaggable = [i for i in ids[1:4] if app.row(state, i)["kind"] != "header"]
    assert state["toast"] == f"{len(flaggable)} row{'s' if len(flaggable) != 1 else ''} flagged"
    assert all(app.row(state, i)["flagged"] for i in flaggable)

    press(app, state, "Delete")
    state = app.wait_state(lambda s: all(app.row(s, i) is None for i in ids[1:4]) and s["toast"] == "3 rows deleted",
                           what="the selected rows to be deleted")
    assert not button(state, "Cancel")["shown"] and button(state, "Select")["shown"] and title(state) == "Table Demo"
    assert not any(r.get("checkShown") for r in state["rows"])
    app.key("ctrl+z")
    state = app.wait_state(lambda s: all(app.row(s, i) is not None for i in ids[1:4]), what="Undo to bring the rows back")
    assert shown_ids(app, state)[:4] == ids[:4]
    assert all(app.row(state, i)["flagged"] for i in flaggable), "the rows came back without their marks"
    app.key("ctrl+z")
    state = app.wait_state(lambda s: not any(app.row(s, i)["flagged"] for i in flaggable), what="Undo to unflag all at once")
    app.assert_full_redraw_matches()


def test_ctrl_click_enters_ctrl_a_selects_every_row_and_escape_leaves(launch):
    app = launch()
    state = app.wait_state(lambda s: len(s["rows"]) > 5)
    target = shown_ids(app, state)[2]
    app.xdotool("keydown", "ctrl")
    app.click(*row_point(app, state, target))
    app.xdotool("keyup", "ctrl")
    state = app.wait_state(lambda s: title(s) == "1 row selected", what="Ctrl+click to enter selection mode")
    assert app.row(state, target)["checked"] and button(state, "Cancel")["shown"]
    app.key("ctrl+a")
    total = json.loads(Path(app.data_path).read_text())["rows"].__len__()
    state = app.wait_state(lambda s: title(s) == f"{total} rows selected", what="Ctrl+A to select every row")
    assert all(r["checked"] for r in state["rows"] if "bounds" in r)
    app.key("Escape")
    state = app.wait_state(lambda s: title(s) == "Table Demo", what="Escape to leave selection mode")
    assert not any(r.get("checkShown") for r in state["rows"]) and button(state, "Select")["shown"]
    app.assert_full_redraw_matches()


def test_selected_rows_report_the_selected_state_and_the_buttons_have_names(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.wait_state(lambda s: len(s["rows"]) > 5)
        press(app, state, "Select")
        state = app.wait_state(lambda s: button(s, "Cancel")["shown"])
        chosen = shown_ids(app, state)[1:3]
        for row_id in chosen:
            app.click(*row_point(app, state, row_id))
        state = app.wait_state(lambda s: title(s) == "2 rows selected")

        def ask():
            result = subprocess.run(["/usr/bin/python3", str(CLIENT), "GtkTableDemo"], capture_output=True, text=True,
                                    env={**os.environ, **bus.environment, "DISPLAY": display.name}, timeout=60)
            lines = result.stdout.strip().splitlines()
            return json.loads(lines[-1]) if lines else {"error": result.stderr[-500:]}
        found = wait_until(lambda: (lambda r: r if len(r.get("selectedListItems", [])) == 2 else None)(ask()),
                           timeout=20, what="two list items with the selected state")
        assert {"Cancel", "Delete", "Flag", "Unflag", "Done", "Not Done", "Pin", "Unpin"} <= set(found["buttons"])
        assert not any(name.startswith("Gtk") for name in found["buttons"])
        app.key("Escape")
        state = app.wait_state(lambda s: button(s, "Select")["shown"])
        found = wait_until(lambda: (lambda r: r if "Select" in r.get("buttons", []) and not r.get("selectedListItems") else None)(ask()),
                           timeout=20, what="the Select button, by name, and no selected rows")
    finally:
        app.close()
        bus.close()


def test_right_to_left_rows_give_the_check_boxes_room_on_the_right(launch, hebrew_locale):
    """In a right-to-left locale the check boxes stand at the rows' right edge and the rows,
    laid out narrower, end before them: nothing is cut, and the boxes are not drawn over."""
    app = launch(env=hebrew_locale)
    state = app.wait_state(lambda s: len(s["rows"]) > 5)
    app.key("ctrl+a")
    state = app.wait_state(lambda s: all(r.get("checkShown") for r in s["rows"] if "bounds" in r) and s["cutLabels"] == [],
                           what="selection mode with every row laid out beside its check box")
    for row in state["rows"]:
        if "bounds" not in row or not row.get("contentBounds"):
            continue
        content, cell = row["contentBounds"], row["bounds"]
        assert content["x"] >= cell["x"] - 1 and content["x"] + content["width"] <= cell["x"] + cell["width"] - 39, (row["id"], content, cell)
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 300)
    app.assert_full_redraw_matches("rtl-selection")
