"""Fixtures: one Xvfb per test module, one app per test, artifacts kept on failure."""
import shutil
from pathlib import Path

import pytest

from harness import ARTIFACTS, App, Display


@pytest.fixture(scope="module")
def display():
    display = Display()
    yield display
    display.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "report_" + report.when, report)


@pytest.fixture
def workdir(request, tmp_path):
    yield tmp_path
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        target = ARTIFACTS / request.node.name
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(tmp_path, target)


@pytest.fixture
def launch(display, workdir):
    """Starts the app; every app started is ended, and none may print GTK noise."""
    apps = []

    def start(**kwargs):
        app = App(display, workdir, **kwargs)
        apps.append(app)
        return app

    yield start
    noise = []
    for app in apps:
        noise += app.noise()
        app.close()
    assert not noise, "GTK printed criticals or warnings:\n" + "\n".join(noise)
