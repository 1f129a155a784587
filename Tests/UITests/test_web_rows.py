"""Web rows (H1–H6): real HTML in WebKitGTK 6.0, sized to fit after it loads, pooled, with no
network and no jump."""
import http.server
import json
import threading
import time

from harness import SAMPLE_DATA, changed_fraction, compare_golden, dark_pixels, wait_until
from test_settings import SettingsManager

WEB_ROWS = (501, 502, 503, 504)


def web_rows(state):
    return [r for r in state["rows"] if r["kind"] == "web"]


def fitted(app, row_id):
    """The settled state once web row `row_id` shows its live content, measured at this width,
    with the page's own scrollHeight read after the row took its height."""
    def check(s):
        row = app.row(s, row_id)
        return (row and row.get("webLive") and row.get("webFit") and "pageScrollHeight" in row
                and abs(row["pageViewHeight"] - row["pageScrollHeight"]) <= 1)
    return app.wait_state(check, timeout=20, what=f"web row {row_id} to load and fit")




class RecordingServer:
    """An HTTP server on 127.0.0.1 that logs every request it gets (and answers each)."""

    def __init__(self):
        requests = self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                requests.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                self.wfile.write(b"x")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def rows_file(workdir, rows):
    path = workdir / "web.json"
    path.write_text(json.dumps({"schemaVersion": 1, "rows": rows}, ensure_ascii=False))
    return path


def test_a_web_row_reaches_no_server_and_runs_none_of_its_own_scripts(launch, workdir):
    """H3: a page that asks for an image, a script, a style sheet, a frame, a font, a CSS
    background and a prefetch from a server on this machine, and whose inline script would
    make it very tall, loads and fits with none of that: the server logs nothing."""
    server = RecordingServer()
    base = f"http://127.0.0.1:{server.port}"
    html = (f"<!doctype html><html><head><link rel='stylesheet' href='{base}/style.css'>"
            f"<link rel='prefetch' href='{base}/prefetch'><script src='{base}/script.js'></script>"
            f"<style>@font-face{{font-family:F;src:url({base}/font.woff)}} body{{font-family:F,sans-serif}}"
            f" div{{background:url({base}/background.png)}}</style></head><body>"
            f"<p>Only this paragraph shows.</p><div>&nbsp;</div>"
            f"<img src='{base}/image.png' width='20' height='20'>"
            f"<iframe src='{base}/frame.html' width='40' height='20'></iframe>"
            f"<script>document.body.style.height = '5000px'; fetch('{base}/fetch');</script>"
            f"<img src='x' onerror=\"document.body.style.height='4000px'\">"
            f"</body></html>")
    data = rows_file(workdir, [
        {"id": 1, "kind": "header", "title": "No network"},
        {"id": 2, "kind": "web", "html": html},
        {"id": 3, "kind": "note", "text": "Below the web row"},
    ])
    try:
        app = launch(data=data)
        state = fitted(app, 2)
        row = app.row(state, 2)
        # The page's own scripts never ran: the document is a few lines, not 4,000 px or more.
        assert 40 <= row["webFit"]["documentHeight"] <= 200, row
        app.screenshot("no-network")
        time.sleep(1.0)  # anything late would have come by now
        assert server.requests == [], f"the web row reached the test server: {server.requests}"
        app.assert_full_redraw_matches()
    finally:
        server.close()
    assert server.requests == []


