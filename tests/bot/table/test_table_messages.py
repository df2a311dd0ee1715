"""The desk's table messages, unit by unit: the real ``Desk`` (its ``TableMessages``, formats
and publisher) and the real table service on a SQLite file, against spec'd fakes of
discord.py's bot, channel and messages, on a manual clock: what a step's drawing reads, which
message a later drawing edits, and a closed table's last drawing keeping its format."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from unittest.mock import NonCallableMock, create_autospec

import discord
import pytest
from discord.ext import commands

from bot.exts.pontoon import PontoonUI
from bot.table._desk import Desk
from bot.table._table_messages import TableMessages
from services.economy import EconomyService
from services.tables import ActionResult, ManualClock, TableService, TableStatus
from storage import Database
from tests.bot.table.discord_fakes import ALICE, BOB, CHANNEL, GUILD, channel, idle


class Server:
    """A server's ``images`` setting, as the desk's ``images`` answers it."""

    def __init__(self, images: bool) -> None:
        self.images = images

    async def __call__(self, guild: int) -> bool:
        return self.images


class Table:
    """A Pontoon table of alice and bob on the real service, shown by the real desk of a
    spec'd ``commands.Bot`` whose one channel is a spec'd one."""

    def __init__(
        self, db: Database, service: TableService, clock: ManualClock, server: Server
    ) -> None:
        self.db = db
        self.service = service
        self.bot = NonCallableMock(spec=commands.Bot)
        self.bot.is_closed.return_value = False
        self.channel = channel()
        self.message = create_autospec(discord.PartialMessage, instance=True)
        self.channel.get_partial_message.return_value = self.message
        self.bot.get_partial_messageable.side_effect = lambda cid, **kw: self.channel
        self.clock = clock
        self.desk = Desk(self.bot, clock=clock)
        self.desk.service = service
        self.desk.register(PontoonUI())
        self.server = server
        self.messages = TableMessages(self.desk, self.desk.publisher, server)
        self.reads = 0
        read = service.status

        def counted(*args: Any, **kwargs: Any) -> TableStatus:
            self.reads += 1
            return read(*args, **kwargs)

        self.counted = counted

    async def seat(self) -> ActionResult:
        await self.service.open(GUILD, CHANNEL, ALICE, "pontoon", buy_in=300)
        await self.service.join(GUILD, CHANNEL, BOB, 300)
        return await self.service.start(GUILD, CHANNEL, ALICE)

    def now(self) -> TableStatus:
        return self.service.status(GUILD, CHANNEL)

    async def shown(self) -> None:
        """Let the table's writer finish (no channel fills up here: it never waits for the
        clock); its picture is drawn, and a new message's id stored, in worker threads, which
        are no call a test can await, so this looks every 10 ms (the e2e ``pictured`` does)."""
        for _ in range(1000):
            await idle()
            if not self.desk.publisher.busy:
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the table's writer did not finish")


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    clock = ManualClock()
    async with Database.open(tmp_path / "parlour.db") as db:
        service = TableService(db, clock=clock, seed=iter(range(1, 10_000)).__next__)
        await service.startup(idle_sweeper=False)
        try:
            yield Table(db, service, clock, Server(images=False))
        finally:
            await service.shutdown()


async def test_a_steps_drawing_reads_nothing_from_the_table(table: Table):
    dealt = await table.seat()
    table.service.status = table.counted  # type: ignore[method-assign]
    await table.messages.publish(dealt.table, step=dealt)
    await table.shown()
    table.channel.send.assert_awaited_once()  # posted: the table had no message yet
    assert table.reads == 0
    await table.messages.publish(dealt.table)  # no step: something else changed the table
    await table.shown()
    assert table.reads == 1
    table.message.edit.assert_awaited_once()  # the message just posted


async def test_a_late_step_does_not_replace_the_newer_one_already_shown(table: Table):
    dealt = await table.seat()
    first = table.now()
    to_act = first.to_act
    assert to_act is not None
    legal = table.service.legal_actions(GUILD, CHANNEL, to_act)
    action = legal[0].sample(random.Random(1))
    acted = await table.service.act(GUILD, CHANNEL, to_act, action, first.expected)
    await table.messages.publish(acted.table, step=acted)
    await table.messages.publish(dealt.table, step=dealt)  # its drawing arrives late
    now, _ = table.messages.latest(dealt.table)
    assert now.action_counter == acted.table.action_counter


async def test_a_posted_table_message_is_the_one_later_drawings_edit(table: Table):
    dealt = await table.seat()
    assert dealt.table.message_id is None
    await table.messages.publish(dealt.table, step=dealt)
    await table.shown()
    (sent,) = table.channel.send.await_args_list
    assert sent.kwargs["embed"].title == "Pontoon table"
    assert table.now().message_id == 555  # the service stored the new id
    now, _ = table.messages.latest(dealt.table)  # the step's status, read before the post
    assert now.message_id == 555


async def test_a_closed_tables_last_drawing_keeps_its_format(table: Table):
    table.server.images = True
    dealt = await table.seat()
    await table.messages.publish(dealt.table, step=dealt)
    await table.shown()
    first = table.channel.send.call_args.kwargs
    assert isinstance(first["view"], discord.ui.LayoutView)
    shown = table.now()
    await table.messages.publish(shown, closed="closed")
    table.messages.forget(shown.table_id)  # as the desk does, before the writer draws
    await table.shown()
    (edit,) = table.message.edit.await_args_list
    assert isinstance(edit.kwargs["view"], discord.ui.LayoutView)  # V2 still
    assert "attachments" not in edit.kwargs  # the same picture: not uploaded again


async def test_my_cards_are_in_the_tables_format_which_follows_the_servers_images(table: Table):
    economy = table.bot.economy = EconomyService(table.db)  # the desk reads ``bot.economy``
    await table.seat()
    pictured = await table.desk.cards.message(GUILD, CHANNEL, BOB, "en")
    assert isinstance(pictured["view"], discord.ui.LayoutView)
    assert "file" not in pictured  # the opening: no card dealt yet, so no picture
    chosen = await table.desk.format_of(table.now())
    assert await table.desk.format_of(table.now()) is chosen  # kept with the table
    await economy.update_settings(GUILD, images=False)  # /admin settings images off
    text = await table.desk.cards.message(GUILD, CHANNEL, BOB, "en")
    assert text["content"].startswith(table.desk.cards.text(GUILD, CHANNEL, BOB, "en"))
    assert "file" not in text
    assert not (await table.desk.format_of(table.now())).pictures
