"""Discord's OpenAPI spec (``sandbox/spec/openapi.json``) as the fake's judge of what goes over
the wire: every request body is checked against its operation's request schema, and (in strict
mode, on in tests) every answer against the response schema of its status, so neither the bot
nor the fake can drift from Discord's contract unnoticed.

The spec is OpenAPI 3.1, so its schemas are JSON Schema 2020-12; ``$ref``s resolve against the
whole document through a ``referencing`` registry. The document is loaded and patched with the
documentation's overrides (``limits.SPEC_PATCHES``) once per process, and one validator per
schema is built lazily and kept, so a check costs one ``iter_errors`` walk.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from sandbox import limits
from sandbox.wire import JSON

SPEC_PATH = Path(__file__).resolve().parent / "spec" / "openapi.json"
URI = "urn:discord-openapi"
JSON_TYPE = "application/json"


def _pointer(*parts: str) -> str:
    """A JSON pointer to ``parts`` (``/`` and ``~`` escaped as RFC 6901 says)."""
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def _resolve(document: JSON, pointer: str) -> Any:
    node: Any = document
    for raw in pointer.split("/")[1:]:
        key = raw.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def apply_patches(document: JSON, patches: Iterable[limits.SpecPatch]) -> None:
    """Apply the documentation's overrides: each sets one key of the node at ``where``."""
    for patch in patches:
        node = _resolve(document, patch.where)
        if patch.value is limits.REMOVE:
            node.pop(patch.key, None)
        elif patch.key == "required" and isinstance(patch.value, tuple):
            node["required"] = [f for f in node.get("required", []) if f not in patch.value]
        else:
            node[patch.key] = patch.value


def _kinds(document: JSON, branches: list[Any]) -> list[tuple[str, list[Any]]] | None:
    """``[(ref, type values)]`` if every branch is a ``$ref`` to an object schema told apart by
    its ``type`` property, the values of different branches never shared; else None."""
    found: list[tuple[str, list[Any]]] = []
    seen: set[Any] = set()
    for branch in branches:
        ref = branch.get("$ref") if isinstance(branch, dict) and len(branch) == 1 else None
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return None
        kind = ((_resolve(document, ref[1:]).get("properties") or {}).get("type")) or {}
        values = kind.get("enum") or ([kind["const"]] if "const" in kind else None)
        if not values or seen & set(values):
            return None
        seen |= set(values)
        found.append((ref, list(values)))
    return found


def dispatch_on_type(document: JSON, node: Any = None) -> None:
    """Rewrite each ``oneOf``/``anyOf`` of component (or callback) kinds into "if ``type`` is
    X then X's schema": the same verdicts, but one branch is checked instead of all of them
    and each enum written as a ``oneOf`` of consts into an ``enum``: the same verdicts, checked
    in one step (a table message validates several times faster), and errors come from the
    branch the value meant."""
    node = document if node is None else node
    if isinstance(node, list):
        for item in node:
            dispatch_on_type(document, item)
        return
    if not isinstance(node, dict):
        return
    for key in ("oneOf", "anyOf"):
        branches = node.get(key)
        if isinstance(branches, list) and all(
            isinstance(b, dict) and "const" in b and set(b) <= {"const", "title", "description"}
            for b in branches
        ):  # Discord's enums: a oneOf of titled consts is an enum, checked in one step
            del node[key]
            node["enum"] = [b["const"] for b in branches]
            continue
        kinds = _kinds(document, node[key]) if isinstance(node.get(key), list) else None
        if kinds and len(kinds) > 1:
            del node[key]
            node.pop("x-discord-union", None)
            every = [v for _ref, values in kinds for v in values]
            node["allOf"] = [
                *node.get("allOf", []),
                {"required": ["type"], "properties": {"type": {"enum": every}}},
                *(
                    {
                        "if": {"properties": {"type": {"enum": values}}, "required": ["type"]},
                        "then": {"$ref": ref},
                    }
                    for ref, values in kinds
                ),
            ]
    for value in list(node.values()):
        dispatch_on_type(document, value)


@dataclass
class Operation:
    """One (method, path) of the spec: pointers to its request and response schemas."""

    request: str | None
    responses: dict[str, str | None] = field(default_factory=dict)
    """Status ("200", "204", "4XX") -> pointer to its JSON schema (None: no body)."""

    def response_for(self, status: int) -> tuple[bool, str | None]:
        """Whether the spec lists ``status`` for this operation, and its body schema."""
        for key in (str(status), f"{str(status)[0]}XX"):
            if key in self.responses:
                return True, self.responses[key]
        return False, None


