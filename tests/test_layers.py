"""The layer rules of DESIGN.md, read from the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_roots(source: str, package: tuple[str, ...]) -> set[str]:
    """The top-level package of every import in a module; relative imports are resolved."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                roots.add(base[0] if base else "")
            elif node.module:
                roots.add(node.module.split(".")[0])
    return roots


def offenders(folder: str, forbidden: set[str]) -> dict[str, list[str]]:
    """Modules under ``folder`` that import anything in ``forbidden``."""
    found = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        package = path.relative_to(ROOT).parent.parts
        bad = imported_roots(path.read_text(encoding="utf-8"), package) & forbidden
        if bad:
            found[str(path.relative_to(ROOT))] = sorted(bad)
    return found


def test_games_import_no_io_or_outer_layers():
    assert offenders("games", {"discord", "aiosqlite", "asyncio", "bot", "storage"}) == {}


def test_storage_knows_no_discord_nor_bot():
    assert offenders("storage", {"discord", "bot"}) == {}


def test_table_service_knows_no_discord():
    assert offenders("services", {"discord", "bot", "sandbox"}) == {}


def test_the_checker_sees_forbidden_imports_absolute_and_relative():
    source = "import asyncio\nfrom storage import db\nfrom ... import bot_thing\n"
    assert imported_roots(source, ("bot", "tables", "x")) == {"asyncio", "storage", "bot"}
