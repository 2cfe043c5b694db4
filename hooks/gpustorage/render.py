"""Stage 4, render: Jinja templates turn a language view into Markdown (with HTML blocks) and JSON-LD.

Every string from data (provider files, interface strings, exchange rates, front matter) is escaped
where it lands, by one set of rules: `html` (MarkupSafe's escaping, which Jinja's autoescape applies in
HTML blocks), `md` (the same entities plus `#` and backslash escapes, so text is inert inside
Markdown), `script_json` inside <script>, and `site_texts` for what the theme prints itself. No data can
add markup, links or scripts.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from . import translations
from .contract import COLUMNS, FILTER_VALUES, FILTERS, PRESETS
from .dataset import Dataset
from .derive import Figures, Origin, UsdTier
from .markers import MARKER
from .model import Fact, StorageKind
from .settings import CHANGES_SHOWN, DISPLAY_CURRENCIES, ROWS_PER_PAGE, STALE_AFTER_DAYS
from .transform import Cell, ChangeView, OfferingView, Prose, ProviderView, SiteView, SourceView

_MD_ESCAPABLE = re.compile(r"([\\`*_{}\[\]|!])")
_LIST_START = re.compile(r"^([-+]|\d+(?=[.)]))")
# MarkupSafe's entities, plus '#' (a heading's closing sequence) in one pass, so that no entity is
# escaped twice ("Tom's" stays "Tom&#39;s", never "Tom&&#35;39;s")
_MD_ENTITIES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;", "#": "&#35;"}
)


def html(text: object) -> Markup:
    """Text escaped for HTML (content and quoted attributes): the escaping Jinja's autoescape applies
    (text already escaped, a Markup value, stays as it is)."""
    return escape(text)


def md(text: object) -> Markup:
    """Escape text for inline Markdown: one line, HTML entities, and backslashes before markup."""
    flat = " ".join(str(text).split())
    escaped = _MD_ESCAPABLE.sub(r"\\\1", flat.translate(_MD_ENTITIES))
    # a leading "- ", "+ " or "1. " would start a list: escape the marker's punctuation
    marker = _LIST_START.match(escaped)
    if marker:
        end = marker.end()
        escaped = f"\\{escaped}" if marker.group(1) in "-+" else f"{escaped[:end]}\\{escaped[end:]}"
    return Markup(escaped)


def site_texts(view: SiteView) -> dict[str, Markup]:
    """The texts the theme prints itself (site name, description, Open Graph locale, footer), escaped.

    Material's templates do not autoescape; an escaped Markup value prints as it should there, and
    `|e` leaves it as it is."""
    return {
        "site_name": html(view.t("site.name")),
        "site_description": html(view.t("site.description")),
        "og_locale": html(view.t("site.og_locale")),
        "copyright": html(view.t("footer.text")),
    }


def front_matter(meta: dict[str, Any]) -> None:
    """A page's title and description (from its front matter, whichever file it came from) escaped in
    place: the theme prints them as they are."""
    for key in ("title", "description"):
        value = meta.get(key)
        if isinstance(value, str) and not isinstance(value, Markup):
            meta[key] = html(value)


def script_json(value: Any) -> str:
    """JSON that is safe inside <script>: no '<', '>' or '&' can close the tag or open a comment."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _yaml(value: object) -> str:
    """A YAML (JSON) string for front matter."""
    return json.dumps(str(value), ensure_ascii=False)


