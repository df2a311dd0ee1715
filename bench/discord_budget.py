"""REST calls per player action against the fake Discord with Discord's real rate limits.

    python -m bench.discord_budget [--think 0.4] [--turns 40] [--runs 3] [--baseline REF]
        [--games palace,paiute,pontoon] [--mixes buttons,slash,mix]

Plays each game with three players through the real bot (in this process) and the fake Discord
(rate limits on, as Discord has them), at a human ``--think`` seconds between actions, once per
input mix: ``buttons`` (the table message's buttons and modals; a card choice in the select of
the ephemeral update that brought the cards, else through **My cards**), ``slash`` (every action
typed as its slash command, card choices too) and ``mix`` (80 % buttons, 20 % slash). A player
reads the table message before acting (waits until it shows the moment) as a person does.
Then fires a burst of 50 actions of the same mix on the table as fast as they are answered and
times how long after the last one the table message showed the final state.

Prints, per game and mix, per player action (an input that moved the table's action counter):
interaction answers (callbacks), followups (ephemeral updates with a player's own cards), table
edits through a click's interaction token (``@original``), table edits and posts through the
channel, turn pings and their deletes through an interaction token (exempt), DMs, DM-channel
opens, turn pings through the channel or DMs (and their deletes), other calls; the total; the
total without DMs and pings; the calls that count against Discord's global 50 requests/s
(everything but interaction answers, followups and token edits and pings); the 429s; and the
burst's
convergence time. ``--runs`` repeats each
game and prints medians. ``--baseline REF`` measures the code of git ``REF`` (in a temporary
export, this bench file copied in) in the same run, alongside, and prints it first.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench._harness import Players, Table, components
from bot.client import Parlour
from bot.factory import BotConfig
from games.actions import CardsField
from sandbox.flags import CREATE_PUBLIC_THREADS, MANAGE_GUILD
from sandbox.guilds import User
from sandbox.harness import Session, open_session
from sandbox.interactions import Interaction
from sandbox.log import Call
from sandbox.messages import Message

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
_MOMENT = re.compile(r"^tbl:[bs]:(\d+):(\d+):(\d+):")
SEED = 20_261_202
GAMES = ("palace", "paiute", "pontoon")
MIXES = {"buttons": 0.0, "slash": 1.0, "mix": 0.2}
KINDS = (
    "answers",
    "followups",
    "token_edits",
    "token_pings",
    "table",
    "dms",
    "dm_opens",
    "pings",
    "other",
)
EXEMPT = ("answers", "followups", "token_edits", "token_pings")
BURST = 50


def _kind(session: Session, call: Call) -> str:
    if call.route.startswith("/interactions/"):
        return "answers"
    if call.route.startswith("/webhooks/"):
        return _token_kind(session, call)
    if call.route == "/users/@me/channels":
        return "dm_opens"
    body = call.body if isinstance(call.body, dict) else {}
    content = str(body.get("content", ""))
    match = re.match(r"/channels/(\d+)/", call.path)
    channel = session.fake.world.channels.get(int(match[1])) if match else None
    if channel is not None and channel.is_dm:
        return "pings" if content.startswith("Your turn") else "dms"
    if call.route == MESSAGES and "your turn" in content:
        return "pings"
    if call.method == "DELETE" and call.route == MESSAGE:
        return "pings"
    if call.route in (MESSAGES, MESSAGE) and (body.get("embeds") or body.get("components")):
        return "table"
    return "other"


def _token_kind(session: Session, call: Call) -> str:
    """A call on an interaction webhook (exempt from the global limit): a followup with a
    player's cards, a turn ping (a public followup that names a user) or its delete, a table
    message posted as a public followup, or an edit of the table message through a token."""
    body = call.body if isinstance(call.body, dict) else {}
    public = not int(body.get("flags") or 0) & 64
    if call.method == "POST":
        mentions = body.get("allowed_mentions")
        if public and isinstance(mentions, dict) and mentions.get("users"):
            return "token_pings"
        if public and (body.get("embeds") or body.get("components")):
            return "token_edits"  # a table message posted as a followup
        return "followups"
    if call.method == "DELETE":
        return "token_pings"
    parts = call.path.split("/")
    token, target_id = parts[3] if len(parts) > 3 else "", parts[-1]
    interaction = session.fake.interactions.by_token.get(token)
    if target_id == "@original":
        target = interaction.message if interaction is not None else None
    else:
        target = session.fake.world.messages.get(int(target_id)) if target_id.isdigit() else None
    shown = target is not None and not target.ephemeral
    return "token_edits" if call.method == "PATCH" and shown else "other"


def _status(session: Session, user: int | None = None) -> Any:
    tables = session.bot.tables  # type: ignore[attr-defined]
    return tables.status(session.guild.id, session.channel.id, user)


def _moment(session: Session) -> tuple[int, int, int]:
    table, deal, counter = _status(session).expected
    return int(table), int(deal), int(counter)


def _shows_now(session: Session) -> bool:
    mid = _status(session).message_id
    message = next((m for m in session.messages() if m.id == mid), None)
    if message is None:
        return False
    found = set()
    for component in message.walk_components():
        match = _MOMENT.match(str(component.get("custom_id", "")))
        if match:
            found.add((int(match[1]), int(match[2]), int(match[3])))
    return found == {_moment(session)}


async def _until_shown(session: Session, within: float) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < within:
        if _shows_now(session):
            return time.monotonic() - started
        await asyncio.sleep(0.02)
    return None


class BudgetPlayers(Players):
    """The load bench's players, with card choices as a person makes them: typed as the
    game's slash command (slash share), else in the select of the latest ephemeral update
    that brought the cards, else through **My cards**."""

    def __init__(self, session: Session, slash_share: float) -> None:
        super().__init__(session.fake, slash_share=slash_share, cards_share=0.0)
        self.session = session
        self.inputs: Counter[str] = Counter()

    async def _timed(self, kind: str, act: bool, make: Any) -> Interaction | None:
        self.inputs[kind] += 1
        return await super()._timed(kind, act, make)

    async def _my_cards(self, table: Table, user: User, message: Message, *, act: bool) -> bool:
        if act and table.rng.random() < self.slash_share and await self._typed_cards(table, user):
            return True
        menu = self._offered(table, user)
        if act and menu is not None:
            held, select = menu
            options = [str(o["value"]) for o in select.get("options", [])]
            low = int(select.get("min_values", 1))
            high = min(int(select.get("max_values", 1)), len(options))
            picked = table.rng.sample(options, table.rng.randint(low, max(low, high)))
            custom_id = str(select["custom_id"])
            make = self.fake.use_component(user, held, custom_id, picked, within=5)
            await self._timed("select", True, make)
            return True
        return await super()._my_cards(table, user, message, act=act)

    def _offered(self, table: Table, user: User) -> tuple[Message, dict[str, Any]] | None:
        """A card select of the current moment in an ephemeral message only ``user`` sees."""
        moment = ":".join(str(n) for n in _moment(self.session))
        for message in reversed(list(self.fake.world.messages.values())):
            if message.channel is not table.channel or message.visible_to is not user:
                continue
            for c in components(message):
                if c.get("type") == 3 and str(c["custom_id"]).split(":", 2)[2].startswith(moment):
                    return message, c
        return None

    async def _typed_cards(self, table: Table, user: User) -> bool:
        """A card choice typed as its command (``/paiute discard card:7h``)."""
        tables = self.session.bot.tables  # type: ignore[attr-defined]
        legal = tables.legal_actions(table.guild.id, table.channel.id, user.id)
        root = self.fake.world.synced_command(table.game, table.guild) or {}
        for spec in legal:
            cards = [(n, f) for n, f in spec.fields.items() if isinstance(f, CardsField)]
            sub = next((o for o in root.get("options", []) if o["name"] == spec.kind), None)
            if not cards or sub is None:
                continue
            name, field = cards[0]
            strings = [o for o in sub.get("options", []) if o["type"] == 3]
            named = [o for o in strings if o["name"] == name]
            if not (named or strings):
                continue
            option = (named or strings)[0]
            count = max(1, field.min_count)
            picked = table.rng.sample(list(field.options), min(count, len(field.options)))
            values = {option["name"]: " ".join(picked)}
            command = f"{table.game} {spec.kind}"
            make = self.fake.slash(user, command, table.channel, values, within=5)
            await self._timed("slash", True, make)
            return True
        return False


async def _actions(
    session: Session, players: BudgetPlayers, table: Table, steps: int, think: float, read: bool
) -> tuple[int, int]:
    """``steps`` inputs; (actions that moved the table on, inputs)."""
    actions = inputs = 0
    for _ in range(steps):
        if read:  # a player reads the table before clicking
            await _until_shown(session, 6.0)
        before = _moment(session)
        await players.step(table)
        inputs += 1
        for _ in range(3):  # the service commits before it answers (a modal is one step)
            if _moment(session) != before:
                actions += 1
                break
            await asyncio.sleep(0.01)
        if think:
            await asyncio.sleep(think)
    return actions, inputs


async def _game(game: str, mix: str, think: float, turns: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:

        def build(config: BotConfig) -> Parlour:  # the same deals on every tree and run
            return Parlour(config, table_seed=lambda: SEED)

        async with open_session(build, database_path=Path(folder) / "b.db") as session:
            alice, bob, carol = (session.actors[n] for n in ("alice", "bob", "carol"))
            session.guild.deny(
                session.fake.world.bot_user, CREATE_PUBLIC_THREADS
            )  # tables in the channels themselves: a bot without Create Public Threads
            for actor in (bob, carol):
                session.guild.deny(actor.user, MANAGE_GUILD)
            people = [alice.user, bob.user, carol.user]
            table = Table(game, session.guild, session.channel, people)
            table.rng.seed(SEED)
            players = BudgetPlayers(session, MIXES[mix])
            await players.seat(table)
            await session.fake.settle(quiet=0.3, within=10.0)
            await asyncio.sleep(1.0)
            since = len(session.fake.log.calls)
            refused_before = session.fake.rate_limits.refused
            actions, inputs = await _actions(session, players, table, turns, think, read=True)
            caught_up = await _until_shown(session, 15.0)
            await session.fake.settle(quiet=0.3, within=10.0)
            calls = Counter(_kind(session, c) for c in session.fake.log.calls[since:])
            refused = session.fake.rate_limits.refused - refused_before
            started = time.monotonic()
            burst, burst_inputs = await _actions(session, players, table, BURST, 0.0, read=False)
            took = time.monotonic() - started
            converged = await _until_shown(session, 15.0)
            await session.fake.settle(quiet=0.2, within=10.0)  # the last DMs, before closing
            return {
                "game": game,
                "mix": mix,
                "actions": actions,
                "inputs": inputs,
                "typed": players.inputs.get("slash", 0),
                "calls": dict(calls),
                "429s": refused,
                "caught_up_s": caught_up,
                "burst_actions": burst,
                "burst_inputs": burst_inputs,
                "burst_s": took,
                "burst_429s": session.fake.rate_limits.refused - refused_before - refused,
                "burst_converged_s": converged,
            }


async def measure(
    games: list[str], mixes: list[str], think: float, turns: int, runs: int
) -> list[dict[str, Any]]:
    return [
        await _game(game, mix, think, turns) for _ in range(runs) for game in games for mix in mixes
    ]


def _row(r: dict[str, Any]) -> dict[str, float]:
    n = max(1, r["actions"])
    per = {k: r["calls"].get(k, 0) / n for k in KINDS}
    per["total"] = sum(per[k] for k in KINDS)
    per["no_dm_ping"] = per["total"] - per["dms"] - per["dm_opens"] - per["pings"]
    per["global"] = sum(per[k] for k in KINDS if k not in EXEMPT)
    per["429s"] = r["429s"] + r["burst_429s"]
    conv = r["burst_converged_s"]
    per["burst_s"] = r["burst_s"]
    per["converged_s"] = float("inf") if conv is None else conv
    per["typed"] = r["typed"] / max(1, r["inputs"] + r["burst_inputs"])
    per["actions"] = r["actions"]
    return per


def _print(label: str, results: list[dict[str, Any]]) -> None:
    print(f"== {label} (per player action; medians of {_runs(results)} runs)")
    head = (
        "game     mix      actions typed | answers followups by-token ping-tok table  DMs"
        "   DM-opens pings other"
        " | total w/o-DM/ping global | 429s | burst 50: took / shown after"
    )
    print(head)
    for game in dict.fromkeys(r["game"] for r in results):
        for mix in dict.fromkeys(r["mix"] for r in results):
            rows = [_row(r) for r in results if r["game"] == game and r["mix"] == mix]
            if not rows:
                continue
            m = {k: statistics.median(row[k] for row in rows) for k in rows[0]}
            shown = "never" if m["converged_s"] == float("inf") else f"{m['converged_s']:.2f} s"
            print(
                f"{game:8} {mix:8} {m['actions']:5.0f} {m['typed']:5.0%} |"
                f" {m['answers']:7.2f} {m['followups']:9.2f} {m['token_edits']:8.2f}"
                f" {m['token_pings']:8.2f} {m['table']:5.2f}"
                f" {m['dms']:5.2f} {m['dm_opens']:8.2f} {m['pings']:5.2f} {m['other']:5.2f} |"
                f" {m['total']:5.2f} {m['no_dm_ping']:11.2f} {m['global']:6.2f} |"
                f" {m['429s']:4.0f} | {m['burst_s']:.1f} s / {shown}"
            )


def _runs(results: list[dict[str, Any]]) -> int:
    first = results[0]
    return sum(1 for r in results if r["game"] == first["game"] and r["mix"] == first["mix"])


class _Baseline:
    """The same bench on the code of ``ref``, in a temporary export, in a subprocess that runs
    alongside this tree's (the two share the machine the same way)."""

    def __init__(self, ref: str, argv: list[str]) -> None:
        root = Path(__file__).resolve().parent.parent
        self.folder = tempfile.TemporaryDirectory()
        folder = self.folder.name
        git, tar = shutil.which("git") or "git", shutil.which("tar") or "tar"
        archive = subprocess.run(  # noqa: S603 - git archive of a ref the engineer names
            [git, "-C", str(root), "archive", ref], check=True, capture_output=True
        ).stdout
        subprocess.run([tar, "-x", "-C", folder], input=archive, check=True)  # noqa: S603
        shutil.copy(__file__, Path(folder) / "bench" / "discord_budget.py")
        env = {**os.environ, "PYTHONPATH": folder}
        self.proc = subprocess.Popen(  # noqa: S603 - our own interpreter, fixed arguments
            [sys.executable, "-m", "bench.discord_budget", *argv, "--json"],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def results(self) -> list[dict[str, Any]]:
        out, _ = self.proc.communicate()
        self.folder.cleanup()
        if self.proc.returncode != 0:
            raise RuntimeError(f"the baseline bench failed ({self.proc.returncode})")
        return list(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--think", type=float, default=0.4)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--mixes", default=",".join(MIXES))
    parser.add_argument("--baseline", default=None, help="a git ref to measure too")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    games, mixes = args.games.split(","), args.mixes.split(",")
    argv = ["--think", str(args.think), "--turns", str(args.turns), "--runs", str(args.runs)]
    argv += ["--games", args.games, "--mixes", args.mixes]
    baseline = _Baseline(args.baseline, argv) if args.baseline and not args.json else None
    results = asyncio.run(measure(games, mixes, args.think, args.turns, args.runs))
    if args.json:
        print(json.dumps(results))
        return
    if baseline is not None:
        _print(f"baseline ({args.baseline})", baseline.results())
    _print("this tree", results)


if __name__ == "__main__":
    main()
