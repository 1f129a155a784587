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


def chooser_shown(app, title):
    """GTK's own file chooser (no portal under Xvfb) is a window of its own; AT-SPI does not
    list it in GTK 4.8, xdotool finds it by its title."""
    wait_until(lambda: app.xdotool_run("search", "--onlyvisible", "--name", f"^{title}$"), what=f"the {title} chooser")


def test_the_menu_button_lists_its_items_and_about_and_shortcuts_show(display, workdir):
    bus = SessionBus()
    app = App(display, workdir, bus=bus)
    try:
        app.wait_state()
        nodes = tree(bus, display)
        button = next(n for n in nodes if n["name"] == "Main Menu" and n["role"] == "push button")
        assert button["extents"][0] > 200, button  # at the header bar's end
        # A real click on the button opens the menu; its items are read over AT-SPI.
        app.click(button["extents"][0] + button["extents"][2] // 2, button["extents"][1] + button["extents"][3] // 2)
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
        app.key("Escape")
        wait_until(lambda: "Keyboard Shortcuts" not in names(tree(bus, display), "frame"), what="the window to close")

        open_menu_item(app, bus, display, 3)
        about = wait_until(lambda: (lambda n: n if "A table of notes, toggles and grids that never jumps" in n else None)(
            names(tree(bus, display), "label")), what="the about window")
        assert "Table Demo" in about and "The GtkTableDemo developers" in about
        app.screenshot("about")
        app.xdotool("key", "Escape")  # the about window has the keyboard, not the main window
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
