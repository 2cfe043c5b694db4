"""Atomic output: a build writes beside the site folder and swaps its output in only when every
language has built; a failing or killed build leaves the previous site complete (hooks/mkdocs_engine.py).

Two real builds over a copy of the session's fixture site: one killed mid-way, one failing in its
second language.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from types import SimpleNamespace

import mkdocs_engine as engine
import pytest
from conftest import Build, copy_project, mkdocs_build, mkdocs_command, use_fixture_data
from mkdocs.utils import CountHandler


def snapshot(site: Path) -> dict[str, tuple[str, int]]:
    """Every file of a site with its content hash and modification time."""
    return {
        path.relative_to(site).as_posix(): (
            hashlib.sha256(path.read_bytes()).hexdigest(),
            path.stat().st_mtime_ns,
        )
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def staging_folders(site: Path) -> list[Path]:
    return sorted(site.parent.glob(f".{site.name}.building-*"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, site: Build) -> Path:
    """A copy of the fixture project with its site already built (the previous site)."""
    project = use_fixture_data(copy_project(tmp_path_factory.mktemp("atomic") / "project"))
    shutil.copytree(site.site, project / "site")
    assert staging_folders(site.site) == []
    return project


def test_a_build_killed_mid_way_leaves_the_previous_site_complete(built: Path) -> None:
    site = built / "site"
    before = snapshot(site)
    assert len([name for name in before if name.endswith(".html")]) > 20
    command, env = mkdocs_command(site)
    process = subprocess.Popen(
        command,
        cwd=built,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # until the new site is being written
            staged = staging_folders(site)
            if staged and (staged[0] / "index.html").exists():
                break
            time.sleep(0.01)
        else:
            pytest.fail("the build never started writing")
        os.killpg(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    assert process.returncode == -signal.SIGKILL
    assert staging_folders(site), "killed after it had finished: not mid-way"
    assert snapshot(site) == before  # the previous site, every file as it was


def test_a_language_that_fails_leaves_nothing_new(built: Path) -> None:
    site = built / "site"
    for leftover in staging_folders(site):  # from the killed build above, if it ran first
        engine._remove(leftover)
    before = snapshot(site)
    page = built / "docs" / "zh" / "data.md"
    original = page.read_text(encoding="utf-8")
    # a broken link only in the Chinese pages: strict mode fails the second language's build
    page.write_text(original + "\n[x](missing-page.md)\n", encoding="utf-8")
    try:
        build = mkdocs_build(built, site)
    finally:
        page.write_text(original, encoding="utf-8")
    assert build.returncode != 0
    assert "missing-page.md" in build.output and "Traceback" not in build.output
    assert snapshot(site) == before
    assert staging_folders(site) == []


# In-process: the same steps with a stand-in configuration.


@pytest.fixture
def target(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("previous", encoding="utf-8")
    engine._output = engine._Output()
    engine.start_output(dirty=False)
    return site


def test_the_new_site_replaces_the_previous_one_at_the_end(target: Path) -> None:
    config = SimpleNamespace(site_dir=str(target), strict=True)
    engine.stage_output(config)  # type: ignore[arg-type]
    staging = Path(config.site_dir)
    assert staging.parent == target.parent and staging.name.startswith(".site.building-")
    engine.stage_output(config)  # type: ignore[arg-type]  # the next language: same folder
    assert Path(config.site_dir) == staging
    (staging / "index.html").write_text("new", encoding="utf-8")
    assert (target / "index.html").read_text(encoding="utf-8") == "previous"
    engine.publish_output(config)  # type: ignore[arg-type]
    assert (target / "index.html").read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in target.parent.iterdir()) == ["site"]


def test_without_an_atomic_exchange_two_renames_do(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_exchange", lambda first, second: False)
    config = SimpleNamespace(site_dir=str(target), strict=False)
    engine.stage_output(config)  # type: ignore[arg-type]
    (Path(config.site_dir) / "index.html").write_text("new", encoding="utf-8")
    engine.publish_output(config)  # type: ignore[arg-type]
    assert (target / "index.html").read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in target.parent.iterdir()) == ["site"]


def test_a_failed_or_strictly_warned_build_is_dropped(target: Path) -> None:
    config = SimpleNamespace(site_dir=str(target), strict=True)
    engine.stage_output(config)  # type: ignore[arg-type]
    engine.discard_output()
    assert sorted(p.name for p in target.parent.iterdir()) == ["site"]
    engine.stage_output(config)  # type: ignore[arg-type]
    counter = CountHandler()
    logging.getLogger("mkdocs").addHandler(counter)
    try:
        logging.getLogger("mkdocs.test").warning("a warning strict mode aborts on")
        engine.publish_output(config)  # type: ignore[arg-type]
    finally:
        logging.getLogger("mkdocs").removeHandler(counter)
    assert (target / "index.html").read_text(encoding="utf-8") == "previous"
    assert sorted(p.name for p in target.parent.iterdir()) == ["site"]


def test_leftovers_of_killed_builds_are_removed(target: Path) -> None:
    dead = target.parent / ".site.building-999999999-0000"
    alive = target.parent / f".site.building-{os.getpid()}-1111"
    dead.mkdir()
    alive.mkdir()
    config = SimpleNamespace(site_dir=str(target), strict=True)
    engine.stage_output(config)  # type: ignore[arg-type]
    assert not dead.exists() and alive.exists()
    engine.discard_output()


def test_a_dirty_build_writes_in_place(target: Path) -> None:
    engine.start_output(dirty=True)
    config = SimpleNamespace(site_dir=str(target), strict=True)
    engine.stage_output(config)  # type: ignore[arg-type]
    assert config.site_dir == str(target)
