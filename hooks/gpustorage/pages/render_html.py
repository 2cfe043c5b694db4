"""Render, the HTML of one language: values with their marks, comparison rows, fact tables, source
lists, histories and provider pages.

Each piece of markup is one function that a reader sees whole. Everything returned is `Markup`:
`escape.html_format` and `escape.html_join` escape every value that is not Markup already, so data can
add no markup, links or scripts, and the type checker tells escaped HTML from raw text. A piece is made
by one format or one join of its parts, not by adding Markup to Markup (each addition escapes its
operand again and makes a new Markup).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup

from ..figures.derive import Figures, Origin, UsdTier
from ..figures.history import Change
from ..inputs.model import INCLUDED, Fact
from ..inputs.settings import CONFIRMED_WITHIN_DAYS, STALE_AFTER_DAYS
from .contract import COLUMNS, COUNT_WORDING, FILTERS, URL_PARAMETERS
from .escape import html_format, html_join
from .messages import Prose, Strings
from .report_links import OfferingReport, ReportLinks
from .transform import (
    CONVERTED_SIGN,
    DATA_TEXT_LANG,
    Cell,
    ChangeView,
    CoveredFact,
    Difference,
    Money,
    OfferingView,
    ProviderView,
    SiteView,
    SourceView,
    Worded,
    WordedDate,
    dates_text,
    worded_date,
)

FACT_ROWS = tuple(map(str, Fact))  # a provider page's fact rows, after the kind: every fact, in order
NAME_FILTER = "name"  # the comparison's URL parameter that filters by provider name
assert NAME_FILTER in URL_PARAMETERS
# A provider page (<language>/providers/<id>/) to its language's root, where the comparison is, and to
# the list of providers
TO_LANGUAGE_ROOT, TO_PROVIDERS = "../../", "../"
_NOTHING = Markup("")
_END_ITEM = Markup("</li>")


@dataclass(frozen=True)
class OfferingParts:
    """What an offering's markup holds in every language (no words): made once per build."""

    attributes: Markup  # the comparison row's data-* attributes (row_data, row_attributes)
    listed: Mapping[str, object]  # what a long comparison's rows file lists of it (listed_offering)
    report: OfferingReport  # the head and English lines of its report links


def _pairs(tiers: tuple[UsdTier, ...]) -> str:
    """Tiers as the JSON pairs the script reads: [[upper bound in GB or null, USD per GB-month], ...]."""
    pairs = [[tier.up_to_gb, tier.usd_per_gb_month] for tier in tiers]
    return json.dumps(pairs, separators=(",", ":"), allow_nan=False)  # the script parses it: JSON only


def row_data(offering: OfferingView) -> dict[str, str]:
    """The data-* attributes of a comparison row (see contract.ROW_ATTRIBUTES), by name."""
    figures: Figures = offering.figures
    attributes = {"kind": offering.kind}
    attributes.update({name: offering.value(fact) for name, fact in FILTERS.items()})
    attributes["egress"] = offering.value(Fact.egress)
    attributes["billed-idle"] = offering.value(Fact.billed_while_detached)
    if offering.value(Fact.price) == INCLUDED:
        attributes["price"] = INCLUDED
    if figures.usd:
        attributes["currency"] = figures.usd.currency
        attributes["tiers"] = _pairs(figures.usd.tiers)
        if figures.price_basis:
            attributes["price-basis"] = figures.price_basis
        attributes["fee"] = repr(figures.usd.monthly_fee_usd)
        if figures.usd.idle_tiers:
            attributes["idle-tiers"] = _pairs(figures.usd.idle_tiers)
    if figures.egress:
        attributes["egress-rate"] = repr(figures.egress.usd_per_gb)
        attributes["egress-included"] = repr(figures.egress.included_gb)
        if figures.egress.allowance_pooled:
            attributes["egress-pooled"] = "yes"
    if figures.max_size_gb is not None:
        attributes["max-gb"] = repr(figures.max_size_gb)
    return attributes


def row_attributes(data: Mapping[str, str]) -> Markup:
    """A comparison row's data-* attributes (row_data) as the row writes them."""
    return html_join("", [html_format(' data-{}="{}"', name, value) for name, value in data.items()])


# ---- values and their marks ----------------------------------------------------------------------


@dataclass(frozen=True)
class Doubt:
    """A doubt as every mark of it shows it."""

    name: str  # 'stale', 'undated' or 'third_party'
    symbol: str  # in a row's evidence mark and the legend
    word: str  # shown as a value's badge, read with the symbol
    explanation: str  # its tooltip; "" where the word says it all


def doubts(
    t: Strings,
    *,
    stale: bool = False,
    undated: bool = False,
    third_party: bool = False,
    beside_date: bool = False,
) -> list[Doubt]:
    """The one rule of the doubts a value rests on (or a row, on its values), in the order every mark
    names them: stale (its source is older than STALE_AFTER_DAYS), undated (no source of it gives a
    date; `beside_date`: said beside a date, the oldest of the other values', "some values undated")
    and third party (only a third party's page states it). The badges on a provider page and in its
    plain twin, the row's evidence mark in the comparison and the legend all name them from here."""
    found: list[Doubt] = []
    if stale:
        found.append(Doubt("stale", "⚠", t("stale.badge"), t("stale.title", days=STALE_AFTER_DAYS)))
    if undated:
        word, explanation = (
            ("undated.some", "undated.some_title") if beside_date else ("undated.badge", "undated.title")
        )
        found.append(Doubt("undated", "∗", t(word), t(explanation)))
    if third_party:
        found.append(Doubt("third_party", "†", t("provenance.third_party"), ""))
    return found


