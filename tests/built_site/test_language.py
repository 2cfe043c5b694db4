"""Language quality of the built pages: plural and number rules (CLDR), Chinese punctuation and spacing.

Run on the real site: these are rules every page must keep whatever the data says.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import lxml.html
import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import LANGUAGE_PREFIX, LANGUAGES, ROOT, Build

from gpustorage.inputs.dataset import Dataset
from gpustorage.inputs.language_rules import (
    ASCII_IN_CHINESE,
    BARE_SIZE,
    chinese_problems,
    forbidden_problems,
    read_glossary,
)
from gpustorage.pages.messages import Strings


def visible_text(build: Build, lang: str, leave_out: str = "") -> dict[str, str]:
    """The article text of every page of one language, code and the URLs in it left out, and the
    elements `leave_out` selects. lxml reads the real site's pages in a tenth of BeautifulSoup's time."""
    prefix = LANGUAGE_PREFIX[lang]
    others = [p for other, p in LANGUAGE_PREFIX.items() if p and other != lang]
    texts: dict[str, str] = {}
    for file in sorted(build.site.rglob("index.html")):
        relative = file.relative_to(build.site).as_posix()
        if not relative.startswith(prefix) or any(relative.startswith(p) for p in others):
            continue
        article = lxml.html.document_fromstring(file.read_text(encoding="utf-8")).find(".//article")
        for tag in article.cssselect(", ".join(filter(None, ("script, .gs-sources, select", leave_out)))):
            tag.drop_tree()  # the text after it stays
        for tag in article.cssselect("code, pre, a[href^='http']"):
            tag.tail = "X" + (tag.tail or "")  # Latin text of its own: a space beside it is right
            tag.drop_tree()
        # each block on its own: inline parts join as the browser joins them (a line break is a space)
        blocks = article.cssselect("p, li, td, th, h1, h2, h3, caption, legend, button")
        texts[relative] = "\n".join(" ".join(block.text_content().split()) for block in blocks)
    return texts


@pytest.fixture(scope="session")
def real_text(real_site: Build) -> Callable[..., dict[str, str]]:
    """`real_text(lang, leave_out="")`: visible_text of the real site, each reading made once."""
    return functools.cache(functools.partial(visible_text, real_site))


def test_chinese_has_full_width_punctuation_and_no_spaces_between_characters(real_text) -> None:
    """The rules of language_rules.py, which the data check `data-language` applies to the data's words."""
    problems = []
    for page, text in real_text("zh").items():
        problems += [f"{page}: {problem}" for problem in chinese_problems(text)][:3]
    assert problems == []


def test_every_chinese_page_punctuates_and_spells_as_chinese_text(site: Build) -> None:
    """Issue #29: all of a Chinese page a reader sees, its title, filter choices and source lists too
    (the sources' quoted words and addresses aside), has full-width brackets and punctuation ('（3 个
    区域）', '（无）', '原始页面：') and one spelling of 云 GPU. The fixture site has each of them."""
    problems = []
    for file in sorted((site.site / LANGUAGE_PREFIX["zh"]).rglob("*.html")):
        soup = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")
        for tag in soup.select("script, style, code, pre, q"):
            tag.decompose()
        for link in soup.select("a"):
            if link.get_text().startswith("https://"):
                link.replace_with("X")
        text = " ".join(soup.get_text(" ").split())
        found = [m.group() for m in ASCII_IN_CHINESE.finditer(text)] + re.findall("云GPU", text)
        problems += [f"{file.relative_to(site.site)}: …{sample}…" for sample in found[:3]]
    assert problems == []


def test_german_plurals_agree_with_their_numbers(real_text) -> None:
    plural_after_one = re.compile(r"(?<![\d.,])1 (Speicherangebote|Angebote|Anbietern|Werte|Tage|Monate)\b")
    for page, text in real_text("de").items():
        assert not plural_after_one.search(text), page