def _notes_html(notes: Prose | None) -> str:
    """A provider's or an offering's notes, in the language they are written in; none: nothing."""
    return f'<p class="gs-notes" lang="{escape(notes.lang)}">{escape(notes.text)}</p>\n\n' if notes else ""


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(Path(__file__).parent / "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md
    env.filters["script_json"] = lambda value: Markup(script_json(value))
    env.filters["yaml"] = lambda value: Markup(_yaml(value))
    env.globals.update(
        stale_days=STALE_AFTER_DAYS,
        presets=list(PRESETS),
        filters={name: fact.value for name, fact in FILTERS.items()},
        kinds=[kind.value for kind in StorageKind],
        filter_values=FILTER_VALUES,
        columns=[fact.value for fact in COLUMNS],
        changes_shown=CHANGES_SHOWN,
    )
    return env


ENVIRONMENT = _environment()


def _settings(view: SiteView) -> dict[str, Any]:
    """What the comparison script needs: presets, filters, rates and its strings in the page's language."""
    t = view.t
    rates = view.dataset.rates.rates
    return {
        "presets": PRESETS,
        "filters": list(FILTERS),
        "rows_per_page": ROWS_PER_PAGE,
        "rates": {
            currency: {
                "usd_per_unit": rates[currency].usd_per_unit,  # type: ignore[index]
                "note": t(
                    "calc.rate",
                    currency=currency,
                    usd=t.money(rates[currency].usd_per_unit, "USD"),  # type: ignore[index]
                    date=t.date(rates[currency].date),  # type: ignore[index]
                ),
            }
            for currency in DISPLAY_CURRENCIES
            if currency in rates
        },
        "strings": {
            "count": t.message("tools.count"),
            "show_all": t.message("tools.show_all"),
            "cost": t("column.cost"),
            "cost_short": t("column_short.cost"),
            "per_month": t.message("calc.per_month"),
            "idle_line": t.message("calc.idle_line"),
            "total_line": t.message("calc.total_line"),
            "too_large": t.message("calc.too_large"),
            "invalid": t.message("calc.invalid"),
            "egress_unknown": t("calc.egress_unknown"),
            "allowance_pooled": t("calc.allowance_pooled"),
            "price_unknown": t("calc.price_unknown"),
            "unknown": t("value.unknown"),
            "none_left": t("filter.none_left"),
            "explain": {preset: t(f"preset.{preset}.explain") for preset in PRESETS},
        },
    }


# application/x-www-form-urlencoded, byte by byte from a table: urlencode() quotes the long report
# texts several times slower, and the site builds one per offering and language
_FORM_SAFE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"
_FORM_TABLE = [chr(b) if b in _FORM_SAFE else "+" if b == 0x20 else f"%{b:02X}" for b in range(256)]


def _form_quote(text: str) -> str:
    return "".join(map(_FORM_TABLE.__getitem__, text.encode("utf-8")))


MAX_REPORT_URL = 8192  # browsers and GitHub accept longer links, but a report needs no more


FACT_ROWS = (*map(str, COLUMNS), "regions")  # a provider page's fact rows, after the kind
_FIELD_JOINS_LENGTH = len("&field=&current=")  # around a fact's report link's two values


def _cut(text: str, limit: int | None) -> str:
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


def _pairs(tiers: tuple[UsdTier, ...]) -> str:
    """Tiers as the JSON pairs the script reads: [[upper bound in GB or null, USD per GB-month], ...]."""
    pairs = [[tier.up_to_gb, tier.usd_per_gb_month] for tier in tiers]
    return json.dumps(pairs, separators=(",", ":"), allow_nan=False)  # the script parses it: JSON only


def row_attributes(offering: OfferingView) -> Markup:
    """The data-* attributes of a comparison row (see contract.ROW_ATTRIBUTES)."""
    figures = offering.figures
    attributes = {"kind": offering.kind}
    attributes.update({name: offering.value(fact) for name, fact in FILTERS.items()})
    attributes["egress"] = offering.value(Fact.egress)
    attributes["billed-idle"] = offering.value(Fact.billed_while_detached)
    if figures.usd:
        attributes["tiers"] = _pairs(figures.usd.tiers)
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
    return Markup("".join(f' data-{name}="{_esc(value)}"' for name, value in attributes.items()))


@functools.lru_cache(maxsize=65536)
def _esc(text: str) -> str:
    """Escaped text as a plain string, remembered: cell texts repeat ("unknown", "yes") across rows."""
    return str(escape(text))


class Snippets:
    """HTML for values, and for the rows, tables and provider pages made of them, written in Python:
    a build writes 3,000 provider pages, 6,000 comparison rows and 66,000 fact rows at 1,000 providers,
    and a template's own work per call costs more than the row's formatting. The templates keep the
    structure of the pages made once per language (comparison, provider list, FAQ, changes).

    f-strings with escape() rather than Markup.format(), for the same reason.
    One instance per language view; templates call its methods by name (see `names`).
    """

    def __init__(self, view: SiteView) -> None:
        self.view = view
        t = self.t = view.t
        self.stale = Markup(
            f'<span class="gs-stale-badge" title="{escape(t("stale.title", days=STALE_AFTER_DAYS))}">'
            f"{escape(t('stale.badge'))}</span>"
        )
        self.undated = Markup(
            f'<span class="gs-undated-badge" title="{escape(t("undated.title"))}">'
            f"{escape(t('undated.badge'))}</span>"
        )
        label = escape(t("provenance.third_party"))
        # a plain span may not carry aria-label: role="img" makes the mark read by its label
        self.third_party = (
            f'<span class="gs-third-party" role="img" title="{label}" aria-label="{label}">†</span>'
        )
        names = ("product", *map(str, COLUMNS), "checked", "regions")
        self.full_text = {name: t(f"column.{name}") for name in names}
        self.full = {name: escape(text) for name, text in self.full_text.items()}
        self.short = {name: escape(t(f"column_short.{name}")) for name in names if name != "regions"}
        self.kind_label = escape(t("column.kind"))
        self.website_label, self.edit_label = escape(t("provider.website")), escape(t("provider.edit_link"))
        self.price_link = escape(t("price.source_link"))
        self.report_text = escape(t("provider.report_link"))
        self.report_hrefs: dict[tuple[str, int], str] = {}
        self.quoted_lines: dict[int, str] = {}  # by id of the cell (the view keeps its cells)
        self.fields_quoted = {name: _form_quote(name) for name in names}
        self.cells_html: dict[int, str] = {}
        self.shared = _shared_by_languages(view)
        self.unknown_lines: dict[tuple[str, ...], str] = {}
        self.cell_labels = {str(fact): f' data-label="{self.short[str(fact)]}">' for fact in COLUMNS}
        field_labels = {name: escape(t("report.field", field=text)) for name, text in self.full_text.items()}
        # a provider page's fact row around its value, its source links and its report link
        self.fact_row_heads = {
            name: f'<tr data-column="{name}"><th scope="row">{self.full[name]}</th><td>' for name in names
        }
        self.flag_ends = {
            name: f'" rel="nofollow" title="{label}" aria-label="{label}">⚑</a></td></tr>'
            for name, label in field_labels.items()
        }

    def names(self) -> dict[str, Callable[..., Any]]:
        """The snippets the templates call."""
        return {
            "marks": lambda origin: Markup(self.marks(origin)),
            "comparison_row": self.comparison_row,
            "column_heads": self.column_heads,
            "stale_badge": lambda: self.stale,
            "undated_badge": lambda: self.undated,
            "history_block": self.history_block,
            "option_count": self.option_count,
            "count_text": self.count_text,
        }

    def row_attributes(self, offering: OfferingView) -> Markup:
        """row_attributes(), made once per offering for all the languages of a build: they hold no words."""
        rows, figures = self.shared.rows, offering.figures
        if id(figures) not in rows:
            rows[id(figures)] = (figures, row_attributes(offering))  # kept alive: its id is not reused
        return rows[id(figures)][1]

    def option_count(self, choice: str) -> int:
        """How many offerings a filter choice ('kind:object_storage', 'billed:yes') leaves while no
        filter is set: the count the comparison script shows beside it, in the page from the first
        paint, so that filling it in moves nothing. Counted once per build: counts hold no words."""
        counts = self.shared.option_counts
        if not counts:
            for provider in self.view.providers:
                for o in provider.offerings:
                    counts[f"kind:{o.kind}"] += 1
                    counts[f"egress:{o.value(Fact.egress)}"] += 1
                    counts.update(f"{name}:{o.value(fact)}" for name, fact in FILTERS.items())
        return counts[choice]

    def count_text(self, count: int) -> str:
        """' (12)' or ' (none)', as the comparison script words it."""
        return f" ({self.t.number(count) if count else self.t('filter.none_left')})"

    def marks(self, origin: Origin) -> str:
        """The stale or date-unknown badge and the third-party mark of a known fact."""
        html = str(self.stale) if origin.stale else str(self.undated) if origin.undated else ""
        return html + self.third_party if origin.third_party else html

    def _cell_html(self, c: Cell) -> str:
        """A value with its marks; made once per cell for the comparison and the provider page (the
        view keeps its cells, so their ids stand for them while this Snippets lives)."""
        html = self.cells_html.get(id(c))
        if html is None:
            unknown, stale = " gs-unknown" if c.unknown else "", " gs-stale" if c.origin.stale else ""
            html = f'<span class="gs-value{unknown}{stale}">{_esc(c.text)}</span>'
            html = html + self.marks(c.origin) if not c.unknown else html  # every part escaped above
            self.cells_html[id(c)] = html
        return html

    def _price_html(self, offering: OfferingView, link: bool = False) -> str:
        """The price with the normalized figure, and on the comparison the provider's own price page."""
        html = self._cell_html(offering.cells["price"])
        if offering.usd_text:
            html += f'<br><small class="gs-normalized">{escape(offering.usd_text)}</small>'
        if link and offering.price_source:
            url = escape(offering.price_source)
            html += f'<br><small><a href="{url}" rel="nofollow noopener">{self.price_link}</a></small>'
        return html

    def _region_html(self, offering: OfferingView) -> str:
        html = self._cell_html(offering.cells["region_binding"])
        count = offering.figures.regions
        if count:
            html += f'<br><small class="gs-regions">{escape(self.t("regions.count", count=count))}</small>'
        return html

    def column_heads(self) -> Markup:
        """The comparison's header cells: a short label shown, the full name read and shown as a tooltip."""
        cells = [
            f'<th scope="col" data-column="{name}" title="{self.full[name]}"><span aria-hidden="true">'
            f'{self.short[name]}</span><span class="gs-sr">{self.full[name]}</span></th>'
            for name in self.short
        ]
        return Markup("\n".join(cells))

    def _fact_cells(self, offering: OfferingView) -> str:
        """The comparison row's <td> for every fact, with the sort key the comparison script reads and
        the label a card shows on a narrow screen."""
        cells = []
        for column, label in self.cell_labels.items():
            c = offering.cells[column]
            sort = f' data-sort="{c.sort!r}"' if c.sort is not None else ""
            if column == "price":
                content = self._price_html(offering, link=True)
            elif column == "region_binding":
                content = self._region_html(offering)
            else:
                content = self._cell_html(c)
            unknown = ' class="gs-cell-unknown"' if c.unknown else ""
            cells.append(f'<td data-column="{column}"{sort}{unknown}{label}{content}</td>')
        return "\n".join(cells)

    def comparison_row(self, provider: ProviderView, offering: OfferingView) -> Markup:
        """An offering's row in the comparison: its name with the report control, its facts, the date
        it was checked and, for a card, the line naming its unknown facts."""
        figures = offering.figures
        product, kind = escape(offering.product), _esc(offering.kind_text)
        completeness = escape(self.t("completeness", known=figures.known, count=len(Fact)))
        checked_sort = f' data-sort="{figures.checked.isoformat()}"' if figures.checked else ""
        report = self._report_control(provider, offering)
        return Markup(
            f'<tr class="gs-offering" data-provider="{escape(provider.id)}"{self.row_attributes(offering)}>\n'
            f'<th scope="row" data-column="product" data-sort="{escape(offering.product.lower())}">'
            f'<span class="gs-row-provider">{escape(provider.name)}: </span>'
            f'<span class="gs-product">{product}</span><small class="gs-kind">{kind}</small>'
            f'<small class="gs-completeness">{completeness}</small>{report}</th>\n'
            f"{self._fact_cells(offering)}\n"
            f'<td data-column="checked"{checked_sort} data-label="{self.full["checked"]}">'
            f"{self._checked_html(offering)}</td>\n"
            f"{self._unknowns_cell(offering)}\n</tr>"
        )

    def _unknowns_cell(self, offering: OfferingView) -> str:
        """One line naming the unknown facts, which a card shows instead of their cells."""
        unknown = tuple(str(fact) for fact in COLUMNS if offering.cells[str(fact)].unknown)
        if not unknown:
            return ""
        if unknown not in self.unknown_lines:  # a few combinations recur in every row
            names = [self.t(f"column_short.{name}") for name in unknown]
            text = escape(self.t("unknowns.label", list=self.t.join(names)))
            cell = f'<td class="gs-unknowns" data-column="unknowns">{text}</td>'
            self.unknown_lines[unknown] = cell
        return self.unknown_lines[unknown]

    def _checked_html(self, offering: OfferingView) -> str:
        figures = offering.figures
        if figures.checked is None:
            return str(self.undated)
        iso = figures.checked.isoformat()
        html = f'<time datetime="{iso}">{escape(offering.checked_text)}</time>'
        html += str(self.stale) if figures.stale else ""
        html += str(self.undated) if figures.undated else ""
        return html

    def provider_page(self, provider: ProviderView) -> str:
        """A provider's page: front matter (title, description, its feed), the provider's links and
        notes, each offering's section (or the sources saying it keeps no data), and its history.

        Written here rather than in a template: 3,000 of them at 1,000 providers, where a template's
        own work per page took more time than everything the page shows. The front matter is left
        unescaped: the engine escapes every page's once (front_matter)."""
        t, history, name = self.t, self.view.history, provider.name
        parts = [f"---\ntitle: {_yaml(name)}\ndescription: {_yaml(t('provider.description', name=name))}\n"]
        if history is not None and history.available:
            parts.append(f"feed: {_yaml(t('feed.provider_title', provider=name))}\n")
        website = escape(provider.website)
        edit = f"{escape(self.view.repository)}/edit/main/{escape(provider.file)}"
        parts.append(
            f"---\n\n# {md(name)}\n\n"
            f'<p class="gs-provider-meta"><a href="{website}" rel="nofollow noopener">{self.website_label}: '
            f'{website}</a> · <a href="{edit}" class="gs-edit">{self.edit_label}</a></p>\n\n'
        )
        parts.append(_notes_html(provider.notes))
        if not provider.offerings:
            assert provider.absence is not None  # a provider without offerings says why, with sources
            sources = self.source_items(provider.no_storage_sources, "source-")
            parts.append(
                f'<p class="gs-no-storage"><strong>{escape(t("provider.no_storage"))}</strong>'
                f"{self.marks(provider.absence)}</p>\n\n## {md(t('provider.sources'))}\n\n"
                f'<ol class="gs-sources">\n{sources}\n</ol>\n'
            )
        parts.extend(f"{self.offering_section(provider, offering)}\n\n" for offering in provider.offerings)
        if history is not None:
            changes = self.history_block(history.of(provider.id), False)
            parts.append(f"## {md(t('history.title'))} {{#history}}\n\n{changes}\n")
            if history.available:
                feed = f'<a href="feed.atom" type="application/atom+xml">{escape(t("history.feed"))}</a>'
                parts.append(f'\n<p class="gs-feed-link">{feed}</p>\n')
        return "".join(parts)

    def offering_section(self, provider: ProviderView, offering: OfferingView) -> str:
        """An offering on its provider's page: its heading, its facts, its notes and its sources."""
        o = offering.number
        return (
            f"## {md(offering.product)}\n\n{self._fact_table(provider, offering)}\n\n"
            f"{_notes_html(offering.notes)}"
            f'<ol class="gs-sources" id="sources-{o}">\n'
            f"{self.source_items(offering.sources, f'source-{o}-')}\n</ol>"
        )

    def _fact_table(self, provider: ProviderView, offering: OfferingView) -> str:
        """An offering's facts on its provider's page, and below them the link to report a wrong value."""
        checked, report = self._checked_html(offering), self._report_href(provider, offering)
        return (
            f'<table class="gs-facts" data-kind="{escape(offering.kind)}">\n<tbody>\n'
            f'<tr><th scope="row">{self.kind_label}</th><td>{_esc(offering.kind_text)}</td><td></td></tr>\n'
            f"{self.fact_rows(provider, offering)}\n"
            f'<tr><th scope="row">{self.full["checked"]}</th><td>{checked}</td><td></td></tr>\n'
            "</tbody>\n</table>\n\n"
            f'<p class="gs-report-line"><a class="gs-report" href="{report}" rel="nofollow">'
            f"{self.report_text}</a></p>"
        )

    def fact_rows(self, provider: ProviderView, offering: OfferingView) -> str:
        """The provider page's rows for every fact: header, value with its marks and the source's own
        wording where the table shows a normalized figure, source links, and a report link for it."""
        rows = []
        o = offering.number
        head, escaped_head = self._report_head(provider, offering, None)
        for name in FACT_ROWS:
            c = offering.cells[name]
            value = self._price_html(offering) if name == "price" else self._cell_html(c)
            if c.detail:
                value += f"<br><small>{escape(self.t('throughput.source', text=c.detail))}</small>"
            links = self._source_links(o, c.origin.sources)
            # most links fit MAX_REPORT_URL whole: those are joined from their escaped head and their
            # quoted parts, which hold nothing to escape
            field, line = self.fields_quoted[name], self._quoted_line(name, c, None)
            if len(head) + len(field) + len(line) + _FIELD_JOINS_LENGTH <= MAX_REPORT_URL:
                report = f"{escaped_head}&amp;field={field}&amp;current={line}"
            else:
                report = str(escape(self._report_url(provider, offering, name)))
            rows.append(
                f"{self.fact_row_heads[name]}{value}</td><td>{links}</td>"
                f'<td><a class="gs-report" href="{report}{self.flag_ends[name]}'
            )
        return "\n".join(rows)

    def _source_links(self, offering_number: int, sources: tuple[int, ...]) -> str:
        """A fact's links to its sources in the offering's list: a few combinations recur everywhere."""
        key = (offering_number, sources)
        links = self.shared.source_links.get(key)
        if links is None:
            links = "".join(f'<a href="#source-{offering_number}-{n}">[{n}]</a>' for n in sources)
            self.shared.source_links[key] = links
        return links

    def source_items(self, sources: list[SourceView], prefix: str) -> str:
        """The numbered list items of a source list; `prefix` makes each item's anchor."""
        t = self.t
        seen_word, undated_word = t.ui["provider.source_seen"], t.ui["provenance.undated"]
        third_party_line = f' · <span class="gs-third-party">†</span> {escape(t("provenance.third_party"))}'
        quotes_word, covers_word = escape(t("provider.quotes")), escape(t("provider.covers"))
        items = []
        for source in sources:
            url = escape(source.url)
            when = str(undated_word if source.undated else seen_word).format(date=source.seen_text)
            link = f'<a href="{url}" rel="nofollow noopener">{url}</a>'
            html = f'<li id="{prefix}{source.number}">{link} · {escape(when)}'
            if source.third_party:
                html += third_party_line
                if source.quotes:
                    quoted = escape(source.quotes)
                    html += f' ({quotes_word}: <a href="{quoted}" rel="nofollow noopener">{quoted}</a>)'
            if source.covers:
                html += f" · {covers_word}: {escape(source.covers)}"
            items.append(html + "</li>")
        return "\n".join(items)

    def report_url(self, provider: ProviderView, offering: OfferingView) -> str:
        """The offering's report form (its escaped link is remembered by _report_href)."""
        return self._report_url(provider, offering, None)

    def _report_href(self, provider: ProviderView, offering: OfferingView) -> str:
        """The offering's report form, escaped for an attribute: the provider page and the comparison
        both link it."""
        key = (provider.id, offering.number)
        if key not in self.report_hrefs:
            self.report_hrefs[key] = str(escape(self.report_url(provider, offering)))
        return self.report_hrefs[key]

    def _report_control(self, provider: ProviderView, offering: OfferingView) -> str:
        """The row's one report control: a compact flag with the offering in its accessible name."""
        url = self._report_href(provider, offering)
        label = escape(self.t("report.offering", offering=offering.product))
        return (
            f'<a class="gs-report" href="{url}" rel="nofollow" title="{label}">'
            f'<span aria-hidden="true">⚑</span><span class="gs-sr">{label}</span></a>'
        )

    def _report_url(self, provider: ProviderView, offering: OfferingView, field: str | None) -> str:
        """A prefilled "wrong value" issue form: provider, offering, the field if one, and the values
        shown now, in English (the form's language) and in the page's language; values are shortened,
        with a note, until the link fits MAX_REPORT_URL."""
        names = [field] if field else [str(fact) for fact in COLUMNS]
        limit: int | None = None  # the longest value kept whole; None: all of them
        while True:
            lines = [self._quoted_line(name, offering.cells[name], limit) for name in names]
            if limit is not None:
                lines.append(_form_quote(self.t("report.shortened")))
            current = "%0A".join(lines)  # a line break, quoted
            head = self._report_head(provider, offering, limit)[0]
            url = f"{head}&field={_form_quote(field or '')}&current={current}"
            if len(url) <= MAX_REPORT_URL or limit == 1:
                return url
            limit = 400 if limit is None else max(1, limit // 2)

    def _quoted_line(self, name: str, c: Cell, limit: int | None) -> str:
        """'price: 0.07 USD/GB-month / Preis: 0,07 $/GB-Monat', quoted. A whole line is remembered by
        its cell: it comes again in the offering's whole-offering link right after the fact's own link;
        its English part, the same in every language, is quoted once per build."""
        if limit is None and id(c) in self.quoted_lines:
            return self.quoted_lines[id(c)]
        english = f"{name.replace('_', ' ')}: {_cut(c.english, limit)}"
        quoted_english = self.shared.quoted_english.get(english)
        if quoted_english is None:
            quoted_english = self.shared.quoted_english[english] = _form_quote(english)
        line = quoted_english + _form_quote(f" / {self.full_text[name]}: {_cut(c.text, limit)}")
        if limit is None:
            self.quoted_lines[id(c)] = line
        return line

    def _report_head(
        self, provider: ProviderView, offering: OfferingView, limit: int | None
    ) -> tuple[str, str]:
        """The form's address and the fields naming the offering, the same in all its report links;
        as it is, and escaped for an attribute."""
        key, heads = (provider.id, offering.number, limit), self.shared.report_heads
        if key not in heads:
            name, product = _cut(provider.name, limit), _cut(offering.product, limit)
            query = {
                "template": "wrong-value.yml",
                "title": f"[{name}] {product}",
                "provider": provider.id,
                "offering": product,
            }
            head = f"{self.view.repository}/issues/new?" + "&".join(
                f"{k}={_form_quote(v)}" for k, v in query.items()
            )
            heads[key] = (head, str(escape(head)))
        return heads[key]

    def history_item(self, change: ChangeView, providers_href: str | None) -> str:
        parts = [f'<time datetime="{change.change.day.isoformat()}">{_esc(change.date_text)}</time>']
        if providers_href is not None:
            name = _esc(change.provider_name)
            href = f"{providers_href}{change.change.provider}/#history"
            parts.append(f'<a href="{_esc(href)}">{name}</a>' if change.listed else name)
        if change.offering:
            parts.append(_esc(change.offering))
        if change.old_text is not None:
            parts.append(
                escape(str(self.t.message("history.changed"))).format(
                    fact=change.what,
                    old=Markup("<del>{}</del>").format(change.old_text),
                    new=Markup("<ins>{}</ins>").format(change.new_text),
                )
            )
        else:
            parts.append(_esc(change.what))
        title = escape(self.t("history.commit"))
        parts.append(
            f'<a href="{_esc(change.commit_url)}" title="{title}" rel="nofollow">'
            f"<code>{_esc(change.commit_short)}</code></a>"
        )
        return f'<li data-change="{change.change.kind}">{" · ".join(parts)}</li>'

    def history_block(
        self, changes: list[ChangeView], with_provider: bool, providers_href: str = ""
    ) -> Markup:
        """A history as a list, newest first; its unavailability or emptiness said in words."""
        history = self.view.history
        if history is None or not history.available:
            text = history.unavailable_text if history else ""
            return Markup(f'<p class="gs-history-unavailable">{escape(text)}</p>')
        if not changes:
            return Markup(f'<p class="gs-history-empty">{escape(self.t("history.empty"))}</p>')
        href = providers_href if with_provider else None
        items = "\n".join(self.history_item(change, href) for change in changes)
        return Markup(f'<ul class="gs-history">\n{items}\n</ul>')


# The template context of the last few views (one per language; `mkdocs serve` makes new views on a
# change), with each view kept alive so that its id is not reused while it stands here.
_CONTEXTS: dict[int, tuple[SiteView, Snippets, dict[str, Any]]] = {}


@dataclass
class _SharedByLanguages:
    """What the snippets of one build's languages make once for all of them: it holds no words."""

    dataset: Dataset  # kept alive, so that its id is not reused while it stands in _SHARED
    rows: dict[int, tuple[Figures, Markup]] = field(default_factory=dict)  # by id of the figures
    option_counts: Counter[str] = field(default_factory=Counter)
    quoted_english: dict[str, str] = field(default_factory=dict)  # report lines' English parts, quoted
    # report links' heads (by provider, offering number and length limit), as they are and escaped
    report_heads: dict[tuple[str, int, int | None], tuple[str, str]] = field(default_factory=dict)
    source_links: dict[tuple[int, tuple[int, ...]], str] = field(default_factory=dict)  # see fact_rows


_SHARED: dict[int, _SharedByLanguages] = {}


def _shared_by_languages(view: SiteView) -> _SharedByLanguages:
    if id(view.dataset) not in _SHARED:
        _SHARED.clear()  # a new build (`mkdocs serve` after a change): the previous one's pieces go
        _SHARED[id(view.dataset)] = _SharedByLanguages(view.dataset)
    return _SHARED[id(view.dataset)]


def _context_for(view: SiteView) -> tuple[Snippets, dict[str, Any]]:
    """The snippets of `view`, and what every template rendered for it receives; made once per view."""
    if id(view) not in _CONTEXTS:
        while len(_CONTEXTS) >= 8:
            del _CONTEXTS[next(iter(_CONTEXTS))]
        snippets = Snippets(view)
        context = {
            "view": view,
            "t": view.t,
            # built only by the template that prints it (the comparison)
            "settings": lambda: _settings(view),
            "display_currencies": [c for c in DISPLAY_CURRENCIES if c in view.dataset.rates.rates],
            **snippets.names(),
        }
        _CONTEXTS[id(view)] = (view, snippets, context)
    return _CONTEXTS[id(view)][1:]


def render(template: str, view: SiteView, **context: Any) -> str:
    return ENVIRONMENT.get_template(template).render({**_context_for(view)[1], **context})


def render_provider_page(view: SiteView, provider: ProviderView) -> str:
    return _context_for(view)[0].provider_page(provider)


def site_root_for(url: str) -> str:
    """The relative path from a page at `url` (e.g. 'zh/data/') back to the site root."""
    return "../" * len([part for part in url.split("/") if part])


def markers_in(markdown: str) -> set[str]:
    """The names of the data markers a page holds."""
    return set(MARKER.findall(markdown)) if "<!--" in markdown else set()


def fill_markers(markdown: str, view: SiteView, site_root: str) -> str:
    """Replace each `<!-- data:NAME -->` marker with the rendered template NAME.md.j2.

    `site_root` is the relative path from the page to the site root, for links to the API files.
    """
    return MARKER.sub(lambda match: render(f"{match.group(1)}.md.j2", view, site_root=site_root), markdown)


def translation_notice(
    markdown: str, view: SiteView, docs: Path, default: str, page: str, recorded: object, site_root: str
) -> str:
    """A translated page, with a notice linking its German source when that changed after the
    translation recorded it (see translations.py)."""
    if translations.status(docs, default, page, recorded) != "outdated":
        return markdown
    t = view.t
    href = escape(f"{site_root}{translations.page_url(page)}")
    notice = (  # Material's admonition style, without a title
        '<div class="gs-translation-notice admonition warning" data-translation-status="outdated"'
        ' role="note">'
        f'<p>{escape(t("translation.outdated"))} <a href="{href}" hreflang="{escape(default)}">'
        f"{escape(t('translation.source'))}</a></p></div>"
    )
    return translations.with_notice(markdown, notice)


def dataset_jsonld(view: SiteView, url: str, site_root: str) -> dict[str, Any]:
    """schema.org Dataset for the Data and API page: what the exports hold, where, under which licence."""
    t = view.t
    api = urljoin(url, f"{site_root}api/v1/")
    return {
        "@context": "https://schema.org",
        "@type": "Dataset",
        "name": t("site.name"),
        "description": t("site.description"),
        "url": url,
        "inLanguage": view.lang,
        "license": "https://creativecommons.org/licenses/by/4.0/",
        "isAccessibleForFree": True,
        "dateModified": view.today.isoformat(),
        "creator": {"@type": "Organization", "name": "Cloud GPU storage guide contributors"},
        "keywords": [t(f"kind.{kind.value}") for kind in StorageKind],
        "variableMeasured": [t(f"column.{fact.value}") for fact in COLUMNS],
        "distribution": [
            {
                "@type": "DataDownload",
                "encodingFormat": "application/json",
                "contentUrl": f"{api}providers.json",
            },
            {"@type": "DataDownload", "encodingFormat": "text/csv", "contentUrl": f"{api}offerings.csv"},
        ],
    }


def faq_jsonld(view: SiteView, url: str) -> dict[str, Any]:
    """schema.org FAQPage for the questions rendered by faq.md.j2, in the same order."""
    return {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "inLanguage": view.lang,
        "url": url,
        "mainEntity": [
            {
                "@type": "Question",
                "name": question,
                "acceptedAnswer": {"@type": "Answer", "text": answer},
            }
            for question, answer in view.faq
        ],
    }


def jsonld_blocks(markdown: str, view: SiteView, url: str, site_root: str) -> list[str]:
    """The JSON-LD a page carries, chosen by the markers it holds (the FAQ, the dataset)."""
    names = markers_in(markdown)
    blocks = []
    if "faq" in names:
        blocks.append(faq_jsonld(view, url))
    if "dataset" in names:
        blocks.append(dataset_jsonld(view, url, site_root))
    return [script_json(block) for block in blocks]
