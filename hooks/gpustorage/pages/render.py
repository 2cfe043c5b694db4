"""Stage 5, render: every generated page of every language, once per build, as plain values.

`render_site` takes a site build (the language views and the guide's pages) and returns, per
language, every page by its path: the guide's pages with their data markers filled, and one page per
provider. An engine adapter (the MkDocs hooks, or write.py) only looks pages up. Work the languages
share (row attributes, filter counts, the English half of report links) is done once per build and
kept by provider id and offering number.

Everything a page holds is escaped here, its front matter included (`FrontMatter`): HTML through
MarkupSafe (`Markup` end to end, see render_html.py), Markdown text through `escape.md`, JSON-LD
through `escape.script_json`. Jinja templates, with autoescape, make the pages written once per
language (comparison, provider list, FAQ, changes); Python makes rows, cells and provider pages. The
two meet one way: a template places fragments made before it runs (`markers_context`, from
render_html) and words the page with `t`; it calls no fragment function, and its globals are constants.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from pymdownx.slugs import slugify  # type: ignore[import-untyped]

from ..figures.derive import is_stale
from ..inputs import guide_translations
from ..inputs.guide import GuidePage
from ..inputs.markers import MARKER
from ..inputs.model import HOURS_PER_MONTH, Fact, StorageKind
from ..inputs.settings import (
    CHANGES_SHOWN,
    DISPLAY_CURRENCIES,
    FOLD_ABOVE_ROWS,
    ROWS_PER_PAGE,
    STALE_AFTER_DAYS,
)
from . import render_html
from .build import SiteBuild
from .contract import (
    CHANGES_SCRIPT,
    COLUMNS,
    COMPARISON_SCRIPT,
    DETAILS_FILE,
    FILTER_VALUES,
    FILTERS,
    LIST_FILTERS,
    PLANNER_CARRIED,
    PLANNER_SCRIPT,
    PLANNER_STYLE,
    PRESETS,
    ROWS_FILE,
)
from .escape import html, html_format, html_join, md, script_json
from .messages import Strings
from .planner import (
    example_sentences,
    plan_offerings,
    planner_settings,
    planner_strings,
    planner_table,
    worked_example,
)
from .render_html import OfferingParts
from .report_links import offering_report, report_links
from .transform import OfferingView, ProviderView, SiteView, word_key

__all__ = ["FrontMatter", "Page", "html", "md", "render_site", "script_json"]


@dataclass(frozen=True)
class FrontMatter:
    """A page's front matter, every text escaped for HTML: an engine prints it as it is."""

    title: Markup | None = None
    description: Markup | None = None
    hide: tuple[str, ...] = ()
    source_hash: str | None = None  # a translation's record of its source (see guide_translations.py)
    feed: Markup | None = None  # a provider page: its feed's title
    jsonld: tuple[Markup, ...] = ()  # schema.org blocks, JSON safe inside <script>
    scripts: tuple[str, ...] = ()  # the module scripts the page loads, by their paths in the site
    styles: tuple[str, ...] = ()  # the style sheets it loads after the site's, by their paths in the site
    # files beside the page that its script fetches as it starts (a long comparison's rows file),
    # requested from the head so that they arrive while the page is read, not after
    preloads: tuple[str, ...] = ()

    def as_meta(self) -> dict[str, Any]:
        """The keys that are set, for an engine's page metadata."""
        meta: dict[str, Any] = {
            "title": self.title,
            "description": self.description,
            "hide": list(self.hide),
            "source_hash": self.source_hash,
            "feed": self.feed,
            "jsonld": list(self.jsonld),
            "scripts": list(self.scripts),
            "styles": list(self.styles),
            "preloads": list(self.preloads),
        }
        return {key: value for key, value in meta.items() if value}

    def as_yaml(self) -> str:
        """The front matter block of a Markdown file (each value a JSON string or list, valid YAML)."""
        lines = [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in self.as_meta().items()]
        return "---\n" + "".join(f"{line}\n" for line in lines) + "---\n" if lines else ""


