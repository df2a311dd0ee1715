"""The layer rules of DESIGN.md, read from the source with ``ast``."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from tests.syntax import parse

ROOT = Path(__file__).resolve().parent.parent


def imported_roots(source: str, package: tuple[str, ...]) -> set[str]:
    """The top-level package of every import in a module; relative imports are resolved."""
    roots: set[str] = set()
    for node in ast.walk(parse(source)):
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


PACKAGES = ("bot", "sandbox", "services", "storage", "games", "tests", "bench")


def on_disk(parts: list[str]) -> bool:
    """Whether ``parts`` name a package (a folder) of this repository."""
    return (ROOT.joinpath(*parts) / "__init__.py").exists()


def private_imports(
    source: str,
    module: str,
    *,
    is_package: bool = False,
    package_named: Callable[[list[str]], bool] = on_disk,
) -> list[str]:
    """What ``module`` imports that is private to a package it is not in.

    A ``_name`` (a module, or a name in a module) belongs to the package it sits in: ``a.b._x``
    and ``a.b.m._y`` to ``a.b``. Modules inside that package (at any depth) may import it;
    ``a.z`` may not. Dunder names are not private. ``package_named`` tells a package from a
    module."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in ast.walk(parse(source)):
        names: list[list[str]] = []
        if isinstance(node, ast.Import):
            names = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                origin = base + (node.module.split(".") if node.module else [])
            else:
                origin = (node.module or "").split(".")
            names = [[*origin, alias.name] for alias in node.names]
        for parts in names:
            for i, part in enumerate(parts):
                if part.startswith("_") and not part.startswith("__"):
                    owner = parts[:i] if package_named(parts[:i]) else parts[: i - 1]
                    # A test module mirrors the package it tests (tests/bot/pictures/ tests
                    # bot.pictures), and may read that package's private parts.
                    mirrored = package[1:] if package[:1] == ["tests"] else package
                    if package[: len(owner)] != owner and mirrored[: len(owner)] != owner:
                        found.append(".".join(parts[: i + 1]))
                    break
    return found


def test_no_module_imports_another_packages_private_names():
    found = {}
    for folder in PACKAGES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).with_suffix("")
            is_package = relative.name == "__init__"
            parts = relative.parts[:-1] if is_package else relative.parts
            source = path.read_text(encoding="utf-8")
            bad = private_imports(source, ".".join(parts), is_package=is_package)
            if bad:
                found[str(path.relative_to(ROOT))] = bad
    assert found == {}


def test_the_private_import_checker_allows_only_the_owning_package():
    packages = {("a",), ("a", "b")}

    def check(source: str, module: str, is_package: bool = False) -> list[str]:
        named = lambda parts: tuple(parts) in packages  # noqa: E731
        return private_imports(source, module, is_package=is_package, package_named=named)

    source = "from a.b import _y\nimport a.b._x\nfrom a.b._x import thing\nfrom a.b.m import _q\n"
    assert check(source, "a.b.c") == []
    assert check(source, "a.b.c.d") == []
    assert check(source, "a.z") == ["a.b._y", "a.b._x", "a.b._x", "a.b.m._q"]
    assert check("from . import _z\nfrom ._v import q\n", "a.z") == []
    assert check("from ._v import q\n", "a.b", is_package=True) == []
    assert check("from .b import _y\n", "a.z") == ["a.b._y"]
    assert check("from a.__init__ import x\nimport __future__\n", "c.d") == []


def test_the_checks_enforce_the_import_contracts():
    """A merge once dropped the import-linter step from ``dev.py check``: the layer contracts
    in pyproject.toml only hold while the checks run them."""
    import dev

    names = [name for name, _ in dev.STATIC]
    assert any(name.startswith("import-linter") for name in names)
    assert any(name.startswith("mypy") for name in names)
    assert dev.PYTEST[:2] == ["-m", "pytest"]
