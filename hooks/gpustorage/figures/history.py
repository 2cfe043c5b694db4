"""The dataset's memory: every change to a provider's values, read from the git history of
data/providers/*.yaml.

Two git processes read the whole history, however long: one `git log` pass lists every commit of the
checked-out branch (first parents: what the branch held, merges included) that touched a provider
file with the blobs before and after (renames detected), and one
`git cat-file --batch` returns every distinct blob. Each blob is parsed and validated once (stages 1
and 2); versions are compared as model values, so a commit that only reformats a file or edits its
comments changes nothing. A file renamed keeps its history under the provider's present id.

A shallow clone (or a copy outside git) has no history to read: the History says it is unavailable
and why, and the build goes on.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path, PurePosixPath
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    SerializerFunctionWrapHandler,
    field_serializer,
)

from ..inputs.checks import providers as provider_checks
from ..inputs.dataset import build_date
from ..inputs.load import MAX_FILE_BYTES, decode, load_text, too_large
from ..inputs.model import PROVIDER_ID, RENAMED_SOURCE_KEYS, Fact, Offering, Price, Provider
from ..inputs.problems import Problem
from ..inputs.validate import check_model

PROVIDERS_DIR = "data/providers"
NULL_BLOB = "0" * 40
ChangeKind = Literal[
    "provider_added", "provider_removed", "provider_renamed", "offering_added", "offering_removed", "changed"
]
Unavailable = Literal["shallow", "no_repository", "no_git", "git_error"]
# git's messages and dates in a fixed form, whatever the machine's settings; no pager, no prompts
_GIT_ENV = {"LC_ALL": "C", "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}


def json_value(value: object) -> Any:
    """A model value as JSON: prices and egress as their mappings, answers as their words."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return [json_value(item) for item in value]
    return value


# A fact's value as the model reads it (a Price, an Answer, a list of regions, text...); published
# as providers.json writes values
ModelValue = Annotated[Any, PlainSerializer(json_value)]


def _with_url(fields: dict[str, Any], url: Any) -> dict[str, Any]:
    """`fields` with `url` placed right after `commit`, where history.json has always had it."""
    at = list(fields).index("commit") + 1
    items = list(fields.items())
    return dict([*items[:at], ("url", url), *items[at:]])


def _describe_url(schema: dict[str, Any]) -> None:
    """history.json's changes also carry their commit's address (HistoryRecord writes it: a Change
    knows its commit, the record knows the repository); the schema says so."""
    url = {"description": "The commit on the repository.", "title": "Url", "type": "string"}
    schema["properties"] = _with_url(schema["properties"], url)
    schema["required"].insert(schema["required"].index("commit") + 1, "url")


# The one form of a change: views word it, feeds list it, history.json publishes it
class Change(BaseModel):
    """One change to one provider, as a commit made it."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        validate_by_name=True,  # `kind` in Python, `change` in history.json
        serialize_by_alias=True,
        json_schema_extra=_describe_url,
    )

    date: dt.datetime = Field(description="The commit's date, in UTC.")
    commit: str = Field(pattern=r"^[0-9a-f]{40}$", description="The commit that made the change.")
    kind: ChangeKind = Field(
        alias="change",
        description="What happened: a provider or offering added, removed or renamed, or a value changed.",
    )
    provider: str = Field(
        description="The provider's id today (renames followed), or its last id if removed."
    )
    provider_name: str = Field(description="The provider's name in the file at that commit.")
    file: str = Field(description="The provider file at that commit.")
    previous_file: str | None = Field(None, description="For a rename: the file's earlier name.")
    offering: str | None = Field(None, description="The offering's product name.")
    fact: Fact | None = Field(None, description="The fact whose value changed.")
    old: ModelValue = Field(None, description="The value before, as providers.json writes values.")
    new: ModelValue = Field(None, description="The value after.")

    @property
    def day(self) -> dt.date:
        return self.date.date()


@dataclass(frozen=True)
class Skipped:
    """A past version of a provider file that history could not read: left out, and said once."""

    commit: str  # the first commit that held it
    path: str  # printable: what no file name may hold is escaped
    reason: str

    def __str__(self) -> str:
        return f"history: {self.path} at commit {self.commit[:7]} is left out: {self.reason}"


@dataclass(frozen=True)
class History:
    """Every change, newest first; or why there is none to read. What could not be read is left out
    and listed in `skipped`, so that the build can say so once."""

    available: bool
    reason: Unavailable | None = None
    changes: tuple[Change, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    _by_provider: dict[str, list[Change]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for change in self.changes:
            self._by_provider.setdefault(change.provider, []).append(change)

    def of(self, provider_id: str) -> list[Change]:
        """One provider's changes, newest first."""
        return self._by_provider.get(provider_id, [])


