"""The Wayland lane: the real app on headless sway, driven at the compositor with a virtual
pointer (touchpad-style finger scrolls with an axis stop, wheel notches, motion and buttons)
and wtype keys, asserting on grim screenshots and the state file."""
import os
import threading
import time
from pathlib import Path

from PIL import Image, ImageChops

from harness import GTK_MINOR, colour_fraction, dark_pixels, delete_red, pin_blue
from wayland_client import AXIS_HORIZONTAL

# Kept per GTK, as the X11 suite's: GTK 4.8 (Debian 12, sway 1.7) in goldens/, any other in
# goldens/gtk-4.N/ (GTK 4.18 is Debian 13's, with its sway 1.10).
GOLDENS = Path(__file__).resolve().parent / "goldens" / ("" if GTK_MINOR == 8 else f"gtk-4.{GTK_MINOR}")
# How far from the table's right edge GTK may draw the overlay scroll indicator (measured: 6 px
# thin, 8 px when the pointer is over it, inside its margins).
OVERLAY_INDICATOR_WIDTH = 16


def point_at_row(app, state, row_id, x=200):
    row = app.row(state, row_id)
    app.point_at(state, state["tableOrigin"]["x"] + x, row["y"] + row["height"] / 2)


def edge_colours(app, state, row_id, shot):
    """The share of Delete red at the row's trailing edge and of Pin blue at its leading edge."""
    left, top, right, bottom = app.row_box(state, row_id)
    return (colour_fraction(shot, (right - 40, top, right - 5, bottom), delete_red),
            colour_fraction(shot, (left + 5, top, left + 40, bottom), pin_blue))


def changed_fraction(a: Image.Image, b: Image.Image, tolerance: int):
    """The share of pixels where any one channel differs by more than `tolerance`, and a mask."""
    assert a.size == b.size, (a.size, b.size)
    bands = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    mask = bands[0].point(lambda v: 255 if v > tolerance else 0)
    for band in bands[1:]:
        mask = ImageChops.lighter(mask, band.point(lambda v: 255 if v > tolerance else 0))
    return mask.histogram()[255] / (a.size[0] * a.size[1]), mask


def test_first_screen_matches_the_wayland_golden(launch, workdir):
    """Per channel, a tight budget, and a missing golden fails (UPDATE_GOLDENS=1 writes it)."""
    app = launch()

    def measured_like_the_widgets(state):
        notes = [r for r in state["rows"] if r["kind"] == "note"]
        return len(notes) >= 5 and all(r.get("widgetTextHeight") == r["modelTextHeight"] for r in notes)

    state = app.ready(measured_like_the_widgets, what="text views to agree with the model's measurement")
    # sway draws the cursor into the output (grim captures it): put it in the same place each
    # time, over the header bar's empty stretch between the Find button and the title, where
    # nothing reacts to hovering.
    app.sway.pointer.move_to(140, 22)
    app.sway.pointer.connection.roundtrip()
    image = app.stable_screenshot("first-screen")
    assert image.size == (480, 720)
    hindi = app.row_box(state, 7, inset=8)
    assert dark_pixels(image, (hindi[0] + 10, hindi[1], hindi[0] + 300, hindi[1] + 26)) > 150, "no Hindi text"
    golden = GOLDENS / "first-screen.png"
    if os.environ.get("UPDATE_GOLDENS") == "1":
        GOLDENS.mkdir(parents=True, exist_ok=True)
        image.save(golden)
        return
    assert golden.exists(), f"golden {golden} is missing: run `make goldens` and look at it"
    fraction, mask = changed_fraction(image, Image.open(golden), tolerance=16)
    if fraction > 0.001:
        image.save(workdir / "first-screen-actual.png")
        mask.save(workdir / "first-screen-diff.png")
        raise AssertionError(f"{fraction:.3%} of pixels differ from the golden (budget 0.1%)")


