"""The public table picture's input type: a view that is provably the public's.

A table picture is posted in the channel, so it may only ever be drawn from the view of
nobody in particular (``engine.view(None)``). ``Public`` is the only thing the table renderers
accept, and it can only be made from a view whose ``viewer`` is ``None``: passing a player's
view to a table renderer is a type error for mypy, and wrapping one raises at run time.
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar, final


class PrivateViewError(TypeError):
    """A player's view was offered where only the public view may go."""

    def __init__(self, viewer: str) -> None:
        super().__init__(f"the table picture is drawn from the public view, not {viewer!r}'s")
        self.viewer = viewer


class Viewed(Protocol):
    """Every game's view says whose it is."""

    @property
    def viewer(self) -> str | None: ...


V_co = TypeVar("V_co", bound=Viewed, covariant=True)


@final
class Public(Generic[V_co]):
    """A game's public view, checked to be one."""

    __slots__ = ("_view",)

    def __init__(self, view: V_co) -> None:
        if view.viewer is not None:
            raise PrivateViewError(view.viewer)
        self._view = view

    @property
    def view(self) -> V_co:
        """The wrapped public view."""
        return self._view

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "_view"):
            raise AttributeError("a Public view is read-only")
        object.__setattr__(self, name, value)


def public_view(table: Public[V_co]) -> V_co:
    """The view inside ``table``, checked again: the renderers' last line of defence, in case
    the view was changed after it was wrapped."""
    view = table.view
    if view.viewer is not None:
        raise PrivateViewError(view.viewer)
    return view
