# The two set-up commands in the README are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT_BUILD_FLAGS ?=
PYTHON := /usr/bin/python3

.PHONY: setup build run test ui-tests wayland-tests install-tests debian13-tests bench-smoke goldens bench install uninstall pot locale
## `make` alone builds the app and compiles its translations.
.DEFAULT_GOAL := build

APP_ID := io.github.gtktabledemo.TableDemo
## Where `make install` puts the app: PREFIX/bin, PREFIX/share/{gtktabledemo,applications,icons,metainfo}.
PREFIX ?= $(HOME)/.local
## The build `make install` installs (release, or debug as the install test does).
CONFIGURATION ?= release
## Translations (P5): po/LINGUAS names the languages, po/<language>.po their catalogues, and
## po/$(DOMAIN).pot is the template `make pot` extracts from the app's sources (every string
## passed to `tr` or `trn`). The compiled catalogues go under .build/locale, where the
## uninstalled app looks (Localization.swift), and `make install` puts them in PREFIX/share/locale.
DOMAIN := gtktabledemo
LINGUAS := $(shell cat po/LINGUAS)
LOCALE_DIR := .build/locale
CATALOGUES := $(foreach language,$(LINGUAS),$(LOCALE_DIR)/$(language)/LC_MESSAGES/$(DOMAIN).mo)
## The app's sources that call `tr(` or `trn(` (make counts a bare parenthesis, hence OPEN).
OPEN := (
APP_SOURCES := $(shell grep -rlE '\btrn?[$(OPEN)]' Sources/GtkTableDemo | LC_ALL=C sort)
SAMPLE_FILES := rows.json style.css $(patsubst data/%,%,$(wildcard data/rich/*.markup))
INSTALLED_FILES := bin/GtkTableDemo $(addprefix share/gtktabledemo/,$(SAMPLE_FILES)) \
	share/applications/$(APP_ID).desktop \
	share/icons/hicolor/scalable/apps/$(APP_ID).svg \
	share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	share/metainfo/$(APP_ID).metainfo.xml \
	$(foreach language,$(LINGUAS),share/locale/$(language)/LC_MESSAGES/$(DOMAIN).mo)

setup:
	@scripts/setup.sh

build: setup locale
	swift build $(SWIFT_BUILD_FLAGS)

## Writes po/$(DOMAIN).pot from the sources: C keyword scanning reads Swift's string literals.
## Locations name files only, so the template changes only when a message does. POT=FILE writes
## it elsewhere (the translation test compares a fresh one with the committed template).
POT ?= po/$(DOMAIN).pot
pot:
	xgettext --from-code=UTF-8 --language=C --keyword= --keyword=tr --keyword=trn:1,2 --add-comments=TRANSLATORS: \
		--add-location=file --package-name="Table Demo" --msgid-bugs-address=https://github.com/gtktabledemo/GtkTableDemo/issues \
		--output=$(POT) $(APP_SOURCES)

locale: $(CATALOGUES)

$(LOCALE_DIR)/%/LC_MESSAGES/$(DOMAIN).mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check --output-file=$@ $<

## Builds and launches the app on the bundled sample data (your copy lives under $$XDG_DATA_HOME).
run: build
	.build/debug/GtkTableDemo $(ARGS)

## Every test: the model and bridge unit tests, a quick smoke run of the GTK benchmarks (tiny N,
## no timings judged, so the bench code cannot rot), the UI tests under Xvfb, the Wayland lane
## under headless sway, and the install test.
test: setup locale
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build
	$(MAKE) --no-print-directory bench-smoke
	$(MAKE) --no-print-directory ui-tests
	$(MAKE) --no-print-directory wayland-tests
	$(MAKE) --no-print-directory install-tests
	@if [ "$$(id -u)" -eq 0 ]; then $(MAKE) --no-print-directory debian13-tests; \
	else echo "make test: skipped the GTK 4.18 lane, which needs root: run sudo make debian13-tests"; fi

ui-tests: locale
	swift build $(SWIFT_BUILD_FLAGS)
	$(PYTHON) -m pytest -p no:cacheprovider -q Tests/UITests

## The Wayland lane: the real app on headless sway, as an unprivileged test user when run as
## root, driven by a virtual pointer (finger scrolls, wheel notches, clicks) and wtype.
wayland-tests:
	swift build $(SWIFT_BUILD_FLAGS)
	$(PYTHON) -m pytest -p no:cacheprovider -q Tests/WaylandTests

## The desktop entry and metainfo validators, then an install into a temporary prefix, one
## launch of the installed app under Xvfb, and an uninstall that leaves nothing behind.
install-tests:
	swift build $(SWIFT_BUILD_FLAGS)
	$(PYTHON) -m pytest -p no:cacheprovider -q Tests/InstallTests

## Installs the app so it shows up in GNOME's app grid; `make uninstall` with the same PREFIX
## removes exactly these files. The desktop entry gets the installed binary's absolute path.
## The Swift runtime is linked in (P6), so the installed app runs without the toolchain. That
## build has its own folder: its objects are compiled against the toolchain's static modules
## (which name the libraries they need, such as ICU), and the development build stays as it is.
STATIC_BUILD := -c $(CONFIGURATION) --static-swift-stdlib --scratch-path .build/static
install: locale
	swift build $(STATIC_BUILD) --product GtkTableDemo $(SWIFT_BUILD_FLAGS)
	install -Dm755 "$$(swift build $(STATIC_BUILD) --show-bin-path)/GtkTableDemo" "$(PREFIX)/bin/GtkTableDemo"
	for file in $(SAMPLE_FILES); do install -Dm644 "data/$$file" "$(PREFIX)/share/gtktabledemo/$$file" || exit 1; done
	install -d "$(PREFIX)/share/applications"
	sed -e 's|^Exec=GtkTableDemo|Exec=$(PREFIX)/bin/GtkTableDemo|' -e 's|^TryExec=GtkTableDemo|TryExec=$(PREFIX)/bin/GtkTableDemo|' \
		desktop/$(APP_ID).desktop > "$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 desktop/icons/$(APP_ID).svg "$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -Dm644 desktop/icons/$(APP_ID)-symbolic.svg "$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	install -Dm644 desktop/$(APP_ID).metainfo.xml "$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	for language in $(LINGUAS); do \
		install -Dm644 "$(LOCALE_DIR)/$$language/LC_MESSAGES/$(DOMAIN).mo" "$(PREFIX)/share/locale/$$language/LC_MESSAGES/$(DOMAIN).mo" || exit 1; done

uninstall:
	rm -f $(addprefix "$(PREFIX)/,$(addsuffix ",$(INSTALLED_FILES)))
	rmdir "$(PREFIX)/share/gtktabledemo/rich" "$(PREFIX)/share/gtktabledemo" 2>/dev/null || true

## The GTK 4.18 lane (needs root; `make test` runs it when run as root, and says so when it
## skips it): the unit tests, a subset of the X11 UI modules and the Wayland lane (on Debian 13's
## sway 1.10, less its web row test: see below), on GTK 4.18 and libadwaita 1.7,
## inside a Debian 13 root kept in .build/debian13, built with the host's Swift toolchain
## (scripts/debian13-lane.sh). The subset is every module that passes on 4.18 whole; the ones
## left out have a test that still fails there (docs/DESIGN-NOTES.md, "GTK versions", says which
## and why). It took 10 to 12 minutes here (2 cores shared; 16 modules, 85 tests; unit tests and build
## included), besides the 4.8 suite; bad_databases, scrolled_window, accessibility, main_menu and
## window joined since (17 s, 13 s, 46 s, 48 s and 17 s there; 21 modules, 108 tests).
## test_anchoring passes whole there too but is left out: it took 18 minutes under load.
## The Wayland web row test is left out: WebKit's sandbox (bubblewrap) makes a user namespace,
## which the kernel refuses to an unprivileged process inside a chroot (EPERM; clone(2)), and
## sway's test user is one; the X11 modules run the app as root, which needs none.
DEBIAN13_UI_MODULES := accessibility animation bad_databases bad_input crash_safety instances keyboard launch looks \
	main_menu note_forms notes outline_snapshot persistence rows screen_truth scrolled_window settings swipe \
	tall_content window
debian13-tests:
	scripts/debian13-lane.sh bash -c 'swift build --build-tests && swift test --skip-build && \
		python3 -m pytest -p no:cacheprovider -q $(addprefix Tests/UITests/test_,$(addsuffix .py,$(DEBIAN13_UI_MODULES))) && \
		python3 -m pytest -p no:cacheprovider -q Tests/WaylandTests \
			--deselect Tests/WaylandTests/test_wayland.py::test_web_rows_load_fit_and_draw_on_wayland'

bench-smoke:
	$(PYTHON) scripts/bench.py --quick --configuration debug
	$(PYTHON) scripts/bench.py --quick --configuration debug --scroll-only --web-percent 10 --programs ours

## Regenerates the golden screenshots; look at every one before committing it.
goldens: build
	UPDATE_GOLDENS=1 $(PYTHON) -m pytest -p no:cacheprovider -q Tests/UITests
	UPDATE_GOLDENS=1 $(PYTHON) -m pytest -p no:cacheprovider -q Tests/WaylandTests -k golden

## Benchmarks (not tests): the engine bench, then our table against GtkListView and GtkListBox
## under Xvfb, in one run; prints a table, writes bench-results.json, and regenerates the result
## tables in docs/PERFORMANCE.md from it (scripts/perf_doc.py).
bench: setup
	swift build -c release
	$(PYTHON) scripts/bench.py
	$(PYTHON) scripts/perf_doc.py