def badge(doubt: Doubt) -> Markup:
    """A value's mark of a doubt: its word, explained as its tooltip; a third party's, its symbol."""
    if doubt.name == "third_party":
        # a plain span may not carry aria-label: role="img" makes the mark read by its label
        return html_format(
            '<span class="gs-third-party" role="img" title="{}" aria-label="{}">{}</span>',
            doubt.word,
            doubt.word,
            doubt.symbol,
        )
    return html_format(
        '<span class="gs-{}-badge" title="{}">{}</span>', doubt.name, doubt.explanation, doubt.word
    )


def badges(found: list[Doubt]) -> Markup:
    return html_join("", map(badge, found))


def example_mark(t: Strings) -> Markup:
    """The mark of an example price (a worked example or one region's figure, not a price list): its
    symbol shown, its word read, explained as its tooltip like the legend's."""
    return symbol(EXAMPLE_SYMBOL, t("price.example"), "gs-example", title=t("price.example_title"))


def example_of(case: Prose, t: Strings) -> Markup:
    """ "Beispiel: Region eu-west-1": what an example price is for, in the language its words are
    written in (the page's, or a fallback's until translated: marked, so a browser reads them in it)."""
    return Markup.escape(t.message("price.example_of")).format(case=data_text(case.text, case.lang))


def data_text(words: str, lang: str = DATA_TEXT_LANG) -> Markup:
    """The data's own words in a page, marked with their language for the reader's browser."""
    return html_format('<span class="gs-data-text" lang="{}">{}</span>', lang, words)


def example_line(offering: OfferingView, t: Strings) -> Markup:
    """Below an example price on its provider's page: what the example is for ("Beispiel: …")."""
    if offering.example_of is None:
        return _NOTHING
    return html_format('<br><small class="gs-example-of">{}</small>', example_of(offering.example_of, t))


def marks(origin: Origin, t: Strings) -> Markup:
    """The badges of a known fact's doubts."""
    return badges(doubts(t, stale=origin.stale, undated=origin.undated, third_party=origin.third_party))


def cell(c: Cell, t: Strings) -> Markup:
    """A value with its marks (an unknown value has none)."""
    classes = "gs-value" + (" gs-unknown" if c.unknown else "") + (" gs-stale" if c.origin.stale else "")
    return html_format(
        '<span class="{}">{}</span>{}',
        classes,
        with_moneys(c.text, c.moneys),
        _NOTHING if c.unknown else marks(c.origin, t),
    )


def quoted(text: str, lang: str | None) -> Markup:
    """A source's wording: quoted and marked with its language when it is the data's own text; as it
    is when the page worded it (a price in the source's unit, in the page's language)."""
    if lang is None:
        return Markup.escape(text)
    return html_format('<q lang="{}">{}</q>', lang, text)


def source_wording(c: Cell, t: Strings) -> Markup:
    """The source's own wording below a value that the page words otherwise; nothing where they agree."""
    if not c.detail:
        return _NOTHING
    wording = Markup.escape(t.message("value.source_wording")).format(text=quoted(c.detail, c.detail_lang))
    return html_format('<br><small class="gs-source-wording">{}</small>', wording)


def price(offering: OfferingView, t: Strings, with_link: bool = False) -> Markup:
    """The price per GB-month with the source's own wording, and on a provider's page the provider's
    own price page."""
    parts = [cell(offering.cells["price"], t)]
    if offering.figures.example_of is not None:
        parts.append(example_mark(t))
    parts += [source_wording(offering.cells["price"], t), example_line(offering, t)]
    if with_link:
        parts.append(price_page_line(offering, t))
    return html_join("", parts)


def price_page_line(offering: OfferingView, t: Strings) -> Markup:
    """A link to the provider's own price page, or the words that the data has none (a link to any
    other page, a documentation file say, would pass it off as the price page). Not those words under
    a price with sources: there they would read as if the price had none."""
    if offering.price_page is None:
        if offering.cells["price"].origin.sources:
            return _NOTHING
        return html_format('<br><small class="gs-no-price-page">{}</small>', t("price.page_missing"))
    return html_format(
        '<br><small><a href="{}" rel="nofollow noopener">{}</a></small>',
        offering.price_page,
        t("price.source_link"),
    )


def plans_line(offering: OfferingView) -> Markup:
    """Below a region binding that varies by plan on its provider's page: each plan's binding."""
    if not offering.plans:
        return _NOTHING
    return html_format('<br><small class="gs-plans">{}</small>', " · ".join(offering.plans))


def time_html(date: WordedDate) -> Markup:
    """A date as the page words it, with its ISO form for machines (feed readers, search engines)."""
    return html_format('<time datetime="{}">{}</time>', date.day.isoformat(), date.text)


def source_date(offering: OfferingView, t: Strings) -> Markup:
    """An offering's source date (the oldest among its dated known facts) with its marks."""
    figures = offering.figures
    if offering.source_date is None:
        return badges(doubts(t, undated=True))
    found = doubts(t, stale=figures.stale, undated=figures.undated, beside_date=True)
    return html_join("", [time_html(offering.source_date), badges(found)])


def checked(offering: OfferingView, t: Strings) -> Markup:
    """When an offering's values were checked (the oldest checked date of its known values), or
    "not recorded"."""
    if offering.checked is None:
        return Markup.escape(t("date.not_recorded"))
    return time_html(offering.checked)


def source_dates(source: SourceView, t: Strings) -> Markup:
    """A source's two dates, each named: the date it shows and the day it was checked."""
    return Markup.escape(dates_text(source.source_date, source.checked, t))


