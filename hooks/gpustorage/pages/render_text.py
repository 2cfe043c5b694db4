"""Render, for tools that read for people: `llms.txt` at the site root, and a plain Markdown twin of
every provider page (`providers/<id>/index.md` beside its `index.html`), in every language.

The twin says what the page says without HTML: each offering's facts as a list (value, its marks in
words, its sources by number) and the numbered sources. Every data string is escaped for
Markdown (`escape.md`), so a name or a note cannot add links or markup here either.
"""

from __future__ import annotations

from ..figures.derive import Origin
from .build import SiteBuild
from .escape import md
from .messages import Strings
from .render_html import FACT_ROWS, doubts
from .transform import OfferingView, ProviderView, SiteView, dates_text


def _marks(origin: Origin, t: Strings) -> str:
    found = doubts(t, stale=origin.stale, undated=origin.undated, third_party=origin.third_party)
    words = [doubt.word for doubt in found]
    return t("text.aside", text=t.join(words)) if words else ""


def _fact_line(offering: OfferingView, name: str, t: Strings) -> str:
    cell = offering.cells[name]
    value = md(cell.text) + ("" if cell.unknown else md(_marks(cell.origin, t)))
    sources = "".join(f" [{n}]" for n in cell.origin.sources)  # no link: nothing defines [n]
    return f"- {_labelled(t(f'column.{name}'), value, t)}{sources}"


def _labelled(label: str, value: str, t: Strings) -> str:
    """'Preis: …' as the language writes a label before its value ('价格：…' in Chinese); `value` is
    escaped already, and the pattern is the site's own text."""
    return str(t.ui["text.labelled"]).format(label=md(label), text=value)


def _offering(offering: OfferingView, t: Strings) -> list[str]:
    lines = [f"## {md(offering.product)}", "", f"- {_labelled(t('column.kind'), md(offering.kind_text), t)}"]
    lines += [_fact_line(offering, name, t) for name in FACT_ROWS]
    if offering.notes:
        lines += ["", md(offering.notes.text)]
    lines += ["", f"### {md(t('provider.sources'))}", ""]
    for source in offering.sources:
        date = dates_text(source.source_date, source.checked, t)
        third_party = f" · {t('provenance.third_party')}" if source.third_party else ""
        lines.append(f"{source.number}. <{source.url}> · {md(date)}{md(third_party)}")
    return [*lines, ""]


def provider_twin(view: SiteView, provider: ProviderView) -> str:
    """A provider's page as plain Markdown, in the view's language."""
    t = view.t
    lines = [f"# {md(provider.name)}", "", _labelled(t("provider.website"), f"<{provider.website}>", t), ""]
    if provider.notes:
        lines += [md(provider.notes.text), ""]
    if not provider.offerings:
        lines += [md(t("provider.no_storage")), "", f"## {md(t('provider.sources'))}", ""]
        lines += [f"{s.number}. <{s.url}>" for s in provider.no_storage_sources]
        lines.append("")
    for offering in provider.offerings:
        lines += _offering(offering, t)
    return "\n".join(lines)


def llms_txt(build: SiteBuild, site_url: str) -> str:
    """The site in the llms.txt form: its name, what it holds, and where each language's guide, provider
    pages (as Markdown) and the open data are."""
    views = list(build.views.values())
    first = views[0]
    lines = [f"# {md(first.t('site.name'))}", ""]
    lines += [f"> {md(view.t('site.description'))}" for view in views]
    for view in views:
        t, root = view.t, f"{site_url}{view.prefix}"
        lines += ["", f"## {md(t('site.name'))} ({view.lang})", ""]
        lines.append(f"- [{md(t('site.name'))}]({root}): {md(t('site.description'))}")
        lines += [
            f"- [{md(provider.name)}]({root}providers/{provider.id}/index.md): "
            + md(t("provider.description", name=provider.name))
            for provider in view.providers
        ]
    lines += ["", "## API", ""]
    for name in ("providers.json", "offerings.csv", "history.json", "provider.schema.json"):
        lines.append(f"- [{name}]({site_url}api/v1/{name})")
    return "\n".join(lines) + "\n"


def text_files(build: SiteBuild, site_url: str) -> dict[str, str]:
    """llms.txt and every provider page's Markdown twin, by their path below the site root."""
    files = {"llms.txt": llms_txt(build, site_url)}
    for view in build.views.values():
        for provider in view.providers:
            files[f"{view.prefix}providers/{provider.id}/index.md"] = provider_twin(view, provider)
    return files