def test_a_clicked_link_opens_in_the_default_browser_not_in_the_row(launch, workdir):
    """H3: a click on a link hands its URI to the desktop's default handler (here a fake
    browser that writes it down); the row keeps showing its own content."""
    opened = workdir / "opened.txt"
    applications = workdir / "xdg-data" / "applications"
    applications.mkdir(parents=True)
    (applications / "fake-browser.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Fake browser\n"
        f"Exec=/bin/sh -c 'echo \"$0\" >> {opened}' %u\nMimeType=x-scheme-handler/http;x-scheme-handler/https;\n")
    (workdir / "xdg-config").mkdir(exist_ok=True)
    (workdir / "xdg-config" / "mimeapps.list").write_text(
        "[Default Applications]\nx-scheme-handler/http=fake-browser.desktop\nx-scheme-handler/https=fake-browser.desktop\n")
    link_style = "display:block;font:40px sans-serif;padding:10px"
    data = rows_file(workdir, [
        {"id": 1, "kind": "header", "title": "Links"},
        {"id": 2, "kind": "web", "html": f"<a style='{link_style}' href='https://example.org/elsewhere'>A link</a>"},
    ])
    app = launch(data=data)
    state = fitted(app, 2)
    row = app.row(state, 2)
    view = row["webViewBounds"]
    before = app.screenshot("link-before")
    app.click(view["x"] + 60, view["y"] + 30)
    wait_until(lambda: opened.exists() and opened.read_text().strip(), timeout=10, what="the fake browser to be asked")
    assert opened.read_text().split() == ["https://example.org/elsewhere"]
    after = fitted(app, 2)
    assert app.row(after, 2)["webFit"] == row["webFit"]
    # The row still shows its link (the overlay scrollbar the pointer woke is outside the view).
    box = (view["x"], view["y"], view["x"] + view["width"], view["y"] + view["height"])
    after_shot = app.screenshot("link-after")
    assert dark_pixels(after_shot, box) > 0.8 * dark_pixels(before, box) > 300
    app.assert_full_redraw_matches()


LONG_TEXT = ("<p style='font:15px/1.5 sans-serif;margin:0'>" + "A web row measures its document at its own width, "
             "and takes that height like any measured row. " * 8 + "</p>")


def note(row_id, text="A note between web rows.\nIts second line."):
    return {"id": row_id, "kind": "note", "text": text}


def test_the_row_is_as_tall_as_the_documents_scroll_height_before_and_after_a_resize(launch, workdir):
    """H1, H6: the model's height for the row is the page's own
    `document.documentElement.scrollHeight` (within 1 px) plus the row's padding, and the
    web view is given exactly that; after the window narrows, the text wraps, the row re-fits;
    widened again, the row shrinks back to its first fit. (A document without a doctype is in
    quirks mode, where WebKit stretches its root to the view: measured in a view taller than
    its text, it would keep the view's height for good.)"""
    data = rows_file(workdir, [{"id": 1, "kind": "header", "title": "Fit"}, {"id": 2, "kind": "web", "html": LONG_TEXT},
                               note(3)])
    app = launch(data=data)
    state = fitted(app, 2)
    row = app.row(state, 2)
    fit = row["webFit"]
    assert abs(row["pageScrollHeight"] - fit["documentHeight"]) <= 1, row
    assert row["height"] == fit["documentHeight"] + 12 and row["webViewBounds"]["height"] == fit["documentHeight"]
    assert fit["contentWidth"] == state["rowWidth"] - 24 == row["webViewBounds"]["width"]

    window = app.xdotool_output("search", "--onlyvisible", "--name", "Table Demo").split()[0]
    app.xdotool("windowsize", window, 340, 720)

    def refitted(s):
        now = app.row(s, 2)
        return (s["rowWidth"] < row["bounds"]["width"] and now and now.get("webFit", {}).get("contentWidth") == s["rowWidth"] - 24
                and now.get("pageViewHeight") == now["webFit"]["documentHeight"] and now["webLive"])
    narrow = app.wait_state(refitted, timeout=20, what="the row to re-fit at the narrower width")
    now = app.row(narrow, 2)
    assert now["webFit"]["documentHeight"] > fit["documentHeight"] + 40, "the text did not wrap onto more lines"
    assert abs(now["pageScrollHeight"] - now["webFit"]["documentHeight"]) <= 1, now
    assert now["height"] == now["webFit"]["documentHeight"] + 12 and now["webViewBounds"]["height"] == now["height"] - 12
    assert app.row(narrow, 3)["y"] == now["y"] + now["height"], "the note below does not follow the row"
    app.assert_full_redraw_matches()

    app.xdotool("windowsize", window, state["window"]["width"], state["window"]["height"])
    wide = app.wait_state(lambda s: s["rowWidth"] == state["rowWidth"] and app.row(s, 2)["webLive"]
                          and app.row(s, 2).get("webFit", {}).get("contentWidth") == fit["contentWidth"],
                          timeout=20, what="the row to re-fit at the first width")
    assert app.row(wide, 2)["webFit"]["documentHeight"] == fit["documentHeight"], "the row did not shrink back"
    assert app.row(wide, 2)["height"] == row["height"]


