"""The data model: what one provider file (`data/providers/<id>.yaml`) may contain.

Storage offerings are the primary object. Every fact that is not `unknown` must be backed by a source
that names the fact in its `covers` list; a source relayed by a non-provider page is `third_party`.
The same classes produce the published JSON Schema, so editors and the build check the same rules.
"""

from __future__ import annotations

import datetime as dt
import re
from enum import Enum, StrEnum
from typing import Annotated, Final, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    StringConstraints,
    Tag,
    model_validator,
)

UNKNOWN: Final = "unknown"

URL_PATTERN = r"^https://[^\s<>\"'`\\]+$"
HttpsUrl = Annotated[str, StringConstraints(pattern=URL_PATTERN, max_length=500)]
# Text may hold any printable character, but no control characters or bidirectional overrides (which
# can disguise what a reviewer sees), and at least one visible character.
_BAD = r"\x00-\x1f\x7f\u202a-\u202e\u2066-\u2069"
TEXT_PATTERN = rf"^[^{_BAD}]*[^\s{_BAD}][^{_BAD}]*$"
ShortText = Annotated[str, StringConstraints(max_length=200, pattern=TEXT_PATTERN)]
_BAD_IN_PROSE = r"\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069"  # tabs and newlines allowed
PROSE_PATTERN = rf"^[^{_BAD_IN_PROSE}]*[^\s{_BAD_IN_PROSE}][^{_BAD_IN_PROSE}]*$"
LongText = Annotated[str, StringConstraints(max_length=2000, pattern=PROSE_PATTERN)]
# A provider's name becomes a page title, which MkDocs and Material unescape: no angle brackets.
NAME_PATTERN = rf"^[^<>{_BAD}]*[^\s<>{_BAD}][^<>{_BAD}]*$"
NameText = Annotated[str, StringConstraints(max_length=100, pattern=NAME_PATTERN)]
SIZE_PATTERN = r"^(unknown|[0-9]+(\.[0-9]+)? (GB|GiB|TB|TiB|PB|PiB|EB|EiB))$"
Size = Annotated[str, StringConstraints(pattern=SIZE_PATTERN)]

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
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


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
    unknown = "unknown"


class Currency(StrEnum):
    USD = "USD"
    EUR = "EUR"
    INR = "INR"
    CNY = "CNY"


class PriceUnit(StrEnum):
    gb_month = "GB-month"
    gib_month = "GiB-month"
    gb_hour = "GB-hour"
    gib_hour = "GiB-hour"
    tb_month = "TB-month"
    tib_month = "TiB-month"
    tb_hour = "TB-hour"
    tib_hour = "TiB-hour"


class Fact(StrEnum):
    """The facts of an offering that a source can cover."""

    price = "price"
    billed_while_detached = "billed_while_detached"
    region_binding = "region_binding"
    throughput = "throughput"
    max_size = "max_size"
    snapshots = "snapshots"
    multi_attach = "multi_attach"
    spot_usable = "spot_usable"
    egress = "egress"
    regions = "regions"


E = TypeVar("E", bound=Enum)
# `Lax[SomeEnum]`: an enum field that accepts the enum's text values; the rest stays strict.
Lax = Annotated[E, Strict(False)]


LanguageCode = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(_[A-Z]{2})?$")]
# Prose in every site language, keyed by language code; completeness is checked against the site's
# languages at validation time, so adding a language needs no change here.
Localized = Annotated[dict[LanguageCode, LongText], Field(min_length=1)]


def word_or_table(words: object, table: type[BaseModel]) -> object:
    """A value that is either one of some words or a mapping; errors come from the matching branch."""
    return Annotated[
        Annotated[words, Tag("~word")] | Annotated[table, Tag("~table")],
        Discriminator(lambda value: "~table" if isinstance(value, dict | BaseModel) else "~word"),
    ]


