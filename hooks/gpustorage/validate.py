"""Stage 2, validate: check loaded documents against the model and collect every problem with its line."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .load import Document, KeyPath, load_file
from .markers import MARKER
from .model import (
    NAME_PATTERN,
    PROSE_PATTERN,
    PROVIDER_ID,
    SIZE_PATTERN,
    TEXT_PATTERN,
    URL_PATTERN,
    ExchangeRates,
    LanguageStrings,
    Provider,
)
from .problems import DataError, Problem

SCHEMA_LINE = "# yaml-language-server: $schema=../../schema/provider.schema.json"
_TYPE_NAMES = {
    "string_type": "text",
    "float_type": "a number",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "date_type": "a date written as YYYY-MM-DD (without quotes)",
    "list_type": "a list",
    "dict_type": "a mapping (key: value lines)",
    "model_type": "a mapping (key: value lines)",
    "model_attributes_type": "a mapping (key: value lines)",
}
_TEXT_HINT = "text with a visible character and no control characters or direction overrides"
_PATTERN_HINTS = {
    URL_PATTERN: "an https:// URL without spaces, quotes, backslashes or angle brackets",
    SIZE_PATTERN: "'unknown' or a size such as '4 TB', '10 TiB' or '500 GB'",
    TEXT_PATTERN: f"one line of {_TEXT_HINT}",
    PROSE_PATTERN: _TEXT_HINT,
    NAME_PATTERN: f"one line of {_TEXT_HINT}, and without < or >",
}


@dataclass(frozen=True)
class Dataset:
    """Everything the site is generated from, validated."""

    providers: dict[str, Provider]  # by id, sorted by id
    strings: dict[str, LanguageStrings]  # by language code
    rates: ExchangeRates
    files: dict[str, str]  # provider id -> repository-relative path of its file


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fields_of(model: type[BaseModel], loc: KeyPath) -> list[str]:
    """The valid key names of the mapping at `loc`, for 'did you mean' hints."""
    current: Any = model
    for part in loc:
        if isinstance(part, int) or part.startswith("~"):
            continue
        field = current.model_fields.get(part) if hasattr(current, "model_fields") else None
        if field is None:
            return []
        current = _model_in(field.annotation)
    return list(current.model_fields) if hasattr(current, "model_fields") else []


def _model_in(annotation: Any) -> Any:
    """The first BaseModel class found inside a type annotation (list[X], X | None, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in getattr(annotation, "__args__", ()) or getattr(annotation, "__metadata__", ()):
        found = _model_in(argument)
        if found is not None:
            return found
    origin = getattr(annotation, "__origin__", None)
    return _model_in(origin) if origin is not None and origin is not annotation else None


def _message(error: Any, model: type[BaseModel], loc: KeyPath) -> str:
    kind = error["type"]
    value = error.get("input")
    names = [part for part in loc if isinstance(part, str) and part[0] not in "~["]
    name = names[-1] if names else "value"
    if kind == "extra_forbidden":
        valid = _fields_of(model, loc[:-1])
        close = difflib.get_close_matches(str(name), valid, n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        return f"unknown key '{name}'{hint} (expected one of: {', '.join(valid)})"
    if kind == "missing":
        return f"missing required key '{name}'"
    if kind in ("literal_error", "enum"):
        expected = error.get("ctx", {}).get("expected", "")
        return f"'{name}' must be one of {expected}; got {_describe(value)}"
    if kind == "string_type" and isinstance(value, int | float | bool):
        quote = "YAML read a number or true/false: put the text in quotes"
        return f"'{name}' must be text; got {_describe(value)} ({quote})"
    if kind in _TYPE_NAMES:
        return f"'{name}' must be {_TYPE_NAMES[kind]}; got {_describe(value)}"
    if kind == "string_pattern_mismatch":
        hint = _PATTERN_HINTS.get(error["ctx"]["pattern"], f"text matching {error['ctx']['pattern']}")
        return f"'{name}' must be {hint}; got {_describe(value)}"
    if kind == "value_error":
        return str(error["ctx"]["error"])
    return f"'{name}': {error['msg'][0].lower()}{error['msg'][1:]}; got {_describe(value)}"


def check_model(doc: Document, model: type[BaseModel]) -> tuple[Any, list[Problem]]:
    """Validate one document against a model; returns the instance or every problem found."""
    try:
        return model.model_validate(doc.value), []
    except ValidationError as error:
        problems = []
        for item in error.errors(include_url=False):
            full_loc = tuple(item["loc"])
            loc = tuple(part for part in full_loc if not (isinstance(part, str) and part.startswith("~")))
            problems.append(doc.problem(loc, _message(item, model, full_loc)))
        return None, problems


def _check_languages(doc: Document, provider: Provider, languages: Iterable[str]) -> list[Problem]:
    """Every localized note must be written in every site language, and in no other."""
    wanted = set(languages)
    expected = f"(expected: {', '.join(sorted(wanted))})"
    problems = []
    notes: list[tuple[KeyPath, dict[str, str] | None]] = [(("notes",), provider.notes)]
    notes += [(("offerings", i, "notes"), o.notes) for i, o in enumerate(provider.offerings)]
    for loc, text in notes:
        if text is None:
            continue
        for lang in sorted(wanted - text.keys()):
            problems.append(doc.problem(loc, f"'notes' has no '{lang}' text {expected}"))
        for lang in sorted(text.keys() - wanted):
            problems.append(
                doc.problem(
                    (*loc, lang),
                    f"'notes' has text in '{lang}', which is not a site language {expected}",
                )
            )
    return problems


def check_pages(docs: Path, root: Path, languages: list[str]) -> list[Problem]:
    """Every page exists in every language, with the same data markers."""
    pages = {
        lang: {p.relative_to(docs / lang).as_posix(): p for p in sorted((docs / lang).rglob("*.md"))}
        for lang in languages
    }
    problems = []
    for lang in languages:
        for relative in sorted(set().union(*(p.keys() for p in pages.values())) - pages[lang].keys()):
            owners = ", ".join(other for other in languages if relative in pages[other])
            display = (docs / lang / relative).relative_to(root).as_posix()
            problems.append(Problem(display, 1, 1, f"missing page: it exists in {owners}; translate it"))
    for relative in sorted(set.intersection(*(set(p) for p in pages.values())) if pages else ()):
        markers = {
            lang: set(MARKER.findall(pages[lang][relative].read_text(encoding="utf-8"))) for lang in languages
        }
        first = languages[0]
        for lang in languages[1:]:
            if markers[lang] != markers[first]:
                display = pages[lang][relative].relative_to(root).as_posix()
                expected = ", ".join(f"<!-- data:{m} -->" for m in sorted(markers[first])) or "none"
                problems.append(
                    Problem(
                        display, 1, 1, f"data markers differ from the {first} page (expected: {expected})"
                    )
                )
    return problems


def load_providers(
    files: Iterable[Path], root: Path, languages: Iterable[str], prose_languages: Iterable[str] | None = None
) -> tuple[dict[str, Provider], dict[str, str], list[Problem]]:
    providers: dict[str, Provider] = {}
    paths: dict[str, str] = {}
    problems: list[Problem] = []
    languages = list(languages)
    for file in sorted(files):
        display = file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)
        provider_id = file.stem
        if file.suffix != ".yaml":
            problems.append(Problem(display, 1, 1, "provider files must end in '.yaml'"))
            continue
        if not PROVIDER_ID.match(provider_id):
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
        if doc is None:
            continue
        if not file.read_text(encoding="utf-8").startswith(SCHEMA_LINE):
            problems.append(
                Problem(
                    display, 1, 1, f"the first line must be '{SCHEMA_LINE}' (editors check the file with it)"
                )
            )
        provider, found = check_model(doc, Provider)
        problems += found
        if provider is not None:
            problems += _check_languages(doc, provider, prose_languages or languages)
            providers[provider_id] = provider
            paths[provider_id] = display
    return providers, paths, problems


def load_strings(
    directory: Path, root: Path, languages: Iterable[str]
) -> tuple[dict[str, LanguageStrings], list[Problem]]:
    strings: dict[str, LanguageStrings] = {}
    problems: list[Problem] = []
    docs: dict[str, Document] = {}
    for lang in languages:
        file = directory / f"{lang}.yaml"
        display = file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)
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
    all_keys = set().union(*(s.ui.keys() for s in strings.values())) if strings else set()
    for lang, parsed in strings.items():
        for key in sorted(all_keys - parsed.ui.keys()):
            owners = ", ".join(sorted(other for other, s in strings.items() if key in s.ui))
            problems.append(docs[lang].problem(("ui",), f"missing UI string '{key}' (present in {owners})"))
    return strings, problems