def colourful_html(colour, label):
    return (f"<div style='background:{colour};color:white;font:bold 20px sans-serif;padding:20px'>{label}</div>"
            f"<p style='font:14px sans-serif;margin:8px 0 0'>A coloured block, {label}.</p>")


def test_a_row_scrolled_out_and_back_shows_its_snapshot_then_its_live_content(launch, workdir):
    """H2, H6: with more web rows than live views, a row whose view went to another row shows
    the snapshot of its last rendering when it comes back, then its live content again, and
    both look the same; at most 3 web views ever exist."""
    colours = ["#c0392b", "#2471a3", "#229954", "#7d3c98", "#b9770e", "#17202a", "#a04000", "#1f618d"]
    rows = [{"id": 1, "kind": "header", "title": "Many web rows"}]
    for index, colour in enumerate(colours):
        # Far enough apart that no more web rows than live views are laid out at once.
        rows += [{"id": 10 + index, "kind": "web", "html": colourful_html(colour, f"row {index + 1}")},
                 *(note(100 + 10 * index + n, "Between web rows\n" * 6) for n in range(4))]
    app = launch(data=rows_file(workdir, rows))
    state = fitted(app, 10)
    first = app.row(state, 10)
    view = first["webViewBounds"]
    box = (view["x"], view["y"], view["x"] + view["width"], view["y"] + view["height"])
    live_shot = app.stable_screenshot("first-live").crop(box)
    state = app.scroll_to_row(17)
    fitted(app, 17)
    assert app.state()["webViews"] <= 3
    # Back to the top: row 10 comes back with its snapshot, then its live view.
    origin = state["tableOrigin"]
    app.move(origin["x"] + 200, origin["y"] + 300)
    app.key("Home")
    snap = app.wait_state(lambda s: app.row(s, 10) and app.row(s, 10).get("webSnapshot") and not app.row(s, 10)["webLive"],
                          timeout=10, settled=False, what="row 10 to show its snapshot")
    assert app.row(snap, 10)["height"] == first["height"], "the row changed height while it was not live"
    live = fitted(app, 10)
    assert not app.row(live, 10)["webSnapshot"]
    assert changed_fraction(live_shot, app.stable_screenshot("first-again").crop(box))[0] < 0.002
    assert live["webViews"] <= 3
    app.assert_full_redraw_matches()


def test_a_row_waiting_for_a_view_gets_one_after_the_rows_holding_them_scroll_away(launch, workdir):
    """H2: four web rows in view share the three live views; the fourth waits until one of the
    others has a snapshot to fall back on (held off here for 3 s). The table then scrolls away
    (End): the views of rows no longer shown go to the waiting row, and the window settles.
    Back at the top (Home), each row shows its page, live or as a snapshot."""
    pages = [{"id": 10 + n, "kind": "web", "html": f"<p style='margin:0;font:14px sans-serif'>Page {n + 1}</p>"}
             for n in range(4)]
    rows = [{"id": 1, "kind": "header", "title": "Pages"}, *pages,
            *(note(100 + n, "Below the pages\n" * 4) for n in range(40))]
    app = launch(data=rows_file(workdir, rows), env={"GTKTABLEDEMO_WEB_SNAPSHOT_DELAY_MS": "3000"})
    ids = [10 + n for n in range(4)]
    state = app.wait_state(lambda s: s.get("active") and all(app.row(s, i) for i in ids)
                           and sum(bool(app.row(s, i)["webLive"]) for i in ids) == 3,
                           settled=False, what="three of the four web rows live")
    waiting = next(i for i in ids if not app.row(state, i)["webLive"])
    assert not app.row(state, waiting)["webSnapshot"]
    app.xdotool("key", "End")  # now: `app.key` would wait for a settled window
    app.wait_state(lambda s: all(app.row(s, i) is None for i in ids), timeout=20,
                   what=f"the window to settle with row {waiting} served out of view")
    app.key("Home")
    state = app.wait_state(lambda s: all(app.row(s, i) and (app.row(s, i)["webLive"] or app.row(s, i)["webSnapshot"]) for i in ids),
                           timeout=20, what="every web row to show its page")
    assert state["webViews"] <= 3
    app.assert_full_redraw_matches()


