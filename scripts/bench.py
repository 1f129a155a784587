#!/usr/bin/python3
"""`make bench`: our table against GTK's own list widgets, plus the engine bench, in one run.

Runs, one after another on one Xvfb display it starts itself (`Xvfb -displayfd`) and one
D-Bus session bus: our app (`GtkTableDemo --bench-script`, autosave on, on a private copy of
the database when the script edits) and `ListPeers` (GtkListView with label rows and with
text-view rows, GtkListBox) on the same generated rows database (GenerateRows, seed 7; the
peers read it through RowStore too, every row in full, as a GTK list needs), at 480x720 with
the cairo renderer. The peers load our rows' fonts (`GtkTableDemo --print-row-css`), so their
text is the size ours is. Each program times itself with the same code (`Sources/BenchSupport`)
and writes JSON; this script types into the typing runs with xdotool, then prints tables with
ours/ListView ratios and the targets, and writes every figure to bench-results.json
(`scripts/perf_doc.py` turns that into docs/PERFORMANCE.md's tables).

Measured here rather than in the programs:
- quit: from the moment the program asks its window to close (as Ctrl+Q does; the report's
  `closeRequestedMonotonicUs`, CLOCK_MONOTONIC) to the process's exit, seen by `waitid`;
  for ours this includes writing what is unsaved and checkpointing the write-ahead log.
- bytes written per edit: the growth of the process's `write_bytes` in /proc/PID/io (bytes
  it caused to be written to storage, the write-ahead log and the checkpoint into the
  database included) from the moment typing starts to its exit (read from the exited
  process before it is reaped), divided by the keys typed. It also counts the few kB of the
  report and its log, so a program that saves nothing shows that floor.

A program still running after its limit is stopped and reported as "timed out"; the run goes
on. Only a program that fails (non-zero exit, no figures) makes the full run exit non-zero.

    scripts/bench.py            the full run (builds nothing: `make bench` builds release first)
    scripts/bench.py --quick    a smoke run (tiny N, a few frames), exits non-zero on failure or
                                timeout; add `--configuration debug` to smoke-test a debug build
    scripts/bench.py --startup-only [--sizes 1000,1000000] [--programs ours] [--repeats 5]
                                only first-frame runs (the `startup` script), in rounds over
                                the sizes; prints each run, the medians and the ratio to the
                                smallest size (a quick loop for start-up work, not a full run)
    scripts/bench.py --scroll-only --programs ours,listview-textview --sizes 1000,100000
                                only the scroll script (no engine bench, typing or start-up
                                repeats), for the programs and sizes named; writes no JSON
                                unless asked
    scripts/bench.py --select-delete-only [--sizes 1000000]
                                only select all and Delete (and ours undoing it), ours against a
                                GtkListView over a GListStore emptied by one g_list_store_splice
    scripts/bench.py --scroll-only --web-percent 1 --programs ours,listview-textview --sizes 1000000
                                the same on data with 1 % web rows (H2); "peak PSS of its child
                                processes" is WebKit's web and network processes
    scripts/bench.py --create-move-only [--sizes 1000000]
                                only Ctrl+N and Alt+Down, each key → its frame, ours against a
                                GtkListView over a GListStore doing each by one splice
    scripts/bench.py --find-only [--sizes 1000,100000,1000000]
                                only the find runs: each query set in the find entry, timed to
                                the end of the frame that paints its filtered rows, ours against
                                a GtkListView filtered by a GtkFilterListModel + GtkStringFilter
                                (not incremental) over the same rows; writes no JSON unless asked
    scripts/bench.py --note-typing-only [--sizes 1000]
                                only the note-length typing runs (a click into a one-line
                                note and into a 1 MB note, then typing), at the largest
                                typing size (or the one named); writes no JSON unless asked

Benchmarks, not tests: nothing here asserts a timing.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / ".build"
BIN = BUILD / "release"  # the programs' folder; --configuration debug switches it
DATA_CACHE = ROOT / ".build" / "bench-data"
SEED = 7
# Percent of web rows in the generated data (`--web-percent`); 0 in the standard runs.
WEB_PERCENT = 0
RUN_TIMEOUT = 240  # s per program run; GtkListBox gets LISTBOX_TIMEOUT
LISTBOX_TIMEOUT = int(os.environ.get("BENCH_LISTBOX_TIMEOUT", "60"))  # the variable lets the timeout path be tried
TYPED_TEXT = "typing cost probe words go here and wrap the line "  # 50 keystrokes
STARTUP_REPEATS = 4  # extra first-frame-only runs per program and N; the table shows the median of 5
KEY_DELAY_MS = 80  # between keystrokes, so each key gets its own frame
# Keys go in bursts with a pause between them, as a typist pauses: each pause outlasts the
# autosave's debounce (SaveScheduler.debounceInterval, 0.5 s), so a save starts in it and the
# next burst's first key meets it. Typed without pauses, 50 keys would end before any save.
BURST_KEYS = 10
BURST_PAUSE_S = 0.8
# Between the create-and-move keys: each is a structural change with a slide, so it gets
# time for its frame and the next key never waits behind it.
EDIT_KEY_PAUSE_S = 0.3
# The programs' launch time, CLOCK_MONOTONIC µs (ProcessProbe.launchTimeVariable in Swift).
BENCH_LAUNCH_VARIABLE = "BENCH_LAUNCH_MONOTONIC_US"

FULL = {
    "sizes": [1_000, 100_000, 1_000_000],
    "listbox_sizes": [1_000, 3_000],
    "typing_sizes": [1_000, 100_000, 1_000_000],
    "scroll_script": "scroll",
    "typing_script": "typing",
    # Typing after a click into a one-line note and into a 1 MB one, side by side (ours only),
    # at the largest typing size.
    "note_scripts": ["typing-one-line-note", "typing-long-note"],
    "keys": 50,
    "startup_repeats": STARTUP_REPEATS,
    # Select all and Delete (E4): ours against a GtkListView over a GListStore emptied by one
    # g_list_store_splice, side by side.
    "delete_sizes": [1_000, 100_000, 1_000_000],
    "delete_script": "select-delete",
    # Find (F1/F2): each query set in the find entry → the frame that paints its filtered rows,
    # ours against a GtkListView with a GtkFilterListModel + GtkStringFilter, side by side.
    "find_sizes": [1_000, 100_000, 1_000_000],
    "find_script": "find",
    # Create and move (E1, E2): Ctrl+N and Alt+Down pressed on a row in the middle, each
    # timed from the key to its frame, ours against a GtkListView over a GListStore doing
    # the same by one g_list_store_splice each, side by side.
    "edit_sizes": [1_000, 100_000, 1_000_000],
    "edit_script": "create-move",
    "edit_keys": 40,
}
QUICK = {
    "sizes": [300],
    "listbox_sizes": [300],
    "typing_sizes": [300],
    "scroll_script": "smoke-scroll",
    "typing_script": "smoke-typing",
    "note_scripts": ["smoke-typing-long-note"],
    "keys": 3,
    "startup_repeats": 1,
    "delete_sizes": [300],
    "delete_script": "smoke-select-delete",
    "find_sizes": [300],
    "find_script": "smoke-find",
    "edit_sizes": [300],
    "edit_script": "smoke-create-move",
    "edit_keys": 6,
}

# The programs compared; each runs the scroll script at every size it is given.
# Each program: its binary, its arguments, and its window's title (xdotool finds the window by it).
PROGRAMS = {
    "ours": ("GtkTableDemo", [], "Table Demo"),
    "listview-label": ("ListPeers", ["--widget", "listview", "--row", "label"], "ListPeers"),
    "listview-textview": ("ListPeers", ["--widget", "listview", "--row", "textview"], "ListPeers"),
    "listbox-label": ("ListPeers", ["--widget", "listbox", "--row", "label"], "ListPeers"),
    "listview-liststore": ("ListPeers", ["--widget", "listview", "--row", "label", "--model", "liststore"], "ListPeers"),
    "listview-filter": ("ListPeers", ["--widget", "listview", "--row", "label", "--model", "liststore", "--filter"],
                        "ListPeers"),
}
# The programs of the select-all-and-delete runs.
DELETE_PROGRAMS = ["ours", "listview-liststore"]
# The programs of the create-and-move runs.
EDIT_PROGRAMS = ["ours", "listview-liststore"]
# The programs of the find runs.
FIND_PROGRAMS = ["ours", "listview-filter"]
# The find runs' scripts, and the word their rows database has in every note, toggle and grid
# (about 90 % of rows; BenchmarkScript.findQueries' broadest query).
FIND_SCRIPTS = ("find", "smoke-find")
FIND_COMMON_WORD = "everyday"


def log(message: str):
    print(message, file=sys.stderr, flush=True)


class Session:
    """Xvfb on a free display and a D-Bus session bus, ended by PID when the run ends."""

    def __init__(self):
        read_end, write_end = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.xvfb.kill()
            raise RuntimeError("Xvfb did not report a display")
        self.display = f":{number}"
        bus = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
                             capture_output=True, text=True, check=True)
        address, pid = bus.stdout.split()[:2]
        self.bus_address, self.bus_pid = address, int(pid)
        self.env = dict(os.environ)
        self.env.update({
            "DISPLAY": self.display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1",
            "GTK_A11Y": "none", "LANG": "C.UTF-8", "DBUS_SESSION_BUS_ADDRESS": self.bus_address,
            "GTKTABLEDEMO_DATA_DIR": str(ROOT / "data"),
        })
        self.env.pop("WAYLAND_DISPLAY", None)

    def close(self):
        try:
            os.kill(self.bus_pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        if self.xvfb.poll() is None:
            os.killpg(self.xvfb.pid, signal.SIGTERM)
            self.xvfb.wait(timeout=10)

    def xdotool(self, *args):
        return subprocess.run(["xdotool", *map(str, args)], env=self.env, capture_output=True, text=True,
                              timeout=60, check=True).stdout


def rows_file(count: int, common_word: str | None = None) -> Path:
    """The generated rows database for `count` rows, made once and kept under .build/
    (made again when GenerateRows is newer). Only startup runs and the peers open it; they
    write nothing to it. With `common_word`, that word is added to every note, toggle and grid
    (`--common-word`), in a database of its own: the find runs' query for about 90 % of rows."""
    DATA_CACHE.mkdir(parents=True, exist_ok=True)
    web = f"-web{WEB_PERCENT}" if WEB_PERCENT else ""
    common = f"-{common_word}" if common_word else ""
    path = DATA_CACHE / f"rows-{count}-seed{SEED}{web}{common}.sqlite"
    generator = BIN / "GenerateRows"
    if not path.exists() or path.stat().st_mtime < generator.stat().st_mtime:
        log(f"generating {count} rows" + (f", {WEB_PERCENT} % web rows" if WEB_PERCENT else "")
            + (f", '{common_word}' in every note, toggle and grid" if common_word else ""))
        remove_database(path)  # GenerateRows never replaces a database
        subprocess.run([generator, "--rows", str(count), "--seed", str(SEED), "--web-percent", str(WEB_PERCENT),
                        *(["--common-word", common_word] if common_word else []),
                        "--output", str(path)], check=True, stdout=subprocess.DEVNULL)
    return path


