"""The keyboard (W4): walk rows, Enter to expand or toggle, undo and redo, paging, quitting."""


def test_walk_rows_expand_with_enter_and_undo_redo(launch):
    app = launch()
    state = app.wait_state()
    app.key("Down")
    state = app.wait_state(lambda s: s.get("focusedRow") is not None, what="a focused row")
    first = state["focusedRow"]
    app.key("Down", "Down")
    state = app.wait_state(lambda s: s.get("focusedRow") == 3 or s.get("focusedRow") == first + 2)
    row = state["focusedRow"]
    assert row == 3, state.get("focusedRow")
    app.key("Return")
    state = app.wait_state(lambda s: app.row(s, 3)["expanded"], what="Enter to expand the note")
    app.key("ctrl+z")
    state = app.wait_state(lambda s: not app.row(s, 3)["expanded"], what="undo")
    app.key("ctrl+shift+z")
    state = app.wait_state(lambda s: app.row(s, 3)["expanded"], what="redo")
    # Up walks back; focus follows into rows scrolled into view.
    app.key("Up")
    app.wait_state(lambda s: s.get("focusedRow") == 2)


def test_enter_toggles_a_toggle_row_and_page_keys_scroll(launch):
    app = launch()
    state = app.wait_state()
    app.key("Page_Down")
    state = app.wait_state(lambda s: s["scrollOffset"] > 0, what="Page Down")
    assert abs(state["scrollOffset"] - 0.9 * state["viewportHeight"]) < 1
    app.key("End")
    # At the end (rich rows that arrive afterwards then grow downward, R1).
    app.wait_state(lambda s: s["scrollOffset"] > 3000 and s["scrollOffset"] == s["contentHeight"] - s["viewportHeight"],
                   what="End", settled=False)
    app.key("Home")
    state = app.wait_state(lambda s: s["scrollOffset"] == 0, what="Home")
    # Walk into the toggle section with Down; the table scrolls to keep the focused row shown.
    for _ in range(23):
        app.key("Down")
    state = app.wait_state(lambda s: s.get("focusedRow") == 101, what="the first toggle row", timeout=20)
    app.key("Return")
    app.wait_state(lambda s: app.row(s, 101)["open"], what="Enter to open the toggle row")


def test_ctrl_q_quits_and_saves(launch, workdir):
    app = launch()
    app.edit_note(2, " and coffee")
    app.key("ctrl+q")
    assert app.wait_exit() == 0
    assert any("and coffee" in row.get("text", "") for row in app.saved()["rows"])
