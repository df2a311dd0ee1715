"""A table per thread (issue 30): ``/<game> open`` in a text channel starts a thread from a
one-line lobby message; several tables share a channel; Watch adds a spectator; a closed
table's thread is archived and locked; restarts unarchive; a deleted thread closes its table
by the refund rule. The real bot against the fake (spec validation and rate limits on)."""

from __future__ import annotations

import discord
import pytest

from sandbox.actors import Actor
from sandbox.flags import CREATE_PUBLIC_THREADS, HAS_THREAD, SEND_MESSAGES_IN_THREADS
from sandbox.guilds import Channel, ChannelType
from sandbox.harness import Session
from sandbox.messages import Message
from tests.e2e.economy_helpers import embed_text
from tests.e2e.table_helpers import cards_in, service, until, view_cards

pytestmark = [pytest.mark.threads, pytest.mark.usefixtures("chips_add_up")]


def threads_of(session: Session) -> list[Channel]:
    return list(session.guild.threads)


def lobby_lines(session: Session) -> list[Message]:
    """The bot's public messages in #general that started a thread."""
    return [
        m
        for m in session.messages(session.channel)
        if m.author.bot and not m.ephemeral and m.flags & HAS_THREAD
    ]


def in_thread(session: Session, thread: Channel) -> list[Message]:
    return [m for m in session.messages(thread) if not m.ephemeral]


async def open_pontoon(session: Session, actor: Actor, **options: str) -> Channel:
    before = {t.id for t in threads_of(session)}
    await actor.slash(
        "pontoon open", options={"min_bet": 10, "max_bet": 50, "buy_in": 200, **options}
    )
    await session.fake.settle(quiet=0.02)
    (thread,) = [t for t in threads_of(session) if t.id not in before]
    return thread


@pytest.mark.shared_fake
async def test_open_in_a_channel_starts_a_thread_from_a_lobby_line(session, fake, alice):
    thread = await open_pontoon(session, alice)
    assert thread.type is ChannelType.PUBLIC_THREAD
    assert thread.thread is not None
    assert thread.thread.parent_id == session.channel.id
    (lobby,) = lobby_lines(session)
    assert lobby.id == thread.id  # Discord: a thread started from a message has its id
    assert alice.mention in lobby.content
    assert "Pontoon" in lobby.content
    assert lobby.buttons == ["Watch"]
    table = service(session).status(session.guild.id, thread.id)
    assert table.game == "pontoon"
    assert table.message_id is not None
    assert fake.world.messages[table.message_id].channel is thread  # the table is in the thread
    reply = alice.ephemerals()[-1]
    assert f"<#{thread.id}>" in reply.content
    routes = {(c.method, c.route, c.status) for c in session.calls()}
    assert ("POST", "/channels/{channel_id}/messages/{message_id}/threads", 201) in routes


@pytest.mark.shared_fake
async def test_the_lobby_line_says_the_stakes_without_another_request(session, alice, bob):
    """A player in #general read "@alice opened a Pontoon table. Play in its thread" with no
    word of the stakes, which they needed to decide whether to join; an edit after opening
    would cost one more request per table against Discord's global limit."""
    thread = await open_pontoon(session, alice)
    await bob.slash("paiute open", stake=10, buy_in=200)
    await session.fake.settle(quiet=0.02)
    first, second = lobby_lines(session)
    assert first.id == thread.id
    assert first.content == (
        f"{alice.mention} opened a Pontoon table (Stakes 10–50; stick on 15 or more)."
        " Play in its thread; **Watch** to follow it."
    )
    assert second.content == (
        f"{bob.mention} opened a Paiute table (Stake 10 chips each deal)."
        " Play in its thread; **Watch** to follow it."
    )
    edits = [
        c
        for c in session.calls()
        if (c.method, c.route) == ("PATCH", "/channels/{channel_id}/messages/{message_id}")
        and c.path.endswith(f"/{thread.id}")
    ]
    assert edits == []  # said as it was posted: no edit of the lobby line


@pytest.mark.shared_fake
async def test_two_tables_in_one_channel_each_command_acts_on_its_threads_table(
    session, alice, bob, carol
):
    first = await open_pontoon(session, alice)
    await bob.slash("palace open", small_bet=10, buy_in=200)
    await session.fake.settle(quiet=0.02)
    second = next(t for t in threads_of(session) if t is not first)
    assert len(lobby_lines(session)) == 2
    await carol.slash("pontoon join", buy_in=150, in_channel=first)
    await carol.slash("palace join", buy_in=120, in_channel=second)
    tables = service(session)
    assert [s.user_id for s in tables.status(session.guild.id, first.id).seats] == [
        alice.id,
        carol.id,
    ]
    assert [s.stack for s in tables.status(session.guild.id, second.id).seats] == [200, 120]
    refused = await carol.slash("palace join", buy_in=100, in_channel=first)
    assert refused.ephemeral
    assert "Pontoon" in refused.content


