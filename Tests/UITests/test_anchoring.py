"""Scroll anchoring (W2, W3) in a 100,000-row generated file: what the user looks at never
jumps when rows above it are measured for the first time, collapsed, or inserted; and in the
sample, a long note collapsed from inside stays on screen."""
import subprocess
import threading
import time

import pytest

from harness import CLASSIC_SCROLLBARS, checking_every_scroll, ROOT, dark_pixels, sample_with, wait_until


@pytest.fixture
def launch(launch):
    """Every wheel step here ends with the pixel oracle."""
    return checking_every_scroll(launch)


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "rows-100k.sqlite"  # a database, written directly
    subprocess.run([str(ROOT / ".build" / "debug" / "GenerateRows"), "--rows", "100000", "--seed", "11",
                    "--output", str(path)], check=True, capture_output=True)
    return path


def top_row(state):
    """The first row whose bottom is below the sticky header: what the reader's eye is on."""
    header_bottom = state["tableOrigin"]["y"] + 40
    return next(r for r in state["rows"] if r["y"] + r["height"] > header_bottom)


def assert_top_row_stayed(app, before, after, shift=0.0):
    row = app.row(after, top_row(before)["id"])
    assert row is not None, "the top row left the screen"
    assert abs(row["y"] - (top_row(before)["y"] + shift)) <= 1, (top_row(before), row)


def scroll_to_middle(app, state):
    """A click in the middle of the scrollbar's trough warps the thumb there (GTK's default).
    The tests that click it show classic scrollbars, where the trough is always drawn."""
    bounds = state["scrollbar"]["bounds"]
    app.click(bounds["x"] + bounds["width"] / 2, bounds["y"] + bounds["height"] / 2)
    return app.wait_state(lambda s: s["scrollOffset"] > s["contentHeight"] * 0.3, what="the middle")


def test_rows_measured_for_the_first_time_above_do_not_move_the_view(launch, big_file, workdir):
    app = launch(data=big_file, settings=CLASSIC_SCROLLBARS)
    state = scroll_to_middle(app, app.wait_state())
    assert state["rowCount"] == 100000
    assert state["rowWidgets"] <= 40
    seen = {r["id"] for r in state["rows"]}
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 300)
    step = state["viewportHeight"] ** (2 / 3)  # GTK's wheel step
    newly = []
    for _ in range(6):  # up, one GTK wheel step at a time, until rows never measured come into view above
        after = app.wheel_and_wait(state, 4)
        assert_top_row_stayed(app, state, after, shift=step)
        newly = [r for r in after["rows"] if r["id"] not in seen]
        if newly:
            break
        state = after
    assert newly, "no new rows came into view"


def test_collapsing_a_row_above_the_viewport_keeps_the_top_row_in_place(launch, big_file, workdir):
    app = launch(data=big_file, settings=CLASSIC_SCROLLBARS)
    state = scroll_to_middle(app, app.wait_state())
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 300)

    def expandable(s):
        top, bottom = s["tableOrigin"]["y"] + 40, s["tableOrigin"]["y"] + s["viewportHeight"]
        return next((r for r in s["rows"] if r["kind"] == "note" and r["canExpand"] and not r["expanded"]
                     and r["y"] > top and r["y"] + r["height"] < bottom), None)

    for _ in range(40):
        note = expandable(state)
        if note:
            break
        state = app.wheel_and_wait(state, 5)
    assert note, "no expandable note near the middle"
    app.click(*app.note_button(state, note["id"]))
    state = app.wait_state(lambda s: app.row(s, note["id"])["expanded"])
    # Scroll down until the expanded note is above the viewport.
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 300)
    while app.row(state, note["id"]) is not None:
        state = app.wheel_and_wait(state, 5)
    before = state
    app.key("ctrl+z")  # undo the expand: the row above shrinks
    after = app.wait_state(lambda s: s["contentHeight"] < before["contentHeight"], what="the collapse above")
    assert_top_row_stayed(app, before, after)


def test_a_row_inserted_above_the_viewport_keeps_the_top_row_in_place(launch, big_file, workdir):
    app = launch(data=big_file, settings=CLASSIC_SCROLLBARS)
    state = scroll_to_middle(app, app.wait_state())
    # The rows list starts with the overscan above the viewport: the victim is the first row
    # wholly in view below the sticky header, so the click lands on it.
    header_bottom = state["tableOrigin"]["y"] + 40
    victim = next(r for r in state["rows"] if r["y"] >= header_bottom and r["height"] >= 20)
    app.click(state["tableOrigin"]["x"] + 200, victim["y"] + victim["height"] / 2, button=3)
    app.wait_state(lambda s: s["contextMenuOpen"])
    app.key("Down", "Down", "Down", "Return")  # Pin, Done, Flag, Delete
    state = app.wait_state(lambda s: app.row(s, victim["id"]) is None and s["canUndo"], what="the delete")
    app.move(state["tableOrigin"]["x"] + 200, state["tableOrigin"]["y"] + 300)
    for _ in range(12):
        state = app.wheel_and_wait(state, 5)
    before = state
    app.key("ctrl+z")  # the deleted row comes back, above the viewport
    after = app.wait_state(lambda s: s["rowCount"] == 100000, what="the row to be restored")
    assert_top_row_stayed(app, before, after)


