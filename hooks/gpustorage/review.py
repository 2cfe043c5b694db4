"""The review companion of a data pull request: `python -m gpustorage diff BASE HEAD`.

The dataset is read at both revisions straight from git (one `git archive` each, into a temporary
folder) and compared as model values, as the history compares them. The report, in Markdown for a
pull-request comment: providers and offerings added or removed; every changed value old -> new with
its normalized USD effect and, for prices, the change in price rank; sources added or removed;
exchange rates changed; the validation problems of HEAD. Data is shown in code spans and escaped
text, so nothing in a pull request can add markup, links or mentions to the comment.
"""

from __future__ import annotations

import io
import re
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from pydantic import BaseModel

from .dataset import load_dataset, load_providers, load_rates, load_strings, prose_languages
from .derive import usd_egress, usd_price
from .history import compare, json_value
from .model import Egress, ExchangeRates, Fact, Offering, Price, Provider, Source
from .problems import DataError, Problem
from .settings import site_languages

COMMENT_MARKER = "<!-- gpu-storage-guide:data-review -->"
SNAPSHOT_PATHS = ("mkdocs.yml", "data", "docs")


class RevisionError(Exception):
    """A revision git does not know, or no git repository at all."""


@dataclass
class Snapshot:
    """The dataset at one revision: what could be read, and every problem."""

    revision: str
    providers: dict[str, Provider] = field(default_factory=dict)
    rates: ExchangeRates = field(default_factory=lambda: ExchangeRates(rates={}))
    problems: list[Problem] = field(default_factory=list)


def _git(root: Path, *args: str) -> bytes:
    try:
        result = subprocess.run(["git", *args], cwd=root, capture_output=True, check=False)
    except FileNotFoundError:
        raise RevisionError("git is not installed") from None
    if result.returncode != 0:
        raise RevisionError(result.stderr.decode("utf-8", "replace").strip() or f"git {args[0]} failed")
    return result.stdout


def resolve(root: Path, revision: str) -> str:
    """The full commit id of a revision (a branch, a tag, a commit id)."""
    if revision.startswith("-"):
        raise RevisionError(f"not a revision: {revision}")
    try:
        return _git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").decode().strip()
    except RevisionError:
        raise RevisionError(f"unknown revision: {revision}") from None


def snapshot(root: Path, revision: str) -> Snapshot:
    """Load the data files as they are at `revision` (a full commit id)."""
    prefix = _git(root, "rev-parse", "--show-prefix").decode().strip()
    archive = _git(root, "archive", "--format=tar", f"{revision}:{prefix}" if prefix else revision)
    found = Snapshot(revision)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            members = [m for m in tar.getmembers() if m.name.split("/")[0] in SNAPSHOT_PATHS]
            extract_filter = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            tar.extractall(folder, members=members, **extract_filter)  # type: ignore[arg-type]
        try:
            languages = site_languages(folder)
            load_dataset(folder, languages)
        except DataError as error:
            found.problems = error.problems
            languages = ["de"]
        except OSError:
            found.problems = [Problem("mkdocs.yml", 1, 1, "not found at this revision")]
            return found
        strings, _ = load_strings(folder / "data" / "i18n", folder, languages)
        prose = prose_languages(strings, languages)
        found.providers, _, _ = load_providers((folder / "data" / "providers").glob("*"), folder, prose)
        found.rates, _ = load_rates(folder / "data" / "exchange-rates.yaml", folder)
    return found


def renames(root: Path, base: str, head: str) -> dict[str, str]:
    """Provider files renamed between two revisions: old id -> new id."""
    raw = _git(root, "diff", "-M", "--name-status", "-z", "--relative", base, head, "--", "data/providers")
    tokens = iter(raw.decode("utf-8", "surrogateescape").split("\0"))
    found = {}
    for status in tokens:
        if status.startswith("R"):
            old, new = next(tokens), next(tokens)
            if old.endswith(".yaml") and new.endswith(".yaml"):
                found[Path(old).stem] = Path(new).stem
        elif status:
            next(tokens)
    return found


# ---- wording ----------------------------------------------------------------------------------------


def text(value: str) -> str:
    """Data as inert Markdown text: no HTML, links, emphasis or mentions."""
    flat = " ".join(value.split())
    flat = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_{}\[\]#!|~@:])", r"\\\1", flat)


