"""A feed opened in a browser reads as a page in its language: every feed declares its encoding and
names its language's stylesheet (feeds.py), and Chromium turns it into HTML with its entries.

Chromium shows whatever a host sends as application/atom+xml as plain text, stylesheet or not; the
browser test serves the feed as application/xml without a charset (what many hosts send for XML),
which also shows that the declared encoding alone keeps Chinese and Romanian text whole.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import feedparser
import pytest
from conftest import LANGUAGE_PREFIX, LANGUAGES, Build

from gpustorage import SiteBuild
from gpustorage.output.feeds import XML_DECLARATION

STYLESHEET = re.compile(rb'<\?xml-stylesheet type="text/xsl" href="([^"]+)"\?>')


def feeds(site: Build) -> list[Path]:
    return sorted(site.site.rglob("feed.atom"))


def test_every_feed_declares_its_encoding_and_names_its_languages_stylesheet(site: Build) -> None:
    found = feeds(site)
    assert len(found) > len(LANGUAGES)  # the languages' feeds and the providers'
    for feed in found:
        xml = feed.read_bytes()
        assert xml.startswith(XML_DECLARATION.encode()), feed
        href = STYLESHEET.search(xml.split(b"<feed", 1)[0])
        assert href is not None, feed
        stylesheet = (feed.parent / href.group(1).decode()).resolve()
        lang = feedparser.parse(xml).feed.language
        assert stylesheet == (site.site / LANGUAGE_PREFIX[lang] / "feed.xsl").resolve(), feed
        assert f'<html lang="{lang}">' in stylesheet.read_text(encoding="utf-8")


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("feed", ["feed.atom", "providers/alpha-cloud/feed.atom"])
def test_chromium_shows_a_feed_as_a_page_with_its_entries(
    page, server: str, site: Build, fixture_build: SiteBuild, lang: str, feed: str
) -> None:
    path = site.site / LANGUAGE_PREFIX[lang] / feed
    parsed = feedparser.parse(path.read_bytes())
    page.route(
        f"**/{LANGUAGE_PREFIX[lang]}{feed}",
        lambda route: route.fulfill(status=200, content_type="application/xml", body=path.read_bytes()),
    )
    page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}{feed}")
    page.wait_for_selector("h1")
    t = fixture_build.views[lang].t
    assert page.get_attribute("html", "lang") == lang
    assert page.text_content("h1") == parsed.feed.title
    assert t("feed.page_intro") in page.text_content("p.intro")
    entries = page.eval_on_selector_all(
        "li",
        "items => items.map(i => [i.querySelector('time').textContent, i.querySelector('h2').textContent,"
        " i.querySelector('h2 a').href, i.querySelector('p').textContent])",
    )
    assert parsed.entries
    assert entries == [
        [t.date(dt.date.fromisoformat(entry.updated[:10])), entry.title, entry.link, entry.summary]
        for entry in parsed.entries
    ]