def remove_database(path: Path):
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def steady_caret_config(workdir: Path) -> Path:
    """A configuration folder whose GTK settings.ini keeps the caret from blinking, as the UI
    tests' does. A run can end with the caret in an entry or a note (find, typing), and the
    last-frame oracle compares two renderings a frame or two apart: a blink between them
    was a difference no full redraw could explain (the find runs' "stale drawing")."""
    config = workdir / "xdg-config"
    settings = config / "gtk-4.0" / "settings.ini"
    if not settings.exists():
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text("[Settings]\ngtk-cursor-blink=false\n")
    return config


def row_css(workdir: Path) -> Path:
    """Our rows' fonts as CSS classes for the peers, from our app (`--print-row-css`)."""
    path = workdir / "row-fonts.css"
    if not path.exists():
        css = subprocess.run([str(BIN / "GtkTableDemo"), "--print-row-css"], capture_output=True, text=True,
                             check=True, timeout=60).stdout
        path.write_text(css)
    return path


def descendants_pss(pid: int) -> int:
    """The summed proportional set size (PSS: shared pages split between their sharers, so a
    library mapped by several processes counts once) of every process descending from `pid`,
    not `pid` itself: WebKit's web and network processes, which web rows start, and their
    sandbox."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
    family, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - family
        family |= frontier
    total = 0
    for child in family:
        try:
            rollup = Path(f"/proc/{child}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        total += sum(int(line.split()[1]) * 1024 for line in rollup if line.startswith("Pss:"))
    return total


def process_io(pid: int) -> dict:
    """/proc/PID/io as numbers (also readable for an exited, not yet reaped process)."""
    try:
        lines = Path(f"/proc/{pid}/io").read_text().splitlines()
    except OSError:
        return {}
    return {key.strip(): int(value) for key, value in (line.split(":") for line in lines)}


class ExitWatcher:
    """Waits in a thread for a process to exit, without reaping it (`waitid(WNOWAIT)`), so
    the moment it exited and its final /proc/PID/io are known; then reaps it."""

    def __init__(self, process: subprocess.Popen):
        import threading
        self.process = process
        self.exited_at = None
        self.io = {}
        self.thread = threading.Thread(target=self._wait, daemon=True)
        self.thread.start()

    def _wait(self):
        try:
            os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOWAIT)
        except ChildProcessError:
            return
        self.exited_at = time.monotonic()
        self.io = process_io(self.process.pid)

    def done(self, timeout: float) -> bool:
        self.thread.join(timeout)
        if self.thread.is_alive():
            return False
        self.process.wait()
        return True


def oracle_failure(output: Path, outcome: str | None) -> str:
    """Words for a run whose last frame failed the pixel oracle; the two renderings it compared
    (the app writes them beside its report) are kept in test-artifacts/bench to be looked at."""
    kept = ROOT / "test-artifacts" / "bench"
    kept.mkdir(parents=True, exist_ok=True)
    for which in ("screen", "redraw"):
        evidence = Path(f"{output}.oracle-{which}.png")
        if evidence.exists():
            shutil.copy(evidence, kept / evidence.name)
    what = ("the window never came to rest (a toast kept showing, or two renderings 0.1 s apart kept differing, for 15 s)"
            if outcome == "neverAtRest" else "its last frame differs from a full redraw")
    return (f"{what} (the pixel oracle), so its figures do not count; "
            f"the renderings compared are in {kept.relative_to(ROOT)}/{output.name}.oracle-*.png")


def run_program(session: Session, workdir: Path, program: str, rows: int, script: str, keys: int) -> dict:
    """Runs one program on one script; returns its JSON figures, {"timedOut": limit in s} when it
    ran past its limit, or {"error": ...}. Our app autosaves as users run it, so a script that
    edits rows gets its own copy of the rows file (the shared one is never written)."""
    binary_name, extra, window_title = PROGRAMS[program]
    shared = rows_file(rows, FIND_COMMON_WORD if script in FIND_SCRIPTS else None)
    data = shared
    if program == "ours" and script != "startup":
        copy = workdir / f"rows-{rows}-{script}.sqlite"
        remove_database(copy)
        shutil.copyfile(data, copy)
        # On disk before the program starts: else its first fsync (a commit, the checkpoint at
        # quit) would also write out the whole copy, which no user's database has pending.
        with open(copy, "rb") as written:
            os.fsync(written.fileno())
        data = copy
    elif program != "ours":
        extra = extra + ["--row-css", str(row_css(workdir))]
    binary = BIN / binary_name
    output = workdir / f"{program}-{rows}-{script}.json"
    ready = Path(str(output) + ".ready")
    timeout = LISTBOX_TIMEOUT if program.startswith("listbox") else RUN_TIMEOUT
    env = dict(session.env, XDG_DATA_HOME=str(workdir / "xdg-data"), XDG_CONFIG_HOME=str(steady_caret_config(workdir)))
    command = [str(binary), *extra, "--data", str(data), "--bench-script", script,
               "--bench-output", str(output)]
    stderr_path = workdir / f"{program}-{rows}-{script}.stderr"
    log(f"running {program} at {rows} rows ({script})")
    with open(stderr_path, "w") as stderr:
        env[BENCH_LAUNCH_VARIABLE] = str(time.monotonic_ns() // 1000)
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=stderr,
                                   start_new_session=True, cwd=workdir)
        watcher = ExitWatcher(process)
        deadline = time.monotonic() + timeout
        typed = False
        io_before_typing = None
        children_peak, next_sample = 0, 0.0
        try:
            while not watcher.done(0.02):
                if time.monotonic() >= next_sample:
                    children_peak = max(children_peak, descendants_pss(process.pid))
                    next_sample = time.monotonic() + 0.25
                if time.monotonic() > deadline:
                    end(process)
                    watcher.done(10)
                    log(f"  {program} at {rows} rows timed out after {timeout} s")
                    return {"timedOut": timeout}
                if keys and not typed and ready.exists():
                    typed = True
                    request = json.loads(ready.read_text() or "{}")
                    # No caret after a click: no keys; the run ends by itself and says why.
                    if "keys" in request:
                        press_keys(session, window_title, request["keys"])
                    elif "click" not in request or click_and_wait(session, window_title, request["click"], ready,
                                                                  deadline):
                        io_before_typing = process_io(process.pid)
                        type_keys(session, window_title, keys)
        except subprocess.SubprocessError as error:
            end(process)
            return {"error": str(error)}
        finally:
            if data != shared:
                remove_database(data)
    if process.returncode != 0:
        return {"error": f"exit status {process.returncode}: {stderr_path.read_text(errors='replace')[-2000:]}"}
    try:
        figures = json.loads(output.read_text())
    except (OSError, json.JSONDecodeError) as error:
        return {"error": f"no figures: {error}"}
    if figures.get("lastFrameMatchesFullRedraw") is False:
        return {"error": oracle_failure(output, figures.get("lastFrameOracle"))}
    figures["childrenPeakPssBytes"] = children_peak
    requested = figures.get("closeRequestedMonotonicUs")
    if requested is not None and watcher.exited_at is not None:
        figures["quitMs"] = (watcher.exited_at * 1e6 - requested) / 1000
    if io_before_typing and "write_bytes" in watcher.io and keys:
        written = watcher.io["write_bytes"] - io_before_typing.get("write_bytes", 0)
        figures["bytesWrittenWhileTyping"] = written
        figures["bytesWrittenPerEdit"] = written / keys
    warnings = [line for line in stderr_path.read_text(errors="replace").splitlines()
                if "-WARNING" in line or "-CRITICAL" in line]
    if warnings:
        figures["gtkWarnings"] = warnings[:10]
    return figures


def type_keys(session: Session, title: str, keys: int):
    """Focuses the program's window and types `keys` characters with real X key events."""
    window = session.xdotool("search", "--sync", "--onlyvisible", "--name", f"^{title}$").split()[0]
    # No window manager: X gives keyboard focus to the window under the pointer.
    session.xdotool("mousemove", "--window", window, "--sync", 240, 360)
    text = TYPED_TEXT[:keys]
    for start in range(0, len(text), BURST_KEYS):
        if start:
            time.sleep(BURST_PAUSE_S)
        session.xdotool("type", "--delay", KEY_DELAY_MS, text[start:start + BURST_KEYS])