def code(value: str) -> str:
    """A code span that holds any text: the fence is longer than any run of backticks inside."""
    flat = " ".join(value.split())
    fence = "`" * (max((len(run) for run in re.findall(r"`+", flat)), default=0) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def flow(value: object) -> str:
    """A value the way a YAML file could write it on one line ({currency: USD, tiers: [...]})."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", exclude_defaults=True)
    value = json_value(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return format(Decimal(repr(value)), "f")  # 0.00002, not 2e-05
    return str(value)


def _usd(amount: float) -> str:
    return f"{amount:.4f}"


# ---- comparing --------------------------------------------------------------------------------------


def _headline_of(value: object, rates: ExchangeRates) -> float | None:
    """The normalized rate of the first paid gigabyte (USD per GB-month) of a price value."""
    if not isinstance(value, Price):
        return None
    try:
        return usd_price(value, rates).headline
    except KeyError:  # a currency without a rate: a validation problem, reported there
        return None


def _headline(offering: Offering, rates: ExchangeRates) -> float | None:
    """What ranks an offering: its paid rate (free-only and unknown prices are not ranked)."""
    return _headline_of(offering.price, rates) or None


def _egress_usd(value: object, rates: ExchangeRates) -> float | None:
    if value == "free":
        return 0.0
    if not isinstance(value, Egress):
        return None
    try:
        return usd_egress(value, rates).usd_per_gb
    except KeyError:
        return None


def price_ranks(snap: Snapshot) -> tuple[dict[tuple[str, str], int], int]:
    """Each priced offering's rank by normalized price (1 = cheapest; equal prices share a rank)."""
    prices = {
        (pid, offering.product): usd
        for pid, provider in snap.providers.items()
        for offering in provider.offerings
        if (usd := _headline(offering, snap.rates)) is not None
    }
    ordered = sorted(prices.values())
    return {key: ordered.index(usd) + 1 for key, usd in prices.items()}, len(ordered)


@dataclass
class Report:
    base: Snapshot
    head: Snapshot
    renamed: dict[str, str]
    providers: list[str] = field(default_factory=list)
    offerings: list[str] = field(default_factory=list)
    values: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    rates: list[str] = field(default_factory=list)


def _label(provider: Provider, offering: str | None = None) -> str:
    return text(provider.name) + (f" · {text(offering)}" if offering else "")


def _sources(provider: Provider, offering: Offering | None) -> list[Source]:
    return list(offering.sources) if offering else list(provider.no_persistent_storage or [])


def _source_changes(label: str, before: list[Source], after: list[Source]) -> Iterator[str]:
    old, new = {s.url: s for s in before}, {s.url: s for s in after}
    for url in (url for url in new if url not in old):
        yield f"- {label}: added {code(url)} (seen {new[url].seen.isoformat()})"
    for url in (url for url in old if url not in new):
        yield f"- {label}: removed {code(url)}"
    for url in (url for url in new if url in old):
        if old[url].seen != new[url].seen:
            yield f"- {label}: {code(url)} seen {old[url].seen.isoformat()} → {new[url].seen.isoformat()}"


class _Comparison:
    def __init__(self, report: Report) -> None:
        self.report = report
        self.ranks = price_ranks(report.base), price_ranks(report.head)

    def rank_text(self, pid_before: str, pid_after: str, product: str) -> str:
        (before, total_before), (after, total_after) = self.ranks
        was, now = before.get((pid_before, product)), after.get((pid_after, product))
        if was is None and now is None:
            return ""
        if not pid_before:  # a new offering
            return f"price rank {now} of {total_after} (1 = cheapest)"
        was_text = f"{was} of {total_before}" if was else "unranked"
        now_text = f"{now} of {total_after}" if now else "unranked"
        return f"price rank {was_text} → {now_text} (1 = cheapest)"

    def effect(self, fact: Fact, old: object, new: object) -> str:
        """The normalized USD effect of a changed value, where it has one."""
        base, head = self.report.base.rates, self.report.head.rates
        if fact is Fact.price:
            before = _headline_of(old, base)
            after = _headline_of(new, head)
            unit = "USD per GB-month"
        elif fact is Fact.egress:
            before, after = _egress_usd(old, base), _egress_usd(new, head)
            unit = "USD per GB out"
        else:
            return ""
        if before is None and after is None:
            return ""
        if before is None or after is None:
            return f"normalized {_usd(before) if before is not None else 'none'} → " + (
                f"{_usd(after) if after is not None else 'none'} {unit}"
            )
        delta = after - before
        percent = f", {delta / before * 100:+.1f} %" if before else ""
        return f"normalized {_usd(before)} → {_usd(after)} {unit} ({delta:+.4f}{percent})"

    def provider(self, pid_before: str, pid_after: str, old: Provider, new: Provider) -> None:
        report = self.report
        label = _label(new)
        for kind, product, fact, was, now in compare(old, new):
            if kind == "offering_added":
                offering = next(o for o in new.offerings if o.product == product.split(" #")[0])
                rank = self.rank_text("", pid_after, offering.product)
                report.offerings.append(
                    f"- Added: {_label(new, product)} ({offering.kind.value})" + (f"; {rank}" if rank else "")
                )
                report.sources.extend(_source_changes(_label(new, product), [], list(offering.sources)))
            elif kind == "offering_removed":
                report.offerings.append(f"- Removed: {_label(old, product)}")
                gone = next(o for o in old.offerings if o.product == product.split(" #")[0])
                report.sources.extend(_source_changes(_label(old, product), list(gone.sources), []))
            else:
                assert fact is not None
                line = f"- {_label(new, product)} · **{fact.value}**: {code(flow(was))} → {code(flow(now))}"
                details = [self.effect(fact, was, now)]
                if fact is Fact.price:
                    details.append(self.rank_text(pid_before, pid_after, product))
                report.values.append(line + "".join(f"\n  - {d}" for d in details if d))
        if old.name != new.name:
            report.values.append(f"- {label} · **name**: {code(old.name)} → {code(new.name)}")
        before = {o.product: o for o in old.offerings}
        for offering in new.offerings:
            if offering.product in before:
                report.sources.extend(
                    _source_changes(
                        _label(new, offering.product),
                        list(before[offering.product].sources),
                        list(offering.sources),
                    )
                )
        if not new.offerings or not old.offerings:
            report.sources.extend(_source_changes(label, _sources(old, None), _sources(new, None)))


def build_report(base: Snapshot, head: Snapshot, renamed: dict[str, str]) -> Report:
    report = Report(base, head, renamed)
    comparison = _Comparison(report)
    targets = set(renamed.values())
    for pid, provider in head.providers.items():
        if pid not in base.providers and pid not in targets:
            report.providers.append(f"- Added: {text(provider.name)} ({code(pid)})")
            for offering in provider.offerings:
                rank = comparison.rank_text("", pid, offering.product)
                report.offerings.append(
                    f"- Added: {_label(provider, offering.product)} ({offering.kind.value})"
                    + (f"; {rank}" if rank else "")
                )
                report.sources.extend(
                    _source_changes(_label(provider, offering.product), [], list(offering.sources))
                )
    for pid, provider in base.providers.items():
        target = renamed.get(pid, pid)
        if target not in head.providers:
            report.providers.append(f"- Removed: {text(provider.name)} ({code(pid)})")
            continue
        if target != pid:
            report.providers.append(f"- Renamed: {code(pid)} → {code(target)}")
        comparison.provider(pid, target, provider, head.providers[target])
    for currency, rate in head.rates.rates.items():
        old = base.rates.rates.get(currency)
        if old is None or old.usd_per_unit != rate.usd_per_unit:
            was = f"{old.usd_per_unit}" if old else "none"
            report.rates.append(
                f"- {currency.value}: {was} → {rate.usd_per_unit} USD ({rate.date.isoformat()})"
            )
    return report


def markdown(report: Report) -> str:
    """The report as one pull-request comment."""
    base, head = report.base.revision[:7], report.head.revision[:7]
    lines = [COMMENT_MARKER, "## Data review", "", f"Changes from `{base}` (base) to `{head}` (head)."]
    sections = [
        ("Providers", report.providers),
        ("Offerings", report.offerings),
        ("Changed values", report.values),
        ("Sources", report.sources),
        ("Exchange rates", report.rates),
    ]
    anything = False
    for title, items in sections:
        if items:
            anything = True
            lines += ["", f"### {title}", "", *items]
    if not anything:
        lines += ["", "No data values changed."]
    lines += ["", "### Validation", ""]
    problems = report.head.problems
    if problems:
        count = len(problems)
        lines.append(
            f"{count} problem{'s' if count != 1 else ''} at head; the site will not build until fixed:"
        )
        lines.append("")
        lines += [f"- {code(f'{p.path}:{p.line}:{p.column}')}: {text(p.message)}" for p in problems]
    else:
        lines.append("No problems: the data at head is valid.")
    return "\n".join(lines) + "\n"


def diff(root: Path, base: str, head: str) -> str:
    """The Markdown report of what changed in the data between two revisions."""
    base_sha, head_sha = resolve(root, base), resolve(root, head)
    return markdown(
        build_report(snapshot(root, base_sha), snapshot(root, head_sha), renames(root, base_sha, head_sha))
    )