def load_rates(file: Path, root: Path, providers: dict[str, Provider]) -> tuple[ExchangeRates, list[Problem]]:
    """The exchange rates, and a problem for each currency that a price uses but no rate covers."""
    display = file.relative_to(root).as_posix()
    doc, problems = load_file(file, display) if file.exists() else (None, [])
    rates = None
    if doc is not None:
        rates, found = check_model(doc, ExchangeRates)
        problems += found
    rates = rates or ExchangeRates(rates={})
    used = {
        amount.currency.value
        for provider in providers.values()
        for offering in provider.offerings
        for amount in (offering.price, offering.egress)
        if hasattr(amount, "currency")
    }
    for currency in sorted(used - {"USD"} - {c.value for c in rates.rates}):
        problems.append(Problem(display, 1, 1, f"no exchange rate for {currency}; add one under 'rates'"))
    return rates, problems


def load_dataset(root: Path, languages: Iterable[str]) -> Dataset:
    """Load and validate all data below `root/data`; raise DataError listing every problem."""
    languages = list(languages)
    data = root / "data"
    strings, problems = load_strings(data / "i18n", root, languages)
    # a language with a notes fallback (a new one, say) need not have every note translated yet
    prose = [lang for lang in languages if not (lang in strings and strings[lang].notes_fallback)]
    providers, paths, found = load_providers((data / "providers").glob("*"), root, languages, prose)
    problems += found
    problems += check_pages(root / "docs", root, languages)
    rates, found = load_rates(data / "exchange-rates.yaml", root, providers)
    problems += found
    if not providers and not problems:
        problems.append(Problem("data/providers", 1, 1, "no provider files found"))
    if problems:
        raise DataError(problems)
    ordered = dict(sorted(providers.items()))
    return Dataset(providers=ordered, strings=strings, files=paths, rates=rates)
