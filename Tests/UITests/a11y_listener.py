"""An AT-SPI listener, run on the app's session bus: prints, one JSON line each, the
accessible-description changes the app reports (what a screen reader hears of them), with
the source's name, role and whether it has the keyboard focus. Prints {"ready": true} once
listening; stops after the seconds given."""
import json
import sys

import pyatspi
from gi.repository import GLib


def on_description(event):
    if event.host_application is None or event.host_application.name != sys.argv[1]:
        return
    source = event.source
    print(json.dumps({"description": event.any_data, "name": source.name, "role": source.getRoleName(),
                      "focused": source.getState().contains(pyatspi.STATE_FOCUSED)}), flush=True)


def main():
    pyatspi.Registry.registerEventListener(on_description, "object:property-change:accessible-description")
    GLib.timeout_add(200, lambda: print(json.dumps({"ready": True}), flush=True) and False)
    GLib.timeout_add(int(float(sys.argv[2]) * 1000), lambda: pyatspi.Registry.stop() and False)
    pyatspi.Registry.start()


main()
