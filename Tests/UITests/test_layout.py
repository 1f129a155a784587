"""Layout (P7): rows clamped to a readable width in a wide window, a right-to-left section header
aligned right, the Menu-key popover at the focused row, and chips of every script on one
baseline."""
from harness import dark_pixels, sample_with


def ink_columns(image, box, threshold=150):
    """The x of every column in `box` with a pixel darker than `threshold`."""
    left, top, right, bottom = box
    pixels = image.load()
    return [x for x in range(left, right) if any(sum(pixels[x, y]) / 3 < threshold for y in range(top, bottom))]


def ink_bottom(image, box, threshold=150):
    """The lowest row in `box` with a pixel darker than `threshold`."""
    left, top, right, bottom = box
    pixels = image.load()
    rows = [y for y in range(top, bottom) if any(sum(pixels[x, y]) / 3 < threshold for x in range(left, right))]
    return rows[-1]


def test_rows_keep_a_readable_width_centred_in_a_wide_window(launch):
    app = launch(args=["--size", "1200x700"])
    state = app.wait_state(lambda s: app.row(s, 5) is not None and s["window"]["width"] == 1200)
    assert state["rowWidth"] == 800
    row = app.row(state, 5)  # the long paragraph
    assert row["bounds"]["width"] == 800 and abs(row["bounds"]["x"] - (1200 - 800) / 2) <= 8, row["bounds"]
    shot = app.screenshot("wide")
    text = ink_columns(shot, (0, int(row["y"]) + 8, 1200, int(row["y"]) + 48))
    assert text and text[0] >= 200 and text[-1] <= 1000, (text[:1], text[-1:])
    assert text[-1] - text[0] > 600  # the lines run most of the clamp, not the window
    # The scrollbar stays at the window's edge, outside the clamp.
    assert state["scrollbar"]["bounds"]["x"] > 1100, state["scrollbar"]
    app.assert_full_redraw_matches()


def test_a_right_to_left_section_header_is_aligned_right(launch, workdir):
    app = launch(data=sample_with(workdir, {1: {"title": "הערות"}}))
    state = app.wait_state(lambda s: app.row(s, 1) is not None)
    header = app.row(state, 1)
    shot = app.screenshot("rtl-header")
    box = (0, int(header["y"]) + 4, int(state["window"]["width"]), int(header["y"] + header["height"]) - 4)
    ink = ink_columns(shot, box, threshold=200)
    assert ink and ink[0] > state["window"]["width"] / 2, ink[:3]
    app.assert_full_redraw_matches()


def test_the_menu_key_opens_the_row_menu_at_the_focused_row(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 3) is not None)
    app.key("Down", "Down", "Down")
    state = app.wait_state(lambda s: s["focus"].get("row") == 3, what="row 3 to take the focus")
    app.key("Menu")
    state = app.wait_state(lambda s: s["contextMenuOpen"])
    # Without a window manager each popover is an X window of its own: find where it is.
    windows = app.xdotool_output("search", "--onlyvisible", "--name", "").split()
    geometries = []
    for window in windows:
        out = app.xdotool_output("getwindowgeometry", window)
        x, y = map(int, out.split("Position: ")[1].split(" ")[0].split(","))
        w, h = map(int, out.split("Geometry: ")[1].split()[0].split("x"))
        geometries.append((x, y, w, h))
    popover = max((g for g in geometries if 50 < g[2] < 400 and 50 < g[3] < 400), key=lambda g: g[2] * g[3])
    row = app.row(state, 3)
    centre = popover[0] + popover[2] / 2
    row_centre = row["bounds"]["x"] + row["bounds"]["width"] / 2
    assert abs(centre - row_centre) <= 12, (popover, row["bounds"])
    assert row["y"] <= popover[1] + 20 <= row["y"] + row["height"], (popover, row)
    app.key("Escape")
    app.wait_state(lambda s: not s["contextMenuOpen"])
    app.assert_full_redraw_matches()


def test_a_devanagari_chip_shares_its_neighbours_baseline(launch, workdir):
    app = launch(data=sample_with(workdir, {201: {"chips": ["Swim", "नमन", "Hum", "मन", "Ham"]}}))
    state = app.scroll_to_row(201)
    row = app.row(state, 201)
    chips = row["chipBounds"]
    assert len({c["y"] for c in chips[:5]}) == 1, chips[:5]  # one line
    assert len({c["height"] for c in chips[:5]}) == 1, chips[:5]  # pills alike
    shot = app.screenshot("chips")
    bottoms = [ink_bottom(shot, (int(c["x"]) + 2, int(c["y"]), int(c["x"] + c["width"]) - 2, int(c["y"] + c["height"])))
               for c in chips[:5]]
    assert max(bottoms) - min(bottoms) <= 1, bottoms
    assert dark_pixels(shot, (int(chips[1]["x"]), int(chips[1]["y"]), int(chips[1]["x"] + chips[1]["width"]),
                              int(chips[1]["y"] + chips[1]["height"]))) > 10, "the Devanagari chip drew no text"
    app.assert_full_redraw_matches()