def press_keys(session: Session, title: str, names: list[str]):
    """Focuses the program's window and presses each named key (xdotool names, such as
    "ctrl+n"), one at a time with real X key events, a pause between them so each gets its
    own frame."""
    window = session.xdotool("search", "--sync", "--onlyvisible", "--name", f"^{title}$").split()[0]
    session.xdotool("mousemove", "--window", window, "--sync", 240, 60)
    for name in names:
        session.xdotool("key", "--clearmodifiers", name)
        time.sleep(EDIT_KEY_PAUSE_S)


def click_and_wait(session: Session, title: str, point: dict, ready: Path, deadline: float) -> bool:
    """Clicks at `point` (window coordinates: with no window manager the window is at 0,0)
    with a real X button press, then waits for the program to report the caret shown
    (`PATH.caret`, beside `PATH.ready`). False if it did not before `deadline`."""
    window = session.xdotool("search", "--sync", "--onlyvisible", "--name", f"^{title}$").split()[0]
    session.xdotool("mousemove", "--window", window, "--sync", round(point["x"]), round(point["y"]))
    session.xdotool("click", 1)
    caret = ready.with_suffix(".caret")
    while not caret.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def end(process: subprocess.Popen):
    """Ends a program we started, and its process group, by PID."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=5)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def engine_bench(quick: bool) -> dict:
    """TableBench's figures (engine vs naive), if it exists and speaks JSON."""
    binary = BIN / "TableBench"
    if not binary.exists():
        return {"skipped": f"no {binary.relative_to(ROOT)}"}
    command = [str(binary), "--json"] + (["--quick"] if quick else [])
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=900)
        figures = json.loads(result.stdout)
    except (subprocess.SubprocessError, json.JSONDecodeError) as error:
        return {"skipped": f"TableBench --json gave no JSON ({type(error).__name__})"}
    if result.returncode != 0:
        return {"skipped": f"TableBench exited with {result.returncode}"}
    return {"results": figures, "memory": result.stderr.strip()}


def find_bench(quick: bool) -> dict:
    """FindBench's figures (the find index's cost, query-to-filter times), if it speaks JSON."""
    binary = BIN / "FindBench"
    if not binary.exists():
        return {"skipped": f"no {binary.relative_to(ROOT)}"}
    command = [str(binary), "--json"] + (["--quick"] if quick else [])
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=1800)
        figures = json.loads(result.stdout)
    except (subprocess.SubprocessError, json.JSONDecodeError) as error:
        return {"skipped": f"FindBench --json gave no JSON ({type(error).__name__})"}
    if result.returncode != 0:
        return {"skipped": f"FindBench exited with {result.returncode}"}
    return {"results": figures}


def render_find(find: dict) -> list[str]:
    """The find bench's lines: per size, the index's cost, then per query the search and the
    filtered layout's build (the searcher's thread), the filter (main thread) and their sum,
    median / p95 / max in ms."""
    if "results" not in find:
        return [f"Find (FindBench): {find.get('skipped')}", ""]
    lines = ["Find (FindBench): query → filtered table, ms (median / p95 / max); prepare is the searcher's thread's part, "
             "filter the main thread's"]
    for size in find["results"]:
        lines.append(f"  N = {size['n']:,}: import {size['importSeconds']:.2f} s (index {size['indexSeconds']:.2f} s), "
                     f"database {size['databaseBytes'] / 1e6:.1f} MB ({size['databaseBytesWithoutIndex'] / 1e6:.1f} MB without the index)")
        if "flagAllUnfiltered" in size:
            flag = size["flagAllUnfiltered"]
            lines.append(f"    no filter: Ctrl+A, Flag on {flag['rows']:,} rows: main thread {flag['markMs']:.1f} ms, "
                         f"writer {flag['writeMs']:.1f} ms; Undo {flag['undoMs']:.1f} ms, writer {flag['undoWriteMs']:.1f} ms")
        for query in size["queries"]:
            def three(key):
                return "/".join(f"{query[key][stat]:.1f}" for stat in ("median", "p95", "max"))
            lines.append(f"    {query['share'] * 100:6.2f} % {query['query'][:40]:<40} search {three('searchMs'):>16}  "
                         f"prepare {three('prepareMs') if 'prepareMs' in query else '-':>16}  "
                         f"filter {three('filterMs'):>16}  total {three('totalMs'):>16}")
            if "flagAll" in query:
                flag = query["flagAll"]
                lines.append(f"      Ctrl+A, Flag on {flag['rows']:,} shown rows: main thread {flag['markMs']:.1f} ms, "
                             f"writer {flag['writeMs']:.1f} ms ({flag['storeSteps']:,} rows or ranges); "
                             f"Undo {flag['undoMs']:.1f} ms, writer {flag['undoWriteMs']:.1f} ms")
    return lines + [""]


# -- report -----------------------------------------------------------------------------------

def get(figures: dict | None, *path):
    """figures[path...], or None when any step is missing."""
    value = figures
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def mb(value):
    return None if value is None else value / 1_048_576


def ratio(ours, peer):
    return None if ours is None or not peer else ours / peer


def fmt(value, digits=1):
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) >= 100):
        return f"{int(value):,}"
    return f"{value:,.{digits}f}"


