"""Problems found in data files, and the one way they are printed: `path:line:column: message`."""

from __future__ import annotations

from dataclasses import dataclass

from .workflow_commands import escape_data, escape_property, log_line


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int  # 1-based; 1 when the problem concerns the whole file
    column: int  # 1-based
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"

    def annotation(self) -> str:
        """The problem as a GitHub Actions workflow command: an error shown on the file's line."""
        where = f"file={escape_property(self.path)},line={self.line},col={self.column}"
        return f"::error {where}::{escape_data(self.message)}"


class DataError(Exception):
    """Raised once, after every problem in the data has been collected."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__(self.report())

    def report(self) -> str:
        return "\n".join([str(problem) for problem in self.problems] + [self.summary()])

    def log_report(self) -> str:
        """The report for a GitHub Actions log: each problem escaped (workflow_commands.log_line), so
        that no file name, key or value in it can act as a workflow command."""
        return "\n".join([log_line(str(problem)) for problem in self.problems] + [self.summary()])

    def summary(self) -> str:
        count = len(self.problems)
        return f"{count} data problem{'s' if count != 1 else ''} found; nothing was built."
