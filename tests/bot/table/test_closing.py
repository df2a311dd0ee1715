"""A table's close, as the desk says it (``Desk.closed``): its last words and its thread's
archiving are work the desk owes Discord until they are done, so the sandbox's ``settle``
(which waits while ``desk.busy``) never takes a quiet moment inside them for the end."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.text import msg
from tests.bot.table.discord_fakes import ALICE, CHANNEL, GUILD, message
from tests.bot.table.kit import Kit


async def test_a_close_is_owed_work_until_the_channel_has_heard_it(kit: Kit) -> None:
    """A closed table's thread was once found not archived: ``/close`` answers the host
    first and says the rest afterwards, and a settle returned in a quiet gap of that rest
    (the close was no work the desk owed)."""
    status = await kit.table("pontoon")
    closed = await kit.service.close(GUILD, CHANNEL, ALICE)
    heard = asyncio.Event()

    async def held_send(*args: Any, **kwargs: Any) -> Any:
        await heard.wait()
        return message(CHANNEL)

    def owed() -> bool:
        return kit.desk.busy

    kit.channel.send.side_effect = held_send
    closing = asyncio.create_task(kit.desk.closed(status, msg("table.closed.host"), closed))
    await kit.settle()
    assert not closing.done()
    assert owed()  # the close's words wait for the channel
    heard.set()
    await closing
    assert not owed()
    assert any("closed" in said for said in kit.said())
