"""The table inside GTK's GtkScrolledWindow: overlay scrollbars per the system setting, the
overshoot at the ends, and the wheel over a collapsed note scrolling the table (G4).

Touchscreen panning is GTK's own (the scrolled window's drag gesture) and is not driven here:
XTEST and Xvfb have no touch devices, sway 1.7 (wlroots 0.15) has no virtual-touch protocol,
this machine has no /dev/uinput to make a libinput touchscreen, and GTK 4.8's release build has
no GTK_DEBUG=touchscreen. See docs/DESIGN-NOTES.md."""
import os
import subprocess
import time

import pytest

from harness import CLASSIC_SCROLLBARS, checking_every_scroll, dark_pixels


@pytest.fixture
def launch(launch):
    """Every wheel step here ends with the pixel oracle."""
    return checking_every_scroll(launch)


def column_line(image, x, state, tolerance=12):
    """The share of column `x`, over the rows' height, drawn in another colour than the rows'
    background (taken at their left edge): 1 for a scrollbar's border line or gutter, 0 for bare rows."""
    origin = state["tableOrigin"]
    top = int(origin["y"]) + 60
    ys = range(top, top + 300, 3)
    changed = 0
    for y in ys:
        reference = image.getpixel((int(origin["x"]) + 8, y))
        changed += any(abs(a - b) > tolerance for a, b in zip(image.getpixel((x, y)), reference))
    return changed / len(ys)


def right_strip(state):
    """The columns along the table's right edge, where a classic scrollbar would be drawn."""
    right = int(state["window"]["width"] - state["tableOrigin"]["x"])  # the client-side shadow is as wide on both sides
    return range(right - 10, right - 1)


def test_overlay_scrolling_draws_no_gutter_and_rows_take_the_whole_width(launch):
    """GNOME's default (gtk-overlay-scrolling on): the rows reach the table's right edge and
    nothing is drawn there until the pointer comes near."""
    app = launch()
    state = app.wait_state()
    assert state["scrollbar"]["overlay"] is True
    assert state["rowWidth"] == state["window"]["width"] - 2 * state["tableOrigin"]["x"], state["rowWidth"]
    shot = app.stable_screenshot("overlay")
    drawn = max(column_line(shot, x, state) for x in right_strip(state))
    assert drawn < 0.05, f"a scrollbar is drawn at the right edge with overlay scrolling on ({drawn:.0%} of a column)"


def test_classic_scrollbars_draw_their_gutter_beside_the_rows(launch):
    """With gtk-overlay-scrolling off, GTK draws the classic scrollbar beside the rows."""
    app = launch(settings=CLASSIC_SCROLLBARS)
    state = app.wait_state()
    assert state["scrollbar"]["overlay"] is False
    bar = state["scrollbar"]["bounds"]
    assert state["tableOrigin"]["x"] + state["rowWidth"] <= bar["x"], (state["rowWidth"], bar)
    shot = app.stable_screenshot("classic")
    # The gutter's first column differs from the rows' background all the way down: libadwaita
    # 1.2 draws a border line there, 1.7 no line but a gutter 5 levels darker than the rows.
    assert column_line(shot, int(bar["x"]), state, tolerance=2) > 0.95, "no scrollbar gutter beside the rows"
    # And the thumb is drawn at rest, as an overlay indicator is not until the pointer comes near.
    slider = state["scrollbar"]["sliderBounds"]
    x = int(slider["x"] + slider["width"] / 2)
    ys = range(int(slider["y"]) + 8, int(slider["y"] + slider["height"]) - 8, 2)
    left = int(state["tableOrigin"]["x"]) + 8  # the rows' background, as column_line takes it
    drawn = sum(any(b - a > 24 for a, b in zip(shot.getpixel((x, y)), shot.getpixel((left, y)))) for y in ys) / len(ys)
    assert drawn > 0.95, f"the classic scrollbar's thumb is not drawn at rest ({drawn:.0%} of its middle column)"


