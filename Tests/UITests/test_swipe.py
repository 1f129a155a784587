"""Swipe action reveals (S1–S8) driven by real mouse drags and keys; wheel notches never swipe."""
import os
import signal
import time

from harness import colour_fraction, delete_red, pin_blue, wait_until


def swipe(app, state, row_id, dx, steps=12):
    row = app.row(state, row_id)
    x0 = state["tableOrigin"]["x"] + (300 if dx < 0 else 100)
    y = row["y"] + row["height"] / 2
    app.drag(x0, y, x0 + dx, y, steps=steps)


def open_trailing_actions(app, state, row_id):
    """Drags the row open on its trailing side; returns the settled state, the row, and the
    x of the table's trailing edge, where Delete is."""
    swipe(app, state, row_id, -160)
    state = app.wait_state(lambda s: app.row(s, row_id)["swipeOffset"] < -100)
    return state, app.row(state, row_id), state["tableOrigin"]["x"] + state["rowWidth"]


def process_state(pid):
    """A process's state letter from /proc ("T" while stopped)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


def test_a_long_left_drag_keeps_the_actions_open_and_a_short_one_snaps_back(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    swipe(app, state, 4, -160)
    opened = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] < -100, what="the row to stay open")
    row = app.row(opened, 4)
    right = opened["tableOrigin"]["x"] + opened["rowWidth"]
    shot = app.screenshot("open")
    # The red Delete action fills the right edge of the row; Flag (orange) is beside it.
    assert colour_fraction(shot, (right - 60, row["y"] + 10, right - 5, row["y"] + row["height"] - 10), delete_red) > 0.6
    assert opened["anyRowOpen"]

    swipe(app, opened, 4, 150)  # back to closed
    app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] == 0 and not s["anyRowOpen"])
    # Short: less than half the actions' width. Held, the content has moved; let go, it snaps back.
    row = app.row(opened, 4)
    x0, y = opened["tableOrigin"]["x"] + 300, row["y"] + row["height"] / 2
    app.xdotool("mousemove", "--sync", int(x0), int(y), "mousedown", 1,
                *[arg for i in range(1, 9) for arg in ("mousemove", "--sync", int(x0 - 5 * i), int(y))])
    held = app.wait_state(lambda s: app.row(s, 4)["contentBounds"]["x"] < app.row(s, 4)["bounds"]["x"] - 20,
                          what="the content to follow the held drag", settled=False)
    assert app.row(held, 4)["swipeOffset"] < -20
    time.sleep(0.2)  # held still for longer than the release velocity's window: no fling
    app.xdotool("mouseup", 1)
    closed = app.wait_frame_after(held, lambda s: app.row(s, 4)["contentBounds"]["x"] == app.row(s, 4)["bounds"]["x"],
                                  what="the short drag to snap back")
    assert not closed["anyRowOpen"]


def test_swiping_a_second_row_closes_the_first(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 5) is not None)
    swipe(app, state, 4, -160)
    state = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] < -100)
    swipe(app, state, 6, -160)
    state = app.wait_state(lambda s: app.row(s, 6)["swipeOffset"] < -100 and app.row(s, 4)["swipeOffset"] == 0)


def test_delete_removes_the_row_and_undo_in_the_toast_restores_it_with_its_text(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    text = app.row(state, 4)["text"]
    below = app.row(state, 5)["y"]
    state, row, right = open_trailing_actions(app, state, 4)
    app.click(right - 30, row["y"] + row["height"] / 2)  # Delete, at the trailing edge
    state = app.wait_state(lambda s: app.row(s, 4) is None and s["canUndo"], what="the row to be deleted")
    assert app.row(state, 5)["y"] == row["y"], "the next row did not move up into the gap"
    # The toast slides in at the bottom of the window, with its Undo button on the right.
    shot = app.stable_screenshot("toast")
    app.click(*find_undo_button(shot, state["window"]))
    state = app.wait_state(lambda s: app.row(s, 4) is not None, what="Undo to restore the row")
    assert app.row(state, 4)["text"] == text
    assert app.row(state, 5)["y"] == below


def find_undo_button(image, window):
    """The toast's Undo button: the lighter grey pill inside the dark grey toast, found by
    its colour, so the test clicks what a person would see."""
    width, height = window["width"], window["height"]
    for y in range(height - 20, height - 120, -1):
        xs = [x for x in range(width // 2, width - 20) if _grey(image.getpixel((x, y)), 86, 100)]
        if len(xs) > 30:
            return (xs[0] + xs[-1]) / 2, y - 8
    raise AssertionError("no Undo button in the toast")


def _grey(pixel, low, high):
    r, g, b = pixel
    return low <= r <= high and abs(r - g) < 4 and abs(g - b) < 4


def test_a_right_drag_reveals_pin_and_pinning_moves_the_row_to_the_top_of_its_section(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 6) is not None)
    swipe(app, state, 6, 160)
    state = app.wait_state(lambda s: app.row(s, 6)["swipeOffset"] > 100)
    row = app.row(state, 6)
    left = state["tableOrigin"]["x"]
    shot = app.screenshot("pin")
    box = (int(left) + 5, int(row["y"]) + 10, int(left) + 60, int(row["y"] + row["height"]) - 10)
    assert colour_fraction(shot, box, pin_blue) > 0.6, "the blue Pin action is not at the leading edge"
    app.click(left + 30, row["y"] + row["height"] / 2)
    state = app.wait_state(lambda s: s["rows"][1]["id"] == 6 and not s["anyRowOpen"], what="the row to be pinned")
    assert state["rows"][0]["id"] == 1  # just below the section header
    app.key("ctrl+z")
    app.wait_state(lambda s: s["rows"][1]["id"] == 2, what="undo to unpin")


def test_escape_and_scrolling_close_open_actions(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    swipe(app, state, 4, -160)
    state = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] < -100, what="the drag to open the trailing actions")
    app.key("Escape")
    state = app.wait_state(lambda s: not s["anyRowOpen"] and app.row(s, 4)["swipeOffset"] == 0)
    swipe(app, state, 4, 160)
    state = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] > 100, what="the drag to open the leading actions")
    # Scrolling the table closes open actions.
    row = app.row(state, 4)
    app.move(state["tableOrigin"]["x"] + 200, row["y"] + 30)
    app.wheel(5)
    app.wait_state(lambda s: not s["anyRowOpen"])


def test_a_horizontal_wheel_notch_or_shift_wheel_never_starts_a_swipe(launch):
    """Only touchpad scrolls drive a swipe, as in libadwaita's swipe tracker: wheel buttons 6
    and 7 (horizontal notches) and Shift with the wheel leave the row closed."""
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None and s.get("active"))
    row = app.row(state, 4)
    x, y = state["tableOrigin"]["x"] + 200, row["y"] + 30
    for number, (button, shift) in enumerate(((7, False), (6, False), (7, True), (6, True), (5, True))):
        app.move(x + 1 + number, y)  # somewhere new each time: `mousemove --sync` to where it is waits 15 s
        if shift:
            app.xdotool("keydown", "shift")
            app.wheel(button, times=5)
            app.xdotool("keyup", "shift")
        else:
            app.wheel(button, times=5)
        # A barrier: Down moves keyboard focus to a row, which writes a new state only after
        # the wheel events before it were handled (and a swipe would have moved the row).
        focus_before = state.get("focusedRow")
        app.key("Down")
        state = app.wait_state(lambda s: s.get("focusedRow") != focus_before, settled=False,
                               what=f"the focus to move after wheel {button}")
        assert all(r["swipeOffset"] == 0 for r in state["rows"]), f"wheel {button} (shift {shift}) moved a row"
        state = app.wait_state()
        assert not state["anyRowOpen"] and all(r["swipeOffset"] == 0 for r in state["rows"]), \
            f"wheel {button} (shift {shift}) opened a row"
        row = app.row(state, 4)
        if row is None:
            break
        shot = app.screenshot(f"wheel-{number}")
        right = state["tableOrigin"]["x"] + state["rowWidth"]
        box = (right - 60, row["y"] + 10, right - 5, row["y"] + row["height"] - 10)
        assert colour_fraction(shot, box, delete_red) < 0.05, "the red Delete action shows"
        left = state["tableOrigin"]["x"]
        assert colour_fraction(shot, (left + 5, row["y"] + 10, left + 60, row["y"] + row["height"] - 10), pin_blue) < 0.05


def test_flag_and_done_change_the_row_visibly(launch):
    """Flag by a click, Done by a press held a moment: a revealed action acts on its release,
    however long after the press that comes (the press alone closes nothing)."""
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    state, row, right = open_trailing_actions(app, state, 4)
    app.click(right - 110, row["y"] + row["height"] / 2)  # Flag, inward of Delete
    state = app.wait_state(lambda s: app.row(s, 4)["flagged"] and not s["anyRowOpen"])
    shot = app.screenshot("flagged")
    left = int(state["tableOrigin"]["x"])
    strip = shot.crop((left, int(row["y"]) + 10, left + 4, int(row["y"]) + 60))
    assert all(r > 180 and 60 < g < 140 and b < 60 for r, g, b in strip.getdata()), "no orange flag stripe"
    swipe(app, state, 4, 160)
    state = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] > 100)
    app.move(left + 110, row["y"] + row["height"] / 2)  # Done, inward of Pin
    app.xdotool("mousedown", 1)
    time.sleep(0.6)  # longer than closing the row takes
    app.xdotool("mouseup", 1)
    app.wait_state(lambda s: app.row(s, 4)["done"] and not s["anyRowOpen"], what="Done on the held press's release")


def test_the_context_menu_reaches_the_same_actions(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    row = app.row(state, 4)
    app.click(state["tableOrigin"]["x"] + 200, row["y"] + 30, button=3)
    state = app.wait_state(lambda s: s["contextMenuOpen"], what="the context menu")
    app.key("Down", "Down", "Return")  # Pin, Done, Flag: the third item is Flag
    state = app.wait_state(lambda s: not s["contextMenuOpen"] and app.row(s, 4)["flagged"], what="Flag from the menu")
    # The keyboard route: focus the row, Shift+F10, then Delete (the fourth item).
    app.key("Escape")
    app.click(state["tableOrigin"]["x"] + 60, app.row(state, 4)["y"] + 20)
    app.key("Escape")
    app.wait_state(lambda s: s.get("focusedRow") == 4)
    app.key("shift+F10")
    app.wait_state(lambda s: s["contextMenuOpen"])
    app.key("Down", "Down", "Down", "Return")
    app.wait_state(lambda s: app.row(s, 4) is None, what="Delete from the menu")


def test_with_animations_off_a_released_swipe_goes_straight_to_its_end(launch):
    """Reduced motion (GNOME's Animations switch, gtk-enable-animations): no spring frames."""
    app = launch(settings=["gtk-enable-animations=false"])
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    swipe(app, state, 4, -120)
    opened = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] < -100, what="the row open", settled=False)
    frames = []
    deadline = time.monotonic() + 0.6
    while time.monotonic() < deadline:
        now = app.state()
        if now and now["frame"] not in [f["frame"] for f in frames]:
            frames.append(now)
        time.sleep(0.01)
    assert all(f["settled"] for f in [opened] + frames), "a spring ran with animations off"
    final = app.row(frames[-1] if frames else opened, 4)
    assert final["contentBounds"]["x"] - final["bounds"]["x"] == final["swipeOffset"]


