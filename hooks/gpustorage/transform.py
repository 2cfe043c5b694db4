"""Stage 4, transform: word the validated dataset and its derived figures in one language.

Templates receive only views: text in the reader's language, the derived figures (computed once for
all languages, see derive.py) and provenance flags. A row's `checked` date is the oldest date among
its dated known facts (a row is only as fresh as its oldest figure).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_currency, format_decimal, parse_pattern

from .contract import COLUMNS
from .dataset import Dataset
from .derive import Coverage, Derived, Figures, Origin, ProviderFigures
from .history import Change, History
from .model import UNKNOWN, Egress, Fact, Offering, Price, Provider, Source, Tier

_ONE_DECIMAL = parse_pattern("#,##0.#")  # parsed once: Babel would parse a pattern text on every call


class Strings:
    """UI strings of one language, with `{name}` placeholders filled by keyword."""

    def __init__(self, lang: str, ui: Mapping[str, Any], notes_fallback: str | None = None) -> None:
        self.lang = lang
        self.ui = ui
        self.notes_fallback = notes_fallback
        self.locale = Locale.parse(lang)  # parsed once: Babel would parse a code on every call

    def __call__(self, key: str, **values: object) -> str:
        """The message `key` with its placeholders filled; whole numbers in the language's format, and
        the plural form (CLDR) that fits `count` where the message has several."""
        text = self.ui[key]
        if not isinstance(text, str):  # plural forms
            count = values["count"]
            assert isinstance(count, int | float), key
            text = text.get(self.locale.plural_form(count), text["other"])
        numbers = {
            k: self.number(v) for k, v in values.items() if isinstance(v, int) and not isinstance(v, bool)
        }
        return str(text.format(**{**values, **numbers}) if numbers else text.format(**values))

    def message(self, key: str) -> Any:
        """The raw message, for the browser to fill (plural forms stay a mapping)."""
        return self.ui[key]

    def money(self, amount: float, currency: str) -> str:
        return format_currency(amount, currency, locale=self.locale, decimal_quantization=False)

    def number(self, value: float) -> str:
        return format_decimal(value, locale=self.locale)

    def decimal(self, value: float) -> str:
        """A measured figure with at most one decimal: '3.414,9' in German, '3,414.9' in Chinese."""
        return format_decimal(value, format=_ONE_DECIMAL, locale=self.locale)

    def date(self, value: dt.date) -> str:
        return format_date(value, "medium", locale=self.locale)

    def join(self, items: list[str]) -> str:
        return format_list(items, locale=self.locale)

    def prose(self, text: dict[str, str] | None) -> Prose | None:
        """Localized prose from data, in this language or else in the fallback language."""
        if not text:
            return None
        lang = self.lang if self.lang in text else self.notes_fallback
        return Prose(text[lang], lang) if lang in text else None


@dataclass(frozen=True)
class Prose:
    text: str
    lang: str  # the language the text is written in (a fallback language until translated)


@dataclass(frozen=True)
class Cell:
    """One fact as the reader sees it."""

    text: str
    sort: float | None  # None sorts last (unknown, varying, or no comparable figure)
    origin: Origin
    unknown: bool = False
    english: str = ""  # the value in English, for the report form (the issue tracker's language)
    detail: str | None = None  # the source's own wording where the text is a normalized figure
    short: str = ""  # the value as a token that fits one line of the comparison; "": the text itself

    @property
    def token(self) -> str:
        return self.short or self.text


@dataclass(frozen=True)
class SourceView:
    number: int
    url: str
    seen_text: str
    undated: bool
    third_party: bool
    quotes: str | None
    covers: str  # the covered facts, worded


@dataclass(frozen=True)
class OfferingView:
    number: int  # 1-based position within the provider
    offering: Offering
    figures: Figures
    kind_text: str
    cells: dict[str, Cell]  # by fact name: every fact, the comparison's columns and regions
    checked_text: str | None  # None when every known fact rests on undated sources
    notes: Prose | None
    sources: list[SourceView]
    usd_text: str | None  # the normalized price worded, when the source's unit or currency differs
    price_source: str | None  # the provider's own page that states the price, for "prices at the provider"

    @property
    def product(self) -> str:
        return self.offering.product

    @property
    def kind(self) -> str:
        return str(self.offering.kind)

    def value(self, fact: Fact) -> str:
        """The fact's raw value as the data gives it ("yes", "zone", "unknown"), or "known"/"table"."""
        return self.figures.values[fact]


