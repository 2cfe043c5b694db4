"""How text reads in each of the site's languages, written once: the forms a language's glossary
forbids (data/glossary/<lang>.yaml), Chinese text's full-width punctuation and unspaced characters, and
sizes of five digits or more with a separator or a larger unit. The data check `data-language` reads the
dataset's own words by them (file and line for a contributor); tests/built_site/test_language.py reads
every built page by them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .load import load_file
from .problems import Problem

CJK = "\u3400-\u4dbf\u4e00-\u9fff"
CJK_PUNCTUATION = "，。；：！？（）、"
SPACE_IN_CHINESE = re.compile(rf"[{CJK}{CJK_PUNCTUATION}] [{CJK}{CJK_PUNCTUATION}]")
# ASCII punctuation beside Chinese characters, and ASCII brackets around Chinese text ('(3 个区域)')
ASCII_IN_CHINESE = re.compile(rf"[{CJK}][,;:!?]|[,;:!?] ?[{CJK}]|\([^()]*[{CJK}][^()]*\)")
# five or more digits in a row before a size unit: '32768 GiB' (a separator or a larger unit reads)
BARE_SIZE = re.compile(r"(?<![\d.,])\d{5,}\s?[KMGTPE]i?B\b")


@dataclass(frozen=True)
class ForbiddenForm:
    """A form a language's pages do not use, and what they write instead."""

    form: re.Pattern[str]
    use: str
    why: str


@dataclass(frozen=True)
class Glossary:
    """A language's glossary as the checks read it: its forbidden forms (none without a glossary)."""

    lang: str
    forbidden: tuple[ForbiddenForm, ...] = ()


def read_glossary(root: Path, lang: str) -> tuple[Glossary, list[Problem]]:
    """data/glossary/<lang>.yaml under `root`; a language without one forbids nothing."""
    file = root / "data" / "glossary" / f"{lang}.yaml"
    if not file.exists() and not file.is_symlink():  # a dangling link is a problem, not a missing file
        return Glossary(lang), []
    doc, problems = load_file(file, file.relative_to(root).as_posix())
    if doc is None:
        return Glossary(lang), problems
    entries = doc.value.get("forbidden") if isinstance(doc.value, dict) else None
    forms = []
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if not (
            isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in ("form", "use", "why"))
        ):
            problems.append(doc.problem(("forbidden", i), "expected 'form', 'use' and 'why', each a text"))
            continue
        try:
            forms.append(ForbiddenForm(re.compile(entry["form"]), entry["use"], entry["why"]))
        except re.error as error:
            problems.append(doc.problem(("forbidden", i, "form"), f"not a regular expression: {error}"))
    return Glossary(lang, tuple(forms)), problems


def chinese_problems(text: str) -> list[str]:
    """Where Chinese text breaks the site's punctuation: a space between characters, ASCII punctuation."""
    spaced = [f"'{m.group()}': no space between Chinese characters" for m in SPACE_IN_CHINESE.finditer(text)]
    ascii_marks = [
        f"'{m.group()}': Chinese text takes full-width punctuation (，；：！？ and （）)"
        for m in ASCII_IN_CHINESE.finditer(text)
    ]
    return spaced + ascii_marks


def forbidden_problems(text: str, glossary: Glossary) -> list[str]:
    """Each form in `text` that the glossary forbids, with the form to use instead."""
    return [
        f"'{m.group()}' is a form the {glossary.lang} glossary forbids: use {form.use} ({form.why})"
        for form in glossary.forbidden
        for m in form.form.finditer(text)
    ]


def text_problems(text: str, glossary: Glossary) -> list[str]:
    """What in `text`, written in the glossary's language, breaks the language's rules."""
    problems = forbidden_problems(text, glossary)
    if glossary.lang == "zh":
        problems += chinese_problems(text)
    problems += [
        f"'{m.group()}': a size of five digits or more takes a separator or a larger unit"
        for m in BARE_SIZE.finditer(text)
    ]
    return problems
