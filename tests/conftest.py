"""Shared fixtures: sites built once per run with `mkdocs build --strict` (shared by xdist's workers),
browser tabs kept per screen set-up, and throwaway projects.

Behaviour is tested on the fixture providers in tests/fixtures (values tests may rely on); the real
data is used only for invariants (tests/built_site/test_real_data.py), so correcting a price never fails
a test.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup, Tag
from fixture_history import use_fixture_history

from gpustorage import SiteBuild, SiteView, build_site
from gpustorage.inputs.dataset import Dataset, load_dataset
from gpustorage.inputs.settings import site_languages
from gpustorage.pages.render import LanguageRenderer, environment, shared_parts
from gpustorage.pages.render_html import card_labels
from gpustorage.pages.transform import ProviderView
from projects import copy_project, use_fixture_data  # bench/projects.py, shared with the benchmarks
from serving import serve  # bench/serving.py, the same

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


# Sites are built once per run, not once per xdist worker: the first process to import this module
# (xdist's controller, or pytest alone) chooses a folder for them and the test site's port, and the
# workers it starts inherit both through the environment. That process also serves the test site.
_STARTS_THE_RUN = "GS_TESTS_SHARED" not in os.environ
if _STARTS_THE_RUN:
    os.environ["GS_TESTS_SHARED"] = tempfile.mkdtemp(prefix="gs-tests-")
    # The test site is built for the address it is served at, as a deployment is: absolute links
    # (canonical, hreflang, the 404 page's assets) then lead somewhere real.
    os.environ["GS_TESTS_SITE_PORT"] = str(_free_port())
    # The real data is dated by the world: its builds judge freshness by the day the run started, as
    # `make build` does (a source read today is not after their build date). Fixture builds keep
    # BUILD_DATE, which their tests' figures assume.
    today = dt.datetime.now(dt.UTC).date()
    os.environ["GS_TESTS_TODAY_EPOCH"] = str(
        int(dt.datetime(today.year, today.month, today.day, tzinfo=dt.UTC).timestamp())
    )
TODAY_EPOCH = os.environ["GS_TESTS_TODAY_EPOCH"]
SHARED = Path(os.environ["GS_TESTS_SHARED"])
# `make test-quick`, the inner loop: a test that needs a full MkDocs build or a browser is skipped, said
# so in the summary, and left to `make test` (which never sets this, so there it always runs).
QUICK = os.environ.get("GS_TESTS_QUICK") == "1"
LEFT_TO_MAKE_TEST = "needs a full build or a browser: run by make test"
SITE_PORT = int(os.environ["GS_TESTS_SITE_PORT"])
SITE_URL = f"http://127.0.0.1:{SITE_PORT}/"
FIXTURE_PROJECT = SHARED / "fixture" / "project"


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
      basis: list
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
        quote:
          price: "$0.07 per GB-month up to 1,000 GB, $0.05 beyond"
          billed_while_detached: "Billed while detached."
          region_binding: "Bound to its data centre."
          max_size: "Up to 4 TB."
          multi_attach: "One instance at a time."
          egress: "Egress is free."
"""


def renderer(view: SiteView) -> LanguageRenderer:
    """The renderer of one language view on its own (render_site makes them for a whole build)."""
    return LanguageRenderer(view, shared_parts(view), environment(), SITE_URL, card_labels(view.t))


def provider_markdown(view: SiteView, provider: ProviderView) -> str:
    """A provider's page as render makes it, front matter included."""
    return renderer(view).provider_page(provider).as_markdown()


def changes_reading_the_same(page: BeautifulSoup) -> list[str]:
    """The entries of a changes page whose value struck out reads like the one that replaced it."""
    return [
        item.get_text()
        for item in page.select("ul.gs-history li")
        if (old := item.select_one("del"))
        and (new := item.select_one("ins"))
        and old.get_text() == new.get_text()
    ]


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

    def details(self, prefix: str, provider: str, number: int) -> Tag:
        """An offering's details as the comparison opens them (its provider's details file), checked to
        be the very block its provider's page shows below the offering's heading."""
        folder = self.site / prefix / "providers" / provider
        anchor = f"offering-{number}"
        alone = BeautifulSoup((folder / "details.html").read_text(encoding="utf-8"), "html.parser")
        block = alone.find(id=anchor)
        assert isinstance(block, Tag), f"no {anchor} in {folder}/details.html"
        on_page = self.page(f"{prefix}providers/{provider}/").find(id=anchor)
        assert str(block) == str(on_page), f"{anchor} differs between the page and its details file"
        return block