@dataclass(frozen=True)
class ProviderView:
    id: str
    file: str  # repository-relative path of the provider's data file
    name: str
    website: str
    notes: Prose | None
    offerings: list[OfferingView]
    absence: Origin | None = None  # provenance of "no persistent storage"
    no_storage_sources: list[SourceView] = field(default_factory=list)


@dataclass(frozen=True)
class SiteView:
    lang: str
    t: Strings
    providers: list[ProviderView]
    faq: list[tuple[str, str]]  # the guide's questions, then those answered from data
    today: dt.date
    dataset: Dataset
    coverage: Coverage
    repository: str  # where the data lives, for edit and report links
    prefix: str = ""  # the language's folder below the site root: "" for the default language, "zh/"
    history: HistoryView | None = None  # the data's changes, worded

    @property
    def offering_count(self) -> int:
        return self.coverage.offerings


def _tiers_text(tiers: list[Tier], currency: str, unit: str, t: Strings) -> list[str]:
    unit_text = t(f"unit.{unit}")
    size_unit = t(f"unit.{unit.split('-')[0]}")
    parts = []
    for tier in tiers:
        rate = f"{t.money(tier.amount, currency)}/{unit_text}"
        if tier.up_to is not None:
            parts.append(t("price.tier_up_to", rate=rate, size=f"{t.number(tier.up_to)} {size_unit}"))
        elif len(tiers) > 1:
            parts.append(t("price.tier_above", rate=rate))
        else:
            parts.append(rate)
    return parts


def price_text(price: Price, t: Strings) -> str:
    currency, unit = price.currency.value, price.unit.value
    parts = _tiers_text(price.tiers, currency, unit, t)
    if price.monthly_fee:
        parts.append(t("price.monthly_fee", amount=t.money(price.monthly_fee, currency)))
    if price.idle_tiers:
        parts.append(t("price.idle", price=t.join(_tiers_text(price.idle_tiers, currency, unit, t))))
    return t.join(parts)


def normalized_text(price: Price, figures: Figures, t: Strings) -> str | None:
    """'≈ 0,08 $/GB-month' when the source's currency or unit differs from USD per GB-month."""
    if figures.usd is None or (price.currency.value == "USD" and price.unit.value == "GB-month"):
        return None
    return t("price.normalized", amount=t.money(round(figures.usd.headline, 4), "USD"))


def egress_text(egress: Egress, t: Strings) -> str:
    per = t(f"unit.{egress.per}")
    text = f"{t.money(egress.amount, egress.currency.value)}/{per}"
    if egress.included_gb:
        text += t("text.aside", text=t("egress.included", amount=f"{t.number(egress.included_gb)} {per}"))
    if egress.allowance_pooled:
        text += t("text.aside", text=t("egress.pooled"))
    return text


def throughput_text(mb_s: float | None, t: Strings) -> str:
    """The highest published figure, in the language's number format: 'bis 10 GB/s'."""
    if mb_s is None:
        return t("throughput.see_source")
    if mb_s >= 1000:
        return t("throughput.up_to", value=f"{t.decimal(mb_s / 1000)} GB/s")
    return t("throughput.up_to", value=f"{t.decimal(mb_s)} MB/s")


def _word(fact: Fact, value: str, t: Strings) -> str:
    """A fact's value from a fixed list ("yes", "zone", "unknown") in words."""
    if value in (UNKNOWN, "varies"):
        return t(f"value.{value}")
    if fact is Fact.region_binding:
        return t(f"region.{value}")
    if fact is Fact.egress:
        return t(f"egress.{value}")
    return t(f"answer.{value}")


def _cell_text(offering: Offering, fact: Fact, t: Strings) -> str:
    return value_text(fact, offering.value_of(fact), t)


def value_text(fact: Fact, value: object, t: Strings) -> str:
    """One value of a fact worded as the page shows it (the history words old values this way too)."""
    if isinstance(value, str):  # most values: a word from the fact's list, or free text
        if fact in (Fact.throughput, Fact.max_size) and value != UNKNOWN:
            return str(value)
        return _word(fact, value, t)
    if isinstance(value, Price):
        return price_text(value, t)
    if isinstance(value, Egress):
        return egress_text(value, t)
    if isinstance(value, list):  # regions
        return t.join(value)
    return _word(fact, str(value), t)


