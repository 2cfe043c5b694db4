"""Checks across files: what one file cannot know alone (languages, pages, currencies)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from .load import Document, KeyPath
from .markers import MARKER
from .model import ExchangeRates, LanguageStrings, Provider
from .problems import Problem


def note_languages(doc: Document, provider: Provider, languages: Iterable[str]) -> list[Problem]:
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


def ui_keys(strings: Mapping[str, LanguageStrings], docs: Mapping[str, Document]) -> list[Problem]:
    """Every strings file has the same interface keys."""
    all_keys = set().union(*(s.ui.keys() for s in strings.values())) if strings else set()
    problems = []
    for lang, parsed in strings.items():
        for key in sorted(all_keys - parsed.ui.keys()):
            owners = ", ".join(sorted(other for other, s in strings.items() if key in s.ui))
            problems.append(docs[lang].problem(("ui",), f"missing UI string '{key}' (present in {owners})"))
    return problems


def currencies(display: str, rates: ExchangeRates, providers: Mapping[str, Provider]) -> list[Problem]:
    """A problem for each currency that a price uses but no exchange rate covers."""
    used = {
        amount.currency.value
        for provider in providers.values()
        for offering in provider.offerings
        for amount in (offering.price, offering.egress)
        if not isinstance(amount, str)
    }
    return [
        Problem(display, 1, 1, f"no exchange rate for {currency}; add one under 'rates'")
        for currency in sorted(used - {"USD"} - {c.value for c in rates.rates})
    ]


def pages(docs: Path, root: Path, languages: list[str]) -> list[Problem]:
    """Every page exists in every language, with the same data markers."""
    found = {
        lang: {p.relative_to(docs / lang).as_posix(): p for p in sorted((docs / lang).rglob("*.md"))}
        for lang in languages
    }
    problems = []
    for lang in languages:
        for relative in sorted(set().union(*(p.keys() for p in found.values())) - found[lang].keys()):
            owners = ", ".join(other for other in languages if relative in found[other])
            display = (docs / lang / relative).relative_to(root).as_posix()
            problems.append(Problem(display, 1, 1, f"missing page: it exists in {owners}; translate it"))
    for relative in sorted(set.intersection(*(set(p) for p in found.values())) if found else ()):
        markers = {
            lang: set(MARKER.findall(found[lang][relative].read_text(encoding="utf-8"))) for lang in languages
        }
        first = languages[0]
        for lang in languages[1:]:
            if markers[lang] != markers[first]:
                display = found[lang][relative].relative_to(root).as_posix()
                expected = ", ".join(f"<!-- data:{m} -->" for m in sorted(markers[first])) or "none"
                problems.append(
                    Problem(
                        display, 1, 1, f"data markers differ from the {first} page (expected: {expected})"
                    )
                )
    return problems
