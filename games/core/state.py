"""What every game's deal state holds, whatever the game: the seats' chips, the history, the
RNG. A game's state model subclasses :class:`CoreState` and adds its own cards and phases; the
snapshot is the state's JSON, so anything a restored game needs lives here."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field

from games.cards import Card

OptionsT = TypeVar("OptionsT", bound=BaseModel)


class DealCommitment(BaseModel):
    """The commitment of a deal's card order (:meth:`games.core.CardGame.commit`). The secret
    opens any position, so it stays in the table's snapshot and is never shown; each card
    someone sees is shown with its own position's proof."""

    secret: str
    """Hex of the 128-bit secret the positions' salts come from (``secrets``, not the RNG)."""
    fingerprint: str
    """Full hex of the tree's root."""
    cards: int


class Reshuffle(BaseModel):
    """A reshuffle inside a deal, committed like the opening order (issue 29): the new
    order, the secret its salts come from (derived from the game's seed,
    :func:`games.randomness.derived_secret`), and the cards someone has seen of it."""

    rule: str
    number: int
    cards: list[str]
    """The new order's card codes, top first (secret until the end)."""
    secret: str
    fingerprint: str
    revealed: dict[str, list[str]] = Field(default_factory=dict)
    """As :attr:`CoreState.revealed`, for the cards dealt from this order."""


class CoreState(BaseModel, Generic[OptionsT]):
    """The part of a deal's state the engine core reads and writes."""

    options: OptionsT
    players: list[str]
    """Everyone at the table for this deal, in seat order (some may sit the deal out)."""
    deal_number: int = 1
    stacks: dict[str, int]
    """Each seat's table stack now."""
    start_stacks: dict[str, int]
    """The stacks when the deal began: the settlement is measured from here."""
    start_deck: list[Card] = Field(default_factory=list)
    """The deal's starting card order (secret until the end; replays start from it)."""
    log: list[dict[str, Any]] = Field(default_factory=list)
    """History entries, each a dict with ``"kind"``; ``"secret": True`` ones appear only after
    the end."""
    peak_pot: int = 0
    """The largest the pot has been this deal (what a winner's "biggest pot" counts)."""
    actions: int = 0
    """Accepted actions this deal: caches key on it."""
    rng: list[Any] = Field(default_factory=list)
    """The RNG state, written at snapshot time."""
    commitment: DealCommitment | None = None
    """The committed card order's secret and fingerprint (``None``: not committed)."""
    revealed: dict[str, list[str]] = Field(default_factory=dict)
    """Card codes someone has seen, by audience (``""``: the table), :mod:`games.core.seen`."""
    reshuffles: list[Reshuffle] = Field(default_factory=list)
    """Each reshuffle of this deal, committed when it was made (:mod:`games.core.seen`)."""
    noted_reshuffles: int = 0
    """How many of :attr:`reshuffles` the seen cards have been noted past: a card shown
    later is proved in the latest of them that holds it."""
    replay_from: str | None = None
    """This state as it was dealt, before any action and any commitment, packed
    (:mod:`games.core.replay`): the deal's record keeps it, and a replay starts from it."""

    def record(self, kind: str, **data: Any) -> None:
        """Append a history entry."""
        self.log.append({"kind": kind, **data})
