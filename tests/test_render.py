"""Stage 4: escaping of data in generated Markdown, markers, JSON-LD choice, provider pages, row data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup
from conftest import LANGUAGES, ROOT

from gpustorage import SiteBuild
from gpustorage.render import fill_markers, jsonld_blocks, md, render_provider_page, row_attributes


def to_html(text: str) -> BeautifulSoup:
    return BeautifulSoup(markdown.markdown(text, extensions=["tables", "attr_list"]), "html.parser")


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


def test_provider_page_renders_every_offering_and_source(fixture_build: SiteBuild) -> None:
    for view in fixture_build.views.values():
        for provider in view.providers:
            html = to_html(render_provider_page(view, provider))
            assert html.find("h1").get_text() == provider.name
            assert len(html.select("table.gs-facts")) == len(provider.offerings)
            for offering in provider.offerings:
                assert html.find("h2", string=offering.product)
                assert len(html.select(f"#sources-{offering.number} li")) == len(offering.sources)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_markers_are_filled_and_none_left(fixture_build: SiteBuild, lang: str) -> None:
    view = fixture_build.views[lang]
    page = (ROOT / "docs" / lang / "index.md").read_text(encoding="utf-8")
    filled = fill_markers(page, view, "")
    assert "<!-- data:" not in filled
    assert 'id="comparison"' in filled
    assert view.t("faq.title") in filled


@pytest.mark.parametrize("marker", ["<!-- data:faq -->", "<!--data:faq-->", "<!--   data:faq   -->"])
def test_json_ld_follows_the_markers_however_spaced(fixture_build: SiteBuild, marker: str) -> None:
    view = fixture_build.views["de"]
    blocks = [json.loads(block) for block in jsonld_blocks(f"# T\n\n{marker}\n", view, "https://x/", "")]
    assert [block["@type"] for block in blocks] == ["FAQPage"]
    assert "<!--" not in fill_markers(marker, view, "")


def test_row_attributes_carry_the_derived_figures(fixture_build: SiteBuild) -> None:
    beta = next(p for p in fixture_build.views["de"].providers if p.id == "beta-cloud").offerings[0]
    html = BeautifulSoup(f"<tr{row_attributes(beta)}></tr>", "html.parser").tr
    assert json.loads(html["data-tiers"]) == [[None, pytest.approx(0.0001 * 730)]]
    assert json.loads(html["data-idle-tiers"]) == [[None, pytest.approx(0.0002 * 730)]]
    assert float(html["data-egress-rate"]) == pytest.approx(0.01 / 1.073741824)
    assert html["data-egress-pooled"] == "yes"
    assert float(html["data-max-gb"]) == pytest.approx(10 * 1.099511627776 * 1000)
    assert (html["data-billed"], html["data-multi"], html["data-spot"]) == ("yes", "no", "no")


def test_render_command_writes_a_docs_tree_without_mkdocs(tmp_path: Path, fixture_project: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gpustorage", "render", str(tmp_path)],
        cwd=ROOT / "hooks",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    for lang in LANGUAGES:
        assert (tmp_path / lang / "index.md").exists()
        assert len(list((tmp_path / lang / "providers").glob("*.md"))) > 1
