"""Settings every test shares."""

from __future__ import annotations

import os

from hypothesis import settings

# A slow or busy CI machine must not turn a correct property into a flaky one: no per-example
# deadline anywhere, and a failing example is printed so it can be replayed. On CI the
# examples are derandomized, so a run there is repeatable; locally each run explores anew.
settings.register_profile(
    "parlour", deadline=None, print_blob=True, derandomize=bool(os.environ.get("CI"))
)
settings.load_profile("parlour")
