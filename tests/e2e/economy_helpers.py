"""Shared by the economy's e2e tests: more members, results recorded straight into storage
(the game cogs do not exist yet), the storage audit, and refusal checks."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.interactions import Interaction
from storage import Database, stats, tables


def add_members(session: Session, names: list[str]) -> list[Actor]:
    """New members of the sandbox guild, acting in #general (interactions carry their member
    data, so the running bot needs no member event)."""
    actors = []
    for name in names:
        user = session.fake.world.add_user(name)
        session.fake.world.join(session.guild, user)
        actors.append(Actor(session.fake, user, session.channel))
    return actors


async def record_deals(
    database: Path, guild_id: int, channel_id: int, game: str, deals: list[dict[int, int]]
) -> None:
    """Record finished deals ({user id: net change}) as the table service will, through a
    second connection on the bot's database file (WAL lets both work)."""
    async with Database.open(database) as db, db.transaction() as tx:
        table = await tables.open_table(tx, guild_id=guild_id, channel_id=channel_id, game=game)
        for number, deal in enumerate(deals, start=1):
            pot = sum(v for v in deal.values() if v > 0)
            await stats.record_result(
                tx,
                guild_id=guild_id,
                table_id=table,
                game=game,
                deal_number=number,
                pot=pot,
                settlement={str(u): v for u, v in deal.items()},
                players=[str(u) for u in deal],
            )
        await tables.close(tx, table, ref=f"test-close:{table}")


async def audit(database: Path | str) -> dict[str, object]:
    """``python -m storage audit DB``, as an operator would run it; fails unless it passes."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "storage",
        "audit",
        str(database),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode == 0, (out, err)
    result: dict[str, object] = json.loads(out)
    return result


def refused(answer: Interaction, *words: str) -> str:
    """The refusal's text, after checking it was ephemeral and says each of ``words``."""
    assert answer.ephemeral, f"a refusal must be ephemeral: {answer.content!r}"
    for word in words:
        assert word in answer.content, (word, answer.content)
    return answer.content


def embed_text(answer: Interaction) -> str:
    """Title, description, fields and footer of the answer's embeds, as one text."""
    assert answer.message is not None
    parts = []
    for embed in answer.message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
        parts.append((embed.get("footer") or {}).get("text", ""))
    return "\n".join(parts)
