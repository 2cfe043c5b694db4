"""Generator of the site's data-driven pages: load -> validate -> derive -> transform -> render -> write.

An engine adapter (the MkDocs hooks, or the command line) calls `build_site` once per build, which
loads and validates the data and the guide's pages, derives the figures and words one view per
language, then `render_site`, which makes every page of every language; the adapter only looks pages
up. `export` writes the language-neutral API files, `feeds` the Atom feeds. Nothing here depends on
MkDocs.

A folder per part of the pipeline, in its order: inputs/ (data in and checked: stages 1 and 2),
figures/ (derived: 3), pages/ (views and pages made: 4 and 5), output/ (files written: 6), then tools/
(the commands beside the build: review, verify). Imports run one way: a module imports from its own
folder and the folders before it, never from a later one (tests/test_layers.py).
"""

from __future__ import annotations

from .figures.history import History
from .inputs.dataset import Dataset
from .inputs.problems import DataError, Problem
from .pages.build import SiteBuild, build_site
from .pages.render import Page, render_site
from .pages.transform import SiteView

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
