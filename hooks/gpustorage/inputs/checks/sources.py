"""Checks that tie a value to its sources' words: a yes or no without limiting words, an object store's
answers, a list price quoted as one, first-party sources before third parties, and the plans of a region
binding that varies."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from ..model import (
    BINDING_BY_PLAN,
    Answer,
    Fact,
    OfferingBase,
    Price,
    PriceBasis,
    RegionBinding,
    Source,
    StorageKind,
)
from ..problems import Problem
from .base import Check, CheckInput, LoadedProvider, each_provider

# The yes/no facts: each says whether something holds for the whole offering. One limited to some types,
# modes, plans or cases is `partial` (data/README.md, "Answers").
ANSWER_FACTS = (Fact.billed_while_detached, Fact.snapshots, Fact.multi_attach, Fact.spot_usable)

# Words that limit what a quote for a "yes" or a "no" states, per answer and quote language (the primary
# subtag of a source's `lang`); the longer phrase first, so that "read-only" is named rather than "only".
# Latin words match whole; Chinese characters anywhere. A "yes" limited to some types or to reading is
# partial ("only Premium SSDs", "read-only"); a "no" says "only one instance" in its own words, so only
# an exception makes it partial ("except shared disks").
LIMITING_PHRASES: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "yes": {
            "en": ("read-only", "only", "some", "certain", "limited", "except"),
            "de": ("schreibgeschützt", "nur", "außer", "manche"),
            "zh": ("只读", "仅", "只", "除"),
        },
        "no": {
            "en": ("except", "unless", "some", "certain"),
            "de": ("außer", "manche"),
            "zh": ("除",),
        },
    }
)
# Reading is a limit of sharing only: a snapshot or a detached volume that is read-only is not partial.
MODE_PHRASES = frozenset({"read-only", "schreibgeschützt", "只读"})
# Words that hold a limiting word without limiting the answer, per quote language: "a certain amount" is
# an amount, not a kind; "you pay only for what you use" says what is billed, not when.
NOT_LIMITING: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "en": (
            "a certain",
            "pay only for",
            "pays only for",
            "paid only for",
            "billed only for",
            "charged only for",
        )
    }
)
# "read-only" beside "read/write" names one of the modes a share offers, not a limit
_BOTH_MODES = re.compile(r"read[/ -]write", re.IGNORECASE)


def _phrase_pattern(phrase: str, language: str) -> re.Pattern[str]:
    """A phrase as a whole word ("außer" is not the start of "Außerdem"); in Chinese, which writes no
    spaces between words, anywhere."""
    escaped = re.escape(phrase)
    return re.compile(escaped if language == "zh" else rf"(?<![\w-]){escaped}(?![\w-])", re.IGNORECASE)


def limiting_phrase(quote: str, lang: str, answer: str, fact: Fact = Fact.multi_attach) -> str | None:
    """The first phrase of the quote's language that limits `answer` for `fact` in the quote, or None."""
    language = lang.split("-")[0].lower()
    text = quote
    for idiom in NOT_LIMITING.get(language, ()):
        text = _phrase_pattern(idiom, language).sub(" ", text)
    for phrase in LIMITING_PHRASES[answer].get(language, ()):
        pattern = _phrase_pattern(phrase, language)
        if phrase in MODE_PHRASES and (fact is not Fact.multi_attach or _BOTH_MODES.search(quote)):
            text = pattern.sub(" ", text)  # nor does its shorter part ("只" of "只读") count
            continue
        if pattern.search(text):
            return phrase
    return None


