"""The data model: what one provider file (`data/providers/<id>.yaml`) may contain.

Storage offerings are the primary object. Every fact that is not `unknown` must be backed by a source
that names the fact in its `covers` list; a source relayed by a non-provider page is `third_party`.
The same classes produce the published JSON Schema, so editors and the build check the same rules.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Mapping
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeVar
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    StringConstraints,
    Tag,
    ValidationError,
    ValidationInfo,
    create_model,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from .facts import FACTS, FactDeclaration, ValueKind
from .facts import Fact as Fact  # declared with the other facts; imported from here too

UNKNOWN: Final = "unknown"
# a price that is part of something else the reader pays for (a plan, an instance): no price of its own, not 0
INCLUDED: Final = "included"

# Plausible bounds: a value beyond one is a typo (a unit, a missing dot), never a real offer.
MAX_TIERS = 20  # price tiers per price; more make pages and report links huge
MAX_GB = 1e11  # 100 EB: no size, tier bound or allowance is larger (the largest real ones are 8 EB)
MAX_SIZE_TEXT = "100 EB"
MAX_USD_PER_GB_MONTH = 100.0  # a price above this, converted to USD per GB-month, is an error
MAX_EGRESS_USD_PER_GB = 10.0
MAX_MONTHLY_FEE_USD = 100_000.0

# Characters no text may hold: C0 and C1 controls, bidirectional embeddings, overrides and isolates
# (which can disguise what a reviewer sees), and zero-width spaces, word joiners and byte order marks.
_BAD = r"\x00-\x1f\x7f-\x9f\u061c\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_INVISIBLE = _BAD + r"\u00ad\u115f\u1160\u180e\u200c-\u200f\u3164\uffa0"  # in URLs: nothing unseen
_HOST = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
# https, a host name with a dot (no user name or password before it), then a path without spaces,
# quotes, backslashes, angle brackets or invisible characters
URL_PATTERN = rf"^https://{_HOST}(?::[0-9]{{1,5}})?(?:[/?#][^\s<>\"'`\\{_INVISIBLE}]*)?$"
# Letters that show as blank space (Hangul fillers): they do not count as visible.
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")


def has_visible_letter(text: str) -> bool:
    """Whether the text holds a letter or a digit that shows (not only spaces, marks or fillers)."""
    return any(unicodedata.category(c)[0] in "LN" and c not in _FILLERS for c in text)


def _visible(text: str) -> str:
    if not has_visible_letter(text):
        raise PydanticCustomError("invisible_text", "needs at least one visible letter or digit")
    return text


def url_problem(url: str) -> str | None:
    """Why a text is not an acceptable URL, in words; None when it is one."""
    if not url.startswith("https://"):
        return "it must start with https://"
    for number, character in enumerate(url, 1):
        if character.isspace() or re.match(rf"[{_INVISIBLE}]", character):
            return f"character {number} is a space or an invisible character (U+{ord(character):04X})"
        if character in "<>\"'`\\":
            return f"character {number} is a quote, backslash or angle bracket ({character})"
    netloc = urlsplit(url).netloc
    if "@" in netloc:
        return (
            f"it holds a user name or password ('{netloc.rpartition('@')[0]}@'), which readers would "
            "take for the host"
        )
    host = netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc
    if not re.fullmatch(_HOST, host):
        return f"'{host}' is not a host name with a dot, such as example.com"
    return None if re.match(URL_PATTERN, url) else "it is not a plain https:// address"


HttpsUrl = Annotated[str, StringConstraints(pattern=URL_PATTERN, max_length=500)]
# Text may hold any printable character but those in _BAD, and at least one visible letter or digit.
TEXT_PATTERN = rf"^[^{_BAD}]*[^\s{_BAD}][^{_BAD}]*$"
ShortText = Annotated[str, StringConstraints(max_length=200, pattern=TEXT_PATTERN), AfterValidator(_visible)]
_BAD_IN_PROSE = _BAD.replace(r"\x00-\x1f", r"\x00-\x08\x0b-\x1f")  # tabs and newlines allowed
PROSE_PATTERN = rf"^[^{_BAD_IN_PROSE}]*[^\s{_BAD_IN_PROSE}][^{_BAD_IN_PROSE}]*$"
LongText = Annotated[str, StringConstraints(max_length=2000, pattern=PROSE_PATTERN), AfterValidator(_visible)]
# A provider's name becomes a page title, which MkDocs and Material unescape: no angle brackets; and
# no zero-width joiners either, which could make two names look the same.
_BAD_IN_NAMES = rf"<>{_BAD}\u200c\u200d"
NAME_PATTERN = rf"^[^{_BAD_IN_NAMES}]*[^\s{_BAD_IN_NAMES}][^{_BAD_IN_NAMES}]*$"
NameText = Annotated[str, StringConstraints(max_length=100, pattern=NAME_PATTERN), AfterValidator(_visible)]
SIZE_PATTERN = r"^(unknown|[0-9]{1,12}(\.[0-9]{1,6})? (GB|GiB|TB|TiB|PB|PiB|EB|EiB))$"


def _plausible_size(size: str) -> str:
    if size != UNKNOWN and size_in_gb(size) > MAX_GB:
        raise PydanticCustomError(
            "size_too_large", "is larger than {limit}, the largest size accepted", {"limit": MAX_SIZE_TEXT}
        )
    return size


Size = Annotated[str, StringConstraints(pattern=SIZE_PATTERN), AfterValidator(_plausible_size)]

BYTES_PER_UNIT = {
    "GB": 1e9,
    "GiB": 2**30,
    "TB": 1e12,
    "TiB": 2**40,
    "PB": 1e15,
    "PiB": 2**50,
    "EB": 1e18,
    "EiB": 2**60,
}


class Record(BaseModel):
    # allow_inf_nan: 1.0e999 reads as infinity, which is no price (and not JSON)
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, allow_inf_nan=False)


class StorageKind(StrEnum):
    network_volume = "network_volume"
    block_volume = "block_volume"
    shared_filesystem = "shared_filesystem"
    object_storage = "object_storage"
    persistent_home = "persistent_home"


class Answer(StrEnum):
    """A tri-state answer (plus `partial` and `not_applicable`), never a YAML boolean."""

    yes = "yes"
    no = "no"
    partial = "partial"
    not_applicable = "not_applicable"
    unknown = "unknown"


class RegionBinding(StrEnum):
    machine = "machine"
    datacenter = "datacenter"
    zone = "zone"
    region = "region"
    global_ = "global"
    varies = "varies"  # differs by plan: `binding_by_plan` names each plan's binding
    unknown = "unknown"


class Currency(StrEnum):
    USD = "USD"
    EUR = "EUR"
    INR = "INR"
    CNY = "CNY"


class PriceBasis(StrEnum):
    """What a price is: a published price list, or a worked example (one region's or one case's figure)."""

    list = "list"
    example = "example"


class PriceUnit(StrEnum):
    gb_month = "GB-month"
    gib_month = "GiB-month"
    gb_hour = "GB-hour"
    gib_hour = "GiB-hour"
    tb_month = "TB-month"
    tib_month = "TiB-month"
    tb_hour = "TB-hour"
    tib_hour = "TiB-hour"
    gb_day = "GB-day"
    gib_day = "GiB-day"
    tb_day = "TB-day"
    tib_day = "TiB-day"


E = TypeVar("E", bound=Enum)
# `Lax[SomeEnum]`: an enum field that accepts the enum's text values; the rest stays strict.
Lax = Annotated[E, Strict(False)]


LanguageCode = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(_[A-Z]{2})?$")]
# Prose in every site language, keyed by language code; completeness is checked against the site's
# languages at validation time, so adding a language needs no change here.
Localized = Annotated[dict[LanguageCode, LongText], Field(min_length=1)]
# One line in every site language, checked like prose: what the dataset says itself in a few words
# (what an example price is for). A source's own words are quotes, in the source's language.
LocalizedLine = Annotated[dict[LanguageCode, ShortText], Field(min_length=1)]


PRICING_DESCRIPTION = (
    "The provider's own price page (https only), which the site links as its prices; leave it out "
    "where no source names one (the site then says the data has none)."
)


def word_or_table(words: object, table: type[BaseModel]) -> object:
    """A value that is either one of some words or a mapping; errors come from the matching branch."""
    return Annotated[
        Annotated[words, Tag("~word")] | Annotated[table, Tag("~table")],
        Discriminator(lambda value: "~table" if isinstance(value, dict | BaseModel) else "~word"),
    ]


# Keys of a source renamed since data was first written: old name -> present name. The history reads
# past versions under the present names (a rename changes no value); a present file must use the
# present name, and validation says so.
RENAMED_SOURCE_KEYS: Final = MappingProxyType({"quotes": "transcribes"})


MAX_QUOTE = 300  # characters: the words that state one value, not the page around them
# A language tag (BCP 47) as pages write it: a language, then a script and a region where they matter
LANGUAGE_TAG_PATTERN = r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$"


def _not_empty(text: object) -> object:
    """An empty quote (`price: ""`, or `price:` with nothing) is refused in its own words."""
    if text is None or (isinstance(text, str) and not text.strip()):
        raise PydanticCustomError(
            "empty_quote",
            "is an empty quote: give the words of the source that state the value, or leave it out",
        )
    return text


# The source's own words that state a value: one line (YAML folds a long one), in the page's language
Quote = Annotated[
    str,
    StringConstraints(max_length=MAX_QUOTE, pattern=TEXT_PATTERN),
    BeforeValidator(_not_empty),  # wraps what stands before it: runs first
    AfterValidator(_visible),
]


def _quote_not_covered(fact: Fact, words: str) -> InitErrorDetails:
    message = "is a quote for a fact this source does not cover: add '{fact}' to its 'covers', or remove it"
    return InitErrorDetails(
        type=PydanticCustomError("quote_not_covered", message, {"fact": fact.value}),
        loc=(fact.value,),
        input=words,
    )


class Source(Record):
    url: HttpsUrl = Field(description="Where the facts were read (https only).")
    seen: dt.date = Field(description="The date the source shows; if it shows none, the date it was read.")
    checked: dt.date | None = Field(
        None,
        description="The day a person or `python -m gpustorage verify` last confirmed at the source what it "
        "is cited for (its quotes found on the page); unlike `seen`, not a date the page shows.",
    )
    undated: bool = Field(False, description="The source shows no date; `seen` is when it was read.")
    third_party: bool = Field(
        False, description="The facts were relayed by a page that is not the provider's own."
    )
    transcribes: HttpsUrl | None = Field(
        None, description="For a third-party source: the provider page it transcribes."
    )
    covers: list[Lax[Fact]] = Field(
        default_factory=list, description="The facts of the offering that this source supports."
    )
    lang: Annotated[str, StringConstraints(pattern=LANGUAGE_TAG_PATTERN)] = Field(
        "en", description="The language of the page and of its quotes (a BCP 47 tag such as en or zh-CN)."
    )
    quote: dict[Lax[Fact], Quote] = Field(
        default_factory=dict,
        description=f"The source's own words that state a covered fact's value, by fact (at most "
        f"{MAX_QUOTE} characters each; … marks words left out).",
    )

    @property
    def source_date(self) -> dt.date | None:
        """The date the source itself shows; None for an undated source (its `seen` is a reading day)."""
        return None if self.undated else self.seen

    @property
    def checked_date(self) -> dt.date | None:
        """The day the source was checked: a person or `verify` confirmed at the source, that day, what
        it is cited for. Its `checked` date, else, for an undated source, its `seen` (the day a person
        read it there); None when not recorded (a dated source's `seen` is the page's date, not a
        reading). The one place this is decided: every page, count and export takes it from here."""
        if self.checked is not None:
            return self.checked
        return self.seen if self.undated else None

    @field_validator("quote")
    @classmethod
    def _quotes_are_for_covered_facts(cls, quote: dict[Fact, str], info: ValidationInfo) -> dict[Fact, str]:
        if "covers" not in info.data:  # the covers list is wrong itself: its problem is named
            return quote
        # each stray quote named at its own key (a ValidationError's locations are kept by pydantic)
        stray = [
            _quote_not_covered(fact, words)
            for fact, words in quote.items()
            if fact not in info.data["covers"]
        ]
        if stray:
            raise ValidationError.from_exception_data("Source", stray)
        return quote


def name_count(names: object) -> int | None:
    """How many names a `names` fact lists (each language lists as many); None when unknown."""
    if isinstance(names, dict):
        names = next(iter(names.values()))
    return len(names) if isinstance(names, list) else None


def one_line_by_language(texts: Mapping[str, str]) -> str:
    """Words in several languages on one line, by language code: 'de: … | ro: … | zh: …'."""
    return " | ".join(f"{lang}: {' '.join(texts[lang].split())}" for lang in sorted(texts))


class Tier(Record):
    up_to: float | None = Field(
        None,
        gt=0,
        description="Upper bound of the tier in the price's size unit; none on the last.",
    )
    amount: float = Field(ge=0, description="Price per unit within this tier.")


def _check_tiers(tiers: list[Tier], name: str) -> None:
    bounds = [tier.up_to for tier in tiers]
    if bounds[-1] is not None:
        raise ValueError(f"the last tier of '{name}' must have no 'up_to' (it covers everything above)")
    inner = [bound for bound in bounds[:-1] if bound is not None]
    if len(inner) < len(bounds) - 1:
        raise ValueError(f"only the last tier of '{name}' may leave out 'up_to'")
    if inner != sorted(inner) or len(set(inner)) != len(inner):
        raise ValueError(f"tier bounds 'up_to' in '{name}' must rise from one tier to the next")


class Price(Record):
    currency: Lax[Currency]
    unit: Lax[PriceUnit]
    basis: Lax[PriceBasis] = Field(
        description="`list` for a published price list; `example` for a worked example or one region's "
        "figure (name it in `example_of`). A price that differs by host or machine is `price: varies`; "
        "storage that is part of a plan or an instance, with no price of its own, is `price: included`."
    )
    example_of: LocalizedLine | None = Field(
        None,
        description="With `basis: example`: what the example is for (a region, a size), in every site "
        "language, like `notes`: `{de: Region us-east-1, zh: us-east-1 区域, ro: regiunea us-east-1}`.",
    )
    tiers: list[Tier] = Field(min_length=1, max_length=MAX_TIERS)
    monthly_fee: float = Field(0, ge=0, description="A fixed fee per month, on top of the tiers.")
    idle_tiers: list[Tier] | None = Field(
        None,
        min_length=1,
        max_length=MAX_TIERS,
        description="The tiers that apply while no GPU uses the storage (a stopped pod, a detached "
        "volume), where the source gives a price that differs from the running one.",
    )

    @model_validator(mode="after")
    def _example_names_its_case(self) -> Price:
        if (self.basis is PriceBasis.example) != (self.example_of is not None):
            raise ValueError(
                "'example_of' names what an example price is for: "
                "give it with 'basis: example', and only then"
            )
        return self

    @model_validator(mode="after")
    def _tiers_ascend(self) -> Price:
        _check_tiers(self.tiers, "tiers")
        if self.idle_tiers:
            _check_tiers(self.idle_tiers, "idle_tiers")
        return self


class Egress(Record):
    currency: Lax[Currency]
    per: Literal["GB", "GiB"]
    amount: float = Field(ge=0)
    included_gb: float = Field(
        0, ge=0, le=MAX_GB, description="Free outbound transfer per month, in `per` units."
    )
    allowance_pooled: bool = Field(
        False,
        description="A free allowance exists but is pooled per account (e.g. from compute instances), "
        "so it cannot be counted for one offering.",
    )


class OfferingBase(Record):
    """What an offering has besides its facts (its kind and product), how code reads a fact, and the
    check that every known fact has a source. `Offering` (below) adds a field per fact."""

    kind: Lax[StorageKind]
    product: ShortText = Field(description="The provider's own name for the product.")
    pricing: HttpsUrl | None = Field(
        None, description="This offering's own price page, where it is not the provider's `pricing`."
    )

    if TYPE_CHECKING:
        # The fields made below that code reads by name, as the type checker is to see them (pydantic
        # never runs these lines). The facts of a simple kind are read with value_of().
        price: Price | Literal["unknown", "varies", "included"]
        throughput: str
        max_size: str
        egress: Egress | Literal["free", "varies", "unknown"]
        regions: list[str] | dict[str, list[str]] | Literal["unknown"]
        binding_by_plan: dict[str, RegionBinding] | None
        notes: dict[str, str] | None
        sources: list[Source]

    def value_of(self, fact: Fact) -> object:
        # enum members are StrEnums: equal to their text, and cheaper than reading `.value`
        return getattr(self, fact)

    @model_validator(mode="after")
    def _every_known_fact_has_a_source(self) -> OfferingBase:
        covered = {fact for source in self.sources for fact in source.covers}
        missing = [fact.value for fact in Fact if self.value_of(fact) != UNKNOWN and fact not in covered]
        if missing:
            raise ValueError(
                f"no source covers {', '.join(missing)}: add them to the 'covers' list of the "
                "source that states them, or set them to 'unknown'"
            )
        return self


def _value_type(kind: ValueKind) -> object:
    """The type of a fact's value, by its kind (a match: the type checker names a kind left out)."""
    match kind:
        case ValueKind.answer:
            return Lax[Answer]
        case ValueKind.binding:
            return Lax[RegionBinding]
        case ValueKind.price:
            return word_or_table(Literal["unknown", "varies", "included"], Price)
        case ValueKind.egress:
            return word_or_table(Literal["free", "varies", "unknown"], Egress)
        case ValueKind.size:
            return Size
        case ValueKind.text:
            return ShortText
        case ValueKind.names:
            return _names_type()


