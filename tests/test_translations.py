"""Translations that know they are outdated: each page records the hash of the German page it
translates; the fixture history changes the German data page afterwards (tests/fixture_history.py)."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from conftest import LANGUAGE_PREFIX, LANGUAGES, ROOT, Build

from gpustorage import SiteBuild
from gpustorage.__main__ import main
from gpustorage.translations import content_hash, mark_current, recorded_hash, statuses, with_notice

TRANSLATED = [lang for lang in LANGUAGES if lang != LANGUAGES[0]]


def test_every_translated_page_records_its_german_source() -> None:
    """The repository's own pages: a translation without a recorded source could never be flagged."""
    found = [page for page in statuses(ROOT / "docs", list(LANGUAGES)) if page.status != "source"]
    assert found and all(page.recorded for page in found), [str(p) for p in found if not p.recorded]


def test_a_changed_german_page_makes_its_translations_outdated(fixture_project: Path) -> None:
    found = {(p.lang, p.page): p.status for p in statuses(fixture_project / "docs", list(LANGUAGES))}
    assert {key for key, status in found.items() if status == "outdated"} == {
        (lang, "data.md") for lang in TRANSLATED
    }
    assert {status for (lang, _), status in found.items() if lang == LANGUAGES[0]} == {"source"}
    assert found[("zh", "index.md")] == "current"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_outdated_pages_show_a_notice_linking_the_german_page(
    site: Build, fixture_build: SiteBuild, lang: str
) -> None:
    ui = fixture_build.dataset.strings[lang].ui
    here = f"/{LANGUAGE_PREFIX[lang]}data/"
    data = site.page(here.lstrip("/"))
    (notice,) = data.select("[data-translation-status]")
    assert notice["data-translation-status"] == "outdated"
    assert notice.get_text(" ", strip=True) == f"{ui['translation.outdated']} {ui['translation.source']}"
    link = notice.select_one("a")
    assert urljoin(here, link["href"]) == "/data/" and link["hreflang"] == LANGUAGES[0]
    assert notice.sourceline > data.select_one("article h1").sourceline  # below the title
    for current in ("", "changes/", "providers/alpha-cloud/"):
        assert not site.page(f"{LANGUAGE_PREFIX[lang]}{current}").select("[data-translation-status]")
    assert not site.page("data/").select("[data-translation-status]")  # the German page itself


def test_marking_a_translation_current_records_the_hash(fixture_project: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(fixture_project / "docs", docs)
    page = docs / "zh" / "data.md"
    before = yaml.safe_load(page.read_text(encoding="utf-8").split("---")[1])
    value = mark_current(page, docs, "de")
    assert value == content_hash((docs / "de" / "data.md").read_text(encoding="utf-8"))
    after = yaml.safe_load(page.read_text(encoding="utf-8").split("---")[1])
    assert after == {**before, "source_hash": value}  # the other keys kept
    assert recorded_hash(page.read_text(encoding="utf-8")) == value
    assert {(p.lang, p.page) for p in statuses(docs, list(LANGUAGES)) if p.status == "outdated"} == {
        ("ro", "data.md")
    }
    bare = docs / "ro" / "bare.md"
    bare.write_text("# Titlu\n\nText.\n", encoding="utf-8")
    (docs / "de" / "bare.md").write_text("# Titel\n\nText.\n", encoding="utf-8")
    mark_current(bare, docs, "de")  # a page without front matter gets one
    assert bare.read_text(encoding="utf-8").startswith('---\nsource_hash: "sha256:')
    assert recorded_hash(bare.read_text(encoding="utf-8")) == content_hash("# Titel\n\nText.\n")


def test_the_command_lists_every_page_and_marks_pages_current(
    fixture_project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["translations", "--root", str(fixture_project)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(TRANSLATED) * len(list((fixture_project / "docs" / "de").rglob("*.md")))
    assert "docs/zh/data.md: outdated (records sha256:" in "\n".join(lines)
    assert "docs/zh/index.md: current" in lines
    project = tmp_path / "project"
    shutil.copytree(fixture_project, project, ignore=shutil.ignore_patterns("site", ".git"))
    target = project / "docs" / "zh" / "data.md"
    assert main(["translations", "--root", str(project), "--current", str(target)]) == 0
    capsys.readouterr()
    main(["translations", "--root", str(project)])
    assert "docs/zh/data.md: current" in capsys.readouterr().out.splitlines()


def test_the_notice_goes_below_the_first_heading() -> None:
    assert with_notice("# Title\n\nText\n", "<p>N</p>") == "# Title\n\n<p>N</p>\n\nText\n"
    assert with_notice("Text\n", "<p>N</p>") == "<p>N</p>\n\nText\n"
