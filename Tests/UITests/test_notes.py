"""Note rows (N1–N7): expand and collapse, live growth while typing, the caret after collapse."""
from harness import dark_pixels


def rows_by_id(state):
    return {r["id"]: r for r in state["rows"]}


def test_expand_shows_all_five_lines_and_moves_only_the_rows_below(launch):
    app = launch()
    before = app.wait_state(lambda s: app.row(s, 3) is not None)
    row = app.row(before, 3)
    assert row["height"] == 116 and not row["expanded"]  # 8 + 64 + 4 + 32 + 8
    lines_4_and_5 = (20, int(row["y"]) + 8 + 66, 260, int(row["y"]) + 8 + 98)
    assert dark_pixels(app.screenshot("collapsed"), lines_4_and_5) == 0

    app.click(*app.note_button(before, 3))
    after = app.wait_frame_after(before, lambda s: app.row(s, 3)["expanded"])
    grown = app.row(after, 3)
    delta = grown["height"] - row["height"]
    assert grown["height"] == 8 + 100 + 4 + 32 + 8  # five 20 px lines
    shot = app.screenshot("expanded")
    assert dark_pixels(shot, lines_4_and_5) > 200, "lines 4 and 5 are not drawn"
    old, new = rows_by_id(before), rows_by_id(after)
    for rid in old.keys() & new.keys():
        expected = old[rid]["y"] + (delta if old[rid]["y"] > row["y"] else 0)
        assert abs(new[rid]["y"] - expected) < 1, (rid, old[rid]["y"], new[rid]["y"])
    grew = {k for k in after["measureCount"] if after["measureCount"][k] != before["measureCount"].get(k)}
    assert grew == {"3"}, grew

    app.click(*app.note_button(after, 3))
    collapsed = app.wait_frame_after(after, lambda s: not app.row(s, 3)["expanded"])
    assert app.row(collapsed, 3)["height"] == 116
    assert abs(app.row(collapsed, 4)["y"] - old[4]["y"]) < 1


def test_typing_grows_an_expanded_note_live_and_deleting_shrinks_it_to_one_line(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 3) is not None)
    app.click(*app.note_button(state, 3))
    state = app.wait_frame_after(state, lambda s: app.row(s, 3)["expanded"])
    base = app.row(state, 3)["height"]
    counts = dict(state["measureCount"])

    app.click(*app.note_text_point(state, 3))
    app.key("ctrl+End")
    typed = "\nsix\nseven\neight"
    app.type(typed)
    state = app.wait_state(lambda s: app.row(s, 3)["text"].endswith("eight"), what="the typed text")
    assert app.row(state, 3)["height"] == base + 60  # three more 20 px lines
    # Only the edited row was measured again, once per keystroke that reached the model.
    others = {k: v for k, v in state["measureCount"].items() if k != "3"}
    assert others == {k: v for k, v in counts.items() if k != "3"}
    assert state["measureCount"]["3"] > counts["3"]

    app.xdotool("key", "--clearmodifiers", "--repeat", len(typed), "--delay", 15, "BackSpace")
    state = app.wait_state(lambda s: app.row(s, 3)["height"] == base, what="the note to shrink back")
    # Deleting everything leaves one line, and no button: the empty text fits (N2).
    app.key("ctrl+a")
    app.key("BackSpace")
    state = app.wait_state(lambda s: app.row(s, 3)["text"] == "", what="an empty note")
    assert app.row(state, 3)["height"] == 8 + 20 + 8 and not app.row(state, 3)["buttonShown"]


def test_a_short_note_gets_its_button_once_the_text_no_longer_fits(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 2) is not None)
    assert not app.row(state, 2)["canExpand"]
    app.click(*app.note_text_point(state, 2))
    app.key("ctrl+End")
    app.type("\nsecond\nthird")
    state = app.wait_state(lambda s: app.row(s, 2)["text"].endswith("third"))
    assert not app.row(state, 2)["canExpand"]  # three lines fit in 64 px
    app.type("\nfourth")
    state = app.wait_state(lambda s: app.row(s, 2)["canExpand"], what="the button to show")
    assert app.row(state, 2)["height"] == 116  # collapsed: 64 px of text and the button
    app.xdotool("key", "--clearmodifiers", "--repeat", len("\nfourth"), "--delay", 15, "BackSpace")
    state = app.wait_state(lambda s: not app.row(s, 2)["canExpand"], what="the button to go")


def test_collapsing_while_editing_keeps_the_caret_visible(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 5) is not None)
    app.click(*app.note_button(state, 5))
    state = app.wait_frame_after(state, lambda s: app.row(s, 5)["expanded"])
    app.click(*app.note_text_point(state, 5))
    app.key("ctrl+End")
    app.click(*app.note_button(state, 5))
    state = app.wait_frame_after(state, lambda s: not app.row(s, 5)["expanded"] and app.row(s, 5)["caretVisible"],
                                 what="the caret to be scrolled into the collapsed text")
    row = app.row(state, 5)
    assert row["textScroll"] > 0
    # The last line ("...without a single visible jump...") is what the 64 px area shows now.
    shot = app.screenshot("caret")
    area = (20, int(row["y"]) + 8, 440, int(row["y"]) + 8 + 64)
    assert dark_pixels(shot, area) > 200


def test_end_editing_and_escape_end_editing(launch):
    app = launch()
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    app.click(*app.note_text_point(state, 4))
    state = app.wait_state(lambda s: s.get("editingRow") == 4)
    app.key("Escape")
    state = app.wait_state(lambda s: "editingRow" not in s and s.get("focusedRow") == 4)
    app.click(*app.note_text_point(state, 4))
    state = app.wait_state(lambda s: s.get("editingRow") == 4 and s["header"]["endEditing"]["shown"])
    button = state["header"]["endEditing"]["bounds"]  # the header bar's End Editing, where GTK placed it
    app.click(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
    app.wait_state(lambda s: "editingRow" not in s)
