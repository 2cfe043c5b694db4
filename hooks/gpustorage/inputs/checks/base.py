"""The shape every check across files has (`Check`), what it is given (`CheckInput`: every data file
and docs page, read once by dataset.py) and the helpers several checks share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..load import Document, KeyPath
from ..model import (
    ExchangeRates,
    Price,
    Provider,
    Source,
)
from ..problems import Problem


@dataclass(frozen=True)
class ProviderFile:
    """A provider file given to the checks, whether or not it could be read."""

    id: str  # the file name without its extension
    path: str  # as problems name it


@dataclass(frozen=True)
class LoadedProvider:
    """A provider file that matched the model, with the document that locates its keys."""

    id: str
    provider: Provider
    document: Document


@dataclass(frozen=True)
class RatesFile:
    """The exchange-rates file. `rates` is None when none could be read from it (it is unreadable or does
    not match the model: validation names that once) or none were given; a missing file has no rates
    (an empty mapping). `document` is there when rates were read from it."""

    path: str  # as problems name it
    rates: ExchangeRates | None
    document: Document | None = None


@dataclass(frozen=True)
class CheckInput:
    """Everything a check may look at, read once."""

    root: Path  # the project: docs/ is below it, and problems name paths relative to it
    languages: tuple[str, ...]  # the site's languages, the source language first
    note_languages: tuple[str, ...]  # those every note is written in: none with a notes fallback
    today: dt.date  # the build date
    provider_files: tuple[ProviderFile, ...]  # every provider file given, read or not
    providers: tuple[LoadedProvider, ...]  # those that matched the model
    rates: RatesFile


CheckRun = Callable[[CheckInput], list[Problem]]


@dataclass(frozen=True)
class Check:
    """One check across files, as `python -m gpustorage checks` lists it."""

    name: str
    description: str  # one line: what the data must be
    run: CheckRun
    whole_project: bool = False  # needs every provider file and the docs pages


def each_provider(check: Callable[[CheckInput, LoadedProvider], list[Problem]]) -> CheckRun:
    """A check of one provider at a time, run over every provider that matched the model."""

    def run(data: CheckInput) -> list[Problem]:
        return [problem for loaded in data.providers for problem in check(data, loaded)]

    return run


def latest_date(data: CheckInput) -> dt.date:
    """The latest date a source or rate may show: the build date, plus a day for time zones."""
    return data.today + dt.timedelta(days=1)


def sources_of(provider: Provider) -> list[tuple[KeyPath, Source]]:
    found: list[tuple[KeyPath, Source]] = [
        (("no_persistent_storage", n), s) for n, s in enumerate(provider.no_persistent_storage or [])
    ]
    for i, offering in enumerate(provider.offerings):
        found += [(("offerings", i, "sources", n), s) for n, s in enumerate(offering.sources)]
    return found


def localized_texts(provider: Provider) -> list[tuple[KeyPath, Mapping[str, object]]]:
    """Every text the dataset words itself in each language, with where it stands: the notes of a
    provider and of its offerings, what an example price is for, and names given per language."""
    texts: list[tuple[KeyPath, Mapping[str, object] | None]] = [(("notes",), provider.notes)]
    for i, offering in enumerate(provider.offerings):
        texts.append((("offerings", i, "notes"), offering.notes))
        if isinstance(offering.price, Price):
            texts.append((("offerings", i, "price", "example_of"), offering.price.example_of))
        if isinstance(offering.regions, dict):
            texts.append((("offerings", i, "regions"), offering.regions))
    return [(loc, text) for loc, text in texts if text is not None]