def test_a_quick_two_finger_swipe_snaps_open_by_its_velocity(launch):
    app = launch()
    state = app.ready(lambda s: app.row(s, 4) is not None)
    point_at_row(app, state, 4)
    # 60 px in 50 ms: less than half the trailing actions' width (two of at least 74 px), so
    # only the speed (1200 px/s, three times the fling velocity) can keep the row open.
    app.sway.pointer.finger_swipe(dx=60, duration=0.05, steps=6)
    state = app.wait_state(lambda s: s["anyRowOpen"] and app.row(s, 4)["swipeOffset"] < -120,
                           what="the row to snap open")
    shot = app.stable_screenshot("open")
    red, blue = edge_colours(app, state, 4, shot)
    assert red > 0.6 and blue < 0.05, "the red Delete action does not show at the trailing edge"
    assert all(r["swipeOffset"] == 0 for r in state["rows"] if r["id"] != 4)


def test_a_short_slow_two_finger_swipe_snaps_back(launch):
    app = launch()
    state = app.ready(lambda s: app.row(s, 4) is not None)
    point_at_row(app, state, 4)
    pointer = app.sway.pointer
    # 60 px over about 0.6 s (100 px/s), fingers still down: the row follows them, less the
    # slop, and stays short of half the actions' width.
    for _ in range(10):
        pointer.finger_scroll(dx=6)
        pointer.connection.roundtrip()
        time.sleep(0.06)  # the hand's pace (below the 0.15 s idle end), not a wait for the app
    # Then the fingers stay down, jiggling 1 px each way every 40 ms: the app ends a swipe that
    # gets no scroll for 0.15 s even before the axis stop, and a loaded machine can take
    # longer than that to show and capture the state.
    holding = threading.Event()

    def hold():
        step = 1
        while not holding.is_set():
            pointer.finger_scroll(dx=step)
            pointer.connection.roundtrip()
            step = -step
            time.sleep(0.04)
    thread = threading.Thread(target=hold)
    thread.start()
    try:
        following = app.wait_state(lambda s: -65 <= app.row(s, 4)["swipeOffset"] <= -35, settled=False,
                                   what="the row to follow the fingers")
        # Flag and Delete share the strip the row uncovers; Delete's red is at the very edge.
        _, top, right, bottom = app.row_box(following, 4)
        red = colour_fraction(app.screenshot("following"), (right - 16, top, right - 3, bottom), delete_red)
    finally:
        holding.set()
        thread.join()
    assert red > 0.8, "the Delete action does not peek out while the fingers are down"
    pointer.finger_stop()
    pointer.connection.roundtrip()
    state = app.wait_frame_after(following, lambda s: app.row(s, 4)["swipeOffset"] == 0 and not s["anyRowOpen"],
                                 what="the row to snap back")
    red, blue = edge_colours(app, state, 4, app.stable_screenshot("closed"))
    assert red < 0.05 and blue < 0.05


def test_a_vertical_two_finger_flick_scrolls_on_kinetically_and_stops(launch):
    app = launch()
    state = app.ready(lambda s: app.row(s, 4) is not None)
    before = app.stable_screenshot("before")
    point_at_row(app, state, 4)
    app.sway.pointer.finger_swipe(dy=200, duration=0.1, steps=10)
    # After the lift the content goes on moving (frames that are not settled), past the
    # fingers' 200 px ...
    app.wait_state(lambda s: s["scrollOffset"] > 260, settled=False, what="the scroll to go on after the lift")
    # ... and comes to rest.
    final = app.wait_state(lambda s: s["scrollOffset"] > 260, timeout=20, what="the kinetic scroll to stop")
    assert final["scrollOffset"] > 2 * 200, final["scrollOffset"]
    after = app.stable_screenshot("after")
    assert app.state()["scrollOffset"] == final["scrollOffset"], "still scrolling after it settled"
    table = (0, 60, 440, 700)
    fraction, _ = changed_fraction(before.crop(table), after.crop(table), tolerance=40)
    assert fraction > 0.02, "the screen did not scroll"
    assert not final["anyRowOpen"]
    # What the kinetic scroll left on screen is what a full redraw draws (the pixel oracle).
    app.assert_full_redraw_matches("after-flick")


