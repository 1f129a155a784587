# The two set-up commands in the README are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT_BUILD_FLAGS ?=
PYTHON := /usr/bin/python3

.PHONY: setup build run test ui-tests bench-smoke goldens bench

setup:
	@scripts/setup.sh

build: setup
	swift build $(SWIFT_BUILD_FLAGS)

## Builds and launches the app on the bundled sample data (your copy lives under $$XDG_DATA_HOME).
run: build
	.build/debug/GtkTableDemo $(ARGS)

## Every test: the model and bridge unit tests, a quick smoke run of the GTK benchmarks (tiny N,
## no timings judged, so the bench code cannot rot), then the UI tests under Xvfb.
test: setup
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build
	$(MAKE) --no-print-directory bench-smoke
	$(MAKE) --no-print-directory ui-tests

ui-tests:
	swift build $(SWIFT_BUILD_FLAGS)
	$(PYTHON) -m pytest -p no:cacheprovider -q Tests/UITests

bench-smoke:
	$(PYTHON) scripts/bench.py --quick --configuration debug

## Regenerates the golden screenshots; look at every one before committing it.
goldens: build
	UPDATE_GOLDENS=1 $(PYTHON) -m pytest -p no:cacheprovider -q Tests/UITests

## Benchmarks (not tests): the engine bench, then our table against GtkListView and GtkListBox
## under Xvfb, in one run; prints a table, writes bench-results.json, and regenerates the result
## tables in docs/PERFORMANCE.md from it (scripts/perf_doc.py).
bench: setup
	swift build -c release
	$(PYTHON) scripts/bench.py
	$(PYTHON) scripts/perf_doc.py
