"""Palace Poker through the real bot and the fake Discord: a full game by slash commands and by
buttons from open to close, palace cards by DM to their owners only (and an opponent's after a
battle, PP-17), no hidden card in any public message, autocomplete from the legal actions, and
the chip audit at the end of every test."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from games.actions import AmountField
from games.cards import Card
from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.interactions import Interaction
from sandbox.messages import Message
from tests.e2e.table_helpers import (
    TableSeed,
    Watch,
    button_for,
    first_input,
    service,
    status,
    stored_engine,
    table_message,
)

BUY_IN = 300
PLAN = ("buy", "buy", "stay", "discard")
"""The first turns of a deal (each the first of them legal then), so every action kind is
played: after them the player to act attacks, the first battle has a raise and a call, later
battlers fold."""


pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]

TABLE_SEED = 20261129


@pytest.fixture
def table_seed() -> TableSeed:
    """The same deals on every run: the calls per action asserted below (1.96 by slash
    commands against a ceiling of 2.0) must not depend on the luck of the deal."""
    return TableSeed(TABLE_SEED)


def legal(session: Session, user: int) -> dict[str, Any]:
    specs = service(session).legal_actions(session.guild.id, session.channel.id, user)
    return {s.kind: s for s in specs}


@dataclass
class Script:
    """Chooses each move: the plan first, then attack; first battle raise then call."""

    plan: list[str] = field(default_factory=lambda: list(PLAN))
    battles: int = 0
    raised: bool = False
    played: list[str] = field(default_factory=list)

    def choose(self, session: Session, user: int) -> str:
        kinds = legal(session, user)
        assert kinds, "the player to act has no legal action"
        if "discard_soldiers" in kinds:
            kind = "discard_soldiers"
        elif "call" in kinds:
            if self.battles == 0 and not self.raised and "raise" in kinds:
                self.raised, kind = True, "raise"
            else:
                kind = "call" if self.battles == 0 else "fold"
                self.battles += 1
        else:
            kind = next((k for k in self.plan if k in kinds), "bet" if "bet" in kinds else "fold")
            if kind in self.plan:
                self.plan.remove(kind)
        self.played.append(kind)
        return kind


def palace_of(session: Session, user: int) -> list[str]:
    view = status(session, user).view
    return [c.code for c in view.palace]  # type: ignore[union-attr]


async def slash_options(session: Session, actor: Actor, kind: str) -> dict[str, Any]:
    """The options of ``kind``'s slash command, each choice taken from the bot's own
    autocomplete (an interaction of its own, not counted as the action's calls)."""
    if kind in ("discard", "discard_soldiers"):
        least = legal(session, actor.id)[kind].fields["cards"].min_count
        least = max(least, 1 if kind == "discard" else 0)
        offered = await actor.autocomplete(f"palace {kind}", focused="cards", cards="")
        pick = next(str(v) for v in offered if len(str(v).split()) >= least)
        return {"cards": pick} if pick else {}
    if kind == "bet":
        targets = await actor.autocomplete("palace bet", focused="target", target="")
        assert targets, "no target offered"
        return {"target": str(targets[0])}
    if kind == "raise":
        amounts = await actor.autocomplete("palace raise", focused="amount", amount=0)
        return {"amount": int(amounts[0])}
    return {}


async def by_button(session: Session, actor: Actor, kind: str) -> Interaction:
    """The action through the table message; card choices through the **My cards** reply."""
    message = table_message(session)
    if kind in ("discard", "discard_soldiers"):
        spec = legal(session, actor.id)[kind]
        options = spec.fields["cards"]
        mine = await actor.click(message, "My cards")
        assert mine.ephemeral
        assert mine.message is not None
        count = max(options.min_count, 1 if kind == "discard" else 0)
        picked = list(options.options[:count])
        return await actor.select(mine.message, _select_for(mine.message, kind), *picked)
    if kind == "bet":
        target = next(
            c["custom_id"]
            for c in message.walk_components()
            if c.get("type") == 2 and ":bet:" in str(c.get("custom_id"))
        )
        return await actor.click(message, target)
    answer = await actor.click(message, button_for(message, kind))
    if answer.modal is not None:
        bounds = legal(session, actor.id)[kind].fields["amount"]
        assert isinstance(bounds, AmountField)
        answer = await actor.submit(answer, {first_input(answer): str(bounds.min)})
    return answer


def _select_for(message: Message, kind: str) -> str:
    for component in message.walk_components():
        if component.get("type") == 3 and f":{kind}:" in str(component.get("custom_id")):
            return str(component["custom_id"])
    raise LookupError(f"no {kind} select in the My cards reply")


async def play_deal(
    session: Session, watch: Watch, by: dict[int, Actor], *, buttons: bool
) -> Script:
    """Play the current deal to its end by the script."""
    script = Script()
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        kind = script.choose(session, user)
        before = status(session).action_counter
        if buttons:
            answer = await by_button(session, by[user], kind)
        else:
            options = await slash_options(session, by[user], kind)
            await watch.step()
            answer = await by[user].slash(f"palace {kind}", **options)
        await watch.step(f"{'button' if buttons else 'slash'} {kind}")
        assert status(session).action_counter > before, (kind, answer.content)
        assert len(script.played) < 100
    return script


async def palaces_face_down(session: Session) -> set[str]:
    """Every palace card of the stored game that nobody showed the table: the palaces in play
    and those set aside unseen (a knocked-out seat's first three cards aside, PP-11/PP-17).
    ``Watch`` takes out those the public view showed this deal: a banner reject that PP-6 dealt
    into a palace was turned face up for all (PP-5)."""
    game = await stored_engine(session)
    if game is None:
        return set()
    shown = {c.code for cards in game.state.shown.values() for c in cards}
    cards = set()
    for seat in game.state.seat.values():
        cards |= {c.code for c in (seat.palace or seat.aside[:3])}
    return cards - shown


def dm_texts(actor: Actor) -> str:
    """What the player was told privately: DMs, and the answers to their own moves."""
    return "\n".join(m.content for m in sorted([*actor.dms(), *actor.ephemerals()], key=id_of))


def id_of(message: Message) -> int:
    return message.id


@pytest.mark.parametrize("buttons", [False, True], ids=["slash", "buttons"])
async def test_a_full_game_of_three_players_from_open_to_close(
    session, alice, bob, carol, buttons, capsys
):
    players = {a.id: a for a in (alice, bob, carol)}
    watch = Watch(session, players, face_down=palaces_face_down)
    opened = await alice.slash("palace open", small_bet=10, max_raises=2, buy_in=BUY_IN)
    assert opened.ephemeral
    await watch.step()
    for actor in (bob, carol):
        if buttons:
            asked = await actor.click(table_message(session), "Join")
            await actor.submit(asked, {first_input(asked): str(BUY_IN)})
        else:
            await actor.slash("palace join", buy_in=BUY_IN)
        await watch.step()
    for deal in (1, 2):
        if buttons:
            await alice.click(table_message(session), "Deal")
        else:
            await alice.slash("palace start")
        await watch.step()
        assert status(session).deal_number == deal
        palaces = {u: palace_of(session, u) for u in players}
        for user, actor in players.items():  # PP-6: each palace by DM, to its owner only
            shown = " ".join(str(Card.parse(c)) for c in palaces[user])
            assert f"Your palace cards (only you see them): **{shown}**" in dm_texts(actor)
        script = await play_deal(session, watch, players, buttons=buttons)
        assert {"buy", "discard_soldiers", "discard", "stay", "bet", "raise", "call"} <= set(
            script.played
        ), script.played
        watch.private_cards_reached_their_owners()
        # PP-17: the caller of the first battle was shown the other battler's palace privately.
        seen = {u: status(session, u).view.seen_palaces for u in players}  # type: ignore[union-attr]
        for user, shown_to in seen.items():
            for owner, cards in shown_to.items():
                assert cards == [Card.parse(c) for c in palaces[int(owner)]]
                text = " ".join(str(c) for c in cards)
                assert f"palace cards: **{text}**" in dm_texts(players[user])
        assert any(seen.values()), "nobody was shown a palace after the battle"
        assert "🏆" in str(table_message(session).embeds[0])
    stacks = sum(s.stack for s in status(session).seats)
    assert stacks == 3 * BUY_IN
    closed = await alice.slash("palace close")
    assert closed.ephemeral
    await watch.step()
    assert table_message(session).components == []
    average, table = watch.report()
    with capsys.disabled():
        print(f"\n[palace {'buttons' if buttons else 'slash'}] {table}")  # noqa: T201 - the report
    assert average <= 2.0
    assert watch.channel_posts == 0
