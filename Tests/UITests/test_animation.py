"""Animated height changes: the rows below a change (or a moved row itself) slide to their new
place with an ease-out instead of jumping, while the model is already at the end state.

Each scenario runs the app with GTKTABLEDEMO_ANIMATION_SLOWDOWN=10 (a 250 ms slide takes
2.5 s, a swipe spring ten times its time), so a frame in the middle can be seen for sure. It checks, in that frame:
  - what GTK allocated: the moving row's widget is strictly between its start and its end,
    exactly at the model's place plus the presentation offset the state file reports, and
    the rows above the change have not moved;
  - the pixels: a screenshot taken while the slide runs shows the row's own picture (its ink
    profile, taken from before the change) strictly between the two places;
and then the end state: every widget at the model's place, every offset 0.
The view-model agreement check runs in every frame, the sliding ones included.
"""
import time

import pytest

from harness import checking_every_scroll, sample_with


@pytest.fixture
def launch(launch):
    """Every wheel step here ends with the pixel oracle."""
    return checking_every_scroll(launch)
from test_settings import SettingsManager

SLOW = {"GTKTABLEDEMO_ANIMATION_SLOWDOWN": "10"}


def ink_profile(image, x0, x1, threshold=180):
    """For each pixel row of the screenshot, how many pixels between x0 and x1 carry ink."""
    region = image.crop((int(x0), 0, int(x1), image.height)).convert("L")
    width = region.width
    data = region.tobytes()
    return [sum(1 for v in data[y * width:(y + 1) * width] if v < threshold) for y in range(region.height)]


def drawn_at(shot, strip, x0, x1, low, high):
    """The y in low...high at which the screenshot best shows `strip` (an ink profile)."""
    profile = ink_profile(shot, x0, x1)
    best, best_y = None, None
    for y in range(int(low), int(high) + 1):
        window = profile[y:y + len(strip)]
        if len(window) < len(strip):
            break
        cost = sum(abs(a - b) for a, b in zip(window, strip))
        if best is None or cost < best:
            best, best_y = cost, y
    return best_y, best


def band(state):
    """The x band a row's ink is read in: its leading part, where titles and text start."""
    x = state["tableOrigin"]["x"]
    return x + 10, x + min(300, state["rowWidth"] - 10)


def strip_of(shot, state, row_id, height=40):
    """The ink profile of the top `height` px of a row, as drawn in `shot` (a settled frame)."""
    row = next(r for r in state["rows"] if r["id"] == row_id)
    x0, x1 = band(state)
    top = int(row["bounds"]["y"])
    return ink_profile(shot, x0, x1)[top:top + min(height, int(row["height"]))]


def drawn_y(row):
    return row["bounds"]["y"]


def assert_mid_slide(app, before_state, before_shot, row_id, start, predicate, what):
    """Waits for a frame in which row `row_id` is drawn strictly between `start` (its drawn
    top before the change) and its end (the model's place); checks the widget and the pixels
    of a screenshot taken while it slides. Returns that frame and the end place."""
    def sliding(s):
        if s["settled"] or not predicate(s):
            return False
        row = app.row(s, row_id)
        if not row or "bounds" not in row:
            return False
        end = row["y"]
        lo, hi = sorted((start, end))
        return hi - lo > 12 and lo + 3 < drawn_y(row) < hi - 3
    mid = app.wait_state(sliding, settled=False, what=what)
    row = app.row(mid, row_id)
    end = row["y"]
    # GTK placed the widget at the model's place moved by the reported offset, and the model
    # is already at the end state.
    assert abs(drawn_y(row) - (row["y"] + row["presentationOffset"])) <= 1, row
    assert (end - start) * row["presentationOffset"] < 0, "the offset does not point back to the start"
    shot = app.screenshot("mid-slide")
    after = app.state()
    assert not after["settled"], "the slide ended before the screenshot; the test cannot see the middle"
    later = app.row(after, row_id)
    lo, hi = sorted((drawn_y(row), drawn_y(later)))
    x0, x1 = band(mid)
    strip = strip_of(before_shot, before_state, row_id)
    found, cost = drawn_at(shot, strip, x0, x1, min(start, end) - 2, max(start, end) + 2)
    assert found is not None and lo - 1 <= found <= hi + 1, (found, lo, hi, cost)
    assert min(start, end) < found < max(start, end), (found, start, end)
    return mid, end