@pytest.fixture(scope="module")
def file_200k(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "rows-200k.json"
    subprocess.run([str(ROOT / ".build" / "debug" / "GenerateRows"), "--rows", "200000", "--seed", "7",
                    "--output", str(path)], check=True, capture_output=True)
    return path


def slider_centre(state):
    slider = state["scrollbar"]["sliderBounds"]
    return slider["y"] + slider["height"] / 2


def assert_thumb_where_gtk_dropped_it(state, pointer_y):
    """The thumb shows the fraction of its travel GTK's range set for the pointer when it was
    let go (`rangeFraction`, read when GTK set it), to within one px of travel, and the pointer
    is still on it. Not "its centre is within n px of the pointer": GTK's own pointer mapping
    moves a dragged thumb further than the pointer by an amount its theme's geometry decides (in
    a plain GtkScrolledWindow, 102–106 px per 100 px dragged on 4.8, 103–108 on 4.18, more the
    lower the thumb), so the pointer is no exact reference on either GTK."""
    bar = state["scrollbar"]
    shown = (bar["value"] - bar["lower"]) / (bar["upper"] - bar["lower"] - bar["pageSize"])
    one_px = 1 / (bar["bounds"]["height"] - bar["sliderBounds"]["height"])
    assert abs(shown - bar["rangeFraction"]) <= one_px, ("the thumb left GTK's drop fraction", shown, bar["rangeFraction"])
    slider = bar["sliderBounds"]
    assert slider["y"] <= pointer_y <= slider["y"] + slider["height"], ("the thumb left the pointer", pointer_y, slider)


def test_the_scrollbar_thumb_lands_where_it_is_dropped_and_stays(launch, file_200k):
    """W3: dragging GTK's thumb and letting go leaves it where GTK put it for the pointer,
    and it does not move by itself afterwards, though rows measured there change the total and
    rich rows loading there re-price the estimates."""
    app = launch(data=file_200k, settings=CLASSIC_SCROLLBARS)
    state = app.wait_state(timeout=60)  # the first start imports 200,000 rows from JSON
    for target in (383, 600, 120):
        slider = state["scrollbar"]["sliderBounds"]
        x = slider["x"] + slider["width"] / 2
        app.drag(x, slider_centre(state), x, target, steps=10)
        state = app.wait_frame_after(state, lambda s: abs(slider_centre(s) - target) < 40, what=f"the thumb near {target}")
        assert_thumb_where_gtk_dropped_it(state, target)
        time.sleep(1.0)  # a second of nothing: no input, and the thumb must not drift
        assert slider_centre(app.state()) == slider_centre(state), "the thumb moved by itself"
        state = app.state()


def test_a_rich_row_loading_where_the_thumb_was_dropped_does_not_move_the_thumb(launch):
    """W3 where a pixel of the thumb is a few dozen pixels of content (the 76 sample rows): the
    thumb is dropped where a rich row shows its placeholder; the content arrives 0.7 s later and
    changes the content height, and the thumb stays exactly where it was let go."""
    app = launch(settings=CLASSIC_SCROLLBARS)
    state = app.wait_state()
    slider = state["scrollbar"]["sliderBounds"]
    x = slider["x"] + slider["width"] / 2
    target = 560
    app.drag(x, slider_centre(state), x, target, steps=10)

    def rich(s):
        return [r for r in s["rows"] if r["kind"] == "rich"]

    frame = state["frame"]
    loading = app.wait_state(lambda s: s["frame"] > frame and rich(s) and not any(r["loaded"] for r in rich(s)),
                             settled=False, what="a rich row's placeholder under the dropped thumb")
    assert_thumb_where_gtk_dropped_it(loading, target)
    loaded = app.wait_state(lambda s: rich(s) and all(r["loaded"] for r in rich(s)), what="the rich row's content")
    assert loaded["contentHeight"] != loading["contentHeight"], "the content did not change the content height"
    # The new content height shortens the thumb, and GTK keeps the thumb's place in its travel
    # (the fraction), so its centre moves by at most half the change in its length (plus half
    # a px of rounding). Letting the content move the thumb moves it by tens of px.
    before, after = loading["scrollbar"]["sliderBounds"], loaded["scrollbar"]["sliderBounds"]
    allowed = abs(after["height"] - before["height"]) / 2 + 0.5
    assert abs(slider_centre(loaded) - slider_centre(loading)) <= allowed, \
        ("the thumb moved when the rich row loaded", before, after)
    assert after["y"] <= target <= after["y"] + after["height"], ("the thumb left the pointer", target, after)


def test_rows_arriving_during_a_thumb_drag_slide_only_themselves(launch, big_file):
    """A rich row's content that arrives while the thumb is dragged animates that change only.
    The arrival can land between a scroll and the frame that draws it; the rows drawn before
    the scroll must not then slide back from where they were, over the rows now in view (which
    also kept dozens of extra row widgets alive). Watched through every frame of the drag: the
    table never has more than its W1 bound of 40 row widgets."""
    app = launch(data=big_file, settings=CLASSIC_SCROLLBARS)
    state = app.wait_state()
    slider = state["scrollbar"]["sliderBounds"]
    bounds = state["scrollbar"]["bounds"]
    x = slider["x"] + slider["width"] / 2
    most = {"rowWidgets": 0, "frames": 0}
    dragging = threading.Event()

    def watch():
        seen = None
        while dragging.is_set():
            s = app.state()
            if s and s["frame"] != seen:
                seen = s["frame"]
                most["frames"] += 1
                most["rowWidgets"] = max(most["rowWidgets"], s["rowWidgets"])
            time.sleep(0.005)

    dragging.set()
    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        # Slowly (at least 3 s), so rich rows that came into view arrive 0.7 s later while the
        # thumb still moves. The hand waits for a drawn frame after each of 20 stretches, so
        # the drag spans at least 20 frames however slowly a loaded machine draws them (a
        # 3 s drag in one go drew only 10 frames in a clean-clone run).
        top, bottom = slider_centre(state), bounds["y"] + bounds["height"] - 2
        steps, stretches = 300, 20
        app.xdotool("mousemove", "--sync", int(x), int(top), "mousedown", 1)
        for stretch in range(stretches):
            drawn = app.state()["frame"]
            moves = []
            for i in range(stretch * steps // stretches + 1, (stretch + 1) * steps // stretches + 1):
                moves += ["sleep", "0.01", "mousemove", "--sync", int(x), int(top + (bottom - top) * i / steps)]
            app.xdotool(*moves)
            wait_until(lambda: (app.state() or {}).get("frame", 0) > drawn, timeout=10,
                       what="a frame drawn during the drag")
        app.xdotool("mouseup", 1)
    finally:
        dragging.clear()
        watcher.join()
    assert most["frames"] > 10, most
    assert most["rowWidgets"] <= 40, most
    state = app.wait_state()
    assert state["rowWidgets"] <= 40


# A note of 370 short lines (about 7,000 px expanded at 480 px) as row 15, far enough down the
# Notes section that its end can stay in place when it collapses.
LONG_NOTE = "\n".join(f"line {i:03d} of a long note" for i in range(370))
NOTE = 15


def expanded_long_note(launch, workdir, **kwargs):
    """The sample with the long note, scrolled to and expanded by a click on its button;
    returns the app and the settled state."""
    app = launch(data=sample_with(workdir, {NOTE: {"text": LONG_NOTE, "expanded": False}}), **kwargs)
    state = app.scroll_to_row(NOTE)
    app.click(*app.note_button(state, NOTE))
    state = app.wait_state(lambda s: app.row(s, NOTE)["expanded"] and app.row(s, NOTE)["height"] > 5000, what="the expand")
    origin = state["tableOrigin"]
    app.move(origin["x"] + 200, origin["y"] + 300)
    return app, state


def wheel_down_until(app, state, condition, what):
    """Real wheel steps down, one at a time, until `condition(state)` holds; returns that state."""
    for _ in range(400):
        if condition(state):
            return state
        state = app.wheel_and_wait(state, 5)
    raise AssertionError(f"never reached {what}")


def viewport(state):
    return state["tableOrigin"]["y"], state["tableOrigin"]["y"] + state["viewportHeight"]


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def assert_drawn_inside_the_viewport(state, row):
    """GTK's own bounds of the row's widget lie inside the viewport."""
    top, bottom = viewport(state)
    bounds = row["bounds"]
    assert top <= bounds["y"] and bounds["y"] + bounds["height"] <= bottom, (bounds, top, bottom)


def assert_button_drawn(shot, button):
    """The screenshot shows a button's label (ink) inside its bounds."""
    box = (int(button["x"]), int(button["y"]), int(button["x"] + button["width"]), int(button["y"] + button["height"]))
    assert dark_pixels(shot, box) > 20, box


def test_collapsing_a_long_note_at_its_button_leaves_the_button_under_the_pointer(launch, workdir):
    """W2 (issue 19): wheel down a 370-line expanded note to its Collapse button and click it.
    The anchor row shrinks past the anchor: its end stays where it was, so the collapsed note
    is on screen with its Expand button under the pointer, and the rows below do not move."""
    app, state = expanded_long_note(launch, workdir)

    def end_in_view(s):
        """The note's button, and its end below the button, are inside the viewport."""
        row = app.row(s, NOTE)
        button = row and row.get("buttonBounds")
        top, bottom = viewport(s)
        return button and button["y"] >= top + 40 and row["y"] + row["height"] <= bottom

    state = wheel_down_until(app, state, end_in_view, "the note's Collapse button and end")
    assert app.row(state, NOTE)["buttonLabel"] == "Collapse"
    assert app.row(state, NOTE)["y"] < viewport(state)[0] - 5000, "the note's top is not far above the viewport"
    before = app.row(state, NOTE)["buttonBounds"]
    pointer = centre(before)
    below = {r["id"]: r["bounds"]["y"] for r in state["rows"]
             if r["y"] > app.row(state, NOTE)["y"] and "bounds" in r and r["y"] < viewport(state)[1]}
    app.click(*pointer)
    after = app.wait_frame_after(state, lambda s: app.row(s, NOTE) is not None and not app.row(s, NOTE)["expanded"],
                                 what="the collapse, with the note on screen")
    note = app.row(after, NOTE)
    assert_drawn_inside_the_viewport(after, note)
    assert note["buttonLabel"] == "Expand"
    button = note["buttonBounds"]
    # Its label is shorter than "Collapse": the button keeps its trailing edge and its middle.
    assert button["x"] + button["width"] == before["x"] + before["width"], (button, before)
    assert abs(centre(button)[1] - pointer[1]) <= 1, (button, pointer)
    for row_id, y in below.items():
        assert app.row(after, row_id)["bounds"]["y"] == y, f"row {row_id} below the note moved"
    assert_button_drawn(app.stable_screenshot("collapsed"), button)


def test_the_collapse_at_the_button_does_not_slide_the_note_away_from_the_pointer(launch, workdir):
    """The slide agrees with the anchoring rule: with slides ten times slower, every frame
    drawn after the click shows the collapsed note with its button under the pointer (GTK's
    own bounds, each frame as the state file reports it), never sliding in from where its top
    was, thousands of px above."""
    app, state = expanded_long_note(launch, workdir, env={"GTKTABLEDEMO_ANIMATION_SLOWDOWN": "10"})
    state = wheel_down_until(app, state, lambda s: app.row(s, NOTE)["y"] + app.row(s, NOTE)["height"] < viewport(s)[1] - 60,
                             "the note's Collapse button")
    pointer = centre(app.row(state, NOTE)["buttonBounds"])
    app.click(*pointer)
    frames = {}
    deadline = time.monotonic() + 3.0  # a slide would take 2.5 s
    while time.monotonic() < deadline:
        s = app.state()
        if s and s["frame"] > state["frame"]:
            frames[s["frame"]] = s
        time.sleep(0.005)
    collapsed = [s for s in frames.values() if app.row(s, NOTE) and not app.row(s, NOTE)["expanded"]]
    assert collapsed, "no frame after the click showed the note collapsed"
    for s in sorted(collapsed, key=lambda s: s["frame"]):
        note = app.row(s, NOTE)
        assert_drawn_inside_the_viewport(s, note)
        assert abs(centre(note["buttonBounds"])[1] - pointer[1]) <= 1, (s["frame"], note["buttonBounds"], pointer)


def test_undoing_an_expand_read_from_inside_the_note_brings_the_note_to_the_top(launch, workdir):
    """W2 (issue 19): expand the 370-line note, wheel about 800 px into it, press Ctrl+Z. The
    note's end was far below the viewport, so its top comes to the viewport's top."""
    app, state = expanded_long_note(launch, workdir)
    state = wheel_down_until(app, state, lambda s: app.row(s, NOTE)["y"] <= viewport(s)[0] - 800, "800 px into the note")
    app.key("ctrl+z")
    after = app.wait_frame_after(state, lambda s: app.row(s, NOTE) is not None and not app.row(s, NOTE)["expanded"],
                                 what="the undo, with the note on screen")
    note = app.row(after, NOTE)
    assert_drawn_inside_the_viewport(after, note)
    assert note["bounds"]["y"] == viewport(after)[0], "the note's top is not at the viewport's top"
    assert_button_drawn(app.stable_screenshot("undone"), note["buttonBounds"])
