"""Cards for every eye (issue 33) end to end: ``/cards style:`` is a player's own and draws
their **My cards** picture; ``/admin settings card_style`` draws the table pictures (and the
cards of players who chose none)."""

from __future__ import annotations

from typing import cast

import pytest
from PIL import Image

from sandbox.harness import Session
from tests.e2e import test_pontoon
from tests.e2e.table_helpers import (
    TableSeed,
    alt_texts,
    click_action,
    status,
    table_message,
    texts,
    view_cards,
)
from tests.e2e.test_pictures import picture_of, pictured, synced

pytestmark = pytest.mark.usefixtures("chips_add_up")


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(test_pontoon.TABLE_SEED, pictures=True)


def own_cards(session: Session, user: int) -> set[str]:
    return view_cards(status(session, user).view) - view_cards(status(session).view)


def deep_blue(picture: Image.Image) -> int:
    """Pixels of the four-colour deck's diamonds' blue (no other ink of the pictures is)."""
    pixels = cast("list[tuple[int, int, int]]", list(picture.convert("RGB").get_flattened_data()))
    return sum(1 for r, g, b in pixels if b > 150 and r < 60 and g < 70)


async def test_my_cards_are_drawn_large_after_cards_style_large_and_the_table_in_the_servers(
    session: Session, alice, bob
) -> None:
    asked = await alice.slash("cards")
    assert asked.ephemeral
    assert "this server's style: four-colour" in asked.content
    chosen = await bob.slash("cards", style="large")
    assert chosen.ephemeral
    assert "large (four colours" in chosen.content
    assert "Table pictures use this server's style: four-colour" in chosen.content
    again = await bob.slash("cards")
    assert "(your choice;" in again.content
    changed = await alice.slash("admin settings", card_style="classic")
    assert "Card style" in str(changed.message.embeds[0])
    assert "classic (two colours" in str(changed.message.embeds[0])
    assert "this server's style: classic" in (await alice.slash("cards")).content

    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    players = {a.id: a for a in (alice, bob)}
    for _ in range(10):  # to the punters' play: both hold cards of their own
        if all(own_cards(session, user) for user in players):
            break
        await synced(session)
        user = status(session).to_act
        assert user is not None
        action = test_pontoon.choose(session, user)
        await click_action(session, players[user], action["kind"], action.get("amount"))
    await synced(session)
    shown = await pictured(session)
    table = picture_of(shown)
    (alt,) = alt_texts(shown)  # issue 33 item 9: owners, stacks, the pot and the turn
    assert alt.startswith("The Pontoon table. ")
    assert " to act. Pot: " in alt
    assert "alice, " in alt
    assert "bob (the bank), " in alt
    assert deep_blue(table) == 0  # the server's classic deck: no blue diamonds on the table
    hers = await alice.click(table_message(session), "My cards")
    his = await bob.click(table_message(session), "My cards")
    assert hers.message is not None
    assert his.message is not None
    mine_classic, mine_large = picture_of(hers.message), picture_of(his.message)
    # the large style's cards are 140 px wide instead of 100 (a card is 1.4 times as high)
    assert mine_large.height - mine_classic.height == round(140 * 1.4) - round(100 * 1.4)
    assert "Pontoon" in "\n".join(texts(table_message(session)))
    await alice.slash("pontoon close")
