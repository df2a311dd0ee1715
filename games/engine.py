"""The contract every game engine keeps (DESIGN.md, "Engine contract").

The table service and the tests drive Palace Poker, Paiute and Pontoon only through these
names, so a fourth game slots in without touching them. Engines are synchronous and pure: they
take player actions and return events; the caller does all I/O. Events are ``list[Any]`` while
the engines move from the legacy ``Event`` to typed ``GameEvent``s (both have ``kind``/``to``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self

from pydantic import BaseModel

from games.actions import ActionSpec
from games.cards import Card

HOUSE = "house"
"""The seat id of Pontoon's house bank: not a player, its stack starts at 0 and may go negative."""

KITTY = "kitty"
"""The key of the Shoot Pontoon kitty's change in a settlement, so the settlement sums to zero."""


class Engine(Protocol):
    """One deal of a game at one table, with the chips of the players' table stacks."""

    stacks: dict[str, int]
    """Each seat's table stack now (the engine holds the chip truth during a deal)."""

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        stacks: Mapping[str, int],
        options: Any,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
        dealer: str | None = None,
    ) -> Self:
        """The table's first deal; ``deck`` stacks all 52 cards, ``dealer`` fixes the seat."""
        ...

    @classmethod
    def restore(cls, snapshot: str) -> Self:
        """A game equal to the one that produced ``snapshot``, with the same future."""
        ...

    @property
    def pot(self) -> int:
        """Chips in the pot now."""
        ...

    @property
    def phase(self) -> str:
        """Where the deal is: ``"opening"`` before the first card, ``"over"`` at the end, ..."""
        ...

    @property
    def to_act(self) -> str | None:
        """Whose move it is, or ``None`` when nobody can move (the deal is over)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the deal has finished and :meth:`settlement` may be read."""
        ...

    @property
    def deal_number(self) -> int:
        """1 for the table's first deal, counting up with each :meth:`next_deal`."""
        ...

    def opening_events(self) -> list[Any]:
        """What dealing this deal did before anyone acted (antes, cards dealt, private cards).

        The table renders them like an action's events; a player's dealt cards come as a
        private event to that player.
        """
        ...

    def legal_actions(self, pid: str) -> list[ActionSpec]:
        """Everything ``pid`` may do now, with exact bounds; empty when it is not their move."""
        ...

    def act(self, pid: str, action: BaseModel | Mapping[str, Any]) -> list[Any]:
        """Apply one action, or raise ``IllegalAction`` and change nothing."""
        ...

    def timeout_action(self, pid: str) -> dict[str, Any]:
        """The rules' default action for ``pid`` when their turn timer runs out."""
        ...

    def settlement(self) -> dict[str, int]:
        """Each seat's stack change over this deal; sums to zero (with ``KITTY``'s change)."""
        ...

    def view(self, pid: str | None) -> BaseModel:
        """What ``pid`` (``None``: the public) may see now."""
        ...

    def snapshot(self) -> str:
        """The whole game as JSON, RNG state included."""
        ...

    def history(self) -> list[dict[str, Any]]:
        """Every action of this deal; after the end, every card too."""
        ...

    def next_deal(
        self,
        players: Sequence[str] | None = None,
        stacks: Mapping[str, int] | None = None,
        deck: Sequence[Card | str] | None = None,
    ) -> Self:
        """The table's next deal in its opening phase (this game is left as it is)."""
        ...

    def all_cards(self) -> list[Card]:
        """Every card of the deck wherever it lies, for the conservation checks."""
        ...

    def chips_in_play(self) -> int:
        """Stacks + pot (+ kitty): constant over a deal, checked after every action."""
        ...