METRICS = [
    # label, extractor, digits
    ("rows loaded, window built (ms)", lambda f: get(f, "readyToPresentMs"), 0),
    ("first frame, median of runs (ms)", lambda f: get(f, "firstFrameMedianMs"), 0),
    ("first frame, each run (ms)", lambda f: "/".join(fmt(v, 0) for v in get(f, "firstFrameRunsMs") or []) or None, 0),
    ("peak RSS (MB)", lambda f: mb(get(f, "peakRssBytes")), 0),
    ("peak PSS of its child processes, WebKit's (MB)", lambda f: mb(get(f, "childrenPeakPssBytes")), 0),
    ("quit after the scroll script (ms)", lambda f: get(f, "quitMs"), 0),
    ("RSS kept at the end, trimmed (MB)", lambda f: mb(get(f, "retainedRssBytes")), 0),
    ("row widgets after first frame", lambda f: get(f, "rowWidgetsAfterFirstFrame"), 0),
    ("row widgets after scroll / drag", lambda f: max_of(get(f, "rowWidgetsAfterScroll"), get(f, "rowWidgetsAfterDrag")), 0),
    ("scroll: frame work median (ms)", lambda f: get(f, "scroll", "workMs", "median"), 1),
    ("scroll: frame work p95 (ms)", lambda f: get(f, "scroll", "workMs", "p95"), 1),
    ("scroll: frame interval median (ms)", lambda f: get(f, "scroll", "intervalMs", "median"), 1),
    ("scroll: frame interval p95 (ms)", lambda f: get(f, "scroll", "intervalMs", "p95"), 1),
    ("scroll: frames", lambda f: get(f, "scroll", "frames"), 0),
    ("scroll: GTK row measures per frame", lambda f: per_frame(f, "scroll", "widgetRowsMeasured"), 2),
    ("scroll: GTK measure calls per row per frame", lambda f: calls_per_row(f, "scroll"), 2),
    ("scroll: model row measures per frame", lambda f: per_frame(f, "scroll", "rowsMeasured"), 2),
    ("drag: frame work median (ms)", lambda f: get(f, "drag", "workMs", "median"), 1),
    ("drag: frame work p95 (ms)", lambda f: get(f, "drag", "workMs", "p95"), 1),
    ("drag: frame interval median (ms)", lambda f: get(f, "drag", "intervalMs", "median"), 1),
    ("drag: frame interval p95 (ms)", lambda f: get(f, "drag", "intervalMs", "p95"), 1),
    ("drag: GTK row measures per frame", lambda f: per_frame(f, "drag", "widgetRowsMeasured"), 2),
    ("drag: GTK measure calls per row per frame", lambda f: calls_per_row(f, "drag"), 2),
    ("drag: model row measures per frame", lambda f: per_frame(f, "drag", "rowsMeasured"), 2),
    ("scroll: content height min (px)", lambda f: get(f, "scroll", "contentHeight", "min"), 0),
    ("scroll: content height max (px)", lambda f: get(f, "scroll", "contentHeight", "max"), 0),
    ("scroll: content height first (px)", lambda f: get(f, "scroll", "contentHeight", "first"), 0),
    ("scroll: content height last (px)", lambda f: get(f, "scroll", "contentHeight", "last"), 0),
    ("scroll: content height span (%)", lambda f: get(f, "scroll", "contentHeight", "spanPercent"), 2),
    ("scroll: rows measured", lambda f: get(f, "scroll", "rowsMeasured"), 0),
    ("drag: content height span (%)", lambda f: get(f, "drag", "contentHeight", "spanPercent"), 2),
    ("jump: top row moved, max |px|", lambda f: get(f, "jump", "maxAbsPx"), 0),
]
TYPING_METRICS = [
    ("key press → frame, median (ms)", lambda f: get(f, "typing", "latencyMs", "median"), 1),
    ("key press → frame, p95 (ms)", lambda f: get(f, "typing", "latencyMs", "p95"), 1),
    ("key press → frame, max (ms)", lambda f: get(f, "typing", "latencyMs", "max"), 1),
    ("key queued before handled, max (ms)", lambda f: get(f, "typing", "queueWaitMs", "max"), 1),
    ("typing: frame work median (ms)", lambda f: get(f, "typing", "frameWorkMs", "median"), 1),
    ("typing: frame work p95 (ms)", lambda f: get(f, "typing", "frameWorkMs", "p95"), 1),
    ("typing: frame work max (ms)", lambda f: get(f, "typing", "frameWorkMs", "max"), 1),
    ("bytes written per edit (write_bytes)", lambda f: get(f, "bytesWrittenPerEdit"), 0),
    ("quit after typing (ms)", lambda f: get(f, "quitMs"), 0),
    ("peak RSS while typing (MB)", lambda f: mb(get(f, "peakRssBytes")), 0),
    ("GTK row measures per key (total/keys)", lambda f: per_key(f, "widgetRemeasuredRowsTotal"), 2),
    ("GTK measure calls per row per frame", lambda f: typing_calls_per_row(f), 2),
    ("model row measures per key (total/keys)", lambda f: per_key(f, "remeasuredRowsTotal"), 2),
    ("model row measures per key (median)", lambda f: get(f, "typing", "remeasuredRowsPerTimedKey", "median"), 1),
    ("keys seen / timed", lambda f: keys_seen(f), 0),
]
# The note-length runs: the same typing figures, and the click that put the caret in the note.
NOTE_METRICS = [("click → caret shown (ms)", lambda f: get(f, "typing", "clickToCaretMs"), 1)] + [
    metric for metric in TYPING_METRICS if not metric[0].startswith(("GTK", "model row measures per key (median)"))]
NOTE_LABELS = {"typing-one-line-note": "one-line note", "typing-long-note": "1 MB note",
               "smoke-typing-long-note": "64 kB note"}
COLUMNS = ["ours", "listview-label", "listview-textview", "listbox-label"]
HEADERS = ["ours", "ListView label", "ListView textview", "ListBox"]
# The peer the scroll target is judged against: the text-view ListView, whose rows use the
# same widget as our notes.
SCROLL_PEER = "listview-textview"
ENGINE_TARGETS = [
    # op, the least Fenwick ÷ engine ratio at the largest N, wording
    ("set-height", 1 / 1.5, "within 1.5× of Fenwick or faster"),
    ("row-at-offset", 1 / 1.5, "within 1.5× of Fenwick or faster"),
    ("offset-of-row", 1 / 1.5, "within 1.5× of Fenwick or faster"),
    ("batch-100", 100, "at least 100× faster than Fenwick"),
    ("anchor-correction", 1_000, "an estimate change at least 1,000× faster than Fenwick"),
]


def max_of(*values):
    present = [v for v in values if v is not None]
    return max(present) if present else None


def per_frame(figures, phase, key):
    frames, total = get(figures, phase, "frames"), get(figures, phase, key)
    return None if not frames or total is None else total / frames


def calls_per_row(figures, phase):
    """Vertical measure calls per row measured, each row counted once per frame: how often
    GTK measured one row in one frame."""
    rows, calls = get(figures, phase, "widgetRowsMeasured"), get(figures, phase, "widgetMeasureCalls")
    return None if not rows or calls is None else calls / rows


def typing_calls_per_row(figures):
    rows, calls = get(figures, "typing", "widgetRemeasuredRowsTotal"), get(figures, "typing", "widgetMeasureCallsTotal")
    return None if not rows or calls is None else calls / rows


def per_key(figures, key="remeasuredRowsTotal"):
    keys, total = get(figures, "typing", "keys"), get(figures, "typing", key)
    return None if not keys or total is None else total / keys


def keys_seen(figures):
    keys, timed = get(figures, "typing", "keys"), get(figures, "typing", "timedKeys")
    return None if keys is None else f"{keys} / {timed}"


def usable(run) -> bool:
    """A run that produced figures (not skipped, failed or timed out)."""
    return isinstance(run, dict) and not any(key in run for key in ("error", "skipped", "timedOut"))


def status(run) -> str | None:
    """What a table cell says for a run without figures: "timed out", "skipped", "failed"."""
    if not isinstance(run, dict):
        return None
    if "timedOut" in run:
        return "timed out"
    if "skipped" in run:
        return "skipped"
    if "error" in run:
        return "failed"
    return None


def table_rows(metrics, runs: dict, ratio_peers=("listview-label", "listview-textview")):
    """[label, cell per program..., ours ÷ each ratio peer...] for each metric."""
    rows = []
    for label, extract, digits in metrics:
        values = [extract(runs[program]) if usable(runs.get(program)) else None for program in COLUMNS]
        cells = [fmt(v, digits) if usable(runs.get(program)) else (status(runs.get(program)) or "—")
                 for v, program in zip(values, COLUMNS)]
        numeric = {program: v if isinstance(v, (int, float)) else None for v, program in zip(values, COLUMNS)}
        cells += [fmt(ratio(numeric["ours"], numeric[peer]), 2) for peer in ratio_peers]
        rows.append([label] + cells)
    return rows


def notes_for(runs: dict) -> list[str]:
    notes = []
    for program, header in zip(COLUMNS, HEADERS):
        run = runs.get(program)
        if not isinstance(run, dict):
            continue
        if "timedOut" in run:
            notes.append(f"{header}: timed out (still running after its {run['timedOut']} s limit; stopped)")
        elif (error := run.get("error") or run.get("skipped")):
            notes.append(f"{header}: {str(error).splitlines()[0][:120]}")
    return notes


def plain_table(title: str, header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r))
    return [title, line(header), line(["-" * w for w in widths])] + [line(r) for r in rows] + [""]


def table(title: str, metrics, runs: dict) -> list[str]:
    """One table: a row per metric, a column per program, then ours ÷ each ListView."""
    header = ["metric"] + HEADERS + ["ours÷LV label", "ours÷LV textview"]
    rows = table_rows(metrics, runs)
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r))
    notes = [f"  {note}" for note in notes_for(runs)]
    return [title, line(header), line(["-" * w for w in widths])] + [line(r) for r in rows] + notes + [""]


def note_table_rows(runs: dict) -> list[list[str]]:
    """[label, a cell per note-length run..., last ÷ first] for each note metric."""
    scripts = list(runs)
    rows = []
    for label, extract, digits in NOTE_METRICS:
        values = [extract(runs[script]) if usable(runs[script]) else None for script in scripts]
        cells = [fmt(v, digits) if usable(runs[script]) else (status(runs[script]) or "—")
                 for v, script in zip(values, scripts)]
        numeric = [v if isinstance(v, (int, float)) else None for v in values]
        rows.append([label] + cells + ([fmt(ratio(numeric[-1], numeric[0]), 2)] if len(scripts) > 1 else []))
    return rows


def note_headers(runs: dict) -> list[str]:
    names = [NOTE_LABELS.get(script, script) for script in runs]
    return ["figure"] + names + ([f"{names[-1]} ÷ {names[0]}"] if len(names) > 1 else [])


def engine_ratio(results: dict, op: str, n: int, baseline: str):
    for item in get(results, "engine", "results") or []:
        if isinstance(item, dict) and item.get("op") == op and item.get("n") == n and item.get("engine_ns"):
            value = item.get(f"{baseline}_ns")
            return None if value is None else value / item["engine_ns"]
    return None


