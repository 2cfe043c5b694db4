"""Command line: `python -m gpustorage validate [FILE ...]` and `python -m gpustorage render OUT`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import build_views
from .problems import DataError
from .validate import load_dataset, load_providers
from .write import write_docs

ROOT = Path(__file__).resolve().parents[2]


def _languages(root: Path) -> list[str]:
    """The site languages: one strings file each in data/i18n."""
    return sorted(path.stem for path in (root / "data" / "i18n").glob("*.yaml"))


def validate(files: list[Path], root: Path) -> int:
    languages = _languages(root)
    try:
        if files:
            _, _, problems = load_providers([f.resolve() for f in files], root, languages)
            if problems:
                raise DataError(problems)
        else:
            load_dataset(root, languages)
    except DataError as error:
        print(error.report(), file=sys.stderr)
        return 1
    print("data is valid")
    return 0


def render(out: Path, root: Path) -> int:
    try:
        views = build_views(root, _languages(root))
    except DataError as error:
        print(error.report(), file=sys.stderr)
        return 1
    written = write_docs(root / "docs", out, views)
    print(f"wrote {len(written)} Markdown files to {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpustorage")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("validate", help="check provider files (all when none are given)")
    check.add_argument("files", nargs="*", type=Path)
    generate = commands.add_parser("render", help="write the generated Markdown tree to OUT")
    generate.add_argument("out", type=Path)
    arguments = parser.parse_args(argv)
    if arguments.command == "render":
        return render(arguments.out.resolve(), ROOT)
    return validate(arguments.files, ROOT)


if __name__ == "__main__":
    sys.exit(main())
