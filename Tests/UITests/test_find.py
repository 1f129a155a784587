"""Find (F1, F2, F4): Ctrl+F opens the find bar, typing filters the table as you type (Latin,
Cyrillic, Devanagari, accents and case ignored), the bar counts the matches, matches are
highlighted, Escape shows every row again at the place the user left, and an edit while
filtered keeps its row."""
from harness import colour_fraction


def find_yellow(r, g, b):
    """The highlight behind a matching word, over a white row."""
    return r > 235 and 195 < g < 230 and b < 150


def highlighted(app, state, row_id):
    """The share of the row's drawn box in the highlight colour."""
    bounds = app.row(state, row_id)["bounds"]
    box = (bounds["x"], bounds["y"], bounds["x"] + bounds["width"], bounds["y"] + bounds["height"])
    return colour_fraction(app.screenshot(f"row-{row_id}"), box, find_yellow)


def shown_ids(state):
    return [row["id"] for row in state["rows"]]


def open_find(app):
    app.key("ctrl+f")
    return app.wait_state(lambda s: s["find"]["open"] and s["find"]["entryFocused"], what="the find bar with the caret in it")


def search(app, text, count):
    app.key("ctrl+a")
    app.type(text)
    return app.wait_state(lambda s: s["find"]["text"] == text and s["find"]["count"] == count,
                          what=f"{count!r} for {text!r}")


def test_find_filters_as_you_type_in_any_script_and_escape_restores(launch):
    app = launch()
    before = app.wait_state()
    all_shown = shown_ids(before)
    state = open_find(app)
    # "lem" finds "lemons" (row 2) by prefix; the Notes header names its section.
    state = search(app, "LEM", "1 row")
    assert shown_ids(state)[:2] == [1, 2], shown_ids(state)
    assert highlighted(app, state, 2) > 0.005, "the drawn note highlights \"lemons\""
    state = search(app, "билет", "1 row")
    assert shown_ids(state) == [1, 6], shown_ids(state)
    state = search(app, "नमस्ते", "1 row")
    assert shown_ids(state) == [1, 7], shown_ids(state)
    state = search(app, "zzqqx", "No matching rows — Try fewer or shorter words")
    assert shown_ids(state) == []
    app.assert_full_redraw_matches("find-none")
    state = search(app, "amsterdam", "1 row")
    assert shown_ids(state) == [100, 101], shown_ids(state)
    app.key("Escape")
    state = app.wait_state(lambda s: not s["find"]["open"] and shown_ids(s) == all_shown, what="every row again")
    assert state["scrollOffset"] == before["scrollOffset"]
    assert state["find"]["count"] == ""
    assert highlighted(app, state, 2) == 0
    app.assert_full_redraw_matches()


def test_the_row_in_view_stays_put_and_clearing_returns_to_it(launch):
    app = launch()
    state = app.wait_state()
    app.scroll_to_row(101)
    # The bar takes room above the table; the table keeps its top row where it was in it.
    state = open_find(app)
    top = app.row(state, 101)["bounds"]["y"]
    offset = state["scrollOffset"]
    app.type("amsterdam")
    state = app.wait_state(lambda s: s["find"]["count"] == "1 row", what="one match")
    assert app.row(state, 101)["bounds"]["y"] == top, (app.row(state, 101), top)
    app.assert_full_redraw_matches("find-anchor")
    app.key("ctrl+a", "BackSpace")
    state = app.wait_state(lambda s: s["find"]["count"] == "" and len(shown_ids(s)) > 2, what="every row again")
    assert state["scrollOffset"] == offset
    assert app.row(state, 101)["bounds"]["y"] == top
    app.assert_full_redraw_matches()


def test_an_edit_while_filtered_keeps_its_row_until_the_search_changes(launch):
    app = launch()
    app.wait_state()
    open_find(app)
    search(app, "landlord", "1 row")
    app.edit_note(4, " and the boiler")
    state = app.wait_state(lambda s: "boiler" in (app.row(s, 4) or {}).get("text", ""), what="the edit")
    assert shown_ids(state) == [1, 4]
    assert highlighted(app, state, 4) > 0.005, "the text view highlights \"landlord\""
    # Typed away from the query, the row stays until the search changes.
    app.key("ctrl+a")
    app.type("Fix the boiler")
    state = app.wait_state(lambda s: (app.row(s, 4) or {}).get("text") == "Fix the boiler", what="the new text")
    assert shown_ids(state) == [1, 4]
    assert highlighted(app, state, 4) == 0
    # Escape first ends the edit (N6); back in the bar, Escape closes it.
    app.key("Escape")
    open_find(app)
    app.key("Escape")
    state = app.wait_state(lambda s: not s["find"]["open"] and len(shown_ids(s)) > 2, what="every row again")
    assert app.row(state, 4)["text"] == "Fix the boiler"
    app.assert_full_redraw_matches()
