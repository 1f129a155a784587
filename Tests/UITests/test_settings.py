"""Settings followed at run time (W9): the text scaling factor and the font, set through an
XSETTINGS manager (xsettingsd) as GNOME's settings daemon does. Rows measure again and the
view-model agreement check (on in every scenario) holds before and after."""
import signal
import subprocess
import time

from harness import dark_pixels


class SettingsManager:
    """xsettingsd on the test's display, answering with the settings in its config file."""

    def __init__(self, display, workdir, **settings):
        self.config = workdir / "xsettingsd.conf"
        self.write(**settings)
        self.process = subprocess.Popen(["xsettingsd", "-c", str(self.config)], env={"DISPLAY": display.name},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(0.3)  # it owns the XSETTINGS selection once it has read its config

    def write(self, **settings):
        lines = [f'{key.replace("_", "/")} {value}' for key, value in settings.items()]
        self.config.write_text("\n".join(lines) + "\n")

    def change(self, **settings):
        self.write(**settings)
        self.process.send_signal(signal.SIGHUP)

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)


def test_large_text_and_a_font_change_measure_the_rows_again(launch, display, workdir):
    manager = SettingsManager(display, workdir, Xft_DPI=96 * 1024, Gtk_FontName='"Cantarell 11"')
    try:
        app = launch()
        state = app.wait_state(lambda s: app.row(s, 3) is not None)
        before = app.row(state, 3)
        five_lines = before["modelTextHeight"]
        # Large Text: GNOME's text scaling factor 1.25 gives 120 dpi.
        manager.change(Xft_DPI=120 * 1024, Gtk_FontName='"Cantarell 11"')
        state = app.wait_state(lambda s: app.row(s, 3) is not None and app.row(s, 3)["modelTextHeight"] > five_lines * 1.2,
                               what="the rows measured again for Large Text")
        app.click(*app.note_button(state, 3))
        # GTK's own text view comes to agree with the model: five larger lines, all shown. (GTK
        # restyles its widgets for the new resolution in a frame of its own, which may come
        # after the one the model re-measured in; a loaded machine shows that frame.)
        state = app.wait_state(lambda s: app.row(s, 3)["expanded"] and app.row(s, 3)["widgetTextHeight"] == app.row(s, 3)["modelTextHeight"],
                               what="the text view and the model agreeing on the larger text")
        row = app.row(state, 3)
        assert row["textAreaBounds"]["height"] >= row["widgetTextHeight"]
        # The interface font changes. The table's fonts are its own (Noto Sans, for its scripts),
        # so its text keeps its size; the header bar and buttons follow the setting.
        manager.change(Xft_DPI=120 * 1024, Gtk_FontName='"DejaVu Serif 14"')
        time.sleep(0.5)
        state = app.wait_state()
        row = app.row(state, 3)
        assert row["widgetTextHeight"] == row["modelTextHeight"]
        shot = app.stable_screenshot("large-text")
        area = row["textAreaBounds"]
        assert dark_pixels(shot, (int(area["x"]), int(area["y"]), int(area["x"] + area["width"]), int(area["y"] + area["height"]))) > 300
    finally:
        manager.close()
