"""Problems found in data files, and the one way they are printed: `path:line:column: message`."""

from __future__ import annotations

from dataclasses import dataclass


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

        def escaped(text: str, *special: str) -> str:
            text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
            for char in special:
                text = text.replace(char, f"%{ord(char):02X}")
            return text

        where = f"file={escaped(self.path, ':', ',')},line={self.line},col={self.column}"
        return f"::error {where}::{escaped(self.message)}"


class DataError(Exception):
    """Raised once, after every problem in the data has been collected."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__(self.report())

    def report(self) -> str:
        lines = [str(problem) for problem in self.problems]
        count = len(self.problems)
        lines.append(f"{count} data problem{'s' if count != 1 else ''} found; nothing was built.")
        return "\n".join(lines)