class GitError(Exception):
    """git could not answer: `reason` says why in the History's terms, the message in git's words."""

    def __init__(self, reason: Unavailable, message: str = "") -> None:
        super().__init__(message or reason)
        self.reason = reason


def git(root: os.PathLike[str] | str, *args: str, stdin: bytes | None = None) -> bytes:
    """git's output for `args`, run in `root` with fixed settings (see _GIT_ENV)."""
    try:
        result = subprocess.run(
            ["git", *args],
            cwd=root,
            input=stdin,
            capture_output=True,
            env={**os.environ, **_GIT_ENV},
            check=False,
        )
    except FileNotFoundError:
        raise GitError("no_git", "git is not installed") from None
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip() or f"git {args[0]} failed"
        reason: Unavailable = "no_repository" if "not a git repository" in message else "git_error"
        raise GitError(reason, message)
    return result.stdout


def repository_state(root: os.PathLike[str] | str) -> str:
    """What the history depends on: the commit checked out and whether the clone is shallow
    (one git process; the build's cache compares it to decide whether to read the history again)."""
    try:
        return git(root, "rev-parse", "--is-shallow-repository", "HEAD").decode().strip()
    except GitError as error:
        return error.reason


# ---- reading ----------------------------------------------------------------------------------------


@dataclass
class _FileChange:
    status: str  # git's letter: A, M, D, R, C, T
    old_blob: str
    new_blob: str
    old_path: str
    new_path: str


@dataclass
class _Commit:
    sha: str
    date: dt.datetime
    files: list[_FileChange]


def _in_providers(path: str) -> bool:
    parent, _, name = path.rpartition("/")
    return parent == PROVIDERS_DIR and name.endswith(".yaml")


def _is_provider_file(path: str) -> bool:
    """A provider file as the present accepts one: its name is a valid id (see _name_problem)."""
    return _in_providers(path) and PROVIDER_ID.match(PurePosixPath(path).stem) is not None


def _name_problem(path: str) -> str:
    return (
        f"file name '{printable(PurePosixPath(path).name)}' is not a valid id: use lower-case letters, "
        "digits and single hyphens"
    )


def _log(root: os.PathLike[str] | str) -> list[_Commit]:
    """Every commit that changed a provider file on the checked-out branch, oldest first, with the
    blobs of each file: the branch's own line of commits (first parents), a merge compared with the
    commit before it, so that the history follows what the branch held, commit by commit. (A merged
    pull request's commits are not on that line: replayed in date order among the branch's, they
    would undo and redo each other's values.)"""
    raw = git(
        root,
        "log",
        "--reverse",
        "--first-parent",
        "--diff-merges=first-parent",
        "--raw",
        "-z",
        "--no-abbrev",
        "-M",
        "--relative",
        "--format=%x01%H%x00%ct",
        "--",
        PROVIDERS_DIR,
    )
    return _commits(raw.split(b"\x00"))