class Spec:
    """The patched spec, its operations and a cache of validators."""

    def __init__(self, document: JSON) -> None:
        self.document = document
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(URI, resource)
        self.operations: dict[tuple[str, str], Operation] = {}
        for path, item in document["paths"].items():
            for method, op in item.items():
                if method == "parameters":
                    continue
                self.operations[(method.upper(), path)] = self._operation(path, method, op)

    def _operation(self, path: str, method: str, op: JSON) -> Operation:
        base = ("paths", path, method)
        body = (op.get("requestBody") or {}).get("content") or {}
        request = _pointer(*base, "requestBody", "content", JSON_TYPE, "schema")
        operation = Operation(request if JSON_TYPE in body else None)
        for status, answer in (op.get("responses") or {}).items():
            where: tuple[str, ...] = (*base, "responses", status)
            if "$ref" in answer:  # a shared response: components/responses/...
                where = tuple(answer["$ref"].lstrip("#/").split("/"))
                answer = _resolve(self.document, _pointer(*where))
            has_json = JSON_TYPE in (answer.get("content") or {})
            operation.responses[status] = (
                _pointer(*where, "content", JSON_TYPE, "schema") if has_json else None
            )
        return operation

    @functools.cache  # noqa: B019 - one Spec per process (``spec()``), never collected
    def validator(self, pointer: str) -> Draft202012Validator:
        """The compiled validator of the schema at ``pointer`` (built once)."""
        return Draft202012Validator({"$ref": f"{URI}#{pointer}"}, registry=self.registry)

    def request_errors(self, method: str, route: str, body: Any) -> JSON:
        """Discord's nested ``errors`` for a request body that breaks the spec; {} if valid."""
        operation = self.operations.get((method, route))
        if operation is None or operation.request is None or body is None:
            return {}
        errors: JSON = {}
        for leaf in self._errors(operation.request, json.dumps(body, sort_keys=True)):
            limits.merge(errors, limits.nest([str(p) for p in leaf.absolute_path], _code(leaf)))
        return errors

    @functools.lru_cache(maxsize=2048)  # noqa: B019 - one Spec per process, see ``spec()``
    def _errors(self, pointer: str, text: str) -> tuple[ValidationError, ...]:
        """The (leaf) errors of one JSON text: a bot sends and the fake returns the same
        bodies again and again (a table message, a refusal), so each is checked once."""
        return tuple(_leaf(e) for e in self.validator(pointer).iter_errors(json.loads(text)))

    def response_problems(
        self, method: str, route: str, status: int, body: bytes | None
    ) -> list[str]:
        """How an answer differs from the spec (empty: it matches)."""
        operation = self.operations.get((method, route))
        if operation is None:
            return [f"{method} {route} is not in the spec"]
        if status >= 500:  # an injected server fault: the spec describes no 5XX bodies
            return []
        listed, pointer = operation.response_for(status)
        if not listed:
            return [f"{method} {route}: the spec has no {status} answer"]
        if pointer is None:
            return [f"{method} {route}: {status} must have no body"] if body else []
        if not body:
            return [f"{method} {route}: {status} needs a JSON body"]
        problems = []
        for leaf in self._errors(pointer, body.decode()):
            where = ".".join(map(str, leaf.absolute_path)) or "<body>"
            problems.append(f"{method} {route} {status}: {where}: {leaf.message[:160]}")
        return problems


def _branches(error: ValidationError) -> dict[Any, list[ValidationError]]:
    by_branch: dict[Any, list[ValidationError]] = {}
    for sub in error.context or []:
        by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
    return by_branch


def _wrong_kind(error: ValidationError) -> bool:
    """The branch was for another kind of value: a ``type`` discriminator that differs, or a
    JSON type (null, string) the value does not have."""
    path = list(error.relative_path)
    return path == ["type"] or (path == [] and error.validator == "type")


def _leaf(error: ValidationError) -> ValidationError:
    """The error a person would name: inside a ``oneOf``/``anyOf`` of component or callback
    kinds, the branch whose ``type`` matched, not the kinds the value was never meant to be."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        meant = [
            subs for subs in _branches(error).values() if not any(_wrong_kind(s) for s in subs)
        ]
        if len(meant) != 1:
            # every kind lacks the same field (a callback without ``type``): name that field
            missing = [
                s
                for subs in _branches(error).values()
                for s in subs
                if s.validator == "required" and not s.relative_path
            ]
            return missing[0] if len(missing) >= len(_branches(error)) else error
        error = min(meant[0], key=lambda e: len(e.relative_path))
    return error


def _code(error: ValidationError) -> JSON:
    """``{"_errors": [{code, message}]}`` with Discord's codes for the common keywords."""
    value, kind = error.validator_value, error.validator
    if kind == "required":
        missing = next((f for f in value if f not in (error.instance or {})), "?")
        return limits.nest([missing], limits.field_error("BASE_TYPE_REQUIRED"))
    if kind in ("maxLength", "maxItems"):
        return limits.too_long(int(value))
    if kind in ("minLength", "minItems"):
        return limits.field_error("BASE_TYPE_MIN_LENGTH", f"Must be {value} or more in length.")
    if kind == "maximum":
        return limits.field_error("NUMBER_TYPE_MAX", f"Must be less than or equal to {value}.")
    if kind == "minimum":
        return limits.field_error("NUMBER_TYPE_MIN", f"Must be greater than or equal to {value}.")
    if kind in ("enum", "const"):
        return limits.field_error("BASE_TYPE_CHOICES", f"Value must be one of {value}.")
    if kind == "type":
        return limits.field_error("BASE_TYPE_BAD_TYPE", f"Must be of type {value}.")
    return limits.field_error("BASE_TYPE_INVALID", error.message[:200])


def iter_problems(errors: JSON, path: tuple[str, ...] = ()) -> Iterator[str]:
    """``components.0.label: Must be 80 or fewer in length.`` for each leaf of ``errors``."""
    for key, value in errors.items():
        if key == "_errors":
            for item in value:
                yield f"{'.'.join(path) or '<body>'}: {item['message']}"
        elif isinstance(value, dict):
            yield from iter_problems(value, (*path, key))


@functools.cache
def spec() -> Spec:
    """The process-wide spec, loaded and patched on first use (about half a second)."""
    document = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    apply_patches(document, limits.SPEC_PATCHES)
    dispatch_on_type(document)
    return Spec(document)
