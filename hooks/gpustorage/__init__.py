"""Generator of the site's data-driven pages: load -> validate -> transform -> render.

`build_views` is what an engine adapter calls: it loads and validates once, then gives one view per
language; `render` turns views into Markdown. Nothing here depends on MkDocs.
"""

from __future__ import annotations

from pathlib import Path

from .problems import DataError, Problem
from .transform import SiteView, site_view
from .validate import Dataset, load_dataset

__all__ = ["DataError", "Dataset", "DatasetCache", "Problem", "SiteView", "build_views"]


def build_views(root: Path, languages: list[str]) -> dict[str, SiteView]:
    dataset = load_dataset(root, languages)
    return {lang: site_view(dataset, lang) for lang in languages}


class DatasetCache:
    """Views of the data, rebuilt only when a file under data/ changes (hooks run once per language)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._views: dict[str, SiteView] = {}

    @staticmethod
    def _fingerprint(root: Path, languages: list[str]) -> tuple[object, ...]:
        files = sorted((root / "data").rglob("*"))
        return (
            tuple(languages),
            *((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files),
        )

    def views(self, root: Path, languages: list[str]) -> dict[str, SiteView]:
        key = self._fingerprint(root, languages)
        if key != self._key:
            self._views = build_views(root, languages)
            self._key = key
        return self._views
