"""Parsing our own source in tests, safe from CPython 3.11's AST bug.

On CPython 3.11 a garbage collection during ``ast.parse`` that runs a Python ``gc.callbacks``
function (hypothesis installs one once a property test ran in the worker) can fail the parse with
``SystemError: AST constructor recursion depth mismatch`` (python/cpython#106905): it failed
``test_layers`` once in CI after the CPU-bound tests, hypothesis's among them, came together on
one xdist worker. The collector is paused for the parse: nothing else runs meanwhile.
"""

from __future__ import annotations

import ast
import gc


def parse(source: str) -> ast.Module:
    """``ast.parse`` with the collector paused (and restored as it was)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(source)
    finally:
        if was_enabled:
            gc.enable()
