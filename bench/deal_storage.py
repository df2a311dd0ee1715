"""SQLite bytes per finished deal: what a table's play leaves in the database, by table and index.

    python -m bench.deal_storage [--deals 30] [--baseline DIR]

Plays ``--deals`` deals at a table of each game (four players, random legal actions, fixed
seeds) through the table service on a fresh SQLite database, with no Discord, then prints for
each table and index of the database its bytes per finished deal (whole pages, and the bytes
of the rows themselves), the average size of each column of ``results``, the stored snapshot
and how many ledger rows are step markers that move no chips. ``--baseline DIR`` runs the same
play on another checkout (``git archive <commit> | tar -x -C DIR``) in a child process and
prints both side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("palace", "paiute", "pontoon")


async def play(path: Path, deals: int) -> None:
    """``deals`` deals per game at one table each, random legal actions."""
    from services.tables import TableService
    from services.tables.errors import TableError
    from storage import Database

    async with Database.open(path) as db:
        service = TableService(db, seed=iter(range(1, 1_000_000)).__next__)
        await service.startup(idle_sweeper=False)
        rng = random.Random(5)
        for i, game in enumerate(GAMES):
            channel, host = 10 + i, 100 + 10 * i
            await service.open(1, channel, host, game, buy_in=200)
            for user in (host + 1, host + 2, host + 3):
                await service.join(1, channel, user, 200)
            for _ in range(deals):
                try:
                    table = (await service.start(1, channel, host)).table
                except TableError:
                    break  # too few players with chips left
                while table.deal_open and table.to_act is not None:
                    specs = service.legal_actions(1, channel, table.to_act)
                    action = rng.choice(specs).sample(rng)
                    with contextlib.suppress(TableError):
                        expected = (table.table_id, table.deal_number, table.action_counter)
                        result = await service.act(1, channel, table.to_act, action, expected)
                        table = result.table
        await service.shutdown()


def measure(path: Path) -> dict[str, Any]:
    """Bytes per finished deal of everything in the database at ``path``."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        deals = int(db.execute("SELECT COUNT(*) FROM results").fetchone()[0]) or 1
        out: dict[str, Any] = {"finished deals": deals}
        pages = payload = 0
        rows = db.execute("SELECT name, SUM(pgsize), SUM(payload) FROM dbstat GROUP BY name")
        sizes = {name: (int(p), int(b)) for name, p, b in rows}
        for name, (p, b) in sorted(sizes.items(), key=lambda kv: -kv[1][1]):
            pages, payload = pages + p, payload + b
            if b / deals >= 8:
                out[f"B/deal {name} (rows)"] = b / deals
        out["B/deal all (rows)"] = payload / deals
        out["B/deal all (pages)"] = pages / deals
        for column in ("deck", "history", "players", "settlement", "winners", "hand_names"):
            q = f"SELECT AVG(LENGTH({column})) FROM results"  # noqa: S608 - our own names
            out[f"results.{column} B"] = float(db.execute(q).fetchone()[0] or 0)
        out["snapshot B"] = float(
            db.execute("SELECT AVG(LENGTH(snapshot)) FROM tables").fetchone()[0] or 0
        )
        markers = db.execute(
            "SELECT COUNT(*), SUM(pot_delta = 0 AND kitty_delta = 0 AND minted = 0) FROM ledger "
            "WHERE user_id IS NULL AND reason IN ('action', 'settlement')"
        ).fetchone()
        out["ledger rows/deal"] = (
            int(db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0]) / deals
        )
        out["steps/deal"] = int(markers[0]) / deals
        out["steps moving no chips/deal"] = int(markers[1] or 0) / deals
    return out


def child(deals: int) -> None:
    with tempfile.TemporaryDirectory(prefix="parlour-storage-") as folder:
        path = Path(folder) / "bench.db"
        asyncio.run(play(path, deals))
        print(json.dumps(measure(path)))


def run(src: Path, deals: int) -> dict[str, Any]:
    """The play and measure in a process that imports the code of ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, str(Path(__file__).resolve()), "--child", "--deals", str(deals)]
    # our own interpreter running our own script
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)  # noqa: S603
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=30, help="deals per game")
    parser.add_argument("--baseline", type=Path, help="a checkout to compare against")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.deals)
        return
    codes = {"this tree": ROOT}
    if args.baseline is not None:
        codes = {"baseline": args.baseline.resolve(), **codes}
    results = {name: run(src, args.deals) for name, src in codes.items()}
    keys: list[str] = []
    for r in results.values():
        keys += [k for k in r if k not in keys]
    print(f"{args.deals} deals per game, random legal play, fixed seeds")
    print(f"{'':40}" + "".join(f"{name:>14}" for name in results))
    for key in keys:
        print(f"{key:40}" + "".join(f"{r.get(key, 0):14.1f}" for r in results.values()))


if __name__ == "__main__":
    if "--child" in sys.argv:  # run as a script: make this checkout's packages importable first
        sys.path.insert(0, os.environ.get("PYTHONPATH", str(ROOT)))
    main()