def _names_type() -> object:
    """Names that read alike in every language (codes such as us-east-1), or, where they are words of
    one language (华南地区（广州）, North America), the same names in each site language; or unknown. Errors
    come from the branch that the value's shape (a list, a mapping, a word) picks."""
    names = Annotated[list[ShortText], Field(max_length=500)]
    by_language = Annotated[dict[LanguageCode, names], Field(min_length=1)]
    return Annotated[
        Annotated[Literal["unknown"], Tag("~word")]
        | Annotated[names, Tag("~list")]
        | Annotated[by_language, Tag("~table")],
        Discriminator(
            lambda value: (
                "~table" if isinstance(value, dict) else "~list" if isinstance(value, list) else "~word"
            )
        ),
    ]


def _fact_field(declaration: FactDeclaration) -> tuple[object, Any]:
    """A fact's field: its kind's type, required unless it is optional (then it defaults to unknown)."""
    default = UNKNOWN if declaration.optional else ...
    return _value_type(declaration.kind), Field(default, description=declaration.description)


# A region binding that differs by plan (a product's tiers, such as Single-AZ and Metro): the field
# follows `region_binding`, which is then `varies` (the binding-by-plan check, checks/sources.py, asks
# for both).
BINDING_BY_PLAN = "binding_by_plan"
_BINDING_BY_PLAN_FIELD = (
    Annotated[dict[ShortText, Lax[RegionBinding]], Field(min_length=1, max_length=20)] | None,
    Field(
        None,
        description="With `region_binding: varies`: each plan's binding, by the plan's name as the "
        "source writes it (`{Single-AZ: zone, Metro: region}`); at least two plans that differ.",
    ),
)