def test_a_web_row_is_swiped_flagged_pinned_deleted_and_restored_like_any_row(launch, workdir):
    """H6: the row's actions work on a web row as on any other, by real drags and clicks over
    its web content; undo brings it back with its HTML and its fit."""
    from test_swipe import find_undo_button, open_trailing_actions, swipe
    data = rows_file(workdir, [{"id": 1, "kind": "header", "title": "Actions"}, note(2),
                               {"id": 3, "kind": "web", "html": LONG_TEXT}, note(4)])
    app = launch(data=data)
    state = fitted(app, 3)
    state, row, right = open_trailing_actions(app, state, 3)
    app.click(right - 110, row["y"] + row["height"] / 2)  # Flag, inward of Delete
    state = app.wait_state(lambda s: app.row(s, 3)["flagged"] and not s["anyRowOpen"], what="the web row to be flagged")
    assert app.row(state, 3)["marksText"], "the flag mark is not shown on the web row"

    swipe(app, state, 3, 160)
    state = app.wait_state(lambda s: app.row(s, 3)["swipeOffset"] > 100, what="the pin action to open")
    app.click(state["tableOrigin"]["x"] + 30, row["y"] + row["height"] / 2)
    state = app.wait_state(lambda s: s["rows"][1]["id"] == 3 and app.row(s, 3)["pinned"] and not s["anyRowOpen"],
                           what="the web row to be pinned to the top of its section")
    state = fitted(app, 3)

    row = app.row(state, 3)
    below = app.row(state, 2)["y"]
    state, row, right = open_trailing_actions(app, state, 3)
    app.click(right - 30, row["y"] + row["height"] / 2)  # Delete
    state = app.wait_state(lambda s: app.row(s, 3) is None and s["canUndo"], what="the web row to be deleted")
    assert app.row(state, 2)["y"] == row["y"]
    shot = app.stable_screenshot("toast")
    app.click(*find_undo_button(shot, state["window"]))
    state = fitted(app, 3)
    restored = app.row(state, 3)
    assert restored["pinned"] and restored["flagged"] and restored["height"] == row["height"]
    assert app.row(state, 2)["y"] == below
    saved = app.saved()
    assert [r for r in saved["rows"] if r["id"] == 3][0]["html"] == LONG_TEXT
    app.assert_full_redraw_matches()


def test_a_web_row_growing_above_the_viewport_moves_nothing_in_view(launch, workdir):
    """H4 (W2): a web row just above the viewport whose content grows later (here a CSS
    animation, no script: as an image decoding or a font arriving would) re-fits, and the
    rows in view stay exactly where they were, to the pixel."""
    growing = ("<style>@keyframes grow { to { height: 260px } } div { height: 20px; background: #2471a3;"
               " animation: grow 0.01s 5s forwards }</style><div></div>")
    rows = [{"id": 1, "kind": "header", "title": "Growing"}, {"id": 2, "kind": "web", "html": growing}]
    rows += [note(10 + n, f"Note {n} below the growing row\nsecond line\nthird line") for n in range(20)]
    app = launch(data=rows_file(workdir, rows), settings=["gtk-overlay-scrolling=false"])
    state = fitted(app, 2)
    small = app.row(state, 2)["webFit"]["documentHeight"]
    assert small < 60
    origin = state["tableOrigin"]
    top = origin["y"] + 38  # below the sticky header
    app.move(origin["x"] + 200, origin["y"] + 300)
    # Wholly above the viewport (the sticky header draws over the viewport's top rows).
    while app.row(state, 2) and app.row(state, 2)["y"] + app.row(state, 2)["height"] > origin["y"]:
        state = app.wheel_and_wait(state, 5)
    assert app.row(state, 2) is not None, "the web row left the laid-out rows before the test could watch it"
    before = app.stable_screenshot("before-growth")
    in_view = [r for r in state["rows"] if r["y"] >= top]
    grown = app.wait_state(lambda s: app.row(s, 2) and app.row(s, 2).get("webFit", {}).get("documentHeight", 0) > 200,
                           timeout=20, what="the web row to grow")
    after = app.stable_screenshot("after-growth")
    for row in in_view:
        assert abs(app.row(grown, row["id"])["y"] - row["y"]) < 1e-6, f"row {row['id']} moved"
    view = (int(origin["x"]), int(top), int(origin["x"] + grown["rowWidth"]), int(origin["y"] + grown["viewportHeight"]))
    assert changed_fraction(before.crop(view), after.crop(view), tolerance=0)[0] == 0, "what was in view moved"
    app.assert_full_redraw_matches()


