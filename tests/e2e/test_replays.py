"""Issue 29's replay through the real bot and the fake Discord: after a deal against two
computer players, ``/replay deal:`` (or **Replay** on the table message between deals) shows
it to its player alone, step by step with ◀ ▶, the table picture at each step and the rule
that applied it; the buttons still work after a restart (everything comes from the stored
deal), and a member who did not play it is refused."""

from __future__ import annotations

import random

import pytest

from sandbox.interactions import Interaction
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import TableSeed, status, table_message, until
from tests.e2e.test_computers import DELAY, OPEN, play_deal

pytestmark = pytest.mark.usefixtures("chips_add_up")


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(20261203, pictures=True)


def footer(answer: Interaction) -> str:
    assert answer.message is not None
    return str((answer.message.embeds[0].get("footer") or {}).get("text", ""))


def buttons(answer: Interaction) -> dict[str, bool]:
    """Each step button's label and whether it is enabled."""
    assert answer.message is not None
    return {
        str(c.get("label")): not c.get("disabled", False)
        for c in answer.message.walk_components()
        if str(c.get("custom_id", "")).startswith("parlour:replay:")
    }


@pytest.mark.parametrize("game", ["paiute", "pontoon"])
async def test_a_player_steps_through_their_deal_and_the_buttons_outlive_a_restart(
    session, alice, bob, game
):
    await alice.slash(
        f"{game} open", buy_in=300, seats=3, computers=2, computer_delay=DELAY, **OPEN[game]
    )
    await until(lambda: status(session).message_id is not None, what="the table message")
    await alice.slash(f"{game} start")
    await play_deal(session, alice, game, random.Random(8))
    await until(lambda: not status(session).deal_open, what="the deal's end")
    listed = embed_text(await alice.slash("history", game=game))
    deal_id = int(listed.split("`#", 1)[1].split("`", 1)[0])

    first = await alice.slash("replay", deal=deal_id)
    assert first.ephemeral
    text = embed_text(first)
    assert f"Replay of deal #{deal_id}" in text
    assert "The deal as it was dealt." in text
    assert "**Your cards**" in text
    last = int(footer(first).split(" of ", 1)[1].split(" ", 1)[0])
    assert footer(first).startswith(f"Step 0 of {last} · only you see this replay · deck")
    assert buttons(first) == {"⏮": False, "◀": False, "▶": True, "⏭": True}
    assert first.message is not None
    assert len(first.message.attachments) == 1  # the table picture as it was dealt
    rule = "PA-4: five cards each" if game == "paiute" else "PO-4: everyone cuts"
    assert rule in text

    second = await alice.click(first.message, "▶")
    assert footer(second).startswith(f"Step 1 of {last}")
    assert "moves:" in embed_text(second)

    await session.restart_bot()  # the replay is the stored deal's: its buttons go on working
    assert second.message is not None
    end = await alice.click(second.message, "⏭")
    assert footer(end).startswith(f"Step {last} of {last}")
    assert buttons(end) == {"⏮": True, "◀": True, "▶": False, "⏭": False}
    back = await alice.click(second.message, "◀")
    assert footer(back).startswith(f"Step {last - 1} of {last}")

    refused = await bob.slash("replay", deal=deal_id)
    assert refused.ephemeral
    assert f"There is no finished deal #{deal_id} of yours in this server." in refused.content
    assert refused.message is not None
    assert refused.message.embeds == []

    # the table message's Replay button, between deals, replays the deal just over
    table = table_message(session)
    assert "Replay" in table.buttons
    again = await alice.click(table, "Replay")
    assert again.ephemeral
    assert again.message is not table
    assert footer(again).startswith(f"Step 0 of {last}")
    assert f"Replay of deal #{deal_id}" in embed_text(again)
    clicked = await bob.click(table, "Replay")  # not his deal: refused, privately
    assert clicked.ephemeral
    assert f"There is no finished deal #{deal_id} of yours in this server." in clicked.content