def test_a_click_on_expand_expands_the_note(launch):
    app = launch()
    state = app.ready(lambda s: app.row(s, 4) is not None and app.row(s, 3)["canExpand"])
    old3, old4 = app.row(state, 3), app.row(state, 4)
    # The pointer goes to the button first: the screenshots show the cursor (it starts in the
    # middle of the output, over row 4), and it must be in the same place in both.
    x, y = app.note_button(state, 3)
    app.point_at(state, x, y)
    before = app.stable_screenshot("before")
    app.sway.pointer.button(True)
    app.sway.pointer.button(False)
    app.sway.pointer.connection.roundtrip()
    after_state = app.wait_state(lambda s: app.row(s, 3)["expanded"] and app.row(s, 3)["height"] > old3["height"],
                                 what="the note to expand")
    grown = app.row(after_state, 3)["height"] - old3["height"]
    assert app.row(after_state, 4)["y"] == old4["y"] + grown
    assert app.row(after_state, 2)["y"] == app.row(state, 2)["y"]
    after = app.stable_screenshot("after")
    # On the screen: the row above is unchanged, the row below is drawn `grown` px lower,
    # pixel for pixel, and the expanded note shows its last two lines where there were none.
    # The strip along the right edge is left out: the pointer's motion brings GTK's overlay
    # scroll indicator there, over the rows, and it fades again a second later.
    def without_indicator(box):
        left, top, right, bottom = box
        return left, top, right - OVERLAY_INDICATOR_WIDTH, bottom

    for row_id in (2, 4):
        fraction, _ = changed_fraction(before.crop(without_indicator(app.row_box(state, row_id))),
                                       after.crop(without_indicator(app.row_box(after_state, row_id))), tolerance=16)
        assert fraction < 0.002, f"row {row_id} is not drawn where the state says"
    left, top, _, _ = app.row_box(after_state, 3, inset=0)
    lines = (left + 10, top + 8 + 3 * 20, left + 300, top + 8 + 5 * 20)
    assert dark_pixels(after, lines) > 100 and dark_pixels(before, lines) < dark_pixels(after, lines) / 3


def test_a_wheel_notch_never_starts_a_swipe(launch):
    """A horizontal mouse-wheel notch (axis source wheel, axis_discrete) leaves the row closed;
    only a touchpad's finger scroll swipes (the first test)."""
    app = launch()
    state = app.ready(lambda s: app.row(s, 4) is not None)
    point_at_row(app, state, 4)
    for steps in (1, 1, 1, -1, -1, -1):
        app.sway.pointer.wheel_notch(AXIS_HORIZONTAL, steps)
        # A barrier: Down moves keyboard focus to a row, which writes a new state only after
        # the notch before it was handled (a swipe would already show in that state).
        focus = state.get("focusedRow")
        app.key("Down")
        state = app.wait_state(lambda s: s.get("focusedRow") != focus, settled=False,
                               what="the focus to move after the notch")
        assert all(r["swipeOffset"] == 0 for r in state["rows"]), f"a notch ({steps}) moved a row"
        state = app.wait_state()
        assert not state["anyRowOpen"]
        red, blue = edge_colours(app, state, 4, app.stable_screenshot(f"notch{steps}"))
        assert red < 0.05 and blue < 0.05, "an action shows"


def test_web_rows_load_fit_and_draw_on_wayland(launch, workdir):
    """H5: the sample's web rows on sway, as an unprivileged user: each loads, fits its
    document (the page's own scrollHeight within 1 px), and draws its content."""
    import json
    sample = json.loads((Path(__file__).resolve().parents[2] / "data" / "rows.json").read_text())["rows"]
    rows = [r for r in sample if r["id"] in (500, 501, 503)]
    app = launch(rows=rows)

    def fitted(s):
        web = [r for r in s["rows"] if r["kind"] == "web"]
        return len(web) == 2 and all(r.get("webLive") and "pageScrollHeight" in r and
                                     abs(r["pageScrollHeight"] - r["webFit"]["documentHeight"]) <= 1 and
                                     r["pageViewHeight"] == r["webFit"]["documentHeight"] for r in web)
    state = app.ready(fitted, what="both web rows to load and fit")
    shot = app.screenshot("web-rows")
    for row in [r for r in state["rows"] if r["kind"] == "web"]:
        view = row["webViewBounds"]
        left, top = app.to_screen(state, view["x"], view["y"])
        assert dark_pixels(shot, (int(left), int(top), int(left + view["width"]), int(top + min(view["height"], 200)))) > 500