def test_golden_of_the_sample_web_rows(launch, workdir):
    """H6: the sample's web rows (a table, inline SVG and a data: image, wrapping text, an RTL
    paragraph) as the first screen, against a golden."""
    sample = json.loads((SAMPLE_DATA / "rows.json").read_text())["rows"]
    rows = [r for r in sample if r["id"] in (500, *WEB_ROWS)]
    assert [r["kind"] for r in rows] == ["header", "web", "web", "web", "web"]
    app = launch(data=rows_file(workdir, rows))
    # Four web rows, three live views: every row shows its live content or its snapshot.
    state = app.wait_state(lambda s: all(app.row(s, i) and app.row(s, i)["measured"] and
                                         (app.row(s, i)["webLive"] or app.row(s, i)["webSnapshot"]) for i in WEB_ROWS),
                           timeout=20, what="every web row to show its content")
    assert sum(app.row(state, i)["webLive"] for i in WEB_ROWS) == 3 and state["webViews"] == 3
    shot = app.stable_screenshot("web-rows")
    compare_golden(shot, "web-rows", workdir / "golden")
    app.assert_full_redraw_matches()


SCALED_TEXT = ("<p style='font:16px/1.4 sans-serif;color:#000;margin:0'>" + "Large Text makes this page's text larger too. " * 6 + "</p>")


def text_box(row):
    """The web view's area of `row`, as a crop box."""
    view = row["webViewBounds"]
    return (int(view["x"]), int(view["y"]), int(view["x"] + view["width"]), int(view["y"] + view["height"]))


def test_a_text_scaling_change_zooms_the_pages_text_and_re_fits_the_row(launch, display, workdir):
    """H1, W9: when the text scaling factor goes from 1 to 1.25 (Large Text) while a web row is
    shown, WebKit zooms the page by it (its text is drawn larger), and the row re-fits to the
    page's own `document.documentElement.scrollHeight` at the new scale (within 1 px, in the
    row's pixels: CSS pixels times WebKit's zoom, which the page's own CSS width witnesses)
    through the engine: the row above stays put and the note below follows."""
    manager = SettingsManager(display, workdir, Xft_DPI=96 * 1024, Gtk_FontName='"Cantarell 11"')
    try:
        data = rows_file(workdir, [{"id": 1, "kind": "header", "title": "Scaled"}, {"id": 2, "kind": "web", "html": SCALED_TEXT},
                                   note(3)])
        app = launch(data=data)
        state = fitted(app, 2)
        before = app.row(state, 2)
        assert before["webFit"]["textScale"] == 1
        header_y = app.row(state, 1)["y"]
        ink_before = dark_pixels(app.stable_screenshot("text-scale-1"), text_box(before))
        assert ink_before > 500, "no text drawn in the web row"

        manager.change(Xft_DPI=120 * 1024, Gtk_FontName='"Cantarell 11"')

        def refitted(s):
            row = app.row(s, 2)
            return (row and row["webLive"] and row.get("webFit", {}).get("textScale") == 1.25
                    and row.get("pageViewHeight") == row["webFit"]["documentHeight"] and "pageScrollHeight" in row)
        state = app.wait_state(refitted, timeout=20, what="the row to re-fit at the new text scale")
        row = app.row(state, 2)
        fit = row["webFit"]
        zoom = row["webViewBounds"]["width"] / row["pageCSSWidth"]
        assert abs(zoom - 1.25) < 0.01, row
        assert abs(row["pageScrollHeight"] * zoom - fit["documentHeight"]) <= 1, row
        assert row["height"] == fit["documentHeight"] + 12 and row["webViewBounds"]["height"] == fit["documentHeight"]
        assert fit["contentWidth"] == before["webFit"]["contentWidth"] == row["webViewBounds"]["width"]
        assert fit["documentHeight"] > before["webFit"]["documentHeight"] * 1.15, "the page did not grow with its text"
        # The header above grows with its own text; the table's top stays, the row follows it.
        header = app.row(state, 1)
        assert header["y"] == header_y and row["y"] == header["y"] + header["height"], "the rows moved"
        assert app.row(state, 3)["y"] == row["y"] + row["height"], "the note below does not follow the row"
        ink_after = dark_pixels(app.stable_screenshot("text-scale-1.25"), text_box(row))
        # Glyph ink grows with the square of the scale (1.5625); wrapping onto more lines keeps that.
        assert ink_after > ink_before * 1.3, (ink_before, ink_after)
        app.assert_full_redraw_matches()
    finally:
        manager.close()