def source_view(number: int, source: Source, t: Strings) -> SourceView:
    return SourceView(
        number=number,
        url=source.url,
        seen_text=t.date(source.seen),
        undated=source.undated,
        third_party=source.third_party,
        quotes=source.quotes,
        covers=_covers_text(tuple(source.covers), t),
    )


def _covers_text(covers: tuple[Fact, ...], t: Strings) -> str:
    return ", ".join(t(f"column.{fact.value}") for fact in covers)


def short_text(offering: Offering, figures: Figures, fact: Fact, t: Strings) -> str:
    """A value short enough for one line of the comparison, where its full text is longer: a price's
    first rate (or its normalized figure where the source's unit or currency differs), a fee's rate, a
    binding's one word. "" where the full text is short already; the row's details show it whole."""
    value = offering.value_of(fact)
    if isinstance(value, Price):
        first = value.tiers[0]
        rate = f"{t.money(first.amount, value.currency.value)}/{t(f'unit.{value.unit.value}')}"
        return normalized_text(value, figures, t) or rate
    if isinstance(value, Egress):
        return f"{t.money(value.amount, value.currency.value)}/{t(f'unit.{value.per}')}"
    if fact is Fact.region_binding and value not in (UNKNOWN, "varies"):
        return t(f"binding_short.{value}")
    return ""


def _cell(offering: Offering, figures: Figures, fact: Fact, t: Strings) -> Cell:
    origin, sort = figures.facts[fact], figures.sort[fact]
    if fact is Fact.throughput and origin.known:
        text, detail = throughput_text(sort, t), offering.throughput
    else:
        text, detail = _cell_text(offering, fact, t), None
    short = short_text(offering, figures, fact, t)
    return Cell(text, sort, origin, not origin.known, figures.english[fact], detail, short)


def _price_source(offering: Offering, figures: Figures) -> str | None:
    """The first source of the price that is the provider's own page."""
    own = [n for n in figures.facts[Fact.price].sources if not offering.sources[n - 1].third_party]
    return offering.sources[own[0] - 1].url if own else None


def offering_view(number: int, offering: Offering, figures: Figures, t: Strings) -> OfferingView:
    cells: dict[str, Cell] = {fact: _cell(offering, figures, fact, t) for fact in (*COLUMNS, Fact.regions)}
    return OfferingView(
        number=number,
        offering=offering,
        figures=figures,
        kind_text=t(f"kind.{offering.kind}"),
        cells=cells,
        checked_text=t.date(figures.checked) if figures.checked else None,
        notes=t.prose(offering.notes),
        sources=[source_view(n, s, t) for n, s in enumerate(offering.sources, 1)],
        usd_text=normalized_text(offering.price, figures, t) if isinstance(offering.price, Price) else None,
        price_source=_price_source(offering, figures),
    )


def provider_view(
    provider_id: str, file: str, provider: Provider, figures: ProviderFigures, t: Strings
) -> ProviderView:
    return ProviderView(
        id=provider_id,
        file=file,
        name=provider.name,
        website=provider.website,
        notes=t.prose(provider.notes),
        offerings=[
            offering_view(number, offering, numbers, t)
            for number, (offering, numbers) in enumerate(
                zip(provider.offerings, figures.offerings, strict=True), 1
            )
        ],
        absence=figures.absence,
        no_storage_sources=[
            source_view(n, s, t) for n, s in enumerate(provider.no_persistent_storage or [], 1)
        ],
    )


def _offerings_where(providers: list[ProviderView], fact: Fact, value: str, t: Strings) -> list[str]:
    aside = t.ui["text.aside"]  # "Name (product)": worded for every matching offering of every provider
    return [
        f"{provider.name}{aside.format(text=offering.product)}"
        for provider in providers
        for offering in provider.offerings
        if offering.figures.values[fact] == value
    ]


