"""The messages of one language: the interface strings with their placeholders filled, plural forms
(CLDR), and numbers, amounts, dates and lists in the language's format (Babel). Every stage that words
something for a reader (transform, render, feeds, review) asks a `Strings`."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from dataclasses import dataclass
from string import Formatter
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_currency, format_decimal, parse_pattern

_ONE_DECIMAL = parse_pattern("#,##0.#")  # parsed once: Babel would parse a pattern text on every call
RATE_SIGNIFICANT_DIGITS = 3  # a rate per GB-month shows this many: 0.0197, not 0.02
RATE_MAX_DECIMALS = 4  # a hundredth of a cent per GB-month: finer than any bill a reader compares


def rate_amount(amount: float) -> float:
    """A rate rounded to three significant digits, to no fewer decimals than a cent's two and no more
    than four: 0.0223517 -> 0.0224, 0.073 -> 0.073, 0.07 -> 0.07, 1.2345 -> 1.23, 0.00876 -> 0.0088.
    Two decimals alone would make cheap offers look alike ('0,02 $' for 0.0197 and 0.0224)."""
    if amount <= 0:
        return 0.0
    leading = math.floor(math.log10(amount))  # the position of the first significant digit
    return round(amount, min(RATE_MAX_DECIMALS, max(2, RATE_SIGNIFICANT_DIGITS - 1 - leading)))


class Strings:
    """UI strings of one language, with `{name}` placeholders filled by keyword."""

    def __init__(self, lang: str, ui: Mapping[str, Any], notes_fallback: str | None = None) -> None:
        self.lang = lang
        self.ui = ui
        self.notes_fallback = notes_fallback
        self.locale = Locale.parse(lang)  # parsed once: Babel would parse a code on every call
        # the messages that take no values, as they read: made with the language's strings, as most
        # words a page asks for are these ("ja", "unbekannt", a column's name)
        self.words = {
            key: text.format()
            for key, text in ui.items()
            if isinstance(text, str) and all(field is None for _, field, _, _ in Formatter().parse(text))
        }

    def __call__(self, key: str, **values: object) -> str:
        """The message `key` with its placeholders filled; whole numbers in the language's format, and
        the plural form (CLDR) that fits `count` where the message has several."""
        if not values and key in self.words:
            return self.words[key]
        text = self.ui[key]
        if not isinstance(text, str):  # plural forms
            count = values["count"]
            assert isinstance(count, int | float), key
            text = text.get(self.locale.plural_form(count), text["other"])
        numbers = {
            k: self.number(v) for k, v in values.items() if isinstance(v, int) and not isinstance(v, bool)
        }
        return str(text.format(**{**values, **numbers}) if numbers else text.format(**values))

    def message(self, key: str) -> Any:
        """The raw message, for the browser to fill (plural forms stay a mapping)."""
        return self.ui[key]

    def money(self, amount: float, currency: str) -> str:
        return format_currency(amount, currency, locale=self.locale, decimal_quantization=False)

    def rate(self, amount: float, currency: str) -> str:
        """A rate per GB-month with three significant digits: '0,0197 $'."""
        return self.money(rate_amount(amount), currency)

    def language_name(self, lang: str) -> str:
        """A language's name in this language (CLDR): 'Englisch', '英语', 'engleză'."""
        return str(self.locale.languages.get(lang, lang))

    def number(self, value: float) -> str:
        # a whole number below 1,000 is its digits in every locale's Latin numbering (Babel's default):
        # no separator, no decimal; the most frequent case by far (counts), so Babel is spared it
        if isinstance(value, int) and 0 <= value < 1000:
            return str(value)
        return format_decimal(value, locale=self.locale)

    def decimal(self, value: float) -> str:
        """A measured figure with at most one decimal: '3.414,9' in German, '3,414.9' in Chinese."""
        return format_decimal(value, format=_ONE_DECIMAL, locale=self.locale)

    def date(self, value: dt.date) -> str:
        return format_date(value, "medium", locale=self.locale)

    def join(self, items: list[str]) -> str:
        return format_list(items, locale=self.locale)

    def data_language(self, by_language: Mapping[str, object]) -> str | None:
        """Which of the data's own texts this language shows: its own, else the fallback language's."""
        lang = self.lang if self.lang in by_language else self.notes_fallback
        return lang if lang in by_language else None

    def prose(self, text: dict[str, str] | None) -> Prose | None:
        """Localized prose from data, in this language or else in the fallback language."""
        lang = self.data_language(text) if text else None
        return Prose(text[lang], lang) if text and lang else None


@dataclass(frozen=True)
class Prose:
    text: str
    lang: str  # the language the text is written in (a fallback language until translated)
