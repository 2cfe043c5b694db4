"""Atom feeds of the data's history, read back with feedparser as a feed reader would: one per language
and one per provider and language, with stable entry ids and the commits' dates."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from urllib.parse import urljoin, urlparse

import feedparser
import pytest
from conftest import BUILD_DATE, LANGUAGE_PREFIX, LANGUAGES, REPOSITORY, SITE_URL, Build, provider_markdown
from fixture_history import DATES, clone, commit_ids

from gpustorage import SiteBuild, build_site
from gpustorage.output.feeds import write_feeds
from projects import commit_all

ATOM = "{http://www.w3.org/2005/Atom}"
FIXTURE_PROVIDERS = ["alpha-cloud", "beta-cloud", "delta-cloud", "gamma-cloud"]


def parse(file: Path) -> feedparser.FeedParserDict:
    feed = feedparser.parse(file.read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    return feed


def assert_atom_rules(file: Path) -> None:
    """What RFC 4287 requires of a feed and its entries, checked on the XML itself."""
    root = ElementTree.parse(file).getroot()
    assert root.tag == f"{ATOM}feed"
    for name in ("id", "title", "updated"):
        assert len(root.findall(f"{ATOM}{name}")) == 1, name
    assert root.find(f"{ATOM}author/{ATOM}name").text  # every entry inherits the feed's author
    assert [link.get("rel") for link in root.findall(f"{ATOM}link")].count("self") == 1
    for entry in root.findall(f"{ATOM}entry"):
        for name in ("id", "title", "updated"):
            assert len(entry.findall(f"{ATOM}{name}")) == 1, name
        alternates = [
            link for link in entry.findall(f"{ATOM}link") if link.get("rel", "alternate") == "alternate"
        ]
        assert len(alternates) <= 1
        assert entry.find(f"{ATOM}content") is not None or alternates


def when(step: str) -> dt.datetime:
    return dt.datetime.fromisoformat(DATES[step]).astimezone(dt.UTC)


def updated(entry: feedparser.FeedParserDict) -> dt.datetime:
    return dt.datetime(*entry.updated_parsed[:6], tzinfo=dt.UTC)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_a_feed_of_every_change(
    site: Build, fixture_build: SiteBuild, fixture_project: Path, lang: str
) -> None:
    ui = fixture_build.dataset.strings[lang].ui
    file = site.site / LANGUAGE_PREFIX[lang] / "feed.atom"
    assert_atom_rules(file)
    feed = parse(file)
    assert feed.feed.title == ui["feed.title"].format(site=ui["site.name"])
    assert feed.feed.language == lang
    feed_url = urljoin(SITE_URL, f"{LANGUAGE_PREFIX[lang]}feed.atom")
    assert feed.feed.id == feed_url
    assert {link.rel: link.href for link in feed.feed.links} == {
        "self": feed_url,
        "alternate": urljoin(SITE_URL, f"{LANGUAGE_PREFIX[lang]}changes/"),
    }
    # one entry per commit and provider file, newest first, dated by the commits
    steps = ["renamed", "removed", "removed", "offering_added", "price", "price", *["initial"] * 5]
    assert [updated(entry) for entry in feed.entries] == [when(step) for step in steps]
    assert dt.datetime(*feed.feed.updated_parsed[:6], tzinfo=dt.UTC) == when("renamed")
    ids = [entry.id for entry in feed.entries]
    assert len(set(ids)) == len(ids) and all(i.startswith("urn:uuid:") for i in ids)
    price = feed.entries[4]
    assert price.title.startswith("Alpha Cloud: ") and ui["column.price"] in price.title
    assert ui["column.price"] in price.summary
    # Alpha Scratch's price became an example at the same amount: said, not shown as 'A → A'
    case = {"de": "Region AL-1", "zh": "AL-1 区域", "ro": "regiunea AL-1"}[lang]
    assert ui["history.now_example"].format(case=case) in price.summary
    commits = commit_ids(fixture_project)
    assert f'/commit/{commits["price"]}"' in price.content[0].value
    for entry in feed.entries:  # each entry leads to the provider's history, or to the changes page
        path = urlparse(entry.link).path
        assert (site.site / path.lstrip("/") / "index.html").is_file(), entry.link
    epsilon = [entry for entry in feed.entries if entry.title.startswith("Epsilon Cloud")]
    assert [urlparse(e.link).path for e in epsilon] == [f"/{LANGUAGE_PREFIX[lang]}changes/"] * 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_provider_has_its_own_feed_with_the_same_entry_ids(site: Build, lang: str) -> None:
    language_feed = parse(site.site / LANGUAGE_PREFIX[lang] / "feed.atom")
    for provider in FIXTURE_PROVIDERS:
        file = site.site / LANGUAGE_PREFIX[lang] / "providers" / provider / "feed.atom"
        assert_atom_rules(file)
        feed = parse(file)
        page = urljoin(SITE_URL, f"{LANGUAGE_PREFIX[lang]}providers/{provider}/")
        assert feed.feed.id == f"{page}feed.atom"
        own = [e for e in language_feed.entries if urlparse(e.link).path == urlparse(page).path]
        assert [(e.id, e.title, e.updated) for e in feed.entries] == [(e.id, e.title, e.updated) for e in own]
    alpha = parse(site.site / LANGUAGE_PREFIX[lang] / "providers" / "alpha-cloud" / "feed.atom")
    assert [updated(e) for e in alpha.entries] == [
        when(s) for s in ("removed", "offering_added", "price", "initial")
    ]


def test_entry_ids_are_the_same_in_every_build(site: Build, fixture_project: Path, tmp_path: Path) -> None:
    """Ids come from commit, file and language: another clone, later commits, the same ids."""
    project = clone(fixture_project, tmp_path / "project")
    (project / "data" / "providers" / "beta-cloud.yaml").write_text(
        (project / "data" / "providers" / "beta-cloud.yaml")
        .read_text(encoding="utf-8")
        .replace('spot_usable: "no"', "spot_usable: unknown"),
        encoding="utf-8",
    )
    commit_all(project, "Beta spot unknown", "2026-10-01T10:00:00+00:00")
    built = build_site(project, list(LANGUAGES), BUILD_DATE, REPOSITORY)
    write_feeds(tmp_path / "site", built.views, SITE_URL, BUILD_DATE)
    for lang in LANGUAGES:
        before = [e.id for e in parse(site.site / LANGUAGE_PREFIX[lang] / "feed.atom").entries]
        after = [e.id for e in parse(tmp_path / "site" / LANGUAGE_PREFIX[lang] / "feed.atom").entries]
        assert after[1:] == before and after[0] not in before
    ids = {
        lang: parse(tmp_path / "site" / LANGUAGE_PREFIX[lang] / "feed.atom").entries[0].id
        for lang in LANGUAGES
    }
    assert len(set(ids.values())) == len(LANGUAGES)  # each language's entry is its own


def test_without_history_language_feeds_are_valid_and_empty(fixture_project: Path, tmp_path: Path) -> None:
    """Every page links its language's feed; provider pages link none of their own then."""
    shallow = clone(fixture_project, tmp_path / "shallow", depth=1)
    built = build_site(shallow, list(LANGUAGES), BUILD_DATE, REPOSITORY)
    written = write_feeds(tmp_path / "site", built.views, SITE_URL, BUILD_DATE)
    feeds = [file for file in written if file.name == "feed.atom"]
    assert feeds == [tmp_path / "site" / LANGUAGE_PREFIX[lang] / "feed.atom" for lang in LANGUAGES]
    for view in built.views.values():
        alpha = next(provider for provider in view.providers if provider.id == "alpha-cloud")
        page = provider_markdown(view, alpha)
        assert "\nfeed: " not in page.split("---")[1] and "feed.atom" not in page
    for file in feeds:
        assert_atom_rules(file)
        feed = parse(file)
        assert feed.entries == []
        assert dt.date(*feed.feed.updated_parsed[:3]) == BUILD_DATE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_link_their_feeds(site: Build, fixture_build: SiteBuild, lang: str) -> None:
    ui = fixture_build.dataset.strings[lang].ui
    prefix = LANGUAGE_PREFIX[lang]
    for path, expected in [
        (prefix, [f"/{prefix}feed.atom"]),
        (f"{prefix}changes/", [f"/{prefix}feed.atom"]),
        (
            f"{prefix}providers/alpha-cloud/",
            [f"/{prefix}feed.atom", f"/{prefix}providers/alpha-cloud/feed.atom"],
        ),
        (f"{prefix}404.html", [f"/{prefix}feed.atom"]),
    ]:
        here = f"/{path}"
        links = site.page(path).select('head link[rel=alternate][type="application/atom+xml"]')
        assert [urljoin(here, link["href"]) for link in links] == expected, path
        for target in expected:
            assert (site.site / target.lstrip("/")).is_file()
        assert links[0]["title"] == ui["feed.title"].format(site=ui["site.name"])
    provider_link = site.page(f"{prefix}providers/alpha-cloud/").select_one(".gs-feed-link a")
    assert provider_link["href"] == "feed.atom" and provider_link["type"] == "application/atom+xml"
