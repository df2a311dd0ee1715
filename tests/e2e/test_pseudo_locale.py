"""Every word the bot sends comes from the catalog: one full game of each game with the
pseudo-locale ``en-XA`` as the server's language and as every player's own, then a scan of
every message body the bot sent (contents, embeds, component labels and placeholders,
interaction responses, DMs) for an English word outside ``⟦…⟧`` (names and cards allowed)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from bot.client import Parlour
from bot.text.pseudo import OPEN, PSEUDO
from sandbox.actors import Actor
from sandbox.harness import Session
from tests.e2e.paiute_helpers import OPTIONS, find_seed
from tests.e2e.table_helpers import TableSeed, service, status
from tests.e2e.test_palace import TABLE_SEED as PALACE_SEED
from tests.e2e.test_palace import Script, slash_options
from tests.e2e.test_pontoon import TABLE_SEED as PONTOON_SEED
from tests.e2e.test_pontoon import choose as pontoon_choice
from tests.pseudo_words import unwrapped

BUY_IN = 300

pytestmark = [
    pytest.mark.shared_fake,
    pytest.mark.usefixtures("chips_add_up"),
]

_TEXT_KEYS = ("content", "title", "description", "text", "placeholder")


def _texts(body: Any, parent: str = "") -> Iterator[str]:
    """The player-visible strings of a request body (not ids, urls, custom ids or a choice's
    value)."""
    if isinstance(body, list):
        for item in body:
            yield from _texts(item, parent)
        return
    if not isinstance(body, dict):
        return
    for key in _TEXT_KEYS:
        if isinstance(body.get(key), str):
            yield body[key]
    if isinstance(body.get("label"), str):
        yield body["label"]  # a button, select option or text input (its value is an id)
    if isinstance(body.get("name"), str):
        yield body["name"]  # an embed field's or an autocomplete choice's
    if parent == "fields" and isinstance(body.get("value"), str):
        yield body["value"]  # an embed field's (a choice's value is an id)
    for key, value in body.items():
        if isinstance(value, dict | list) and key not in ("allowed_mentions",):
            yield from _texts(value, key)


def untranslated(session: Session) -> list[tuple[str, str, list[str]]]:
    """Every sent text with English outside the catalog's ``⟦…⟧``: (route, text, words)."""
    allowed = [a.name for a in session.actors.values()]
    found = []
    for call in session.calls():
        if call.route.startswith("/applications/") or call.method == "GET":
            continue
        for text in _texts(call.body):
            words = unwrapped(text, allowed)
            if words:
                found.append((call.route, text, words))
    return found


async def speak_pseudo(session: Session, players: list[Actor]) -> None:
    """The server's language and every player's own: the pseudo-locale."""
    bot = session.bot
    assert isinstance(bot, Parlour)
    await bot.economy.update_settings(session.guild.id, language=PSEUDO)
    for actor in players:
        await bot.preferences.choose(actor.id, PSEUDO)


async def settle(session: Session) -> None:
    await session.fake.settle(quiet=0.02, within=3.0)


async def seat(session: Session, game: str, players: list[Actor], **options: Any) -> None:
    host, *others = players
    await host.slash(f"{game} open", buy_in=BUY_IN, **options)
    for actor in others:
        await actor.slash(f"{game} join", buy_in=BUY_IN)
    await host.slash(f"{game} start")
    await settle(session)


async def finish(session: Session, game: str, players: list[Actor]) -> None:
    """A look at the hand and the table mid-game is done by the caller; now close."""
    await players[0].slash(f"{game} close")
    await settle(session)
    left = sorted({f"{route}: {text!r}" for route, text, _ in untranslated(session)})
    assert not left, "\n".join(left)
    # the scan saw the catalog's text everywhere: the table, the replies and every DM
    routes = {c.route for c in session.calls() for t in _texts(c.body) if OPEN in t}
    assert "/channels/{channel_id}/messages/{message_id}" in routes  # the table message
    assert "/interactions/{interaction_id}/{interaction_token}/callback" in routes
    for actor in players:  # private updates: DMs, ephemeral answers and followups
        private = [m for m in [*actor.dms(), *actor.ephemerals()] if m.author.bot]
        assert private
        assert all(OPEN in m.content for m in private if m.content)


def legal(session: Session, user: int) -> dict[str, Any]:
    specs = service(session).legal_actions(session.guild.id, session.channel.id, user)
    return {s.kind: s for s in specs}


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed()


async def play_pontoon(session: Session, players: list[Actor]) -> None:
    """Seat ``players`` at a Pontoon table and play its first deal to the end (a look at a
    hand and the table on the way)."""
    bob = players[1]
    by = {a.id: a for a in players}
    await seat(session, "pontoon", players, min_bet=10, max_bet=50)
    await bob.slash("pontoon hand")
    await bob.slash("pontoon status")
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        action = pontoon_choice(session, user)
        options = {k: v for k, v in action.items() if k != "kind"}
        await by[user].slash(f"pontoon {action['kind']}", **options)
        await settle(session)