def test_romanian_puts_de_after_numbers_from_twenty(real_text) -> None:
    """CLDR: Romanian says '20 de oferte' (other) but '2 oferte' and '101 oferte' (few)."""
    missing_de = re.compile(r"(?<![\d.,])(\d{1,3}(?:\.\d{3})*) (furnizori|oferte|valori|zile|luni)\b")
    for page, text in real_text("ro").items():
        for match in missing_de.finditer(text):
            number = int(match.group(1).replace(".", ""))
            assert 1 <= number % 100 <= 19 or number < 20, f"{page}: '{match.group()}' needs 'de'"


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("de", 1, "1 Speicherangebot"),
        ("de", 1000, "1.000 Speicherangebote"),
        ("ro", 1, "1 ofertă de stocare"),
        ("ro", 19, "19 oferte de stocare"),
        ("ro", 20, "20 de oferte de stocare"),
        ("ro", 101, "101 oferte de stocare"),
        ("ro", 120, "120 de oferte de stocare"),
        ("zh", 1000, "1,000 种存储方案"),
    ],
)
def test_counts_take_the_plural_form_and_number_format_of_the_language(
    fixture_build, lang: str, count: int, expected: str
) -> None:
    t: Strings = fixture_build.views[lang].t
    assert t("providers.count", count=count) == expected


def test_every_language_words_a_mark_alike(fixture_build) -> None:
    """The stale mark means 'outdated' in every language, not 'possibly outdated' in one."""
    marks = {lang: fixture_build.dataset.strings[lang].ui["stale.badge"] for lang in LANGUAGES}
    assert marks == {"de": "veraltet", "zh": "已过时", "ro": "învechit"}


GLOSSARIES = ROOT / "data" / "glossary"


