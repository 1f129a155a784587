"""Russian (P5): the catalogue is complete and matches the sources, and the app run under
LANGUAGE=ru in a ru_RU.UTF-8 locale speaks Russian on the screen and over AT-SPI (title, header
buttons, a row's actions, the find count in its three plural forms, the selection title),
with no label of the window's chrome cut at the narrowest window (480 px); a refusal toast and
a bad file's dialog speak Russian too, while stderr keeps the English details."""
import json
import os
import re
import sqlite3
import subprocess
from pathlib import Path

import pytest

from harness import BINARY, ROOT, SAMPLE_DATA, App, SessionBus, compare_golden, dark_pixels, wait_until

CLIENT = Path(__file__).with_name("a11y_client.py")
SOURCES = ROOT / "Sources" / "GtkTableDemo"
RUSSIAN_PLURALS = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"


def russian_form(n):
    """Which of Russian's three plural forms a number takes: 1, 21 → 0; 2, 34 → 1; 5, 11, 0 → 2."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


@pytest.fixture(scope="module")
def russian(tmp_path_factory):
    """The environment of a Russian session, with the catalogues compiled as `make` does. The
    locale is the one the README's set-up generates, or else a private compiled copy (LOCPATH)."""
    subprocess.run(["make", "--no-print-directory", "-s", "locale"], cwd=ROOT, check=True)
    environment = {"LANGUAGE": "ru", "LANG": "ru_RU.UTF-8", "LC_ALL": "ru_RU.UTF-8"}
    if "ru_RU.utf8" not in subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split():
        folder = tmp_path_factory.mktemp("locale")
        result = subprocess.run(["localedef", "-i", "ru_RU", "-f", "UTF-8", str(folder / "ru_RU.UTF-8")],
                                capture_output=True, text=True)
        assert result.returncode in (0, 1), result.stderr  # 1: compiled, with warnings
        environment["LOCPATH"] = str(folder)
    return environment


def messages(po_text):
    """The msgids of a PO or POT file (plural ids joined to their singular by a newline),
    without the header."""
    found = set()
    for entry in po_text.split("\n\n"):
        lines = entry.strip().splitlines()
        ids = {}
        current = None
        for line in lines:
            match = re.match(r'^(msgid_plural|msgid|msgstr(?:\[\d\])?) (".*")$', line)
            if match:
                current = match.group(1)
                ids[current] = json.loads(match.group(2))
            elif line.startswith('"') and current:
                ids[current] += json.loads(line)
        if ids.get("msgid"):
            found.add(ids["msgid"] + ("\n" + ids["msgid_plural"] if "msgid_plural" in ids else ""))
    return found


def test_the_template_matches_the_sources_and_russian_translates_every_message(tmp_path):
    # `make pot` writes what the committed template holds: no message added or gone since.
    fresh = tmp_path / "fresh.pot"
    subprocess.run(["make", "--no-print-directory", "-s", "pot", f"POT={fresh}"], cwd=ROOT, check=True,
                   capture_output=True)
    committed = messages((ROOT / "po" / "gtktabledemo.pot").read_text())
    assert messages(fresh.read_text()) == committed, "po/gtktabledemo.pot is out of date: run make pot"
    # xgettext read every literal handed to tr/trn in the Swift sources (C scanning of Swift
    # could skip one), and none interpolates (its msgid would never match at run time).
    literal = r'"((?:[^"\\]|\\.)*)"'
    in_code = set()
    for path in SOURCES.rglob("*.swift"):
        text = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("//"))
        for single in re.findall(r"\btr\(" + literal + r"\)", text):
            in_code.add(single)
        for one, many in re.findall(r"\btrn\(" + literal + r",\s*" + literal, text):
            in_code.add(one + "\n" + many)
        assert not re.search(r"\btrn?\(\"[^\"]*\\\(", text), f"{path.name}: an interpolated string passed to tr"
        assert not re.search(r"\btrn?\((?!\")", text.replace("func tr(", "").replace("func trn(", "")), \
            f"{path.name}: tr or trn called with something other than a literal"
    in_code = {message.replace('\\"', '"') for message in in_code}
    assert in_code and in_code <= committed, sorted(in_code - committed)
    # The Russian catalogue: every message of the template, all translated, none fuzzy, with
    # Russian's three plural forms.
    russian = (ROOT / "po" / "ru.po").read_text()
    assert messages(russian) == committed, "po/ru.po does not match the template: msgmerge it"
    assert RUSSIAN_PLURALS in russian.replace('"\n"', "")
    result = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(ROOT / "po" / "ru.po")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"\d+ translated messages\.\n", result.stderr), result.stderr