def mkdocs_command(site: Path, epoch: str = SOURCE_DATE_EPOCH) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of a real build, as `make build` runs it, judging freshness
    by `epoch` (SOURCE_DATE_EPOCH)."""
    if QUICK:
        pytest.skip(LEFT_TO_MAKE_TEST)
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "SITE_URL": SITE_URL,
        "SOURCE_DATE_EPOCH": epoch,
    }
    return [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], env


def mkdocs_build(project: Path, site: Path, epoch: str = SOURCE_DATE_EPOCH) -> Build:
    """Run the real MkDocs CLI, as `make build` does, and capture everything it prints."""
    command, env = mkdocs_command(site, epoch)
    result = subprocess.run(
        command,
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return Build(result.returncode, result.stdout + result.stderr, site)


def made_once(path: Path, make: Callable[[Path], object]) -> Path:
    """`make(path)` once per run, whichever worker asks first; the others wait for it under a lock."""
    done = path.with_name(path.name + ".done")
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            make(path)
            done.touch()
    return path


def built_once(project: Path, site: Path, epoch: str = SOURCE_DATE_EPOCH) -> Build:
    """`project` built into `site` once per run; every worker gets the same build and its output."""
    record = site.with_name(site.name + ".json")

    def build(site: Path) -> None:
        result = mkdocs_build(project, site, epoch)
        record.write_text(json.dumps([result.returncode, result.output]), encoding="utf-8")

    made_once(site, build)
    returncode, output = json.loads(record.read_text(encoding="utf-8"))
    return Build(returncode, output, site)


# Built ahead: a worker that asks for a site the other one is building waits for it, its CPU idle. So
# each worker starts, in a background thread, the shared builds its collected tests will ask for, one
# after the other in the order they were registered, while the tests that need none run; made_once
# still makes each once per run, and the fixtures read what was made (or make it, if it failed here).
_AHEAD: list[tuple[str | None, str, Callable[[], object]]] = []  # (test module or None, fixture, make)
_stop_ahead = threading.Event()
_ahead: list[threading.Thread] = []


def shared_site(name: str, make: Callable[[Path], object], epoch: str = SOURCE_DATE_EPOCH) -> Build:
    """The project `make` writes at SHARED/name, built into its folder `site`, once per run."""
    project = made_once(SHARED / name, make)
    return built_once(project, project / "site", epoch)


def build_ahead(fixture: str, make: Callable[[], object], module: str | None = None) -> None:
    """Build `make` ahead when a collected test (of `module`, when given) uses `fixture`."""
    _AHEAD.append((module, fixture, make))


def pytest_collection_finish(session: pytest.Session) -> None:
    if session.config.option.collectonly or QUICK:
        return
    used = {
        (getattr(getattr(item, "module", None), "__name__", None), fixture)
        for item in session.items
        for fixture in getattr(item, "fixturenames", ())
    }
    wanted = [
        make
        for module, fixture, make in _AHEAD
        if any(name == fixture and module in (None, item_module) for item_module, name in used)
    ]
    # the second worker takes the list from its end: the two build different sites at once, instead of
    # one waiting on each site the other is building (the longest, 1,000 providers, comes last in it)
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") != "gw0":
        wanted.reverse()

    def build() -> None:
        for make in wanted:
            if _stop_ahead.is_set():
                return
            with contextlib.suppress(Exception):  # the fixture asking for it reports the failure
                make()

    if wanted:
        _ahead.append(threading.Thread(target=build, name="build-ahead", daemon=True))
        _ahead[-1].start()


def pytest_sessionfinish(session: pytest.Session) -> None:
    _stop_ahead.set()  # a run stopped early waits for one build at most
    for thread in _ahead:
        thread.join()


def pytest_configure(config: pytest.Config) -> None:
    if _STARTS_THE_RUN:  # serves the test site for all workers until the run ends
        config.add_cleanup(lambda: shutil.rmtree(SHARED, ignore_errors=True))
        running = contextlib.ExitStack()
        running.enter_context(serve_directory(FIXTURE_PROJECT / "site", SITE_PORT))
        config.add_cleanup(running.close)


def _make_fixture_project(project: Path) -> None:
    use_fixture_data(copy_project(project))
    use_fixture_history(project)


@pytest.fixture(scope="session")
def fixture_project() -> Path:
    """A copy of the project with the fixture providers and exchange rates, in a git repository
    whose history ends in them (tests/fixture_history.py)."""
    return made_once(FIXTURE_PROJECT, _make_fixture_project)


def _fixture_site() -> Build:
    project = made_once(FIXTURE_PROJECT, _make_fixture_project)
    return built_once(project, project / "site")


@pytest.fixture(scope="session")
def site() -> Build:
    """The fixture project built once per run."""
    build = _fixture_site()
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


def _real_site() -> Build:
    return built_once(DATA_ROOT, SHARED / "real-site", TODAY_EPOCH)


@pytest.fixture(scope="session")
def real_site() -> Build:
    """The repository's own data built once per run (for invariants only)."""
    build = _real_site()
    assert build.returncode == 0, build.output
    return build