def many_web_rows(workdir):
    """Six web rows of six colours, four notes apart: more than the three live views serve."""
    colours = ["#c0392b", "#2471a3", "#229954", "#7d3c98", "#b9770e", "#17202a"]
    rows = [{"id": 1, "kind": "header", "title": "Many web rows"}]
    for index, colour in enumerate(colours):
        rows += [{"id": 10 + index, "kind": "web", "html": colourful_html(colour, f"row {index + 1}")},
                 *(note(100 + 10 * index + n, "Between web rows\n" * 6) for n in range(4))]
    return rows_file(workdir, rows)


def watch_row_10_come_back(app, state, stale, ready, look=lambda row: None):
    """Goes Home (the pointer over the table) and reads row 10 every 20 ms (its canvas shows
    for a few frames only) until `ready(row)`: it never shows a snapshot while not live (one
    kept from before the change would be `stale`), and is seen before its live view is ready.
    `look(row)` sees every reading. Returns the readings (live, snapshot)."""
    origin = state["tableOrigin"]
    app.move(origin["x"] + 200, origin["y"] + 300)
    app.key("Home")
    seen = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        row = app.row(app.state(), 10)
        if row:
            seen.append((row["webLive"], row["webSnapshot"]))
            assert row["webLive"] or not row["webSnapshot"], f"row 10 came back with its {stale} snapshot: {seen}"
            look(row)
            if ready(row):
                break
        time.sleep(0.02)
    assert seen and not seen[0][0], f"row 10 was not seen before its live view was ready: {seen[:5]}"
    return seen


def test_after_a_text_scaling_change_no_row_comes_back_with_an_old_scale_snapshot(launch, display, workdir):
    """H2, W9: snapshots taken before the text scaling factor changed are dropped: a row whose
    live view went to another row comes back white, then live at the new scale, never showing
    its text at the old size."""
    manager = SettingsManager(display, workdir, Xft_DPI=96 * 1024, Gtk_FontName='"Cantarell 11"')
    try:
        app = launch(data=many_web_rows(workdir))
        fitted(app, 10)
        # Through every web row to the last: row 10's view goes to another row, row 10 keeps a snapshot.
        state = app.scroll_to_row(15)
        fitted(app, 15)
        assert state["webViews"] == 3

        manager.change(Xft_DPI=120 * 1024, Gtk_FontName='"Cantarell 11"')
        app.wait_state(lambda s: app.row(s, 15) and app.row(s, 15).get("webFit", {}).get("textScale") == 1.25
                       and app.row(s, 15)["webLive"], timeout=20, what="row 15 to re-fit at the new scale")
        watch_row_10_come_back(app, state, "old-scale",
                               lambda row: row["webLive"] and row.get("webFit", {}).get("textScale") == 1.25)
        live = fitted(app, 10)
        assert app.row(live, 10)["webFit"]["textScale"] == 1.25
        app.assert_full_redraw_matches()
    finally:
        manager.close()


# The dark style (W7): pages drawn with WebKit's dark defaults, their own colours kept.

PLAIN_PAGE = ("<p style='font:16px sans-serif'>" + "A page that sets no colours of its own, with "
              "<a href='https://example.org/'>a link</a>. " * 3 + "</p><table border='1'><tr><td>a cell</td><td>another</td></tr></table>")
OWN_COLOURS_PAGE = "<div style='background:#fff;color:#000;font:16px sans-serif;padding:12px'>A page with its own white background.</div>"


