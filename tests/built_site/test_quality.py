"""Quality gates on the built site: accessibility, search per language, findability, reproducibility."""

from __future__ import annotations

import filecmp
import json
import re
from importlib import resources
from pathlib import Path
from urllib.parse import urljoin, urlparse

import jieba
import pytest
import yaml
from conftest import LANGUAGE_PREFIX, LANGUAGES, ROOT, SITE_URL, Build, mkdocs_build
from fixture_history import clone

FIXTURE_PROVIDERS = sorted(path.stem for path in (ROOT / "tests" / "fixtures" / "providers").glob("*.yaml"))
AXE = (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
PAGE_KINDS = {
    "guide": "",
    "guide with tools in use": "?preset=fleet&gb=500&months=6&out=50",
    "guide with offerings side by side": "?pick=alpha-cloud:1,beta-cloud:1&side=1&gb=500&hours=365",
    "guide with a row's details open": "?cur=EUR",
    "providers": "providers/",
    "provider page": "providers/alpha-cloud/",
    "provider without storage": "providers/delta-cloud/",
    "data": "data/",
    "changes": "changes/",
    "contribute": "contribute/",
    "404": "404.html",
    "planner": "planner/",
    "planner, filtered, in euros": "planner/?kind=block_volume&gb=800&cur=EUR&from=object",
}


def every_page(lang: str) -> list[str]:
    """Every page of one language, relative to the site root."""
    prefix = LANGUAGE_PREFIX[lang]
    pages = [
        "",
        "providers/",
        "data/",
        "changes/",
        "contribute/",
        "planner/",
        *(f"providers/{pid}/" for pid in FIXTURE_PROVIDERS),
    ]
    return [f"{prefix}{page}" for page in pages]


# ---- accessibility -------------------------------------------------------------------------------


@pytest.mark.browser
# every kind of page once, the languages taking turns: the pages share their structure across languages
@pytest.mark.parametrize(
    ("kind", "lang"), [(kind, LANGUAGES[i % len(LANGUAGES)]) for i, kind in enumerate(PAGE_KINDS)]
)
def test_axe_finds_no_violation(page, server: str, lang: str, kind: str) -> None:
    page.goto(f"{server}/{LANGUAGE_PREFIX[lang]}{PAGE_KINDS[kind]}")
    # what the script reads after the page loads, in place first (an offering's details, details.js)
    if kind == "guide with offerings side by side":
        page.wait_for_selector("#comparison-side .gs-side-scroll:not([aria-busy]) table")
    if kind.startswith("planner"):  # its results, chart included, as the script makes them
        page.wait_for_selector("#planner-chart svg")
    if kind == "guide with a row's details open":
        page.click("#comparison tr.gs-offering[data-provider=beta-cloud] a.gs-disclose")
        page.wait_for_selector("#comparison tr.gs-more .gs-details")
    page.add_script_tag(content=AXE)
    violations = page.evaluate(
        "async () => (await axe.run(document)).violations"
        ".map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`)"
    )
    assert violations == []


# ---- search ----------------------------------------------------------------------------------------

SEARCHES = [
    ("de", "Checkpoints", "Was persistenter Speicher bedeutet"),
    ("zh", "检查点", "当你租用云 GPU 时"),  # a word inside a sentence: found thanks to segmentation
    ("zh", "存储卷", None),
    ("ro", "punctele de control", "Ce înseamnă stocarea persistentă"),
    ("zh", "Alpha", "Alpha Cloud"),  # a provider's name leads to its page, in zh as in de
]


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "query", "expected_title"), SEARCHES)
def test_search_finds_pages_of_the_readers_language_only(
    page, server: str, lang: str, query: str, expected_title: str | None
) -> None:
    here = f"{server}/{LANGUAGE_PREFIX[lang]}"
    page.goto(here)
    page.click("input.md-search__input")
    page.fill("input.md-search__input", query)
    page.keyboard.press("End")  # the search box reacts to key events
    page.wait_for_selector(".md-search-result__item a.md-search-result__link", timeout=10_000)
    links = page.eval_on_selector_all(".md-search-result__link", "links => links.map(a => a.href)")
    titles = page.eval_on_selector_all(
        ".md-search-result__item h1, .md-search-result__item h2", "hs => hs.map(h => h.textContent)"
    )
    assert links
    others = [f"/{LANGUAGE_PREFIX[o]}" for o in LANGUAGES if o != lang and LANGUAGE_PREFIX[o]]
    for link in links:
        path = urlparse(link).path
        assert path.startswith(f"/{LANGUAGE_PREFIX[lang]}"), link
        assert not any(path.startswith(prefix) for prefix in others), link
    if expected_title:
        assert any(expected_title in title.replace("\u200b", "") for title in titles), titles


def test_chinese_segmentation_keeps_gpu_terms_whole() -> None:
    segmenter = jieba.Tokenizer()
    segmenter.load_userdict(str(ROOT / "data" / "search" / "jieba-user-dict.txt"))
    assert "英伟达" in segmenter.lcut("英伟达显卡的持久存储")
    assert "持久存储" in segmenter.lcut("英伟达显卡的持久存储")