def notes(text: Prose | None) -> Markup:
    """A provider's or an offering's notes, in the language they are written in; none: nothing."""
    if not text:
        return _NOTHING
    return html_format('<p class="gs-notes" lang="{}">{}</p>\n\n', text.lang, text.text)


# ---- the comparison --------------------------------------------------------------------------------


def column_heads(t: Strings) -> Markup:
    """The comparison's header cells: a short label shown, the full name read and shown as a tooltip."""
    labels = [
        (name, t(f"column.{name}"), t(f"column_short.{name}")) for name in ("product", *map(str, COLUMNS))
    ]
    # the last column holds the row's evidence mark (its sort key, "checked", stays for shared links)
    labels.append(("checked", t("evidence.column"), t("evidence.short")))
    return html_join(
        "\n",
        [
            html_format(
                '<th scope="col" data-column="{name}" title="{full}"><span aria-hidden="true">{short}</span>'
                '<span class="gs-sr">{full}</span></th>',
                name=name,
                full=full,
                short=short,
            )
            for name, full, short in labels
        ],
    )


def card_labels(t: Strings) -> dict[str, str]:
    """Each comparison column's label as a phone's card writes it before the value (data-label, drawn by
    site.css), with the language's own separator: "Preis: ", "价格："; the cost column's for the script.
    Made once per language, for every row."""
    short = {name: t(f"column_short.{name}") for name in (*map(str, COLUMNS), "cost")}
    short["checked"] = t("evidence.short")
    return {name: str(t("text.labelled", label=label, text="")) for name, label in short.items()}


# The answers a row shows as one symbol each; the symbol is read by its word, and the legend above the
# table names every symbol. An unknown value of any fact shows "?", drawn by the style sheet
# (.gs-unknown-sign in the legend, the token itself in a row), so that the page's text holds its word
# only: no ASCII question mark stands in Chinese text, and every font has the sign.
ANSWER_SYMBOLS = {"yes": "✓", "no": "✗", "partial": "◐", "not_applicable": "–"}
UNKNOWN_SIGN = Markup('<span class="gs-unknown-sign" aria-hidden="true"></span>')
TOKEN_FACTS = frozenset({Fact.billed_while_detached, Fact.snapshots, Fact.multi_attach, Fact.spot_usable})
EXAMPLE_SYMBOL = "◇"  # beside a price that is an example, not a price list's


def symbol(sign: str, word: str, classes: str, title: str = "") -> Markup:
    """A symbol shown, its word read (and shown in the legend), `title` its tooltip: the style sheet
    draws the symbol from data-symbol, so that it is one element with its word."""
    return html_format(
        '<span class="{}"{} data-symbol="{}"><span class="gs-sr">{}</span></span>',
        classes,
        html_format(' title="{}"', title) if title else _NOTHING,
        sign,
        word,
    )


def money(amount: Money) -> Markup:
    """An amount the script can show in the reader's currency (contract.MONEY_ATTRIBUTES)."""
    return html_format(
        '<span class="gs-money" data-usd="{}" data-cur="{}"{}>{}</span>',
        format(amount.usd, ".6g"),  # six significant digits: the page shows three
        amount.currency,
        Markup(' data-rate="1"') if amount.rate else _NOTHING,
        amount.text,
    )


def with_moneys(text: str, moneys: tuple[Money, ...]) -> Markup:
    """`text` escaped, each of its amounts (`moneys`, as worded in it) marked up by money(): an inline
    block (site.css), so that a line may break after it, as an amount in another currency can be longer
    than its column. One pass from
    left to right, the longest amount first where two start alike ('≈ 6,00 $' before '6,00 $')."""
    by_text = {amount.text: amount for amount in moneys}
    parts: list[str] = []  # the text between amounts (escaped by the join) and the amounts' markup
    end = 0
    while found := [(at, -len(words), words) for words in by_text if (at := text.find(words, end)) != -1]:
        at, _, words = min(found)
        parts += [text[end:at], money(by_text[words])]
        end = at + len(words)
    return html_join("", [*parts, text[end:]])


def comparison_cell(offering: OfferingView, column: str, label: str, t: Strings) -> Markup:
    """A fact's <td> in the comparison, on one line: an answer as its symbol, an unknown as "?", any
    other value in its short form (the row's details give every value in full); with the sort key the
    script reads and the label a card shows. A symbol is the cell's (drawn by the style sheet from
    data-symbol, "?" from its class) and its word is read: a row holds few elements (issue #30)."""
    c, fact = offering.cells[column], Fact(column)
    value = offering.value(fact)
    attributes = html_format(
        ' data-column="{}"{} data-label="{}"', column, _sort_attribute(offering, column), label
    )
    if c.unknown:
        template = '<td class="gs-token gs-unknown"{}><span class="gs-sr">{}</span></td>'
        return html_format(template, attributes, c.text)
    if fact in TOKEN_FACTS and value in ANSWER_SYMBOLS:
        return html_format(
            '<td class="gs-token gs-{}"{} data-symbol="{}"><span class="gs-sr">{}</span></td>',
            value,
            attributes,
            ANSWER_SYMBOLS[value],
            c.text,
        )
    example = example_mark(t) if fact is Fact.price and offering.figures.example_of else _NOTHING
    return html_format("<td{}>{}{}</td>", attributes, with_moneys(c.token, c.moneys), example)


def sort_key(offering: OfferingView, column: str) -> str | None:
    """The key a column of the comparison sorts an offering's row by, as its cell's data-sort writes it
    (sort.js reads it): a fact's figure, or, in the evidence column ("checked"), the oldest source date;
    None where the value is unknown."""
    if column == "checked":
        date = offering.source_date
        return None if date is None else date.day.isoformat()
    key = offering.cells[column].sort
    return None if key is None else repr(key)