def targets(results: dict, config: dict) -> list[dict]:
    """The issue's targets, each with the figures it was judged on. The scroll target is judged
    against the text-view ListView (the same widget as our notes); the others against the
    label ListView (the widget as GTK documents it), the text-view peer shown beside it."""
    sizes = [str(n) for n in config["sizes"]]
    if not sizes:
        return note_targets(results) + find_targets(results)
    largest = sizes[-1]
    checks = []

    def check(name, met, detail):
        checks.append({"target": name, "met": bool(met), "detail": detail})

    engine_n = max((item.get("n", 0) for item in get(results, "engine", "results") or [] if isinstance(item, dict)),
                   default=None)
    for op, least, wording in ENGINE_TARGETS:
        value = engine_ratio(results, op, engine_n, "fenwick") if engine_n else None
        check(f"engine {op} at {fmt(engine_n, 0)} rows: {wording}", value is not None and value >= least,
              f"Fenwick ÷ engine {fmt(value, 2)}× (needs ≥ {fmt(least, 2)}×); "
              f"naive ÷ engine {fmt(engine_ratio(results, op, engine_n, 'naive'), 0)}×" if engine_n else "no engine figures")

    def figures(size, extract):
        runs = results["scroll"].get(size, {})
        value = lambda program: extract(runs[program]) if usable(runs.get(program)) else None
        return value("ours"), value("listview-label"), value("listview-textview")

    def versus(size, extract, digits=0, unit="ms", scale=lambda v: v):
        o, label, text = figures(size, extract)
        s = lambda v: scale(v) if v is not None else None
        return (f"{size}: ours {fmt(s(o), digits)} {unit}, ListView {fmt(s(label), digits)} ({fmt(ratio(o, label), 2)}×), "
                f"text-view ListView {fmt(s(text), digits)} ({fmt(ratio(o, text), 2)}×)")

    def within(size, extract, limit, peer=1):
        values = figures(size, extract)
        o, other = values[0], values[peer]
        return o is not None and other is not None and o <= limit * other

    first = lambda f: get(f, "firstFrameMedianMs")
    smallest = sizes[0]
    ours_first = {n: figures(n, first)[0] for n in sizes}
    check(f"first frame at {largest} ≤ 2× ours at {smallest}",
          ours_first[largest] is not None and ours_first[smallest] and ours_first[largest] <= 2 * ours_first[smallest],
          f"ours {fmt(ours_first[largest], 0)} ms at {largest}, {fmt(ours_first[smallest], 0)} ms at {smallest} "
          f"({fmt(ratio(ours_first[largest], ours_first[smallest]), 2)}×, needs ≤ 2×)")
    check(f"first frame ≤ 0.5× ListView at {largest}", within(largest, first, 0.5), versus(largest, first))
    check("first frame no slower than ListView at every N", all(within(n, first, 1.0) for n in sizes),
          "; ".join(versus(n, first) for n in sizes))
    rss = lambda f: get(f, "peakRssBytes")
    check(f"peak RSS ≤ 0.7× ListView at {largest}", within(largest, rss, 0.7),
          versus(largest, rss, unit="MB", scale=mb))

    def ours_runs(size):
        """Ours' runs at `size` with figures: the scroll run, then the typing run."""
        return [run for run in (get(results, "scroll", size, "ours"), get(results, "typing", size, "ours")) if usable(run)]

    def ours_max(size, extract):
        return max_of(*(extract(run) for run in ours_runs(size)))

    peak_small, peak_large = mb(ours_max(smallest, rss)), mb(ours_max(largest, rss))
    check(f"peak RSS at {largest} ≤ ours at {smallest} + 100 MB",
          peak_small is not None and peak_large is not None and peak_large <= peak_small + 100,
          f"ours {fmt(peak_large, 0)} MB at {largest}, {fmt(peak_small, 0)} MB at {smallest} "
          f"(+{fmt(None if peak_large is None or peak_small is None else peak_large - peak_small, 0)} MB; "
          f"{fmt(ratio(peak_large, peak_small), 2)}×; the larger of the scroll and typing runs)")
    key_max = lambda f: get(f, "typing", "latencyMs", "max")
    typing_small, typing_large = get(results, "typing", smallest, "ours"), get(results, "typing", largest, "ours")
    small_max = key_max(typing_small) if usable(typing_small) else None
    large_max = key_max(typing_large) if usable(typing_large) else None
    check(f"typing at {largest}, autosave on: max key→frame ≤ 2× the max at {smallest}",
          small_max and large_max is not None and large_max <= 2 * small_max,
          f"ours {fmt(large_max)} ms at {largest}, {fmt(small_max)} ms at {smallest} "
          f"({fmt(ratio(large_max, small_max), 2)}×, needs ≤ 2×)")
    typing_work = get(typing_large, "typing", "frameWorkMs", "p95") if usable(typing_large) else None
    check(f"typing at {largest}, autosave on: frame work p95 ≤ 16.7 ms",
          typing_work is not None and typing_work <= 16.7, f"ours {fmt(typing_work)} ms")
    quit_ms = lambda f: get(f, "quitMs")
    quits = [(name, quit_ms(run)) for name, run in
             (("after the scroll script", get(results, "scroll", largest, "ours")), ("after typing", typing_large))
             if usable(run) and quit_ms(run) is not None]
    check(f"quit at {largest} ≤ 300 ms", bool(quits) and all(q <= 300 for _, q in quits),
          "; ".join(f"ours {fmt(q, 0)} ms {name} ({fmt(q / 300, 2)}× the limit)" for name, q in quits) or "no figure")
    widgets = [figures(n, lambda f: max_of(get(f, "rowWidgetsAfterFirstFrame"), get(f, "rowWidgetsAfterScroll"),
                                            get(f, "rowWidgetsAfterDrag"), get(f, "rowWidgetsAtEnd")))[0] for n in sizes]
    check("≤ 40 live row widgets", all(w is not None and w <= 40 for w in widgets),
          "ours at most " + ", ".join(f"{fmt(w, 0)} at {n}" for w, n in zip(widgets, sizes)))
    work = lambda f: get(f, "scroll", "workMs", "p95")
    check("scroll frame work p95 ≤ 0.5× the text-view ListView at every N", all(within(n, work, 0.5, peer=2) for n in sizes),
          "; ".join(versus(n, work, 1) for n in sizes))
    drag = figures(largest, lambda f: get(f, "drag", "workMs", "p95"))[0]
    check(f"scrollbar-drag frame work p95 ≤ 16.7 ms at {largest}", drag is not None and drag <= 16.7,
          f"ours {fmt(drag)} ms")
    span = lambda f: get(f, "scroll", "contentHeight", "spanPercent")
    spans = [figures(n, span) for n in sizes]
    check("content height within ±2% during the scroll",
          all(o is not None and o <= 2 for o, _, _ in spans),
          "; ".join(f"{n}: ours {fmt(o, 2)}%, text-view ListView {fmt(t, 2)}%, ListView {fmt(l, 2)}%"
                    for n, (o, l, t) in zip(sizes, spans)))
    jumps = [figures(n, lambda f: get(f, "jump", "maxAbsPx"))[0] for n in sizes]
    check("0 px scroll jump", all(j == 0 for j in jumps),
          "ours " + ", ".join(f"{fmt(j, 0)} px at {n}" for j, n in zip(jumps, sizes)))
    details, met = [], True
    for size, runs in results["typing"].items():
        typing = runs.get("ours") if usable(runs.get("ours")) else {}
        per = per_key(typing)
        median = get(typing, "typing", "remeasuredRowsPerTimedKey", "median")
        met = met and per == 1 and median == 1
        details.append(f"{size}: {fmt(per, 2)} per key (total/keys), median {fmt(median, 0)}; "
                       f"GTK measures {fmt(per_key(typing, 'widgetRemeasuredRowsTotal'), 2)} per key")
    check("exactly one row re-measured by the model per keystroke", met and bool(details), "; ".join(details))
    return checks + note_targets(results) + find_targets(results)


