"""The guide's prose in every language has the German page's structure: the same sections, lists,
numbered checks and data markers, and the same number of guide questions. Wording is the
translators' to improve, so no sentence is pinned here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import LANGUAGES, ROOT

from gpustorage.inputs.dataset import load_strings
from gpustorage.pages.render import markers_in

PAGES = sorted(
    path.relative_to(ROOT / "docs" / "de").as_posix() for path in (ROOT / "docs" / "de").rglob("*.md")
)


def structure(text: str) -> dict[str, object]:
    body = text.split("---", 2)[2] if text.startswith("---") else text
    lines = body.splitlines()
    return {
        "headings": [len(m.group(1)) for line in lines if (m := re.match(r"^(#{1,6}) \S", line))],
        "bullets": sum(1 for line in lines if re.match(r"^[-*] \S", line)),
        "numbered": sum(1 for line in lines if re.match(r"^\d+\. \S", line)),
        "paragraphs": sum(1 for block in body.split("\n\n") if block.strip() and block.strip()[0].isalnum()),
        "markers": sorted(markers_in(body)),
    }


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "de"])
@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_the_structure_of_the_german_one(lang: str, page: str) -> None:
    german = structure((ROOT / "docs" / "de" / page).read_text(encoding="utf-8"))
    translated = structure((ROOT / "docs" / lang / page).read_text(encoding="utf-8"))
    assert translated == german


def test_the_guide_has_its_sections_lists_and_comparison_first() -> None:
    guide = (ROOT / "docs" / "de" / "index.md").read_text(encoding="utf-8")
    found = structure(guide)
    assert found["headings"][0] == 1 and found["headings"].count(2) >= 4
    assert found["bullets"] >= 10 and found["numbered"] == 5
    assert found["markers"] == ["comparison", "faq"]
    assert guide.index("<!-- data:comparison -->") < guide.index("\n## ")


def test_every_language_asks_the_same_number_of_guide_questions(tmp_path: Path) -> None:
    strings, problems = load_strings(ROOT / "data" / "i18n", ROOT, LANGUAGES)
    assert problems == []
    counts = {lang: len(strings[lang].faq) for lang in LANGUAGES}
    assert len(set(counts.values())) == 1 and counts["de"] >= 4, counts
