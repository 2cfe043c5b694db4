"""Shared fixtures: sites built once per session with `mkdocs build --strict`, and throwaway projects.

Behaviour is tested on the fixture providers in tests/fixtures (values tests may rely on); the real
data is used only for invariants (tests/test_real_data.py), so correcting a price never fails a test.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from fixture_history import use_fixture_history

from gpustorage import SiteBuild, build_site
from gpustorage.dataset import Dataset, load_dataset
from gpustorage.languages import site_languages
from projects import copy_project, use_fixture_data  # bench/projects.py, shared with the benchmarks

ROOT = Path(__file__).resolve().parents[1]
DATA_ROOT = ROOT  # the project whose own data the invariant tests check
LANGUAGES = tuple(site_languages(ROOT))
REPOSITORY = "https://example.org/repo"
BUILD_DATE = dt.date(2026, 11, 30)  # tests judge freshness by a fixed date, not by the clock
SOURCE_DATE_EPOCH = str(int(dt.datetime(2026, 11, 30, tzinfo=dt.UTC).timestamp()))
LANGUAGE_PREFIX = {"de": "", "zh": "zh/", "ro": "ro/"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# The test site is built for the address it is served at, as a deployment is: absolute links
# (canonical, hreflang, the 404 page's assets) then lead somewhere real.
SITE_PORT = _free_port()
SITE_URL = f"http://127.0.0.1:{SITE_PORT}/"


# A valid provider file, the starting point of every "broken file" test.
GOOD_PROVIDER = """\
# yaml-language-server: $schema=../../schema/provider.schema.json
name: Example Cloud
website: https://example.com
offerings:
  - kind: network_volume
    product: Volume
    price:
      currency: USD
      unit: GB-month
      tiers:
        - {up_to: 1000, amount: 0.07}
        - {amount: 0.05}
    billed_while_detached: "yes"
    region_binding: datacenter
    throughput: unknown
    max_size: 4 TB
    snapshots: unknown
    multi_attach: "no"
    spot_usable: unknown
    egress: free
    notes: {de: Hinweis, zh: 说明, ro: Notă}
    sources:
      - url: https://example.com/docs
        seen: 2026-07-20
        covers: [price, billed_while_detached, region_binding, max_size, multi_attach, egress]
"""


@dataclass
class Build:
    returncode: int
    output: str
    site: Path

    def page(self, path: str) -> BeautifulSoup:
        file = self.site / path
        if file.is_dir() or path.endswith("/") or not path:
            file = file / "index.html"
        return BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")


def mkdocs_command(site: Path) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of a real build, as `make build` runs it."""
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "SITE_URL": SITE_URL,
        "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH,
    }
    return [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], env


def mkdocs_build(project: Path, site: Path) -> Build:
    """Run the real MkDocs CLI, as `make build` does, and capture everything it prints."""
    command, env = mkdocs_command(site)
    result = subprocess.run(
        command,
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return Build(result.returncode, result.stdout + result.stderr, site)


@pytest.fixture(scope="session")
def fixture_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with the fixture providers and exchange rates, in a git repository
    whose history ends in them (tests/fixture_history.py)."""
    project = use_fixture_data(copy_project(tmp_path_factory.mktemp("fixture") / "project"))
    use_fixture_history(project)
    return project


@pytest.fixture(scope="session")
def site(fixture_project: Path) -> Build:
    """The fixture project built once per test session."""
    build = mkdocs_build(fixture_project, fixture_project / "site")
    assert build.returncode == 0, build.output
    return build


@pytest.fixture(scope="session")
def fixture_build(fixture_project: Path) -> SiteBuild:
    """The fixture project's dataset, figures and views, in-process."""
    return build_site(fixture_project, list(LANGUAGES), BUILD_DATE, REPOSITORY)


@pytest.fixture(scope="session")
def real_dataset() -> Dataset:
    """The repository's own data, loaded once per session."""
    return load_dataset(DATA_ROOT, LANGUAGES)


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The repository's own data built once per session (for invariants only)."""
    build = mkdocs_build(DATA_ROOT, tmp_path_factory.mktemp("real") / "site")
    assert build.returncode == 0, build.output
    return build


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project to break on purpose."""
    return copy_project(tmp_path / "project")


CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",  # the tests run as root in CI
    "--disable-gpu",
    "--disable-background-networking",  # no calls home on a machine without internet
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve_directory(directory: Path, port: int = 0) -> Iterator[str]:
    """A static file server for `directory` on a loopback port (a free one unless given)."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()


@pytest.fixture(scope="session")
def server(site: Build) -> Iterator[str]:
    """The built site served at the address it was built for."""
    with serve_directory(site.site, SITE_PORT) as url:
        yield url


@pytest.fixture(scope="session")
def real_server(real_site: Build) -> Iterator[str]:
    """The real site served (its links are absolute to SITE_URL: follow relative ones only)."""
    with serve_directory(real_site.site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright; a missing browser fails in CI instead of skipping."""
    if not CHROMIUM.exists():
        message = f"Chromium not found at {CHROMIUM} (install Debian's 'chromium' package)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture(scope="session")
def browser_context(browser: object) -> Iterator[object]:
    """One context for the tests' pages: a new tab each is enough (the view lives in the URL)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield context
    context.close()


@pytest.fixture
def page(browser_context: object) -> Iterator[object]:
    tab = browser_context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    tab.close()
    assert errors == [], f"JavaScript errors: {errors}"
