"""Discord's size limits on what a bot sends, checked like Discord does (400, code 50035).

The error JSON nests the path of the bad field (``components.0.components.1.custom_id``) the
way Discord reports it, so a bot's error handler sees the same thing it would in production.
"""

from __future__ import annotations

from typing import Any

from sandbox.state import JSON

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ROWS = 5
MAX_COMPONENTS = 25
MAX_ROW_WIDTH = 5
MAX_CUSTOM_ID = 100
MAX_MODAL_TITLE = 45
MAX_CHOICES = 25


def _too_long(limit: int) -> JSON:
    return {
        "_errors": [
            {"code": "BASE_TYPE_MAX_LENGTH", "message": f"Must be {limit} or fewer in length."}
        ]
    }


def _nest(path: list[str], leaf: JSON) -> JSON:
    """``["a", "0", "b"]`` + leaf -> ``{"a": {"0": {"b": leaf}}}``."""
    node: JSON = leaf
    for key in reversed(path):
        node = {key: node}
    return node


def _merge(into: JSON, other: JSON) -> None:
    for key, value in other.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def _component_errors(components: list[Any], path: list[str]) -> list[JSON]:
    errors: list[JSON] = []
    if len(components) > MAX_ROWS:
        errors.append(_nest(path, _too_long(MAX_ROWS)))
    total = 0
    for r, row in enumerate(components):
        children = list(row.get("components") or []) if isinstance(row, dict) else []
        total += len(children) or 1
        if len(children) > MAX_ROW_WIDTH:
            errors.append(_nest([*path, str(r), "components"], _too_long(MAX_ROW_WIDTH)))
        for c, child in enumerate([row, *children]):
            custom_id = child.get("custom_id") if isinstance(child, dict) else None
            if isinstance(custom_id, str) and len(custom_id) > MAX_CUSTOM_ID:
                where = [*path, str(r)] if c == 0 else [*path, str(r), "components", str(c - 1)]
                errors.append(_nest([*where, "custom_id"], _too_long(MAX_CUSTOM_ID)))
    if total > MAX_COMPONENTS:
        errors.append(_nest(path, _too_long(MAX_COMPONENTS)))
    return errors


def message_errors(body: JSON | None, path: tuple[str, ...] = ()) -> JSON:
    """The form errors of a message body (create, edit, followup, response); {} if valid."""
    found: list[JSON] = []
    body = body or {}
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        found.append(_nest([*path, "content"], _too_long(MAX_CONTENT)))
    embeds = body.get("embeds")
    if isinstance(embeds, list) and len(embeds) > MAX_EMBEDS:
        found.append(_nest([*path, "embeds"], _too_long(MAX_EMBEDS)))
    components = body.get("components")
    if isinstance(components, list):
        found.extend(_component_errors(components, [*path, "components"]))
    merged: JSON = {}
    for error in found:
        _merge(merged, error)
    return merged


def modal_errors(data: JSON) -> JSON:
    """The form errors of a MODAL callback's ``data``; {} if valid."""
    merged: JSON = {}
    if len(str(data.get("title") or "")) > MAX_MODAL_TITLE:
        _merge(merged, _nest(["data", "title"], _too_long(MAX_MODAL_TITLE)))
    if len(str(data.get("custom_id") or "")) > MAX_CUSTOM_ID:
        _merge(merged, _nest(["data", "custom_id"], _too_long(MAX_CUSTOM_ID)))
    components = list(data.get("components") or [])
    if len(components) > MAX_ROWS:
        _merge(merged, _nest(["data", "components"], _too_long(MAX_ROWS)))
    return merged


def choices_errors(data: JSON) -> JSON:
    """The form errors of an autocomplete result; {} if valid."""
    if len(list(data.get("choices") or [])) > MAX_CHOICES:
        return _nest(["data", "choices"], _too_long(MAX_CHOICES))
    return {}
