"""Generator of the site's data-driven pages: load -> validate -> derive -> transform -> render -> write.

An engine adapter (the MkDocs hooks, or the command line) calls `build_site` once per build, which
loads and validates the data and the guide's pages, derives the figures and words one view per
language, then `render_site`, which makes every page of every language; the adapter only looks pages
up. `export` writes the language-neutral API files, `feeds` the Atom feeds. Nothing here depends on
MkDocs.
"""

from __future__ import annotations

from .build import SiteBuild, build_site
from .dataset import Dataset
from .history import History
from .problems import DataError, Problem
from .render import Page, render_site
from .transform import SiteView

__all__ = [
    "DataError",
    "Dataset",
    "History",
    "Page",
    "Problem",
    "SiteBuild",
    "SiteView",
    "build_site",
    "render_site",
]
