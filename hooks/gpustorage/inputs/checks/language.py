"""The dataset's own words in each language read as the site's pages must: no form the language's
glossary forbids, Chinese with full-width punctuation and unspaced characters (product names written in
Chinese too), sizes with separators. The built pages are read by the same rules (language_rules.py), so a
contributor meets a broken rule here, with its file and line, before a build."""

from __future__ import annotations

from ..language_rules import chinese_problems, read_glossary, text_problems
from ..problems import Problem
from .base import Check, CheckInput, localized_texts


def _data_language(data: CheckInput) -> list[Problem]:
    problems: list[Problem] = []
    glossaries = {}
    for lang in data.note_languages:
        glossaries[lang], unreadable = read_glossary(data.root, lang)
        problems += unreadable
    for loaded in data.providers:
        doc = loaded.document
        for loc, text in localized_texts(loaded.provider):
            for lang, words in text.items():
                if lang not in glossaries:
                    continue  # not a site language: note-languages says so
                joined = "\n".join(words) if isinstance(words, list) else str(words)
                for message in text_problems(joined, glossaries[lang]):
                    problems.append(doc.problem((*loc, lang), f"'{loc[-1]}' ({lang}): {message}"))
        for i, offering in enumerate(loaded.provider.offerings):  # a name without Chinese breaks no rule
            for message in chinese_problems(offering.product):
                problems.append(doc.problem(("offerings", i, "product"), f"'product': {message}"))
    return problems


CHECKS = (
    Check(
        "data-language",
        "notes, example_of, names and Chinese product names keep their language's glossary and punctuation",
        _data_language,
    ),
)
