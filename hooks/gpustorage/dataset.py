"""Loading the dataset: every file under data/ read (stage 1), checked against the model (stage 2)
and across files; one DataError lists every problem, or a Dataset comes back."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import crosscheck
from . import strings as ui_strings
from .load import Document, load_file
from .model import PROVIDER_ID, ExchangeRates, LanguageStrings, Provider
from .problems import DataError, Problem
from .validate import check_model

SCHEMA_LINE = "# yaml-language-server: $schema=../../schema/provider.schema.json"


def build_date() -> dt.date:
    """The date the build judges freshness by: SOURCE_DATE_EPOCH when set (reproducible), else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date()
    return dt.datetime.now(tz=dt.UTC).date()


@dataclass(frozen=True)
class Dataset:
    """Everything the site is generated from, validated."""

    providers: dict[str, Provider]  # by id, sorted by id
    strings: dict[str, LanguageStrings]  # by language code
    rates: ExchangeRates
    files: dict[str, str]  # provider id -> repository-relative path of its file


def _display(file: Path, root: Path) -> str:
    return file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)


def _provider_file(file: Path, root: Path) -> tuple[Document | None, list[Problem]]:
    """One provider file read, with the problems its name and first line have."""
    display = _display(file, root)
    if file.suffix != ".yaml":
        return None, [Problem(display, 1, 1, "provider files must end in '.yaml'")]
    problems = []
    if not PROVIDER_ID.match(file.stem):
        problems.append(
            Problem(
                display,
                1,
                1,
                f"file name '{file.name}' is not a valid id: use lower-case letters, digits "
                "and single hyphens, e.g. 'lambda-labs.yaml'",
            )
        )
    doc, found = load_file(file, display)
    problems += found
    if doc is not None and not doc.text.startswith(SCHEMA_LINE):
        problems.append(
            Problem(display, 1, 1, f"the first line must be '{SCHEMA_LINE}' (editors check the file with it)")
        )
    return doc, problems


def load_providers(
    files: Iterable[Path],
    root: Path,
    languages: Iterable[str],
    rates: ExchangeRates | None = None,
    today: dt.date | None = None,
) -> tuple[dict[str, Provider], dict[str, str], list[Problem]]:
    """Provider files by id, their repository paths, and every problem; notes must be in `languages`,
    prices within bounds (in USD where `rates` has the currency), dates not after `today`."""
    providers: dict[str, Provider] = {}
    paths: dict[str, str] = {}
    named: dict[str, tuple[Provider, Document]] = {}
    problems: list[Problem] = []
    languages = list(languages)
    today = today or build_date()
    taken = crosscheck.taken_names(root / "docs", root)
    for file in sorted(files):
        doc, found = _provider_file(file, root)
        problems += found + crosscheck.provider_id(file.stem, _display(file, root), taken)
        if doc is None:
            continue
        provider, found = check_model(doc, Provider)
        problems += found
        if provider is not None:
            problems += crosscheck.note_languages(doc, provider, languages)
            problems += crosscheck.dates(doc, provider, today)
            problems += crosscheck.plausible(doc, provider, rates)
            providers[file.stem] = provider
            paths[file.stem] = doc.path
            named[file.stem] = (provider, doc)
    return providers, paths, problems + crosscheck.unique_names(named)


def load_strings(
    directory: Path, root: Path, languages: Iterable[str]
) -> tuple[dict[str, LanguageStrings], list[Problem]]:
    """The strings file of every site language, checked against the model and hooks/gpustorage/strings.py;
    a strings file for a language the site does not have is an error too."""
    languages = list(languages)
    strings: dict[str, LanguageStrings] = {}
    problems: list[Problem] = []
    docs: dict[str, Document] = {}
    for other in sorted(directory.glob("*")) if directory.is_dir() else []:
        if other.stem not in languages or other.suffix != ".yaml":
            problems.append(
                Problem(
                    _display(other, root),
                    1,
                    1,
                    f"not a strings file of a site language (expected one of: "
                    f"{', '.join(f'{lang}.yaml' for lang in languages)}); add the language to mkdocs.yml "
                    "or remove the file",
                )
            )
    for lang in languages:
        file = directory / f"{lang}.yaml"
        display = _display(file, root)
        if not file.exists() and not file.is_symlink():
            problems.append(Problem(display, 1, 1, f"missing strings file for site language '{lang}'"))
            continue
        doc, found = load_file(file, display)
        problems += found
        if doc is None:
            continue
        docs[lang] = doc
        parsed, found = check_model(doc, LanguageStrings)
        found += ui_strings.check_file(doc)
        problems += found
        if parsed is not None and not found:
            strings[lang] = parsed
    return strings, problems + ui_strings.missing_keys(docs)


def load_rates(file: Path, root: Path, today: dt.date | None = None) -> tuple[ExchangeRates, list[Problem]]:
    exists = file.exists() or file.is_symlink()  # a dangling link is a problem, not a missing file
    doc, problems = load_file(file, _display(file, root)) if exists else (None, [])
    rates = None
    if doc is not None:
        rates, found = check_model(doc, ExchangeRates)
        problems += found
        if rates is not None:
            problems += crosscheck.rate_dates(doc, rates, today or build_date())
    return rates or ExchangeRates(rates={}), problems


def prose_languages(strings: dict[str, LanguageStrings], languages: list[str]) -> list[str]:
    """The languages every note must be written in: a language with a notes fallback (a new one,
    say) shows another language's notes until they are translated."""
    return [lang for lang in languages if not (lang in strings and strings[lang].notes_fallback)]


def read_dataset(
    root: Path, languages: Iterable[str], today: dt.date | None = None
) -> tuple[Dataset, list[Problem]]:
    """Everything below `root/data` that could be read and validated, and every problem found;
    `today` is the build date (SOURCE_DATE_EPOCH or today): no source may be seen after it."""
    languages = list(languages)
    today = today or build_date()
    data = root / "data"
    strings, problems = load_strings(data / "i18n", root, languages)
    prose = prose_languages(strings, languages)
    rates_file = data / "exchange-rates.yaml"
    rates, rate_problems = load_rates(rates_file, root, today)
    problems += rate_problems
    providers, paths, found = load_providers((data / "providers").glob("*"), root, prose, rates, today)
    problems += found
    problems += crosscheck.pages(root / "docs", root, languages)
    if not rate_problems:  # a broken rates file is named once, not once per currency it lacks
        problems += crosscheck.currencies(_display(rates_file, root), rates, providers)
    if not providers and not problems:
        problems.append(Problem("data/providers", 1, 1, "no provider files found"))
    dataset = Dataset(providers=dict(sorted(providers.items())), strings=strings, files=paths, rates=rates)
    return dataset, problems


def load_dataset(root: Path, languages: Iterable[str], today: dt.date | None = None) -> Dataset:
    """Load and validate all data below `root/data` (see read_dataset); raise DataError listing every
    problem."""
    dataset, problems = read_dataset(root, languages, today)
    if problems:
        raise DataError(problems)
    return dataset
