"""Loading the dataset: every file under data/ read (stage 1) and checked against the model (stage 2),
each alone; then every check across files (checks.CHECKS) run the same way. One DataError lists
every problem, or a Dataset comes back."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import ui_strings
from .checks import CHECKS, CheckInput, LoadedProvider, ProviderFile, RatesFile
from .load import Document, load_file
from .model import PROVIDER_ID, ExchangeRates, LanguageStrings, Provider
from .problems import DataError, Problem
from .validate import check_model

SCHEMA_LINE = "# yaml-language-server: $schema=../../schema/provider.schema.json"
RATES_FILE = "data/exchange-rates.yaml"


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


def _read_providers(
    files: Iterable[Path], root: Path
) -> tuple[tuple[ProviderFile, ...], tuple[LoadedProvider, ...], list[Problem]]:
    """Provider files read and checked against the model, each alone: every file given, those that
    matched the model, and every problem found."""
    given: list[ProviderFile] = []
    loaded: list[LoadedProvider] = []
    problems: list[Problem] = []
    for file in sorted(files):
        given.append(ProviderFile(file.stem, _display(file, root)))
        doc, found = _provider_file(file, root)
        problems += found
        if doc is None:
            continue
        provider, found = check_model(doc, Provider)
        problems += found
        if provider is not None:
            loaded.append(LoadedProvider(file.stem, provider, doc))
    return tuple(given), tuple(loaded), problems


def _by_id(loaded: Iterable[LoadedProvider]) -> tuple[dict[str, Provider], dict[str, str]]:
    """Providers by id, sorted by id, and the repository path of each one's file."""
    ordered = sorted(loaded, key=lambda provider: provider.id)
    return {p.id: p.provider for p in ordered}, {p.id: p.document.path for p in ordered}


def run_checks(data: CheckInput, whole_project: bool = True) -> list[Problem]:
    """Every problem the checks across files find (checks.CHECKS), each check run whatever the others
    find; without `whole_project`, only the checks that need no more than the files given."""
    checks = [check for check in CHECKS if whole_project or not check.whole_project]
    return [problem for check in checks for problem in check.run(data)]


def loaded_providers(
    files: Iterable[Path],
    root: Path,
    languages: Iterable[str],
    rates: ExchangeRates | None = None,
    today: dt.date | None = None,
) -> tuple[tuple[LoadedProvider, ...], list[Problem]]:
    """Provider files alone (no strings or rates file read), each with its document (where each of its
    keys stands), and every problem, the checks across them included: notes must be in `languages`,
    prices within bounds (in USD where `rates` has the currency), dates not after `today`."""
    given, loaded, problems = _read_providers(files, root)
    languages = tuple(languages)
    rates_file = RatesFile(RATES_FILE, rates)
    data = CheckInput(root, languages, languages, today or build_date(), given, loaded, rates_file)
    return loaded, problems + run_checks(data, whole_project=False)


def load_strings(
    directory: Path, root: Path, languages: Iterable[str]
) -> tuple[dict[str, LanguageStrings], list[Problem]]:
    """The strings file of every site language, checked against the model and
    hooks/gpustorage/inputs/ui_strings.py; a strings file for a language the site does not have is an error
    too."""
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


def read_rates(file: Path, root: Path) -> tuple[RatesFile, list[Problem]]:
    """The exchange-rates file read and checked against the model; a missing file has no rates."""
    display = _display(file, root)
    if not file.exists() and not file.is_symlink():  # a dangling link is a problem, not a missing file
        return RatesFile(display, ExchangeRates(rates={})), []
    doc, problems = load_file(file, display)
    rates, found = check_model(doc, ExchangeRates) if doc is not None else (None, [])
    return RatesFile(display, rates, doc if rates is not None else None), problems + found


def prose_languages(strings: dict[str, LanguageStrings], languages: list[str]) -> list[str]:
    """The languages every note must be written in: a language with a notes fallback (a new one,
    say) shows another language's notes until they are translated."""
    return [lang for lang in languages if not (lang in strings and strings[lang].notes_fallback)]


def _read_project(
    root: Path, languages: list[str], today: dt.date, provider_files: Iterable[Path]
) -> tuple[CheckInput, dict[str, LanguageStrings], list[Problem]]:
    """The strings, the exchange rates and the given provider files read and checked against the model,
    each file alone: what the checks across files look at, the strings, and every problem found."""
    strings, problems = load_strings(root / "data" / "i18n", root, languages)
    rates, found = read_rates(root / RATES_FILE, root)
    given, loaded, more = _read_providers(provider_files, root)
    data = CheckInput(
        root=root,
        languages=tuple(languages),
        note_languages=tuple(prose_languages(strings, languages)),
        today=today,
        provider_files=given,
        providers=loaded,
        rates=rates,
    )
    return data, strings, problems + found + more


def check_files(
    files: Iterable[Path], root: Path, languages: Iterable[str], today: dt.date | None = None
) -> list[Problem]:
    """Every problem of some provider files, of the strings and of the exchange rates, found as a full
    load finds them, less the checks that need the whole project (every provider, the docs pages)."""
    data, _, problems = _read_project(root, list(languages), today or build_date(), files)
    return problems + run_checks(data, whole_project=False)


def read_dataset(
    root: Path, languages: Iterable[str], today: dt.date | None = None
) -> tuple[Dataset, list[Problem]]:
    """Everything below `root/data` that could be read and validated, and every problem found (every
    check across files run); `today` is the build date (SOURCE_DATE_EPOCH or today): no source may be
    seen after it."""
    every_provider = (root / "data" / "providers").glob("*")
    data, strings, problems = _read_project(root, list(languages), today or build_date(), every_provider)
    problems += run_checks(data)
    if not data.providers and not problems:
        problems.append(Problem("data/providers", 1, 1, "no provider files found"))
    providers, paths = _by_id(data.providers)
    rates = data.rates.rates or ExchangeRates(rates={})  # a file without usable rates is a problem
    return Dataset(providers=providers, strings=strings, files=paths, rates=rates), problems


def load_dataset(root: Path, languages: Iterable[str], today: dt.date | None = None) -> Dataset:
    """Load and validate all data below `root/data` (see read_dataset); raise DataError listing every
    problem."""
    dataset, problems = read_dataset(root, languages, today)
    if problems:
        raise DataError(problems)
    return dataset