def test_each_language_has_its_own_search_index(site: Build) -> None:
    """Each language's index holds its own pages, a provider page's own entry among them (its title, the
    provider's name, reads alike in every language: static-i18n's de-duplication dropped it from all
    but the default language's), and is read with every language's word rules."""
    for lang in LANGUAGES:
        index = json.loads((site.site / LANGUAGE_PREFIX[lang] / "search" / "search_index.json").read_text())
        locations = [doc["location"] for doc in index["docs"]]
        assert locations and not any(loc.startswith(("zh/", "ro/")) for loc in locations)
        assert {"location": "providers/alpha-cloud/", "title": "Alpha Cloud", "text": ""} in index["docs"]
        assert index["config"]["lang"] == list(LANGUAGES)
        path = f"{LANGUAGE_PREFIX[lang]}providers/alpha-cloud/"
        page = site.page(path)
        base = json.loads(page.select_one("#__config").string)["base"]
        moved = re.search(r"settings\.base = (\"[^\"]*\");", page.decode())
        if moved:  # pages below a language root point search at that root
            base = json.loads(moved.group(1))
        assert urljoin(urljoin(SITE_URL, path), base).rstrip("/") == urljoin(
            SITE_URL, LANGUAGE_PREFIX[lang]
        ).rstrip("/")
        assert bool(moved) == bool(LANGUAGE_PREFIX[lang])
    zh = (site.site / "zh" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "持久存储" in zh and "Speicher" not in zh


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_prose_not_table_cells_run_together(site: Build, lang: str) -> None:
    """Tables, tools and source lists stay out of the search index: their cells would read as one run
    of words ("价格US$0.00/GiB·月…"); the pages' prose and headings, provider names included, stay in."""
    index = json.loads((site.site / LANGUAGE_PREFIX[lang] / "search" / "search_index.json").read_text())
    text = " ".join(doc["text"] + " " + doc["title"] for doc in index["docs"])
    ui = yaml.safe_load((ROOT / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))["ui"]
    assert "Alpha Cloud" in text and ui["faq.title"] in text
    for excluded in ("alpha.example.com/docs/volumes", ui["comparison.caption"], ui["filter.sort"]):
        assert excluded not in text


# ---- findability -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_absolute_hreflang_canonical_and_social_tags(site: Build, lang: str) -> None:
    descriptions = {}
    for path in every_page(lang):
        page = site.page(path)
        url = urljoin(SITE_URL, path)
        assert page.select_one("link[rel=canonical]")["href"] == url
        alternates = {link["hreflang"]: link["href"] for link in page.select("link[rel=alternate][hreflang]")}
        twin = path.removeprefix(LANGUAGE_PREFIX[lang])
        expected = {other: urljoin(SITE_URL, f"{LANGUAGE_PREFIX[other]}{twin}") for other in LANGUAGES}
        assert alternates == {**expected, "x-default": expected["de"]}, path
        meta = {tag["property"]: tag["content"] for tag in page.select("meta[property^='og:']")}
        assert meta["og:url"] == url and meta["og:title"] and meta["og:description"]
        assert meta["og:locale"].startswith(lang)
        description = page.select_one("meta[name=description]")["content"]
        assert 25 <= len(description) <= 300, path  # Chinese says in 30 characters what takes 100
        descriptions[path] = description
    assert len(set(descriptions.values())) == len(descriptions), "each page needs its own description"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_404_pages_are_per_language_and_not_indexed(site: Build, lang: str) -> None:
    page = site.page(f"{LANGUAGE_PREFIX[lang]}404.html")
    assert page.html["lang"] == lang
    assert page.select_one("meta[name=robots]")["content"] == "noindex"


def test_sitemap_lists_every_page_with_its_language_alternates(site: Build) -> None:
    import xml.etree.ElementTree as ElementTree

    names = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ElementTree.parse(site.site / "sitemap.xml").getroot()
    entries = {url.find("s:loc", names).text: url for url in root.findall("s:url", names)}
    for lang in LANGUAGES:
        for path in every_page(lang):
            entry = entries[urljoin(SITE_URL, path)]
            links = {link.get("hreflang"): link.get("href") for link in entry.findall("x:link", names)}
            twin = path.removeprefix(LANGUAGE_PREFIX[lang])
            assert links == {o: urljoin(SITE_URL, f"{LANGUAGE_PREFIX[o]}{twin}") for o in LANGUAGES}, path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_json_ld_is_valid_faq_and_dataset(site: Build, lang: str) -> None:
    def blocks(path: str) -> list[dict]:
        return [json.loads(s.string) for s in site.page(path).select('script[type="application/ld+json"]')]

    (faq,) = blocks(LANGUAGE_PREFIX[lang])
    assert faq["@context"] == "https://schema.org" and faq["@type"] == "FAQPage"
    assert all(q["@type"] == "Question" and q["acceptedAnswer"]["text"] for q in faq["mainEntity"])
    (dataset,) = blocks(f"{LANGUAGE_PREFIX[lang]}data/")
    assert dataset["@type"] == "Dataset" and dataset["inLanguage"] == lang
    assert dataset["license"].startswith("https://creativecommons.org/licenses/by/4.0")
    assert dataset["name"] and len(dataset["description"]) >= 20
    downloads = {d["encodingFormat"]: d["contentUrl"] for d in dataset["distribution"]}
    assert downloads == {
        "application/json": urljoin(SITE_URL, "api/v1/providers.json"),
        "text/csv": urljoin(SITE_URL, "api/v1/offerings.csv"),
    }


# ---- reproducibility -------------------------------------------------------------------------------


def _differences(left: Path, right: Path) -> list[str]:
    compared = filecmp.dircmp(left, right)
    found = [str(Path(left, name)) for name in compared.left_only + compared.right_only + compared.diff_files]
    found += [str(Path(left, name)) for name in compared.funny_files]
    for name in compared.common_dirs:
        found += _differences(left / name, right / name)
    return found


def test_two_builds_of_one_commit_are_identical(site: Build, fixture_project: Path, tmp_path: Path) -> None:
    """The session's build and another one, from another clone of the same commit (history, feeds
    and translation notices included)."""
    project = clone(fixture_project, tmp_path / "project")
    second = mkdocs_build(project, tmp_path / "second")
    assert second.returncode == 0
    filecmp.clear_cache()
    assert _differences(site.site, second.site) == []
