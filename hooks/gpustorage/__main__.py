"""Command line: `python -m gpustorage validate|checks|render|schema|export|diff|translations|verify`
(see --help)."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from . import build_site, render_site
from .figures.derive import derive
from .figures.history import read_history
from .inputs.checks import CHECKS
from .inputs.dataset import build_date, check_files, load_dataset, loaded_providers
from .inputs.guide_translations import PageError, mark_current, statuses
from .inputs.problems import DataError
from .inputs.settings import repository, site_languages, site_url
from .inputs.workflow_commands import log_line
from .output.export import schema_files, write_api
from .output.write import write_pages
from .tools.review import COMMENT_LIMIT, MIN_COMMENT_CHARS, RevisionError
from .tools.review import diff as diff_report
from .tools.review_strings import DEFAULT_LANGUAGE as DEFAULT_REVIEW_LANGUAGE
from .tools.review_strings import MESSAGES as REVIEW_LANGUAGES
from .tools.verify import SourceEntry, confirmed_sources, needs_a_look, verify
from .tools.verify_checked_dates import CheckedDateError, set_checked_dates
from .tools.verify_fetch import HttpsTransport, Limits, LoopbackTransport, Transport
from .tools.verify_report import json_report, markdown

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T", int, float)


def validate(files: list[Path], root: Path) -> int:
    try:
        languages = site_languages(root)
        today = build_date()
        if files:
            # absolute, but not resolved: a symbolic link is named and refused, never followed
            problems = check_files([Path(os.path.abspath(f)) for f in files], root, languages, today)
            if problems:
                raise DataError(problems)
        else:
            load_dataset(root, languages, today)
    except DataError as error:
        if under_github_actions():  # each problem shown on its line in the pull request
            for problem in error.problems:
                print(problem.annotation())
        print_report(error)
        return 1
    print("data is valid")
    return 0


def list_checks() -> int:
    """One line per check across files: its name, then what it asks of the data."""
    width = max(len(check.name) for check in CHECKS)
    for check in CHECKS:
        print(f"{check.name:<{width}}  {check.description}")
    return 0


def under_github_actions() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def print_report(error: DataError) -> None:
    """The problems on stderr; in a GitHub Actions log escaped, so that none can act as a command."""
    print(error.log_report() if under_github_actions() else error.report(), file=sys.stderr)


def render(out: Path, root: Path, repository_url: str | None) -> int:
    try:
        url = repository_url or repository(root)
        site = build_site(root, site_languages(root), build_date(), url)
        pages = render_site(site, site_url(root))
    except DataError as error:
        print_report(error)
        return 1
    written = write_pages(out, pages)
    print(f"wrote {len(written)} Markdown files to {out}")
    return 0


def schema(check: bool, root: Path) -> int:
    """Write schema/*.json from the model, or with --check fail when the committed files differ."""
    stale = []
    for name, text in schema_files().items():
        target = root / "schema" / name
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(target.relative_to(root).as_posix())
        else:
            target.parent.mkdir(exist_ok=True)
            target.write_text(text, encoding="utf-8")
    if stale:
        print(f"out of date: {', '.join(stale)}; run: python -m gpustorage schema", file=sys.stderr)
        return 1
    return 0


def export(out: Path, root: Path) -> int:
    try:
        dataset = load_dataset(root, site_languages(root))
        url = repository(root)
    except DataError as error:
        print_report(error)
        return 1
    today = build_date()
    history = read_history(root, today)
    for skipped in history.skipped:
        print(skipped, file=sys.stderr)
    for file in write_api(out, dataset, derive(dataset, today), today, history, url):
        print(file)
    return 0


def diff(base: str, head: str, root: Path, lang: str, max_chars: int | None) -> int:
    """Print the Markdown review report of the data changes between two revisions, in `lang`; with
    `max_chars`, shortened to fit."""
    try:
        print(diff_report(root, base, head, lang, max_chars), end="")
    except RevisionError as error:
        # git's words may quote a revision or a path: in a GitHub Actions log, no command
        message = f"diff: {error}"
        print(log_line(message) if under_github_actions() else message, file=sys.stderr)
        return 2
    return 0


def comment_limit(value: str) -> int:
    """--max-chars: room for at least the report's heading and the note that it is shortened."""
    if not value.isdecimal() or int(value) < MIN_COMMENT_CHARS:
        raise argparse.ArgumentTypeError(f"a whole number of at least {MIN_COMMENT_CHARS} is needed")
    return int(value)


def translations(current: list[Path], root: Path) -> int:
    """List every translated page's status, or record the German source's hash in the given pages.
    A page that cannot be read or edited is named on stderr, and the exit status is 1."""
    docs, languages = root / "docs", site_languages(root)
    if current:
        return max(mark_translation_current(file, docs, languages[0]) for file in current)
    try:
        found = statuses(docs, languages)
    except PageError as error:
        print(error, file=sys.stderr)
        return 1
    for page in found:
        if page.status != "source":
            print(page)
    return 0


def mark_translation_current(file: Path, docs: Path, default: str) -> int:
    try:
        value = mark_current(file.resolve(), docs, default)
    except PageError as error:
        print(f"{error}; nothing was recorded", file=sys.stderr)
        return 1
    print(f"{file}: source_hash {value} recorded; the page is current")
    return 0


def verify_sources(arguments: argparse.Namespace) -> int:
    """Fetch every source page and look for each quote; the report in Markdown (and JSON). Exit
    status 0: nothing needs a look; 1: something does; 2: it could not run (data that is not valid)."""
    root: Path = arguments.root.resolve()
    try:
        files = [Path(os.path.abspath(f)) for f in arguments.files] or list(
            (root / "data" / "providers").glob("*")
        )
        loaded, problems = loaded_providers(files, root, site_languages(root))
        if problems:
            raise DataError(problems)
        user_agent = f"gpu-storage-guide-verify/1 (+{repository(root)}; checks its data's sources)"
    except DataError as error:
        print_report(error)
        return 2
    transport: Transport = (
        LoopbackTransport(user_agent, arguments.via_loopback)
        if arguments.via_loopback
        else HttpsTransport(user_agent)
    )
    limits = Limits(
        timeout=arguments.timeout,
        max_bytes=arguments.max_bytes,
        per_host=arguments.per_host,
        workers=arguments.workers,
        run_timeout=arguments.run_timeout,
    )
    findings, day = verify(loaded, transport, limits), build_date()
    read = {provider.document.path: provider.document.text for provider in loaded}
    checked, failed = (
        write_checked_dates(root, confirmed_sources(findings), day, read)
        if arguments.update_checked
        else ([], False)
    )
    report = markdown(findings, day, checked)
    write_output(arguments.markdown, report)
    if arguments.json:
        write_output(arguments.json, json_report(findings, day, checked))
    if arguments.issue:  # an issue's body has the same limit as a comment's
        write_output(arguments.issue, markdown(findings, day, checked, COMMENT_LIMIT, whole_report_place()))
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:  # the report on the run's page as well
        with open(summary, "a", encoding="utf-8") as out:
            out.write(report)
    return 1 if needs_a_look(findings) or failed else 0


def whole_report_place() -> str:
    """Where the whole report is, for the note of a shortened one: the summary of the GitHub Actions
    run that writes it (its variables name it), or else the Markdown report."""
    server, repository_name, run = (
        os.environ.get(name, "") for name in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_RUN_ID")
    )
    if server and repository_name and run.isdecimal():
        return f"the run's summary, {server}/{repository_name}/actions/runs/{run}"
    return "the Markdown report (--markdown)"


def write_checked_dates(
    root: Path, sources: list[SourceEntry], day: dt.date, read: dict[str, str]
) -> tuple[list[SourceEntry], bool]:
    """`checked: day` on each source, file by file, in the text verify read (`read`, by the file's
    name): the sources whose date was set, and whether a file could not take them (named on stderr,
    left as it was: one that changed since it was read among them)."""
    done, failed = [], False
    for file in sorted({entry.file for entry in sources}):
        mine = [entry for entry in sources if entry.file == file]
        try:
            set_checked_dates(root / file, [entry.key_path for entry in mine], day, file, read[file])
        except CheckedDateError as error:
            print(error, file=sys.stderr)
            failed = True
            continue
        done += mine
    return done, failed


def write_output(target: str, text: str) -> None:
    """Text to a file, or to standard output for '-'."""
    if target == "-":
        sys.stdout.write(text)
    else:
        Path(target).write_text(text, encoding="utf-8")


def add_verify_command(commands: Any) -> None:
    check = commands.add_parser(
        "verify", help="fetch every source page and look for each quote; report what needs a look"
    )
    check.add_argument("files", nargs="*", type=Path, help="provider files (default: all)")
    check.add_argument(
        "--markdown", default="-", help="the Markdown report's file (default: standard output)"
    )
    check.add_argument("--json", help="a file for the report as JSON")
    check.add_argument(
        "--issue",
        help=f"a file for the report as a GitHub issue's body: at most {COMMENT_LIMIT:,} characters, "
        "cut between items with a note of those left out",
    )
    check.add_argument(
        "--update-checked",
        action="store_true",
        help="set `checked` to today on each source whose every quote was found (nothing else changes)",
    )
    check.add_argument(
        "--timeout",
        type=positive(float),
        default=Limits.timeout,
        help="seconds per page, from connecting to its last byte",
    )
    check.add_argument(
        "--run-timeout",
        type=positive(float),
        default=Limits.run_timeout,
        help="seconds for the whole run; pages not read by then are reported as not checked",
    )
    check.add_argument(
        "--max-bytes", type=positive(int), default=Limits.max_bytes, help="bytes read per page"
    )
    check.add_argument(
        "--per-host", type=positive(int), default=Limits.per_host, help="requests at once per host"
    )
    check.add_argument(
        "--workers", type=positive(int), default=Limits.workers, help="requests at once in all"
    )
    check.add_argument("--root", type=Path, default=ROOT, help="the project (default: this one)")
    check.add_argument(
        "--via-loopback",
        type=positive(int),
        metavar="PORT",
        help="for tests: ask http://127.0.0.1:PORT for every https:// page, its host in the Host header"
        " (127.0.0.1, refused otherwise, is allowed then)",
    )


def positive(kind: Callable[[str], T]) -> Callable[[str], T]:
    """An argparse type: a number above zero (an error otherwise, exit status 2)."""

    def parse(text: str) -> T:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be above 0: {text}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its message
    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpustorage")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("validate", help="check provider files (all when none are given)")
    check.add_argument("files", nargs="*", type=Path)
    commands.add_parser("checks", help="list the checks across files, each with what it asks")
    generate = commands.add_parser("render", help="write the generated Markdown tree to OUT")
    generate.add_argument("out", type=Path)
    generate.add_argument(
        "--repository", help="repository URL for edit links (default: mkdocs.yml's extra.repository)"
    )
    generate.add_argument("--root", type=Path, default=ROOT, help="the project (default: this one)")
    schemas = commands.add_parser("schema", help="write schema/*.json from the model")
    schemas.add_argument("--check", action="store_true", help="only check that they are current")
    api = commands.add_parser("export", help="write the API files (JSON, CSV, schemas) to OUT")
    api.add_argument("out", type=Path)
    review = commands.add_parser("diff", help="a Markdown report of the data changes from BASE to HEAD")
    review.add_argument("base", help="a git revision: the pull request's base")
    review.add_argument("head", help="a git revision: the pull request's head")
    review.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this one)")
    review.add_argument(
        "--lang",
        choices=sorted(REVIEW_LANGUAGES),
        default=DEFAULT_REVIEW_LANGUAGE,
        help=f"the report's language (default: {DEFAULT_REVIEW_LANGUAGE}, for the pull-request comment)",
    )
    review.add_argument(
        "--max-chars",
        type=comment_limit,
        metavar="N",
        help=f"shorten the report to at most N characters, where an entry ends (GitHub: {COMMENT_LIMIT})",
    )
    status = commands.add_parser("translations", help="list each translated page's status")
    status.add_argument(
        "--current", nargs="*", type=Path, default=[], help="pages to mark as current translations"
    )
    status.add_argument("--root", type=Path, default=ROOT, help="the project (default: this one)")
    add_verify_command(commands)
    arguments = parser.parse_args(argv)
    if arguments.command == "verify":
        return verify_sources(arguments)
    if arguments.command == "checks":
        return list_checks()
    if arguments.command == "diff":
        return diff(
            arguments.base, arguments.head, arguments.root.resolve(), arguments.lang, arguments.max_chars
        )
    if arguments.command == "translations":
        return translations(arguments.current, arguments.root.resolve())
    if arguments.command == "render":
        return render(arguments.out.resolve(), arguments.root.resolve(), arguments.repository)
    if arguments.command == "schema":
        return schema(arguments.check, ROOT)
    if arguments.command == "export":
        return export(arguments.out.resolve(), ROOT)
    return validate(arguments.files, ROOT)


if __name__ == "__main__":
    sys.exit(main())
