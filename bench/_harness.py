"""What the process benches share: a fake Discord in this process with G servers and N table
channels, and scripted players who read the table message as a person does and act through its
buttons, modals, **My cards** and (a share of the time) slash commands. The real bot runs in
another process (``bench._bot_process``); ``bench._call_kinds`` tells what its calls were for.

The fake's request validation (jsonschema over Discord's spec on every call) costs the fake more
CPU than the bot spends answering; ``fast_fake`` turns it off so the bench measures the bot, not
the fake. Strict response checking is off. Rate limits are off unless asked for: with them on,
a run measures 429 sleeps, not CPU (the REST call counts per action are printed either way).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sandbox import routes
from sandbox.fake import FakeDiscord
from sandbox.flags import CREATE_PUBLIC_THREADS
from sandbox.guilds import Channel, Guild, User
from sandbox.interactions import Interaction
from sandbox.messages import Message

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
