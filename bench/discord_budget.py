"""REST calls per player action against the fake Discord with Discord's real rate limits.

    python -m bench.discord_budget [--think 0.4] [--turns 30] [--baseline main]

Plays Paiute with three players through the real bot and the fake Discord (rate limits on,
as Discord has them), once by slash commands and once by the table message's buttons and the
My cards reply, at a human-ish ``--think`` seconds between actions, then fires a burst of 50
slash actions as fast as they are answered. Prints, per mode, the REST calls per player action
split by kind (interaction answers and their followups, which Discord exempts from the global
limit; table edits and posts; turn pings and their deletes; DMs and DM-channel opens), the 429s
the fake gave, and how long after the burst's last action the table message showed the final
state. In button mode a discard is picked in the draw's own answer when it offers the choice,
else through **My cards**.
``--baseline REF`` runs the same bench on the code of git ``REF`` (in a temporary export) in
the same run and prints both.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bot.client import Parlour
from bot.factory import BotConfig
from sandbox.actors import Actor
from sandbox.harness import Session, open_session
from sandbox.log import Call
from sandbox.state import MANAGE_GUILD, Message

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
_MOMENT = re.compile(r"^tbl:[bs]:(\d+):(\d+):(\d+):")
SEED = 20_261_202
KINDS = ("answers", "followups", "table", "pings", "other_channel", "dm_sends", "dm_opens", "other")


def _kind(session: Session, call: Call) -> str:
    if call.route.startswith("/interactions/"):
        return "answers"
    if call.route.startswith("/webhooks/"):
        return "followups"
    if call.route == "/users/@me/channels":
        return "dm_opens"
    match = re.match(r"/channels/(\d+)/", call.path)
    channel = session.fake.world.channels.get(int(match[1])) if match else None
    if channel is not None and channel.is_dm:
        return "dm_sends"
    body = call.body if isinstance(call.body, dict) else {}
    if call.route == MESSAGES and "your turn" in str(body.get("content", "")):
        return "pings"
    if call.method == "DELETE" and call.route == MESSAGE:
        return "pings"
    if call.route in (MESSAGES, MESSAGE) and (body.get("embeds") or body.get("components")):
        return "table"
    if call.route in (MESSAGES, MESSAGE):
        return "other_channel"
    return "other"


def _status(session: Session, user: int | None = None) -> Any:
    tables = session.bot.tables  # type: ignore[attr-defined]
    return tables.status(session.guild.id, session.channel.id, user)


def _table_message(session: Session) -> Message | None:
    mid = _status(session).message_id
    return next((m for m in session.messages() if m.id == mid), None)


def _shows_now(session: Session) -> bool:
    message = _table_message(session)
    if message is None:
        return False
    found = set()
    for component in message.walk_components():
        match = _MOMENT.match(str(component.get("custom_id", "")))
        if match:
            found.add((int(match[1]), int(match[2]), int(match[3])))
    return found == {tuple(_status(session).expected)}


async def _until_shown(session: Session, within: float) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < within:
        if _shows_now(session):
            return time.monotonic() - started
        await asyncio.sleep(0.02)
    return None


DRAWN: dict[int, Any] = {}
"""Each player's last Draw click (its followups may offer the discard)."""


def _discard_menu(clicked: Any) -> Message | None:
    for message in getattr(clicked, "followups", []):
        for component in message.walk_components():
            if component.get("placeholder") == "Discard a card":
                return message  # type: ignore[no-any-return]
    return None


async def _step(session: Session, players: list[Actor], host: Actor, buttons: bool) -> bool:
    """One player action; ``False`` when it timed out unanswered."""
    if buttons:  # a player reads the table before clicking: wait until it shows the moment
        await _until_shown(session, 6.0)
    now = _status(session)
    try:
        if not now.deal_open:
            if buttons and (message := _table_message(session)) is not None:
                await host.click(message, "Deal", within=5)
            else:
                await host.slash("paiute start", within=5)
            return True
        actor = next(a for a in players if a.id == now.to_act)
        mine = _status(session, actor.id).view
        if now.phase == "draw":
            if buttons and (message := _table_message(session)) is not None:
                DRAWN[actor.id] = await actor.click(message, "Draw: from the stock", within=5)
            else:
                await actor.slash("paiute draw", source="stock", within=5)
            return True
        card = mine.hand[-1].code
        if buttons and (menu := _discard_menu(DRAWN.pop(actor.id, None))) is not None:
            await actor.select(menu, "Discard a card", card, within=5)
            return True
        if buttons and (message := _table_message(session)) is not None:
            reply = await actor.click(message, "My cards", within=5)
            if reply.message is not None:
                await actor.select(reply.message, "Discard a card", card, within=5)
                return True
        await actor.slash("paiute discard", card=card, within=5)
    except (TimeoutError, LookupError):
        return False
    return True


