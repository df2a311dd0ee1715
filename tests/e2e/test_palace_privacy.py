"""Palace Poker's hidden-card scan through the real bot: banner rejects are public (PP-5), even
those PP-6 deals into a palace, while a palace card never shown is still caught in public."""

from __future__ import annotations

import discord
import pytest

from games.cards import Card
from games.palace import PalaceOptions, PalacePoker
from sandbox.harness import Session
from tests.e2e.table_helpers import Watch, cards_in, stored_engine
from tests.e2e.test_palace import palaces_face_down

BUY_IN = 300


pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


def find_seed(players: list[str]) -> int:
    """A table seed whose first deal puts a banner reject into someone's palace (PP-5, PP-6).
    The table service has no stacked deck; the seed is the one input a test may fix."""
    stacks = dict.fromkeys(players, BUY_IN)
    for seed in range(2_000):
        game = PalacePoker.new(players, stacks, PalaceOptions(small_bet=10), seed=seed)
        palaces = {c for seat in game.state.seat.values() for c in seat.palace}
        if palaces & set(game.state.rejected_banners):
            return seed
    raise AssertionError("no seed deals a banner reject into a palace")


def channel_of(session: Session) -> discord.TextChannel:
    channel = session.bot.get_channel(session.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_banner_rejects_are_public_and_a_palace_card_never_shown_is_caught(
    session, alice, bob, carol, table_seed
):
    players = {a.id: a for a in (alice, bob, carol)}
    table_seed.value = find_seed([str(u) for u in players])
    by_store = Watch(session, {}, face_down=palaces_face_down)  # the stored palaces only
    by_views = Watch(session, players)  # what players see privately and the public does not
    await alice.slash("palace open", small_bet=10, buy_in=BUY_IN)
    await bob.slash("palace join", buy_in=BUY_IN)
    await carol.slash("palace join", buy_in=BUY_IN)
    await alice.slash("palace start")
    for watch in (by_store, by_views):
        await watch.step()

    game = await stored_engine(session)
    assert game is not None
    rejected = {c.code for c in game.state.rejected_banners}
    palaces = {c.code for seat in game.state.seat.values() for c in seat.palace}
    dealt_rejects = rejected & palaces
    assert dealt_rejects, "the seed should deal a reject into a palace"
    # PP-5: the table saw them turned up, and the bot names them in public.
    public = "\n".join(by_store.public_bodies)
    assert cards_in(public, dealt_rejects) == dealt_rejects
    assert "rejected for banners" in public
    assert by_store.hidden_checked > 0
    assert by_views.hidden_checked > 0

    channel = channel_of(session)
    seen = Card.parse(sorted(dealt_rejects)[0])
    await channel.send(f"{seen} was turned up for a banner and rejected.")
    for watch in (by_store, by_views):
        await watch.step()  # no leak: everyone saw it

    never_shown = Card.parse(sorted(palaces - rejected)[0])
    await channel.send(f"Psst: someone holds {never_shown}.")
    for watch in (by_store, by_views):
        with pytest.raises(AssertionError, match="hidden cards"):
            await watch.step()
    await alice.slash("palace close")