def _answer_words(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """A "yes" or "no" is stated without limit: a quote for it with a phrase that limits that answer
    (LIMITING_PHRASES) says the answer is partial."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        for fact in ANSWER_FACTS:
            value = str(offering.value_of(fact))
            if value not in LIMITING_PHRASES:
                continue
            for n, source in enumerate(offering.sources):
                quote = source.quote.get(fact)
                phrase = limiting_phrase(quote, source.lang, value, fact) if quote else None
                if phrase is None:
                    continue
                loc = ("offerings", i, "sources", n, "quote", fact.value)
                message = (
                    f"{fact.value} is '{value}', but its quote limits it with '{phrase}': set partial, or "
                    "quote the words that state it without limit"
                )
                problems.append(loaded.document.problem(loc, message))
    return problems


# An object store is reached over its API by any number of machines and is attached to none: whether it
# bills while no GPU uses it and whether several machines can attach it follow from its kind.
OBJECT_STORE_FACTS = (Fact.billed_while_detached, Fact.multi_attach)


def _object_store_answers(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """An object store's billed_while_detached and multi_attach are not_applicable; storage that
    machines mount as a file system is a shared_filesystem."""
    return [
        loaded.document.problem(
            ("offerings", i, fact.value),
            f"{fact.value} of an object store is not_applicable, not '{offering.value_of(fact)}': it is "
            "attached to no machine; if machines mount it as a file system, its kind is shared_filesystem",
        )
        for i, offering in enumerate(loaded.provider.offerings)
        if offering.kind is StorageKind.object_storage
        for fact in OBJECT_STORE_FACTS
        if offering.value_of(fact) != Answer.not_applicable
    ]


# Words that say a price is a floor or a worked example rather than the price list, per quote language:
# such a price is `basis: example`, named in `example_of` (data/README.md, "Price basis"). Patterns
# match without case; Latin words whole.
NOT_A_LIST: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "en": (
            r"starts? at",
            r"starting (?:at|from)",
            r"from (?:just |only )?(?:US)?[$€£₹¥]",
            r"as low as",
            r"for example",
            r"e\.g\.",
        ),
        "de": (r"ab (?:nur )?(?:[$€]|\d)", r"zum Beispiel", r"z\. ?B\."),
        "fr": (r"à partir de", r"par exemple"),
        "pt": (r"a partir de", r"por exemplo"),
        "zh": (r"起价", r"低至", r"例如", r"\d\s*(?:元|美元)(?:/\S+)?\s*起"),
    }
)


def floor_words(quote: str, lang: str) -> str | None:
    """The words of the quote that make its price a floor or an example, or None."""
    language = lang.split("-")[0].lower()
    for pattern in NOT_A_LIST.get(language, ()):
        bounded = pattern if language == "zh" else rf"(?<![\w-]){pattern}"
        found = re.search(bounded, quote, re.IGNORECASE)
        if found:
            return found.group(0)
    return None


def _price_basis_words(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """A list price is quoted as a price, not as a floor ("starts at", "ab") or an example."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        price = offering.price
        if not isinstance(price, Price) or price.basis is not PriceBasis.list:
            continue
        for n, source in enumerate(offering.sources):
            quote = source.quote.get(Fact.price)
            words = floor_words(quote, source.lang) if quote else None
            if words is None:
                continue
            message = (
                f"price is a list price, but its quote says '{words}': a floor or an example is "
                "basis: example, with example_of naming the case"
            )
            problems.append(
                loaded.document.problem(("offerings", i, "sources", n, "quote", "price"), message)
            )
    return problems


def _first_party_clash(fact: Fact, third: Source, offering: OfferingBase) -> Source | None:
    """A first-party source of the offering that covers the fact and is not older than the third party."""
    return next(
        (
            source
            for source in offering.sources
            if not source.third_party and fact in source.covers and source.seen >= third.seen
        ),
        None,
    )


def _first_party_first(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """A fact that a first-party source of the offering covers is not also taken from a third party,
    unless the first-party source is older (the third party then has the newer word)."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        for n, source in enumerate(offering.sources):
            for k, fact in enumerate(source.covers if source.third_party else ()):
                own = _first_party_clash(fact, source, offering)
                if own is None:
                    continue
                message = (
                    f"{fact.value} is covered by this third-party source (seen {source.seen.isoformat()}) "
                    f"and by the provider's own {own.url} (seen {own.seen.isoformat()}), which is not "
                    "older: take the value from the first-party source and drop the fact from the third "
                    "party's covers"
                )
                problems.append(loaded.document.problem(("offerings", i, "sources", n, "covers", k), message))
    return problems


_PLAN_BINDINGS_ADVICE = "name each plan's binding, e.g. 'binding_by_plan: {Single-AZ: zone, Metro: region}'"


def _plan_binding_problem(offering: OfferingBase) -> tuple[str, str] | None:
    """What is wrong with an offering's binding by plan, and the key it stands at; None when nothing."""
    varies = offering.value_of(Fact.region_binding) == RegionBinding.varies
    plans = offering.binding_by_plan
    if plans is None:
        return (
            ("region_binding", f"region_binding 'varies' needs its plans: {_PLAN_BINDINGS_ADVICE}")
            if varies
            else None
        )
    if not varies:
        binding = offering.value_of(Fact.region_binding)
        return (
            BINDING_BY_PLAN,
            f"'{BINDING_BY_PLAN}' is given, but region_binding is '{binding}': set region_binding to "
            "varies, or remove the plans",
        )
    vague = sorted(
        plan for plan, binding in plans.items() if binding in (RegionBinding.varies, RegionBinding.unknown)
    )
    if vague:
        return (
            BINDING_BY_PLAN,
            f"each plan needs a binding of its own, not varies or unknown: {', '.join(vague)}",
        )
    if len(plans) < 2 or len(set(plans.values())) < 2:
        return (
            BINDING_BY_PLAN,
            "a binding that varies needs at least two plans with different bindings; "
            + _PLAN_BINDINGS_ADVICE,
        )
    return None


def _binding_by_plan(data: CheckInput, loaded: LoadedProvider) -> list[Problem]:
    """region_binding 'varies' names at least two plans with different bindings, and only then."""
    problems = []
    for i, offering in enumerate(loaded.provider.offerings):
        found = _plan_binding_problem(offering)
        if found is not None:
            key, message = found
            problems.append(loaded.document.problem(("offerings", i, key), message))
    return problems


CHECKS = (
    Check(
        "answer-words",
        'a "yes" or "no" (snapshots, multi_attach…) has no quote with limiting words (only, except, 仅…)',
        each_provider(_answer_words),
    ),
    Check(
        "object-store-answers",
        "an object store's billed_while_detached and multi_attach are not_applicable",
        each_provider(_object_store_answers),
    ),
    Check(
        "price-basis-words",
        "a list price's quote has no words of a floor or an example (starts at, from $, ab, for example…)",
        each_provider(_price_basis_words),
    ),
    Check(
        "first-party-first",
        "no fact is taken from a third party that a first-party source as new or newer also covers",
        each_provider(_first_party_first),
    ),
    Check(
        "binding-by-plan",
        "region_binding 'varies' names at least two plans with different bindings, and only then",
        each_provider(_binding_by_plan),
    ),
)
