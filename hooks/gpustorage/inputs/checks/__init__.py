"""Checks across files: what one file cannot know alone (languages, pages and markers, currencies, ids,
look-alike names, bounds in USD, dates after the build date), and rules that tie a value to its sources
(a yes or no quoted without limiting words, an object store's answers, a list price quoted as one,
first-party sources before third parties, the plans of a region binding that varies).

Every check has one shape, a `Check`: a name, a one-line description and a function from one `CheckInput`
(everything the data files and docs pages hold, read once by dataset.py) to the problems it finds.
`CHECKS` lists every check, in the order `python -m gpustorage checks` prints them; dataset.py runs
each the same way and reports every problem at once. A check marked `whole_project` needs every
provider file and the docs pages, so `validate FILES` (some provider files) leaves it out.

Each module of this package holds one kind of check and ends in a literal tuple of its checks, joined
here in order, rather than a decorator that registers each function as it is defined: a reader sees a
module's checks in one place, and no module-level list grows by side effect.
"""

from __future__ import annotations

from . import language, pages, providers, rates, sources
from .base import Check, CheckInput, LoadedProvider, ProviderFile, RatesFile

# in the order `python -m gpustorage checks` prints them: the provider files, their words, their sources,
# the rates, the docs pages
CHECKS: tuple[Check, ...] = providers.CHECKS + language.CHECKS + sources.CHECKS + rates.CHECKS + pages.CHECKS

__all__ = ["CHECKS", "Check", "CheckInput", "LoadedProvider", "ProviderFile", "RatesFile"]