def _sort_attribute(offering: OfferingView, column: str) -> Markup:
    """A comparison cell's data-sort (sort_key), or nothing where the value is unknown."""
    key = sort_key(offering, column)
    return _NOTHING if key is None else html_format(' data-sort="{}"', key)


def evidence_cell(offering: OfferingView, label: str, t: Strings) -> Markup:
    """The row's one mark for its evidence, instead of a badge per value: the oldest source date among
    its known values (or "undated" when none has one), then a symbol if any value is stale, rests on
    an undated source ("some values undated", beside the others' date) or only on a third party. Its
    tooltip says what a date beside those symbols is. The row's details mark each value, each with its
    report link (the row carries none: a wrong value is reported from the details that show its
    source). The cell sorts by the date (the column keeps its name "checked" for shared links)."""
    figures = offering.figures
    third_party = any(origin.known and origin.third_party for origin in figures.facts.values())
    date = offering.source_date
    # "undated" without a date is the cell's text; beside a date it is said of some of the values
    undated = figures.undated and date is not None
    shown = doubts(t, stale=figures.stale, undated=undated, third_party=third_party, beside_date=True)
    words = t.join([doubt.word for doubt in shown])
    return html_format(
        '<td class="gs-evidence{}" data-column="checked" data-label="{}"{}{}>{}{}</td>',
        " gs-stale" if figures.stale else "",
        label,
        _sort_attribute(offering, "checked"),
        html_format(' title="{}"', t("evidence.title", date=date.text, doubts=words))
        if shown and date is not None
        else _NOTHING,
        t("undated.badge") if date is None else date.text,
        # set apart by a margin (site.css), not a space: none belongs between Chinese characters
        symbol("".join(doubt.symbol for doubt in shown), words, "gs-doubts") if shown else _NOTHING,
    )


def legend_item(sign: str, word: str, explanation: str = "") -> Markup:
    title = html_format(' title="{}"', explanation) if explanation else _NOTHING
    # no space after the symbol (its margin sets it apart): Chinese text has none between characters
    return html_format('<li{}><span aria-hidden="true">{}</span>{}</li>', title, sign, word)


def converted_item(t: Strings, rates_date: dt.date) -> Markup:
    """The legend's line for ≈: an amount converted from another currency at the rates of `rates_date`
    (the comparison's legend and the planner's)."""
    return legend_item(CONVERTED_SIGN, t("legend.converted", date=t.date(rates_date)))


def legend(t: Strings, rates_date: dt.date | None) -> Markup:
    """What the symbols of the comparison's rows mean, shown above the table: each answer, then each
    doubt by its short word (explained in full as its tooltip), and ≈, an amount converted from another
    currency at the rates of `rates_date` (the oldest rate the page uses; None: the data has none)."""
    answers = [legend_item(sign, t(f"answer.{value}")) for value, sign in ANSWER_SYMBOLS.items()]
    answers.append(html_format("<li>{}{}</li>", UNKNOWN_SIGN, t("answer.unknown")))
    every = doubts(t, stale=True, undated=True, third_party=True)
    doubt_items = [legend_item(doubt.symbol, doubt.word, doubt.explanation) for doubt in every]
    doubt_items.append(legend_item(EXAMPLE_SYMBOL, t("price.example"), t("price.example_title")))
    if rates_date is not None:
        doubt_items.append(converted_item(t, rates_date))
    label = t("legend.label")
    return html_format(
        '<ul class="gs-legend" aria-label="{}"><li>{}</li>{}</ul>',
        label,
        label,
        html_join("", answers + doubt_items),
    )


def comparison_row(
    provider: ProviderView,
    offering: OfferingView,
    parts: OfferingParts,
    labels: Mapping[str, str],
    t: Strings,
    figures: bool = True,
) -> Markup:
    """An offering's row in the comparison, on one line: its provider and name (every row names its
    provider: the table needs no group headings and a sorted table reads the same), its facts as short
    tokens and one mark for its evidence. The name links to the offering's details
    on its provider's page; the script opens them in place instead, below the row (details.js), from
    the same markup (offering_details)."""
    return html_format(
        '<tr class="gs-offering" data-provider="{provider_id}"{attributes}>\n'
        '<th scope="row" data-column="product">{provider}: '
        '<a class="gs-disclose" href="providers/{provider_id}/#{anchor}">{product}</a></th>\n'
        "{cells}\n{evidence}\n</tr>\n",
        provider_id=provider.id,
        attributes=parts.attributes if figures else _NOTHING,
        anchor=details_anchor(offering),
        provider=provider.name,
        product=offering.product,
        cells=html_join(
            "\n", [comparison_cell(offering, str(fact), labels[str(fact)], t) for fact in COLUMNS]
        ),
        evidence=evidence_cell(offering, labels["checked"], t),
    )


def provider_rows(
    provider: ProviderView,
    parts: Mapping[tuple[str, int], OfferingParts],
    labels: Mapping[str, str],
    t: Strings,
    figures: bool = True,
) -> Markup:
    """A provider's rows in the comparison: its offerings, or a row saying that it keeps no data.
    `labels`: card_labels of the language. Without `figures`, an offering's row leaves out the data
    attributes the script reads (a rows file lists them apart: rows_index)."""
    if provider.offerings:
        return html_join(
            "",
            [
                comparison_row(provider, offering, parts[(provider.id, offering.number)], labels, t, figures)
                for offering in provider.offerings
            ],
        )
    assert provider.absence is not None  # a provider without offerings says why, with sources
    return html_format(
        '<tr class="gs-no-storage" data-provider="{id}"><th scope="row"><a href="providers/{id}/">'
        '{name}</a></th><td colspan="{span}">{text}{marks}</td></tr>\n',
        id=provider.id,
        name=provider.name,
        span=len(COLUMNS) + 1,
        text=t("provider.no_storage"),
        marks=marks(provider.absence, t),
    )


