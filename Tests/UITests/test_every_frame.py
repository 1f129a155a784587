"""Every frame is right whatever path led to it (W14): after scrolling, collapsing and
recycling, the screen at rest equals a full redraw (the pixel oracle, `assert_full_redraw_matches`),
and the drawn notes show their text."""

from harness import dark_pixels


def note_ink(app, image, state, row_id):
    """Dark pixels inside a note's text area as drawn (its text's ink)."""
    row = app.row(state, row_id)
    area = row["textAreaBounds"]
    box = (int(area["x"]), int(max(area["y"], state["tableOrigin"]["y"])), int(area["x"] + area["width"]),
           int(min(area["y"] + area["height"], state["tableOrigin"]["y"] + state["viewportHeight"])))
    return dark_pixels(image, box) if box[3] - box[1] > 8 else None


def test_notes_scrolled_into_view_by_the_wheel_are_drawn_with_their_text(launch):
    app = launch()
    state = app.wait_state()
    origin = state["tableOrigin"]
    app.move(origin["x"] + 200, origin["y"] + 350)
    for step in range(8):
        state = app.wheel_and_wait(state, 5)
        app.assert_full_redraw_matches(f"wheel-down-{step}")
    image = app.stable_screenshot("after-wheel")
    state = app.wait_state()
    blank = [r["id"] for r in state["rows"] if r["kind"] == "note" and r["text"].strip()
             and note_ink(app, image, state, r["id"]) == 0]
    assert not blank, f"notes drawn without their text: {blank}"
    for step in range(8):
        state = app.wheel_and_wait(state, 4)
    app.assert_full_redraw_matches("wheel-back-up")


def test_the_sticky_section_header_is_drawn_over_the_rows_while_they_scroll(launch):
    app = launch()
    state = app.wait_state()
    origin = state["tableOrigin"]
    header = state["rows"][0]
    assert header["kind"] == "header"
    # The header row's title as drawn at the top before any scroll.
    title_box = (int(origin["x"]) + 4, int(header["y"]) + 2, int(origin["x"]) + 200, int(header["y"] + header["height"]) - 2)
    first = app.stable_screenshot("first").crop(title_box)
    app.move(origin["x"] + 200, origin["y"] + 350)
    for step in range(3):
        state = app.wheel_and_wait(state, 5)
        assert state["scrollOffset"] > header["height"]
        assert state["stickyHeader"]["id"] == header["id"]
        pinned = app.stable_screenshot(f"scrolled-{step}").crop(title_box)
        assert pinned.tobytes() == first.tobytes(), f"the section header is not drawn pinned at the top after {step + 1} notches"
        app.assert_full_redraw_matches(f"sticky-{step}")