def scroll_near_top(app, row_id, within):
    """Wheels until row `row_id` is on screen no more than `within` px below the table's top,
    so the rows below it stay on screen while they move."""
    state = app.scroll_to_row(row_id)
    while app.row(state, row_id)["y"] > state["tableOrigin"]["y"] + within:
        state = app.wheel_and_wait(state, 5)
    return state


def assert_at_rest(app, state, predicate=lambda s: True, what="the slide to end"):
    """The end state: a settled frame in which every widget is at the model's place."""
    end = app.wait_frame_after(state, predicate, what=what)
    for row in end["rows"]:
        assert row["presentationOffset"] == 0, row
        if "bounds" in row:
            assert drawn_y(row) == round(row["y"]), row
    return end


def test_expanding_and_collapsing_a_note_slides_the_rows_below(launch):
    app = launch(env=SLOW)
    before = app.wait_state(lambda s: app.row(s, 4) is not None)
    shot = app.screenshot("before")
    start = drawn_y(app.row(before, 4))
    above = {r["id"]: drawn_y(r) for r in before["rows"] if r["y"] <= app.row(before, 3)["y"] and "bounds" in r}
    app.click(*app.note_button(before, 3))
    mid, end = assert_mid_slide(app, before, shot, 4, start, lambda s: app.row(s, 3)["expanded"], "row 4 sliding down")
    assert end > start
    # Nothing above the change moves; the note itself has its new height at once.
    for rid, y in above.items():
        assert drawn_y(app.row(mid, rid)) == y and app.row(mid, rid)["presentationOffset"] == 0, rid
    expanded = assert_at_rest(app, mid, lambda s: app.row(s, 3)["expanded"])
    assert app.row(mid, 3)["bounds"]["height"] == app.row(mid, 3)["height"] == app.row(expanded, 3)["height"]

    shot = app.screenshot("expanded")
    start = drawn_y(app.row(expanded, 4))
    app.click(*app.note_button(expanded, 3))
    mid, end = assert_mid_slide(app, expanded, shot, 4, start, lambda s: not app.row(s, 3)["expanded"],
                                "row 4 sliding up")
    assert end < start
    collapsed = assert_at_rest(app, mid, lambda s: not app.row(s, 3)["expanded"])
    assert drawn_y(app.row(collapsed, 4)) == drawn_y(app.row(before, 4))


def test_typing_during_a_slide_grows_the_note_at_once(launch):
    """Typing never waits for an animation, and growth while typing is not animated: a line
    typed into the note while the rows below still slide makes it taller in the same frame
    as the text, and moves the rows below by that much at once."""
    app = launch(env=SLOW)
    before = app.wait_state(lambda s: app.row(s, 4) is not None)
    app.click(*app.note_button(before, 3))
    sliding = app.wait_state(lambda s: app.row(s, 3)["expanded"] and app.row(s, 4)["presentationOffset"] < -5,
                             settled=False, what="the slide to start")
    height = app.row(sliding, 3)["height"]
    app.click(*app.note_text_point(sliding, 3))
    app.xdotool("key", "--clearmodifiers", "ctrl+End")
    text = app.row(sliding, 3)["text"]
    untyped = app.state()
    app.xdotool("key", "--clearmodifiers", "Return", "x")
    # The last frame before the new line arrives and the first with it.
    deadline = time.monotonic() + 5
    typed = None
    while typed is None and time.monotonic() < deadline:
        now = app.state()
        if now and app.row(now, 3)["text"] != text:
            typed = now
        elif now:
            untyped = now
        time.sleep(0.002)
    assert typed and not typed["settled"], "the slide ended before the typing; the test saw nothing"
    note, below = app.row(typed, 3), app.row(typed, 4)
    assert note["height"] > height and note["bounds"]["height"] == note["height"], note
    assert abs(drawn_y(below) - (below["y"] + below["presentationOffset"])) <= 1, below
    assert below["y"] == note["y"] + note["height"]
    # The row below jumped by the new line at once (a slide started by typing would have kept
    # it where it was drawn): it moved at least the line's height since the frame before.
    grew = note["height"] - app.row(untyped, 3)["height"]
    assert grew >= 16 and drawn_y(below) - drawn_y(app.row(untyped, 4)) >= grew - 1, (grew, below, app.row(untyped, 4))
    assert_at_rest(app, typed)


