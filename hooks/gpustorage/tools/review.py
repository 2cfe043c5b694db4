"""The review companion of a data pull request: `python -m gpustorage diff BASE HEAD`.

The dataset is read at both revisions straight from git's blobs, exactly as stored (not through
`git archive`, whose .gitattributes rules a pull request could set), into a temporary folder, and
compared as model values, as the history compares them. The report, in Markdown for a
pull-request comment: providers and offerings added or removed; every changed value old -> new with
its normalized USD effect and, for prices, the change in price rank; each value added or changed
that no source quotes (from now on every value comes with its source's words); sources added or removed;
exchange rates changed; the validation problems of HEAD. Every piece of data (a name, a value, a file
name, a problem that quotes one) is shown in a code span, and only there: GitHub links no URL, address,
@mention or #reference inside code, and the reviewer reads, and can copy, exactly what the file says.
Everything outside code spans is the report's own words. A report too long for one comment is
shortened here, where an entry ends (`diff --max-chars`), with a note on what it leaves out.
"""

from __future__ import annotations

import re
import tempfile
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import accumulate
from pathlib import Path

from pydantic import BaseModel

from ..figures.derive import usd_figure
from ..figures.history import (
    GitError,
    blob_sizes,
    blobs,
    compare,
    git,
    json_value,
    keyed_offerings,
    printable,
)
from ..inputs.checks.providers import unquoted_facts
from ..inputs.dataset import read_dataset
from ..inputs.load import MAX_FILE_BYTES, too_large
from ..inputs.model import ExchangeRates, Fact, Offering, Provider, Source
from ..inputs.problems import DataError, Problem
from ..inputs.settings import site_languages
from ..pages.messages import Strings
from .review_strings import DEFAULT_LANGUAGE, MESSAGES

COMMENT_MARKER = "<!-- gpu-storage-guide:data-review -->"
# Where the comment job may cut a report that is too long for GitHub: a line of its own before each
# section, outside any markup (data never fills a line alone: every entry starts with the report's words).
CUT_MARKER = "<!-- gpustorage:cut -->"
COMMENT_LIMIT = 65536  # the longest comment GitHub takes; data-review.yml asks diff for no more
MIN_COMMENT_CHARS = 1000  # room for the report's heading and the note that it is shortened
SNAPSHOT_PATHS = ("mkdocs.yml", "data", "docs")
_REGULAR_MODES = ("100644", "100755")
_LINK_MODE = "120000"


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
    """history's git runner; what it cannot do is a RevisionError here, in git's words."""
    try:
        return git(root, *args)
    except GitError as error:
        raise RevisionError(str(error)) from None


def resolve(root: Path, revision: str) -> str:
    """The full commit id of a revision (a branch, a tag, a commit id)."""
    if revision.startswith("-"):
        raise RevisionError(f"not a revision: {revision}")
    try:
        return _git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").decode().strip()
    except RevisionError:
        raise RevisionError(f"unknown revision: {revision}") from None


def snapshot(root: Path, revision: str) -> Snapshot:
    """Load the data files as they are at `revision` (a full commit id), each read once."""
    found = Snapshot(revision)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        written = _write_files(root, revision, folder)
        if not (folder / "mkdocs.yml").is_file():
            found.problems = [Problem("mkdocs.yml", 1, 1, "not found at this revision")]
            return found
        languages, found.problems = _languages(folder)
        dataset, problems = read_dataset(folder, languages)
        found.providers, found.rates = dataset.providers, dataset.rates
        found.problems += written + problems
    return found


