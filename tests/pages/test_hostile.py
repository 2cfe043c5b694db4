"""Hostile data and hostile interface strings: shown as text, never run, in every language.

A provider whose every text field carries script and markup payloads (tests/fixtures/hostile.yaml),
an ordinary name with quotes, '&' and '#' (tests/fixtures/ordinary-name.yaml), and interface strings
that pass validation yet carry every trick that survives it (tests/fixtures/hostile-strings.yaml).
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from conftest import (
    LANGUAGE_PREFIX,
    LANGUAGES,
    ROOT,
    Build,
    build_ahead,
    copy_project,
    serve_directory,
    shared_site,
    use_fixture_data,
)

from gpustorage import SiteBuild

FIXTURES = ROOT / "tests" / "fixtures"
HOSTILE = FIXTURES / "hostile.yaml"
HOSTILE_STRINGS = yaml.safe_load((FIXTURES / "hostile-strings.yaml").read_text(encoding="utf-8"))
ORDINARY_NAME = 'Tom\'s "Cloud" & Co. #1'
PAGES = [
    "",
    "providers/",
    "providers/zz-hostile/",
    "providers/zz-ordinary/",
    "data/",
    "contribute/",
    "404.html",
]


def hostile_strings(project: Path) -> None:
    """Every language's strings file with the hostile texts (and first question) put in."""
    for lang in LANGUAGES:
        file = project / "data" / "i18n" / f"{lang}.yaml"
        strings = yaml.safe_load(file.read_text(encoding="utf-8"))
        strings["ui"].update(HOSTILE_STRINGS["ui"])
        strings["faq"][0] = HOSTILE_STRINGS["faq"][0]
        file.write_text(yaml.safe_dump(strings, allow_unicode=True, sort_keys=False), encoding="utf-8")


def hostile_project(project: Path) -> None:
    use_fixture_data(copy_project(project))
    shutil.copy2(HOSTILE, project / "data" / "providers" / "zz-hostile.yaml")
    shutil.copy2(FIXTURES / "ordinary-name.yaml", project / "data" / "providers" / "zz-ordinary.yaml")
    hostile_strings(project)


@pytest.fixture(scope="module")
def hostile_site() -> Build:
    build = shared_site("hostile", hostile_project)
    assert build.returncode == 0, build.output
    return build


build_ahead("hostile_site", functools.partial(shared_site, "hostile", hostile_project), __name__)


