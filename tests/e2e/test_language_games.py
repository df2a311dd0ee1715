"""An e2e game of each game in each language (issue 15): one deal of Palace, Paiute and
Pontoon played to the end with that language as the server's and every player's own, then
every text the bot sent (table messages, replies, DMs, buttons) is read: the table's title is
that language's catalog text, no English catalog text leaked into it, and in Persian, Arabic
and Sindhi every mention and number sits whole inside its Unicode isolate."""

from __future__ import annotations

import functools
import re
import string

import pytest
from babel.messages.pofile import read_po

from bot.client import Parlour
from bot.text import LOCALE_DIR, catalog, msg
from bot.text.bidi import FSI, LRI, PDI
from bot.text.choose import LANGUAGES
from sandbox.actors import Actor
from sandbox.harness import Session
from tests.e2e.table_helpers import TableSeed, button_for, first_input, status
from tests.e2e.test_pseudo_locale import PLAYS, _texts, deal_from, settle

pytestmark = [
    pytest.mark.shared_fake,
    pytest.mark.usefixtures("chips_add_up"),
]

RTL = ("fa", "ar", "sd")
_WORDS = re.compile(r"[A-Za-z][a-z']+(?: [A-Za-z][a-z']+)+")
_MENTION = re.compile(r"<@!?\d+>")
_CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
_RTL_LETTER = re.compile(r"[\u0600-\u06ff]")
_ISOLATE = re.compile(f"[{LRI}{FSI}][^{LRI}{FSI}{PDI}]*{PDI}")


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed()


@functools.cache
def templates(language: str) -> tuple[str, ...]:
    """Every template of ``language``'s catalogs as written (each plural form too)."""
    found: list[str] = []
    for po in sorted((LOCALE_DIR / language).glob("*.po")):
        with po.open("rb") as handle:
            for message in read_po(handle, locale=language):
                if message.id:
                    forms = message.string
                    found += (
                        [str(f) for f in forms] if isinstance(forms, tuple | list) else [str(forms)]
                    )
    return tuple(found)


@functools.cache
def english_phrases(language: str) -> frozenset[str]:
    """Runs of two or more English words in the English catalog's own text (not its fields)
    that ``language``'s catalog never says itself: seeing one means English leaked."""
    theirs = "\n".join(templates(language))
    found: set[str] = set()
    for template in templates("en"):
        for literal, *_ in string.Formatter().parse(template):
            for phrase in _WORDS.findall(literal):
                if len(phrase) >= 10 and phrase not in theirs:
                    found.add(phrase)
    return frozenset(found)


def sent(session: Session) -> list[str]:
    """Every player-visible text the bot sent in this test (not command sync)."""
    return [
        text
        for call in session.calls()
        if not call.route.startswith("/applications/") and call.method != "GET"
        for text in _texts(call.body)
    ]


async def speak(session: Session, language: str, players: list[Actor]) -> None:
    bot = session.bot
    assert isinstance(bot, Parlour)
    await bot.economy.update_settings(session.guild.id, language=language)
    for actor in players:
        await bot.preferences.choose(actor.id, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(PLAYS))
async def test_a_game_in_each_language(session, alice, bob, carol, table_seed, game, language):
    players = [alice, bob, carol]
    deal_from(table_seed, game, players)
    await speak(session, language, players)
    await PLAYS[game](session, players)
    await players[0].slash(f"{game} close")
    await settle(session)
    said = sent(session)
    own = catalog(language)
    title = own.text(msg("table.title", game=msg(f"table.game.{game}")))
    assert any(title in text for text in said), f"no {language} table title {title!r}"
    for actor in players:
        # private updates: DMs, and the ephemeral answers and followups that replace them
        dms = [m.content for m in [*actor.dms(), *actor.ephemerals()] if m.author.bot]
        assert dms, f"{actor.name} got no private update"
        header = own.text(msg("table.dm.header", game=msg(f"table.game.{game}"), channel="#"))
        assert any(header.split("#")[0].strip() in dm for dm in dms)
    if language != "en":
        phrases = english_phrases(language)
        leaks = sorted({p for text in said for p in phrases if p in text})
        assert not leaks, f"English in a {language} game: {leaks[:10]}"
    if language in RTL:
        for text in said:
            assert text.count(LRI) + text.count(FSI) == text.count(PDI), text
            bare = _ISOLATE.sub("", text)
            assert not _MENTION.search(bare), f"a mention outside an isolate: {text!r}"
            if _RTL_LETTER.search(bare):  # a card among right-to-left words keeps its order
                assert not _CARD.search(bare), f"a card outside an isolate: {text!r}"
        assert any(LRI in text for text in said)
    else:
        assert not any(LRI in text or PDI in text for text in said)


