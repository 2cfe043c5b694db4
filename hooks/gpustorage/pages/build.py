"""The pipeline up to the per-language views, in one call: load and validate the data and the guide's
pages, derive the figures, read the history, and word everything in each language.

`build_site` runs once per build; render.render_site then makes every page from what it returns.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from ..figures.derive import Coverage, Derived, coverage, derive
from ..figures.history import History, read_history
from ..inputs.dataset import Dataset, load_dataset
from ..inputs.guide import GuidePage, load_guide
from ..inputs.problems import DataError
from .transform import SiteView, site_view


@dataclass(frozen=True)
class SiteBuild:
    """The validated dataset and guide, the derived figures and history, and one view per language."""

    dataset: Dataset
    derived: Derived
    coverage: Coverage
    views: dict[str, SiteView]  # the default language first
    guide: dict[str, list[GuidePage]]
    today: dt.date
    history: History


def build_site(
    root: Path,
    languages: list[str],
    today: dt.date,
    repository: str,
    history: History | None = None,
    docs: Path | None = None,
) -> SiteBuild:
    """Everything the site shows; the history is read from git at `root` unless given, the guide's
    pages from `docs` (default: root/docs). Every problem in the data and the pages is raised at once."""
    problems = []
    try:
        dataset = load_dataset(root, languages, today)
    except DataError as error:
        problems += error.problems
    try:
        guide = load_guide(docs or root / "docs", languages)
    except DataError as error:
        problems += error.problems
    if problems:
        raise DataError(problems)
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
    return SiteBuild(dataset, derived, covered, views, guide, today, history)