def provider_group(
    provider: ProviderView,
    parts: Mapping[tuple[str, int], OfferingParts],
    labels: Mapping[str, str],
    t: Strings,
) -> Markup:
    """A provider's rows in the comparison (provider_rows), a <tbody> of their own."""
    rows = provider_rows(provider, parts, labels, t)
    return html_format(
        '<tbody data-provider="{}" data-name="{}">\n{}</tbody>', provider.id, provider.name, rows
    )


# the columns whose sort keys a rows file lists for each offering, in this order (rows_index)
LISTED_COLUMNS = (*(str(fact) for fact in COLUMNS), "checked")


def listed_offering(offering: OfferingView, data: Mapping[str, str]) -> dict[str, object]:
    """What a long comparison's rows file lists of an offering, the same in every language: its row's
    data attributes (`data`: row_data) as the script's element.dataset names them, its cells' sort keys
    (LISTED_COLUMNS) and its product's name."""
    return {
        "data": {_dataset_name(name): value for name, value in data.items()},
        "sort": [sort_key(offering, column) for column in LISTED_COLUMNS],
        "product": offering.product,
    }


def _dataset_name(attribute: str) -> str:
    """A data-* attribute's name as the script's element.dataset has it: "billed-idle" -> "billedIdle"."""
    first, *rest = attribute.split("-")
    return first + "".join(word.capitalize() for word in rest)


def rows_index(
    providers: list[ProviderView],
    parts: Mapping[tuple[str, int], OfferingParts],
    labels: Mapping[str, str],
    t: Strings,
) -> str:
    """A long comparison's rows after those its page holds, as JSON for its script (main.js, rows.js):
    per provider its name and its rows' markup, and per offering what filters and sorting read
    (listed_offering, which the rows then leave out), so that the script reads a row's markup only once
    the row shows. Without the script the provider pages hold every value."""
    groups = [
        {
            "provider": provider.id,
            "name": provider.name,
            "markup": str(provider_rows(provider, parts, labels, t, figures=False)),  # each value once
            "offerings": [parts[(provider.id, offering.number)].listed for offering in provider.offerings],
        }
        for provider in providers
    ]
    return json.dumps(
        {"columns": LISTED_COLUMNS, "groups": groups}, ensure_ascii=False, separators=(",", ":")
    )


def folded_note(shown: int, total: int, t: Strings) -> Markup:
    """Below a long comparison without the script: how many offerings it shows, and where every one is
    (the script reads the others and hides this)."""
    return html_format(
        '{} · <a href="providers/">{}</a>',
        count_text("folded", t, shown=shown, total=total),
        t("providers.title"),
    )


def count_text(name: str, t: Strings, **numbers: int) -> str:
    """A count as contract.COUNT_WORDING words it ("12 offerings from 9 providers"); the script words
    it from the same declaration (count_wordings)."""
    wording = COUNT_WORDING[name]
    values: dict[str, object] = {
        key: t(wording.none)
        if n == 0 and wording.none
        else t(wording.numbers[key], count=n)
        if key in wording.numbers
        else n
        for key, n in numbers.items()
    }
    return t(wording.message, **values)


def count_wordings(t: Strings) -> dict[str, dict[str, Any]]:
    """contract.COUNT_WORDING in a language's messages: the page's settings for the script, which words
    each count as count_text does (numbers.js countWriter)."""
    return {
        name: {
            "message": t.message(wording.message),
            "numbers": {key: t.message(message) for key, message in wording.numbers.items()},
            "none": t(wording.none) if wording.none else None,
        }
        for name, wording in COUNT_WORDING.items()
    }


# ---- provider pages ----------------------------------------------------------------------------------


def source_links(anchor: str, sources: tuple[int, ...]) -> Markup:
    """A fact's links to its sources in a list whose items are `anchor` + number. Each link stays whole
    on its line (the class keeps "[12]" from breaking after its number); the space between links is
    where a narrow column may break instead."""
    return html_join(
        " ", [html_format('<a class="gs-source-ref" href="#{}{}">[{}]</a>', anchor, n, n) for n in sources]
    )


def breadcrumb(provider: ProviderView, t: Strings) -> Markup:
    """Where a provider page stands: the guide, the list of providers, this provider."""
    return html_format(
        '\n<nav class="gs-breadcrumb" aria-label="{label}" data-search-exclude><ol>'
        '<li><a href="{root}">{guide}</a></li><li><a href="{providers}">{providers_title}</a></li>'
        '<li aria-current="page">{name}</li></ol></nav>\n\n',
        label=t("breadcrumb.label"),
        root=TO_LANGUAGE_ROOT,
        guide=t("breadcrumb.guide"),
        providers=TO_PROVIDERS,
        providers_title=t("providers.title"),
        name=provider.name,
    )


def comparison_link(provider: ProviderView, t: Strings) -> Markup:
    """The comparison filtered to a provider (its offerings, or its row saying it keeps no data)."""
    href = f"{TO_LANGUAGE_ROOT}?{urlencode({NAME_FILTER: provider.name})}"
    return html_format(
        '<p class="gs-in-comparison"><a href="{}">{}</a></p>\n\n',
        href,
        t("provider.in_comparison", name=provider.name),
    )