def glossary(lang: str) -> dict[str, Any]:
    data = yaml.safe_load((GLOSSARIES / f"{lang}.yaml").read_text(encoding="utf-8"))
    assert set(data) == {"terms", "forbidden"}, f"{lang}.yaml: expected 'terms' and 'forbidden'"
    for entry in data["terms"]:
        assert {"en", "use"} <= set(entry) <= {"en", "use", "note"}, entry
    for entry in data["forbidden"]:
        assert set(entry) == {"form", "use", "why"}, entry
        re.compile(entry["form"])
    return data


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_keeps_a_glossary(lang: str) -> None:
    glossary(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_uses_a_form_its_glossary_forbids(real_text, lang: str) -> None:
    read, unreadable = read_glossary(ROOT, lang)
    assert unreadable == [] and read.forbidden
    problems = [
        f"{page}: {problem}"
        for page, text in real_text(lang).items()
        for problem in forbidden_problems(text, read)
    ]
    assert problems == []


def test_a_forbidden_form_is_found(tmp_path: Path) -> None:
    """The glossary test reads what a reader reads: a forbidden form in a paragraph is caught."""
    site = tmp_path / "site"
    page = site / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text("<article><p>Die Ausgehgebühren sind hoch.</p></article>", encoding="utf-8")
    text = visible_text(Build(0, "", site), "de")["index.html"]
    assert re.search("Ausgehgebühren", text)


# ---- how values read (prices, sizes, data text) ------------------------------------------------------

_CURRENCY = r"(?:US\$|\$|€|₹|¥|USD|EUR|INR|CNY|美元)"
# an amount with five or more decimals beside a currency: '0,000027397 $', 'US$0.000027397'
_LONG_PRICE = re.compile(rf"\d[.,]\d{{5,}}\s?{_CURRENCY}|{_CURRENCY}\s?\d+[.,]\d{{5,}}")
# an exchange rate as the ECB gives it ('1 INR = 0,0105832 $'): a rate of currencies, not a price
_EXCHANGE_RATE = re.compile(rf"1 [A-Z]{{3}} = (?:{_CURRENCY}\s?)?[\d.,]+(?:\s?{_CURRENCY})?")


# the source's own wording: the aside beside a value, and notes, which quote a source's prices as it
# words them (hourly rates among them: see the report of issue #22 for the notes that do)
_SOURCE_WORDING = ".gs-source-wording, .gs-notes, .gs-data-text"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_prices_show_at_most_four_decimals_outside_the_sources_wording(real_text, lang: str) -> None:
    """A price reads per GB-month with three significant digits; only the source's own wording, in
    its aside, keeps the source's many decimals (an hourly rate)."""
    problems = [
        f"{page}: {found.group()}"
        for page, text in real_text(lang, leave_out=_SOURCE_WORDING).items()
        for found in _LONG_PRICE.finditer(_EXCHANGE_RATE.sub("·", text))
    ]
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sizes_have_separators_or_a_larger_unit(real_text, lang: str) -> None:
    problems = [
        f"{page}: {found.group()}"
        for page, text in real_text(lang).items()
        for found in BARE_SIZE.finditer(text)
    ]
    assert problems == []


# English words that Chinese and Romanian text never uses ('per' is Romanian too: 'USD per GB'); a run
# of ASCII words holding one is English
_ENGLISH_WORDS = frozenset(
    [
        "the",
        "of",
        "and",
        "to",
        "up",
        "for",
        "with",
        "is",
        "by",
        "from",
        "or",
        "not",
        "at",
        "this",
        "that",
        "only",
        "each",
        "when",
        "while",
        "your",
        "you",
        "it",
        "be",
        "was",
    ]
)
# whole words only: 'at sau nu' in 'atașat sau nu' is no English, nor 'numea is' before 'is_reserved'
_ASCII_RUN = re.compile(r"(?<!\w)[A-Za-z][A-Za-z'-]*(?:[ ]+[A-Za-z][A-Za-z'-]*){2,}(?!\w)")


# what may be English on a Chinese or Romanian page: quotations, links, text marked English, product names
_NOT_ENGLISH = "q, a, [lang='en'], .gs-product"
# a quotation in typographic marks (a page's title as a note quotes it): English in quotes is allowed
_QUOTATION = re.compile(r"“[^”]*”|„[^”“]*[”“]|«[^»]*»")


def english_phrases(text: str, names: list[str]) -> list[str]:
    """Runs of three or more ASCII words holding an English function word ('up to', 'per file
    system'), once names (products, providers) and quotations are taken out."""
    text = _QUOTATION.sub("·", text)
    for name in names:
        text = text.replace(name, "·")
    return [
        run.group()
        for run in _ASCII_RUN.finditer(text)
        if _ENGLISH_WORDS & {word.lower() for word in run.group().split()}
    ]


def test_an_english_phrase_is_found_and_a_name_is_not() -> None:
    assert english_phrases("atașat sau nu", []) == []  # a Romanian word's ASCII tail is no English
    assert english_phrases("吞吐量：per file system: Standard up to 300", []) == ["Standard up to"]
    assert english_phrases("Amazon FSx for Lustre 的价格", ["Amazon FSx for Lustre"]) == []
    assert english_phrases("价格页面将其列为“Block volumes with erasure coding”。", []) == []


@pytest.mark.parametrize("lang", ["zh", "ro"])
def test_generated_pages_hold_no_english_phrase(real_text, real_dataset: Dataset, lang: str) -> None:
    """Chinese and Romanian pages word every value in their language: English stays only in quotes
    (marked with their language), code, links and the names of providers and products."""
    names = sorted(
        {p.name for p in real_dataset.providers.values()}
        | {o.product for p in real_dataset.providers.values() for o in p.offerings},
        key=len,
        reverse=True,  # the longest first: "Amazon FSx for Lustre" before "Amazon"
    )
    problems = [
        f"{page}: {phrase}"
        for page, text in real_text(lang, leave_out=_NOT_ENGLISH).items()
        for phrase in english_phrases(text, names)
    ]
    assert problems == []
