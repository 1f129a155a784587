"""The main menu (P2): its items over AT-SPI, the Keyboard Shortcuts window (Ctrl+?) with every
binding of the README's table, About Table Demo, and Import Rows… and Export Rows… through
the file chooser (GTK's own dialog under Xvfb, with no portal), driven by real keys."""
import json

from harness import ROOT, App, SessionBus, sample_with, wait_until
from test_window import tree

ITEMS = ["Import Rows…", "Export Rows…", "Keyboard Shortcuts", "About Table Demo"]


def names(nodes, role=None):
    return [n["name"] for n in nodes if role is None or n["role"] == role]


def readme_bindings():
    """The README's table of bindings: each row's action whose keyboard column is not empty."""
    table = ROOT.joinpath("README.md").read_text().split("| action | mouse / touchpad | keyboard |")[1]
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:] if line.startswith("|")]
    return [cells[0].strip() for cells in rows if cells[2].strip()]


def open_menu_item(app, bus, display, index):
    """F10 opens the primary menu with its first item focused; Down moves on, Return picks."""
    app.key("F10")
    wait_until(lambda: "About Table Demo" in names(tree(bus, display), "menu item"), what="the open menu")
    app.key(*(["Down"] * index), "Return")


def comments_shown(bus, display):
    """Whether the about window's comments are shown: in the tree with a size, inside the
    window. GTK 4.8 lists a page not shown too: with no size before it was first shown, and
    past the window's edge once it has slid out."""
    nodes = tree(bus, display)
    window = next((n["extents"] for n in nodes if n["role"] == "frame" and n["name"] == "About"), None)
    return window is not None and any(
        n["role"] == "label" and n["name"] == "A table of notes, toggles and grids that never jumps" and n["extents"]
        and n["extents"][2] > 0 and window[0] <= n["extents"][0] < window[0] + window[2] for n in nodes)


def chooser_shown(app, title):
    """GTK's own file chooser (no portal under Xvfb) is a window of its own; AT-SPI does not
    list it in GTK 4.8, xdotool finds it by its title."""
    wait_until(lambda: app.xdotool_run("search", "--onlyvisible", "--name", f"^{title}$"), what=f"the {title} chooser")


def drop_inline_completion(app):
    """Deletes what the chooser's entry added after the caret. GTK 4.18's location entry
    completes a path as it is typed and leaves the completion's tail there ("trip.jsonp/"),
    and Return then opens the folder instead of the file; GTK 4.8's adds nothing."""
    app.xdotool("key", "--clearmodifiers", "shift+End", "Delete")


def test_the_menu_button_lists_its_items_and_about_and_shortcuts_show(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        state = app.wait_state()
        nodes = tree(bus, display)
        button = next(n for n in nodes if n["name"] == "Main Menu" and n["role"] == "push button")
        assert button["extents"][0] > 200, button  # at the header bar's end
        # A real click on the button, where GTK placed it (AT-SPI's extents leave out the
        # ancestors' CSS padding from GTK 4.16 on: there they miss the button by 11 px), opens
        # the menu; its items are read over AT-SPI.
        box = state["header"]["mainMenu"]["bounds"]
        app.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        items = wait_until(lambda: (lambda found: found if len(found) == 4 else None)(
            names(tree(bus, display), "menu item")), what="the menu's items")
        assert items == ITEMS
        app.key("Escape")
        wait_until(lambda: not names(tree(bus, display), "menu item"), what="the menu to close")

        # Ctrl+? shows every binding of the README's table, by its action.
        app.key("ctrl+question")
        shown = wait_until(lambda: (lambda n: n if "GtkShortcutsShortcut" not in n and "Quit" in n else None)(
            names(tree(bus, display), "label")), what="the shortcuts window")
        assert "Keyboard Shortcuts" in names(tree(bus, display), "frame")
        for action in readme_bindings():
            assert action[0].upper() + action[1:] in shown, (action, shown)
        # The shortcuts window has the keyboard (GTK 4.18 reports the main window inactive
        # meanwhile; 4.8 under Xvfb still reports it active). With no window manager under
        # Xvfb, nothing gives the main window the keyboard back when it closes on 4.18: the
        # test does, as a window manager would.
        app.xdotool("key", "Escape")
        wait_until(lambda: "Keyboard Shortcuts" not in names(tree(bus, display), "frame"), what="the window to close")
        app.xdotool("search", "--onlyvisible", "--name", "^Table Demo$", "windowfocus", "--sync")

        open_menu_item(app, bus, display, 3)
        about = wait_until(lambda: (lambda n: n if "The GtkTableDemo developers" in n else None)(
            names(tree(bus, display), "label")), what="the about window")
        assert "Table Demo" in about
        app.screenshot("about")
        # The comments are on the window's Details page (libadwaita puts them there when a
        # website is given); a reader opens it as anyone does: Tab to the Details row, Return.
        # GTK 4.8 lists the page not shown as well, with no size; 4.18 lists only what is shown.
        app.xdotool("key", "Tab", "Return")  # the about window has the keyboard, not the main window
        wait_until(lambda: comments_shown(bus, display), what="the comments on the Details page")
        app.xdotool("key", "Escape")  # back to the first page, then the window closes
        wait_until(lambda: not comments_shown(bus, display), what="the Details page to go")
        app.xdotool("key", "Escape")
        wait_until(lambda: "The GtkTableDemo developers" not in names(tree(bus, display), "label"),
                   what="the about window to close")
        app.assert_full_redraw_matches()
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()


def test_import_rows_opens_a_new_database_and_export_writes_the_file_the_user_named(display, workdir):
    source = workdir / "import"
    source.mkdir()
    trip = sample_with(source, {2: {"text": "Imported from the trip file"}}).rename(source / "trip.json")
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        app.wait_state(lambda s: app.row(s, 2) is not None)
        open_menu_item(app, bus, display, 0)
        chooser_shown(app, "Import Rows")
        # The chooser has the keyboard: keys go straight to it.
        app.xdotool("key", "--clearmodifiers", "ctrl+l")
        app.type(str(trip))
        drop_inline_completion(app)
        app.xdotool("key", "--clearmodifiers", "Return")
        state = app.wait_state(lambda s: s["header"]["subtitle"] == "trip.sqlite" and app.row(s, 2) is not None,
                               what="the imported rows")
        assert app.row(state, 2)["text"] == "Imported from the trip file"
        database = app.data_home / "io.github.gtktabledemo.TableDemo" / "trip.sqlite"
        assert database.exists()
        said = 'Imported “trip.json” into a new database, “trip.sqlite”, now shown'
        wait_until(lambda: said in names(tree(bus, display), "label"), what="the toast that says so")
        app.assert_full_redraw_matches("imported")

        open_menu_item(app, bus, display, 1)
        chooser_shown(app, "Export Rows")
        target = workdir / "exported" / "my rows.json"
        target.parent.mkdir()
        app.xdotool("key", "--clearmodifiers", "ctrl+a")
        app.type(str(target))
        drop_inline_completion(app)
        app.xdotool("key", "--clearmodifiers", "Return")
        wait_until(lambda: target.exists(), what="the exported file")
        exported = json.loads(target.read_text())
        assert any(r.get("text") == "Imported from the trip file" for r in exported["rows"])
        said = f"Exported the rows to “{target}”"
        wait_until(lambda: said in names(tree(bus, display), "label"), what="the toast naming the file")
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()