def fact_row(offering: OfferingView, name: str, report: str, t: Strings) -> Markup:
    """A fact on its provider's page: its name, its value with its marks (and the source's own wording
    where the value is a normalized figure), links to its sources, and a link to report it wrong."""
    c = offering.cells[name]
    if name == "price":
        value = price(offering, t, with_link=True)
    else:
        plans = plans_line(offering) if name == "region_binding" else _NOTHING
        value = html_join("", [cell(c, t), source_wording(c, t), plans])
    label = t("report.field", field=t(f"column.{name}"))
    return html_format(
        '<tr data-column="{name}"><th scope="row">{full}</th><td>{value}</td><td>{links}</td>'
        '<td><a class="gs-report" href="{report}" rel="nofollow" title="{label}" aria-label="{label}">⚑</a>'
        "</td></tr>",
        name=name,
        full=t(f"column.{name}"),
        value=value,
        links=source_links(f"source-{offering.number}-", c.origin.sources),
        report=report,
        label=label,
    )


def fact_table(offering: OfferingView, reports: ReportLinks, t: Strings) -> Markup:
    """An offering's facts on its provider's page, and below them the link to report a wrong value."""
    rows = html_join("\n", [fact_row(offering, name, reports.per_fact[name], t) for name in FACT_ROWS])
    # The columns' widths are set by their <col>s, not by their contents (site.css), so that every
    # offering's table has the same columns; the kind and the date span the two narrow columns, so
    # that every row ends where the table does.
    return html_format(
        '<table class="gs-facts" data-kind="{kind}" data-search-exclude>\n'
        '<colgroup><col class="gs-col-name"><col class="gs-col-value"><col class="gs-col-sources">'
        '<col class="gs-col-report"></colgroup>\n<tbody>\n'
        '<tr><th scope="row">{kind_label}</th><td>{kind_text}</td><td colspan="2"></td></tr>\n'
        "{rows}\n"
        '<tr><th scope="row">{source_date_label}</th><td>{source_date}</td><td colspan="2"></td></tr>\n'
        '<tr><th scope="row">{checked_label}</th><td>{checked}</td><td colspan="2"></td></tr>\n'
        "</tbody>\n</table>\n\n"
        '<p class="gs-report-line" id="report-{n}">'
        '<a class="gs-report" href="{report}" rel="nofollow">{report_text}</a></p>',
        n=offering.number,
        kind=offering.kind,
        kind_label=t("column.kind"),
        kind_text=offering.kind_text,
        rows=rows,
        source_date_label=t("evidence.column"),
        source_date=source_date(offering, t),
        checked_label=t("column.checked"),
        checked=checked(offering, t),
        report=reports.offering,
        report_text=t("provider.report_link"),
    )


def source_item(source: SourceView, anchor: str, t: Strings, with_covers: bool = True) -> Markup:
    """A numbered source: its address as the link's text (so the host is in view), its date, whether
    it is a third party's (and which page of the provider it transcribes), and the facts it covers,
    each with the source's words that state it where the data quotes them."""
    parts = [
        html_format(
            '<li id="{anchor}"><a href="{url}" rel="nofollow noopener">{url}</a> · {date}',
            anchor=anchor,
            url=source.url,
            date=source_dates(source, t),
        )
    ]
    if source.third_party:
        (third_party,) = doubts(t, third_party=True)
        parts.append(
            html_format(' · <span class="gs-third-party">{}</span> {}', third_party.symbol, third_party.word)
        )
        if source.transcribes:
            link = html_format('<a href="{url}" rel="nofollow noopener">{url}</a>', url=source.transcribes)
            labelled = Markup.escape(t.message("text.labelled")).format(
                label=t("provider.transcribes"), text=link
            )
            parts.append(Markup.escape(t.message("text.aside")).format(text=labelled))
    if source.covers and with_covers:
        # the language's list patterns (CLDR: 'A, B und C', 'A、B和C') hold no markup; the facts' is escaped
        covered = Markup(t.join([str(covered_fact(fact, source.lang)) for fact in source.covers]))
        labelled = Markup.escape(t.message("text.labelled")).format(label=t("provider.covers"), text=covered)
        parts.append(html_format(" · {}", labelled))
    parts.append(_END_ITEM)
    return html_join("", parts)


def covered_fact(fact: CoveredFact, lang: str) -> Markup:
    """A fact a source covers, and after it the source's words that state it, marked with the page's
    language (a reader's browser quotes and pronounces them in that language)."""
    if fact.quote is None:
        return Markup.escape(fact.name)
    return html_format('{} <q lang="{}">{}</q>', fact.name, lang, fact.quote)


def source_list(
    sources: list[SourceView], anchor_prefix: str, t: Strings, with_covers: bool = True
) -> Markup:
    return html_join(
        "\n", [source_item(source, f"{anchor_prefix}{source.number}", t, with_covers) for source in sources]
    )


def details_anchor(offering: OfferingView) -> str:
    """The id of an offering's details on its provider's page (and in its details file)."""
    return f"offering-{offering.number}"


def offering_details(offering: OfferingView, reports: ReportLinks, t: Strings) -> Markup:
    """An offering's details: its facts (every value with its marks and the source's own wording, links
    to its sources and to report it), its notes and its sources (each with its dates and the words that
    state its facts). One block, on its provider's page below its heading, and alone in the provider's
    details file, from which the comparison opens a row's details in place (details.js)."""
    n = offering.number
    return html_format(
        '<div class="gs-details" id="{anchor}">\n{facts}\n\n{notes}'
        '<ol class="gs-sources" id="sources-{n}" data-search-exclude>\n{sources}\n</ol>\n</div>',
        anchor=details_anchor(offering),
        facts=fact_table(offering, reports, t),
        notes=notes(offering.notes),
        n=n,
        sources=source_list(offering.sources, f"source-{n}-", t),
    )