def _data_questions(providers: list[ProviderView], t: Strings) -> list[tuple[str, str]]:
    """Questions whose answers are worded from the dataset, so they never drift from it."""
    offerings = [o for p in providers for o in p.offerings]
    questions = []
    for key, fact, answer in [
        ("billed", Fact.billed_while_detached, "yes"),
        ("egress_free", Fact.egress, "free"),
        ("shared", Fact.multi_attach, "yes"),
        ("spot", Fact.spot_usable, "yes"),
    ]:
        matches = _offerings_where(providers, fact, answer, t)
        unknown = sum(1 for o in offerings if o.cells[fact.value].unknown)
        text = t(f"faq.{key}.answer", list=t.join(matches)) if matches else t("faq.none")
        answer = t("text.sentences", first=text, second=t("faq.unknown_count", count=unknown))
        questions.append((t(f"faq.{key}.question"), answer))
    idle = [
        t("text.labelled", label=f"{p.name}{t('text.aside', text=o.product)}", text=o.cells[Fact.price].text)
        for p in providers
        for o in p.offerings
        if o.figures.usd and o.figures.usd.idle_tiers
    ]
    questions.append(
        (t("faq.idle.question"), t("faq.idle.answer", list=t.join(idle)) if idle else t("faq.none"))
    )
    priced = sorted(
        (
            (o.figures.usd.headline, p.name, o)
            for p in providers
            for o in p.offerings
            if o.figures.usd and o.figures.usd.headline
        ),
        key=lambda item: item[0],
    )
    if priced:
        usd, name, offering = priced[0]
        questions.append(
            (
                t("faq.cheapest.question"),
                t(
                    "faq.cheapest.answer",
                    offering=f"{name}{t('text.aside', text=offering.product)}",
                    price=offering.cells[Fact.price.value].text,
                    usd=t.money(round(usd, 4), "USD"),
                    priced=t("faq.cheapest.priced", count=len(priced)),
                ),
            )
        )
    return questions


@dataclass(frozen=True)
class ChangeView:
    """One change of the data's history as the reader sees it."""

    change: Change
    date_text: str
    provider_name: str  # the provider's name today, or the last one it had once removed
    listed: bool  # the provider still has a page
    offering: str | None
    what: str  # the fact's name, or what happened ("offering added")
    old_text: str | None  # the values before and after ("changed" only)
    new_text: str | None
    summary: str  # the whole change on one line of plain text
    commit_url: str
    commit_short: str


@dataclass(frozen=True)
class HistoryView:
    available: bool
    unavailable_text: str | None
    changes: list[ChangeView]  # newest first
    by_provider: dict[str, list[ChangeView]]

    def of(self, provider_id: str) -> list[ChangeView]:
        return self.by_provider.get(provider_id, [])


def change_view(change: Change, t: Strings, names: dict[str, str], repository: str) -> ChangeView:
    old_text = new_text = None
    if change.kind == "changed":
        assert change.fact is not None
        what = t(f"column.{change.fact.value}")
        old_text, new_text = value_text(change.fact, change.old, t), value_text(change.fact, change.new, t)
        text = t("history.changed", fact=what, old=old_text, new=new_text)
    else:
        what = text = t(f"history.{change.kind}", file=change.previous_file or "")
    return ChangeView(
        change=change,
        date_text=t.date(change.day),
        provider_name=names.get(change.provider, change.provider_name),
        listed=change.provider in names,
        offering=change.offering,
        what=what,
        old_text=old_text,
        new_text=new_text,
        summary=" · ".join(part for part in (change.offering, text) if part),
        commit_url=f"{repository}/commit/{change.commit}",
        commit_short=change.commit[:7],
    )


def history_view(history: History, t: Strings, names: dict[str, str], repository: str) -> HistoryView:
    """The history worded in one language: values in the page's formats, dates in its calendar."""
    if not history.available:
        reason = t(f"history.reason.{history.reason}")
        return HistoryView(False, t("history.unavailable", reason=reason), [], {})
    changes = [change_view(change, t, names, repository) for change in history.changes]
    by_provider: dict[str, list[ChangeView]] = {}
    for view in changes:
        by_provider.setdefault(view.change.provider, []).append(view)
    return HistoryView(True, None, changes, by_provider)


def site_view(
    dataset: Dataset,
    derived: Derived,
    coverage: Coverage,
    lang: str,
    today: dt.date,
    repository: str,
    history: History | None = None,
    prefix: str = "",
) -> SiteView:
    strings = dataset.strings[lang]
    t = Strings(lang, strings.ui, strings.notes_fallback)
    providers = [
        provider_view(pid, dataset.files[pid], provider, derived[pid], t)
        for pid, provider in dataset.providers.items()
    ]
    faq = [(item.question, item.answer) for item in strings.faq]
    faq += _data_questions(providers, t)
    names = {provider.id: provider.name for provider in providers}
    repository = repository.rstrip("/")
    return SiteView(
        lang=lang,
        t=t,
        providers=providers,
        faq=faq,
        today=today,
        dataset=dataset,
        coverage=coverage,
        repository=repository,
        prefix=prefix,
        history=history_view(history, t, names, repository) if history is not None else None,
    )
