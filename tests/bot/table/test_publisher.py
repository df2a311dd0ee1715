"""The table publisher, unit by unit: the real ``Publisher`` against spec'd fakes of
discord.py's client, channel, messages and webhooks, on a manual clock (``ManualClock``): what
each write sends and through which door, when the writer waits, and how it falls back (a
deleted message is posted again, a 429 is waited out, a refused or expired token gives way to
the channel, closed DMs get one note in the channel). Embed tables (pictures off); each test
runs in milliseconds."""

from __future__ import annotations

import asyncio
from typing import Any
from unittest.mock import create_autospec

import discord

from bot.errors import CANNOT_DM
from bot.pictures import Picture
from bot.table._fresh import FRESH_S, FreshTokens
from bot.table._layout_v2 import V2
from bot.table._message import TableMessage
from bot.table._message_embed import EmbedFormat, EmbedMessage
from bot.table._message_v2 import V2Format, V2Message
from bot.table._publisher import Publisher
from services.tables import ManualClock, TableStatus
from tests.bot.table.discord_fakes import (
    BOB,
    CHANNEL,
    GUILD,
    MESSAGE,
    channel,
    clicked,
    client,
    idle,
    refused,
    status,
    webhook,
)
from tests.bot.table.test_table_message import desk as pontoon_desk


class Desk:
    """What the desk gives the publisher: a draw of the table as it is at the moment of the
    write (counted), and the bot's discord.py objects."""

    def __init__(self) -> None:
        self.bot = client()
        self.channel = channel()
        self.channel.id = CHANNEL
        self.by_id: dict[int, Any] = {CHANNEL: self.channel}
        """What ``get_partial_messageable`` addresses by id (a kept DM channel too)."""
        self.bot.get_partial_messageable.side_effect = lambda cid, **kw: self.by_id[cid]
        self.message = create_autospec(discord.PartialMessage, instance=True)
        self.channel.get_partial_message.return_value = self.message
        self.clock = ManualClock()
        self.publisher = Publisher(self.bot, clock=self.clock)
        self.version = 0
        self.drawn: list[int] = []
        self.posts: list[tuple[TableStatus, int]] = []
        self.table = status()
        self.v2: V2 | None = None
        """The V2 layout to draw (pictures on); None: an embed."""
        self.pictures = V2Format(pontoon_desk())  # draws nothing here: layouts are given
        self.embeds: EmbedFormat | None = None

    def draw(self) -> TableMessage:
        """The table message in the table's format as the desk's ``Formats`` hands it over:
        V2 while ``v2`` is set, then an embed that replaces the V2 messages."""
        self.drawn.append(self.version)
        if self.v2 is not None:
            return V2Message(self.pictures, self.table, self.v2)
        if self.embeds is None:
            self.embeds = EmbedFormat(set(self.pictures.sent))
        view = discord.ui.View(timeout=None)
        return EmbedMessage(self.embeds, self.table, discord.Embed(title=f"v{self.version}"), view)

    async def posted(self, now: TableStatus, message_id: int) -> None:
        self.posts.append((now, message_id))

    async def publish(self, *, post: bool = False) -> None:
        self.version += 1
        posted = self.posted if post else None
        await self.publisher.publish(self.table, self.draw, posted=posted)

    async def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        await idle()

    def owes(self) -> bool:
        """Whether a table edit or a DM still waits (what the sandbox's settle waits for)."""
        return self.publisher.busy


def titles(mock: Any) -> list[str]:
    return [call.kwargs["embed"].title for call in mock.await_args_list]


async def test_a_burst_of_updates_is_one_edit_of_the_latest_state():
    desk = Desk()
    for _ in range(3):
        await desk.publish()
    await idle()
    desk.bot.get_partial_messageable.assert_called_with(CHANNEL, guild_id=GUILD)
    desk.channel.get_partial_message.assert_called_with(MESSAGE)
    assert titles(desk.message.edit) == ["v3"]
    assert desk.drawn == [3]  # drawn once, when the write was made
    assert not desk.owes()
    assert desk.publisher.edits == 1


async def test_a_full_channel_makes_the_writer_wait_then_draw_the_state_of_that_moment():
    desk = Desk()
    budget = desk.publisher.budget
    for _ in range(budget.limit):
        budget.spend(CHANNEL)
    await desk.publish()
    await idle()
    desk.message.edit.assert_not_called()
    assert desk.owes()
    assert desk.publisher.behind(desk.table.table_id)
    await desk.publish()  # meanwhile the table moved on
    await desk.advance(budget.window - 0.1)
    desk.message.edit.assert_not_called()
    await desk.advance(0.1)
    assert titles(desk.message.edit) == ["v2"]
    assert not desk.owes()