def _commits(tokens: list[bytes]) -> list[_Commit]:
    """`git log -z --raw`'s output, read token by token: a commit's header ("\\x01<id>", its time),
    then per file its ":modes blobs status" and one path (two for a rename or copy). A path is taken
    whole where it stands, whatever bytes it holds (a newline, \\x01 or ':' included)."""
    commits: list[_Commit] = []
    position = 0
    while position < len(tokens):
        token = tokens[position].lstrip(b"\n")
        position += 1
        if token.startswith(b"\x01"):
            timestamp = int(tokens[position])
            commits.append(_Commit(token[1:].decode(), dt.datetime.fromtimestamp(timestamp, dt.UTC), []))
            position += 1
        elif token.startswith(b":") and commits:
            _, _, old_blob, new_blob, status = token[1:].decode().split(" ")
            count = 2 if status[0] in "RC" else 1
            paths = [path.decode("utf-8", "surrogateescape") for path in tokens[position : position + count]]
            position += count
            commits[-1].files.append(_FileChange(status[0], old_blob, new_blob, paths[0], paths[-1]))
    return commits


def blob_sizes(root: os.PathLike[str] | str, ids: list[str]) -> dict[str, int]:
    """The size of each of many blobs, from one `git cat-file --batch-check` process, which reads
    no content (an id that names no blob, a submodule's commit say, is left out)."""
    if not ids:
        return {}
    out = git(root, "cat-file", "--batch-check", stdin="".join(f"{blob}\n" for blob in ids).encode())
    headers = (line.split(" ") for line in out.decode().splitlines())
    return {header[0]: int(header[2]) for header in headers if len(header) == 3 and header[1] == "blob"}


def blobs(root: os.PathLike[str] | str, ids: list[str]) -> dict[str, bytes]:
    """The contents of many blobs from one `git cat-file --batch` process."""
    if not ids:
        return {}
    out = git(root, "cat-file", "--batch", stdin="".join(f"{blob}\n" for blob in ids).encode())
    contents: dict[str, bytes] = {}
    position = 0
    while position < len(out):
        end = out.index(b"\n", position)
        header = out[position:end].decode().split(" ")
        position = end + 1
        if len(header) != 3:  # "<id> missing"
            continue
        size = int(header[2])
        contents[header[0]] = out[position : position + size]
        position += size + 1
    return contents


def _parse(path: str, size: int, data: bytes | None) -> tuple[Provider | None, Problem | None]:
    """A provider file's content as the model reads it (the present's limits and text rules), or
    the first problem that kept it from being read."""
    if size > MAX_FILE_BYTES:
        return None, Problem(path, 1, 1, too_large(size))
    if data is None:
        return None, Problem(path, 1, 1, "git has no such content")
    text, problems = decode(data, path)
    if text is not None:
        doc, problems = load_text(path, text)
        if doc is not None and not problems:
            doc.value = as_present(doc.value)
            provider, problems = check_model(doc, Provider)
            if provider is not None:
                return provider, None
    return None, problems[0]


def as_present(value: Any) -> Any:
    """A past version's provider mapping in the present shape, as new containers: each source's
    renamed keys under their present names (model.RENAMED_SOURCE_KEYS), each price with its basis and
    its example's words by language. A change of shape is no change of the data."""
    if not isinstance(value, dict):
        return value
    renamed = dict(value)
    if isinstance(value.get("no_persistent_storage"), list):
        renamed["no_persistent_storage"] = [_source_keys(s) for s in value["no_persistent_storage"]]
    if isinstance(value.get("offerings"), list):
        renamed["offerings"] = [
            _present_offering(o) if isinstance(o, dict) else o for o in value["offerings"]
        ]
    return renamed