@pytest.fixture(scope="module")
def hostile_server(hostile_site: Build) -> Iterator[str]:
    with serve_directory(hostile_site.site) as url:
        yield url


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_payloads_never_execute(open_tab, hostile_server: str, lang: str) -> None:
    page = open_tab()
    dialogs: list[str] = []
    elsewhere: list[str] = []
    host = urlsplit(hostile_server).netloc

    def on_dialog(dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    def on_request(request) -> None:
        url = urlsplit(request.url)
        if url.scheme in ("http", "https") and url.netloc != host:
            elsewhere.append(request.url)

    page.on("dialog", on_dialog)
    page.context.on("request", on_request)  # the context's: requests of workers count too
    try:
        # every kind of page in the default language; in the others those whose texts differ most
        for path in PAGES if lang == LANGUAGES[0] else ["", "providers/zz-hostile/", "404.html"]:
            page.goto(f"{hostile_server}/{LANGUAGE_PREFIX[lang]}{path}", wait_until="load")
            page.hover("header")  # an injected onmouseover would run now
            page.keyboard.press("Tab")  # ...and an onfocus
            assert page.evaluate("window.__pwned") is None, path
            assert (
                page.eval_on_selector_all(
                    "a[href]", "links => links.filter(a => a.protocol === 'javascript:').map(a => a.href)"
                )
                == []
            )
            handlers = page.eval_on_selector_all(
                "*",
                "elements => elements.flatMap(e => [...e.attributes].filter(a => a.name.startsWith('on'))"
                ".map(a => e.tagName + ' ' + a.name))",
            )
            assert handlers == [], path
            injected = page.eval_on_selector_all(
                "*",
                "elements => elements.filter(e => [...e.attributes].some(a => a.name === 'data-x'"
                " || a.name === 'autofocus')).map(e => e.tagName)",
            )
            assert injected == [], path
            assert page.locator("article script:not([type='application/json'])").count() == 0
            assert page.locator("article img, article iframe, article svg, article style").count() == 0
            # the site name is shown as the text it is, in the title and the header
            site_name = HOSTILE_STRINGS["ui"]["site.name"]
            assert page.title().endswith(site_name), path
            assert site_name in page.text_content("header"), path
        page.goto(f"{hostile_server}/{LANGUAGE_PREFIX[lang]}providers/zz-hostile/")
        text = page.text_content("article")
        assert "<img src=x onerror=window.__pwned=1>**bold** `code` # heading" in text
        assert "</td><script>window.__pwned=1</script> 100 MB/s" in text
        assert page.text_content("#source-1-1 q").startswith("</q><script>window.__pwned=1</script><q")
        assert page.title().startswith("&#60;/title&#62;")
        page.goto(f"{hostile_server}/{LANGUAGE_PREFIX[lang]}providers/zz-ordinary/")
        assert page.text_content("article h1") == ORDINARY_NAME
        assert page.title().startswith(f"{ORDINARY_NAME} - ")
        assert "Tom's Disk #2" in page.text_content(".md-sidebar--secondary")  # the table of contents
        page.goto(f"{hostile_server}/{LANGUAGE_PREFIX[lang]}")
        aside = "（Tom's Disk #2）" if lang == "zh" else " (Tom's Disk #2)"  # as the language sets it apart
        assert f"{ORDINARY_NAME}{aside}" in page.text_content("article")  # the FAQ answers
        assert HOSTILE_STRINGS["faq"][0]["question"] in page.text_content("article h3")
    finally:
        page.remove_listener("dialog", on_dialog)
        page.context.remove_listener("request", on_request)
    assert dialogs == []
    assert elsewhere == []


def test_json_ld_and_exports_stay_well_formed(hostile_site: Build) -> None:
    for lang in LANGUAGES:
        page = hostile_site.page(LANGUAGE_PREFIX[lang])
        for script in page.select('script[type="application/ld+json"], script[type="application/json"]'):
            json.loads(script.string)
            assert "</script" not in script.string.lower()
    api = hostile_site.site / "api" / "v1"
    providers = json.loads((api / "providers.json").read_text(encoding="utf-8"))
    hostile = next(p for p in providers["providers"] if p["id"] == "zz-hostile")
    assert hostile["offerings"][0]["throughput"].startswith("</td><script>")
    rows = list(csv.DictReader(io.StringIO((api / "offerings.csv").read_text(encoding="utf-8"))))
    row = next(r for r in rows if r["provider_id"] == "zz-hostile")
    assert row["product"].startswith("<img")
    # a sign after a separator is defused in quotes too (the price's quote, before the next fact's)
    assert "x | a, '=1+1” | billed_while_detached [1]: " in row["quotes"]


def test_cells_starting_like_formulas_are_defused(tmp_path: Path) -> None:
    from gpustorage.output.export import _csv_text

    assert _csv_text('=HYPERLINK("https://evil")') == '\'=HYPERLINK("https://evil")'
    assert _csv_text("+1") == "'+1" and _csv_text("@x") == "'@x" and _csv_text("ok") == "ok"
    # after leading spaces (which spreadsheets skip), and in full-width form
    assert _csv_text("  =1+1") == "'  =1+1" and _csv_text("\u3000=1") == "'\u3000=1"
    for sign in "\uff1d\uff0b\uff0d\uff20":
        assert _csv_text(f"{sign}SUM(A1)") == f"'{sign}SUM(A1)"
    assert _csv_text("a = b") == "a = b" and _csv_text("1;2, 3") == "1;2, 3"
    assert _csv_text("x;=2+3;y") == "x;'=2+3;y" and _csv_text("a, @b\t-c") == "a, '@b\t'-c"


def test_every_csv_field_is_quoted(fixture_build: SiteBuild) -> None:
    """A reader splitting on ';' (German Excel's default) never sees a field start inside a value."""
    from gpustorage.output.export import offerings_csv

    provider = fixture_build.dataset.providers["alpha-cloud"]
    named = provider.model_copy(update={"name": "x;=2+3;y"})
    dataset = dataclasses.replace(
        fixture_build.dataset, providers={**fixture_build.dataset.providers, "alpha-cloud": named}
    )
    text = offerings_csv(dataset, fixture_build.derived)
    for line in text.splitlines():
        assert line.startswith('"') and line.endswith('"')
    for separator in (",", ";", "\t"):
        for row in csv.reader(io.StringIO(text), delimiter=separator):
            assert not [field for field in row if field.strip(' "')[:1] in ("=", "+", "@")], separator
    assert '"x;\'=2+3;y"' in text