@dataclass(frozen=True)
class Page:
    """One generated page: its front matter and its Markdown (with HTML blocks), every value escaped."""

    front_matter: FrontMatter
    body: Markup
    generated: bool = False  # made from data alone (a provider page), not from a page of the guide
    # files the comparison's script reads, written beside the page, by name: a provider page's details
    # (DETAILS_FILE), a long comparison's rows after those in the page (ROWS_FILE)
    beside: Mapping[str, str] = field(default_factory=dict)

    def as_markdown(self) -> str:
        return self.front_matter.as_yaml() + str(self.body)


Pages = dict[str, Page]  # by path within the language's folder: 'index.md', 'providers/runpod.md'


# ---- what a Markdown engine need not read -----------------------------------------------------------
# Python-Markdown reads every raw HTML block with a pure-Python HTML parser, and the generated tables
# and lists are most of a page: an engine may hand it a placeholder per block (`held_html`) and put
# the block back into the HTML it returns (`restore_held`). Only blocks that stand alone (a blank line
# before and after) are held: Markdown would have passed those through as they are.
_HELD_START = re.compile(r"(?:\A|(?<=\n\n))<(table|ol|ul|form|div)\b[^>]*>")
_PLACEHOLDER = "<!--gs-held:{}-->"
_HELD_PLACE = re.compile(_PLACEHOLDER.format(r"(\d+)"))  # a placeholder, found in the engine's HTML


def _block_end(markdown: str, start: int, tag: str) -> int:
    """Where the element opened at `start` ends: after its closing tag, nested ones of its name counted."""
    opening, closing = re.compile(rf"<{tag}\b"), f"</{tag}>"
    depth, at = 0, start
    while True:
        close = markdown.index(closing, at)
        depth += len(opening.findall(markdown, at, close)) - 1
        at = close + len(closing)
        if depth == 0:
            return at


def held_html(markdown: str) -> tuple[str, list[str]]:
    """The page with each standalone HTML block replaced by a placeholder, and the blocks in order."""
    blocks: list[str] = []
    parts: list[str] = []
    at = 0
    for found in _HELD_START.finditer(markdown):
        if found.start() < at:  # inside a block already held
            continue
        end = _block_end(markdown, found.start(), found.group(1))
        if not markdown.startswith("\n\n", end) and end != len(markdown.rstrip("\n")):
            continue  # text follows on: not a block of its own
        parts += [markdown[at : found.start()], _PLACEHOLDER.format(len(blocks))]
        blocks.append(markdown[found.start() : end])
        at = end
    return "".join(parts) + markdown[at:], blocks