def test_opening_a_toggle_row_slides_the_rows_below(launch):
    app = launch(env=SLOW)
    state = scroll_near_top(app, 110, within=200)
    shot = app.screenshot("before")
    start = drawn_y(app.row(state, 111))
    app.click(200, app.row(state, 110)["y"] + 20)
    mid, end = assert_mid_slide(app, state, shot, 111, start, lambda s: app.row(s, 110)["open"], "row 111 sliding")
    assert end > start and drawn_y(app.row(mid, 109)) == drawn_y(app.row(state, 109))
    opened = assert_at_rest(app, mid, lambda s: app.row(s, 110)["open"])

    shot = app.screenshot("opened")
    start = drawn_y(app.row(opened, 111))
    app.click(200, app.row(opened, 110)["y"] + 20)
    mid, end = assert_mid_slide(app, opened, shot, 111, start, lambda s: not app.row(s, 110)["open"],
                                "row 111 sliding back")
    assert end < start
    assert_at_rest(app, mid, lambda s: not app.row(s, 110)["open"])


def swipe_open(app, state, row_id, dx):
    row = app.row(state, row_id)
    x0 = state["tableOrigin"]["x"] + (300 if dx < 0 else 100)
    y = row["y"] + row["height"] / 2
    app.drag(x0, y, x0 + dx, y)
    return app.wait_state(lambda s: abs(app.row(s, row_id)["swipeOffset"]) > 100, what="the actions open")


def test_delete_and_its_undo_slide_the_rows_below(launch):
    app = launch(env=SLOW)
    before = app.wait_state(lambda s: app.row(s, 5) is not None)
    shot = app.screenshot("before")
    start = drawn_y(app.row(before, 5))
    state = swipe_open(app, before, 4, -160)
    row = app.row(state, 4)
    app.click(state["tableOrigin"]["x"] + state["rowWidth"] - 30, row["y"] + row["height"] / 2)  # Delete
    mid, end = assert_mid_slide(app, before, shot, 5, start, lambda s: app.row(s, 4) is None, "row 5 sliding up")
    assert end == app.row(before, 4)["y"]
    deleted = assert_at_rest(app, mid, lambda s: app.row(s, 4) is None)

    shot = app.screenshot("deleted")
    start = drawn_y(app.row(deleted, 5))
    app.key("ctrl+z")
    mid, end = assert_mid_slide(app, deleted, shot, 5, start, lambda s: app.row(s, 4) is not None,
                                "row 5 sliding down")
    # The restored row is in its place at once; the rows below uncover it.
    assert drawn_y(app.row(mid, 4)) == app.row(mid, 4)["y"]
    restored = assert_at_rest(app, mid, lambda s: app.row(s, 4) is not None)
    assert drawn_y(app.row(restored, 5)) == drawn_y(app.row(before, 5))


def test_pinning_slides_the_row_to_its_new_place_and_the_rows_it_passes_down(launch):
    app = launch(env=SLOW)
    before = app.wait_state(lambda s: app.row(s, 6) is not None)
    shot = app.screenshot("before")
    start = drawn_y(app.row(before, 2))
    pinned_start = drawn_y(app.row(before, 6))
    state = swipe_open(app, before, 6, 160)
    row = app.row(state, 6)
    app.click(state["tableOrigin"]["x"] + 30, row["y"] + row["height"] / 2)  # Pin
    # Row 1 is the section's header; the pinned row goes right below it.
    mid, end = assert_mid_slide(app, before, shot, 2, start, lambda s: app.row(s, 6)["pinned"], "row 2 sliding down")
    # The pinned row itself travels up from where it was.
    pinned = app.row(mid, 6)
    assert pinned["y"] < drawn_y(pinned) < pinned_start, pinned
    assert_at_rest(app, mid, lambda s: s["rows"][1]["id"] == 6)