async def play_palace(session: Session, players: list[Actor]) -> None:
    """Seat ``players`` at a Palace table and play its first deal to the end."""
    by = {a.id: a for a in players}
    await seat(session, "palace", players, small_bet=10, max_raises=2)
    await players[2].slash("palace hand")
    script = Script()
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        kind = script.choose(session, user)
        options = await slash_options(session, by[user], kind)
        before = status(session).action_counter
        answer = await by[user].slash(f"palace {kind}", **options)
        await settle(session)
        assert status(session).action_counter != before or not status(session).deal_open, (
            f"palace {kind} {options} changed nothing: {answer.content!r}"
        )


async def play_paiute(session: Session, players: list[Actor]) -> None:
    """Seat ``players`` at a Paiute table and play its first deal to the end."""
    by = {a.id: a for a in players}
    await seat(
        session,
        "paiute",
        players,
        stake=OPTIONS.stake,
        max_rounds=OPTIONS.max_rounds,
        turn_timeout=OPTIONS.turn_timeout,
    )
    await players[0].slash("paiute hand")
    while status(session).deal_open:
        user = status(session).to_act
        assert user is not None
        actor = by[user]
        await actor.slash("paiute draw", source="stock")
        calls = await actor.autocomplete("paiute call", focused="discard", discard="")
        if calls:
            await actor.slash("paiute call", discard=str(calls[0]))
        else:
            cards = await actor.autocomplete("paiute discard", focused="card", card="")
            await actor.slash("paiute discard", card=str(cards[0]))
        await settle(session)


PLAYS: dict[str, Callable[[Session, list[Actor]], Awaitable[None]]] = {
    "pontoon": play_pontoon,
    "palace": play_palace,
    "paiute": play_paiute,
}
"""One deal of each game, played to the end by three players (the same deals every run once
``deal_from`` fixed the table's seed)."""


def deal_from(table_seed: TableSeed, game: str, players: list[Actor]) -> None:
    """Fix the seed of ``game``'s table so its deal plays the way the scripts expect."""
    if game == "pontoon":
        table_seed.value = PONTOON_SEED
    elif game == "palace":
        table_seed.value = PALACE_SEED
    else:
        table_seed.value = find_seed([str(a.id) for a in players])


@pytest.mark.parametrize("game", sorted(PLAYS))
async def test_a_game_says_nothing_outside_the_catalog(
    session, alice, bob, carol, table_seed, game
):
    players = [alice, bob, carol]
    deal_from(table_seed, game, players)
    await speak_pseudo(session, players)
    await PLAYS[game](session, players)
    await finish(session, game, players)


async def test_the_economy_help_and_admin_commands_say_nothing_outside_the_catalog(
    session, alice, bob
):
    """Every reply of the economy, ``/help`` and ``/admin``: embeds, refusals, page buttons
    and the public grant, under the pseudo-locale (the server's and each reader's)."""
    players = [alice, bob]
    await speak_pseudo(session, players)
    replies = [
        await alice.slash("help"),
        await alice.slash("balance"),
        await alice.slash("balance", user=bob),
        await alice.slash("daily"),
        await alice.slash("daily"),  # refused: the time left
        await alice.slash("refill"),  # refused: she has chips
        await alice.slash("ping", mode="dm"),
        await alice.slash("language"),
        await alice.slash("stats"),
        await alice.slash("stats", user=bob, game="palace"),
        await alice.slash("leaderboard"),
        await alice.slash("leaderboard", game="pontoon", by="wins"),
        await alice.slash("leaderboard", game="paiute", by="chips"),  # refused
        await alice.slash("admin settings"),
        await alice.slash("admin settings", min_bet=500, max_bet=100),  # refused
        await alice.slash("admin settings", daily_amount=300, images="off"),
        await alice.slash("admin remove", user=bob, amount=5000, reason="too much"),  # refused
        await alice.slash("admin close"),  # refused: no table here
    ]
    granted = await alice.slash("admin grant", user=bob, amount=250, reason="quiz")
    await granted.followup()
    removed = await alice.slash("admin remove", user=bob, amount=50, reason="typo")
    await removed.followup()
    await settle(session)
    for reply in replies:
        assert reply.message is not None
        assert OPEN in "".join(_texts({"content": reply.content, "embeds": reply.message.embeds}))
    left = sorted({f"{route}: {text!r}" for route, text, _ in untranslated(session)})
    assert not left, "\n".join(left)
    said = [t for c in session.calls() for t in _texts(c.body) if OPEN in t]
    assert len(said) > 40  # the scan read the catalog's text
