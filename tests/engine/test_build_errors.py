"""Bad data stops the real build: every problem listed with file and line, no traceback, no site.

The catalogue of mistakes is checked in-process (tests/inputs/test_bad_data.py); these builds check the
path from the data to MkDocs' exit code end to end.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_project, mkdocs_build, use_fixture_data


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return use_fixture_data(copy_project(tmp_path / "project"))


def test_bad_data_fails_the_build_cleanly(project: Path) -> None:
    alpha = project / "data" / "providers" / "alpha-cloud.yaml"
    alpha.write_text(
        alpha.read_text(encoding="utf-8")
        .replace("kind: network_volume", "kind: network-volume")
        .replace("egress: free", "egres: free"),
        encoding="utf-8",
    )
    (project / "data" / "providers" / "Bad Name.yaml").write_text("name: [\n", encoding="utf-8")
    build = mkdocs_build(project, project / "site")
    assert build.returncode != 0
    assert "data/providers/alpha-cloud.yaml:8:5: 'kind' must be one of" in build.output
    assert "data/providers/alpha-cloud.yaml:8:5: missing required key 'egress'" in build.output
    assert "unknown key 'egres'; did you mean 'egress'?" in build.output
    assert "data/providers/Bad Name.yaml:1:1: file name 'Bad Name.yaml' is not a valid id" in build.output
    assert "data/providers/Bad Name.yaml:2:1: not valid YAML" in build.output
    assert "5 data problems found; nothing was built." in build.output
    assert "Traceback" not in build.output
    assert not (project / "site").exists()


def test_missing_translation_fails_the_build(project: Path) -> None:
    strings = project / "data" / "i18n" / "zh.yaml"
    text = strings.read_text(encoding="utf-8")
    strings.write_text(text.replace("  column.price: 价格\n", ""), encoding="utf-8")
    build = mkdocs_build(project, project / "site")
    assert build.returncode != 0
    assert "data/i18n/zh.yaml:3:1: missing UI string 'column.price' (present in de, ro)" in build.output
    assert "Traceback" not in build.output
    assert not (project / "site").exists()


def test_a_deployment_without_history_fails_instead_of_publishing(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GS_REQUIRE_HISTORY (set by the deploy workflow): a copy outside git has no history to show."""
    monkeypatch.setenv("GS_REQUIRE_HISTORY", "1")
    build = mkdocs_build(project, project / "site")
    assert build.returncode != 0
    assert "the data's git history is unavailable (no_repository): fetch it in full" in build.output
    assert "Traceback" not in build.output
    assert not (project / "site").exists()