build_ahead("site", _fixture_site)
build_ahead("real_site", _real_site)


# The search plugin's block in mkdocs.yml: from its line to the next plugin's.
_SEARCH_PLUGIN = re.compile(r"^  - search:\n(?:    .*\n)+", re.MULTILINE)


def without_search(project: Path) -> Path:
    """`project` built without Material's search index, for a site whose tests never search: the index
    is a third of a build (its plugin parses every page), and the tests of search read the fixture site."""
    config = project / "mkdocs.yml"
    text, found = _SEARCH_PLUGIN.subn("", config.read_text(encoding="utf-8"))
    assert found == 1, f"no search plugin in {config}"
    config.write_text(text, encoding="utf-8")
    return project


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


def serve_directory(directory: Path, port: int = 0) -> contextlib.AbstractContextManager[str]:
    """A static file server for `directory` on a loopback port (a free one unless given)."""
    return serve(directory, _QuietHandler, port)


@pytest.fixture(scope="session")
def server(site: Build) -> str:
    """The built site, served at the address it was built for (by the process that started the run)."""
    return SITE_URL.rstrip("/")


@pytest.fixture(scope="session")
def real_server(real_site: Build) -> Iterator[str]:
    """The real site served (its links are absolute to SITE_URL: follow relative ones only)."""
    with serve_directory(real_site.site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright. A missing browser fails every browser test, never skips
    it: a skipped test passes a change of the comparison's script that it never ran."""
    if QUICK:
        pytest.skip(LEFT_TO_MAKE_TEST)
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (install Debian's 'chromium' package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


DESKTOP = {"width": 1400, "height": 1000}


class Tabs:
    """One browser context per set of context options (phone emulation, touch, pixel ratio, no script),
    kept for the whole session with its tabs; a tab gets the viewport each test asks for.

    Opening a context costs Chromium about half a second, and its first page load more (its cache is
    cold), more than most tests take; a kept tab loads the next test's page in a third of that. Each test
    still loads its own documents from scratch: after a test the tabs it used drop their routes and stored
    data, move the pointer away and go to about:blank. A tab that cannot be reset is closed with its
    context, so a failed test never leaves its state to the next one.
    """

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: dict[str, Any] = {}

    def tab(self, viewport: dict[str, int], in_use: list[Any], **options: Any) -> Any:
        """A tab of the context for `options` that the test does not use yet, at `viewport`."""
        key = repr(sorted(options.items()))
        if key not in self.contexts:
            self.contexts[key] = self.browser.new_context(viewport=viewport, **options)
        context = self.contexts[key]
        tab = next((tab for tab in context.pages if tab not in in_use), None) or context.new_page()
        tab.set_viewport_size(viewport)
        return tab

    def reset(self, used: list[Any]) -> None:
        for tab in used:
            try:
                tab.unroute_all(behavior="ignoreErrors")
                tab.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }")
                tab.goto("about:blank")
                tab.mouse.move(0, 0)
            except Exception:  # the test broke the tab (a crash, a dialog left open): start afresh
                self.contexts = {key: c for key, c in self.contexts.items() if c is not tab.context}
                tab.context.close()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def kept_tabs(browser: Any) -> Iterator[Tabs]:
    tabs = Tabs(browser)
    yield tabs
    tabs.close()


@pytest.fixture
def open_tab(kept_tabs: Tabs) -> Iterator[Callable[..., Any]]:
    """`open_tab(viewport, **context_options)` gives a clean tab; JavaScript errors fail the test."""
    errors: list[str] = []
    used: list[Any] = []

    def record(error: object) -> None:
        errors.append(str(error))

    def opener(viewport: dict[str, int] = DESKTOP, **options: Any) -> Any:
        tab = kept_tabs.tab(viewport, used, **options)
        tab.on("pageerror", record)
        used.append(tab)
        return tab

    yield opener
    for tab in used:
        tab.remove_listener("pageerror", record)
    kept_tabs.reset(used)
    assert errors == [], f"JavaScript errors: {errors}"


@pytest.fixture
def page(open_tab: Callable[..., Any]) -> Any:
    """A clean desktop tab."""
    return open_tab()


def node_binary() -> str:
    """Node.js for the tests that run a script of ours: a missing Node fails in CI, else skips."""
    node = shutil.which("node")
    if node is None:
        message = "Node.js not found (install Debian's 'nodejs' package)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return node