def details_document(provider: ProviderView, blocks: list[Markup], t: Strings) -> Markup:
    """A provider's details file: its offerings' details blocks in a small page of their own, kept out of
    search engines (its provider's page, the canonical one, holds the same blocks)."""
    return html_format(
        '<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="robots" content="noindex">\n<title>{name}</title>\n<link rel="canonical" href="./">\n'
        "</head>\n<body>\n{blocks}\n</body>\n</html>\n",
        lang=t.lang,
        name=provider.name,
        blocks=html_join("\n", blocks),
    )


# ---- freshness ------------------------------------------------------------------------------------------


def freshness_cells(provider: ProviderView, t: Strings) -> tuple[str, str, Markup]:
    """A provider's freshness in words: values confirmed lately ("3 von 10"), values resting on weak
    sources, and its oldest source's date (or that none has one)."""
    f = provider.freshness
    confirmed = t("coverage.cell", known=f.confirmed, total=f.known)
    oldest_date = worded_date(f.oldest, t)
    oldest = Markup.escape(t("freshness.no_date")) if oldest_date is None else time_html(oldest_date)
    return confirmed, t.number(f.weak), oldest


def freshness_heads(t: Strings) -> tuple[str, str, str]:
    days = t("data.days", count=CONFIRMED_WITHIN_DAYS)
    return t("freshness.confirmed", days=days), t("freshness.weak"), t("freshness.oldest")


def freshness_line(provider: ProviderView, t: Strings) -> Markup:
    """On a provider's page, below its sources: how fresh its values are, in one line."""
    parts = [
        html_format("{}", t("text.labelled", label=head, text="")) + value
        for head, value in zip(freshness_heads(t), freshness_cells(provider, t), strict=True)
    ]
    return html_format(
        '<p class="gs-freshness" data-search-exclude><strong>{}</strong> · {}</p>\n\n',
        t("freshness.title"),
        html_join(" · ", parts),
    )


def freshness_table(providers: list[ProviderView], t: Strings) -> Markup:
    """On the data page: each provider's freshness, a row each, its name linking to its page."""
    heads = html_join(
        "",
        [
            html_format('<th scope="col">{}</th>', head)
            for head in (t("column.provider"), *freshness_heads(t))
        ],
    )
    rows = html_join(
        "\n",
        [
            html_format(
                '<tr data-provider="{id}"><th scope="row"><a href="../providers/{id}/">{name}</a></th>'
                "<td>{}</td><td>{}</td><td>{}</td></tr>",
                *freshness_cells(provider, t),
                id=provider.id,
                name=provider.name,
            )
            for provider in providers
        ],
    )
    days = t("data.days", count=CONFIRMED_WITHIN_DAYS)
    return html_format(
        '<table class="gs-freshness-table" data-search-exclude>\n<caption>{}</caption>\n'
        "<thead><tr>{}</tr></thead>\n<tbody>\n{}\n</tbody>\n</table>\n\n"
        '<p class="gs-freshness-explain">{}</p>',
        t("freshness.title"),
        heads,
        rows,
        t("freshness.explain", days=days),
    )


# ---- histories ----------------------------------------------------------------------------------------


# The changes page's filter by kind of change, in the order it offers them (a renamed file is none)
CHANGE_GROUPS = ("price", "value", "added", "removed")
CHANGE_FILTERS = ("provider", "change")  # its URL parameters (docs/assets/changes.js reads them)


def change_group(change: Change) -> str:
    """The kind of change the changes page filters by: 'price', 'value' (another fact), 'added',
    'removed' (a provider or an offering), or 'renamed'."""
    if change.kind == "changed":
        return "price" if change.fact is Fact.price else "value"
    return change.kind.rpartition("_")[2]


def worded(value: Worded, t: Strings) -> Markup:
    """A changed value as the comparison's cell words it, with the source's wording aside."""
    if value.source is None:
        return Markup.escape(value.text)
    wording = Markup.escape(t.message("value.source_wording")).format(
        text=quoted(value.source, value.source_lang)
    )
    aside = Markup.escape(t.message("text.aside")).format(
        text=html_format('<small class="gs-source-wording">{}</small>', wording)
    )
    return Markup.escape(value.text) + aside


def difference_html(difference: Difference, t: Strings) -> Markup:
    """What changed that the values' wordings do not show, the data's words marked as such."""
    words = {name: data_text(words.text, words.lang) for name, words in difference.data}
    return Markup.escape(t.message(difference.key)).format(**words)


def changed_html(change: ChangeView, old: Worded, new: Worded, t: Strings) -> Markup:
    """A changed value: 'Preis: <del>A</del> → <ins>B</ins>', or the value once where both read the
    same, and what else changed (as transform.changed_text words it in plain text)."""
    if change.reads_same:
        html = Markup.escape(t.message("text.labelled")).format(label=change.what, text=worded(new, t))
    else:
        html = Markup.escape(t.message("history.changed")).format(
            fact=change.what,
            old=html_format("<del>{}</del>", worded(old, t)),
            new=html_format("<ins>{}</ins>", worded(new, t)),
        )
    if not change.differences:
        return html
    # the list pattern is the language's (CLDR: no markup in it); its items are escaped already
    differences = Markup(t.join([difference_html(d, t) for d in change.differences]))
    return Markup.escape(t.message("history.with_difference")).format(change=html, difference=differences)


