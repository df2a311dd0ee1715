"""Each player's latest answered interaction at each table channel, while its token is fresh.

A player's private cards change outside their own action too (the deal, another player's
move). A DM for that counts against Discord's global 50 requests/s and, with its DM-channel
open, costs up to two calls; an ephemeral followup on the player's latest interaction token is
exempt from the global limit, and it shows in the channel where the player plays. Discord
keeps an interaction token for 15 minutes; only the followup webhook is kept (not the
interaction, its message and its member), in memory only: after a restart the first
update goes by DM again.

The latest such token of anyone at a channel also carries the table's turn ping there (a public
followup that mentions the player to act: :mod:`._pings`), so a ping costs nothing of the
global limit while someone has played at the table in the last 14 minutes.
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
PUBLIC = FOLLOWS - {discord.InteractionResponseType.deferred_channel_message}
"""Answers a public followup may come after: the first followup of a "thinking" deferral
replaces its message, which the deferral made private or public already."""
CHANNEL_KEPT = 3
"""Fresh tokens kept per channel for its turn pings (the newest first)."""


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
        self._channels: dict[int, list[tuple[float, discord.Webhook]]] = {}
        """Channel -> the newest tokens answered so that a public followup may follow."""

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
        made = made_at(interaction, self.clock)
        followup = interaction.followup  # discord.py builds a new Webhook on every read
        self._kept.pop(key, None)
        self._kept[key] = (made, followup)
        self._expire()
        if interaction.response.type in PUBLIC:
            kept = self._channels.get(interaction.channel_id, [])
            kept = [(made, followup), *kept][:CHANNEL_KEPT]
            kept.sort(key=lambda k: -k[0])
            self._channels[interaction.channel_id] = kept

    def at(self, channel: int) -> list[tuple[float, discord.Webhook]]:
        """The fresh tokens of anyone's interactions in ``channel`` that a public followup may
        follow, newest first, each with when it was made (on this keeper's clock)."""
        cutoff = self.clock() - self.lifetime
        kept = [k for k in self._channels.get(channel, ()) if k[0] > cutoff]
        if kept:
            self._channels[channel] = kept
        else:
            self._channels.pop(channel, None)
        return kept

    def fresh(self, since: float) -> bool:
        """Whether a token of an interaction made at ``since`` is still used."""
        return since > self.clock() - self.lifetime

    def get(self, user: int, channel: int) -> discord.Webhook | None:
        """The followup webhook of ``user``'s fresh interaction in ``channel``, if any."""
        self._expire()
        kept = self._kept.get((user, channel))
        if kept is None or kept[0] <= self.clock() - self.lifetime:
            return None
        return kept[1]

    def drop(self, user: int, channel: int) -> None:
        """Discord refused the token (expired, unknown): DMs until the next interaction."""
        found = self._kept.pop((user, channel), None)
        if found is not None:
            self.drop_webhook(channel, found[1])

    def drop_webhook(self, channel: int, webhook: discord.Webhook) -> None:
        """Discord refused ``webhook``'s token: no ping rides on it any more."""
        kept = [k for k in self._channels.get(channel, ()) if k[1] is not webhook]
        if kept:
            self._channels[channel] = kept
        else:
            self._channels.pop(channel, None)

    def __len__(self) -> int:
        return len(self._kept)