class Source(Record):
    url: HttpsUrl = Field(description="Where the facts were read (https only).")
    seen: dt.date = Field(description="The date the source shows; if it shows none, the date it was read.")
    undated: bool = Field(False, description="The source shows no date; `seen` is when it was read.")
    third_party: bool = Field(
        False, description="The facts were relayed by a page that is not the provider's own."
    )
    quotes: HttpsUrl | None = Field(
        None, description="For a third-party source: the provider page it quotes."
    )
    covers: list[Lax[Fact]] = Field(
        default_factory=list, description="The facts of the offering that this source supports."
    )


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
    tiers: list[Tier] = Field(min_length=1)
    monthly_fee: float = Field(0, ge=0, description="A fixed fee per month, on top of the tiers.")
    idle_tiers: list[Tier] | None = Field(
        None,
        min_length=1,
        description="The tiers that apply while no GPU uses the storage (a stopped pod, a detached "
        "volume), where the source gives a price that differs from the running one.",
    )

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
    included_gb: float = Field(0, ge=0, description="Free outbound transfer per month, in `per` units.")
    allowance_pooled: bool = Field(
        False,
        description="A free allowance exists but is pooled per account (e.g. from compute instances), "
        "so it cannot be counted for one offering.",
    )


class Offering(Record):
    kind: Lax[StorageKind]
    product: ShortText = Field(description="The provider's own name for the product.")
    price: word_or_table(Literal["unknown", "varies"], Price)  # type: ignore[valid-type]
    billed_while_detached: Lax[Answer]
    region_binding: Lax[RegionBinding]
    throughput: ShortText = Field(
        description="Published throughput or IOPS, in figures and units, or `unknown`."
    )
    max_size: Size = Field(description="The largest size offered, e.g. '4 TB', or 'unknown'.")
    snapshots: Lax[Answer]
    multi_attach: Lax[Answer]
    spot_usable: Lax[Answer]
    egress: word_or_table(Literal["free", "varies", "unknown"], Egress)  # type: ignore[valid-type]
    regions: list[ShortText] | Literal["unknown"] = Field(
        UNKNOWN,
        description="Where the offering exists (regions or data centres) as the source lists them.",
    )
    notes: Localized | None = None
    sources: list[Source] = Field(min_length=1)

    def value_of(self, fact: Fact) -> object:
        # enum members are StrEnums: equal to their text, and cheaper than reading `.value`
        return getattr(self, fact)

    @model_validator(mode="after")
    def _every_known_fact_has_a_source(self) -> Offering:
        covered = {fact for source in self.sources for fact in source.covers}
        missing = [fact.value for fact in Fact if self.value_of(fact) != UNKNOWN and fact not in covered]
        if missing:
            raise ValueError(
                f"no source covers {', '.join(missing)}: add them to the 'covers' list of the "
                "source that states them, or set them to 'unknown'"
            )
        return self


class Provider(Record):
    name: NameText
    website: HttpsUrl
    notes: Localized | None = None
    no_persistent_storage: list[Source] | None = Field(
        None,
        description="For a provider that offers no persistent storage: the sources that say so.",
    )
    offerings: list[Offering] = Field(default_factory=list)

    @model_validator(mode="after")
    def _offerings_or_a_sourced_absence(self) -> Provider:
        if not self.offerings and not self.no_persistent_storage:
            raise ValueError(
                "a provider needs at least one offering, or 'no_persistent_storage' with sources"
            )
        if self.offerings and self.no_persistent_storage:
            raise ValueError("'no_persistent_storage' and 'offerings' exclude each other")
        return self


PROVIDER_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def size_in_gb(size: str) -> float:
    amount, unit = size.split(" ")
    return float(amount) * BYTES_PER_UNIT[unit] / 1e9


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
        description="For a new language: show data notes in this language until they are translated.",
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
    usd_per_unit: float = Field(gt=0, description="US dollars for one unit of the currency.")
    date: dt.date = Field(description="The date of the rate.")
    source: HttpsUrl


class ExchangeRates(Record):
    """`data/exchange-rates.yaml`: the rates used to normalize prices to USD."""

    rates: dict[Lax[Currency], ExchangeRate]