def test_rich_content_arriving_slides_the_rows_below(launch, workdir):
    # The row after the card is a toggle, whose picture does not change when the card loads.
    # Every note overflows, so each is 116 px: the pages above then fall so that one Page Down
    # brings the card from beyond the overscan into view, and its placeholder shows before
    # the content arrives (with short notes hugging their text, the card came within reach a
    # page earlier and loaded before it was on screen). The content comes 3 s after the card
    # nears the view, not the app's 0.7 s: the slowed Page Down glide and the screenshot took
    # most of 0.7 s on CI's machine, and the card sometimes arrived during the shot.
    overflowing = {"text": "\n".join(f"line {i} of a note that overflows" for i in range(8))}
    notes = [*range(2, 22), *range(401, 407)]
    data = sample_with(workdir, {**{row: overflowing for row in notes},
                                 302: {"kind": "toggle", "title": "After the card", "open": False}})
    app = launch(data=data, env={**SLOW, "GTKTABLEDEMO_RICH_DELAY_MS": "3000"})
    state = app.wait_state()
    bottom = state["tableOrigin"]["y"] + state["viewportHeight"]
    while not (app.row(state, 302) and app.row(state, 302)["y"] + 45 < bottom):
        offset = state["scrollOffset"]
        app.key("Page_Down")
        state = app.wait_state(lambda s: s["scrollOffset"] != offset, settled=False, what="a page down")
    placeholder = app.wait_state(lambda s: not app.row(s, 301)["loaded"] and "bounds" in app.row(s, 302),
                                 settled=False, what="the placeholder on screen")
    shot = app.screenshot("placeholder")
    start = drawn_y(app.row(placeholder, 302))
    # The shot shows the row below the card where the placeholder put it if, after it, the
    # card is still loading or its slide has not yet moved that row.
    after = app.state()
    assert not app.row(after, 301)["loaded"] or abs(drawn_y(app.row(after, 302)) - start) <= 0.5, \
        "the card arrived and moved the row below it before the test could take its picture"
    above = app.row(placeholder, 300)
    mid, end = assert_mid_slide(app, placeholder, shot, 302, start, lambda s: app.row(s, 301)["loaded"],
                                "the row below the card sliding")
    assert end != start
    if above and "bounds" in above:
        assert drawn_y(app.row(mid, 300)) == drawn_y(above)
    assert_at_rest(app, mid, lambda s: app.row(s, 301)["loaded"])


def test_a_grid_reflow_slides_the_rows_below(launch):
    app = launch(env=SLOW)
    state = scroll_near_top(app, 201, within=120)
    shot = app.screenshot("wide")
    start = drawn_y(app.row(state, 300))
    window = app.xdotool_output("search", "--onlyvisible", "--name", "Table Demo").split()[0]
    app.xdotool("windowsize", window, 400, 720)
    mid, end = assert_mid_slide(app, state, shot, 300, start, lambda s: s["rowWidth"] < state["rowWidth"],
                                "the header below the grid sliding")
    assert end > start
    assert_at_rest(app, mid, lambda s: s["rowWidth"] < state["rowWidth"])


def revealed_width(shot, state, row):
    """How many px of the row's trailing edge show the actions (anything but the row's white),
    read on a pixel line just inside the row's top."""
    right = int(state["tableOrigin"]["x"] + state["rowWidth"]) - 1
    y = int(row["bounds"]["y"]) + 3
    width = 0
    while width < 300 and max(abs(c - 255) for c in shot.getpixel((right - width, y))) > 30:
        width += 1
    return width


def test_a_keyboard_move_slides_the_row_past_its_neighbour(launch):
    """Alt+Down (E2): the moved row slides down past the next row, drawn over it, and that
    row slides up into the place the moved row left."""
    app = launch(env=SLOW)
    app.wait_state(lambda s: app.row(s, 4) is not None)
    app.key(*["Down"] * 3)
    before = app.wait_state(lambda s: s.get("focusedRow") == 3, what="row 3 focused")
    shot = app.screenshot("before")
    start, neighbour_start = drawn_y(app.row(before, 3)), drawn_y(app.row(before, 4))
    app.key("alt+Down")
    def moved(s):
        return app.row(s, 3)["y"] > app.row(s, 4)["y"]
    mid, end = assert_mid_slide(app, before, shot, 3, start, moved, "row 3 sliding down past row 4")
    neighbour = app.row(mid, 4)
    assert neighbour["y"] < drawn_y(neighbour) < neighbour_start, neighbour
    assert_at_rest(app, mid, moved)
    app.assert_full_redraw_matches()


