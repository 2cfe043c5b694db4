"""Stage 6, write: the rendered pages as a Markdown tree on disk, for engines other than MkDocs.

`<out>/<lang>/<path>`: every page of every language, each with its escaped front matter (see
render.FrontMatter); the MkDocs hooks serve the same pages from memory.
"""

from __future__ import annotations

from pathlib import Path

from ..pages.render import Pages


def write_pages(out: Path, pages: dict[str, Pages]) -> list[Path]:
    """Write every language's pages; return the files written."""
    written = []
    for lang, by_path in pages.items():
        for path, page in by_path.items():
            target = out / lang / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(page.as_markdown(), encoding="utf-8")
            written.append(target)
    return written