def _entries(root: Path, revision: str) -> tuple[list[tuple[str, str]], list[Problem]]:
    """The regular files of SNAPSHOT_PATHS at `revision` (path, blob); what is no regular file (a
    symbolic link, a submodule) is a problem, never followed."""
    prefix = _git(root, "rev-parse", "--show-prefix").decode().strip()
    listing = _git(root, "ls-tree", "-r", "-z", f"{revision}:{prefix}" if prefix else revision)
    entries, problems = [], []
    for record in filter(None, listing.split(b"\0")):
        meta, _, raw_path = record.partition(b"\t")
        mode, _, blob = meta.decode().split(" ")
        path = raw_path.decode("utf-8", "surrogateescape")
        parts = path.split("/")
        if parts[0] not in SNAPSHOT_PATHS or {"", ".", ".."} & set(parts):  # git never stores those
            continue
        if mode in _REGULAR_MODES:
            entries.append((path, blob))
        else:
            kind = "a symbolic link" if mode == _LINK_MODE else "not a regular file"
            problems.append(
                Problem(printable(path), 1, 1, f"this is {kind}; data files must be regular files")
            )
    return entries, problems


def _write_files(root: Path, revision: str, folder: Path) -> list[Problem]:
    """The files of SNAPSHOT_PATHS at `revision` written below `folder` exactly as git stores them
    (blobs: no .gitattributes export-subst, export-ignore or filter applies, as in `git archive`);
    a data file over load's size limit is not read at all. Returns what could not be written."""
    entries, problems = _entries(root, revision)
    sizes = blob_sizes(root, sorted({blob for _, blob in entries}))
    too_big = {
        path: sizes[blob]
        for path, blob in entries
        if path.startswith("data/") and sizes[blob] > MAX_FILE_BYTES
    }
    contents = blobs(root, sorted({blob for path, blob in entries if path not in too_big}))
    for path, blob in entries:
        if path in too_big:
            problems.append(Problem(path, 1, 1, too_large(too_big[path])))
            continue
        target = folder.joinpath(*path.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(contents[blob])
    return problems


def _languages(folder: Path) -> tuple[list[str], list[Problem]]:
    """The site's languages at a revision; where its mkdocs.yml names none, those its strings files
    name (its notes are then checked against them), with mkdocs.yml's problem."""
    try:
        return site_languages(folder), []
    except DataError as error:
        return sorted(file.stem for file in (folder / "data" / "i18n").glob("*.yaml")), error.problems


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


def _log_neutral(text: str) -> str:
    """Text that no line of a GitHub Actions log can take for a workflow command: a word joiner, which
    shows as nothing, splits the `##[` that the runner finds anywhere in a line (workflow_commands.py).
    The reviewer still reads what the data says; `::` at a line's start cannot come from data, since
    every line of the report starts with its own words."""
    return text.replace("##[", "#\u2060#[")


def code(value: str) -> str:
    """Data as a code span, on one line, that holds any text. Escaping the text instead would not do:
    GitHub finds links, @mentions and #references in the rendered text, after backslashes are gone, and
    skips them only inside code. What does not print (a line break, a control character, an invisible
    or direction-changing one, a file name's bytes that are not UTF-8) is shown as its escape, as Python
    writes it, so the span stays on one line and the reviewer sees it; the text is neutral in a log too.
    The fence is longer than any run of backticks inside; a space pads text that starts or ends with a
    backtick (the renderer strips one on each side)."""
    flat = _log_neutral(" ".join(printable(value).split())) or " "  # an empty code span shows its fences
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


def _ranked_price(offering: Offering, rates: ExchangeRates) -> float | None:
    """What ranks an offering: its paid rate (free-only and unknown prices are not ranked)."""
    return usd_figure(Fact.price, offering.price, rates) or None


def price_ranks(snap: Snapshot) -> tuple[dict[tuple[str, str], int], int]:
    """Each priced offering's rank by normalized price (1 = cheapest; equal prices share a rank)."""
    prices = {
        (pid, offering.product): usd
        for pid, provider in snap.providers.items()
        for offering in provider.offerings
        if (usd := _ranked_price(offering, snap.rates)) is not None
    }
    ordered = sorted(prices.values())
    return {key: ordered.index(usd) + 1 for key, usd in prices.items()}, len(ordered)


@dataclass
class Report:
    base: Snapshot
    head: Snapshot
    renamed: dict[str, str]
    words: Strings  # the report's words, in the language asked for
    providers: list[str] = field(default_factory=list)
    offerings: list[str] = field(default_factory=list)
    values: list[str] = field(default_factory=list)
    unquoted: list[str] = field(default_factory=list)  # values added or changed without the source's words
    sources: list[str] = field(default_factory=list)
    rates: list[str] = field(default_factory=list)


def _label(provider: Provider, offering: str | None = None) -> str:
    return code(provider.name) + (f" · {code(offering)}" if offering else "")


def _sources(provider: Provider, offering: Offering | None) -> list[Source]:
    return list(offering.sources) if offering else list(provider.no_persistent_storage or [])


def _unquoted(label: str, offering: Offering, facts: Iterable[Fact]) -> list[str]:
    """A line for each of the facts that is known but that no source of the offering quotes: each
    value added or changed comes with the words of its source (but not_applicable, as the validator's
    checks.providers.unquoted_facts)."""
    return [f"- {label} · **{fact.value}**" for fact in unquoted_facts(offering, facts)]


def _source_changes(words: Strings, label: str, before: list[Source], after: list[Source]) -> Iterator[str]:
    old, new = {s.url: s for s in before}, {s.url: s for s in after}
    for url in (url for url in new if url not in old):
        yield f"- {label}: " + words("source.added", url=code(url), date=new[url].seen.isoformat())
    for url in (url for url in old if url not in new):
        yield f"- {label}: " + words("source.removed", url=code(url))
    for url in (url for url in new if url in old):
        if old[url].seen != new[url].seen:
            seen = old[url].seen.isoformat(), new[url].seen.isoformat()
            yield f"- {label}: " + words("source.seen", url=code(url), old=seen[0], new=seen[1])


class _Comparison:
    def __init__(self, report: Report) -> None:
        self.report = report
        self.words = report.words
        self.ranks = price_ranks(report.base), price_ranks(report.head)

    def _rank(self, rank: int | None, total: int) -> str:
        return self.words("rank.of", rank=rank, total=total) if rank else self.words("rank.none")

    def rank_text(self, pid_before: str, pid_after: str, product: str) -> str:
        (before, total_before), (after, total_after) = self.ranks
        was, now = before.get((pid_before, product)), after.get((pid_after, product))
        if was is None and now is None:
            return ""
        if not pid_before:  # a new offering
            return self.words("rank.new", rank=self._rank(now, total_after))
        return self.words("rank.changed", old=self._rank(was, total_before), new=self._rank(now, total_after))

    def effect(self, fact: Fact, old: object, new: object) -> str:
        """The normalized USD effect of a changed value, where it has one."""
        if fact not in (Fact.price, Fact.egress):
            return ""
        before = usd_figure(fact, old, self.report.base.rates)
        after = usd_figure(fact, new, self.report.head.rates)
        if before is None and after is None:
            return ""
        unit = self.words(f"unit.{fact.value}")
        if before is None or after is None:
            none = self.words("normalized.none")
            was, now = (_usd(figure) if figure is not None else none for figure in (before, after))
            return self.words("normalized", old=was, new=now, unit=unit)
        delta = after - before
        percent = f", {delta / before * 100:+.1f} %" if before else ""
        return self.words(
            "normalized.delta", old=_usd(before), new=_usd(after), unit=unit, delta=f"{delta:+.4f}{percent}"
        )

    def added_offering(self, pid: str, provider: Provider, product: str, offering: Offering) -> None:
        """An offering new at head (in a provider already there, or new itself)."""
        rank = self.rank_text("", pid, offering.product)
        what = f"{_label(provider, product)} ({offering.kind.value})" + (f"; {rank}" if rank else "")
        self.report.offerings.append("- " + self.words("added", what=what))
        self.report.unquoted.extend(_unquoted(_label(provider, product), offering, Fact))
        self.report.sources.extend(
            _source_changes(self.words, _label(provider, product), [], list(offering.sources))
        )

    def provider(self, pid_before: str, pid_after: str, old: Provider, new: Provider) -> None:
        report, words = self.report, self.words
        label = _label(new)
        # compare names an offering by its key there ('Disk #2' for a second 'Disk'), which a
        # product's own name may look like: look offerings up by the same keys
        before, after = keyed_offerings(old.offerings), keyed_offerings(new.offerings)
        for kind, product, fact, was, now in compare(old, new):
            if kind == "offering_added":
                self.added_offering(pid_after, new, product, after[product])
            elif kind == "offering_removed":
                report.offerings.append("- " + words("removed", what=_label(old, product)))
                gone = before[product].sources
                report.sources.extend(_source_changes(words, _label(old, product), list(gone), []))
            else:
                assert fact is not None
                line = f"- {_label(new, product)} · **{fact.value}**: {code(flow(was))} → {code(flow(now))}"
                details = [self.effect(fact, was, now)]
                if fact is Fact.price:
                    details.append(self.rank_text(pid_before, pid_after, product))
                report.values.append(line + "".join(f"\n  - {d}" for d in details if d))
                report.unquoted.extend(_unquoted(_label(new, product), after[product], [fact]))
        if old.name != new.name:
            report.values.append(f"- {label} · **name**: {code(old.name)} → {code(new.name)}")
        for key in (key for key in after if key in before):
            was, now = list(before[key].sources), list(after[key].sources)
            report.sources.extend(_source_changes(words, _label(new, key), was, now))
        if not new.offerings or not old.offerings:
            report.sources.extend(_source_changes(words, label, _sources(old, None), _sources(new, None)))


def build_report(base: Snapshot, head: Snapshot, renamed: dict[str, str], words: Strings) -> Report:
    report = Report(base, head, renamed, words)
    comparison = _Comparison(report)
    targets = set(renamed.values())
    for pid, provider in head.providers.items():
        if pid not in base.providers and pid not in targets:
            report.providers.append("- " + words("added", what=f"{code(provider.name)} ({code(pid)})"))
            for offering in provider.offerings:
                comparison.added_offering(pid, provider, offering.product, offering)
    for pid, provider in base.providers.items():
        target = renamed.get(pid, pid)
        if target not in head.providers:
            report.providers.append("- " + words("removed", what=f"{code(provider.name)} ({code(pid)})"))
            continue
        if target != pid:
            report.providers.append("- " + words("renamed", old=code(pid), new=code(target)))
        comparison.provider(pid, target, provider, head.providers[target])
    for currency, rate in head.rates.rates.items():
        old = base.rates.rates.get(currency)
        if old is None or old.usd_per_unit != rate.usd_per_unit:
            was = f"{old.usd_per_unit}" if old else words("normalized.none")
            line = words(
                "rate", currency=currency.value, old=was, new=rate.usd_per_unit, date=rate.date.isoformat()
            )
            report.rates.append(f"- {line}")
    return report


# ---- the comment --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """Whole lines of a report (this one, or verify's), kept or left out together: a cut between two
    blocks falls outside any code span, list item or heading."""

    text: str
    entries: int = 1  # the entries it holds (none for a heading): what the note counts when left out


def comment_length(text: str) -> int:
    """A comment's length as the comment job's JavaScript counts it (UTF-16 code units): never less
    than GitHub's count of characters, so a report that fits here is not cut again there."""
    return len(text.encode("utf-16-le")) // 2


def section_heading(title: str) -> Block:
    """A section's heading, after a cut marker on its own line outside any list: the one place where
    the comment job (or verify.yml's publish job) may cut a report that did not fit GitHub's limit by
    itself."""
    return Block(f"\n{CUT_MARKER}\n\n### {title}\n\n", entries=0)


def _validation(report: Report) -> list[Block]:
    words, problems = report.words, report.head.problems
    if not problems:
        return [Block(f"{words('valid')}\n")]
    summary = Block(f"{words('problems', count=len(problems))}\n\n")
    # one span each, as `validate` prints it: a message quotes the data it is about
    return [summary, *(Block(f"- {code(f'{p.path}:{p.line}:{p.column}: {p.message}')}\n") for p in problems)]


def _blocks(report: Report) -> list[Block]:
    """The report, block by block, in the order it is read."""
    words = report.words
    revisions = words("revisions", base=code(report.base.revision[:7]), head=code(report.head.revision[:7]))
    blocks = [Block(f"{COMMENT_MARKER}\n## {words('title')}\n\n{revisions}\n", entries=0)]
    sections = [
        ("section.providers", report.providers),
        ("section.offerings", report.offerings),
        ("section.values", report.values),
        ("section.unquoted", report.unquoted),
        ("section.sources", report.sources),
        ("section.rates", report.rates),
    ]
    # a section's words before its entries (not an entry: the note does not count it)
    intros = {"section.unquoted": Block(f"{words('unquoted')}\n\n", entries=0)}
    for title, items in sections:
        if items:
            intro = [intros[title]] if title in intros else []
            blocks += [section_heading(words(title)), *intro, *(Block(f"{item}\n") for item in items)]
    if len(blocks) == 1:
        blocks.append(Block(f"\n{words('nothing_changed')}\n"))
    return [*blocks, section_heading(words("section.validation")), *_validation(report)]


def _note(report: Report, left_out: int) -> str:
    """What a shortened report ends with: how many entries it leaves out, and how to see them."""
    command = code(f"python -m gpustorage diff {report.base.revision[:7]} {report.head.revision[:7]}")
    return f"\n{report.words('shortened', count=left_out, command=command)}\n"


def shortened(blocks: list[Block], max_chars: int, note_on: Callable[[int], str]) -> str:
    """The most whole blocks from the start that fit in `max_chars` (comment_length) with the note on
    the entries left out (`note_on` their count); a heading is never the last block kept."""
    sizes = list(accumulate((comment_length(block.text) for block in blocks), initial=0))
    entries = list(accumulate((block.entries for block in blocks), initial=0))
    for kept in range(bisect_right(sizes, max_chars) - 1, 0, -1):
        note = note_on(entries[-1] - entries[kept])
        if sizes[kept] + comment_length(note) <= max_chars:
            while kept > 1 and not blocks[kept - 1].entries:
                kept -= 1
            return "".join(block.text for block in blocks[:kept]) + note
    raise ValueError(f"{max_chars} characters cannot hold the report's heading and its note")


def markdown(report: Report, max_chars: int | None = None) -> str:
    """The report as one pull-request comment; with `max_chars`, at most that long (comment_length),
    shortened where an entry ends, with a note that says so. The cut is made here, not by the
    comment job, so that it falls between entries and tests see exactly what GitHub gets."""
    blocks = _blocks(report)
    whole = "".join(block.text for block in blocks)
    if max_chars is None or comment_length(whole) <= max_chars:
        return whole
    return shortened(blocks, max_chars, lambda left_out: _note(report, left_out))


def review_strings(lang: str) -> Strings:
    """The review's words in `lang` (one of review_strings.MESSAGES)."""
    return Strings(lang, MESSAGES[lang])


def report_of(root: Path, base: str, head: str, lang: str = DEFAULT_LANGUAGE) -> Report:
    """What changed in the data between two revisions, worded in `lang`."""
    base_sha, head_sha = resolve(root, base), resolve(root, head)
    base_data, head_data = snapshot(root, base_sha), snapshot(root, head_sha)
    renamed = renames(root, base_sha, head_sha)
    return build_report(base_data, head_data, renamed, review_strings(lang))


def diff(root: Path, base: str, head: str, lang: str = DEFAULT_LANGUAGE, max_chars: int | None = None) -> str:
    """The Markdown report, in `lang`, of what changed in the data between two revisions; with
    `max_chars`, shortened to fit (see markdown)."""
    return markdown(report_of(root, base, head, lang), max_chars)
