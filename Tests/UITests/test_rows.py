"""Toggle rows (T1–T3), grid rows (G1–G5) and rich rows (R1) in the real window."""
from harness import dark_pixels


def test_toggle_rows_show_their_laid_out_height_and_a_click_toggles_only_that_row(launch):
    app = launch()
    state = app.scroll_to_row(110)
    toggles = [r for r in state["rows"] if r["kind"] == "toggle"]
    assert len(toggles) >= 5
    for row in toggles:
        # T3: the label GTK displays is the height GTK allocated to the row.
        assert row["heightLabelText"] == f'{int(row["bounds"]["height"])} px', row
        assert row["bounds"]["height"] == 45 and not row["open"]  # T1: every closed row is 45
    target = app.row(state, 110)
    below = [r for r in toggles if r["y"] > target["y"]]
    above = [r for r in state["rows"] if r["y"] < target["y"]]
    binds = dict(state["bindCount"])

    app.click(200, target["y"] + 20)
    opened = app.wait_frame_after(state, lambda s: app.row(s, 110)["open"])
    row = app.row(opened, 110)
    assert 45 <= row["bounds"]["height"] <= 100 and row["heightLabelText"] == f'{int(row["bounds"]["height"])} px'
    delta = row["height"] - 45
    for other in above:
        assert app.row(opened, other["id"])["y"] == other["y"]
    for other in below:
        now = app.row(opened, other["id"])
        if now:
            assert abs(now["y"] - (other["y"] + delta)) < 1
    # T2: no reload. Rows already on screen were not bound again.
    for rid in binds:
        if app.row(opened, int(rid)) and rid != "110":
            assert opened["bindCount"][rid] == binds[rid], rid

    # The height is the id's own: the same on every launch.
    app.click(200, row["y"] + 20)
    closed = app.wait_frame_after(opened, lambda s: not app.row(s, 110)["open"])
    assert app.row(closed, 110)["height"] == 45
    app.click(200, app.row(closed, 110)["y"] + 20)
    again = app.wait_frame_after(closed, lambda s: app.row(s, 110)["open"])
    assert app.row(again, 110)["height"] == row["height"]


def test_grid_reflows_on_resize_and_only_that_row_is_measured_again(launch):
    app = launch()
    state = app.scroll_to_row(201)
    grid = app.row(state, 201)
    assert grid["chips"] == 30
    counts = dict(state["measureCount"])
    shot = app.screenshot("grid-wide")
    assert dark_pixels(shot, (20, int(grid["y"]) + 10, 440, int(grid["y"]) + 40)) > 100

    window = app.xdotool_output("search", "--onlyvisible", "--name", "Table Demo").split()[0]
    app.xdotool("windowsize", window, 360, 720)
    narrow = app.wait_state(lambda s: s["rowWidth"] < 400 and app.row(s, 201) is not None, what="the narrower layout")
    narrow_grid = app.row(narrow, 201)
    assert narrow_grid["height"] > grid["height"], "the chips did not wrap onto more lines"
    assert narrow["measureCount"]["201"] == counts["201"] + 1
    # Rows off screen were not measured; toggle rows never need measuring.
    shown = {str(r["id"]) for r in narrow["rows"]}
    for rid, count in narrow["measureCount"].items():
        if rid not in shown:
            assert count == counts.get(rid), rid
    # Every chip, the ellipsized long one included (G3), lies inside the row GTK allocated (G1).
    assert_chips_inside(narrow_grid)
    app.xdotool("windowsize", window, 760, 720)
    wide = app.wait_state(lambda s: s["rowWidth"] > 700 and app.row(s, 201) is not None, what="the wider layout")
    wide_grid = app.row(wide, 201)
    assert wide_grid["height"] < grid["height"], "the chips did not flow onto fewer lines"
    assert_chips_inside(wide_grid)
    shot = app.screenshot("grid-wide-again")
    last = wide_grid["chipBounds"][-1]
    assert dark_pixels(shot, (int(last["x"]), int(last["y"]), int(last["x"] + last["width"]), int(last["y"] + last["height"]))) > 10


def assert_chips_inside(row):
    """Each chip's GTK bounds lie inside the row's content, and there are as many as the row has."""
    content = row["contentBounds"]
    assert len(row["chipBounds"]) == row["chips"]
    for chip in row["chipBounds"]:
        assert chip["x"] >= content["x"] - 0.5 and chip["x"] + chip["width"] <= content["x"] + content["width"] + 0.5, chip
        assert chip["y"] >= content["y"] - 0.5 and chip["y"] + chip["height"] <= content["y"] + content["height"] + 0.5, chip


def test_rich_content_arrives_later_and_nothing_above_moves(launch):
    app = launch()
    state = app.wait_state()
    bottom = state["tableOrigin"]["y"] + state["viewportHeight"]
    # Page down until the first rich row shows, faster than its content arrives.
    while not (app.row(state, 301) and app.row(state, 301)["y"] < bottom):
        offset = state["scrollOffset"]
        app.key("Page_Down")
        state = app.wait_state(lambda s: s["scrollOffset"] != offset, settled=False, what="a page down")
    rich = app.row(state, 301)
    assert not rich["loaded"]
    top = state["rows"][1]
    loaded = app.wait_state(lambda s: app.row(s, 301) and app.row(s, 301)["loaded"] and
                            (app.row(s, 302) is None or app.row(s, 302)["loaded"]), what="rich content")
    assert app.row(loaded, top["id"])["y"] == top["y"], "a row above the rich row moved"
    assert app.row(loaded, 301)["y"] == rich["y"]
    assert app.row(loaded, 301)["measured"]
    shot = app.screenshot("rich")
    row = app.row(loaded, 301)
    assert dark_pixels(shot, (20, int(row["y"]) + 10, 440, int(row["y"]) + row["height"] - 10)) > 300
