"""Generator of the site's data-driven pages: load -> validate -> derive -> transform -> render -> write.

An engine adapter (the MkDocs hooks, or the command line) calls `Build.load`, which loads, validates
and derives once and gives one view per language; `render` turns views into Markdown, `export`
writes the language-neutral API files. Nothing here depends on MkDocs.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .dataset import Dataset, load_dataset
from .derive import Coverage, Derived, coverage, derive
from .history import History, read_history, repository_state
from .problems import DataError, Problem
from .transform import SiteView, site_view

__all__ = [
    "DataError",
    "Dataset",
    "DatasetCache",
    "History",
    "Problem",
    "SiteBuild",
    "SiteView",
    "build_site",
]


@dataclass(frozen=True)
class SiteBuild:
    """The validated dataset, its derived figures and history, and one view per language."""

    dataset: Dataset
    derived: Derived
    coverage: Coverage
    views: dict[str, SiteView]
    today: dt.date
    history: History


def build_site(
    root: Path, languages: list[str], today: dt.date, repository: str, history: History | None = None
) -> SiteBuild:
    """Everything the site shows; the history is read from git at `root` unless given."""
    dataset = load_dataset(root, languages, today)
    derived = derive(dataset, today)
    covered = coverage(derived)
    history = read_history(root, today) if history is None else history
    views = {
        lang: site_view(
            dataset,
            derived,
            covered,
            lang,
            today,
            repository,
            history,
            prefix="" if lang == languages[0] else f"{lang}/",
        )
        for lang in languages
    }
    return SiteBuild(
        dataset=dataset, derived=derived, coverage=covered, views=views, today=today, history=history
    )


class DatasetCache:
    """The site build, made again only when a file under data/ or the commit checked out changes.

    MkDocs with static-i18n runs every hook once per language; this keeps loading, validation and
    derivation to once per build (and once per change under `mkdocs serve`).
    """

    def __init__(self, report: Callable[[str], None] = print) -> None:
        self.report = report  # told, once per reading of the history, each version it left out
        self._key: tuple[object, ...] | None = None
        self.build: SiteBuild | None = None
        # read again only when HEAD or the build date moves (no date in it may be after the build date)
        self._history: tuple[tuple[str, dt.date], History] | None = None

    @staticmethod
    def _fingerprint(root: Path) -> tuple[object, ...]:
        # lstat: a dangling link is a file like any other here (loading names the problem)
        files = sorted((root / "data").rglob("*"))
        return tuple((str(f), info.st_mtime_ns, info.st_size) for f in files for info in [f.lstat()])

    def get(self, root: Path, languages: list[str], today: dt.date, repository: str) -> SiteBuild:
        state = repository_state(root)
        if self._history is None or self._history[0] != (state, today):
            self._history = ((state, today), read_history(root, today))
            for skipped in self._history[1].skipped:
                self.report(str(skipped))
        key = (tuple(languages), today, repository, state, *self._fingerprint(root))
        if key != self._key or self.build is None:
            self.build = build_site(root, languages, today, repository, self._history[1])
            self._key = key
        return self.build
