"""Each player's latest answered interaction at each table channel, while its token is fresh.

A player's private cards change outside their own action too (the deal, another player's
move). A DM for that counts against Discord's global 50 requests/s and, with its DM-channel
open, costs up to two calls; an ephemeral followup on the player's latest interaction token is
exempt from the global limit, and it shows in the channel where the player plays. Discord
keeps an interaction token for 15 minutes; only the followup webhook is kept (not the
interaction, its message and its member), in memory only: after a restart the first
update goes by DM again.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

import discord

TOKEN_S = 15 * 60.0
"""Discord's lifetime of an interaction token."""
MARGIN_S = 60.0
"""A token this close to its end is not used: a followup must not race its expiry."""
FRESH_S = TOKEN_S - MARGIN_S
"""How long after its interaction a token is used (followups here, table edits by the
publisher)."""
FOLLOWS = frozenset(
    {
        discord.InteractionResponseType.channel_message,
        discord.InteractionResponseType.deferred_channel_message,
        discord.InteractionResponseType.deferred_message_update,
        discord.InteractionResponseType.message_update,
    }
)
"""Answers a followup may come after (a modal or an autocomplete answer takes none)."""


def made_at(interaction: discord.Interaction, clock: Callable[[], float] = time.monotonic) -> float:
    """When ``interaction`` was made, on ``clock``: its age comes from its id (Discord's
    clock), so an interaction answered late has less of its token's life left."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return clock() - max(0.0, age)


class FreshTokens:
    """(user, channel) -> the followup webhook of their latest answered interaction there."""

    def __init__(
        self, lifetime: float = FRESH_S, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.lifetime = lifetime
        self.clock = clock
        self._kept: OrderedDict[tuple[int, int], tuple[float, discord.Webhook]] = OrderedDict()

    def _expire(self) -> None:
        cutoff = self.clock() - self.lifetime
        while self._kept:
            key, (since, _) = next(iter(self._kept.items()))
            if since > cutoff:
                break
            del self._kept[key]

    def seen(self, interaction: discord.Interaction) -> None:
        """Keep ``interaction``'s token if it was answered in a way a followup may follow."""
        if interaction.channel_id is None or interaction.response.type not in FOLLOWS:
            return
        key = (interaction.user.id, interaction.channel_id)
        self._kept.pop(key, None)
        self._kept[key] = (made_at(interaction, self.clock), interaction.followup)
        self._expire()

    def get(self, user: int, channel: int) -> discord.Webhook | None:
        """The followup webhook of ``user``'s fresh interaction in ``channel``, if any."""
        self._expire()
        kept = self._kept.get((user, channel))
        if kept is None or kept[0] <= self.clock() - self.lifetime:
            return None
        return kept[1]

    def drop(self, user: int, channel: int) -> None:
        """Discord refused the token (expired, unknown): DMs until the next interaction."""
        self._kept.pop((user, channel), None)

    def __len__(self) -> int:
        return len(self._kept)
