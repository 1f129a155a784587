"""Web rows (H1–H6): real HTML in WebKitGTK 6.0, sized to fit after it loads, pooled, with no
network and no jump."""
import http.server
import json
import threading

from harness import SAMPLE_DATA, changed_fraction, compare_golden, GOLDENS

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


def test_web_row_loads_and_fits_its_document(launch):
    app = launch()
    state = app.scroll_to_row(503)
    state = fitted(app, 503)
    row = app.row(state, 503)
    print(json.dumps(row, indent=1))
    app.screenshot("web").save("/tmp/web-first.png")
