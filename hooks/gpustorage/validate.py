"""Stage 2, validate: check one loaded document against the model; every problem becomes a sentence
with the file, line and column, and says what was expected."""

from __future__ import annotations

import difflib
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .load import Document, KeyPath
from .model import (
    NAME_PATTERN,
    PROSE_PATTERN,
    SIZE_PATTERN,
    TEXT_PATTERN,
    URL_PATTERN,
)
from .problems import Problem

M = TypeVar("M", bound=BaseModel)
_TYPE_NAMES = {
    "string_type": "text",
    "float_type": "a number",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "date_type": "a date written as YYYY-MM-DD (without quotes)",
    "list_type": "a list",
    "dict_type": "a mapping (key: value lines)",
    "model_type": "a mapping (key: value lines)",
    "model_attributes_type": "a mapping (key: value lines)",
}
_TEXT_HINT = "text with a visible character and no control characters or direction overrides"
_PATTERN_HINTS = {
    URL_PATTERN: "an https:// URL without spaces, quotes, backslashes or angle brackets",
    SIZE_PATTERN: "'unknown' or a size such as '4 TB', '10 TiB' or '500 GB'",
    TEXT_PATTERN: f"one line of {_TEXT_HINT}",
    PROSE_PATTERN: _TEXT_HINT,
    NAME_PATTERN: f"one line of {_TEXT_HINT}, and without < or >",
}


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fields_of(model: type[BaseModel], loc: KeyPath) -> list[str]:
    """The valid key names of the mapping at `loc`, for 'did you mean' hints."""
    current: Any = model
    for part in loc:
        if isinstance(part, int) or part.startswith("~"):
            continue
        field = current.model_fields.get(part) if hasattr(current, "model_fields") else None
        if field is None:
            return []
        current = _model_in(field.annotation)
    return list(current.model_fields) if hasattr(current, "model_fields") else []


def _model_in(annotation: Any) -> Any:
    """The first BaseModel class found inside a type annotation (list[X], X | None, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in getattr(annotation, "__args__", ()) or getattr(annotation, "__metadata__", ()):
        found = _model_in(argument)
        if found is not None:
            return found
    origin = getattr(annotation, "__origin__", None)
    return _model_in(origin) if origin is not None and origin is not annotation else None


def _message(error: Any, model: type[BaseModel], loc: KeyPath) -> str:
    kind = error["type"]
    value = error.get("input")
    names = [part for part in loc if isinstance(part, str) and part[0] not in "~["]
    name = names[-1] if names else "value"
    if kind == "extra_forbidden":
        valid = _fields_of(model, loc[:-1])
        close = difflib.get_close_matches(str(name), valid, n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        return f"unknown key '{name}'{hint} (expected one of: {', '.join(valid)})"
    if kind == "missing":
        return f"missing required key '{name}'"
    if kind in ("literal_error", "enum"):
        expected = error.get("ctx", {}).get("expected", "")
        return f"'{name}' must be one of {expected}; got {_describe(value)}"
    if kind == "string_type" and isinstance(value, int | float | bool):
        quote = "YAML read a number or true/false: put the text in quotes"
        return f"'{name}' must be text; got {_describe(value)} ({quote})"
    if kind in _TYPE_NAMES:
        return f"'{name}' must be {_TYPE_NAMES[kind]}; got {_describe(value)}"
    if kind == "string_pattern_mismatch":
        hint = _PATTERN_HINTS.get(error["ctx"]["pattern"], f"text matching {error['ctx']['pattern']}")
        return f"'{name}' must be {hint}; got {_describe(value)}"
    if kind == "value_error":
        return str(error["ctx"]["error"])
    return f"'{name}': {error['msg'][0].lower()}{error['msg'][1:]}; got {_describe(value)}"


def check_model(doc: Document, model: type[M]) -> tuple[M | None, list[Problem]]:
    """Validate one document against a model; returns the instance or every problem found."""
    try:
        return model.model_validate(doc.value), []
    except ValidationError as error:
        problems = []
        for item in error.errors(include_url=False):
            full_loc = tuple(item["loc"])
            loc = tuple(part for part in full_loc if not (isinstance(part, str) and part.startswith("~")))
            problems.append(doc.problem(loc, _message(item, model, full_loc)))
        return None, problems
