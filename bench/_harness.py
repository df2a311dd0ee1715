"""What the process benches share: a fake Discord in this process with G servers and N table
channels, the real bot in another process (``bench/_botproc.py``), and scripted players who read
the table message as a person does and act through its buttons, modals, **My cards** and (a
share of the time) slash commands.

The fake's request validation (jsonschema over Discord's spec on every call) costs the fake more
CPU than the bot spends answering; ``fast_fake`` turns it off so the bench measures the bot, not
the fake. Strict response checking is off. Rate limits are off unless asked for: with them on,
a run measures 429 sleeps, not CPU (the REST call counts per action are printed either way).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sandbox import routes
from sandbox.fake import FakeDiscord
from sandbox.flags import CREATE_PUBLIC_THREADS
from sandbox.guilds import Channel, Guild, User
from sandbox.interactions import Interaction
from sandbox.messages import Message

ROOT = Path(__file__).resolve().parent.parent
BOTPROC = Path(__file__).resolve().parent / "_botproc.py"
TURN = re.compile(r"<@(\d+)>\*\* to act")
NUMBER = re.compile(r"\d+")
BUY_IN = 300
OPEN: dict[str, dict[str, Any]] = {
    "pontoon": {"min_bet": 10, "max_bet": 50, "banker": "house", "turn_timeout": 600},
    "paiute": {"stake": 10, "max_rounds": 4, "turn_timeout": 600},
    "palace": {"small_bet": 10, "big_bet": 20, "ante": 5, "turn_timeout": 600},
}
MODAL_THINK_S = 0.1
"""How long a scripted player looks at a modal before sending it (see ``Players._modal``)."""
LOBBY_KINDS = {"@cards", "@join", "@leave", "@back", "@deal"}


def no_request_validation() -> None:
    """The fake answers without checking bodies against the spec (bench speed; see above)."""
    routes.form_errors = lambda _method, _route, _body: {}  # type: ignore[assignment]


@dataclass
class Sample:
    """One interaction a player made and how long the bot took to answer it."""

    kind: str  # "button", "modal", "cards", "select", "slash"
    latency: float | None  # None: not answered in time
    act: bool  # meant as a game action (not a look at the cards)


@dataclass
class Table:
    """One table channel and the people seated there."""

    game: str
    guild: Guild
    channel: Channel
    players: list[User]
    message_id: int | None = None
    rng: random.Random = field(default_factory=random.Random)

    @property
    def host(self) -> User:
        return self.players[0]


class BotProcess:
    """``python bench/_botproc.py`` against ``fake``: start, stats, stop, kill."""

    def __init__(
        self,
        fake: FakeDiscord,
        folder: Path,
        guild: Guild,
        *,
        src: Path = ROOT,
        pictures: bool = False,
        profile: Path | None = None,
        trace_memory: bool = False,
        garbage: bool = False,
    ) -> None:
        self.fake, self.folder, self.guild = fake, folder, guild
        self.src, self.pictures, self.profile = src, pictures, profile
        self.trace_memory = trace_memory
        self.garbage = garbage
        self.database = folder / "bench.db"
        self.stats_file = folder / "stats.json"
        self.log_file = folder / "bot.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = 0.0

    def start(self) -> None:
        # a checkout with its own .venv runs with its own dependencies (orjson or not)
        own = self.src / ".venv" / "bin" / "python"
        command = [
            str(own) if self.src != ROOT and own.exists() else sys.executable,
            str(BOTPROC),
            "--base",
            self.fake.base_url,
            "--gateway",
            self.fake.gateway_url,
            "--token",
            self.fake.token,
            "--database",
            str(self.database),
            "--guild",
            str(self.guild.id),
            "--stats",
            str(self.stats_file),
        ]
        if self.pictures:
            command.append("--pictures")
        if self.profile is not None:
            command += ["--profile", str(self.profile)]
        if self.trace_memory:
            command.append("--trace-memory")
        if self.garbage:
            command.append("--garbage")
        env = {**os.environ, "PYTHONPATH": str(self.src), "DISCORD_TOKEN": ""}
        self.started = time.monotonic()
        with self.log_file.open("ab") as out:
            # our own interpreter running our own script: no untrusted input
            self.proc = subprocess.Popen(  # noqa: S603
                command, env=env, stdout=out, stderr=out, cwd=self.folder
            )

    @property
    def running(self) -> subprocess.Popen[bytes]:
        if self.proc is None:
            raise RuntimeError("the bot process was not started")
        return self.proc

    @property
    def pid(self) -> int:
        return self.running.pid

    def cpu(self) -> float:
        """User + system CPU seconds of the bot process so far (from /proc)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def written(self) -> int:
        """Bytes the bot process has handed to ``write()`` so far (``wchar``: SQLite's WAL
        and checkpoints, and its log; socket sends are not counted)."""
        for line in Path(f"/proc/{self.pid}/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
        return 0

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    async def stats(self, within: float = 2.0, *, light: bool = False) -> dict[str, Any]:
        """What the process says about itself (GC pauses, tasks, views); ``light``: only
        what is cheap to tell (CPU by thread, budgets, tables behind), for a poll."""
        marker = self.stats_file.with_suffix(".light")
        if light:
            marker.touch()
        try:
            self.stats_file.unlink(missing_ok=True)
            os.kill(self.pid, signal.SIGUSR1)
            for _ in range(int(within * 100)):
                await asyncio.sleep(0.01)
                if self.stats_file.exists():
                    return dict(json.loads(self.stats_file.read_text()))
            return {}
        finally:
            marker.unlink(missing_ok=True)

    def reset_gc(self) -> None:
        os.kill(self.pid, signal.SIGUSR2)

    async def ready(self, probe: User, channel: Channel, within: float = 60.0) -> float:
        """Wait until the bot answers a command; seconds since the process started. The
        bot syncs its commands to one server: they are made global here, as a release is."""
        end = time.monotonic() + within
        while self.guild.id not in self.fake.world.commands:
            self.check()
            if time.monotonic() > end:
                raise TimeoutError("the bot never synced its commands")
            await asyncio.sleep(0.02)
        self.fake.world.commands[None] = self.fake.world.commands[self.guild.id]
        while time.monotonic() < end:
            self.check()
            if self.fake.gateway.sockets:
                with contextlib.suppress(TimeoutError):
                    await self.fake.slash(probe, "help", channel, within=2.0)
                    return time.monotonic() - self.started
            await asyncio.sleep(0.05)
        raise TimeoutError("the bot never answered")

    def check(self) -> None:
        if self.proc is not None and self.proc.poll() is not None:
            tail = self.log_file.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"the bot process ended ({self.proc.returncode}):\n{tail}")

    async def stop(self, within: float = 30.0) -> int:
        """SIGTERM, and wait for the clean stop."""
        proc = self.running
        proc.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.to_thread(proc.wait, within)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        await self.fake.gateway.close()
        return code

    async def kill(self) -> None:
        """SIGKILL: no goodbye."""
        self.running.kill()
        self.running.wait()
        await self.fake.gateway.close()