def find_targets(results: dict) -> list[dict]:
    """Find at the largest size run: key → filtered frame p95 ≤ 100 ms and ≤ 0.25× GTK's
    filter, and no frame over 16.7 ms while a query runs (neither a frame's work nor the
    interval between two frames' clock times: a missed frame shows as 33.3 ms), per query."""
    checks = []
    sizes = [int(size) for size in results.get("findFrames", {})]
    if not sizes:
        return checks
    size = max(sizes)
    runs = results["findFrames"][str(size)]
    ours = get(runs.get("ours"), "find", "queries") or {}
    peer = get(runs.get("listview-filter"), "find", "queries") or {}
    for query, figures in ours.items():
        p95 = get(figures, "latencyMs", "p95")
        peer_p95 = get(peer.get(query), "latencyMs", "p95")
        longest = get(figures, "maxFrameIntervalMs", "max")
        longest_work = get(figures, "maxFrameWorkMs", "max")
        label = f'find "{query}" at {size:,} rows'
        checks.append({"target": f"{label}: key → filtered frame p95 ≤ 100 ms", "met": p95 is not None and p95 <= 100,
                       "detail": f"{fmt(p95)} ms"})
        checks.append({"target": f"{label}: p95 ≤ 0.25× the GTK filter's",
                       "met": p95 is not None and bool(peer_p95) and p95 <= 0.25 * peer_p95,
                       "detail": f"{fmt(p95)} ms against {fmt(peer_p95)} ms ({fmt(ratio(p95, peer_p95), 2)}×)"})
        checks.append({"target": f"{label}: no frame over 16.7 ms while the query runs",
                       "met": longest is not None and longest_work is not None and max(longest, longest_work) <= 16.7,
                       "detail": f"longest interval {fmt(longest)} ms, longest work {fmt(longest_work)} ms"})
    return checks


def note_targets(results: dict) -> list[dict]:
    """Typing in a 1 MB note against a one-line note, and the click that puts the caret in it."""
    checks = []

    def check(name, met, detail):
        checks.append({"target": name, "met": bool(met), "detail": detail})

    notes = results.get("noteTyping", {}).get("runs", {})
    short, long = notes.get("typing-one-line-note"), notes.get("typing-long-note")
    if short is not None or long is not None:
        size = fmt(results["noteTyping"].get("rows"), 0)
        latency = lambda run, stat: get(run, "typing", "latencyMs", stat) if usable(run) else None
        pairs = [(stat, latency(long, stat), latency(short, stat)) for stat in ("median", "p95", "max")]
        check(f"typing in a 1 MB note at {size} rows: key→frame ≤ 2× a one-line note (median, p95, max)",
              all(l is not None and s and l <= 2 * s for _, l, s in pairs),
              "; ".join(f"{stat} {fmt(l)} ms against {fmt(s)} ms ({fmt(ratio(l, s), 2)}×)" for stat, l, s in pairs))
        click = get(long, "typing", "clickToCaretMs") if usable(long) else None
        short_click = get(short, "typing", "clickToCaretMs") if usable(short) else None
        check(f"click to caret in a 1 MB note at {size} rows ≤ 100 ms", click is not None and click <= 100,
              f"{fmt(click)} ms; a one-line note {fmt(short_click)} ms ({fmt(ratio(click, short_click), 2)}×)")
    return checks


def render(results: dict, config: dict) -> str:
    lines = []
    engine = results["engine"]
    if "results" in engine:
        lines.append("Engine (TableBench): baseline time ÷ engine time per operation (above 1: the engine is faster)")
        lines.append(f"  {'op':<20} {'rows':>9}  {'naive÷engine':>13}  {'Fenwick÷engine':>15}")
        for item in engine["results"]:
            if isinstance(item, dict) and item.get("engine_ns"):
                fenwick = item.get("fenwick_ns")
                lines.append(f"  {item.get('op', '?'):<20} {item.get('n', 0):>9,}  "
                             f"{item['naive_ns'] / item['engine_ns']:>12,.1f}×  "
                             f"{(fenwick or 0) / item['engine_ns']:>14,.2f}×")
        lines += [f"  {line}" for line in engine.get("memory", "").splitlines()] + [""]
    else:
        lines += [f"Engine (TableBench): {engine.get('skipped')}", ""]
    lines += render_find(results.get("find", {"skipped": "not run"}))
    for size in map(str, config["all_sizes"]):
        runs = results["scroll"].get(size)
        if runs:
            lines += table(f"N = {int(size):,} rows, script {config['scroll_script']}", METRICS, runs)
    for size, runs in results["typing"].items():
        lines += table(f"Typing at N = {int(size):,} rows ({config['keys']} keystrokes, xdotool, autosave on)",
                       TYPING_METRICS, runs)
    for size, runs in results.get("deleteAll", {}).items():
        lines += delete_table(int(size), runs)
    for size, runs in results.get("createMove", {}).items():
        lines += edit_table(int(size), runs)
    for size, runs in results.get("findFrames", {}).items():
        lines += find_frames_table(int(size), runs)
    notes = results.get("noteTyping", {})
    if notes.get("runs"):
        title = f"Typing after a click, by note length, at N = {int(notes['rows']):,} rows (ours, autosave on)"
        lines += plain_table(title, note_headers(notes["runs"]), note_table_rows(notes["runs"]))
    lines.append("Targets:")
    for item in results["targets"]:
        lines.append(f"  [{'met' if item['met'] else 'MISSED'}] {item['target']}: {item['detail']}")
    return "\n".join(lines)


FIND_HEADERS = {"ours": "ours", "listview-filter": "GTK filter"}


def find_frames_table(size: int, runs: dict) -> list[str]:
    """The find runs at `size` rows: per query, the rows each program matched, then key (the
    query set in the entry) → the frame that paints the filtered rows, median / p95 / max in ms,
    and the longest frame meanwhile: its interval from the previous frame's end (which also holds
    main-thread work between frames) and its own work; how long setting the text took (GTK's
    whole filter pass, before the frame lays out and paints; ours only starts a search); and
    ours ÷ GTK."""
    queries = []
    for run in runs.values():
        for query in get(run, "find", "queries") or {}:
            if query not in queries:
                queries.append(query)
    # Narrowest query first, by the fewest matches any program found.
    queries.sort(key=lambda q: min((get(run, "find", "queries", q, "matches") for run in runs.values()
                                    if get(run, "find", "queries", q, "matches") is not None), default=0))
    header = ["query", "program", "matched rows", "share", "key → filtered frame (ms)", "longest frame interval (ms)",
              "longest frame work (ms)", "setting the text (ms)", "ours÷GTK (median/p95/max)"]
    rows = []
    for query in queries:
        figures = {program: get(run, "find", "queries", query) for program, run in runs.items()}
        three = lambda f, key: "/".join(fmt(get(f, key, stat)) for stat in ("median", "p95", "max")) if f else "—"
        ours, peer = figures.get("ours"), figures.get("listview-filter")
        ratios = "/".join(fmt(ratio(get(ours, "latencyMs", stat), get(peer, "latencyMs", stat)), 2)
                          for stat in ("median", "p95", "max"))
        for program, f in figures.items():
            share = f"{f['matches'] / f['rows'] * 100:.2f} %" if f and f.get("rows") else "—"
            rows.append([f'"{query}"', FIND_HEADERS.get(program, program), fmt(get(f, "matches"), 0), share,
                         three(f, "latencyMs"), three(f, "maxFrameIntervalMs"), three(f, "maxFrameWorkMs"), three(f, "setTextMs"),
                         ratios if program == "ours" else ""])
    notes = [f"  {FIND_HEADERS.get(p, p)}: {status(run)}: {str(run.get('error') or run.get('skipped') or '')[:160]}"
             for p, run in runs.items() if not usable(run)]
    notes += [f"  {FIND_HEADERS.get(p, p)}: {get(run, 'find', 'error')}" for p, run in runs.items()
              if usable(run) and get(run, "find", "error")]
    title = (f"Find at N = {size:,} rows: the query set in the find entry → the frame that paints its rows "
             "(ours: word prefixes through FTS5; GTK filter: GtkFilterListModel, incremental off, + GtkStringFilter, "
             "substring, ignoring case)")
    return plain_table(title, header, rows)[:-1] + notes + [""]


def edit_table(size: int, runs: dict) -> list[str]:
    """Ctrl+N and Alt+Down at `size` rows: each key → the end of its frame (median, p95, max
    ms), and the frames' longest main-thread work."""
    rows = []
    for program, run in runs.items():
        figures = get(run, "createMove") if usable(run) else None
        if not figures or "error" in figures:
            rows.append([program, status(run) or (figures or {}).get("error", "no figures"), "", "", "", ""])
            continue
        def spread(name):
            summary = figures.get(name) or {}
            return f"{fmt(summary.get('median'))} / {fmt(summary.get('p95'))} / {fmt(summary.get('max'))}"
        rows.append([program, spread("createLatencyMs"), spread("moveLatencyMs"),
                     fmt(get(figures, "frameWorkMs", "max")), f"{figures.get('timedKeys', '?')}/{figures.get('keys', '?')}",
                     f"{figures.get('rowsAdded', '?')}"])
    return plain_table(f"Create and move at N = {size:,} rows: key → its frame, ms (median / p95 / max; "
                       "GListStore: one g_list_store_splice per key)",
                       ["program", "Ctrl+N", "Alt+Down", "max frame work ms", "timed/keys", "rows added"], rows)