class ColorSchemeSetting:
    """GNOME's dark-style preference (`org.gnome.desktop.interface color-scheme`) in GLib's
    keyfile settings backend under the test's XDG_CONFIG_HOME. libadwaita's style manager reads
    it when no settings portal answers (none runs in a test's D-Bus session), and follows
    changes to the file while the app runs: a live style switch, as the desktop makes one."""

    environment = {"GSETTINGS_BACKEND": "keyfile"}

    def __init__(self, workdir, scheme):
        self.path = workdir / "xdg-config" / "glib-2.0" / "settings" / "keyfile"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.set(scheme)

    def set(self, scheme):
        """`default` (light) or `prefer-dark`, written whole at once (a rename)."""
        written = self.path.with_suffix(".new")
        written.write_text(f"[org/gnome/desktop/interface]\ncolor-scheme='{scheme}'\n")
        written.rename(self.path)


def page_box(row, inset=8):
    """The inside of a web row's content (its page, or the snapshot or canvas drawn for it), as
    a crop box: what the row draws whether or not a live view is lent to it."""
    bounds = row["contentBounds"]
    return (int(bounds["x"]) + inset, int(bounds["y"]) + inset,
            int(bounds["x"] + bounds["width"]) - inset, int(bounds["y"] + bounds["height"]) - inset)


def paragraph_box(row):
    """The strip of a `colourful_html` row under its coloured block: its paragraph, on the page's
    own canvas (the row pads its page by 6 px)."""
    bounds = row["contentBounds"]
    bottom = int(bounds["y"] + bounds["height"]) - 6
    return int(bounds["x"]) + 8, bottom - 20, int(bounds["x"] + bounds["width"]) - 8, bottom


def brightness(image, box):
    """The mean grey level inside `box`, and the share of its pixels lighter than 180."""
    values = list(image.crop(box).convert("L").getdata())
    return sum(values) / len(values), sum(1 for v in values if v > 180) / len(values)


def test_in_the_dark_style_a_page_is_dark_with_light_text_and_a_page_keeps_its_own_colours(launch, workdir):
    """W7: in the dark style a page that sets no colours is drawn on a dark canvas with light
    text (WebKit's dark defaults, asked for by the app's user style sheet), and a page that
    sets its own background keeps it."""
    rows = [{"id": 1, "kind": "header", "title": "Dark pages"}, {"id": 2, "kind": "web", "html": PLAIN_PAGE},
            {"id": 3, "kind": "web", "html": OWN_COLOURS_PAGE}, note(4)]
    app = launch(data=rows_file(workdir, rows), env={"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"})
    fitted(app, 2)
    state = fitted(app, 3)
    assert app.row(state, 2)["pageColorScheme"] == "dark", app.row(state, 2)
    shot = app.stable_screenshot("dark-pages")
    mean, light = brightness(shot, text_box(app.row(state, 2)))
    assert mean < 70 and 0.02 < light < 0.4, f"the plain page is not light text on a dark canvas (mean {mean:.0f}, light {light:.1%})"
    mean, _ = brightness(shot, text_box(app.row(state, 3)))
    assert mean > 200, f"the page's own white background was not kept (mean {mean:.0f})"
    app.assert_full_redraw_matches()


def test_golden_of_the_sample_web_rows_in_the_dark_style(launch, workdir):
    """W7, H6: the sample's web rows read well in the dark style: dark pages, light text (their
    colours follow the page's colour scheme), against a golden."""
    sample = json.loads((SAMPLE_DATA / "rows.json").read_text())["rows"]
    rows = [r for r in sample if r["id"] in (500, *WEB_ROWS)]
    app = launch(data=rows_file(workdir, rows), env={"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"})
    state = app.wait_state(lambda s: all(app.row(s, i) and app.row(s, i)["measured"] and
                                         (app.row(s, i)["webLive"] or app.row(s, i)["webSnapshot"]) for i in WEB_ROWS),
                           timeout=20, what="every web row to show its content")
    shot = app.stable_screenshot("web-rows-dark")
    for row_id in (501, 503, 504):  # the table, the long text, the RTL paragraph (502 is mostly pictures)
        mean, light = brightness(shot, page_box(app.row(state, row_id)))
        assert mean < 90 and light > 0.02, f"row {row_id} is not light text on a dark page (mean {mean:.0f}, light {light:.1%})"
    compare_golden(shot, "web-rows-dark", workdir / "golden")
    app.assert_full_redraw_matches()