def build_world(
    fake: FakeDiscord,
    tables: int,
    guilds: int,
    seats: int,
    games: list[str] | None = None,
    *,
    threads: bool = False,
) -> list[Table]:
    """``guilds`` servers holding ``tables`` table channels between them (plus a #lobby
    each), ``seats`` fresh users per table, ``games`` (default: all three) taken in turn.
    ``threads``: the bot may create public threads, so each table opens in a thread of its
    channel (the default for a server; off: tables in the channels themselves)."""
    games = games or list(OPEN)
    per_guild = -(-tables // guilds)
    made: list[Table] = []
    for g in range(guilds):
        count = min(per_guild, tables - len(made))
        if count <= 0:
            break
        names = ("lobby", *(f"t{i}" for i in range(count)))
        guild = fake.world.add_guild(f"Bench {g}", names)
        if not threads:  # tables in the channels themselves: a bot without Create Public Threads
            guild.deny(fake.world.bot_user, CREATE_PUBLIC_THREADS)
        for channel in guild.channels[1:]:
            people = [fake.world.add_user(f"p{len(made)}_{s}") for s in range(seats)]
            for user in people:
                fake.world.join(guild, user)
            game = games[len(made) % len(games)]
            made.append(Table(game, guild, channel, people, rng=random.Random(len(made))))
    return made


def components(message: Message) -> Iterator[dict[str, Any]]:
    for c in message.walk_components():
        if c.get("type") in (2, 3) and str(c.get("custom_id", "")).startswith("tbl:"):
            yield c


def kind_of(custom_id: str) -> str:
    return custom_id.split(":")[5]


def turn_of(message: Message) -> int | None:
    texts = [str(e.get("description", "")) + str(e.get("title", "")) for e in message.embeds]
    texts += [str(c.get("content", "")) for c in message.walk_components() if c.get("type") == 10]
    for text in texts:
        found = TURN.search(text)
        if found:
            return int(found[1])
    return None


class Players:
    """Scripted people: each table's player to act reads the table message and acts."""

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        slash_share: float = 0.2,
        cards_share: float = 0.15,
        top_up: bool = False,
    ):
        self.fake = fake
        self.slash_share = slash_share
        self.cards_share = cards_share
        self.top_up = top_up
        """When the host's Deal is refused (too few players with chips), everyone tops up
        (``/<game> topup``) as people who went broke would; off: the table just waits."""
        self.top_ups = 0
        self.samples: list[Sample] = []
        self.errors: Counter[str] = Counter()
        self.replies: Counter[str] = Counter()  # the private text answers, by their start

    def table_message(self, table: Table) -> Message | None:
        """The table's message (found again when it was posted anew)."""
        world = self.fake.world
        if table.message_id is not None:
            known = world.messages.get(table.message_id)
            if known is not None and not known.deleted:
                return known
        for message in reversed(world.messages.values()):
            if (
                message.channel is table.channel
                and not message.deleted
                and message.visible_to is None
                and any(True for _ in components(message))
            ):
                table.message_id = message.id
                return message
        return None

    async def _timed(self, kind: str, act: bool, make: Any) -> Interaction | None:
        try:
            answer: Interaction = await make
        except TimeoutError:
            self.samples.append(Sample(kind, None, act))
            return None
        except Exception as error:  # an injection the fake refused (a stale component)
            self.errors[type(error).__name__] += 1
            return None
        latency = None if answer.answered_at is None else answer.answered_at - answer.created
        self.samples.append(Sample(kind, latency, act))
        if answer.ephemeral and answer.message is not None and answer.message.content:
            self.replies[f"{kind}: {answer.message.content[:50]}"] += 1
        return answer

    async def seat(self, table: Table) -> bool:
        """Open the table, seat everyone, deal; False if the bot did not answer in time (a
        slow machine): the table is left as it is and simply not played."""
        host, *others = table.players
        fake = self.fake
        options = {**OPEN[table.game], "buy_in": BUY_IN, "seats": len(table.players)}
        steps = [(user, f"{table.game} join", {"buy_in": BUY_IN}) for user in others]
        steps.append((host, f"{table.game} start", {}))
        try:
            before = {t.id for t in table.guild.threads}
            opening = await fake.slash(
                host, f"{table.game} open", table.channel, options, within=20
            )
            opened = [
                t
                for t in table.guild.threads
                if t.id not in before
                and t.thread is not None
                and t.thread.parent_id == table.channel.id
            ]
            if opened:  # the table opened in a thread: everything else happens there
                table.channel = opened[-1]
            elif not await self._posted(table):  # refused (the server's table limit)
                self.errors[f"open refused: {opening.content[:60]}"] += 1
                return False
            for user, command, values in steps:
                await fake.slash(user, command, table.channel, values, within=20)
        except TimeoutError:
            self.errors["seating timed out"] += 1
            return False
        return True

    async def _posted(self, table: Table, within: float = 5.0) -> bool:
        """Whether the table message shows up in ``within`` s (it follows the open's answer)."""
        for _ in range(int(within / 0.05)):
            if self.table_message(table) is not None:
                return True
            await asyncio.sleep(0.05)
        return False

    async def step(self, table: Table) -> bool:
        """The player to act (or the host between deals) does one thing; False if nothing
        could be done (the message is not there yet, or shows no one to act)."""
        message = self.table_message(table)
        if message is None:
            return False
        rng = table.rng
        found = list(components(message))
        by_kind: dict[str, list[dict[str, Any]]] = {}
        for c in found:
            by_kind.setdefault(kind_of(str(c["custom_id"])), []).append(c)
        if "@deal" in by_kind and turn_of(message) is None:
            if rng.random() < self.slash_share:
                make = self.fake.slash(table.host, f"{table.game} start", table.channel, within=5)
                await self._timed("slash", True, make)
            else:
                button = str(by_kind["@deal"][0]["custom_id"])
                dealt = await self._timed("button", True, self._click(table.host, message, button))
                if self.top_up and dealt is not None and dealt.ephemeral:  # refused
                    await self._top_up(table)
            return True
        who = turn_of(message)
        user = next((u for u in table.players if u.id == who), None)
        if user is None:
            return False
        actions = [c for k, cs in by_kind.items() if k not in LOBBY_KINDS for c in cs]
        if not actions or rng.random() < self.cards_share:
            return await self._my_cards(table, user, message, act=not actions)
        chosen = rng.choice(actions)
        custom_id = str(chosen["custom_id"])
        kind = kind_of(custom_id)
        if rng.random() < self.slash_share and await self._slash(table, user, chosen, kind):
            return True
        if chosen["type"] == 3:
            values = [str(o["value"]) for o in chosen.get("options", [])][:1]
            make = self.fake.use_component(user, message, custom_id, values, within=5)
            await self._timed("select", True, make)
            return True
        opened = await self._timed("button", True, self._click(user, message, custom_id))
        if opened is not None and opened.modal is not None:
            await self._modal(user, opened)
        return True

    async def _top_up(self, table: Table) -> None:
        """Everyone at the table adds a buy-in from their balance (refused past the table's
        limit or an empty balance: then the table waits for players, as it should)."""
        for user in table.players:
            command = f"{table.game} topup"
            values = {"amount": BUY_IN}
            make = self.fake.slash(user, command, table.channel, values, within=5)
            if await self._timed("slash", True, make) is not None:
                self.top_ups += 1

    def _click(self, user: User, message: Message, custom_id: str) -> Any:
        return self.fake.use_component(user, message, custom_id, within=5)

    async def _modal(self, user: User, opened: Interaction) -> None:
        modal = opened.modal or {}
        answers: dict[str, str] = {}
        for row in modal.get("components", []):
            for c in row.get("components", [row.get("component", {})]):
                if c.get("type") == 4:
                    answers[str(c["custom_id"])] = str(c.get("value") or "10")
        # A person reads the modal before sending it. Sent at once, the submit reached the bot
        # before discord.py had stored the modal (it does so once the callback's HTTP answer is
        # back): the submit was dropped as unknown, unanswered, and the modal lived its 600 s.
        await asyncio.sleep(MODAL_THINK_S)
        await self._timed("modal", True, self.fake.submit_modal(user, opened, answers, within=5))

    async def _slash(self, table: Table, user: User, chosen: dict[str, Any], kind: str) -> bool:
        """The same action typed as ``/<game> <kind>``, if the command takes what is known."""
        root = self.fake.world.synced_command(table.game, table.guild)
        sub = next((o for o in (root or {}).get("options", []) if o["name"] == kind), None)
        if sub is None:
            return False
        values: dict[str, Any] = {}
        for option in sub.get("options", []):
            if not option.get("required"):
                continue
            if option["type"] == 4:  # an integer: the smallest the button's label shows
                numbers = NUMBER.findall(str(chosen.get("label", "")))
                values[option["name"]] = int(numbers[0]) if numbers else 10
            elif option["type"] == 3:
                arg = str(chosen["custom_id"]).split(":")[6]
                values[option["name"]] = arg
            else:
                return False
        make = self.fake.slash(user, f"{table.game} {kind}", table.channel, values, within=5)
        await self._timed("slash", True, make)
        return True

    async def _my_cards(self, table: Table, user: User, message: Message, *, act: bool) -> bool:
        mine = await self._timed("cards", False, self._click(user, message, _cards_id(message)))
        if not act or mine is None or mine.message is None:
            return mine is not None
        selects = [c for c in components(mine.message) if c.get("type") == 3]
        if not selects:
            return True
        menu = table.rng.choice(selects)
        options = [str(o["value"]) for o in menu.get("options", [])]
        low = int(menu.get("min_values", 1))
        high = min(int(menu.get("max_values", 1)), len(options))
        picked = table.rng.sample(options, table.rng.randint(low, max(low, high)))
        make = self.fake.use_component(user, mine.message, str(menu["custom_id"]), picked, within=5)
        await self._timed("select", True, make)
        return True


