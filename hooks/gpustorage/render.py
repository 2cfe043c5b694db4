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
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from .contract import COLUMNS, FILTER_VALUES, FILTERS, PRESETS
from .derive import STALE_AFTER_DAYS, Origin, UsdTier
from .markers import MARKER
from .model import Fact, StorageKind
from .transform import Cell, OfferingView, ProviderView, SiteView, SourceView

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
    """The texts the theme prints itself (site name, description, Open Graph locale), escaped.

    Material's templates do not autoescape; an escaped Markup value prints as it should there, and
    `|e` leaves it as it is."""
    return {
        "site_name": html(view.t("site.name")),
        "site_description": html(view.t("site.description")),
        "og_locale": html(view.t("site.og_locale")),
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
    # a YAML (JSON) string for front matter
    env.filters["yaml"] = lambda value: Markup(json.dumps(str(value), ensure_ascii=False))
    env.globals.update(
        stale_days=STALE_AFTER_DAYS,
        presets=list(PRESETS),
        filters={name: fact.value for name, fact in FILTERS.items()},
        kinds=[kind.value for kind in StorageKind],
        filter_values=FILTER_VALUES,
        columns=[fact.value for fact in COLUMNS],
    )
    return env


ENVIRONMENT = _environment()


def _settings(view: SiteView) -> dict[str, Any]:
    """What the comparison script needs: presets, filters and its strings in the page's language."""
    t = view.t
    return {
        "presets": PRESETS,
        "filters": list(FILTERS),
        "strings": {
            "count": t.ui["tools.count"],
            "sort": t.ui["tools.sort"],
            "monthly": t("calc.monthly"),
            "idle": t("calc.idle"),
            "total": t("calc.total"),
            "egress_unknown": t("calc.egress_unknown"),
            "allowance_pooled": t("calc.allowance_pooled"),
            "price_unknown": t("calc.price_unknown"),
            "unknown": t("value.unknown"),
            "show_all": t.ui["tools.show_all"],
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


def _cut(text: str, limit: int | None) -> str:
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


def _pairs(tiers: tuple[UsdTier, ...]) -> str:
    """Tiers as the JSON pairs compare.js reads: [[upper bound in GB or null, USD per GB-month], ...]."""
    pairs = [[tier.up_to_gb, tier.usd_per_gb_month] for tier in tiers]
    return json.dumps(pairs, separators=(",", ":"), allow_nan=False)  # compare.js parses it: JSON only


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


def _snippets(view: SiteView) -> dict[str, Callable[..., Any]]:
    """HTML for single values, written in Python because templates call it for every cell.

    f-strings with escape() rather than Markup.format(): the comparison formats tens of thousands.
    """
    t = view.t
    stale = Markup(
        f'<span class="gs-stale-badge" title="{escape(t("stale.title", days=STALE_AFTER_DAYS))}">'
        f"{escape(t('stale.badge'))}</span>"
    )
    undated = Markup(
        f'<span class="gs-undated-badge" title="{escape(t("undated.title"))}">'
        f"{escape(t('undated.badge'))}</span>"
    )
    label = escape(t("provenance.third_party"))
    # a plain span may not carry aria-label: role="img" makes the mark read by its label
    third_party = f'<span class="gs-third-party" role="img" title="{label}" aria-label="{label}">†</span>'

    def marks(origin: Origin) -> str:
        """The stale or date-unknown badge and the third-party mark of a known fact."""
        html = f" {stale}" if origin.stale else f" {undated}" if origin.undated else ""
        return html + third_party if origin.third_party else html

    def cell(c: Cell) -> Markup:
        classes = "gs-value" + (" gs-unknown" if c.unknown else "") + (" gs-stale" if c.origin.stale else "")
        html = f'<span class="{classes}">{_esc(c.text)}</span>'
        return Markup(html + marks(c.origin) if not c.unknown else html)  # every part escaped above

    def price(offering: OfferingView) -> Markup:
        html = cell(offering.cells["price"])
        if offering.usd_text:
            html += Markup(f'<br><small class="gs-normalized">{escape(offering.usd_text)}</small>')
        return html

    def region(offering: OfferingView) -> Markup:
        html = cell(offering.cells["region_binding"])
        count = offering.figures.regions
        if count:
            html += Markup(f'<br><small class="gs-regions">{escape(t("regions.count", count=count))}</small>')
        return html

    special = {"price": price, "region_binding": region}

    def fact_cells(offering: OfferingView) -> Markup:
        """The comparison row's <td> for every fact, with the sort key the comparison script reads."""
        cells = []
        for fact in COLUMNS:
            column = str(fact)
            c = offering.cells[column]
            sort = f' data-sort="{c.sort!r}"' if c.sort is not None else ""
            content = special[column](offering) if column in special else cell(c)
            cells.append(f'<td data-column="{column}"{sort}>{content}</td>')
        return Markup("\n".join(cells))

    def checked(offering: OfferingView) -> Markup:
        figures = offering.figures
        if figures.checked is None:
            return undated
        iso = figures.checked.isoformat()
        html = f'<time datetime="{iso}">{escape(offering.checked_text)}</time>'
        html += f" {stale}" if figures.stale else ""
        html += f" {undated}" if figures.undated else ""
        return Markup(html)

    headers = {name: escape(t(f"column.{name}")) for name in (*map(str, COLUMNS), "regions")}

    def fact_rows(offering: OfferingView) -> Markup:
        """The provider page's rows for every fact: header, value with its marks, source links."""
        rows = []
        o = offering.number
        for name, header in headers.items():
            c = offering.cells[name]
            value = price(offering) if name == "price" else cell(c)
            links = "".join(f'<a href="#source-{o}-{n}">[{n}]</a>' for n in c.origin.sources)
            rows.append(
                f'<tr data-column="{name}"><th scope="row">{header}</th><td>{value}</td><td>{links}</td></tr>'
            )
        return Markup("\n".join(rows))

    seen_word, undated_word = t.ui["provider.source_seen"], t.ui["provenance.undated"]
    third_party_line = f' · <span class="gs-third-party">†</span> {escape(t("provenance.third_party"))}'
    quotes_word, covers_word = escape(t("provider.quotes")), escape(t("provider.covers"))

    def source_items(sources: list[SourceView], prefix: str) -> Markup:
        """The numbered list items of a source list; `prefix` makes each item's anchor."""
        items = []
        for source in sources:
            url = escape(source.url)
            when = (undated_word if source.undated else seen_word).format(date=source.seen_text)
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
        return Markup("\n".join(items))

    reports: dict[tuple[str, int], str] = {}

    def report_url(provider: ProviderView, offering: OfferingView) -> str:
        """A prefilled "wrong value" issue form: provider, offering and the values shown now.

        Each is built once per language, for the comparison and the provider page alike."""
        key = (provider.id, offering.number)
        if key not in reports:
            reports[key] = _report_url(provider, offering)
        return reports[key]

    def _report_url(provider: ProviderView, offering: OfferingView) -> str:
        values = [(t(f"column.{fact.value}"), offering.cells[fact.value].text) for fact in COLUMNS]
        limit: int | None = None  # the longest value kept whole; None: all of them
        while True:
            current = "\n".join(f"{name}: {_cut(text, limit)}" for name, text in values)
            if limit is not None:
                current += "\n" + t("report.shortened")
            query = {
                "template": "wrong-value.yml",
                "title": f"[{provider.name}] {offering.product}",
                "provider": provider.id,
                "offering": offering.product,
                "field": "",
                "current": current,
            }
            url = f"{view.repository}/issues/new?" + "&".join(
                f"{k}={_form_quote(v)}" for k, v in query.items()
            )
            if len(url) <= MAX_REPORT_URL or limit == 1:
                return url
            limit = 400 if limit is None else max(1, limit // 2)

    return {
        "cell": cell,
        "marks": lambda origin: Markup(marks(origin)),
        "price_cell": price,
        "region_cell": region,
        "fact_cells": fact_cells,
        "fact_rows": fact_rows,
        "source_items": source_items,
        "checked_cell": checked,
        "row_attributes": row_attributes,
        "stale_badge": lambda: stale,
        "undated_badge": lambda: undated,
        "report_url": report_url,
    }


# The snippets of the last few views (one per language; `mkdocs serve` makes new views on a change),
# with each view kept alive so that its id is not reused while it stands here.
_SNIPPETS: dict[int, tuple[SiteView, dict[str, Callable[..., Any]]]] = {}


def _snippets_for(view: SiteView) -> dict[str, Callable[..., Any]]:
    if id(view) not in _SNIPPETS:
        while len(_SNIPPETS) >= 8:
            del _SNIPPETS[next(iter(_SNIPPETS))]
        _SNIPPETS[id(view)] = (view, _snippets(view))
    return _SNIPPETS[id(view)][1]


def render(template: str, view: SiteView, **context: Any) -> str:
    # settings() is built only by the template that prints it (the comparison), not per provider page
    return ENVIRONMENT.get_template(template).render(
        view=view, t=view.t, settings=lambda: _settings(view), **_snippets_for(view), **context
    )


def render_provider_page(view: SiteView, provider: ProviderView) -> str:
    return render("provider.md.j2", view, provider=provider)


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
