"""Every frame is right whatever path led to it (W14): after scrolling, collapsing and
recycling, the screen at rest equals a full redraw (the pixel oracle, `assert_full_redraw_matches`),
and the drawn notes show their text."""

import pytest

from harness import checking_every_scroll, dark_pixels, sample_with


@pytest.fixture
def launch(launch):
    """Every wheel step here ends with the pixel oracle."""
    return checking_every_scroll(launch)


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
    image = app.stable_screenshot("after-wheel")
    state = app.wait_state()
    blank = [r["id"] for r in state["rows"] if r["kind"] == "note" and r["text"].strip()
             and note_ink(app, image, state, r["id"]) == 0]
    assert not blank, f"notes drawn without their text: {blank}"
    for step in range(8):
        state = app.wheel_and_wait(state, 4)


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
        sticky = state["stickyHeader"]
        assert sticky["id"] == header["id"] and sticky["drawnOnTop"] and sticky["bounds"]["y"] == origin["y"], sticky
        pinned = app.stable_screenshot(f"scrolled-{step}").crop(title_box)
        assert pinned.tobytes() == first.tobytes(), f"the section header is not drawn pinned at the top after {step + 1} notches"


LICENCE = "\n".join(f"{n}. Permission is granted to copy, change and share this line, number {n}, as is." for n in range(1, 640))


def test_wheeling_inside_a_long_expanded_note_draws_its_lines(launch, workdir):
    app = launch(data=sample_with(workdir, {3: {"text": LICENCE, "expanded": True}}))
    state = app.wait_state(lambda s: app.row(s, 3) is not None)
    origin = state["tableOrigin"]
    app.move(origin["x"] + 200, origin["y"] + 350)
    for step in range(12):
        state = app.wheel_and_wait(state, 5)
    image = app.stable_screenshot("inside")
    ink = note_ink(app, image, app.wait_state(), 3)
    assert ink and ink > 2000, f"the long note's lines are not drawn ({ink} dark pixels)"
    for step in range(40):
        state = app.wheel_and_wait(state, 5)


def test_rows_sliding_up_after_a_collapse_with_enter_are_drawn(launch, workdir):
    # Notes of one line a paragraph below it, so a note can be drawn in part.
    lines = {row: {"text": "\n".join(f"Line {n} of note {row}" for n in range(1, 6))} for row in range(4, 12)}
    app = launch(data=sample_with(workdir, {3: {"text": LICENCE[:3000]}, **lines}))
    state = app.wait_state()
    app.key("Down", "Down", "Down")  # the header, then the first two notes
    app.wait_state(lambda s: s["focus"].get("row") == 3, what="row 3 to take the focus")
    app.key("Return")
    state = app.wait_state(lambda s: app.row(s, 3)["expanded"], what="the expand")
    app.assert_full_redraw_matches("expanded")
    app.key("Return")
    state = app.wait_state(lambda s: not app.row(s, 3)["expanded"], what="the collapse")
    image = app.stable_screenshot("collapsed")
    blank = [r["id"] for r in state["rows"] if r["kind"] == "note" and r["text"].strip()
             and note_ink(app, image, state, r["id"]) == 0]
    assert not blank, f"notes drawn without their text: {blank}"
    app.assert_full_redraw_matches("collapsed")


# Base64 of a sentence, three times: letters Pango would break with a hyphen of its own.
CHECKSUM = "VGhlIHRhYmxlIHNob3VsZCBuZXZlciBtb3ZlIHVuZGVyIHRoZSByZWFkZXJzIGV5ZXM" * 3


def line_ends(image, box, threshold=140):
    """For each line of ink inside `box`, the height in px of the ink of its last glyph (the
    run of inked columns at the line's right end)."""
    region = image.crop(tuple(int(v) for v in box)).convert("L")
    width, height = region.size
    pixels = region.load()
    inked_rows = [any(pixels[x, y] < threshold for x in range(width)) for y in range(height)]
    bands, start = [], None
    for y, inked in enumerate(inked_rows + [False]):
        if inked and start is None:
            start = y
        elif not inked and start is not None:
            bands.append((start, y))
            start = None
    ends = []
    for top, bottom in bands:
        columns = [x for x in range(width) if any(pixels[x, y] < threshold for y in range(top, bottom))]
        last = [columns[-1]]
        for x in reversed(columns[:-1]):
            if x != last[-1] - 1:
                break
            last.append(x)
        rows = [y for y in range(top, bottom) if any(pixels[x, y] < threshold for x in last)]
        ends.append(rows[-1] - rows[0] + 1)
    return ends


def test_a_long_token_wraps_without_hyphens_it_does_not_have(launch, workdir):
    app = launch(data=sample_with(workdir, {2: {"text": CHECKSUM, "expanded": True}}))
    state = app.wait_state(lambda s: app.row(s, 2) is not None and app.row(s, 2)["expanded"])
    area = app.row(state, 2)["textAreaBounds"]
    box = (area["x"], area["y"], area["x"] + area["width"], area["y"] + area["height"])
    for form in ("drawn", "text view"):
        ends = line_ends(app.stable_screenshot(f"checksum-{form}"), box)
        assert len(ends) >= 3, f"the checksum did not wrap in the {form} ({ends})"
        # A hyphen's ink is a dash a pixel or two high; every hex digit is several times that.
        assert all(end > 4 for end in ends), f"the {form} ends a wrapped line with a dash: last glyph heights {ends}"
        app.click(*app.note_text_point(state, 2))
        state = app.wait_state(lambda s: app.row(s, 2)["noteForm"] == "textView")
        app.move(0, 0)