def test_a_live_style_switch_restyles_pages_and_no_row_comes_back_with_an_old_style_snapshot(launch, workdir):
    """W7, H2: when the desktop switches to the dark style while the app runs, the live pages
    turn dark without changing height, and every snapshot taken in the light style is dropped:
    a row whose live view went to another row comes back drawn dark (the dark canvas, then its
    live page), never light, by its pixels."""
    setting = ColorSchemeSetting(workdir, "default")
    app = launch(data=many_web_rows(workdir), env=ColorSchemeSetting.environment)
    state = fitted(app, 10)
    assert app.row(state, 10)["pageColorScheme"] == "normal"
    _, light = brightness(app.stable_screenshot("light"), paragraph_box(app.row(state, 10)))
    assert light > 0.5, f"the light page is not light ({light:.1%})"
    # Through every web row to the last: row 10's view goes to another row, row 10 keeps a snapshot.
    state = app.scroll_to_row(15)
    before = app.row(fitted(app, 15), 15)
    assert app.state()["webViews"] == 3

    setting.set("prefer-dark")
    state = app.wait_state(lambda s: app.row(s, 15) and app.row(s, 15)["webLive"] and app.row(s, 15).get("pageColorScheme") == "dark",
                           timeout=20, what="row 15's live page to turn dark")
    assert app.row(state, 15)["height"] == before["height"] and app.row(state, 15)["webFit"] == before["webFit"]
    _, light = brightness(app.stable_screenshot("dark"), paragraph_box(app.row(state, 15)))
    assert light < 0.3, f"row 15's live page did not turn dark ({light:.1%} light)"

    # The screen is taken (a slow call, which usually ends after the live page came) when the
    # row is first seen without its live page.
    drawn = []

    def look(row):
        if not row["webLive"] and not drawn:
            shot = app.screenshot("coming-back")
            after = app.row(app.state(), 10)
            if after and after["contentBounds"] == row["contentBounds"]:
                drawn.append((after["webLive"], brightness(shot, paragraph_box(row))[1]))
                assert drawn[-1][1] < 0.3, f"row 10 was drawn light after the switch to the dark style: {drawn}"
    seen = watch_row_10_come_back(app, state, "light-style",
                                  lambda row: row["webLive"] and row.get("pageColorScheme") == "dark", look)
    assert drawn, f"row 10 was never taken on screen while it came back: {seen[:5]}"
    live = fitted(app, 10)
    assert app.row(live, 10)["pageColorScheme"] == "dark"
    _, light = brightness(app.stable_screenshot("back-live"), paragraph_box(app.row(live, 10)))
    assert light < 0.3, f"row 10's live page is not dark ({light:.1%} light)"
    app.assert_full_redraw_matches()


def test_in_the_dark_style_web_rows_never_flash_white_while_their_pages_load(launch, workdir):
    """W7, H2: in the dark style, a web row whose page is not drawn yet (WebKit's process
    starting, the page loading, or the row waiting for one of the three views) shows the dark
    canvas, not a white card: every screen taken from the first frame until every row shows
    its page is dark where the pages go."""
    sample = json.loads((SAMPLE_DATA / "rows.json").read_text())["rows"]
    rows = [r for r in sample if r["id"] in (500, *WEB_ROWS)]
    app = launch(data=rows_file(workdir, rows), env={"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"})
    state = app.wait_state(lambda s: all(app.row(s, i) for i in WEB_ROWS), settled=False, what="the web rows to be laid out")
    phases = []
    for _ in range(100):
        shot = app.screenshot("loading")
        after = app.state()
        for row_id in WEB_ROWS:
            before, now = app.row(state, row_id), app.row(after, row_id)
            if before and now and before["contentBounds"] == now["contentBounds"]:
                _, light = brightness(shot, page_box(now))
                phases.append((row_id, now["webLive"], now["webSnapshot"], round(light, 3)))
                assert light < 0.35, f"row {row_id} was drawn light: {phases}"
        state = after
        if all(app.row(state, i)["webLive"] or app.row(state, i)["webSnapshot"] for i in WEB_ROWS):
            break
    assert any(not live and not snapshot for _, live, snapshot, _ in phases), f"no row was seen before its page was drawn: {phases}"
    app.assert_full_redraw_matches()
