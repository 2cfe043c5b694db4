"""The checks across files (checks.CHECKS), each on data built here: every check has an example
that makes it fire, with every problem it must report, and one that passes. `python -m gpustorage
checks` lists them all.

Every example starts from one small project in which every check passes (`project`) and changes one
thing; tests/inputs/test_bad_data.py checks the same messages through a full load of the fixture project.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import GOOD_PROVIDER, ROOT

from gpustorage.inputs.checks import CHECKS, CheckInput, LoadedProvider, ProviderFile, RatesFile
from gpustorage.inputs.checks.sources import limiting_phrase
from gpustorage.inputs.dataset import run_checks
from gpustorage.inputs.load import load_text
from gpustorage.inputs.model import ExchangeRates, Fact, Provider
from gpustorage.inputs.validate import check_model

LANGUAGES = ("de", "zh", "ro")  # the languages GOOD_PROVIDER's note is written in
TODAY = dt.date(2026, 11, 30)
RATES = """\
rates:
  EUR: {usd_per_unit: 1.2, date: 2026-11-02, source: https://rates.example.org/eur}
"""
PAGE = "# Title\n\n<!-- data:comparison -->\n\nText.\n"
EXAMPLE = "data/providers/example.yaml"
RATES_PATH = "data/exchange-rates.yaml"


def good(old: str, new: str) -> str:
    """GOOD_PROVIDER with one change."""
    assert old in GOOD_PROVIDER, old
    return GOOD_PROVIDER.replace(old, new, 1)


def loaded_provider(provider_id: str, text: str) -> LoadedProvider:
    doc, problems = load_text(f"data/providers/{provider_id}.yaml", text)
    assert doc is not None and not problems, problems
    provider, problems = check_model(doc, Provider)
    assert provider is not None, problems
    return LoadedProvider(provider_id, provider, doc)


def rates_file(text: str) -> RatesFile:
    doc, problems = load_text(RATES_PATH, text)
    assert doc is not None and not problems, problems
    rates, problems = check_model(doc, ExchangeRates)
    assert rates is not None, problems
    return RatesFile(RATES_PATH, rates, doc)


def write(file: Path, content: str | bytes) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_bytes(content.encode() if isinstance(content, str) else content)


def project(
    root: Path,
    providers: Mapping[str, str] | None = None,
    rates: str = RATES,
    pages: Mapping[str, str | bytes] | None = None,
    glossaries: Mapping[str, str] | None = None,
) -> CheckInput:
    """A project under `root` that every check passes unless told otherwise: one good provider, a rate
    for EUR, and an index page in every language; `pages` adds pages or replaces one (by path in docs/),
    `glossaries` gives languages a glossary (data/glossary/<lang>.yaml)."""
    for lang in LANGUAGES:
        write(root / "docs" / lang / "index.md", PAGE)
    for lang, glossary in (glossaries or {}).items():
        write(root / "data" / "glossary" / f"{lang}.yaml", glossary)
    for relative, content in (pages or {}).items():
        write(root / "docs" / relative, content)
    loaded = tuple(loaded_provider(i, text) for i, text in (providers or {"example": GOOD_PROVIDER}).items())
    return CheckInput(
        root=root,
        languages=LANGUAGES,
        note_languages=LANGUAGES,
        today=TODAY,
        provider_files=tuple(ProviderFile(p.id, p.document.path) for p in loaded),
        providers=loaded,
        rates=rates_file(rates),
    )


@dataclass(frozen=True)
class Example:
    check: str  # the check's name
    id: str
    data: Callable[[Path], CheckInput]  # the project, built in an empty folder
    problems: tuple[str, ...] = ()  # every problem the check reports, in order; none: it passes


PRICE_IN_EUR = good("currency: USD", "currency: EUR")
PRICE_IN_INR = good("currency: USD", "currency: INR")

COVERS = "covers: [price, billed_while_detached, region_binding, max_size, multi_attach, egress]"
# multi_attach "yes", with a quote that limits it (read-only) and a second source in Chinese that does
ONE_AT_A_TIME = 'multi_attach: "One instance at a time."'
SHARED_WITH_LIMITS = good('multi_attach: "no"', 'multi_attach: "yes"').replace(
    ONE_AT_A_TIME, 'multi_attach: "A volume can be attached read-only to several instances."'
) + (
    "      - url: https://example.com/zh/docs\n        seen: 2026-07-20\n        lang: zh-CN"
    "\n        covers: [multi_attach]"
    '\n        quote: {multi_attach: "多个实例可以同时以只读方式挂载同一个卷。"}\n'
)
SHARED = good('multi_attach: "no"', 'multi_attach: "yes"').replace(ONE_AT_A_TIME, 'multi_attach: "QUOTE"')
# a third-party source (seen SEEN) covering max_size, which the first-party source (2026-07-20) covers too
THIRD_PARTY = GOOD_PROVIDER + (
    "      - url: https://reviews.example.org/volume\n        seen: SEEN\n        third_party: true\n"
    "        covers: [max_size]\n"
)
PLANS = "binding_by_plan: {Single AZ: zone, Metro: region}"
# snapshots "yes" (or another answer), quoted as QUOTE by the first source
SNAPSHOTS = (
    good("snapshots: unknown", 'snapshots: "yes"')
    .replace("covers: [price,", "covers: [snapshots, price,")
    .replace(
        '          egress: "Egress is free."',
        '          egress: "Egress is free."\n          snapshots: "QUOTE"',
    )
)
# an object store, its two answers given as ANSWER (they need no quote)
OBJECT_STORE = (
    good("kind: network_volume", "kind: object_storage")
    .replace('billed_while_detached: "yes"', "billed_while_detached: ANSWER")
    .replace('multi_attach: "no"', "multi_attach: ANSWER")
    .replace('          billed_while_detached: "Billed while detached."\n', "")
    .replace('          multi_attach: "One instance at a time."\n', "")
)
LIST_PRICE = '          price: "$0.07 per GB-month up to 1,000 GB, $0.05 beyond"'


# the site's word for "provider" in Chinese, and a form it does not use
GLOSSARY_ZH = "terms: []\nforbidden:\n  - {form: 服务商, use: 提供商, why: the site's word for a provider}\n"
BADLY_WORDED = good(
    "notes: {de: Hinweis, zh: 说明, ro: Notă}",
    "notes: {de: Bis 51200 GB, zh: 服务商 说明(3 个区域), ro: Notă}",
).replace("product: Volume", "product: SSD云盘(高效)")

EXAMPLES = [
    Example(
        "data-language",
        "Chinese notes in full-width punctuation, with the glossary's words",
        lambda root: project(
            root,
            {"example": good("zh: 说明", 'zh: "提供商的说明（3 个区域），最大 51,200 GB"')},
            glossaries={"zh": GLOSSARY_ZH},
        ),
    ),
    Example(
        "data-language",
        "a forbidden form, a space and ASCII brackets in Chinese, a bare size, a product name's brackets",
        lambda root: project(
            root,
            {"example": BADLY_WORDED},
            glossaries={"zh": GLOSSARY_ZH, "ro": "forbidden:\n  - {form: '(', use: x, why: y}\n"},
        ),
        (
            "data/glossary/ro.yaml:2:6: not a regular expression: "
            "missing ), unterminated subpattern at position 0",
            f"{EXAMPLE}:22:13: 'notes' (de): '51200 GB': "
            "a size of five digits or more takes a separator or a larger unit",
            f"{EXAMPLE}:22:31: 'notes' (zh): '服务商' is a form the zh glossary forbids: "
            "use 提供商 (the site's word for a provider)",
            f"{EXAMPLE}:22:31: 'notes' (zh): '商 说': no space between Chinese characters",
            f"{EXAMPLE}:22:31: 'notes' (zh): '(3 个区域)': "
            "Chinese text takes full-width punctuation (，；：！？ and （）)",
            f"{EXAMPLE}:6:5: 'product': '(高效)': "
            "Chinese text takes full-width punctuation (，；：！？ and （）)",
        ),
    ),
    Example(
        "provider-ids",
        "id of a reserved name, its file unreadable",
        lambda root: dataclasses.replace(
            project(root), provider_files=(ProviderFile("api", "data/providers/api.yaml"),), providers=()
        ),
        (
            "data/providers/api.yaml:1:1: the provider id 'api' (the file name) is taken by the API files "
            "(api/): the provider's page would replace it; rename the file",
        ),
    ),
    Example(
        "provider-ids",
        "id of a page beside the provider pages",
        lambda root: project(root, {"guide": GOOD_PROVIDER}, pages={"zh/providers/guide.md": PAGE}),
        (
            "data/providers/guide.yaml:1:1: the provider id 'guide' (the file name) is taken by "
            "docs/zh/providers/guide.md: the provider's page would replace it; rename the file",
        ),
    ),
    Example(
        "provider-ids",
        "id of no page or folder (a page of a longer name)",
        lambda root: project(root, {"guide": GOOD_PROVIDER}, pages={"zh/providers/guides.md": PAGE}),
    ),
    Example(
        "note-languages",
        "a note lacking one language and having one too many",
        lambda root: project(root, {"example": good("zh: 说明, ro: Notă}", "ro: Notă, en: Note}")}),
        (
            f"{EXAMPLE}:22:5: 'notes' has no 'zh' text (expected: de, ro, zh)",
            f"{EXAMPLE}:22:36: 'notes' has text in 'en', which is not a site language (expected: de, ro, zh)",
        ),
    ),
    Example(
        "note-languages",
        "a language with a notes fallback needs no text",
        lambda root: dataclasses.replace(
            project(root, {"example": good(", ro: Notă}", "}")}), note_languages=("de", "zh")
        ),
    ),
    Example(
        "distinct-names",
        "names differing in case and width",
        lambda root: project(
            root,
            {"example": GOOD_PROVIDER, "other": good("name: Example Cloud", "name: EXAMPLE \uff23loud")},
        ),
        (
            f"{EXAMPLE}:2:1: the name 'Example Cloud' looks the same as 'EXAMPLE \uff23loud' in "
            "data/providers/other.yaml (ignoring case, width and look-alike letters); give each provider "
            "a distinct name",
            "data/providers/other.yaml:2:1: the name 'EXAMPLE \uff23loud' looks the same as 'Example Cloud' "
            f"in {EXAMPLE} (ignoring case, width and look-alike letters); give each provider a distinct name",
        ),
    ),
    Example(
        "distinct-names",
        "names a reader tells apart",
        lambda root: project(
            root, {"example": GOOD_PROVIDER, "other": good("name: Example Cloud", "name: Example Cloud 2")}
        ),
    ),
    Example(
        "plausible-figures",
        "a price in EUR above the bound once converted, and egress above its bound",
        lambda root: project(
            root,
            {
                "example": PRICE_IN_EUR.replace("{amount: 0.05}", "{amount: 90}").replace(
                    "egress: free", "egress: {currency: USD, per: GB, amount: 11}"
                )
            },
        ),
        (
            f"{EXAMPLE}:13:12: 'amount' 90 EUR per GB-month is 108 USD per GB-month, above the plausible "
            "maximum of 100; check the amount and the unit",
            f"{EXAMPLE}:21:38: 'amount' is 11 USD per GB of egress, above the plausible maximum of 10",
        ),
    ),
    Example(
        "plausible-figures",
        "within the bound once converted, and in a currency without a rate",
        lambda root: project(
            root,
            {
                "example": PRICE_IN_EUR.replace("{amount: 0.05}", "{amount: 80}"),
                "other": PRICE_IN_INR.replace("{amount: 0.05}", "{amount: 900}"),
            },
        ),
    ),
    Example(
        "source-dates",
        "seen two days after the build date",
        lambda root: project(root, {"example": good("seen: 2026-07-20", "seen: 2026-12-02")}),
        (
            f"{EXAMPLE}:25:9: 'seen' is 2026-12-02, after the build date (2026-11-30); enter the date "
            "the source shows, or the day you read it",
        ),
    ),
    Example(
        "source-dates",
        "seen a day after the build date (another time zone)",
        lambda root: project(root, {"example": good("seen: 2026-07-20", "seen: 2026-12-01")}),
    ),
    Example(
        "source-dates",
        "checked two days after the build date",
        lambda root: project(
            root, {"example": good("seen: 2026-07-20", "seen: 2026-07-20\n        checked: 2026-12-02")}
        ),
        (
            f"{EXAMPLE}:26:9: 'checked' is 2026-12-02, after the build date (2026-11-30); enter the day "
            "the quotes were found on the page",
        ),
    ),
    Example(
        "source-dates",
        "checked on the build date",
        lambda root: project(
            root, {"example": good("seen: 2026-07-20", "seen: 2026-07-20\n        checked: 2026-11-30")}
        ),
    ),
    Example(
        "quoted-values",
        "a known value whose source gives no words for it",
        lambda root: project(root, {"example": good('          egress: "Egress is free."\n', "")}),
        (
            f"{EXAMPLE}:21:5: egress has no quote: under the source that states it, add "
            '`quote: {egress: "…"}` with the page\'s own words (one line, at most 300 characters), '
            "or set it to unknown",
        ),
    ),
    Example(
        "quoted-values",
        "not_applicable, which follows from the kind, without words",
        lambda root: project(
            root,
            {
                "example": good('multi_attach: "no"', "multi_attach: not_applicable").replace(
                    '          multi_attach: "One instance at a time."\n', ""
                )
            },
        ),
    ),
    Example(
        "answer-words",
        "'yes' quoted with limiting words, in English and in Chinese",
        lambda root: project(root, {"example": SHARED_WITH_LIMITS}),
        (
            f"{EXAMPLE}:32:11: multi_attach is 'yes', but its quote limits it with 'read-only': set partial, "
            "or quote the words that state it without limit",
            f"{EXAMPLE}:38:17: multi_attach is 'yes', but its quote limits it with '只读': set partial, or "
            "quote the words that state it without limit",
        ),
    ),
    Example(
        "answer-words",
        "the same quotes for partial; 'yes' quoted without limit ('read-write' and 'someone' are no limit)",
        lambda root: project(
            root,
            {
                "example": SHARED_WITH_LIMITS.replace('multi_attach: "yes"', "multi_attach: partial"),
                "other": SHARED.replace(
                    "QUOTE", "Several instances can mount a volume read-write; someone may attach more"
                ),
            },
        ),
    ),
    Example(
        "answer-words",
        "'no' with an exception is partial",
        lambda root: project(
            root,
            {"example": good(ONE_AT_A_TIME, 'multi_attach: "One instance at a time, except shared disks."')},
        ),
        (
            f"{EXAMPLE}:32:11: multi_attach is 'no', but its quote limits it with 'except': set partial, "
            "or quote the words that state it without limit",
        ),
    ),
    Example(
        "answer-words",
        "'no' in its own words ('only one'), and 'yes' offering read/write or read-only",
        lambda root: project(
            root,
            {
                "example": good(
                    ONE_AT_A_TIME, 'multi_attach: "A volume can only be attached to one instance."'
                ),
                "other": SHARED.replace(
                    "QUOTE", "Share a volume across instances in read/write or read-only mode."
                ),
            },
        ),
    ),
    Example(
        "answer-words",
        "snapshots 'yes' limited to some types; a 'no' with an exception in German",
        lambda root: project(
            root,
            {
                "example": SNAPSHOTS.replace("QUOTE", "Snapshots are available for SSD volumes only."),
                "other": good(
                    "region_binding: datacenter", 'region_binding: datacenter\n    spot_usable: "no"'
                )
                .replace("    spot_usable: unknown\n", "")
                .replace("covers: [price,", "covers: [spot_usable, price,")
                .replace(
                    '          egress: "Egress is free."',
                    '          egress: "Egress is free."\n'
                    '          spot_usable: "Nicht mit Spot-Instanzen, außer im Tarif Flex."',
                )
                .replace(
                    "      - url: https://example.com/docs",
                    "      - url: https://example.com/docs\n        lang: de",
                    1,
                ),
            },
        ),
        (
            f"{EXAMPLE}:34:11: snapshots is 'yes', but its quote limits it with 'only': set partial, or "
            "quote the words that state it without limit",
            "data/providers/other.yaml:35:11: spot_usable is 'no', but its quote limits it with 'außer': set "
            "partial, or quote the words that state it without limit",
        ),
    ),
    Example(
        "answer-words",
        "a read-only snapshot; 'a certain amount' and 'you pay only for' billed while detached",
        lambda root: project(
            root,
            {
                "example": SNAPSHOTS.replace("QUOTE", "A snapshot is a read-only copy of a volume."),
                "other": good(
                    'billed_while_detached: "Billed while detached."',
                    'billed_while_detached: "You pay only for a certain amount of storage, attached or not."',
                ),
            },
        ),
    ),
    Example(
        "object-store-answers",
        "an object store whose answers are unknown and yes",
        lambda root: project(
            root,
            {
                "example": OBJECT_STORE.replace(
                    "billed_while_detached: ANSWER", "billed_while_detached: unknown"
                )
                .replace("multi_attach: ANSWER", 'multi_attach: "yes"')
                .replace(
                    '          egress: "Egress is free."',
                    '          egress: "Egress is free."\n          multi_attach: "Any number of clients."',
                )
            },
        ),
        (
            f"{EXAMPLE}:14:5: billed_while_detached of an object store is not_applicable, not 'unknown': it "
            "is attached to no machine; if machines mount it as a file system, its kind is shared_filesystem",
            f"{EXAMPLE}:19:5: multi_attach of an object store is not_applicable, not 'yes': it is attached "
            "to no machine; if machines mount it as a file system, its kind is shared_filesystem",
        ),
    ),
    Example(
        "object-store-answers",
        "an object store whose answers are not_applicable; a volume's are not",
        lambda root: project(
            root, {"example": OBJECT_STORE.replace("ANSWER", "not_applicable"), "other": GOOD_PROVIDER}
        ),
    ),
    Example(
        "price-basis-words",
        "a list price quoted as a floor, in English and in German",
        lambda root: project(
            root,
            {
                "example": good(LIST_PRICE, '          price: "Volumes start at $0.07 per GB-month"'),
                "other": good(LIST_PRICE, '          price: "Volumes ab 0,07 € pro GB und Monat"').replace(
                    "      - url: https://example.com/docs",
                    "      - url: https://example.com/docs\n        lang: de",
                    1,
                ),
            },
        ),
        (
            f"{EXAMPLE}:28:11: price is a list price, but its quote says 'start at': a floor or an example "
            "is basis: example, with example_of naming the case",
            "data/providers/other.yaml:29:11: price is a list price, but its quote says 'ab 0': a floor or an"
            " example is basis: example, with example_of naming the case",
        ),
    ),
    Example(
        "price-basis-words",
        "a floor marked as an example; a list price that ranges from one size to another",
        lambda root: project(
            root,
            {
                "example": good(LIST_PRICE, '          price: "Volumes start at $0.07 per GB-month"').replace(
                    "basis: list", "basis: example\n      example_of: {de: Untergrenze, zh: 起价, ro: minim}"
                ),
                "other": good(LIST_PRICE, '          price: "$0.07 per GB-month, from 10 GB to 4 TB"'),
            },
        ),
    ),
    Example(
        "first-party-first",
        "a third party covers a fact that a newer first-party source covers",
        lambda root: project(root, {"example": THIRD_PARTY.replace("SEEN", "2026-06-01")}),
        (
            f"{EXAMPLE}:37:18: max_size is covered by this third-party source (seen 2026-06-01) and by the "
            "provider's own https://example.com/docs (seen 2026-07-20), which is not older: take the value "
            "from the first-party source and drop the fact from the third party's covers",
        ),
    ),
    Example(
        "first-party-first",
        "the third party is newer than the first-party source",
        lambda root: project(root, {"example": THIRD_PARTY.replace("SEEN", "2026-08-01")}),
    ),
    Example(
        "binding-by-plan",
        "varies without plans, plans without varies, plans that do not differ",
        lambda root: project(
            root,
            {
                "example": good("region_binding: datacenter", "region_binding: varies"),
                "other": good("region_binding: datacenter", f"region_binding: zone\n    {PLANS}"),
                "third": good(
                    "region_binding: datacenter",
                    "region_binding: varies\n    binding_by_plan: {Single AZ: zone, Dual: zone}",
                ),
            },
        ),
        (
            f"{EXAMPLE}:15:5: region_binding 'varies' needs its plans: name each plan's binding, e.g. "
            "'binding_by_plan: {Single-AZ: zone, Metro: region}'",
            "data/providers/other.yaml:16:5: 'binding_by_plan' is given, but region_binding is 'zone': set "
            "region_binding to varies, or remove the plans",
            "data/providers/third.yaml:16:5: a binding that varies needs at least two plans with different "
            "bindings; name each plan's binding, e.g. 'binding_by_plan: {Single-AZ: zone, Metro: region}'",
        ),
    ),
    Example(
        "binding-by-plan",
        "varies with two plans that differ",
        lambda root: project(
            root, {"example": good("region_binding: datacenter", f"region_binding: varies\n    {PLANS}")}
        ),
    ),
    Example(
        "rate-dates",
        "a rate dated two days after the build date",
        lambda root: project(root, rates=RATES.replace("2026-11-02", "2026-12-02")),
        (f"{RATES_PATH}:2:28: 'date' is 2026-12-02, after the build date (2026-11-30)",),
    ),
    Example(
        "rate-dates",
        "a rate dated a day after the build date (another time zone)",
        lambda root: project(root, rates=RATES.replace("2026-11-02", "2026-12-01")),
    ),
    Example(
        "currencies",
        "a price in a currency without a rate",
        lambda root: project(root, {"example": PRICE_IN_INR}),
        (f"{RATES_PATH}:1:1: no exchange rate for INR; add one under 'rates'",),
    ),
    Example(
        "currencies",
        "a price in a currency with a rate",
        lambda root: project(root, {"example": PRICE_IN_EUR}),
    ),
    Example(
        "currencies",
        "a rates file without usable rates is named once, by its own problems",
        lambda root: dataclasses.replace(
            project(root, {"example": PRICE_IN_INR}), rates=RatesFile(RATES_PATH, None)
        ),
    ),
    Example(
        "page-encoding",
        "a byte that is not UTF-8",
        lambda root: project(root, pages={"zh/index.md": b"# Title\n\n<!-- \xff -->\n"}),
        ("docs/zh/index.md:3:6: the file is not UTF-8 text; save it as UTF-8",),
    ),
    Example(
        "page-encoding",
        "UTF-8 with a byte order mark",
        lambda root: project(root, pages={"zh/index.md": "\ufeff# 标题\n\n<!-- data:comparison -->\n"}),
    ),
    Example(
        "pages-in-every-language",
        "a page only in German",
        lambda root: project(root, pages={"de/guide/start.md": PAGE}),
        (
            "docs/zh/guide/start.md:1:1: missing page: it exists in de; translate it",
            "docs/ro/guide/start.md:1:1: missing page: it exists in de; translate it",
        ),
    ),
    Example(
        "pages-in-every-language",
        "a page in every language",
        lambda root: project(root, pages={f"{lang}/guide/start.md": PAGE for lang in LANGUAGES}),
    ),
    Example(
        "page-markers",
        "a translation without the German page's marker",
        lambda root: project(root, pages={"ro/index.md": "# Titlu\n\nText.\n"}),
        ("docs/ro/index.md:1:1: data markers differ from the de page (expected: <!-- data:comparison -->)",),
    ),
    Example(
        "page-markers",
        "the same markers elsewhere on the page; an unreadable page is left to page-encoding",
        lambda root: project(
            root,
            pages={
                "zh/index.md": "# 标题\n\n说明。\n\n<!--data:comparison-->\n",
                "ro/index.md": b"# Titlu \xff\n",
            },
        ),
    ),
]

BY_NAME = {check.name: check for check in CHECKS}


def test_checks_are_an_immutable_list_of_distinct_names_each_described_in_one_line() -> None:
    assert isinstance(CHECKS, tuple)
    assert len(BY_NAME) == len(CHECKS)
    for check in CHECKS:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", check.name), check.name
        assert check.description and "\n" not in check.description and len(check.description) <= 100


def test_every_check_has_an_example_that_fires_and_one_that_passes() -> None:
    assert {example.check for example in EXAMPLES if example.problems} == BY_NAME.keys()
    assert {example.check for example in EXAMPLES if not example.problems} == BY_NAME.keys()


def test_every_check_passes_the_project_the_examples_start_from(tmp_path: Path) -> None:
    data = project(tmp_path)
    assert {check.name: check.run(data) for check in CHECKS} == {check.name: [] for check in CHECKS}


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.check}: {e.id}" for e in EXAMPLES])
def test_check_reports_every_problem_of_its_example(example: Example, tmp_path: Path) -> None:
    problems = BY_NAME[example.check].run(example.data(tmp_path))
    assert [str(problem) for problem in problems] == list(example.problems)


def test_checks_of_the_whole_project_run_only_when_it_is_all_there(tmp_path: Path) -> None:
    """`validate FILES` checks some provider files: a missing page or rate is no problem of theirs."""
    data = project(tmp_path, {"example": PRICE_IN_INR}, pages={"de/x.md": PAGE})
    expected = [problem for check in CHECKS if check.whole_project for problem in check.run(data)]
    assert len(expected) == 3  # no rate for INR; x.md missing in zh and ro
    assert run_checks(data) == expected
    assert run_checks(data, whole_project=False) == []


def test_the_command_line_lists_every_check_with_its_description() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gpustorage", "checks"],
        cwd=ROOT / "hooks",
        capture_output=True,
        text=True,
        check=True,
    )
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [check.name for check in CHECKS]
    for line, check in zip(lines, CHECKS, strict=True):
        assert line.endswith(f"  {check.description}")


def test_a_limiting_word_counts_as_a_whole_word_but_anywhere_in_chinese() -> None:
    assert limiting_phrase("Außer bei NFS-Volumes nicht möglich", "de", "no") == "außer"
    assert limiting_phrase("Außerdem lassen sich Volumes vergrößern", "de", "no") is None
    assert limiting_phrase("仅支持挂载到单个实例", "zh", "yes") == "仅"


def test_reading_limits_sharing_only() -> None:
    assert limiting_phrase("快照是只读的", "zh", "yes", Fact.snapshots) is None
    assert limiting_phrase("快照是只读的", "zh", "yes", Fact.multi_attach) == "只读"
    assert limiting_phrase("Attach read-only, only to Premium SSDs", "en", "yes", Fact.snapshots) == "only"
