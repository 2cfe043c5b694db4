"""Generator of the site's data-driven pages: load -> validate -> transform -> render -> write.

An engine adapter (MkDocs hooks, or the command line) calls `DatasetCache.views`, which loads and
validates once and gives one view per language; `render` turns views into Markdown, `export` writes
the language-neutral API files. Nothing here depends on MkDocs.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from .problems import DataError, Problem
from .transform import SiteView, provenance_table, site_view
from .validate import Dataset, load_dataset

__all__ = ["DataError", "Dataset", "DatasetCache", "Problem", "SiteView"]


class DatasetCache:
    """The dataset and its views, rebuilt only when a file under data/ changes.

    MkDocs with static-i18n runs every hook once per language; this keeps loading and validation
    to once per build (and once per change under `mkdocs serve`).
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._views: dict[str, SiteView] = {}
        self.dataset: Dataset | None = None

    @staticmethod
    def _fingerprint(root: Path) -> tuple[object, ...]:
        files = sorted((root / "data").rglob("*"))
        return tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)

    def views(self, root: Path, languages: list[str], today: dt.date, repository: str) -> dict[str, SiteView]:
        key = (tuple(languages), today, repository, *self._fingerprint(root))
        if key != self._key:
            self.dataset = load_dataset(root, languages)
            table = provenance_table(self.dataset, today)
            self._views = {
                lang: site_view(self.dataset, lang, today, repository, table) for lang in languages
            }
            self._key = key
        return self._views