def restore_held(html_page: str, blocks: list[str]) -> str:
    """The HTML an engine made of `held_html`'s page, with every block back in its place."""
    return _HELD_PLACE.sub(lambda place: blocks[int(place.group(1))], html_page)


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(Path(__file__).parent / "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md
    env.filters["script_json"] = script_json
    # the templates' constants; what they place is made before they run (LanguageRenderer.markers_context)
    env.globals.update(
        stale_days=STALE_AFTER_DAYS,
        presets=list(PRESETS),
        filters={name: fact.value for name, fact in FILTERS.items()},
        kinds=[kind.value for kind in StorageKind],
        filter_values=FILTER_VALUES,
        list_filters=LIST_FILTERS,
        planner_carried=",".join(PLANNER_CARRIED),
        columns=[fact.value for fact in COLUMNS],
        facts=[fact.value for fact in Fact],
        changes_shown=CHANGES_SHOWN,
    )
    return env


# ---- what a build's languages share ------------------------------------------------------------------


@dataclass(frozen=True)
class Shared:
    """What every language's pages hold alike: no words, made once per build."""

    offerings: dict[tuple[str, int], OfferingParts]  # by provider id and offering number
    option_counts: Counter[str] = field(default_factory=Counter)  # 'kind:object_storage', 'billed:yes'


# Every choice of the comparison's tools, as _option_counts names it: the kinds, each filter's values
# and free egress
CHOICE_KEYS = (
    *(f"kind:{kind.value}" for kind in StorageKind),
    *(f"{name}:{value}" for name, values in FILTER_VALUES.items() for value in values),
    "egress:free",
)


def _option_counts(view: SiteView) -> Counter[str]:
    """How many offerings each filter choice leaves while no filter is set: the count the comparison
    script shows beside it, in the page from the first paint, so that filling it in moves nothing."""
    counts: Counter[str] = Counter()
    for provider in view.providers:
        for o in provider.offerings:
            counts[f"kind:{o.kind}"] += 1
            counts[f"egress:{o.value(Fact.egress)}"] += 1
            counts.update(f"{name}:{o.value(fact)}" for name, fact in FILTERS.items())
    return counts


def shared_parts(view: SiteView) -> Shared:
    """The shared parts, from any one language's view (they hold no words)."""
    offerings = {
        (provider.id, offering.number): OfferingParts(
            attributes=render_html.row_attributes(data := render_html.row_data(offering)),
            listed=render_html.listed_offering(offering, data),
            report=offering_report(view.repository, provider, offering),
        )
        for provider in view.providers
        for offering in provider.offerings
    }
    return Shared(offerings, _option_counts(view))


# ---- the pages of one language -----------------------------------------------------------------------


def rate_settings(view: SiteView) -> dict[str, dict[str, Any]]:
    """The currencies a reader may choose, each with its rate and a note naming its date (marked stale
    like data): the comparison's and the planner's alike."""
    t = view.t
    rates = view.dataset.rates.rates

    def rate_note(currency: str) -> str:
        rate = rates[currency]  # type: ignore[index]
        note = t(
            "calc.rate", currency=currency, usd=t.money(rate.usd_per_unit, "USD"), date=t.date(rate.date)
        )
        return note + t("text.aside", text=t("stale.badge")) if is_stale(rate.date, view.today) else note

    return {
        currency: {
            "usd_per_unit": rates[currency].usd_per_unit,  # type: ignore[index]
            "note": rate_note(currency),
        }
        for currency in DISPLAY_CURRENCIES
        if currency in rates
    }


def rates_date(view: SiteView) -> dt.date | None:
    """The date a page's ≈ names: the oldest of the rates it uses; None where the data has none."""
    return min((rate.date for rate in view.dataset.rates.rates.values()), default=None)


def comparison_settings(view: SiteView, labels: dict[str, str]) -> dict[str, Any]:
    """What the comparison script needs: presets, filters, page size, rates and its strings in the
    page's language (`labels`: render_html.card_labels)."""
    t = view.t
    return {
        "presets": PRESETS,
        "filters": list(FILTERS),
        "rows_per_page": ROWS_PER_PAGE,
        "fold_above": FOLD_ABOVE_ROWS,
        "details_file": DETAILS_FILE,  # beside each provider page: its offerings' details (details.js)
        "rows_file": ROWS_FILE if folded(view) else None,  # beside a long comparison: its other rows
        "hours_per_month": HOURS_PER_MONTH,  # the month the calculator splits into running and idle hours
        "rates": rate_settings(view),
        "counts": render_html.count_wordings(t),
        "strings": {
            "preset_changed": t.message("preset.changed"),
            "show_results": t.message("tools.show_results"),
            "show_all": t.message("tools.show_all"),
            "cost": t("column.cost"),
            "cost_short": t("column_short.cost"),
            "cost_label": labels["cost"],  # on a phone's card
            "per_month": t.message("calc.per_month"),
            "idle_per_month": t.message("calc.idle_per_month"),
            "storage_per_month": t.message("calc.storage_per_month"),
            "idle_rate": t.message("calc.idle_rate"),
            "idle_cost_unknown": t("calc.idle_cost_unknown"),
            "not_billed_idle": t("calc.not_billed_idle"),
            "included": t("price.included_short"),
            "running_line": t.message("calc.running_line"),
            "idle_line": t.message("calc.idle_line"),
            "idle_unknown": t("calc.idle_unknown"),
            "total_line": t.message("calc.total_line"),
            "too_large": t.message("calc.too_large"),
            "invalid": t.message("calc.invalid"),
            "egress_unknown": t("calc.egress_unknown"),
            "allowance_pooled": t("calc.allowance_pooled"),
            "price_unknown": t("calc.price_unknown"),
            "unknown": t("value.unknown"),
            "pick_label": t.message("pick.label"),
            "pick_open": t.message("pick.open"),
            "no_size": t("pick.no_size"),
            "sources": t("provider.sources"),
            "explain": {preset: t(f"preset.{preset}.explain") for preset in PRESETS},
        },
    }


@dataclass(frozen=True)
class LanguageRenderer:
    """Renders the pages of one language: its view, the build's shared parts, the cards' labels
    (render_html.card_labels) and the templates' context (made once per language)."""

    view: SiteView
    shared: Shared
    env: Environment
    site_url: str
    card_labels: dict[str, str]

    def context(self) -> dict[str, Any]:
        view = self.view
        in_page, _ = split_rows(view)
        shown = sum(len(provider.offerings) for provider in in_page)
        note = render_html.folded_note(shown, view.offering_count, view.t) if folded(view) else None
        return {
            "view": view,
            "t": view.t,
            "folded_note": note,
            "option_counts": self.shared.option_counts,
            "settings": comparison_settings(view, self.card_labels),
            "display_currencies": [c for c in DISPLAY_CURRENCIES if c in view.dataset.rates.rates],
        }

    def fill_markers(self, markdown: str, site_root: str, context: dict[str, Any]) -> str:
        """Each `<!-- data:NAME -->` marker replaced with the rendered template NAME.md.j2; `site_root`
        is the relative path from the page to the site root, for links to the API files. A template
        places what it is given and words the page with `t`: the fragments it holds are made here, for
        the page's markers, before it runs (markers_context)."""
        page_context = {**context, **self.markers_context(markers_in(markdown), site_root)}
        return MARKER.sub(
            lambda found: self.env.get_template(f"{found.group(1)}.md.j2").render(
                page_context, site_root=site_root
            ),
            markdown,
        )

    def guide_page(self, page: GuidePage, default: str, context: dict[str, Any]) -> Page:
        """A page of the guide with its markers filled, its translation notice if it is outdated, its
        JSON-LD and its front matter escaped."""
        url = page_url(self.view.prefix, page.path)
        site_root = site_root_for(url)
        body = page.body
        if page.outdated:
            body = translation_notice(body, self.view, default, page.path, site_root)
        names = markers_in(body)
        if "comparison" in names:
            body = link_planner_sections(link_checks(body, self.view.t), self.view.t)
        if names:
            contents = page_contents(body, self.view.t("faq.title") if "faq" in names else None)
            body = self.fill_markers(body, site_root, {**context, "contents": contents})
        meta = page.front_matter
        beside = self.rows_file() if "comparison" in names else {}
        front_matter = FrontMatter(
            title=html(meta.title) if meta.title is not None else None,
            description=html(meta.description) if meta.description is not None else None,
            hide=tuple(meta.hide),
            source_hash=meta.source_hash,
            jsonld=jsonld_blocks(names, self.view, urljoin(self.site_url, url), site_root),
            scripts=page_scripts(names),
            styles=page_styles(names),
            preloads=tuple(beside),
        )
        # every value in the body was escaped where it was rendered; the rest is the guide's own text
        return Page(front_matter, Markup(body), beside=beside)

    def markers_context(self, names: set[str], site_root: str) -> dict[str, Any]:
        """The fragments the templates of a page's markers place, each made once for the page."""
        extra = dict[str, Any]()
        if "comparison" in names:
            extra |= self.comparison_fragments()
        if "dataset" in names:
            extra |= self.dataset_fragments()
        if "changes" in names:
            extra |= self.changes_fragments(site_root)
        return extra | self.planner_context(names, site_root)

    def comparison_fragments(self) -> dict[str, Any]:
        """The comparison's header cells, legend and rows (a <tbody> a provider), and its tools' words:
        each filter choice's label, each choice's count (and the widest counts, whose room it keeps)
        and the count of what is shown."""
        view, t = self.view, self.view.t
        in_page, _ = split_rows(view)
        counts = self.shared.option_counts
        labels = self.card_labels
        return {
            "column_heads": render_html.column_heads(t),
            "legend": render_html.legend(t, rates_date(view)),
            "groups": [render_html.provider_group(p, self.shared.offerings, labels, t) for p in in_page],
            "choice_labels": {
                f"{name}:{value}": t(word_key(FILTERS[name], value))
                for name in FILTERS
                if name not in LIST_FILTERS
                for value in FILTER_VALUES[name]
            },
            "choice_counts": {
                key: render_html.count_text("choice", t, text=counts[key]) for key in CHOICE_KEYS
            },
            "count_rooms": [render_html.count_text("choice", t, text=n) for n in (0, view.offering_count)],
            "shown_count": render_html.count_text(
                "shown", t, offerings=view.offering_count, providers=len(view.providers)
            ),
        }

    def dataset_fragments(self) -> dict[str, Any]:
        """The data page's freshness table, and each exchange rate's line with its mark when stale."""
        view, t = self.view, self.view.t
        stale = render_html.badges(render_html.doubts(t, stale=True))
        rates = [
            html_format(
                "{}{}",
                t(
                    "data.rate",
                    currency=currency.value,
                    usd=t.money(rate.usd_per_unit, "USD"),
                    date=t.date(rate.date),
                    source=rate.source,
                ),
                stale if is_stale(rate.date, view.today) else Markup(""),
            )
            for currency, rate in view.dataset.rates.rates.items()
        ]
        return {"freshness_table": render_html.freshness_table(view.providers, t), "rate_lines": rates}

    def changes_fragments(self, site_root: str) -> dict[str, Any]:
        """The changes page's filter and list, or its history in words when it has no changes."""
        view, history = self.view, self.view.history
        if history is None:
            return {}
        providers = f"{site_root}{view.prefix}providers/"
        if history.available and history.changes:
            return {
                "changes_filter": render_html.changes_filter(history.changes, view.t),
                "changes_list": render_html.changes_list(view, CHANGES_SHOWN, providers),
            }
        return {"history_block": render_html.history_block(view, history.changes, providers)}

    def planner_context(self, names: set[str], site_root: str) -> dict[str, Any]:
        """What the planner's markers need: its settings and offerings to choose from (planner), its
        worked example in words (planner_example); nothing for a page without them."""
        view, extra = self.view, dict[str, Any]()
        if not names & {"planner", "planner_example"}:
            return extra
        items = plan_offerings(view)  # once for the page's markers
        # what ≈ before an amount means, where the page shows one
        date = rates_date(view)
        converted = render_html.converted_item(view.t, date) if date else None
        if "planner" in names:
            settings = planner_settings(items, view, FILTERS, site_root)
            settings["rates"] = rate_settings(view)
            settings["filters"] = list(FILTERS)
            settings["strings"] = planner_strings(view.t)
            extra["planner"] = settings
            extra["planner_rows"] = {row: view.t(f"planner.row.{row}") for row in PLANNER_ROWS}
            # each column's header, and the words before its figure on a phone's card: once, not per cell
            heads = [view.t(f"planner.col.{column}") for column in PLANNER_COLUMNS]
            labelled = [view.t("text.labelled", label=head, text="") for head in heads]
            extra["planner_columns"] = list(zip(heads, labelled, strict=True))
            extra["planner_table"] = planner_table(items, view, site_root)
            extra["planner_converted"] = converted
            extra["planner_options"] = [
                {"id": item.id, "name": f"{item.provider.name}: {item.offering.product}"}
                for item in items
                if item.offering.kind != StorageKind.object_storage
            ]
        if "planner_example" in names:
            example = worked_example(items)
            extra["example"] = example_sentences(example, view.t) if example else None
            extra["example_converted"] = converted if example and example.converted else None
        return extra

    def rows_file(self) -> dict[str, str]:
        """A long comparison's other rows (ROWS_FILE), beside its page; none for a comparison in full."""
        _, rest = split_rows(self.view)
        if not rest:
            return {}
        return {ROWS_FILE: render_html.rows_index(rest, self.shared.offerings, self.card_labels, self.view.t)}

    def provider_page(self, provider: ProviderView) -> Page:
        """A provider's page: where it stands, its links (the comparison filtered to it among them) and
        notes, each offering's section (or the sources saying it keeps no data), and its history with
        its feed."""
        view, t = self.view, self.view.t
        history = view.history
        name = provider.name
        front_matter = FrontMatter(
            title=html(name),
            description=html(t("provider.description", name=name)),
            feed=html(t("feed.provider_title", provider=name)) if history and history.available else None,
        )
        edit = f"{view.repository}/edit/main/{provider.file}"
        parts = [
            render_html.breadcrumb(provider, t),
            html_format("# {}\n\n{}\n\n", md(name), render_html.provider_links(provider, edit, t)),
            render_html.comparison_link(provider, t),
            render_html.notes(provider.notes),
        ]
        if not provider.offerings:
            assert provider.absence is not None  # a provider without offerings says why, with sources
            parts.append(
                html_format(
                    "{}\n\n## {}\n\n{}\n",
                    render_html.no_storage(provider.absence, t),
                    md(t("provider.sources")),
                    render_html.sources_block(provider.no_storage_sources, "source-", t),
                )
            )
        details = [self.offering_details(provider, offering) for offering in provider.offerings]
        for offering, block in zip(provider.offerings, details, strict=True):
            parts.append(html_format("## {}\n\n{}\n\n", md(offering.product), block))
        parts.append(render_html.freshness_line(provider, t))
        if history is not None:
            changes = render_html.history_block(view, history.of(provider.id), None)
            parts.append(html_format("## {} {{#history}}\n\n{}\n", md(t("history.title")), changes))
            if history.available:
                parts.append(html_format("\n{}\n", render_html.feed_link(t)))
        beside = {DETAILS_FILE: render_html.details_document(provider, details, t)} if details else {}
        return Page(front_matter, html_join("", parts), generated=True, beside=beside)

    def offering_details(self, provider: ProviderView, offering: OfferingView) -> Markup:
        t = self.view.t
        report = self.shared.offerings[(provider.id, offering.number)].report
        return render_html.offering_details(offering, report_links(report, offering, t), t)

    def pages(self, guide: list[GuidePage], default: str) -> Pages:
        context = self.context()
        pages = {page.path: self.guide_page(page, default, context) for page in guide}
        for provider in self.view.providers:
            pages[f"providers/{provider.id}.md"] = self.provider_page(provider)
        return pages


def render_site(build: SiteBuild, site_url: str) -> dict[str, Pages]:
    """Every page of every language, by language (the default one first) and path. `site_url` is
    the site's absolute address, for the URLs that JSON-LD names."""
    env = environment()
    default = next(iter(build.views))
    shared = shared_parts(build.views[default])
    return {
        lang: LanguageRenderer(view, shared, env, site_url, render_html.card_labels(view.t)).pages(
            build.guide[lang], default
        )
        for lang, view in build.views.items()
    }


# ---- what a page needs to know about where it stands ---------------------------------------------------


def folded(view: SiteView) -> bool:
    """Whether the comparison is too long to hold every row (settings.FOLD_ABOVE_ROWS)."""
    return view.offering_count > FOLD_ABOVE_ROWS


def split_rows(view: SiteView) -> tuple[list[ProviderView], list[ProviderView]]:
    """The providers whose rows the comparison's page holds, and those in its rows file: every one in the
    page, unless the comparison is folded; then the first ones, up to a page of rows (ROWS_PER_PAGE)."""
    providers = list(view.providers)
    if not folded(view):
        return providers, []
    rows = 0
    for index, provider in enumerate(providers):
        if rows >= ROWS_PER_PAGE:
            return providers[:index], providers[index:]
        rows += max(1, len(provider.offerings))
    return providers, []


def files_beside(views: Mapping[str, SiteView], pages: Mapping[str, Pages]) -> dict[str, str]:
    """The files written beside the pages (Page.beside), by path below the site root."""
    return {
        f"{page_url(views[lang].prefix, path)}{name}": str(text)
        for lang, language_pages in pages.items()
        for path, page in language_pages.items()
        for name, text in page.beside.items()
    }


def page_url(prefix: str, path: str) -> str:
    """The directory-style URL of a page below the site root ('zh/' and 'data.md' -> 'zh/data/')."""
    stem = path.removesuffix(".md")
    return prefix if stem == "index" else f"{prefix}{stem.removesuffix('/index')}/"


def site_root_for(url: str) -> str:
    """The relative path from a page at `url` (e.g. 'zh/data/') back to the site root."""
    return "../" * len([part for part in url.split("/") if part])


_SECTION = re.compile(r"^## +(.+?) *#*$", re.M)
_SLUGIFY = slugify(case="lower")  # mkdocs.yml's toc slugify: the ids the headings get


def page_contents(markdown: str, faq_title: str | None) -> list[tuple[str, str]]:
    """The page's sections as (heading, anchor): its own second-level headings, then the FAQ's where
    the page has one, so that a page that opens with the comparison links to its guide from the top.
    Anchors as the toc extension makes them (a repeated heading gets "_1", "_2"...)."""
    headings = _SECTION.findall(markdown) + ([faq_title] if faq_title else [])
    seen: dict[str, int] = {}
    contents = []
    for heading in headings:
        slug = _SLUGIFY(heading, "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        contents.append((heading, f"{slug}_{count}" if count else slug))
    return contents


# The guide's five checks, in its order, each with the comparison's view that answers it (URL query).
CHECK_VIEWS = (
    ("throughput", "sort=throughput&dir=desc"),
    ("idle", "sort=idle"),
    ("binding", "spot=yes&sort=region_binding"),
    ("limits", "sort=max_size&dir=desc"),
    ("egress", "sort=egress"),
)
_NUMBERED_ITEM = re.compile(r"^\d+\. .*\S", re.M)


def link_checks(markdown: str, t: Strings) -> str:
    """Each of the guide's checks (the first numbered list after the comparison) ends with a link that
    sets the comparison to answer it. The guide's own words stay as its editors wrote them: the links
    are added here, in the page's language."""
    start = markdown.find("data:comparison")
    items: list[re.Match[str]] = []
    for item in _NUMBERED_ITEM.finditer(markdown, start):
        if items and markdown[items[-1].end() : item.start()].strip():
            break  # the list ended: something other than its next item came between
        items.append(item)
    if len(items) != len(CHECK_VIEWS):
        return markdown  # not the guide's checklist: leave the page as it is
    for item, (key, query) in reversed(list(zip(items, CHECK_VIEWS, strict=True))):
        link = " " + render_html.check_link(f"?{query}#comparison", t(f"check.{key}"))
        if key in PLANNER_CHECKS:  # a cost over time: the planner answers it in numbers
            link += " " + render_html.check_link(PLANNER_PAGE, t("check.planner"))
        markdown = (
            markdown[: item.end()] + str(link) + markdown[item.end() :]
        )  # the guide's text: not escaped
    return markdown


# The guide's sections that argue for keeping data between runs (the workflows and the trade-offs: the
# second and third of its sections, by their place, in every language) and the checks whose question is
# a cost over time (the price while no GPU runs, egress) each point to the planner as well.
PLANNER_SECTIONS = (2, 3)
PLANNER_CHECKS = ("idle", "egress")
PLANNER_PAGE = "planner/"  # from the guide, at its language's root
# the rows of the planner's three ways (planner.md.j2; view.js fills each from the strategy's cost)
PLANNER_ROWS = ("storage", "wait", "transfer", "waiting", "total")
# the planner table's figures, a column each after the offering's (planner.md.j2; planner.planner_table)
PLANNER_COLUMNS = ("keep", "wait", "alternative", "cheaper", "break_even")


def link_planner_sections(markdown: str, t: Strings) -> str:
    """The guide's sections on workflows and trade-offs end with a link to the planner; its words
    stay as its editors wrote them."""
    start = markdown.find("data:comparison")
    headings = [found.start() for found in _SECTION.finditer(markdown, max(start, 0))]
    link = render_html.planner_link(PLANNER_PAGE, t)
    for number in sorted(PLANNER_SECTIONS, reverse=True):
        if number > len(headings):
            continue
        end = headings[number] if number < len(headings) else len(markdown)
        # before the next section, or before a marker that closes the page (the FAQ)
        marker = markdown.find("<!--", headings[number - 1], end)
        end = marker if marker != -1 else end
        markdown = markdown[:end].rstrip("\n") + f"\n\n{link}\n\n" + markdown[end:]
    return markdown


# The module script each marker's page loads (script.ENTRIES makes them)
MARKER_SCRIPTS = (("comparison", COMPARISON_SCRIPT), ("planner", PLANNER_SCRIPT), ("changes", CHANGES_SCRIPT))


def page_scripts(names: set[str]) -> tuple[str, ...]:
    """The module scripts a page loads, by the markers it holds: the comparison's, the planner's, the
    changes' filter."""
    return tuple(script for marker, script in MARKER_SCRIPTS if marker in names)


MARKER_STYLES = (("planner", PLANNER_STYLE),)


def page_styles(names: set[str]) -> tuple[str, ...]:
    """The style sheets a page loads after the site's, by the markers it holds: the planner's."""
    return tuple(style for marker, style in MARKER_STYLES if marker in names)


def markers_in(markdown: str) -> set[str]:
    """The names of the data markers a page holds."""
    return set(MARKER.findall(markdown)) if "<!--" in markdown else set()


def site_texts(view: SiteView) -> dict[str, Markup]:
    """The texts the theme prints itself (site name, description, Open Graph locale, footer), escaped.

    Material's templates do not autoescape; an escaped Markup value prints as it should there, and
    `|e` leaves it as it is."""
    return {
        "site_name": html(view.t("site.name")),
        "site_description": html(view.t("site.description")),
        "og_locale": html(view.t("site.og_locale")),
        "copyright": html(view.t("footer.text")),
        "feed_title": html(view.t("feed.title", site=view.t("site.name"))),
    }


def translation_notice(markdown: str, view: SiteView, default: str, page: str, site_root: str) -> str:
    """A translated page with a notice linking its source page in the default language (for a
    translation that is outdated, see guide_translations.py)."""
    t = view.t
    link = html_format(
        '<a href="{href}" hreflang="{lang}">{source}</a>',
        href=f"{site_root}{page_url('', page)}",
        lang=default,
        source=t("translation.source"),
    )
    # the language joins the two sentences (Chinese with no space between them)
    text = Markup.escape(t.message("text.sentences")).format(first=t("translation.outdated"), second=link)
    return guide_translations.with_notice(markdown, render_html.translation_notice(text))


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


def jsonld_blocks(markers: set[str], view: SiteView, url: str, site_root: str) -> tuple[Markup, ...]:
    """The JSON-LD a page carries, chosen by the markers it holds (the FAQ, the dataset)."""
    blocks = []
    if "faq" in markers:
        blocks.append(faq_jsonld(view, url))
    if "dataset" in markers:
        blocks.append(dataset_jsonld(view, url, site_root))
    return tuple(script_json(block) for block in blocks)