def _present_offering(offering: dict[str, Any]) -> dict[str, Any]:
    """One past offering as the present model reads it: its sources' keys renamed, and a price from
    before prices said their basis read as a list price (every price was one then)."""
    present = dict(offering)
    if isinstance(offering.get("sources"), list):
        present["sources"] = [_source_keys(s) for s in offering["sources"]]
    price = offering.get("price")
    if isinstance(price, dict) and "basis" not in price:
        present["price"] = price = {**price, "basis": "list"}
    if isinstance(price, dict) and isinstance(price.get("example_of"), str):
        # before it was worded in every site language, what an example is for was English
        present["price"] = {**price, "example_of": {"en": price["example_of"]}}
    return present


def _source_keys(source: Any) -> Any:
    """One source with its old key names replaced, unless it holds the present name too (then the
    model names the old one)."""
    if not isinstance(source, dict):
        return source

    def present(key: str) -> str:
        new = RENAMED_SOURCE_KEYS.get(key)
        return new if new is not None and new not in source else key

    return {present(key): item for key, item in source.items()}


def printable(path: str) -> str:
    """A path as messages may show it: what no file name may hold (control characters, bytes that
    were not UTF-8) escaped, like Python writes them."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in path)


def keyed_offerings(offerings: list[Offering]) -> dict[str, Offering]:
    """Offerings by product name; a name used twice gets its count ('Disk #2')."""
    keyed: dict[str, Offering] = {}
    for offering in offerings:
        key, count = offering.product, 1
        while key in keyed:
            count += 1
            key = f"{offering.product} #{count}"
        keyed[key] = offering
    return keyed


def _compared(value: object) -> object:
    """A value as the history compares it: a price without the words of what its example is for,
    which are no figure (and were reworded in every language once, changing no price)."""
    return value.model_copy(update={"example_of": None}) if isinstance(value, Price) else value


def compare(old: Provider, new: Provider) -> Iterator[tuple[ChangeKind, str, Fact | None, object, object]]:
    """What changed between two versions of a provider: (kind, offering, fact, old, new), in the order
    of the new file (offerings removed last). Values compare as the model reads them."""
    before, after = keyed_offerings(old.offerings), keyed_offerings(new.offerings)
    for key, offering in after.items():
        previous = before.get(key)
        if previous is None:
            yield "offering_added", key, None, None, None
            continue
        for fact in Fact:
            was, now = previous.value_of(fact), offering.value_of(fact)
            if _compared(was) != _compared(now):
                yield "changed", key, fact, was, now
    for key in (key for key in before if key not in after):  # in file order: builds stay identical
        yield "offering_removed", key, None, None, None


class _Walk:
    """The commits replayed oldest first, following each file through renames. A version is taken
    only where the present would take it beside the files of its commit: an id no page or reserved
    name holds, a name that looks like no other provider's (checks/providers.py)."""

    def __init__(self, parsed: dict[str, Provider | None], taken: Mapping[str, str]) -> None:
        self.parsed = parsed
        self.taken = taken  # ids a provider may not have (checks.providers.taken_names)
        self.lineages = 0
        self.lineage_of: dict[str, int] = {}  # path -> lineage, for files that exist now
        self.final_path: dict[int, str] = {}
        self.last_valid: dict[int, Provider] = {}  # the last version of a file that was valid
        self.name_holder: dict[str, int] = {}  # name_key (checks/providers.py) of each name in last_valid
        self.skipped: dict[tuple[str, str], Skipped] = {}  # by path and reason: each said once
        # each change with its file's lineage: the provider's id is the lineage's last path, known at the end
        self.found: list[tuple[int, Change]] = []

    def _lineage(self, path: str) -> int:
        if path not in self.lineage_of:
            self.lineages += 1
            self.lineage_of[path] = self.lineages
        lineage = self.lineage_of[path]
        self.final_path[lineage] = path
        return lineage

    def _record(
        self, lineage: int, commit: _Commit, kind: ChangeKind, name: str, path: str, **details: Any
    ) -> None:
        change = Change(
            commit=commit.sha,
            date=commit.date,
            kind=kind,
            provider="",
            provider_name=name,
            file=path,
            **details,
        )
        self.found.append((lineage, change))

    def _skip(self, commit: _Commit, path: str, reason: str) -> None:
        self.skipped.setdefault((path, reason), Skipped(commit.sha, printable(path), reason))

    def _accepts(self, commit: _Commit, path: str) -> bool:
        """Whether `path` is a provider file the present would accept by its name."""
        if not _is_provider_file(path):
            return False
        problems = provider_checks.provider_id(PurePosixPath(path).stem, path, self.taken)
        for problem in problems:
            self._skip(commit, path, problem.message)
        return not problems

    def _look_alike(self, lineage: int, provider: Provider) -> str | None:
        """Why the present would refuse `provider`'s name beside the other files of the moment."""
        holder = self.name_holder.get(provider_checks.name_key(provider.name), lineage)
        if holder == lineage:
            return None
        other = self.last_valid[holder]
        where = next(path for path, held in self.lineage_of.items() if held == holder)
        return f"the name '{provider.name}' looks the same as '{other.name}' in {printable(where)}"

    def _hold(self, lineage: int, provider: Provider | None) -> Provider | None:
        """Make `provider` the lineage's last valid version (None: the file is gone); the one before."""
        old = self.last_valid.pop(lineage, None)
        if old is not None:
            self.name_holder.pop(provider_checks.name_key(old.name), None)
        if provider is not None:
            self.last_valid[lineage] = provider
            self.name_holder[provider_checks.name_key(provider.name)] = lineage
        return old

    def _update(self, commit: _Commit, lineage: int, path: str, blob: str) -> None:
        """A file's new content: an addition when no valid version came before, else its changes."""
        new = self.parsed.get(blob)
        if new is None:  # not valid in this commit: compare the next valid version with the last one
            return
        look_alike = self._look_alike(lineage, new)
        if look_alike is not None:
            self._skip(commit, path, look_alike)
            return
        old = self._hold(lineage, new)
        if old is None:
            self._record(lineage, commit, "provider_added", new.name, path)
            return
        for kind, offering, fact, was, now in compare(old, new):
            self._record(
                lineage, commit, kind, new.name, path, offering=offering, fact=fact, old=was, new=now
            )

    def _remove(self, commit: _Commit, path: str) -> None:
        lineage = self.lineage_of.pop(path, None)
        old = self._hold(lineage, None) if lineage is not None else None
        if lineage is not None and old is not None:
            self._record(lineage, commit, "provider_removed", old.name, path)

    def _rename(self, commit: _Commit, change: _FileChange) -> None:
        """The same provider under a new file name: its history moves along."""
        lineage = self.lineage_of.pop(change.old_path, None)
        if lineage is None:
            lineage = self._lineage(change.new_path)
        self.lineage_of[change.new_path] = lineage
        self.final_path[lineage] = change.new_path
        previous = self.last_valid.get(lineage)
        if previous is not None:
            self._record(
                lineage,
                commit,
                "provider_renamed",
                previous.name,
                change.new_path,
                previous_file=change.old_path,
            )
        if change.old_blob != change.new_blob or previous is None:
            self._update(commit, lineage, change.new_path, change.new_blob)

    def commit(self, commit: _Commit) -> None:
        for change in commit.files:
            old_ok, new_ok = self._accepts(commit, change.old_path), self._accepts(commit, change.new_path)
            if change.status == "R" and old_ok and new_ok:
                self._rename(commit, change)
                continue
            if change.status in "RD" and old_ok:
                self._remove(commit, change.old_path)
            if change.status != "D" and new_ok:
                self._update(commit, self._lineage(change.new_path), change.new_path, change.new_blob)

    def changes(self) -> tuple[Change, ...]:
        """Newest commit first; within a commit, in file and offering order."""
        by_commit: list[list[Change]] = []
        for lineage, change in self.found:
            if not by_commit or by_commit[-1][0].commit != change.commit:
                by_commit.append([])
            provider = PurePosixPath(self.final_path[lineage]).stem
            by_commit[-1].append(change.model_copy(update={"provider": provider}))
        return tuple(change for group in reversed(by_commit) for change in group)