def test_a_short_swipe_springs_back_and_a_mid_frame_shows_the_actions_narrowing(launch):
    """The swipe snap is a libadwaita spring: let go short of half the actions, the content
    springs back, and a frame in the middle shows part of the actions."""
    app = launch(env=SLOW)
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    row = app.row(state, 4)
    x0, y = state["tableOrigin"]["x"] + 300, row["y"] + row["height"] / 2
    app.xdotool("mousemove", "--sync", int(x0), int(y), "mousedown", 1,
                *[arg for i in range(1, 11) for arg in ("mousemove", "--sync", int(x0 - 5 * i), int(y))])
    held = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] < -30, what="the content to follow the drag",
                          settled=False)
    released = app.row(held, 4)["swipeOffset"]
    app.xdotool("mouseup", 1)

    def springing(s):
        r = app.row(s, 4)
        return not s["settled"] and not s["anyRowOpen"] and released + 6 < r["swipeOffset"] < -12
    mid = app.wait_state(springing, settled=False, what="a frame in the middle of the spring")
    r = app.row(mid, 4)
    # GTK moved the content where the spring is: the model already says closed.
    assert abs(r["contentBounds"]["x"] - r["bounds"]["x"] - r["swipeOffset"]) <= 1, r
    shot = app.screenshot("mid-spring")
    after = app.row(app.state(), 4)
    assert after["swipeOffset"] < -3, "the spring ended before the screenshot"
    width = revealed_width(shot, mid, r)
    assert -after["swipeOffset"] - 2 <= width <= -r["swipeOffset"] + 2, (width, r["swipeOffset"], after["swipeOffset"])
    assert 0 < width < -released
    end = app.wait_frame_after(mid, what="the spring to come to rest")
    r = app.row(end, 4)
    assert r["swipeOffset"] == 0 and r["contentBounds"]["x"] == r["bounds"]["x"]
    assert revealed_width(app.screenshot("rest"), end, r) == 0


def test_a_text_scaling_change_slides_the_rows_to_their_new_heights(launch, display, workdir):
    """Large Text re-measures every row; the rows below the first slide to their new places.
    (The rows' own text changes size too, so this one checks GTK's widgets, not a picture.)"""
    manager = SettingsManager(display, workdir, Xft_DPI=96 * 1024)
    try:
        app = launch(env=SLOW)
        before = app.wait_state(lambda s: app.row(s, 4) is not None)
        start = drawn_y(app.row(before, 4))
        manager.change(Xft_DPI=120 * 1024)

        def sliding(s):
            row = app.row(s, 4)
            # Collapsed notes keep their 64 px text area, so the rows move a few px each.
            return not s["settled"] and row and row["y"] > start + 4 and start < drawn_y(row) < row["y"]
        mid = app.wait_state(sliding, settled=False, what="row 4 sliding to its place for Large Text")
        row = app.row(mid, 4)
        assert abs(drawn_y(row) - (row["y"] + row["presentationOffset"])) <= 1, row
        assert_at_rest(app, mid)
    finally:
        manager.close()


def test_with_animations_off_every_height_change_is_instant(launch):
    """gtk-enable-animations off (GNOME's Animations switch): no frame between, even slowed down."""
    app = launch(env=SLOW, settings=["gtk-enable-animations=false"])
    before = app.wait_state(lambda s: app.row(s, 4) is not None)
    app.click(*app.note_button(before, 3))
    frames = {}
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        now = app.state()
        if now and now["frame"] > before["frame"]:
            frames[now["frame"]] = now
        time.sleep(0.005)
    changed = [f for f in frames.values() if app.row(f, 3)["expanded"]]
    assert changed, "the note never expanded"
    for frame in changed:
        row = app.row(frame, 4)
        assert frame["settled"] and row["presentationOffset"] == 0, row
        assert drawn_y(row) == round(row["y"]) > drawn_y(app.row(before, 4)), row
