"""Loading the dataset: every file under data/ read (stage 1), checked against the model (stage 2)
and across files; one DataError lists every problem, or a Dataset comes back."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import crosscheck
from .load import Document, load_file
from .model import PROVIDER_ID, ExchangeRates, LanguageStrings, Provider
from .problems import DataError, Problem
from .validate import check_model

SCHEMA_LINE = "# yaml-language-server: $schema=../../schema/provider.schema.json"


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
    files: Iterable[Path], root: Path, languages: Iterable[str]
) -> tuple[dict[str, Provider], dict[str, str], list[Problem]]:
    """Provider files by id, their repository paths, and every problem; notes must be in `languages`."""
    providers: dict[str, Provider] = {}
    paths: dict[str, str] = {}
    problems: list[Problem] = []
    languages = list(languages)
    for file in sorted(files):
        doc, found = _provider_file(file, root)
        problems += found
        if doc is None:
            continue
        provider, found = check_model(doc, Provider)
        problems += found
        if provider is not None:
            problems += crosscheck.note_languages(doc, provider, languages)
            providers[file.stem] = provider
            paths[file.stem] = doc.path
    return providers, paths, problems


def load_strings(
    directory: Path, root: Path, languages: Iterable[str]
) -> tuple[dict[str, LanguageStrings], list[Problem]]:
    strings: dict[str, LanguageStrings] = {}
    problems: list[Problem] = []
    docs: dict[str, Document] = {}
    for lang in languages:
        file = directory / f"{lang}.yaml"
        display = _display(file, root)
        if not file.exists():
            problems.append(Problem(display, 1, 1, f"missing strings file for site language '{lang}'"))
            continue
        doc, found = load_file(file, display)
        problems += found
        if doc is None:
            continue
        parsed, found = check_model(doc, LanguageStrings)
        problems += found
        if parsed is not None:
            strings[lang], docs[lang] = parsed, doc
    return strings, problems + crosscheck.ui_keys(strings, docs)


def load_rates(file: Path, root: Path) -> tuple[ExchangeRates, list[Problem]]:
    doc, problems = load_file(file, _display(file, root)) if file.exists() else (None, [])
    rates = None
    if doc is not None:
        rates, found = check_model(doc, ExchangeRates)
        problems += found
    return rates or ExchangeRates(rates={}), problems


def prose_languages(strings: dict[str, LanguageStrings], languages: list[str]) -> list[str]:
    """The languages every note must be written in: a language with a notes fallback (a new one,
    say) shows another language's notes until they are translated."""
    return [lang for lang in languages if not (lang in strings and strings[lang].notes_fallback)]


def load_dataset(root: Path, languages: Iterable[str]) -> Dataset:
    """Load and validate all data below `root/data`; raise DataError listing every problem."""
    languages = list(languages)
    data = root / "data"
    strings, problems = load_strings(data / "i18n", root, languages)
    prose = prose_languages(strings, languages)
    providers, paths, found = load_providers((data / "providers").glob("*"), root, prose)
    problems += found
    problems += crosscheck.pages(root / "docs", root, languages)
    rates_file = data / "exchange-rates.yaml"
    rates, found = load_rates(rates_file, root)
    problems += found + crosscheck.currencies(_display(rates_file, root), rates, providers)
    if not providers and not problems:
        problems.append(Problem("data/providers", 1, 1, "no provider files found"))
    if problems:
        raise DataError(problems)
    return Dataset(providers=dict(sorted(providers.items())), strings=strings, files=paths, rates=rates)