def read_history(root: os.PathLike[str] | str, today: dt.date | None = None) -> History:
    """The history of every provider file below `root` (a git work tree), or why it is unavailable;
    no date in it is after `today`, the build date (see _dated_no_later)."""
    try:
        state = repository_state(root)
        if state.startswith("true"):
            raise GitError("shallow")
        if not state.startswith("false"):
            raise GitError(state)  # type: ignore[arg-type]  # the reason repository_state gave
        commits = _dated_no_later(_log(root), today or build_date())
        versions, skipped = _versions(commits)
        sizes = blob_sizes(root, sorted(versions))
        # the present's size limit, applied before anything is read: a large file once committed
        # would cost every later build its parsing
        contents = blobs(root, sorted(blob for blob, size in sizes.items() if size <= MAX_FILE_BYTES))
    except GitError as error:
        return History(available=False, reason=error.reason)
    parsed: dict[str, Provider | None] = {}
    for blob, (sha, path) in versions.items():
        parsed[blob], problem = _parse(path, sizes.get(blob, 0), contents.get(blob))
        if problem is not None:
            where = f" (line {problem.line})" if problem.line > 1 else ""
            skipped.append(Skipped(sha, printable(path), problem.message + where))
    walk = _Walk(parsed, provider_checks.taken_names(Path(root)))
    for commit in commits:
        walk.commit(commit)
    return History(available=True, changes=walk.changes(), skipped=(*skipped, *walk.skipped.values()))


