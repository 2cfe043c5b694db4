"""Render: escaping of data in generated pages and their front matter, markers, JSON-LD choice, provider
pages, row data, report links."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import markdown
import pytest
from bs4 import BeautifulSoup
from conftest import LANGUAGES, ROOT, provider_markdown, renderer, use_fixture_data

from gpustorage import SiteBuild
from gpustorage.inputs.guide import GuideFrontMatter, GuidePage
from gpustorage.pages.render import html, jsonld_blocks, markers_in, md, site_texts
from gpustorage.pages.render_html import changes_list, provider_rows, row_attributes, row_data, rows_index
from gpustorage.pages.render_text import llms_txt, provider_twin
from gpustorage.pages.report_links import MAX_REPORT_URL, offering_report, report_links
from projects import copy_project


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
        'Tom\'s "Cloud" & Co. #1, C# ##',  # entities are escaped once, never broken by the '#' rule
        "&#39; &amp; &#35;",
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
            html = to_html(provider_markdown(view, provider))
            assert html.find("h1").get_text() == provider.name
            assert len(html.select("table.gs-facts")) == len(provider.offerings)
            for offering in provider.offerings:
                assert html.find("h2", string=offering.product)
                assert len(html.select(f"#sources-{offering.number} li")) == len(offering.sources)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_source_shows_its_words_after_the_fact_they_state(fixture_build: SiteBuild, lang: str) -> None:
    """Each quote follows its fact in the source's list of covered facts, marked with the page's
    language (alpha-cloud quotes an English page and a German one)."""
    view = fixture_build.views[lang]
    alpha = next(provider for provider in view.providers if provider.id == "alpha-cloud")
    html = to_html(provider_markdown(view, alpha))
    volumes, buckets = html.select_one("#source-1-1"), html.select_one("#source-2-1")
    price, egress = view.t("column.price"), view.t("column.egress")
    quotes = volumes.select("q")
    assert [q["lang"] for q in quotes] == ["en"] * 8  # every fact the page covers, in its order
    covers = view.t("text.labelled", label=view.t("provider.covers"), text=price)  # 'belegt: Preis'
    assert quotes[0].previous_sibling.endswith(f"{covers} ")
    after_egress = [q for q in quotes if q.previous_sibling.endswith(f"{egress} ")]
    assert [q.get_text() for q in after_egress] == ["Data transfer out of a volume's data centre is free."]
    german = buckets.select("q")
    assert {q["lang"] for q in german} == {"de"} and german[0].get_text().startswith("Objektspeicher: 0,02 €")
    assert html.select_one("#source-1-2 q").get_text() == "Spot usable: yes."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_markers_are_filled_and_none_left(fixture_build: SiteBuild, lang: str) -> None:
    view = fixture_build.views[lang]
    page = next(page for page in fixture_build.guide[lang] if page.path == "index.md")
    filled = renderer(view).guide_page(page, LANGUAGES[0], renderer(view).context()).body
    assert "<!-- data:" not in filled
    assert 'id="comparison"' in filled
    assert view.t("faq.title") in filled


@pytest.mark.parametrize("marker", ["<!-- data:faq -->", "<!--data:faq-->", "<!--   data:faq   -->"])
def test_json_ld_follows_the_markers_however_spaced(fixture_build: SiteBuild, marker: str) -> None:
    view = fixture_build.views["de"]
    markers = markers_in(f"# T\n\n{marker}\n")
    blocks = [json.loads(block) for block in jsonld_blocks(markers, view, "https://x/", "")]
    assert [block["@type"] for block in blocks] == ["FAQPage"]
    language = renderer(view)
    assert "<!--" not in language.fill_markers(marker, "", language.context())


def test_row_attributes_carry_the_derived_figures(fixture_build: SiteBuild) -> None:
    beta = next(p for p in fixture_build.views["de"].providers if p.id == "beta-cloud").offerings[0]
    html = BeautifulSoup(f"<tr{row_attributes(row_data(beta))}></tr>", "html.parser").tr
    assert json.loads(html["data-tiers"]) == [[None, pytest.approx(0.0001 * 730)]]
    assert json.loads(html["data-idle-tiers"]) == [[None, pytest.approx(0.0002 * 730)]]
    assert float(html["data-egress-rate"]) == pytest.approx(0.01 / 1.073741824)
    assert html["data-egress-pooled"] == "yes"
    assert float(html["data-max-gb"]) == pytest.approx(10 * 1.099511627776 * 1000)
    assert (html["data-billed"], html["data-multi"], html["data-spot"]) == ("yes", "no", "no")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rows_file_lists_what_each_of_its_rows_holds(fixture_build: SiteBuild, lang: str) -> None:
    """Issue #30: a long comparison's script filters and sorts the rows of its rows file by what the file
    lists of each (rows.js), and reads a row's markup only once the row shows. The list holds what the
    row holds in a page (its data attributes, its cells' sort keys, its product), so that a row sorts
    and filters the same before it shows and after; the file's row is the page's row without the data
    attributes (each value once). Every fixture provider, one that keeps no data among them, in every
    language."""
    view = fixture_build.views[lang]
    language = renderer(view)
    parts, labels = language.shared.offerings, language.card_labels
    rows_file = json.loads(rows_index(list(view.providers), parts, labels, view.t))
    assert [group["provider"] for group in rows_file["groups"]] == [p.id for p in view.providers]
    assert any(not group["offerings"] for group in rows_file["groups"])  # a provider without storage

    def rows_of(markup: str) -> list[Any]:
        return BeautifulSoup(f"<table><tbody>{markup}</tbody></table>", "html.parser").select("tr")

    for provider, group in zip(view.providers, rows_file["groups"], strict=True):
        in_page = rows_of(str(provider_rows(provider, parts, labels, view.t)))
        in_file = rows_of(group["markup"])
        assert len(in_page) == len(in_file) == max(1, len(group["offerings"]))
        if not group["offerings"]:  # its row saying that it keeps no data, as in a page
            assert [str(row) for row in in_file] == [str(row) for row in in_page]
            continue
        for page_row, file_row, listed in zip(in_page, in_file, group["offerings"], strict=True):
            figures = {name for name in page_row.attrs if name.startswith("data-")} - {"data-provider"}
            dataset = {
                re.sub(r"-(\w)", lambda m: m.group(1).upper(), name[5:]): page_row[name] for name in figures
            }
            assert listed["data"] == dataset
            keys = {cell["data-column"]: cell.get("data-sort") for cell in page_row.select("[data-column]")}
            assert listed["sort"] == [keys[column] for column in rows_file["columns"]]
            assert listed["product"] == page_row.select_one("a.gs-disclose").get_text()
            for name in figures:
                del page_row[name]
            assert str(file_row) == str(page_row)


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


def test_html_and_md_escape_alike() -> None:
    text = 'Tom\'s "Cloud" <b> & Co'
    assert str(html(text)) == "Tom&#39;s &#34;Cloud&#34; &lt;b&gt; &amp; Co"
    assert str(md(text)) == str(html(text))  # md adds only '#' and backslash escapes


def test_what_the_theme_prints_is_escaped_once(fixture_build: SiteBuild) -> None:
    view = fixture_build.views["de"]
    hostile = dataclasses.replace(
        view,
        t=type(view.t)(
            "de",
            {
                **view.t.ui,
                "site.name": '" onmouseover="alert(1)" <img src=x onerror=alert(1)>',
                "site.description": "Tom's & Co",
                "site.og_locale": 'de_DE"><script>',
            },
        ),
    )
    texts = site_texts(hostile)
    assert texts["site_name"] == "&#34; onmouseover=&#34;alert(1)&#34; &lt;img src=x onerror=alert(1)&gt;"
    assert texts["site_description"] == "Tom&#39;s &amp; Co"
    assert "<" not in texts["og_locale"] and '"' not in texts["og_locale"]
    assert str(html(texts["site_name"])) == texts["site_name"]  # |e in a template leaves it as it is
    front_matter = GuideFrontMatter(title="<b>A</b> & B", description='x" onload="y', hide=["toc"])
    page = GuidePage("data.md", front_matter, "# Data\n", outdated=False)
    rendered = renderer(view).guide_page(page, "de", {}).front_matter
    assert rendered.as_meta() == {
        "title": "&lt;b&gt;A&lt;/b&gt; &amp; B",
        "description": "x&#34; onload=&#34;y",
        "hide": ["toc"],
    }
    assert str(html(rendered.title)) == rendered.title  # once escaped, never twice


def test_report_links_stay_within_8_kb(fixture_build: SiteBuild) -> None:
    view = fixture_build.views["zh"]
    provider = view.providers[0]
    offering = provider.offerings[0]
    links = report_links(offering_report(view.repository, provider, offering), offering, view.t)
    short = links.offering
    assert len(short) < MAX_REPORT_URL
    assert view.t("report.shortened") not in parse_qs(urlsplit(short).query)["current"][0]
    cells = {name: dataclasses.replace(cell, text="价格" * 3000) for name, cell in offering.cells.items()}
    huge = dataclasses.replace(offering, cells=cells, number=99)
    huge_links = report_links(offering_report(view.repository, provider, huge), huge, view.t)
    long = huge_links.offering
    assert len(long) <= MAX_REPORT_URL
    current = parse_qs(urlsplit(long).query)["current"][0]
    assert current.endswith(view.t("report.shortened")) and "价格价格" in current and "…\n" in current
    for name, link in huge_links.per_fact.items():  # one huge value alone is cut to fit as well
        assert len(link) <= MAX_REPORT_URL
        assert parse_qs(urlsplit(link).query)["field"] == [name]


def test_data_links_show_the_address_they_lead_to(fixture_build: SiteBuild) -> None:
    """The text of every link to a provider or source page is its address, so the host is in view
    (and a URL can hold no user name or password that would pose as the host)."""
    for view in fixture_build.views.values():
        for provider in view.providers:
            page = to_html(provider_markdown(view, provider))
            links = page.select("ol.gs-sources a[href^='https://'], .gs-provider-meta a[href^='https://']")
            data_links = [a for a in links if "gs-edit" not in (a.get("class") or [])]
            assert data_links
            for link in data_links:
                assert link["href"] in link.get_text(), link


def test_a_hostile_title_in_a_translated_page_is_escaped_on_the_render_path(tmp_path: Path) -> None:
    """`render OUT` (the path for engines other than MkDocs) writes front matter escaped, as the
    MkDocs adapter gets it, and refuses keys that only the generator may set (JSON-LD)."""
    project = use_fixture_data(copy_project(tmp_path / "project"))
    page = project / "docs" / "zh" / "data.md"
    text = page.read_text(encoding="utf-8")
    hostile = '<script>alert(1)</script>" onmouseover="x'
    page.write_text(text.replace("---\n", f"---\ntitle: {json.dumps(hostile)}\n", 1), encoding="utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "gpustorage", "render", str(out), "--root", str(project)]
    result = subprocess.run(command, cwd=ROOT / "hooks", capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    written = (out / "zh" / "data.md").read_text(encoding="utf-8")
    assert "<script>" not in written and '" onmouseover' not in written
    assert json.dumps("&lt;script&gt;alert(1)&lt;/script&gt;&#34; onmouseover=&#34;x") in written

    page.write_text(text.replace("---\n", '---\njsonld: ["</script><img src=x onerror=alert(1)>"]\n', 1))
    result = subprocess.run(command, cwd=ROOT / "hooks", capture_output=True, text=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "docs/zh/data.md:2:1: " in result.stderr and "jsonld" in result.stderr

    page.write_text(text.replace("---\n", "---\ntitle: [<b>a</b>, b]\n", 1), encoding="utf-8")
    result = subprocess.run(command, cwd=ROOT / "hooks", capture_output=True, text=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "docs/zh/data.md:2:" in result.stderr and "'title'" in result.stderr


def test_exchange_rates_past_the_stale_age_are_marked_stale(fixture_build: SiteBuild) -> None:
    """A rate is judged like a fact: older than the stale age, it says so on the data page and in the
    calculator's note, with its date."""
    view = fixture_build.views["de"]
    rates = view.dataset.rates
    old = rates.model_copy(
        update={
            "rates": {
                currency: rate.model_copy(update={"date": view.today - dt.timedelta(days=207)})
                for currency, rate in rates.rates.items()
            }
        }
    )
    stale_view = dataclasses.replace(view, dataset=dataclasses.replace(view.dataset, rates=old))
    for checked, marked in ((view, False), (stale_view, True)):
        language = renderer(checked)
        context = language.context()
        data_page = language.fill_markers("<!-- data:dataset -->", "", context)
        rates_list = BeautifulSoup(data_page, "html.parser").select_one("ul.gs-rates")
        assert bool(rates_list.select(".gs-stale-badge")) is marked
        notes = [rate["note"] for rate in context["settings"]["rates"].values()]
        assert all((view.t("stale.badge") in note) is marked for note in notes)
        assert all(view.t.date(old.rates[next(iter(old.rates))].date) in note for note in notes) is marked


def test_provider_twins_and_llms_txt_are_inert_markdown(fixture_build: SiteBuild) -> None:
    """A hostile provider name stays text in the Markdown twin and in llms.txt."""
    hostile = "[click](javascript:alert(1)) <img src=x onerror=alert(1)> **b**"
    view = fixture_build.views["zh"]
    provider = dataclasses.replace(view.providers[0], name=hostile)
    twin = to_html(provider_twin(view, provider))
    assert twin.find("h1").get_text() == hostile
    assert not twin.find_all(["img", "strong", "script"]) and not twin.select("a[href^=javascript]")
    assert "：" in provider_twin(view, provider)  # the language's own way to set a label before a value
    build = dataclasses.replace(
        fixture_build, views={**fixture_build.views, "zh": dataclasses.replace(view, providers=[provider])}
    )
    text = to_html(llms_txt(build, "https://example.org/"))
    assert not text.find_all(["img", "strong", "script"]) and not text.select("a[href^=javascript]")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_changes_page_lists_every_change_the_older_ones_folded(
    fixture_build: SiteBuild, lang: str
) -> None:
    """The newest changes in view, the others below them in a <details> (the filter looks through both),
    each with the provider and the kind of change the filter reads."""
    view = fixture_build.views[lang]
    assert view.history is not None
    changes = view.history.changes
    html = BeautifulSoup(str(changes_list(view, 3, "providers/")), "html.parser")
    newest, older = html.select("ul.gs-history")
    assert len(newest.find_all("li")) == 3
    assert older.find_parent("details") is not None
    assert len(older.find_all("li")) == len(changes) - 3
    items = html.select("li[data-provider][data-group]")
    assert [item["data-provider"] for item in items] == [change.change.provider for change in changes]
    assert {item["data-group"] for item in items} == {"price", "value", "added", "removed", "renamed"}
    assert view.t("changes.older", count=len(changes) - 3) in html.select_one("summary").get_text()
