"""What German and Arabic readers saw in English (issue 33, second playtest): the buy-in and
amount forms, ``/<game> rules``; and a ``/help`` that was stale outside English (no ``/refill``,
``/ping`` or ``topup``, and ``join buy_in:`` said to add chips for a seated player, which it
refuses). A German server with an Arabic reader, as the playtest had it."""

from __future__ import annotations

import re

import pytest

from bot.client import Parlour
from bot.text import Number, catalog, msg
from bot.text.bidi import FSI, LRI, PDI
from bot.text.choose import LANGUAGES
from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.interactions import Interaction
from sandbox.messages import Message
from tests.e2e.table_helpers import button_for, status

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]

GAMES = ("palace", "paiute", "pontoon")


async def speak(session: Session, server: str, **readers: str) -> None:
    bot = session.bot
    assert isinstance(bot, Parlour)
    await bot.economy.update_settings(session.guild.id, language=server)
    for name, language in readers.items():
        await bot.preferences.choose(session.actors[name].id, language)


def table_message(session: Session) -> Message:
    """The table's message, whatever language its title is in."""
    shown = status(session).message_id
    return next(m for m in session.messages() if m.id == shown)


def modal_texts(opened: Interaction) -> tuple[str, list[str]]:
    """A modal's title and the labels and placeholders of its inputs."""
    assert opened.modal is not None, "no form opened"
    shown: list[str] = []
    for row in opened.modal["components"]:
        shown.append(str(row.get("label") or ""))
        for item in row.get("components", [row.get("component", {})]):
            shown += [str(item.get("label") or ""), str(item.get("placeholder") or "")]
    return str(opened.modal["title"]), [s for s in shown if s]


async def test_the_join_form_reads_buy_in_in_german_and_arabic(session, alice, bob, carol):
    await speak(session, "de", bob="de", carol="ar")
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await session.fake.settle(quiet=0.05)
    for reader, language in ((bob, "de"), (carol, "ar")):
        said = catalog(language)
        opened = await reader.click(
            table_message(session), button_for(table_message(session), "@join")
        )
        title, labels = modal_texts(opened)
        assert title == said.text(msg("table.modal.join"))
        bounds = msg("table.modal.buy_in", min=Number(100), max=Number(5000))
        assert said.text(bounds)[:45] in labels  # in the reader's number format: "5.000"
        assert not any("Join the table" in t or "to 5" in t for t in [title, *labels])


async def stake_form(session: Session, *players: Actor) -> tuple[Actor, Interaction]:
    """A Pontoon deal where a player is to stake; that player clicks **Stake**."""
    for actor in players[1:]:
        session.guild.deny(actor.user, MANAGE_GUILD)
    await players[0].slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    for actor in players[1:]:
        await actor.slash("pontoon join", buy_in=300)
    await players[0].slash("pontoon start")
    by = {a.id: a for a in players}
    await by[status(session).to_act].slash("pontoon stay")  # type: ignore[index]
    await session.fake.settle(quiet=0.02)
    actor = by[status(session).to_act]  # type: ignore[index]
    message = table_message(session)
    return actor, await actor.click(message, button_for(message, "stake"))


@pytest.mark.parametrize("language", ["de", "ar"])
async def test_the_stake_form_is_in_the_readers_language(session, alice, bob, language):
    await speak(session, "de", alice=language, bob=language)
    _, opened = await stake_form(session, alice, bob)
    said = catalog(language)
    title, labels = modal_texts(opened)
    assert title != "Stake"
    field = said.text(msg("table.modal.field.amount"))
    label = said.text(
        msg("table.modal.amount", field=msg("table.modal.field.amount"), min=10, max=50)
    )
    assert label[:45] in labels
    assert field != "Amount"
    assert not any(re.search(r"\b(Amount|chips|to)\b", t) for t in [title, *labels]), labels


@pytest.mark.parametrize("game", GAMES)
async def test_rules_are_in_the_readers_language(session, alice, game):
    await speak(session, "de", alice="ar")
    shown = await alice.slash(f"{game} rules")
    assert shown.ephemeral
    assert shown.message is not None
    body = shown.message.embeds[0]
    said = catalog("ar")
    assert body["description"] == said.text(msg(f"{game}.rules"))[:4000]
    assert body["description"] != catalog("en").text(msg(f"{game}.rules"))[:4000]


def synced(session: Session) -> tuple[set[str], set[str]]:
    """How ``/help`` names each command a player may use: in full (``/balance``,
    ``/admin grant``, ``/tournament open``), and a game's own subcommands (``open``,
    ``twist``) by name, as the games' fields list them under one heading."""
    full: set[str] = set()
    named: set[str] = set()
    for command in session.fake.world.commands[session.guild.id]:
        name = command["name"]
        subs = {o["name"] for o in command.get("options") or [] if o.get("type") == 1}
        if name == "help":
            continue
        if name in GAMES:
            named |= subs
        elif subs:
            full |= {f"/{name} {sub}" for sub in subs}
        else:
            full.add(f"/{name}")
    return full, named


@pytest.mark.parametrize("language", LANGUAGES)
async def test_help_names_every_command_and_no_seated_join_in_every_language(
    session, alice, language
):
    """German and Arabic ``/help`` lacked ``/refill``, ``/ping`` and ``topup`` and said
    ``join buy_in:`` tops a seated player up (it answers "Du sitzt schon an diesem Tisch.");
    and no ``/help`` named ``/tournament``. Every registered slash command is in every
    language's ``/help``."""
    await speak(session, "en", alice=language)
    shown = await alice.slash("help")
    assert shown.message is not None
    text = "\n".join(f"{f['name']}\n{f['value']}" for f in shown.message.embeds[0]["fields"])
    text = text.translate(dict.fromkeys(map(ord, LRI + FSI + PDI)))
    full, named = synced(session)
    assert {"/balance", "/admin grant", "/tournament open", "/tournament leaderboard"} <= full
    assert {"open", "join", "twist", "discard_soldiers"} <= named
    missing = sorted(c for c in full if not re.search(rf"`{c}[` ]", text))
    missing += sorted(c for c in named if not re.search(rf"`{c}[` ]", text))
    assert not missing, f"{language} /help leaves out {missing}"
    assert re.search(r"`join buy_in:` \(", text) is None, text
