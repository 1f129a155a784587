"""Feedback after a delete (P4): the undo toast says what it undoes (read over AT-SPI and
seen on the screen) and stays up 10 s, and the keyboard focus goes on to the next row, or to
the previous one when the deleted row was the last, never to the table."""
import time

from harness import App, SessionBus, colour_fraction, wait_until
from test_swipe import open_trailing_actions
from test_window import tree

DARK = lambda r, g, b: r < 100 and g < 100 and b < 100  # noqa: E731


def toast_band(state):
    """Where the toast is drawn: a band at the bottom of the window."""
    return 20, state["window"]["height"] - 90, state["window"]["width"] - 20, state["window"]["height"] - 10


def test_a_menu_delete_names_the_row_in_a_toast_that_stays_ten_seconds_and_focuses_the_next_row(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None)
        app.key("Down", "Down")  # the header, then the first note
        app.wait_state(lambda s: s["focus"].get("row") == 2, what="row 2 to take the focus")
        app.key("shift+F10")
        app.wait_state(lambda s: s["contextMenuOpen"])
        app.key("Down", "Down", "Down", "Return")  # Delete, the last item
        deleted_at = time.monotonic()
        state = app.wait_state(lambda s: app.row(s, 2) is None and s["bottomInset"] > 0, what="the delete and its toast")
        # GTK's focus is on the next row, a row cell, not on the table.
        state = app.wait_state(lambda s: s["focus"].get("row") == 3, what="the focus on the next row")
        assert state["focus"]["cssName"] == "table-row", state["focus"]
        title = 'Deleted “Groceries: oat milk…”'
        labels = wait_until(lambda: (lambda names: names if title in names else None)(
            [n["name"] for n in tree(bus, display) if n["role"] == "label"]), what="the toast's title over AT-SPI")
        assert title in labels
        # Still up after twice libadwaita's default 5 s, gone a little after 10 s.
        time.sleep(max(0.0, deleted_at + 8 - time.monotonic()))
        assert colour_fraction(app.screenshot("toast-at-8s"), toast_band(state), DARK) > 0.2, "the toast went before 10 s"
        state = app.wait_state(lambda s: s["bottomInset"] == 0, timeout=8, what="the toast to time out")
        assert time.monotonic() - deleted_at > 9.5
        assert colour_fraction(app.stable_screenshot("toast-gone"), toast_band(state), DARK) < 0.05
        assert app.wait_state()["focus"].get("row") == 3
        app.assert_full_redraw_matches("after-delete")
    finally:
        app.close()
        bus.close()
    assert not app.noise(), app.noise()


def test_a_swiped_delete_of_the_last_row_focuses_the_row_before(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 3) is not None)
    app.key("Down")
    app.wait_state(lambda s: s["focus"].get("row") is not None, what="a row to take the focus")
    app.scroll_to_end()
    state = app.wait_state(lambda s: s["focus"].get("row") == 406, what="the last row to take the focus")
    state, row, right = open_trailing_actions(app, state, 406)
    app.click(right - 30, row["y"] + row["height"] / 2)  # Delete, at the trailing edge
    state = app.wait_state(lambda s: app.row(s, 406) is None and s["focus"].get("row") == 405,
                           what="the focus on the row before the deleted last one")
    assert state["focus"]["cssName"] == "table-row", state["focus"]
    app.assert_full_redraw_matches("after-last-delete")
