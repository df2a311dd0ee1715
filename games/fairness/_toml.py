"""A small TOML writer for hand-history files (the standard library reads TOML, ``tomllib``,
but does not write it). It writes what those files hold and nothing more: strings, integers,
booleans, lists of those, tables and arrays of tables, top-level scalars first as TOML needs."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

Scalar = str | int | bool | None


def dumps(data: Mapping[str, Any]) -> str:
    """``data`` as TOML text that ``tomllib.loads`` reads back equal (``None`` values are left
    out: TOML has no null)."""
    lines: list[str] = []
    _table(lines, (), data)
    return "\n".join(lines).strip() + "\n"


def _table(lines: list[str], name: tuple[str, ...], data: Mapping[str, Any]) -> None:
    subtables: list[tuple[str, Any]] = []
    for key, value in data.items():
        if value is None:
            continue
        if isinstance(value, Mapping) or _is_table_array(value):
            subtables.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in subtables:
        path = (*name, key)
        header = ".".join(_key(k) for k in path)
        if isinstance(value, Mapping):
            lines.extend(["", f"[{header}]"])
            _table(lines, path, value)
        else:
            for item in value:
                lines.extend(["", f"[[{header}]]"])
                _table(lines, path, item)


def _is_table_array(value: Any) -> bool:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and bool(value)
        and all(isinstance(v, Mapping) for v in value)
    )


def _key(key: str) -> str:
    if key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key):
        return key
    return _string(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items() if v is not None)
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, Sequence):
        items = [_value(v) for v in value]
        if sum(len(i) for i in items) > 72:
            return "[\n" + "".join(f"  {i},\n" for i in items) + "]"
        return "[" + ", ".join(items) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def _string(text: str) -> str:
    """A basic string: JSON's escapes are TOML's, except that TOML has no ``\\/``, which
    ``json.dumps`` does not write."""
    return json.dumps(text, ensure_ascii=False)