def _offering_fields() -> dict[str, Any]:
    """A field per fact in FACTS' order, with `binding_by_plan` right after `region_binding`."""
    fields: dict[str, Any] = {}
    for declaration in FACTS:
        fields[declaration.fact.value] = _fact_field(declaration)
        if declaration.fact is Fact.region_binding:
            fields[BINDING_BY_PLAN] = _BINDING_BY_PLAN_FIELD
    return fields


# An offering's fields are made from the facts' declarations (facts.FACTS) by pydantic's create_model:
# a field per fact in FACTS' order, after the kind and product and before the notes and sources, the
# order that provider files, validation messages and the JSON Schema have always shown. Why not a class
# statement: fields written out in it would declare every fact a second time, and a base class holding
# every field that is not a simple fact would put those fields first (pydantic orders a base's fields
# before its subclass's). The type checker cannot see fields made at run time: to it an offering is
# OfferingBase, which declares, for it alone, the fields that code reads by name.
if TYPE_CHECKING:
    Offering = OfferingBase
else:
    Offering = create_model(
        "Offering",
        __base__=OfferingBase,
        **_offering_fields(),
        notes=(Localized | None, None),
        sources=(list[Source], Field(min_length=1, max_length=50)),
    )


class Provider(Record):
    name: NameText
    website: HttpsUrl
    pricing: HttpsUrl | None = Field(None, description=PRICING_DESCRIPTION)
    notes: Localized | None = None
    no_persistent_storage: list[Source] | None = Field(
        None,
        description="For a provider that offers no persistent storage: the sources that say so.",
    )
    offerings: list[Offering] = Field(default_factory=list, max_length=100)

    @model_validator(mode="after")
    def _offerings_or_a_sourced_absence(self) -> Provider:
        if not self.offerings and not self.no_persistent_storage:
            raise ValueError(
                "a provider needs at least one offering, or 'no_persistent_storage' with sources"
            )
        if self.offerings and self.no_persistent_storage:
            raise ValueError("'no_persistent_storage' and 'offerings' exclude each other")
        return self


