"""A GTK program for the canary of the app's RemappedChildRedraw workaround: a parent draws one
red child over its whole box; the child is made child-invisible, then child-visible again at the
same allocation, with nothing else changed. Prints one JSON line: GTK's minor version and the
colour X shows at the child's centre when shown, hidden and shown again. With `--fix` the
program does what the app does (`GObjectRef.setChildVisible`): after showing the child it
queues a draw of the parent."""
import io
import json
import subprocess
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402
from PIL import Image  # noqa: E402

FIX = "--fix" in sys.argv
css = Gtk.CssProvider()
rule = b".child { background: #ff0000; }"
if Gtk.get_minor_version() >= 12:
    css.load_from_data(rule, -1)
else:
    css.load_from_data(rule)
Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)


class Parent(Gtk.Widget):
    def __init__(self):
        super().__init__()
        self.child = Gtk.Label()
        self.child.add_css_class("child")
        self.child.set_parent(self)

    def do_measure(self, orientation, for_size):
        return (100, 100, -1, -1)

    def do_size_allocate(self, width, height, baseline):
        box = Gdk.Rectangle()
        box.x, box.y, box.width, box.height = 0, 0, width, height
        self.child.size_allocate(box, -1)


def colour_at_centre():
    shot = subprocess.run(["import", "-window", "root", "-crop", "1x1+50+50", "png:-"], capture_output=True, check=True).stdout
    return "#%02x%02x%02x" % Image.open(io.BytesIO(shot)).convert("RGB").getpixel((0, 0))


def main():
    app = Gtk.Application()
    seen = {"gtkMinor": Gtk.get_minor_version()}

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, default_width=100, default_height=100, decorated=False)
        parent = Parent()
        window.set_child(parent)
        window.present()

        def show_again():
            parent.child.set_child_visible(True)
            if FIX:
                parent.queue_draw()

        steps = [lambda: seen.update(shown=colour_at_centre()), lambda: parent.child.set_child_visible(False),
                 lambda: seen.update(hidden=colour_at_centre()), show_again,
                 lambda: seen.update(shownAgain=colour_at_centre()), app.quit]

        def next_step():
            steps.pop(0)()
            return bool(steps)

        GLib.timeout_add(400, next_step)

    app.connect("activate", activate)
    app.run([])
    print(json.dumps(seen), flush=True)


main()
