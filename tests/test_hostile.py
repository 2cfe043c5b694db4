"""A provider whose every text field carries script and markup payloads: shown as text, never run."""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import (
    LANGUAGE_PREFIX,
    LANGUAGES,
    ROOT,
    Build,
    copy_project,
    mkdocs_build,
    serve_directory,
    use_fixture_data,
)

HOSTILE = ROOT / "tests" / "fixtures" / "hostile.yaml"
PAGES = ["", "providers/", "providers/zz-hostile/", "data/"]


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    project = use_fixture_data(copy_project(tmp_path_factory.mktemp("hostile") / "project"))
    shutil.copy2(HOSTILE, project / "data" / "providers" / "zz-hostile.yaml")
    build = mkdocs_build(project, project / "site")
    assert build.returncode == 0, build.output
    return build


@pytest.fixture(scope="module")
def hostile_server(hostile_site: Build) -> Iterator[str]:
    with serve_directory(hostile_site.site) as url:
        yield url


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_payloads_never_execute(browser, hostile_server: str, lang: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        for path in PAGES:
            page.goto(f"{hostile_server}/{LANGUAGE_PREFIX[lang]}{path}", wait_until="load")
            assert page.evaluate("window.__pwned") is None, path
            assert (
                page.eval_on_selector_all(
                    "a[href]", "links => links.filter(a => a.protocol === 'javascript:').map(a => a.href)"
                )
                == []
            )
            handlers = page.eval_on_selector_all(
                "article *",
                "elements => elements.flatMap(e => [...e.attributes].filter(a => a.name.startsWith('on'))"
                ".map(a => e.tagName + ' ' + a.name))",
            )
            assert handlers == [], path
            assert page.locator("article script:not([type='application/json'])").count() == 0
            assert page.locator("article img, article iframe, article svg, article style").count() == 0
        page.goto(f"{hostile_server}/{LANGUAGE_PREFIX[lang]}providers/zz-hostile/")
        text = page.text_content("article")
        assert "<img src=x onerror=window.__pwned=1>**bold** `code` # heading" in text
        assert "</td><script>window.__pwned=1</script> 100 MB/s" in text
        assert page.title().startswith("&#60;/title&#62;")
    finally:
        context.close()
    assert dialogs == []


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


def test_cells_starting_like_formulas_are_defused(tmp_path: Path) -> None:
    from gpustorage.export import _csv_text

    assert _csv_text('=HYPERLINK("https://evil")') == '\'=HYPERLINK("https://evil")'
    assert _csv_text("+1") == "'+1" and _csv_text("@x") == "'@x" and _csv_text("ok") == "ok"