def pricing_page(provider: Provider, offering: OfferingBase) -> str | None:
    """The provider's own price page for an offering: the offering's, else the provider's, if any."""
    return offering.pricing or provider.pricing


PROVIDER_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

HOURS_PER_MONTH = 730  # hourly rates times 730 hours, the convention providers use
HOURS_PER_DAY = 24  # daily rates times 730 / 24 days (30.41666...), the same month counted in days
# How many of each period a month holds: a price unit's period (its part after the "-") to per month.
PERIODS_PER_MONTH = {"month": 1.0, "hour": float(HOURS_PER_MONTH), "day": HOURS_PER_MONTH / HOURS_PER_DAY}
GB_PER_GIB = 2**30 / 1e9
GB_PER = {"GB": 1.0, "GiB": GB_PER_GIB, "TB": 1000.0, "TiB": 1024 * GB_PER_GIB}


def size_in_gb(size: str) -> float:
    amount, unit = size.split(" ")
    return float(amount) * BYTES_PER_UNIT[unit] / 1e9


def per_gb_month(amount: float, unit: str) -> float:
    """A rate in a source unit (e.g. GiB-hour, GB-day), expressed per decimal GB and per month."""
    size, period = unit.split("-")
    return amount * PERIODS_PER_MONTH[period] / GB_PER[size]


