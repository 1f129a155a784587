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
