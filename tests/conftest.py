"""Shared fixtures: the real site built once with `mkdocs build --strict`, and throwaway projects."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("de", "zh", "ro")
BUILD_DATE = dt.date(2026, 11, 30)  # tests judge freshness by a fixed date, not by the clock
SOURCE_DATE_EPOCH = str(int(dt.datetime(2026, 11, 30, tzinfo=dt.UTC).timestamp()))
LANGUAGE_PREFIX = {"de": "", "zh": "zh/", "ro": "ro/"}
PROJECT_PARTS = ("mkdocs.yml", "docs", "data", "hooks", "overrides")


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


def mkdocs_build(project: Path, site: Path) -> Build:
    """Run the real MkDocs CLI, as `make build` does, and capture everything it prints."""
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "SITE_URL": "https://example.org/",
        "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH,
    }
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return Build(result.returncode, result.stdout + result.stderr, site)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The real project built once per test session."""
    build = mkdocs_build(ROOT, tmp_path_factory.mktemp("site") / "site")
    assert build.returncode == 0, build.output
    return build


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project to break on purpose."""
    target = tmp_path / "project"
    target.mkdir()
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target / part)
    return target
