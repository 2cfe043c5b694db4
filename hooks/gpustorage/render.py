"""Stage 4, render: Jinja templates turn a language view into Markdown (with HTML blocks) and JSON-LD.

Every string from data is escaped where it lands: Jinja's autoescape covers HTML blocks, and the `md`
filter makes text inert inside Markdown (HTML entities plus backslash escapes), so no data can add
markup, links or scripts.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from .markers import MARKER
from .model import RegionBinding, StorageKind
from .normalize import STALE_AFTER_DAYS
from .transform import COLUMNS, FILTERS, PRESETS, Cell, OfferingView, ProviderView, SiteView

_MD_ESCAPABLE = re.compile(r"([\\`*_{}\[\]|!])")
_LIST_START = re.compile(r"^([-+]|\d+(?=[.)]))")


def md(text: object) -> Markup:
    """Escape text for inline Markdown: one line, HTML entities, and backslashes before markup."""
    flat = " ".join(str(text).split())
    html_safe = str(escape(flat)).replace("#", "&#35;")
    escaped = _MD_ESCAPABLE.sub(r"\\\1", html_safe)
    # a leading "- ", "+ " or "1. " would start a list: escape the marker's punctuation
    marker = _LIST_START.match(escaped)
    if marker:
        end = marker.end()
        escaped = f"\\{escaped}" if marker.group(1) in "-+" else f"{escaped[:end]}\\{escaped[end:]}"
    return Markup(escaped)


# The choices each filter offers (besides "any"), in the order shown.
FILTER_VALUES = {
    "billed": ["yes", "no"],
    "multi": ["yes", "partial", "no"],
    "region": [binding.value for binding in RegionBinding if binding is not RegionBinding.unknown],
    "spot": ["yes", "no"],
}


def script_json(value: Any) -> str:
    """JSON that is safe inside <script>: no '<', '>' or '&' can close the tag or open a comment."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
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
    env.globals.update(
        stale_days=STALE_AFTER_DAYS,
        presets=list(PRESETS),
        filters=FILTERS,
        kinds=[kind.value for kind in StorageKind],
        filter_values=FILTER_VALUES,
    )
    env.filters["script_json"] = lambda value: Markup(script_json(value))
    # a YAML (JSON) string for front matter
    env.filters["yaml"] = lambda value: Markup(json.dumps(str(value), ensure_ascii=False))
    return env


def _settings(view: SiteView) -> dict[str, Any]:
    """What the comparison script needs: presets, filters and its strings in the page's language."""
    t = view.t
    return {
        "presets": PRESETS,
        "filters": FILTERS,
        "strings": {
            "count": t.ui["tools.count"],
            "sort": t.ui["tools.sort"],
            "monthly": t("calc.monthly"),
            "total": t("calc.total"),
            "egress_unknown": t("calc.egress_unknown"),
            "price_unknown": t("calc.price_unknown"),
            "show_all": t.ui["tools.show_all"],
            "explain": {preset: t(f"preset.{preset}.explain") for preset in PRESETS},
        },
    }


ENVIRONMENT = _environment()


def _snippets(view: SiteView) -> dict[str, Any]:
    """HTML for single values, written in Python because templates call it for every cell.

    f-strings with escape() rather than Markup.format(): the comparison formats tens of thousands.
    """
    t = view.t
    badge = Markup(
        f'<span class="gs-stale-badge" title="{escape(t("stale.title", days=STALE_AFTER_DAYS))}">'
        f"{escape(t('stale.badge'))}</span>"
    )
    label = escape(t("provenance.third_party"))
    # safe HTML; role="img" because a plain span may not carry aria-label: the mark is read by its label
    third_party = f'<span class="gs-third-party" role="img" title="{label}" aria-label="{label}">†</span>'

    def cell(c: Cell) -> Markup:
        classes = "gs-value" + (" gs-unknown" if c.unknown else "") + (" gs-stale" if c.stale else "")
        html = f'<span class="{classes}">{escape(c.text)}</span>'
        if c.stale:
            html += f" {badge}"
        return Markup(html + third_party if c.third_party else html)  # every part escaped above

    def price(offering: OfferingView) -> Markup:
        html = cell(offering.cells["price"])
        if offering.usd_text:
            html += Markup(f'<br><small class="gs-normalized">{escape(offering.usd_text)}</small>')
        return html

    def fact_cells(offering: OfferingView) -> Markup:
        """The comparison row's <td> for every fact, with the sort key the comparison script reads."""
        cells = []
        for column in COLUMNS:
            c = offering.cells[column]
            sort = f' data-sort="{escape(c.sort)}"' if c.sort is not None else ""
            content = price(offering) if column == "price" else cell(c)
            cells.append(f'<td data-column="{column}"{sort}>{content}</td>')
        return Markup("\n".join(cells))

    def report_url(provider: ProviderView, offering: OfferingView) -> str:
        """A prefilled "wrong value" issue form: provider, offering and the values shown now."""
        current = "\n".join(f"{t(f'column.{column}')}: {offering.cells[column].text}" for column in COLUMNS)
        query = {
            "template": "wrong-value.yml",
            "title": f"[{provider.name}] {offering.product}",
            "provider": provider.id,
            "offering": offering.product,
            "field": "",
            "current": current,
        }
        return f"{view.repository}/issues/new?{urlencode(query)}"

    return {
        "cell": cell,
        "price_cell": price,
        "fact_cells": fact_cells,
        "stale_badge": lambda: badge,
        "report_url": report_url,
    }


def render(template: str, view: SiteView, **context: Any) -> str:
    # settings() is built only by the template that prints it (the comparison), not per provider page
    return ENVIRONMENT.get_template(template).render(
        view=view, t=view.t, columns=COLUMNS, settings=lambda: _settings(view), **_snippets(view), **context
    )


def render_provider_page(view: SiteView, provider: ProviderView) -> str:
    return render("provider.md.j2", view, provider=provider)


def site_root_for(url: str) -> str:
    """The relative path from a page at `url` (e.g. 'zh/data/') back to the site root."""
    return "../" * len([part for part in url.split("/") if part])


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
        "variableMeasured": [t(f"column.{column}") for column in COLUMNS],
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
