"""Settings every test shares."""

from __future__ import annotations

from hypothesis import settings

# A slow or busy CI machine must not turn a correct property into a flaky one: no per-example
# deadline anywhere, and a failing example is printed so it can be replayed.
settings.register_profile("parlour", deadline=None, print_blob=True)
settings.load_profile("parlour")
