"""Checks of the exchange rates: dated no later than the build, and one for every currency the data uses."""

from __future__ import annotations

from collections.abc import Iterable

from ..problems import Problem
from .base import Check, CheckInput, LoadedProvider, latest_date


def _rate_dates(data: CheckInput) -> list[Problem]:
    """No exchange rate is dated after the build date."""
    doc, rates = data.rates.document, data.rates.rates
    if doc is None or rates is None:
        return []
    return [
        doc.problem(
            ("rates", currency.value, "date"),
            f"'date' is {rate.date.isoformat()}, after the build date ({data.today.isoformat()})",
        )
        for currency, rate in rates.rates.items()
        if rate.date > latest_date(data)
    ]


def _used_currencies(providers: Iterable[LoadedProvider]) -> set[str]:
    return {
        amount.currency.value
        for loaded in providers
        for offering in loaded.provider.offerings
        for amount in (offering.price, offering.egress)
        if not isinstance(amount, str)
    }


def _currencies(data: CheckInput) -> list[Problem]:
    """A problem for each currency that a price uses but no exchange rate covers."""
    rates = data.rates.rates
    if rates is None:  # a broken rates file is named once, not once per currency it lacks
        return []
    return [
        Problem(data.rates.path, 1, 1, f"no exchange rate for {currency}; add one under 'rates'")
        for currency in sorted(_used_currencies(data.providers) - {"USD"} - {c.value for c in rates.rates})
    ]


CHECKS = (
    Check("rate-dates", "no exchange rate is dated after the build date", _rate_dates),
    Check(
        "currencies",
        "every currency a price or an egress fee uses has an exchange rate",
        _currencies,
        whole_project=True,
    ),
)
