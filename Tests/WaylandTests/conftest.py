"""Fixtures: one headless sway per test module, one app per test, artifacts kept on failure,
and no GTK critical or warning from any app."""
import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sway_session import Sway, WaylandApp  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def sway():
    sway = Sway()
    yield sway
    sway.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "report_" + report.when, report)


@pytest.fixture
def workdir(request, sway):
    """A folder the test user can write (pytest's own tmp_path is private to root); kept in
    test-artifacts/ when the test fails, or always with KEEP_ARTIFACTS=1."""
    path = sway.root / request.node.name
    path.mkdir()
    yield path
    failed = getattr(request.node, "report_call", None)
    if (failed is not None and failed.failed) or os.environ.get("KEEP_ARTIFACTS") == "1":
        target = ARTIFACTS / f"wayland-{request.node.name}"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(path, target)
        shutil.copy(sway.log_path, target / "sway.log")


@pytest.fixture
def launch(sway, workdir):
    apps = []

    def start(**kwargs):
        app = WaylandApp(sway, workdir, **kwargs)
        apps.append(app)
        return app

    yield start
    noise = []
    for app in apps:
        noise += app.noise()
        app.close()
    assert not noise, "GTK printed criticals or warnings:\n" + "\n".join(noise)
