"""Looks (W7, S8): the dark style, HiDPI (GDK_SCALE=2) and a right-to-left locale, each with a
golden screenshot, plus the mirrored swipe directions."""
import subprocess

import pytest

from harness import App, Display, colour_fraction, compare_golden, dark_pixels, pin_blue


@pytest.fixture(scope="module")
def hebrew_locale(tmp_path_factory):
    """A compiled he_IL.UTF-8 locale in a private folder (LOCPATH), so no root is needed."""
    folder = tmp_path_factory.mktemp("locale")
    result = subprocess.run(["localedef", "-i", "he_IL", "-f", "UTF-8", str(folder / "he_IL.UTF-8")],
                            capture_output=True, text=True)
    assert (folder / "he_IL.UTF-8").exists(), result.stderr
    return {"LOCPATH": str(folder), "LANG": "he_IL.UTF-8", "LC_ALL": "he_IL.UTF-8", "LANGUAGE": "he"}


def mean_brightness(image, box):
    region = image.crop(box).convert("L")
    values = list(region.getdata())
    return sum(values) / len(values)


def test_dark_style(launch, workdir):
    app = launch(env={"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"})
    state = app.wait_state(lambda s: len(s["rows"]) >= 6)
    shot = app.stable_screenshot("dark")
    row = app.row(state, 2)
    assert mean_brightness(shot, (20, int(row["y"]) + 40, 300, int(row["y"]) + 70)) < 80, "the rows are not dark"
    text = shot.crop((20, int(row["y"]) + 8, 300, int(row["y"]) + 28)).convert("L")
    assert sum(1 for v in text.getdata() if v > 180) > 150, "the text is not light on dark"
    compare_golden(shot, "dark", workdir / "golden")


def test_scale_2(workdir):
    display = Display(size="1600x1600")
    app = App(display, workdir, env={"GDK_SCALE": "2"})
    try:
        state = app.wait_state(lambda s: len(s["rows"]) >= 3)
        shot = app.stable_screenshot("scale2")
        # The window is drawn at twice the size in device pixels.
        assert state["window"]["scale"] == 2 and shot.size == (2 * state["window"]["width"], 2 * state["window"]["height"])
        row = app.row(state, 7)
        assert row["unknownGlyphs"] == 0
        compare_golden(shot, "scale2", workdir / "golden")
        assert not app.noise(), app.noise()
    finally:
        app.close()
        display.close()


def test_right_to_left_locale_mirrors_the_layout_and_the_swipes(launch, workdir, hebrew_locale):
    app = launch(env=hebrew_locale)
    state = app.wait_state(lambda s: app.row(s, 4) is not None)
    shot = app.stable_screenshot("rtl")
    compare_golden(shot, "rtl", workdir / "golden")
    row = app.row(state, 3)
    origin = state["tableOrigin"]["x"]
    # The scrollbar sits on the left, so the rows start after it; the Expand button is on the left.
    left = origin + state["window"]["width"] - 10 - state["rowWidth"]
    assert dark_pixels(shot, (int(left) + 20, int(row["y"] + row["height"]) - 30, int(left) + 80, int(row["y"] + row["height"]) - 14),
                       threshold=90) > 40, "no Expand button at the left"
    row = app.row(state, 4)
    # Dragging left (towards the trailing side in a left-to-right locale) reveals the
    # *leading* actions here, on the right: Pin is blue.
    y = row["y"] + row["height"] / 2
    app.drag(left + 300, y, left + 140, y)
    state = app.wait_state(lambda s: app.row(s, 4)["swipeOffset"] < -100)
    shot = app.screenshot("rtl-swipe")
    right = origin + state["window"]["width"] - 10
    box = (int(right) - 60, int(row["y"]) + 10, int(right) - 5, int(row["y"] + row["height"]) - 10)
    assert colour_fraction(shot, box, pin_blue) > 0.6, "Pin is not at the right edge in right-to-left"