def _dated_no_later(commits: list[_Commit], today: dt.date) -> list[_Commit]:
    """The commits (oldest first) with no date after the build date, nor after the commit that came
    next on the branch: a later date (2099, say) is a wrong clock's, so it is clamped, not believed.
    The commit is kept, not skipped: the branch holds its values, and the history must end in them.
    The build date counts to its last second, as the dates shown are days."""
    latest = dt.datetime.combine(today, dt.time(23, 59, 59), dt.UTC)
    for commit in reversed(commits):
        commit.date = min(commit.date, latest)
        latest = commit.date
    return commits


def _versions(commits: list[_Commit]) -> tuple[dict[str, tuple[str, str]], list[Skipped]]:
    """Every version of a provider file the history holds: its blob, with the first commit and path
    that held it (in the order of the history); and each file left out for its name, once."""
    versions: dict[str, tuple[str, str]] = {}
    misnamed: dict[str, Skipped] = {}
    for commit in commits:
        for change in commit.files:
            for blob, path in ((change.old_blob, change.old_path), (change.new_blob, change.new_path)):
                if not _in_providers(path):
                    continue
                if not _is_provider_file(path):
                    misnamed.setdefault(path, Skipped(commit.sha, printable(path), _name_problem(path)))
                elif blob != NULL_BLOB:
                    versions.setdefault(blob, (commit.sha, path))
    return versions, list(misnamed.values())


# ---- the published form (/api/v1/history.json) -----------------------------------------------------


class HistoryRecord(BaseModel):
    """/api/v1/history.json: every change to the data, newest first."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    version: int
    generated: dt.date
    license: str
    repository: str = Field(description="The repository whose commits the changes link to.")
    available: bool = Field(description="False when the build had no history to read (a shallow clone).")
    unavailable_reason: Unavailable | None = None
    changes: list[Change] = Field(description="Newest first; within a commit, in file order.")

    @field_serializer("changes", mode="wrap")
    def _with_commit_urls(self, changes: list[Change], handler: SerializerFunctionWrapHandler) -> Any:
        """Each change with its commit's address (see _describe_url), placed after the commit."""
        return [
            _with_url(record, f"{self.repository}/commit/{record['commit']}") for record in handler(changes)
        ]