@pytest.mark.shared_fake
async def test_joining_from_the_channel_names_the_thread_where_the_table_is(session, alice, bob):
    """A player typed /pontoon join in #general, where the lobby line is, and read "There is
    no table in this channel." with no word of the thread the table was in."""
    thread = await open_pontoon(session, alice)
    refused = await bob.slash("pontoon join", buy_in=100)
    assert refused.ephemeral
    assert refused.content == (
        f"This channel's tables are played in their threads: <#{thread.id}>. Use the command there."
    )
    assert len(service(session).status(session.guild.id, thread.id).seats) == 1  # unchanged


@pytest.mark.shared_fake
async def test_missing_create_public_threads_keeps_the_table_in_the_channel_and_says_why(
    session, alice
):
    session.guild.deny(session.fake.world.bot_user, CREATE_PUBLIC_THREADS)
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=200)
    await session.fake.settle(quiet=0.02)
    assert threads_of(session) == []
    assert "Create Public Threads" in alice.ephemerals()[0].content
    assert service(session).status(session.guild.id, session.channel.id).game == "pontoon"


@pytest.mark.shared_fake
async def test_a_refused_open_leaves_no_thread_and_no_lobby_line(session, fake, bob):
    refused = await bob.slash("pontoon open", min_bet=10, max_bet=50, buy_in=5000)
    await fake.settle(quiet=0.02)
    assert refused.ephemeral
    assert threads_of(session) == []
    assert [m for m in session.messages(session.channel) if not m.ephemeral] == []
    assert service(session).tables() == []
    deleted = [
        c for c in session.calls() if (c.method, c.route) == ("DELETE", "/channels/{channel_id}")
    ]
    assert [c.status for c in deleted] == [200]  # the thread started, then went with the refusal


@pytest.mark.shared_fake
async def test_missing_send_messages_in_threads_keeps_the_table_in_the_channel(session, alice):
    session.guild.deny(session.fake.world.bot_user, SEND_MESSAGES_IN_THREADS)
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=200)
    await session.fake.settle(quiet=0.02)
    assert threads_of(session) == []
    assert "Send Messages in Threads" in alice.ephemerals()[0].content


@pytest.mark.shared_fake
async def test_threads_off_keeps_todays_table_in_the_channel(session, alice):
    await alice.slash("admin settings", threads="off")
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=200)
    await session.fake.settle(quiet=0.02)
    assert threads_of(session) == []
    assert "thread" not in alice.ephemerals()[-1].content.lower()
    assert service(session).status(session.guild.id, session.channel.id).game == "pontoon"


@pytest.mark.shared_fake
async def test_closing_says_how_it_ended_on_the_lobby_line_and_archives_and_locks(
    session, fake, alice
):
    thread = await open_pontoon(session, alice)
    await alice.slash("pontoon close", in_channel=thread)
    await fake.settle(quiet=0.02)
    assert thread.thread is not None
    assert thread.thread.archived
    assert thread.thread.locked
    (lobby,) = lobby_lines(session)
    assert lobby.content == "Pontoon table: closed by the host."
    assert lobby.buttons == []
    assert any("The table is closed" in m.content for m in in_thread(session, thread))
    # the fake refuses what Discord refuses: nothing more is posted in an archived thread
    with pytest.raises(discord.HTTPException) as refused:
        await session.bot.get_partial_messageable(thread.id).send("late")
    assert refused.value.code == 50083


@pytest.mark.shared_fake
async def test_a_spectator_watches_sees_no_private_card_cannot_act_and_joins_the_next_deal(
    session, fake, alice, bob, dave
):
    thread = await open_pontoon(session, alice, banker="house")
    await bob.slash("pontoon join", buy_in=150, in_channel=thread)
    lobby = lobby_lines(session)[0]
    watching = await dave.click(lobby, "Watch")
    assert watching.ephemeral
    assert f"<#{thread.id}>" in watching.content
    assert thread.thread is not None
    assert dave.id in thread.thread.members
    await alice.slash("pontoon start", in_channel=thread)
    await fake.settle(quiet=0.02)
    assert dave.dms() == []
    tables, guild = service(session), session.guild.id
    public = view_cards(tables.status(guild, thread.id).view)
    private = set().union(
        *(view_cards(tables.status(guild, thread.id, p.id).view) for p in (alice, bob))
    )
    hidden = private - public
    assert hidden  # the players hold cards nobody else sees
    for message in dave.sees():
        assert not cards_in(message.content + str(message.components), hidden)
    refused = await dave.slash("pontoon twist", in_channel=thread)
    assert refused.ephemeral
    assert service(session).status(session.guild.id, thread.id).deal_open
    hand = await dave.slash("pontoon hand", in_channel=thread)
    assert hand.ephemeral
    assert "♠" not in hand.content
    assert "♥" not in hand.content
    joined = await dave.slash("pontoon join", buy_in=100, in_channel=thread)
    assert joined.ephemeral
    table = service(session).status(session.guild.id, thread.id)
    assert dave.id in [s.user_id for s in table.seats]