def test_a_double_click_on_delete_deletes_one_row_and_reports_nothing(launch):
    """The second click reaches the deleted row's cell before the next layout unbinds it: it is
    dropped, not refused with a message about a row the user just removed."""
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 5) is not None)
    state, row, right = open_trailing_actions(app, state, 4)
    app.move(right - 30, row["y"] + row["height"] / 2)
    time.sleep(0.2)
    # Stopped, the app reads both clicks in one go, so no frame comes between them. The app
    # itself is stopped, not the `dbus-run-session` it runs under.
    pid = app.pid()
    os.kill(pid, signal.SIGSTOP)
    try:
        wait_until(lambda: process_state(pid) == "T", what="the app to stop")
        app.xdotool("click", "--repeat", 2, "--delay", 5, 1)
        time.sleep(0.2)
        assert process_state(pid) == "T", "the app ran while the clicks arrived"
    finally:
        os.kill(pid, signal.SIGCONT)
    state = app.wait_state(lambda s: app.row(s, 4) is None and s["canUndo"], what="the row to be deleted")
    time.sleep(0.5)
    state = app.wait_state()
    assert app.row(state, 5) is not None and app.row(state, 3) is not None, "a second row went"
    assert "no row has id" not in app.stderr_text()


def test_quitting_straight_after_undoing_a_delete_prints_no_critical(launch):
    """Ctrl+Z withdraws the delete's toast, and the toast presenter polls every 50 ms until
    its hide is over; Ctrl+Q a moment later closes the window while it polls. GLib runs the
    sources that are due once more after the window has gone, and the poll used to read the
    destroyed overlay then (a GTK critical). Whether a poll falls due in that moment depends
    on the delay between the keys, so the quits step through one poll period of delays."""
    for attempt, delay in enumerate([0.05, 0.06, 0.07, 0.08, 0.09, 0.1] * 2):
        app = launch()
        state = app.wait_state(lambda s: app.row(s, 4) is not None)
        state, row, right = open_trailing_actions(app, state, 4)
        app.click(right - 30, row["y"] + row["height"] / 2)  # Delete
        app.wait_state(lambda s: app.row(s, 4) is None and s["bottomInset"] > 0, what="the delete and its toast")
        time.sleep(0.6)  # the toast's show is over, so Ctrl+Z dismisses it at once
        app.xdotool("key", "--clearmodifiers", "ctrl+z", "sleep", delay, "key", "--clearmodifiers", "ctrl+q")
        assert app.wait_exit() == 0, app.stderr_text()[-1500:]
        assert not app.noise(), f"quit {attempt + 1}, {delay} s after Ctrl+Z: " + "\n".join(app.noise())