def history_item(change: ChangeView, providers_href: str | None, t: Strings) -> Markup:
    """One change: its date, the provider (linked while it has a page), the offering, what changed
    (old and new value), and the commit."""
    parts = [time_html(change.date)]
    if providers_href is not None:
        href = f"{providers_href}{change.change.provider}/#history"
        name = change.provider_name
        parts.append(html_format('<a href="{}">{}</a>', href, name) if change.listed else Markup.escape(name))
    if change.offering:
        parts.append(Markup.escape(change.offering))
    if change.old is not None and change.new is not None:
        parts.append(changed_html(change, change.old, change.new, t))
    else:
        parts.append(Markup.escape(change.what))
    parts.append(
        html_format(
            '<a href="{}" title="{}" rel="nofollow"><code>{}</code></a>',
            change.commit_url,
            t("history.commit"),
            change.commit_short,
        )
    )
    return html_format(
        '<li data-change="{}" data-provider="{}" data-group="{}">{}</li>',
        change.change.kind,
        change.change.provider,
        change_group(change.change),
        html_join(" · ", parts),
    )


def history_block(view: SiteView, changes: list[ChangeView], providers_href: str | None) -> Markup:
    """A history as a list, newest first (with links to the providers' pages when `providers_href`
    is given); its unavailability or emptiness said in words."""
    history, t = view.history, view.t
    if history is None or not history.available:
        text = history.unavailable_text if history else ""
        return html_format('<p class="gs-history-unavailable">{}</p>', text)
    if not changes:
        return html_format('<p class="gs-history-empty">{}</p>', t("history.empty"))
    items = html_join("\n", [history_item(change, providers_href, t) for change in changes])
    return html_format('<ul class="gs-history">\n{}\n</ul>', items)


# ---- the changes page ----------------------------------------------------------------------------------


def _option(value: str, text: str) -> Markup:
    return html_format('<option value="{}">{}</option>', value, text)


def changes_filter(changes: list[ChangeView], t: Strings) -> Markup:
    """The filter of the changes page, by provider (every one the history names) and by kind of
    change. Hidden until docs/assets/changes.js starts: without it the page lists every change."""
    names = {change.change.provider: change.provider_name for change in changes}
    providers = sorted(names.items(), key=lambda item: (item[1].casefold(), item[0]))
    return html_format(
        '<form class="gs-changes-filter" id="changes-filter" hidden data-search-exclude>\n'
        '<label>{provider_label} <select name="provider">{any_provider}{providers}</select></label>\n'
        '<label>{change_label} <select name="change">{any_change}{groups}</select></label>\n'
        "</form>\n",
        provider_label=t("changes.filter_provider"),
        any_provider=_option("", t("changes.any_provider")),
        providers=html_join("", [_option(pid, name) for pid, name in providers]),
        change_label=t("changes.filter_change"),
        any_change=_option("", t("changes.any_change")),
        groups=html_join("", [_option(group, t(f"changes.group.{group}")) for group in CHANGE_GROUPS]),
    )


def changes_list(view: SiteView, shown: int, providers_href: str) -> Markup:
    """Every change, newest first: the newest `shown` in view, the older ones folded below them (the
    filter looks through both), and the line the filter shows when nothing matches."""
    history, t = view.history, view.t
    assert history is not None
    changes = history.changes
    html = history_block(view, changes[:shown], providers_href)
    older = changes[shown:]
    if older:
        html += html_format(
            '\n<details class="gs-changes-older" id="changes-older"><summary>{}</summary>\n{}\n</details>',
            t("changes.older", count=len(older)),
            history_block(view, older, providers_href),
        )
    return html + html_format(
        '\n<p class="gs-changes-none" id="changes-none" hidden>{}</p>', t("changes.none_match")
    )


# ---- the fragments of the pages render.py composes ----


def provider_links(provider: ProviderView, edit: str, t: Strings) -> Markup:
    """Below a provider page's heading: its website and the link that edits its data file."""
    return html_format(
        '<p class="gs-provider-meta"><a href="{website}" rel="nofollow noopener">{website_text}</a>'
        ' · <a href="{edit}" class="gs-edit">{edit_label}</a></p>',
        website=provider.website,
        website_text=t("text.labelled", label=t("provider.website"), text=provider.website),
        edit=edit,
        edit_label=t("provider.edit_link"),
    )


def no_storage(absence: Origin, t: Strings) -> Markup:
    """A provider's statement that it keeps no data, with the marks of its sources."""
    return html_format(
        '<p class="gs-no-storage"><strong>{}</strong>{}</p>', t("provider.no_storage"), marks(absence, t)
    )


def sources_block(sources: list[SourceView], id_prefix: str, t: Strings) -> Markup:
    """A numbered list of sources outside an offering (search leaves it out)."""
    return html_format(
        '<ol class="gs-sources" data-search-exclude>\n{}\n</ol>', source_list(sources, id_prefix, t)
    )


def feed_link(t: Strings) -> Markup:
    """The link to a provider's Atom feed, below its history."""
    return html_format(
        '<p class="gs-feed-link"><a href="feed.atom" type="application/atom+xml">{}</a></p>',
        t("history.feed"),
    )


def check_link(href: str, text: str) -> Markup:
    """A link at the end of one of the guide's checks: into the comparison set to answer it, or to the
    planner."""
    return html_format('<a class="gs-check-link" href="{}">{}</a>', href, text)


def planner_link(href: str, t: Strings) -> Markup:
    """The link to the planner that ends a section of the guide."""
    return html_format('<p class="gs-planner-link"><a href="{}">{}</a></p>', href, t("guide.planner"))


def translation_notice(text: Markup) -> Markup:
    """The notice on a translated page whose source changed since (Material's admonition, no title)."""
    return html_format(
        '<div class="gs-translation-notice admonition warning" data-translation-status="outdated"'
        ' role="note"><p>{}</p></div>',
        text,
    )