async def test_economy_replies_are_the_readers_and_public_ones_the_servers(session, alice, bob):
    """Server in German, alice reads Persian: her ``/help`` and ``/balance`` are Persian, her
    public ``/stats`` and ``/leaderboard`` German, and so is the grant the channel reads."""
    bot = session.bot
    assert isinstance(bot, Parlour)
    await bot.economy.update_settings(session.guild.id, language="de")
    await bot.preferences.choose(alice.id, "fa")
    fa, de = catalog("fa"), catalog("de")
    shown = await alice.slash("help")
    assert shown.ephemeral
    assert shown.message is not None
    assert shown.message.embeds[0]["fields"][0]["name"] == fa.text(msg("help.chips"))
    balance = await alice.slash("balance")
    assert balance.message is not None
    assert balance.message.embeds[0]["title"] == fa.text(msg("economy.balance.title"))
    stats = await alice.slash("stats")
    assert not stats.ephemeral
    assert stats.message is not None
    assert stats.message.embeds[0]["title"] == de.text(
        msg("economy.stats.title", who=alice.mention)
    )
    board = await alice.slash("leaderboard", by="wins")
    assert board.message is not None
    assert de.text(msg("economy.board.wins")) in board.message.embeds[0]["title"]
    granted = await (await alice.slash("admin grant", user=bob, amount=5, reason="quiz")).followup()
    assert "quiz" in granted.content
    assert LRI not in granted.content
    assert de.text(msg("common.chips", count=5, amount=5)) in granted.content


@pytest.mark.parametrize("language", LANGUAGES)
async def test_forms_rules_and_help_in_each_language(session, alice, bob, language):
    """Issue 33: the buy-in and stake forms, ``/<game> rules`` and ``/help`` in the reader's
    language (the forms and the rules were English for everyone)."""
    players = [alice, bob]
    await speak(session, language, players)
    own = catalog(language)
    shown: list[str] = []
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await settle(session)
    table = next(m for m in session.messages() if m.id == status(session).message_id)
    join = await bob.click(table, button_for(table, "@join"))
    assert join.modal is not None
    assert join.modal["title"] == own.text(msg("table.modal.join"))
    shown += [join.modal["title"], *modal_words(join.modal)]
    await bob.submit(join, {first_input(join): "300"})
    await alice.slash("pontoon start")
    by = {a.id: a for a in players}
    await by[status(session).to_act].slash("pontoon stay")
    await settle(session)
    table = next(m for m in session.messages() if m.id == status(session).message_id)
    stake = await by[status(session).to_act].click(table, button_for(table, "stake"))
    assert stake.modal is not None
    words = modal_words(stake.modal)
    field = msg("table.modal.field.amount")
    assert own.text(msg("table.modal.amount", field=field, min=10, max=50))[:45] in words
    shown += [stake.modal["title"], *words]
    for game in sorted(PLAYS):
        rules = await alice.slash(f"{game} rules")
        assert rules.message is not None
        assert rules.message.embeds[0]["description"] == own.text(msg(f"{game}.rules"))[:4000]
        shown.append(rules.message.embeds[0]["description"])
    helped = await alice.slash("help")
    assert helped.message is not None
    fields = helped.message.embeds[0]["fields"]
    assert fields[0]["value"] == own.text(msg("help.chips.commands"))
    shown += [f["value"] for f in fields]
    if language != "en":
        phrases = english_phrases(language)
        leaks = sorted({p for text in shown for p in phrases if p in text})
        assert not leaks, f"English in {language} forms, rules or help: {leaks[:10]}"


def modal_words(modal: dict[str, object]) -> list[str]:
    """The labels and placeholders of a modal's inputs."""
    words: list[str] = []
    for row in modal["components"]:  # type: ignore[attr-defined]
        words.append(str(row.get("label") or ""))
        for item in row.get("components", [row.get("component", {})]):
            words += [str(item.get("label") or ""), str(item.get("placeholder") or "")]
    return [w for w in words if w]
