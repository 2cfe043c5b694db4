"""Stages 3 and 4: per-language wording, number formats and escaping of data in generated Markdown."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup
from conftest import BUILD_DATE, LANGUAGES, ROOT

from gpustorage.render import fill_markers, md, render_provider_page
from gpustorage.transform import site_view
from gpustorage.validate import load_dataset

DATASET = load_dataset(ROOT, LANGUAGES)
VIEWS = {lang: site_view(DATASET, lang, BUILD_DATE, "https://example.org/repo") for lang in LANGUAGES}


def to_html(text: str) -> BeautifulSoup:
    return BeautifulSoup(markdown.markdown(text, extensions=["tables", "attr_list"]), "html.parser")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "0,07\xa0$/GB-Monat bis 1.000 GB; darüber 0,05\xa0$/GB-Monat"),
        ("zh", "US$0.07/GB·月 不超过 1,000 GB; 超出部分 US$0.05/GB·月"),
        ("ro", "0,07\xa0USD/GB-lună până la 1.000 GB; peste 0,05\xa0USD/GB-lună"),
    ],
)
def test_tiered_price_is_worded_in_each_locale(lang: str, expected: str) -> None:
    runpod = next(p for p in VIEWS[lang].providers if p.id == "runpod")
    assert runpod.offerings[0].cells["price"].text == expected
    assert runpod.offerings[0].cells["price"].sort == pytest.approx(0.07)


def test_unknown_is_a_word_and_sorts_last() -> None:
    for lang, view in VIEWS.items():
        cells = [c for p in view.providers for o in p.offerings for c in o.cells.values() if c.unknown]
        assert cells
        assert {c.text for c in cells} == {DATASET.strings[lang].ui["value.unknown"]}
        assert all(c.sort is None for c in cells)


def test_third_party_values_are_flagged() -> None:
    view = VIEWS["de"]
    flagged = [c for p in view.providers for o in p.offerings for c in o.cells.values() if c.third_party]
    assert flagged, "the dataset has third-party values; they must be flagged"


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[click](javascript:alert(1))",
        "**bold** _it_ `code` | pipe | # heading",
        "- list item",
        "1. numbered",
        "{: onclick=alert(1) }",
        "&lt;script&gt;",
    ],
)
def test_md_makes_any_text_inert(hostile: str) -> None:
    html = to_html(f"# {md(hostile)}\n\n{md(hostile)}\n")
    assert not html.find_all(["script", "img", "a", "strong", "em", "code", "ul", "ol", "table"])
    for element in html.find_all(True):
        assert not any(attr.startswith("on") for attr in element.attrs)
    assert [el.get_text() for el in html.find_all(["h1", "p"])] == [hostile, hostile]


def test_provider_page_renders_every_offering_and_source() -> None:
    for lang, view in VIEWS.items():
        for provider in view.providers:
            html = to_html(render_provider_page(view, provider))
            assert html.find("h1").get_text() == provider.name
            assert len(html.select("table.gs-facts")) == len(provider.offerings)
            for offering in provider.offerings:
                assert html.find("h2", string=offering.product), (lang, offering.product)


def test_markers_are_filled_and_none_left() -> None:
    for lang, view in VIEWS.items():
        page = (ROOT / "docs" / lang / "index.md").read_text(encoding="utf-8")
        filled = fill_markers(page, view, "")
        assert "<!-- data:" not in filled
        assert 'id="comparison"' in filled
        assert DATASET.strings[lang].ui["faq.title"] in filled


def test_render_command_writes_a_docs_tree_without_mkdocs(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gpustorage", "render", str(tmp_path)],
        cwd=ROOT / "hooks",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    for lang in LANGUAGES:
        assert (tmp_path / lang / "index.md").exists()
        for provider_id in DATASET.providers:
            assert (tmp_path / lang / "providers" / f"{provider_id}.md").exists()
