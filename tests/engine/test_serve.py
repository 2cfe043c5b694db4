"""A build keeps nothing for the next one: after a change, `mkdocs serve` rebuilds from nothing, so
every language shows the new data at once and nothing of the previous run survives (a renamed
provider, a removed offering); and no module of the generator keeps state between builds."""

from __future__ import annotations

import copy
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

import pytest
from conftest import (
    BUILD_DATE,
    LANGUAGES,
    LEFT_TO_MAKE_TEST,
    QUICK,
    REPOSITORY,
    SOURCE_DATE_EPOCH,
    _free_port,
    use_fixture_data,
)

from gpustorage import build_site, render_site
from projects import copy_project

LANGUAGE_ROOTS = ("", "zh/", "ro/")


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def _wait_for(url: str, wanted: str, unwanted: str | None = None, seconds: float = 120) -> str:
    deadline = time.monotonic() + seconds
    page = None
    while time.monotonic() < deadline:
        page = _get(url)
        if page is not None and wanted in page and (unwanted is None or unwanted not in page):
            return page
        time.sleep(0.5)
    raise AssertionError(f"{url} never showed {wanted!r} without {unwanted!r}; last: {(page or '')[:300]}")


def test_serve_rebuilds_every_language_from_the_changed_data(tmp_path: Path) -> None:
    if QUICK:
        pytest.skip(LEFT_TO_MAKE_TEST)
    project = use_fixture_data(copy_project(tmp_path / "project"))
    port = _free_port()
    address = f"127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", address, "--livereload"],
        cwd=project,
        env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for root in LANGUAGE_ROOTS:
            _wait_for(f"http://{address}/{root}providers/alpha-cloud/", "Alpha Buckets")
        data = project / "data" / "providers" / "alpha-cloud.yaml"
        text = data.read_text(encoding="utf-8")
        renamed = text.replace("name: Alpha Cloud", "name: Alpha Renamed", 1)
        data.write_text(
            renamed.replace("product: Alpha Buckets", "product: Alpha Pails", 1), encoding="utf-8"
        )
        for root in LANGUAGE_ROOTS:
            page = _wait_for(f"http://{address}/{root}providers/alpha-cloud/", "Alpha Renamed", "Alpha Cloud")
            assert "Alpha Pails" in page and "Alpha Buckets" not in page
            comparison = _wait_for(f"http://{address}/{root}", "Alpha Renamed")
            assert "Alpha Buckets" not in comparison
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_no_module_of_the_generator_changes_while_it_builds(fixture_project: Path) -> None:
    """The generator holds no state at module level: a build and its pages leave every module's
    containers as they were, so a second build cannot see the first one."""
    modules = [module for name, module in sys.modules.items() if name.startswith("gpustorage")]

    def containers() -> dict[tuple[str, str], object]:
        return {
            (module.__name__, name): copy.deepcopy(value)
            for module in modules
            for name, value in vars(module).items()
            if isinstance(value, dict | list | set | Counter) and not name.startswith("__")
        }

    before = containers()
    assert before, "no module-level containers found: the test would check nothing"
    for _ in range(2):
        build = build_site(fixture_project, list(LANGUAGES), BUILD_DATE, REPOSITORY)
        render_site(build, "https://example.org/")
    assert containers() == before