def accessible(bus, display, *args):
    """What the AT-SPI client reports of the app (see a11y_client.py)."""
    result = subprocess.run(["/usr/bin/python3", str(CLIENT), "GtkTableDemo", *args], capture_output=True, text=True,
                            env={**os.environ, **bus.environment, "DISPLAY": display.name}, timeout=60)
    lines = result.stdout.strip().splitlines()
    return json.loads(lines[-1]) if lines else {"error": result.stderr[-500:]}


def buttons_named(bus, display, wanted, what):
    """The app's push buttons over AT-SPI once all of `wanted` are among them (AT-SPI can lag
    behind the screen); fails saying which were there."""
    last = {}

    def ask():
        last.update(accessible(bus, display))
        return last if set(wanted) <= set(last.get("buttons", [])) else None
    try:
        return wait_until(ask, timeout=45, interval=0.5, what=what)["buttons"]
    except TimeoutError as failure:
        raise AssertionError(f"{failure}; buttons: {last.get('buttons')}, error: {last.get('error')}") from None


def chrome_cuts(state):
    """The cut labels outside the table's rows: the header bar, the find bar, the action bar."""
    top = state["tableOrigin"]["y"]
    bottom = top + state["viewportHeight"]
    return [label for label in state["cutLabels"]
            if not label.get("bounds") or label["bounds"]["y"] < top or label["bounds"]["y"] >= bottom]


def test_the_window_speaks_russian_and_nothing_is_cut(display, workdir, russian):
    bus = SessionBus()
    app = App(display, workdir, bus=bus, env=russian)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None
                               and all(r.get("widgetTextHeight") == r["modelTextHeight"] for r in s["rows"] if r["kind"] == "note"))
        assert state["window"]["width"] == 480, state["window"]
        first_top = state["tableOrigin"]["y"]
        assert state["header"]["title"] == "Демо-таблица" and state["header"]["endEditing"]["label"] == "Завершить"
        assert app.note_button(state, 3) and app.row(state, 3)["buttonLabel"] == "Развернуть"
        # At 480 px nothing is cut: not the title, not a row's Развернуть.
        assert state["cutLabels"] == [], state["cutLabels"]

        found = wait_until(lambda: (lambda r: r if "Развернуть" in r.get("buttons", []) else None)(accessible(bus, display)),
                           timeout=30, what="the app's Russian names over AT-SPI")
        names = set(found["allNames"])
        assert {"Демо-таблица", "Новая заметка", "Главное меню", "Выбрать", "Найти", "Строки"} <= names, sorted(names)
        assert not {"Table Demo", "New note", "Main Menu", "Expand", "Rows"} & names, sorted(names)
        # The title is drawn: dark glyph ink at the header bar's centre, above the table.
        image = app.stable_screenshot("russian")
        centre = state["window"]["width"] / 2
        assert dark_pixels(image, (centre - 50, 8, centre + 50, state["tableOrigin"]["y"] - 8), threshold=140) > 20
        compare_golden(image, "russian-first-screen", workdir / "golden")

        # A row's actions (the menu of its swipe actions) are Russian, on screen and to AT-SPI.
        app.key("Down", "Down")
        app.wait_state(lambda s: s["focus"].get("row") == 2, what="row 2 to take the focus")
        app.key("shift+F10")
        state = app.wait_state(lambda s: s["contextMenuOpen"])
        assert set(state["contextMenuItems"]) == {"Закрепить", "Готово", "Удалить", "Пометить"}, state["contextMenuItems"]
        buttons_named(bus, display, {"Закрепить", "Готово", "Пометить", "Удалить"}, "the row's actions over AT-SPI")
        app.key("Escape")
        app.wait_state(lambda s: not s["contextMenuOpen"])

        # The find count takes each of the three plural forms, its number grouped as in Russian.
        app.key("ctrl+f")
        app.wait_state(lambda s: s["find"]["open"] and s["find"]["entryFocused"], what="the find bar")
        forms = {}
        for text, count in (("lemons", "1 строка"), ("bread", "2 строки"), ("t", "15 строк")):
            app.key("ctrl+a")
            app.type(text)
            state = app.wait_state(lambda s: s["find"]["shows"] == text and s["find"]["count"] == count,
                                   what=f"{count!r} for {text!r}")
            forms[russian_form(int(count.split()[0]))] = count
            assert chrome_cuts(state) == [], state["cutLabels"]
        assert sorted(forms) == [0, 1, 2], forms
        app.key("Escape")
        state = app.wait_state(lambda s: not s["find"]["open"] and len(s["rows"]) > 5 and s["tableOrigin"]["y"] == first_top,
                               what="every row again, the find bar gone")

        # Selection mode: its title, Отмена and the batch buttons, none cut.
        select = next(b for b in state["selectionChrome"]["buttons"] if b["name"] == "Select")["bounds"]
        app.click(select["x"] + select["width"] / 2, select["y"] + select["height"] / 2)
        state = app.wait_state(lambda s: s["header"]["title"] == "Выберите строки", what="selection mode")
        top = state["tableOrigin"]["y"]
        rows = [r for r in state["rows"] if r["kind"] == "note" and r["y"] >= top and r["y"] + r["height"] <= top + 400]
        for count, target in enumerate([r["id"] for r in rows[:3]], start=1):
            state = app.wait_state(lambda s: s["tableOrigin"]["y"] == top, what="the table where the find bar left it")
            row = app.row(state, target)
            app.click(state["tableOrigin"]["x"] + 60, row["y"] + min(20, row["height"] / 2))
            state = app.wait_state(lambda s: s["header"]["title"] == f"Выбрано: {count}", what=f"{count} rows selected")
        assert chrome_cuts(state) == [], state["cutLabels"]
        buttons_named(bus, display, {"Отмена", "Пометить", "Снять пометку", "Готово", "Не готово", "Закрепить", "Открепить", "Удалить"},
                      "selection mode over AT-SPI")
        app.assert_full_redraw_matches()
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()