async def _game(think: float, turns: int, buttons: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:

        def build(config: BotConfig) -> Parlour:  # the same deals on every tree and run
            return Parlour(config, table_seed=lambda: SEED)

        async with open_session(build, database_path=Path(folder) / "b.db") as session:
            alice, bob, carol = (session.actors[n] for n in ("alice", "bob", "carol"))
            players = [alice, bob, carol]
            for actor in (bob, carol):
                session.guild.deny(actor.user, MANAGE_GUILD)
            await alice.slash("paiute open", stake=10, buy_in=200, seats=3)
            await bob.slash("paiute join", buy_in=200)
            await carol.slash("paiute join", buy_in=200)
            await asyncio.sleep(1.0)
            since = len(session.fake.log.calls)
            refused_before = session.fake.rate_limits.refused
            actions = unanswered = 0
            for _ in range(turns):
                ok = await _step(session, players, alice, buttons)
                actions += 1
                unanswered += not ok
                await asyncio.sleep(think)
            behind = await _until_shown(session, 15.0)
            calls = Counter(_kind(session, c) for c in session.fake.log.calls[since:])
            refused = session.fake.rate_limits.refused - refused_before
            # the burst: 50 slash actions as fast as they are answered
            for _ in range(50):
                await _step(session, players, alice, buttons=False)
            converged = await _until_shown(session, 15.0)
            await session.fake.settle(quiet=0.2, within=10.0)  # the last DMs, before closing
            return {
                "mode": "buttons" if buttons else "slash",
                "actions": actions,
                "unanswered": unanswered,
                "calls": dict(calls),
                "429s": refused,
                "caught_up_s": behind,
                "burst_429s": session.fake.rate_limits.refused - refused_before - refused,
                "burst_converged_s": converged,
            }


async def measure(think: float, turns: int) -> list[dict[str, Any]]:
    return [await _game(think, turns, buttons=False), await _game(think, turns, buttons=True)]


def _print(label: str, results: list[dict[str, Any]]) -> None:
    print(f"== {label}")
    for r in results:
        n = max(1, r["actions"])
        per = {k: r["calls"].get(k, 0) / n for k in KINDS}
        counted = sum(v for k, v in per.items() if k not in ("answers", "followups"))
        rest = counted - per["pings"] - per["dm_sends"] - per["dm_opens"]
        conv = r["burst_converged_s"]
        print(
            f"  {r['mode']:8} actions {r['actions']:3} (unanswered {r['unanswered']})"
            f"  REST/action {sum(per.values()):.2f}: answers {per['answers']:.2f}"
            f" followups {per['followups']:.2f}"
            f" | table {per['table']:.2f} other-channel {per['other_channel']:.2f}"
            f" pings {per['pings']:.2f} DM sends {per['dm_sends']:.2f}"
            f" DM opens {per['dm_opens']:.2f} other {per['other']:.2f}"
            f" | non-interaction {counted:.2f} (without DMs and pings {rest:.2f})"
            f" | 429s {r['429s']} | burst of 50: 429s {r['burst_429s']},"
            f" table shows the end after {'never' if conv is None else f'{conv:.2f} s'}"
        )


def _baseline(ref: str, think: float, turns: int) -> list[dict[str, Any]]:
    """The same bench on the code of ``ref``, in a temporary export, in a subprocess."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        git, tar = shutil.which("git") or "git", shutil.which("tar") or "tar"
        archive = subprocess.run(  # noqa: S603 - git archive of a ref the engineer names
            [git, "-C", str(root), "archive", ref], check=True, capture_output=True
        ).stdout
        subprocess.run([tar, "-x", "-C", folder], input=archive, check=True)  # noqa: S603
        shutil.copy(__file__, Path(folder) / "bench" / "discord_budget.py")
        env = {**os.environ, "PYTHONPATH": folder}
        args = ["--json", "--think", str(think), "--turns", str(turns)]
        out = subprocess.run(  # noqa: S603 - our own interpreter, fixed arguments
            [sys.executable, "-m", "bench.discord_budget", *args],
            cwd=folder,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        return list(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--think", type=float, default=0.4)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--baseline", default=None, help="a git ref to measure too")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    results = asyncio.run(measure(args.think, args.turns))
    if args.json:
        print(json.dumps(results))
        return
    if args.baseline:
        _print(f"baseline ({args.baseline})", _baseline(args.baseline, args.think, args.turns))
    _print("this tree", results)


if __name__ == "__main__":
    main()