def _cards_id(message: Message) -> str:
    for c in components(message):
        if kind_of(str(c["custom_id"])) == "@cards":
            return str(c["custom_id"])
    return "My cards"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _is_ping(body: Any) -> bool:
    """A turn ping: a public message that mentions named users (nothing else the bot sends
    names them in ``allowed_mentions``)."""
    if not isinstance(body, dict):
        return False
    mentions = body.get("allowed_mentions")
    public = not int(body.get("flags") or 0) & 64
    return public and isinstance(mentions, dict) and bool(mentions.get("users"))


def call_kind(
    method: str,
    route: str,
    path: str,
    dm_channels: set[int],
    body: Any = None,
    messages: dict[int, Message] | None = None,
) -> str:
    """What a REST call was for, as the budget counts it (``(exempt)``: not against the
    global limit). ``messages`` (the fake's, by id) tells what a channel DELETE removed: a
    turn ping or a table message (moved to a fresh token)."""
    if route.startswith("/interactions/"):
        return "answer (exempt)"
    if route.startswith("/webhooks/"):
        if method == "POST":
            return "ping by token (exempt)" if _is_ping(body) else "followup (exempt)"
        if method == "DELETE":
            return "ping delete by token (exempt)"
        return "token edit (exempt)"
    if route == "/users/@me/channels":
        return "dm open"
    if "/members/" in route:
        return "member fetch"
    if route.startswith("/channels/{channel_id}/messages"):
        channel = int(path.split("/")[2])
        if channel in dm_channels:
            return "dm send"
        if method == "POST":
            return "ping in channel" if _is_ping(body) else "channel post"
        if method == "PATCH":
            return "table edit"
        if method == "DELETE":
            return _deleted(path, messages)
    if route.startswith("/applications/"):
        return "commands"
    return f"{method} {route}"


def _deleted(path: str, messages: dict[int, Message] | None) -> str:
    """What a channel DELETE removed, if the fake's messages say."""
    found = messages.get(int(path.rsplit("/", 1)[1])) if messages is not None else None
    if found is None:
        return "message delete"
    if any(True for _ in components(found)):
        return "table delete (moved)"
    if "<@" in found.content:
        return "ping delete in channel"
    return "message delete"
