"""The changes page's filter in a real Chromium, in every language: by provider and by kind of change,
kept in the URL, restored from it (a reload, a shared link), and never trusting a name the page does
not offer; without JavaScript the page lists every change.

What a filter should leave comes from the fixture's history (tests/fixture_history.py), in Python.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from conftest import LANGUAGE_PREFIX, LANGUAGES

from gpustorage import SiteBuild
from gpustorage.pages.render_html import change_group

pytestmark = pytest.mark.browser


def expected(build: SiteBuild, lang: str, provider: str = "", group: str = "") -> list[str]:
    """The dates and providers of the changes a filter leaves, newest first, as (date, provider)."""
    history = build.views[lang].history
    assert history is not None
    return [
        f"{change.change.day.isoformat()} {change.change.provider}"
        for change in history.changes
        if (not provider or change.change.provider == provider)
        and (not group or change_group(change.change) == group)
    ]


def shown(page) -> list[str]:
    return page.eval_on_selector_all(
        "ul.gs-history > li",
        "items => items.filter(i => i.checkVisibility())"
        ".map(i => i.querySelector('time').dateTime + ' ' + i.dataset.provider)",
    )


def open_changes(page, server: str, lang: str, query: str = "") -> None:
    page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}changes/{query}")
    page.wait_for_selector("#changes-filter:not([hidden])")


def query_of(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_filter_narrows_the_list_and_keeps_it_in_the_url(
    page, server: str, fixture_build: SiteBuild, lang: str
) -> None:
    open_changes(page, server, lang)
    assert shown(page) == expected(fixture_build, lang)
    page.select_option("select[name=provider]", "alpha-cloud")
    assert shown(page) == expected(fixture_build, lang, "alpha-cloud")
    page.select_option("select[name=change]", "price")
    narrowed = expected(fixture_build, lang, "alpha-cloud", "price")
    assert narrowed and shown(page) == narrowed
    assert query_of(page) == {"provider": ["alpha-cloud"], "change": ["price"]}
    page.reload()
    page.wait_for_selector("#changes-filter:not([hidden])")
    assert page.input_value("select[name=provider]") == "alpha-cloud"
    assert page.input_value("select[name=change]") == "price"
    assert shown(page) == narrowed
    page.select_option("select[name=provider]", "")
    assert query_of(page) == {"change": ["price"]}
    assert shown(page) == expected(fixture_build, lang, group="price")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("group", ["price", "value", "added", "removed"])
def test_a_shared_link_opens_the_filtered_view(
    page, server: str, fixture_build: SiteBuild, lang: str, group: str
) -> None:
    open_changes(page, server, lang, f"?change={group}")
    assert page.input_value("select[name=change]") == group
    assert shown(page) == expected(fixture_build, lang, group=group) != []
    assert page.is_hidden("#changes-none")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_filter_nothing_matches_says_so(page, server: str, fixture_build: SiteBuild, lang: str) -> None:
    assert expected(fixture_build, lang, "epsilon-cloud", "price") == []
    open_changes(page, server, lang, "?provider=epsilon-cloud&change=price")
    assert shown(page) == []
    assert page.text_content("#changes-none") == fixture_build.views[lang].t("changes.none_match")


UNOFFERED = ["?provider=constructor&change=__proto__", "?provider=nobody&change=renamed"]


@pytest.mark.parametrize("query", UNOFFERED)
def test_names_the_page_does_not_offer_are_ignored(
    page, server: str, fixture_build: SiteBuild, query: str
) -> None:
    open_changes(page, server, "ro", query)
    assert page.input_value("select[name=provider]") == ""
    assert page.input_value("select[name=change]") == ""
    assert shown(page) == expected(fixture_build, "ro")


def test_without_javascript_every_change_is_listed(open_tab, server: str, fixture_build: SiteBuild) -> None:
    page = open_tab(java_script_enabled=False)
    page.goto(f"{server}/zh/changes/?provider=alpha-cloud")
    assert page.is_hidden("#changes-filter")
    assert shown(page) == expected(fixture_build, "zh")
