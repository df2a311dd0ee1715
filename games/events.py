"""What an engine tells the table after an action, and who may hear it.

An event is public (``to is None``) or private to one player. The bot renders public events on
the table message and sends private ones by DM or ephemeral reply; a private card never appears
in a public event.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Event(BaseModel):
    """Something that happened in a deal, with its audience.

    ``kind`` names what happened (``"buy"``, ``"battle_won"``, ``"deal_over"``); ``text`` is a
    sentence for people; ``data`` holds the JSON facts a renderer or test may need (player ids,
    amounts, card codes the audience may see).
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    to: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)

    @property
    def is_public(self) -> bool:
        """Whether everyone at the table may see this event."""
        return self.to is None


def public(kind: str, text: str, **data: Any) -> Event:
    """A public event."""
    return Event(kind=kind, text=text, data=data)


def private(to: str, kind: str, text: str, **data: Any) -> Event:
    """An event for one player's eyes only."""
    return Event(kind=kind, text=text, to=to, data=data)