class Question(Record):
    question: LongText
    answer: LongText


PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]
# A message with a number: one text per CLDR plural category of the language, chosen by its `{count}`
# ("other" is required: it is the fallback).
PluralText = Annotated[dict[PluralCategory, LongText], Field(min_length=1)]


class LanguageStrings(Record):
    """One `data/i18n/<lang>.yaml`: the interface strings and the guide's questions in one language."""

    ui: dict[Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]+$")], LongText | PluralText]
    faq: list[Question] = Field(min_length=1)
    notes_fallback: LanguageCode | None = Field(
        None,
        description="For a new language: show the data's own words (notes, what an example price is for) in "
        "this language until they are translated.",
    )

    @model_validator(mode="after")
    def _plurals_have_other(self) -> LanguageStrings:
        missing = sorted(
            key for key, text in self.ui.items() if isinstance(text, dict) and "other" not in text
        )
        if missing:
            raise ValueError(f"plural messages need an 'other' form: {', '.join(missing)}")
        return self


class ExchangeRate(Record):
    usd_per_unit: float = Field(gt=0, le=1000, description="US dollars for one unit of the currency.")
    date: dt.date = Field(description="The date of the rate.")
    source: HttpsUrl


class ExchangeRates(Record):
    """`data/exchange-rates.yaml`: the rates used to normalize prices to USD."""

    rates: dict[Lax[Currency], ExchangeRate]