def indicator_pixels(image, state):
    """Pixels of the overlay scrollbar drawn in the strip along the table's right edge."""
    origin = state["tableOrigin"]
    right = int(state["window"]["width"] - origin["x"])
    return dark_pixels(image, (right - 16, int(origin["y"]), right - 1, int(origin["y"]) + 300), threshold=230)


def test_the_overlay_indicator_appears_when_the_pointer_comes_near_the_edge(launch):
    app = launch()
    state = app.wait_state()
    assert indicator_pixels(app.stable_screenshot("hidden"), state) < 10
    origin = state["tableOrigin"]
    right = state["window"]["width"] - origin["x"]
    for step in range(6):  # a hand moving over the rows towards the right edge
        app.move(right - 160 + 30 * step, origin["y"] + 200 + 10 * step)
    deadline = time.monotonic() + 3
    shown = 0
    while time.monotonic() < deadline and shown < 200:
        shown = indicator_pixels(app.screenshot("shown"), state)
    assert shown >= 200, f"no scrollbar drawn when the pointer came near the edge ({shown} px)"


def top_edge_brightness(image, state):
    """The mean brightness of the table's top 4 pixel rows, where GTK draws the overshoot."""
    origin = state["tableOrigin"]
    x, y = int(origin["x"]), int(origin["y"])
    region = image.crop((x + 40, y, x + int(state["rowWidth"]) - 40, y + 4)).convert("L")
    values = list(region.getdata())
    return sum(values) / len(values)


def test_scrolling_up_at_the_top_shows_the_overshoot_and_moves_nothing(launch, display):
    """Wheel steps up at the very top draw GTK's overshoot at the top edge while they last (each
    step renews it); the rows stay where they are, and the edge is drawn as before afterwards."""
    app = launch()
    state = app.wait_state()
    assert state["scrollOffset"] == 0
    origin = state["tableOrigin"]
    app.move(origin["x"] + 200, origin["y"] + 300)
    before = top_edge_brightness(app.stable_screenshot("before"), state)
    wheel = subprocess.Popen(["xdotool", "click", "--repeat", "15", "--delay", "40", "4"],
                             env={**os.environ, "DISPLAY": display.name})
    try:
        darkest = min(top_edge_brightness(app.screenshot(f"overshoot-{i}"), state) for i in range(4))
    finally:
        wheel.wait(timeout=10)
    assert darkest < before - 8, f"no overshoot drawn at the top edge (brightness {before:.1f}, then {darkest:.1f})"
    after = app.wait_state()
    assert after["scrollOffset"] == 0
    assert [(r["id"], r["y"]) for r in after["rows"]] == [(r["id"], r["y"]) for r in state["rows"]]
    settled = top_edge_brightness(app.stable_screenshot("settled"), state)
    assert abs(settled - before) < 0.5, "the overshoot did not go away"


def test_the_wheel_over_a_collapsed_notes_text_scrolls_the_table(launch):
    """G4: a collapsed note that overflows has a scroller of its own, and the wheel over its
    text still scrolls the table, not the note."""
    app = launch()
    state = app.wait_state()
    note = next(r for r in state["rows"] if r["kind"] == "note" and r["canExpand"] and not r["expanded"]
                and r["y"] + r["height"] < state["tableOrigin"]["y"] + state["viewportHeight"])
    area = note["textAreaBounds"]
    app.move(area["x"] + area["width"] / 2, area["y"] + area["height"] / 2)
    after = app.wheel_and_wait(state, 5)
    assert after["scrollOffset"] > state["scrollOffset"]
    moved = app.row(after, note["id"])
    # Its text shows its first lines: the drawn form paints from the first paragraph at the
    # area's top, a text view is not scrolled.
    if moved["noteForm"] == "preview":
        assert moved["drawnText"]["paragraphs"][0] == 0 and moved["drawnText"]["top"] == moved["textAreaBounds"]["y"], moved
    else:
        assert moved["textAdjustment"]["value"] == 0, moved["textAdjustment"]