async def test_a_table_that_waited_for_its_channel_counts_as_behind_for_the_whole_wait():
    desk = Desk()
    budget = desk.publisher.budget
    await desk.publish()
    await idle()
    assert desk.publisher.lag_stats()["count"] == 1  # shown at once
    for _ in range(budget.limit):
        budget.spend(CHANNEL)
    await desk.publish()
    await desk.advance(1.0)
    await desk.publish()  # the table moved on while its message waited
    await desk.advance(budget.window - 1.5)
    lags = desk.publisher.lag_stats()
    assert lags["count"] == 1
    assert lags["oldest_open_s"] == budget.window - 0.5
    await desk.advance(0.5)
    assert titles(desk.message.edit) == ["v1", "v3"]
    lags = desk.publisher.lag_stats()
    assert lags["count"] == 2
    assert lags["longest_s"] == budget.window  # from the first update it waited with
    assert lags["oldest_open_s"] == 0.0


async def test_a_deleted_table_message_is_posted_again_and_its_new_id_told():
    desk = Desk()
    desk.message.edit.side_effect = refused(discord.NotFound, 404, 10008)
    await desk.publish(post=True)
    await idle()
    assert titles(desk.channel.send) == ["v1"]
    assert [message_id for _, message_id in desk.posts] == [555]


async def test_another_404_is_retried_not_reposted():
    desk = Desk()
    desk.message.edit.side_effect = [refused(discord.NotFound, 404, 10003), None]
    await desk.publish(post=True)
    await idle()
    desk.channel.send.assert_not_called()
    await desk.advance(0.5)  # the first backoff
    assert desk.message.edit.await_count == 2
    assert not desk.owes()


async def test_a_429_is_waited_out_for_its_retry_after_then_the_edit_is_made():
    desk = Desk()
    too_many = refused(discord.HTTPException, 429, 0, **{"Retry-After": "2"})
    desk.message.edit.side_effect = [too_many, None]
    await desk.publish()
    await idle()
    assert desk.message.edit.await_count == 1
    await desk.advance(1.9)
    assert desk.message.edit.await_count == 1  # Discord said 2 s, not the 0.5 s backoff
    assert desk.owes()
    await desk.advance(0.1)
    assert desk.message.edit.await_count == 2
    assert not desk.owes()
    assert not desk.publisher.behind(desk.table.table_id)


async def test_a_new_table_is_posted_through_a_fresh_token_which_then_edits_it():
    desk = Desk()
    fresh = desk.publisher.fresh = FreshTokens(clock=desk.clock.monotonic)
    hook = webhook("tok-alice")
    fresh.seen(clicked(BOB, hook))
    desk.table = status(message_id=None)
    await desk.publish(post=True)
    await idle()
    hook.send.assert_awaited_once()
    assert hook.send.call_args.kwargs["wait"] is True
    assert [message_id for _, message_id in desk.posts] == [555]
    desk.channel.send.assert_not_called()
    desk.table = status(message_id=555)
    await desk.publish()
    await idle()
    hook.edit_message.assert_awaited_once()
    assert hook.edit_message.call_args.args == (555,)
    assert hook.edit_message.call_args.kwargs["embed"].title == "v2"
    desk.message.edit.assert_not_called()  # the token, not the channel
    assert desk.publisher.token_edits == 2


async def test_a_refused_or_expired_token_gives_way_to_the_channel():
    desk = Desk()
    fresh = desk.publisher.fresh = FreshTokens(clock=desk.clock.monotonic)
    hook = webhook("tok-alice")
    fresh.seen(clicked(BOB, hook))
    desk.table = status(message_id=None)
    await desk.publish(post=True)
    await idle()
    desk.table = status(message_id=555)
    hook.edit_message.side_effect = refused(discord.NotFound, 404, 10015)  # unknown webhook
    await desk.publish()
    await idle()
    assert titles(desk.message.edit) == ["v2"]
    # and once it is dropped, the next edit goes through the channel without trying it
    await desk.advance(desk.publisher.budget.window)
    await desk.publish()
    await idle()
    assert hook.edit_message.await_count == 1
    assert titles(desk.message.edit) == ["v2", "v3"]

    expired = Desk()
    fresh = expired.publisher.fresh = FreshTokens(clock=expired.clock.monotonic)
    hook = webhook("tok-bob")
    fresh.seen(clicked(BOB, hook))
    expired.table = status(message_id=None)
    await expired.publish(post=True)
    await idle()
    await expired.advance(FRESH_S + 1)
    expired.table = status(message_id=555)
    await expired.publish()
    await idle()
    hook.edit_message.assert_not_called()
    assert titles(expired.message.edit) == ["v2"]


