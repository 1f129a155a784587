"""Web rows (H1–H6): real HTML in WebKitGTK 6.0, sized to fit after it loads, pooled, with no
network and no jump."""
import http.server
import json
import threading
import time

from harness import GOLDENS, changed_fraction, compare_golden, dark_pixels, wait_until

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