async def test_a_turn_ping_goes_in_the_thread(session, fake, alice, bob):
    session.bot.desk.pings.recent_s = 0
    session.bot.desk.pings.grace_s = 0
    thread = await open_pontoon(session, alice, banker="house")
    await bob.slash("pontoon join", buy_in=150, in_channel=thread)
    await alice.slash("pontoon start", in_channel=thread)
    await fake.settle(quiet=0.02)
    to_act = service(session).status(session.guild.id, thread.id).to_act
    assert to_act is not None
    mention = f"<@{to_act}>"
    await until(lambda: any(mention in m.content for m in in_thread(session, thread)))
    general = [m for m in session.messages(session.channel) if not m.ephemeral]
    assert not any(mention in m.content for m in general if not m.flags & HAS_THREAD)


async def test_a_restart_unarchives_the_thread_of_a_resumed_table(session, fake, alice, carol):
    thread = await open_pontoon(session, alice)
    assert thread.thread is not None
    thread.thread.archived = True  # Discord archived it after a day without messages
    await session.restart_bot()
    await until(lambda: thread.thread is not None and not thread.thread.archived)
    await fake.settle(quiet=0.02)
    assert service(session).status(session.guild.id, thread.id).game == "pontoon"
    watching = await carol.click(lobby_lines(session)[0], "Watch")  # works after a restart
    assert watching.ephemeral
    assert carol.id in thread.thread.members


@pytest.mark.shared_fake
async def test_a_deleted_thread_closes_its_table_by_the_refund_rule(session, fake, alice, bob):
    thread = await open_pontoon(session, alice, banker="house")
    await bob.slash("pontoon join", buy_in=150, in_channel=thread)
    await alice.slash("pontoon start", in_channel=thread)
    await fake.settle(quiet=0.02)
    await fake.delete_thread(thread)
    await until(lambda: not service(session).tables())
    await fake.settle(quiet=0.02)
    (lobby,) = lobby_lines(session)
    assert "thread was deleted" in lobby.content
    balance = embed_text(await bob.slash("balance"))
    assert "1,000 chips" in balance
    assert "On open tables" not in balance


async def test_a_thread_deleted_while_the_bot_was_down_closes_its_table_on_resume(
    session, fake, alice, bob
):
    thread = await open_pontoon(session, alice)
    await bob.slash("pontoon join", buy_in=150, in_channel=thread)
    await fake.settle(quiet=0.02)
    # deleted while the bot was away: the THREAD_DELETE went to no session of this bot
    del fake.world.channels[thread.id]
    session.guild.threads.remove(thread)
    await session.restart_bot()
    await until(lambda: not service(session).tables())
    await fake.settle(quiet=0.02)
    gone = [c for c in fake.log.calls if c.path == f"/channels/{thread.id}" and c.method == "GET"]
    assert [c.code for c in gone] == [10003]
    balance = embed_text(await bob.slash("balance"))
    assert "1,000 chips" in balance
    assert "On open tables" not in balance


@pytest.mark.shared_fake
async def test_thread_tables_count_toward_the_servers_limit(session, fake, alice, bob):
    await session.bot.economy.update_settings(session.guild.id, max_tables_per_server=1)
    await open_pontoon(session, alice)
    refused = await bob.slash("paiute open", buy_in=200)
    await fake.settle(quiet=0.02)
    assert "as many open tables as it allows (1)" in refused.content
    assert len(threads_of(session)) == 1
    assert len(lobby_lines(session)) == 1
    started = [
        c
        for c in session.calls()
        if (c.method, c.route) == ("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    ]
    assert len(started) == 1  # refused before its lobby line: no thread to start and delete


@pytest.mark.shared_fake
async def test_a_table_in_a_thread_speaks_the_servers_language(session, fake, alice):
    await alice.slash("admin settings", language="de")
    thread = await open_pontoon(session, alice)
    (lobby,) = lobby_lines(session)
    assert "Tisch" in lobby.content
    assert lobby.buttons == ["Zuschauen"]
    assert thread.name.startswith("Pontoon")