def delete_table(size: int, runs: dict) -> list[str]:
    """Select all and Delete at `size` rows: the main-thread work of the frames that did it,
    how soon the table was empty, and (ours) the undo."""
    rows = []
    for program, run in runs.items():
        figures = get(run, "deleteAll") if usable(run) else None
        if not figures or "error" in figures:
            rows.append([program, status(run) or (figures or {}).get("error", "no figures"), "", "", "", ""])
            continue
        undo = figures.get("undo")
        restored = ("yes" if figures.get("rowsAfterUndo") == figures.get("rowsBefore")
                    and figures.get("scrollOffsetAfterUndo") == figures.get("scrollOffsetBefore") else "no") if undo else "no undo"
        rows.append([program, fmt(get(figures, "delete", "workMs", "max")), fmt(figures.get("emptyAfterMs")),
                     fmt(get(undo, "workMs", "max")) if undo else "-", restored, f"{figures.get('rowsAfter', '?')}"])
    lines = plain_table(f"Select all and Delete at N = {size:,} rows (one batch; ours then undoes it)",
                        ["program", "max frame work ms", "empty after ms", "undo max frame ms", "rows and scroll back",
                         "rows left"], rows)
    flags = []
    for program, run in runs.items():
        figures = get(run, "flagAll") if usable(run) else None
        if not figures or "error" in figures:
            continue
        undo = figures.get("undo") or {}
        flags.append([program, fmt(get(figures, "flag", "workMs", "max")), fmt(get(figures, "flag", "workMs", "median")),
                      fmt(get(undo, "workMs", "max")), fmt(get(undo, "workMs", "median")), str(figures.get("rows", "?"))])
    if flags:
        lines += plain_table(f"Select all and Flag at N = {size:,} rows, same run, before the Delete (a layer above "
                             "10,000 rows, row by row below; then undone)",
                             ["program", "max frame work ms", "median frame work ms", "undo max frame ms",
                              "undo median frame ms", "rows"], flags)
    return lines


