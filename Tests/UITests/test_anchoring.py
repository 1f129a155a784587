"""Scroll anchoring (W2, W3) in a 100,000-row generated file: what the user looks at never
jumps when rows above it are measured for the first time, collapsed, or inserted."""
import subprocess
import threading
import time

import pytest

from harness import CLASSIC_SCROLLBARS, ROOT


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


def test_the_scrollbar_thumb_lands_where_it_is_dropped_and_stays(launch, file_200k):
    """W3: dragging GTK's thumb and letting go leaves it under the pointer (as GTK draws it),
    and it does not move by itself afterwards, though rows measured there change the total and
    rich rows loading there re-price the estimates."""
    app = launch(data=file_200k, settings=CLASSIC_SCROLLBARS)
    state = app.wait_state(timeout=60)  # the first start imports 200,000 rows from JSON
    for target in (383, 600, 120):
        slider = state["scrollbar"]["sliderBounds"]
        x = slider["x"] + slider["width"] / 2
        app.drag(x, slider_centre(state), x, target, steps=10)
        state = app.wait_frame_after(state, lambda s: abs(slider_centre(s) - target) < 40, what=f"the thumb near {target}")
        assert abs(slider_centre(state) - target) <= 12, (target, slider_centre(state))
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
    assert abs(slider_centre(loading) - target) <= 12, (target, slider_centre(loading))
    loaded = app.wait_state(lambda s: rich(s) and all(r["loaded"] for r in rich(s)), what="the rich row's content")
    assert loaded["contentHeight"] != loading["contentHeight"], "the content did not change the content height"
    assert slider_centre(loaded) == slider_centre(loading), "the thumb moved when the rich row loaded"


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
        # Slowly (about 3 s), so rich rows that came into view arrive 0.7 s later while the
        # thumb still moves.
        top, bottom = slider_centre(state), bounds["y"] + bounds["height"] - 2
        steps = 300
        moves = ["mousemove", "--sync", int(x), int(top), "mousedown", 1]
        for i in range(1, steps + 1):
            moves += ["sleep", "0.01", "mousemove", "--sync", int(x), int(top + (bottom - top) * i / steps)]
        app.xdotool(*moves, "mouseup", 1)
    finally:
        dragging.clear()
        watcher.join()
    assert most["frames"] > 10, most
    assert most["rowWidgets"] <= 40, most
    state = app.wait_state()
    assert state["rowWidgets"] <= 40
