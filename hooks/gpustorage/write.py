"""Stage 5, write: put the generated Markdown on disk, for engines other than MkDocs.

The MkDocs hooks serve the same Markdown from memory; this writes a complete docs tree instead:
`<out>/<lang>/...` with every data marker filled and one page per provider.
"""

from __future__ import annotations

from pathlib import Path

from .render import fill_markers, render_provider_page, site_root_for
from .transform import SiteView


def _url(lang: str, relative: Path) -> str:
    """The directory-style URL a page gets, with every language in its own folder."""
    stem = relative.with_suffix("").as_posix()
    return f"{lang}/" if stem == "index" else f"{lang}/{stem.removesuffix('/index')}/"


def write_docs(docs: Path, out: Path, views: dict[str, SiteView]) -> list[Path]:
    """Write each language's pages with markers filled, plus provider pages; return the files."""
    written = []
    for lang, view in views.items():
        pages = {
            source.relative_to(docs / lang).as_posix(): fill_markers(
                source.read_text(encoding="utf-8"),
                view,
                site_root_for(_url(lang, source.relative_to(docs / lang))),
            )
            for source in sorted((docs / lang).rglob("*.md"))
        }
        for provider in view.providers:
            pages[f"providers/{provider.id}.md"] = render_provider_page(view, provider)
        for relative, text in pages.items():
            target = out / lang / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written