def startup_only(sizes: list[int], programs: list[str], repeats: int, output: str | None) -> int:
    """First-frame runs only, `repeats` rounds over every size and program (so drifting load
    weighs on each alike); prints each run's first frame and "window built" time, the medians,
    and each program's median ratio to its own at the smallest size."""
    runs = {(program, size): [] for program in programs for size in sizes}
    load_before = os.getloadavg()
    session = Session()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-") as workdir:
            for _ in range(repeats):
                for size in sizes:
                    for program in programs:
                        figures = run_program(session, Path(workdir), program, size, "startup", 0)
                        if not usable(figures) or "firstFrameMs" not in figures:
                            log(f"FAILED: {program} at {size}: {figures}")
                            return 1
                        runs[(program, size)].append(figures)
    finally:
        session.close()
    load_after = os.getloadavg()
    summary = {}
    for program in programs:
        smallest = None
        for size in sizes:
            first = [f["firstFrameMs"] for f in runs[(program, size)]]
            built = [f.get("readyToPresentMs") for f in runs[(program, size)] if f.get("readyToPresentMs") is not None]
            median = statistics.median(first)
            smallest = smallest or median
            summary[f"{program}-{size}"] = {"firstFrameRunsMs": first, "firstFrameMedianMs": median,
                                            "readyToPresentRunsMs": built}
            print(f"{program:<18} {size:>9,} rows: first frame median {median:7.0f} ms "
                  f"({median / smallest:.2f}× the smallest size); runs {'/'.join(f'{v:.0f}' for v in first)}; "
                  f"window built {'/'.join(f'{v:.0f}' for v in built) or '—'}")
    print(f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    if output:
        Path(output).write_text(json.dumps({"runs": summary, "loadAverage": [load_before, load_after]}, indent=2) + "\n")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: tiny N, a few frames")
    parser.add_argument("--output", help="where the JSON goes (default: bench-results.json; a smoke run writes "
                                         "none unless asked, so it never replaces a full run's figures)")
    parser.add_argument("--configuration", choices=["release", "debug"], default="release",
                        help="which build's programs to run (figures only mean something for release)")
    parser.add_argument("--startup-only", action="store_true",
                        help="only first-frame runs (the startup script) of --programs (default: ours) at --sizes "
                             "(default: 1000,1000000), --repeats rounds")
    parser.add_argument("--scroll-only", action="store_true",
                        help="run only the scroll script: no engine bench, typing or start-up repeats")
    parser.add_argument("--note-typing-only", action="store_true",
                        help="run only the note-length typing runs (ours): no engine bench, scroll, typing or start-up")
    parser.add_argument("--select-delete-only", action="store_true",
                        help="run only select all and Delete (ours against a GtkListView over a GListStore): "
                             "no engine bench, scroll, typing or start-up")
    parser.add_argument("--create-move-only", action="store_true",
                        help="run only Ctrl+N and Alt+Down key → frame (ours against a GtkListView over a GListStore): "
                             "no engine bench, scroll, typing or start-up")
    parser.add_argument("--find-only", action="store_true",
                        help="run only the find runs (ours against a GtkListView filtered by a GtkFilterListModel "
                             "with a GtkStringFilter): no engine bench, scroll, typing or start-up")
    parser.add_argument("--programs", help=f"comma-separated programs to run (default: all of {','.join(COLUMNS)}; "
                                           "with --startup-only, ours)")
    parser.add_argument("--sizes", help="comma-separated row counts to run (default: the run's own; with "
                                        "--startup-only, 1000,1000000)")
    parser.add_argument("--web-percent", type=int, default=0,
                        help="percent of web rows in the generated data (0...100; the peers show them as text)")
    parser.add_argument("--repeats", type=int, default=5, help="with --startup-only: rounds over every size and program")
    arguments = parser.parse_args()
    global BIN, WEB_PERCENT
    BIN = BUILD / arguments.configuration
    WEB_PERCENT = arguments.web_percent
    if arguments.startup_only:
        programs = (arguments.programs or "ours").split(",")
        unknown = [p for p in programs if p not in PROGRAMS]
        if unknown or arguments.repeats < 1:
            parser.error(f"unknown programs {unknown}" if unknown else "--repeats must be at least 1")
        for name in {PROGRAMS[p][0] for p in programs} | {"GenerateRows"}:
            if not (BIN / name).exists():
                log(f"missing {BIN / name}: build first (`swift build -c release`)")
                return 2
        return startup_only(sorted(int(n) for n in (arguments.sizes or "1000,1000000").split(",")), programs, arguments.repeats,
                            arguments.output)
    config = dict(QUICK if arguments.quick else FULL)
    programs = arguments.programs.split(",") if arguments.programs else COLUMNS
    if unknown := [p for p in programs if p not in PROGRAMS]:
        parser.error(f"unknown program {', '.join(unknown)} (known: {', '.join(COLUMNS)})")
    if arguments.sizes:
        try:
            sizes = [int(n) for n in arguments.sizes.split(",")]
        except ValueError:
            parser.error(f"--sizes takes comma-separated row counts, not {arguments.sizes!r}")
        config["sizes"] = sizes
        config["listbox_sizes"] = [n for n in config["listbox_sizes"] if n in sizes] or sizes[:1]
        config["typing_sizes"] = [n for n in config["typing_sizes"] if n in sizes]
    # The note-length runs go at the largest typing size (or the one --sizes names).
    config["note_size"] = max(config["typing_sizes"] or config["sizes"] or [0])
    partial = (arguments.scroll_only or arguments.note_typing_only or arguments.select_delete_only or arguments.find_only
               or arguments.create_move_only
               or arguments.programs or arguments.sizes)
    if arguments.scroll_only:
        config["typing_sizes"] = []
        config["note_scripts"] = []
        config["startup_repeats"] = 0
    if arguments.note_typing_only:
        config.update(sizes=[], listbox_sizes=[], typing_sizes=[], startup_repeats=0)
    if arguments.sizes:
        # The select-all-and-delete runs go at the sizes named, whatever the run's own.
        config["delete_sizes"] = config["sizes"]
        config["find_sizes"] = config["sizes"]
        config["edit_sizes"] = config["sizes"]
    if arguments.select_delete_only:
        config.update(sizes=[], listbox_sizes=[], typing_sizes=[], startup_repeats=0, note_scripts=[])
    if arguments.create_move_only:
        config.update(sizes=[], listbox_sizes=[], typing_sizes=[], startup_repeats=0, note_scripts=[], delete_sizes=[],
                      find_sizes=[])
    if arguments.select_delete_only or arguments.find_only or arguments.scroll_only or arguments.note_typing_only:
        config["edit_sizes"] = []
    if arguments.find_only:
        config.update(sizes=[], listbox_sizes=[], typing_sizes=[], startup_repeats=0, note_scripts=[], delete_sizes=[])
    if arguments.scroll_only or arguments.note_typing_only or arguments.select_delete_only:
        config["find_sizes"] = []
    if arguments.scroll_only or arguments.note_typing_only:
        config["delete_sizes"] = []
    config["all_sizes"] = sorted(set(config["sizes"]) | set(config["listbox_sizes"]))
    for name in ("GtkTableDemo", "ListPeers", "GenerateRows"):
        if not (BIN / name).exists():
            log(f"missing {BIN / name}: build first (`make bench` builds release)")
            return 2
    started = time.monotonic()
    environment_date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_average = list(os.getloadavg())
    only = (arguments.scroll_only or arguments.note_typing_only or arguments.select_delete_only or arguments.find_only
            or arguments.create_move_only)
    engine = {"skipped": "not asked for (a partial run)"} if only else engine_bench(arguments.quick)
    find = {"skipped": "not asked for (a partial run)"} if only else find_bench(arguments.quick)
    results = {"engine": engine, "find": find, "scroll": {}, "typing": {}, "noteTyping": {}, "deleteAll": {},
               "findFrames": {}, "createMove": {}}
    session = Session()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-") as workdir:
            work = Path(workdir)
            for size in config["all_sizes"]:
                runs = results["scroll"].setdefault(str(size), {})
                for program in COLUMNS:
                    if program not in programs:
                        continue
                    if program.startswith("listbox"):
                        if size not in config["listbox_sizes"]:
                            runs[program] = {"skipped": f"not run above {max(config['listbox_sizes']):,} rows (one widget per row)"}
                            continue
                    elif size not in config["sizes"]:
                        continue
                    run = runs[program] = run_program(session, work, program, size, config["scroll_script"], 0)
                    if usable(run):
                        run["firstFrameRunsMs"] = [run["firstFrameMs"]] if "firstFrameMs" in run else []
            # The extra first-frame runs go in rounds over every size and program, so load that
            # drifts during the run (the machine is shared) weighs on every size alike.
            for _ in range(config["startup_repeats"]):
                for size in config["all_sizes"]:
                    for program, run in results["scroll"][str(size)].items():
                        if usable(run) and not (program.startswith("listbox") and size > 1_000):
                            first = run_program(session, work, program, size, "startup", 0).get("firstFrameMs")
                            if first is not None:
                                run["firstFrameRunsMs"].append(first)
            for runs in results["scroll"].values():
                for run in runs.values():
                    if usable(run) and run["firstFrameRunsMs"]:
                        run["firstFrameMedianMs"] = statistics.median(run["firstFrameRunsMs"])
            for size in config["typing_sizes"]:
                runs = results["typing"].setdefault(str(size), {})
                for program in ("ours", "listview-textview"):
                    if program not in programs:
                        continue
                    runs[program] = run_program(session, work, program, size, config["typing_script"], config["keys"])
            for size in config["delete_sizes"]:
                runs = results["deleteAll"].setdefault(str(size), {})
                for program in DELETE_PROGRAMS:
                    if program in programs or (program == "listview-liststore" and not arguments.programs):
                        runs[program] = run_program(session, work, program, size, config["delete_script"], 0)
            for size in config["find_sizes"]:
                runs = results["findFrames"].setdefault(str(size), {})
                for program in FIND_PROGRAMS:
                    if program in programs or (program == "listview-filter" and not arguments.programs):
                        runs[program] = run_program(session, work, program, size, config["find_script"], 0)
            for size in config["edit_sizes"]:
                runs = results["createMove"].setdefault(str(size), {})
                for program in EDIT_PROGRAMS:
                    if program in programs or (program == "listview-liststore" and not arguments.programs):
                        runs[program] = run_program(session, work, program, size, config["edit_script"],
                                                    config["edit_keys"])
            if "ours" in programs and config["note_scripts"]:
                notes = results["noteTyping"] = {"rows": config["note_size"], "runs": {}}
                for script in config["note_scripts"]:
                    notes["runs"][script] = run_program(session, work, "ours", config["note_size"], script,
                                                        config["keys"])
    finally:
        session.close()
    results["targets"] = targets(results, config)
    results["config"] = {key: value for key, value in config.items()}
    results["seconds"] = round(time.monotonic() - started, 1)
    results["environment"] = {"date": environment_date, "cpus": os.cpu_count(), "loadAverage": load_average}
    text = render(results, config)
    print(text)
    # A smoke or partial run writes no JSON unless asked, so it never replaces a full run's figures.
    output = arguments.output or (None if arguments.quick or partial else str(ROOT / "bench-results.json"))
    print(f"\n(total {results['seconds']} s" + (f"; figures in {output})" if output else ")"))
    if output:
        Path(output).write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    # A run that failed is a failure; one that ran past its limit is a figure ("timed out"),
    # except in a smoke run, where every program must finish.
    failures = [f"{size} {program}: {run['error']}" for size, runs in results["scroll"].items()
                for program, run in runs.items() if "error" in run]
    failures += [f"typing {size} {program}: {run['error']}" for size, runs in results["typing"].items()
                 for program, run in runs.items() if "error" in run]
    failures += [f"{script}: {run['error']}" for script, run in results["noteTyping"].get("runs", {}).items()
                 if "error" in run]
    failures += [f"select-delete {size} {program}: {run['error']}" for size, runs in results["deleteAll"].items()
                 for program, run in runs.items() if "error" in run]
    failures += [f"create-move {size} {program}: {run['error']}" for size, runs in results["createMove"].items()
                 for program, run in runs.items() if "error" in run]
    failures += [f"find {size} {program}: {run['error']}" for size, runs in results["findFrames"].items()
                 for program, run in runs.items() if "error" in run]
    if arguments.quick:
        failures += [f"{size} {program}: timed out" for phase in ("scroll", "typing")
                     for size, runs in results[phase].items() for program, run in runs.items() if "timedOut" in run]
        failures += smoke_gaps(results)
    for failure in failures:
        log(f"FAILED: {failure}")
    return 1 if failures else 0


def smoke_gaps(results: dict) -> list[str]:
    """In a smoke run every figure the table shows must be present."""
    gaps = []
    for size, runs in results["scroll"].items():
        for program, run in runs.items():
            if not usable(run):
                continue
            for key in ("firstFrameMs", "peakRssBytes", "scroll", "drag", "jump"):
                if key not in run or get(run, key, "error"):
                    gaps.append(f"{size} {program}: no {key}")
            if get(run, "scroll", "widgetRowsMeasured") is None:
                gaps.append(f"{size} {program}: no GTK row measure count")
            if get(run, "scroll", "widgetMeasureCalls") is None:
                gaps.append(f"{size} {program}: no GTK measure call count")
            if run.get("quitMs") is None:
                gaps.append(f"{size} {program}: no quit time")
    for script, run in results.get("noteTyping", {}).get("runs", {}).items():
        if not usable(run) or get(run, "typing", "clickToCaretMs") is None:
            gaps.append(f"{script}: no click-to-caret time ({get(run, 'typing') if usable(run) else run})")
        elif get(run, "typing", "latencyMs", "count") in (None, 0):
            gaps.append(f"{script}: no timed keys")
    for size, runs in results["typing"].items():
        for program, run in runs.items():
            if usable(run) and get(run, "typing", "latencyMs", "count") in (None, 0):
                gaps.append(f"typing {size} {program}: no timed keys ({get(run, 'typing')})")
            if usable(run) and run.get("bytesWrittenPerEdit") is None:
                gaps.append(f"typing {size} {program}: no bytes written per edit")
    for size, runs in results.get("deleteAll", {}).items():
        for program, run in runs.items():
            figures = get(run, "deleteAll") if usable(run) else None
            if not figures or "error" in figures or figures.get("rowsAfter") != 0:
                gaps.append(f"select-delete {size} {program}: no empty table ({figures or run})")
            elif program == "ours" and figures.get("rowsAfterUndo") != figures.get("rowsBefore"):
                gaps.append(f"select-delete {size} ours: undo did not bring the rows back ({figures})")
            flags = get(run, "flagAll") if usable(run) else None
            if program == "ours" and (not flags or "error" in flags or get(flags, "undo", "frames") in (None, 0)):
                gaps.append(f"select-flag {size} ours: no flag and undo figures ({flags or run})")
    for size, runs in results.get("createMove", {}).items():
        for program, run in runs.items():
            figures = get(run, "createMove") if usable(run) else None
            if (not figures or "error" in figures or get(figures, "createLatencyMs", "count") in (None, 0)
                    or get(figures, "moveLatencyMs", "count") in (None, 0)):
                gaps.append(f"create-move {size} {program}: Ctrl+N or Alt+Down not timed ({figures or run})")
    for size, runs in results.get("findFrames", {}).items():
        for program, run in runs.items():
            queries = get(run, "find", "queries") if usable(run) else None
            if not queries or len(queries) != 3 or any(q.get("timed", 0) == 0 for q in queries.values()):
                gaps.append(f"find {size} {program}: not every query timed ({get(run, 'find') if usable(run) else run})")
    engine = results.get("engine", {})
    if "results" in engine and not all(isinstance(i, dict) and i.get("fenwick_ns") for i in engine["results"]):
        gaps.append("engine: no Fenwick figures")
    find = results.get("find", {})
    if "results" not in find and not find.get("skipped", "").startswith("not asked for"):
        gaps.append(f"find: {find.get('skipped', 'no figures')}")
    elif "results" in find and not all(len(size.get("queries", [])) == 3 for size in find["results"]):
        gaps.append("find: a size without its three queries")
    return gaps


if __name__ == "__main__":
    sys.exit(main())