def test_an_unreadable_row_and_its_refusal_toast_speak_russian(display, workdir, russian):
    # Row 3's stored extra fields are damaged: the row cannot be read and says why in its
    # place, and a secondary click on it is refused with a toast worded by the app.
    path = workdir / "rows.sqlite"
    subprocess.run([str(BINARY), "--data", str(path), "--import-json", str(SAMPLE_DATA / "rows.json")],
                   check=True, capture_output=True, timeout=60)
    with sqlite3.connect(path) as connection:
        connection.execute("""UPDATE rows SET extra = '{"source": "x"' WHERE id = 3""")
    connection.close()
    bus = SessionBus()
    app = App(display, workdir, data=path, bus=bus, env=russian)
    try:
        state = app.wait_state(lambda s: app.row(s, 3) is not None and app.row(s, 3)["measured"])
        # The row's notice is in Russian too, naming the file and what is wrong.
        notice = f"Эту строку не удалось прочитать из «{path}»: её дополнительные поля — не объект JSON."
        wait_until(lambda: any(n.startswith(notice) for n in accessible(bus, display).get("allNames", [])), timeout=30,
                   what="the Russian unreadable-row notice over AT-SPI")
        row = app.row(state, 3)
        app.click(state["tableOrigin"]["x"] + state["rowWidth"] / 2, row["y"] + row["height"] / 2, button=3)
        refusal = "Эту строку не удалось прочитать из базы, поэтому её нельзя изменить. Причина написана на её месте."
        wait_until(lambda: refusal in accessible(bus, display).get("allNames", []), timeout=30,
                   what="the Russian refusal toast over AT-SPI")
        assert "could not be read and is left as stored" in app.stderr_text()  # the log's details stay English
        state = app.state()
        assert not state["contextMenuOpen"] and not app.row(state, 3)["flagged"]
        app.assert_full_redraw_matches()
        assert not app.noise(), app.noise()
    finally:
        app.close()
        bus.close()


def test_a_bad_rows_file_is_reported_in_russian(display, workdir, russian):
    # Not a database: the dialog names the file in Russian, with SQLite's own words kept as they
    # are; stderr keeps the English sentence for the command line.
    path = workdir / "notes.sqlite"
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    before = path.read_bytes()
    bus = SessionBus()
    app = App(display, workdir, data=path, bus=bus, env=russian)
    try:
        expected = (f"Файл «{path}» не является базой строк (file is not a database). "
                    "Выберите другой файл или переместите этот; он оставлен как есть.")
        names = wait_until(lambda: (lambda n: n if expected in n else None)(accessible(bus, display).get("allNames", [])),
                           timeout=30, what="the Russian dialog body over AT-SPI")
        assert "Не удаётся открыть файл строк" in names, names
        assert f"“{path}” is not a rows database" in app.stderr_text()
        app.dialog_key("Escape", title="Не удаётся открыть файл строк")
        assert app.wait_exit() != 0
        assert path.read_bytes() == before
    finally:
        app.close()
        bus.close()
