"""What an engine tells the table after an action, and who may hear it.

An event is a typed record: each game has a ``StrEnum`` of event kinds and one pydantic model
per kind (a ``Literal`` ``kind`` plus typed facts: player ids, amounts, card codes), never a
sentence. It is public (``to is None``) or private to one player; a private card never appears
in a public event. The bot's presenters turn events into words in the reader's language.

A game declares its events like this::

    class PalaceEventKind(StrEnum):
        BUY = "buy"

    class Bought(GameEvent):
        kind: Literal[PalaceEventKind.BUY] = PalaceEventKind.BUY
        player: str
        price: int

and a discriminated union of all of them (``Annotated[A | B | ..., Field(discriminator="kind")]``)
for the events a snapshot keeps (e.g. a deal's opening events).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class GameEvent(BaseModel):
    """Something that happened in a deal, with its audience (``to``: one player, or public)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    to: str | None = None

    @property
    def is_public(self) -> bool:
        """Whether everyone at the table may see this event."""
        return self.to is None


ORDER_COMMITTED = "order_committed"


class OrderCommitted(GameEvent):
    """Public: cards were shuffled inside a deal (PP-5's rejects, PP-6's gathered cards, PP-8's
    discards, PA-7's stock) and their new order was committed before any card of it was
    dealt, like the deal's opening order (issue 29). The cards drawn from it are proved
    against ``fingerprint``."""

    kind: Literal["order_committed"] = "order_committed"
    rule: str
    """The rule that shuffled (``PP-8``)."""
    number: int
    """1 for the deal's first reshuffle, counting up."""
    cards: int
    fingerprint: str
    """Full hex of the new order's tree root."""
