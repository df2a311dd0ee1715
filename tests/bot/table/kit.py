"""The table kit's own objects, real, behind spec'd fakes of discord.py: the bot's ``Desk``
(presenter, renderer, publisher, private delivery) and a real ``TableService`` on a real
SQLite file, with the games' real UIs, on a manual clock. Only discord.py is faked
(:mod:`tests.bot.table.discord_fakes`): its client, channels, DM channels, interactions and
their webhooks. What Discord was sent is read off those fakes."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from unittest.mock import create_autospec

import discord
from discord.ext import commands

from bot.errors import CANNOT_DM
from bot.exts.paiute import PaiuteUI
from bot.exts.pontoon import PontoonUI
from bot.table._components import route
from bot.table._desk import Desk
from services.tables import ManualClock, TableService, TableStatus
from storage import Database
from tests.bot.table.discord_fakes import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    channel,
    client,
    idle,
    interaction,
    message,
    posted,
    refused,
)

OPTIONS: dict[str, dict[str, Any]] = {
    "pontoon": {"min_bet": 10, "max_bet": 50, "banker": "house"},
    "paiute": {"stake": 10},
}
"""Each game's table as the tests open it (Pontoon: alice stakes first; Paiute: bob draws)."""


class Kit:
    """A real desk and table service; ``bot`` is discord.py's client, spec'd."""

    def __init__(self, db: Database) -> None:
        self.clock = ManualClock()
        self.bot = client(commands.Bot)
        self.channel = channel()
        self.channel.id = CHANNEL
        self.by_id: dict[int, Any] = {CHANNEL: self.channel}
        """What ``get_partial_messageable`` addresses by id (the table channel, kept DMs)."""
        self.bot.get_partial_messageable.side_effect = lambda cid, **kw: self.by_id[cid]
        self.table_message = create_autospec(discord.PartialMessage, instance=True)
        self.channel.get_partial_message.return_value = self.table_message
        self.dms: dict[int, Any] = {}
        """Each player's DM channel, opened by the bot's first DM to them."""
        self.closed_dms: set[int] = set()
        """Players whose DMs refuse the bot (Discord's 50007)."""
        self.bot.create_dm.side_effect = self._open_dm
        self.desk = Desk(self.bot, clock=self.clock)
        for ui in (PontoonUI(), PaiuteUI()):
            self.desk.register(ui)
        self.bot.desk = self.desk
        self.service = TableService(
            db, listener=self.desk, clock=self.clock, seed=iter(range(1, 10_000)).__next__
        )
        self.desk.service = self.service

    async def _open_dm(self, user: discord.abc.Snowflake) -> Any:
        dm = create_autospec(discord.DMChannel, instance=True)
        dm.id = 9000 + user.id
        dm.send.side_effect = lambda *a, **k: message(dm.id)
        if user.id in self.closed_dms:
            dm.send.side_effect = refused(discord.Forbidden, 403, CANNOT_DM)
        self.dms[user.id] = self.by_id[dm.id] = dm
        return dm

    def refuse_dms(self, user: int) -> None:
        """From now on ``user``'s DMs refuse the bot (Discord's 50007)."""
        self.closed_dms.add(user)
        if user in self.dms:
            self.dms[user].send.side_effect = refused(discord.Forbidden, 403, CANNOT_DM)

    def dm_texts(self, user: int) -> list[str]:
        """What ``user`` was sent by DM (each DM's text)."""
        dm = self.dms.get(user)
        return [] if dm is None else [_text(c) for c in dm.send.await_args_list]

    def said(self) -> list[str]:
        """What the bot posted in the table's channel, besides the table message."""
        return [str(c.args[0]) for c in self.channel.send.await_args_list if c.args and c.args[0]]

    def status(self, user: int | None = None) -> TableStatus:
        return self.service.status(GUILD, CHANNEL, user)

    async def table(self, game: str = "pontoon", *, deal: bool = True) -> TableStatus:
        """Alice's table with bob seated (200 chips each), its message posted, the first deal
        dealt (``deal``) and everything it sent settled; the fakes' records are cleared."""
        await self.service.open(GUILD, CHANNEL, ALICE, game, OPTIONS[game], buy_in=200)
        await self.service.join(GUILD, CHANNEL, BOB, 200)
        await self.service.set_message(GUILD, CHANNEL, posted().id)
        if deal:
            await self.desk.show(await self.service.start(GUILD, CHANNEL, ALICE))
        await self.settle()
        self.forget()
        return self.status()

    def click(self, user: int, **kwargs: Any) -> Any:
        """A click of ``user`` on the table message (see ``discord_fakes.interaction``)."""
        shown = self.status().message_id
        assert shown is not None, "the table message is posted"
        return interaction(user, self.bot, message=posted(shown), **kwargs)

    def command(self, user: int, **kwargs: Any) -> Any:
        """A slash command of ``user`` in the table's channel."""
        kind = discord.InteractionType.application_command
        return interaction(user, self.bot, kind=kind, **kwargs)

    async def settle(self) -> None:
        """Let the desk's writers run (nothing waits for real time)."""
        await idle()

    def forget(self) -> None:
        """Clear what the fakes recorded so far."""
        for fake in (self.channel, self.table_message, *self.dms.values()):
            fake.reset_mock(return_value=False, side_effect=False)


def _text(call: Any) -> str:
    """A send's text: its first argument or its ``content``."""
    return str(call.args[0] if call.args else call.kwargs.get("content", ""))


@contextlib.asynccontextmanager
async def kit_on(path: Path) -> AsyncIterator[Kit]:
    """A ``Kit`` on the SQLite file at ``path``, its service started and stopped."""
    async with Database.open(path) as db:
        kit = Kit(db)
        await kit.service.startup(idle_sweeper=False)
        try:
            yield kit
        finally:
            await kit.desk.pings.close()
            await kit.service.shutdown()


async def dispatch(custom_id: str, clicked: Any, *, values: list[str] | None = None) -> None:
    """What discord.py hands the bot's ``on_interaction`` for a click: the interaction with
    the component's data (a select's ``values``), to the kit's route."""
    kind = discord.ComponentType.select if values is not None else discord.ComponentType.button
    clicked.data = {"custom_id": custom_id, "component_type": kind.value}
    if values is not None:
        clicked.data["values"] = values
    await route(clicked)


async def submit(modal: discord.ui.Modal, clicked: Any, **typed: str) -> None:
    """What discord.py does with a modal's submit: each text input's typed value (by the
    input's attribute name on the modal), then ``on_submit`` (``on_error`` on a failure)."""
    fields: list[Any] = [
        {"type": 4, "custom_id": getattr(modal, name).custom_id, "value": value}
        for name, value in typed.items()
    ]
    await modal._scheduled_task(clicked, fields, {})
