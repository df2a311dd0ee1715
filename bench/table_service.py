"""How many player actions per second the table service books on a real SQLite file.

Run from the repository root: ``python -m bench.table_service [--deals N] [--seed S]``.
Each action is a full round trip: lock, engine, one ``BEGIN IMMEDIATE`` transaction with the
snapshot and the chip movements, the result at the end of a deal. Between deals a player
under 500 chips is topped up (an admin grant, then a top-up: both booked and audited), so a
long run keeps its players. Prints actions/s per game and the audit time at the end. Asserts
nothing but the audit.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from services.economy import EconomyService
from services.tables import ManualClock, TableService
from storage import Database
from storage.audit import audit

GAMES = [("palace", {}), ("paiute", {}), ("pontoon", {}), ("pontoon", {"banker": "house"})]


TOP_UP = 500
"""Chips a seat gets back between deals once it falls under them: a long run (``--deals
200``) would otherwise end with too few players left to deal."""


async def refill(
    service: TableService, economy: EconomyService, guild: int, channel: int, deal: int
) -> None:
    """Top up every seated player below ``TOP_UP``, an admin granting the chips first (as on a
    server whose players ran dry: the grant and the top-up are booked like any other)."""
    for seat in service.status(guild, channel).seats:
        if seat.seated and seat.stack < TOP_UP:
            amount = TOP_UP - seat.stack
            ref = f"bench:{channel}:{deal}:{seat.user_id}"
            await economy.grant(guild, seat.user_id, amount, ref=ref)
            await service.top_up(guild, channel, seat.user_id, amount)


async def run(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        async with Database.open(Path(tmp) / "bench.db") as db:
            service = TableService(db, clock=ManualClock(), seed=lambda: rng.randrange(2**63))
            economy = EconomyService(db)
            await service.startup(idle_sweeper=False)
            for channel, (game, options) in enumerate(GAMES, start=1):
                g = channel  # a guild per game: fresh balances
                await service.open(g, channel, 1, game, {**options, "seats": 4}, buy_in=500)
                for user in (2, 3, 4):
                    await service.join(g, channel, user, 500)
                actions, started = 0, time.perf_counter()
                for deal in range(deals):
                    if not service.status(g, channel).deal_open:
                        paused = time.perf_counter()
                        await refill(service, economy, g, channel, deal)
                        started += time.perf_counter() - paused  # not an action: not timed
                        await service.start(g, channel, 1)
                    while (status := service.status(g, channel)).deal_open:
                        user = status.to_act or 0
                        spec = rng.choice(service.legal_actions(g, channel, user))
                        await service.act(g, channel, user, spec.sample(rng))
                        actions += 1
                elapsed = time.perf_counter() - started
                name = f"{game}{'/house' if options else ''}"
                rate = actions / elapsed
                print(f"{name:14} {deals} deals, {actions:5} actions, {rate:6.0f} actions/s")
                await service.close(g, channel, 1)
            async with db.read() as conn:
                result = await audit(conn)
            ms = result.seconds * 1000
            print(f"audit ok={result.ok} in {ms:.1f} ms over {result.ledger_rows} ledger rows")
            await service.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(run(args.deals, args.seed))


if __name__ == "__main__":
    main()
