"""Stage 2, validate: check one loaded document against the model; every problem becomes a sentence
with the file, line and column, and says what was expected."""

from __future__ import annotations

import difflib
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .load import Document, KeyPath, shorten
from .model import (
    LANGUAGE_TAG_PATTERN,
    NAME_PATTERN,
    PROSE_PATTERN,
    RENAMED_SOURCE_KEYS,
    SIZE_PATTERN,
    TEXT_PATTERN,
    URL_PATTERN,
    url_problem,
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
_TEXT_HINT = (
    "text with a visible letter or digit and no control characters, direction overrides or zero-width spaces"
)
_PATTERN_HINTS = {
    URL_PATTERN: "an https:// URL with a host name such as example.com",
    SIZE_PATTERN: "'unknown' or a size such as '4 TB', '10 TiB' or '500 GB'",
    TEXT_PATTERN: f"one line of {_TEXT_HINT}",
    PROSE_PATTERN: _TEXT_HINT,
    NAME_PATTERN: f"one line of {_TEXT_HINT}, and without < or >",
    LANGUAGE_TAG_PATTERN: "a language tag (BCP 47) such as en, de, zh-CN or pt-BR",
}
# Added to a quote that is too long: what to keep
_QUOTE_HINT = "quote only the words that state the value (… marks words left out)"


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return f"a list of {len(value)}" if len(value) > 1 else "a list"
    if isinstance(value, float) and value != value * 1:  # NaN
        return "not a number"
    if value in (float("inf"), float("-inf")):
        return "a number too large to hold (infinity)"
    return shorten(repr(value), 60)


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
        renamed = RENAMED_SOURCE_KEYS.get(str(name))
        if renamed in valid:
            return f"'{name}' is now called '{renamed}': rename the key"
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
        pattern = error["ctx"]["pattern"]
        hint = _PATTERN_HINTS.get(pattern, f"text matching {pattern}")
        reason = url_problem(value) if pattern == URL_PATTERN and isinstance(value, str) else None
        return f"'{name}' must be {hint}; got {_describe(value)}" + (f": {reason}" if reason else "")
    if kind == "finite_number":
        return f"'{name}' must be a finite number; got {_describe(value)}"
    if kind == "too_long" and "max_length" in error.get("ctx", {}):
        limit, actual = error["ctx"]["max_length"], error["ctx"].get("actual_length")
        return f"'{name}' may have at most {limit} entries; got {actual}"
    if kind in ("less_than_equal", "greater_than_equal", "greater_than", "less_than"):
        words = {
            "less_than_equal": "at most",
            "greater_than_equal": "at least",
            "greater_than": "greater than",
            "less_than": "less than",
        }
        bound = next(iter(error["ctx"].values()))
        return f"'{name}' must be {words[kind]} {bound:g}; got {_describe(value)}"
    if kind == "string_too_long":
        limit = error["ctx"]["max_length"]
        hint = f": {_QUOTE_HINT}" if "quote" in names[:-1] else ""
        return f"'{name}' may have at most {limit} characters; it has {len(value)}{hint}"
    if kind in ("invisible_text", "size_too_large"):
        return f"'{name}' {error['msg']}; got {_describe(value)}"
    if kind in ("empty_quote", "quote_not_covered"):
        return f"'{name}' {error['msg']}"
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
            if loc in doc.refused:  # the reader has said what is wrong with this value
                continue
            problems.append(doc.problem(loc, _message(item, model, full_loc)))
        return None, problems