async def test_closed_dms_get_one_note_in_the_channel_per_table_and_player():
    desk = Desk()
    dm = create_autospec(discord.DMChannel, instance=True)
    dm.id = 77
    dm.send.side_effect = refused(discord.Forbidden, 403, CANNOT_DM)
    desk.bot.create_dm.return_value = desk.by_id[77] = dm
    for _ in range(2):
        await desk.publisher.dm(desk.table, BOB, {"content": "your cards"}, lambda: "use My cards")
    dm.send.assert_awaited_with(content="your cards")
    assert dm.send.await_count == 2
    desk.channel.send.assert_awaited_once()
    assert desk.channel.send.call_args.args == ("use My cards",)


async def test_a_dm_waits_for_room_in_its_own_channel():
    desk = Desk()
    dm = create_autospec(discord.DMChannel, instance=True)
    dm.id = 77
    desk.bot.create_dm.return_value = dm
    budget = desk.publisher.budget
    for _ in range(budget.limit):
        budget.spend(77)
    sending = desk.publisher.dm(desk.table, BOB, {"content": "your cards"}, lambda: "use My cards")
    task = asyncio.ensure_future(sending)
    await idle()
    dm.send.assert_not_called()
    assert desk.owes()  # owed: the sandbox's settle waits for it
    await desk.advance(budget.window)
    await task
    dm.send.assert_awaited_once_with(content="your cards")


def layout(picture: bytes | None) -> V2:
    """A V2 table message with a picture of these bytes (None: text only)."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay("## Paiute table"))
    if picture is None:
        return V2(view, None, None)
    made = Picture(picture, 4, 4, "png", picture.hex() * 4)
    return V2(view, made, made.filename)


def uploads(mock: Any) -> list[list[str] | None]:
    """Per edit: the files it attached (``[]``: cleared), or None (the ones shown kept)."""
    sent = []
    for call in mock.await_args_list:
        files = call.kwargs.get("attachments")
        sent.append(None if files is None else [f.filename for f in files])
        assert call.kwargs["embed"] is None
    return sent


async def test_a_v2_picture_goes_up_once_and_later_edits_send_the_layout_alone():
    desk = Desk()
    first = layout(b"one")
    desk.v2 = first
    await desk.publish()
    await idle()
    desk.v2 = layout(b"one")  # redrawn, the same picture
    await desk.advance(desk.publisher.budget.window)
    await desk.publish()
    await idle()
    desk.v2 = layout(b"two")
    await desk.advance(desk.publisher.budget.window)
    await desk.publish()
    await idle()
    desk.v2 = layout(None)  # the lobby: no picture
    await desk.advance(desk.publisher.budget.window)
    await desk.publish()
    await idle()
    assert first.filename is not None
    two = layout(b"two").filename
    assert uploads(desk.message.edit) == [[first.filename], None, [two], []]


async def test_after_a_failed_v2_edit_the_next_one_uploads_the_picture_again():
    desk = Desk()
    desk.message.edit.side_effect = [refused(discord.HTTPException, 500, 0), None]
    desk.v2 = layout(b"one")
    await desk.publish()
    await idle()
    await desk.advance(0.5)  # the first backoff
    name = desk.v2.filename
    assert uploads(desk.message.edit) == [[name], [name]]


async def test_turning_pictures_off_deletes_the_v2_message_and_posts_the_embed_anew():
    desk = Desk()
    desk.v2 = layout(b"one")
    await desk.publish(post=True)
    await idle()
    desk.v2 = None
    await desk.advance(desk.publisher.budget.window)
    await desk.publish(post=True)
    await idle()
    desk.message.delete.assert_awaited_once()  # Discord refuses a V2 message turned embed
    assert desk.message.edit.await_count == 1
    assert titles(desk.channel.send) == ["v2"]
    assert [message_id for _, message_id in desk.posts] == [555]
