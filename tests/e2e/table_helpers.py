"""Shared by the game cogs' e2e tests: the table message, buttons and modals, hidden-card
scans of everything the bot made public, DM checks, and API calls per player action."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.client import Parlour
from bot.factory import BotConfig, BotFactory
from games.cards import Card
from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.interactions import Interaction
from sandbox.limits import TOKEN_LIFETIME
from sandbox.log import Call
from sandbox.messages import Message
from services.tables import TableError, TableService, TableStatus, game
from storage import Database, tables

EPHEMERAL = 64


@dataclass
class TableSeed:
    """What the bot's tables deal from: fresh deals (``secrets``) while ``value`` is None. A
    test whose checks depend on the deals (how many hidden cards a scan looks for, calls per
    action) sets a value, before the first deal, and sees the same deals on every run. The
    table service has no stacked deck; the seed is the input a test may fix."""

    value: int | None = None
    pictures: bool = False
    """The bot draws table pictures (Components V2) where a server has ``images`` on (the
    default). Off for the tests that read the text table's embed; the picture tests set it."""

    def next(self) -> int:
        return secrets.randbits(63) if self.value is None else self.value

    def factory(self) -> BotFactory:
        """The bot under test, as ``python -m bot`` builds it, dealing from this seed."""

        def build(config: BotConfig) -> Parlour:
            return Parlour(config, table_seed=self.next, pictures=self.pictures)

        return build


@dataclass
class SeedOfTheTest:
    """What a shared bot (one for many tests, ``sandbox.shared``) deals from: the ``TableSeed``
    of the test running now, which the fixtures set before the test starts."""

    current: TableSeed = field(default_factory=TableSeed)

    def next(self) -> int:
        return self.current.next()

    def factory(self) -> BotFactory:
        """The shared bot: as ``TableSeed.factory`` builds it, text tables (no pictures)."""

        def build(config: BotConfig) -> Parlour:
            return Parlour(config, table_seed=self.next, pictures=False)

        return build


async def until(check: Callable[[], bool], within: float = 30.0, what: str = "it") -> None:
    """Wait (real time) until ``check()`` holds: for what the bot does by itself, a moment
    later (a restart's deliveries, an edit after the channel's budget frees)."""
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


def service(session: Session) -> TableService:
    """The running bot's table service (a new one after a restart)."""
    return session.bot.tables  # type: ignore[attr-defined,no-any-return]


def status(session: Session, user: int | None = None) -> TableStatus:
    return service(session).status(session.guild.id, session.channel.id, user)


V2_FLAG = 1 << 15


def texts(message: Message) -> list[str]:
    """The text displays of a Components V2 message, in order."""
    return [str(c["content"]) for c in message.walk_components() if c.get("type") == 10]


def alt_texts(message: Message) -> list[str]:
    """The alt text of every picture of a V2 message."""
    return [
        str(item.get("description") or "")
        for c in message.walk_components()
        if c.get("type") == 12
        for item in c.get("items") or []
        if isinstance(item, dict)
    ]


def table_title(message: Message) -> str:
    """The table message's title: its embed's, or (pictures on) its first text's first line."""
    if message.embeds:
        return str(message.embeds[0].get("title", ""))
    if message.flags & V2_FLAG and texts(message):
        return texts(message)[0].splitlines()[0].removeprefix("## ")
    return ""


def expire_tokens(session: Session) -> None:
    """Discord now holds every interaction token made so far for expired (each made 15
    minutes ago as the fake sees it; the bot's clock, the same clock, still says fresh, as
    after a skew between the two): the bot's followups on them are refused, so a player's
    private update outside their own move falls back to a DM. Time itself does not move: no
    turn timer or idle check runs out. Only the session's guild's tokens (a shared fake's other
    guilds are not this test's)."""
    for interaction in session.fake.interactions.by_token.values():
        if interaction.guild is session.guild:
            interaction.created -= TOKEN_LIFETIME + 1


def table_message(session: Session) -> Message:
    """The one public message of the channel's table (the bot's, with a table embed or, with
    pictures, a V2 layout titled the same)."""
    found = [
        m
        for m in session.messages()
        if m.author.bot and not m.ephemeral and table_title(m).endswith("table")
    ]
    assert len(found) == 1, f"expected one table message, found {len(found)}"
    return found[0]


def frozen(message: Message) -> Message:
    """A copy of the message as it is now (to click a button that has since been redrawn)."""
    return copy.deepcopy(message)


def button_for(message: Message, kind: str, amount: int | None = None) -> str:
    """The custom id of the message's button for action ``kind`` (``"stake"``, ``"@deal"``):
    with an ``amount``, its one-click button if there is one (a limit raise, No shoot), else
    the button that opens the amount's modal."""
    found = [
        str(c.get("custom_id", ""))
        for c in message.walk_components()
        if c.get("type") == 2 and f":{kind}:" in str(c.get("custom_id", ""))
    ]
    if not found:
        raise LookupError(f"no {kind} button on the table message: {message.buttons}")
    if amount is not None:
        for wanted in (f":{kind}:={amount}", f":{kind}:"):
            for custom_id in found:
                if custom_id.endswith(wanted):
                    return custom_id
    return found[0]


def first_input(opened: Interaction) -> str:
    """The custom id of the first text input of the modal the bot opened."""
    assert opened.modal is not None, "no modal was opened"
    for row in opened.modal["components"]:
        for component in row.get("components", [row.get("component", {})]):
            if component.get("type") == 4:
                return str(component["custom_id"])
    raise LookupError("the modal has no text input")


async def click_action(
    session: Session, actor: Actor, kind: str, amount: int | None = None
) -> Interaction:
    """Click the table message's button for ``kind``; an amount goes through the modal."""
    message = table_message(session)
    answer = await actor.click(message, button_for(message, kind, amount))
    if answer.modal is not None:
        assert amount is not None, f"{kind} asks for an amount"
        answer = await actor.submit(answer, {first_input(answer): str(amount)})
    return answer


def refusal_text(answer: Interaction) -> str:
    assert answer.message is not None, "the bot did not answer"
    assert answer.message.ephemeral, "expected an ephemeral refusal"
    return answer.message.content


def card_forms(code: str) -> list[str]:
    """How a card may be written: its code and its display (``10h``, ``10♥``)."""
    return [str(Card.parse(code))]


_CODE = "(?<![A-Za-z0-9]){}(?![A-Za-z0-9])"


def cards_in(text: str, codes: Iterable[str]) -> set[str]:
    """Which of ``codes`` appear in ``text`` (as display or as a code token)."""
    found = set()
    for code in codes:
        if str(Card.parse(code)) in text or re.search(_CODE.format(re.escape(code)), text):
            found.add(code)
    return found


def view_cards(view: Any) -> set[str]:
    """Every card code in an engine view (any nesting), hidden ones being ``None``."""
    dumped = view.model_dump(mode="json") if view is not None else {}
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            with contextlib.suppress(ValueError):
                found.add(Card.parse(node).code)

    walk(dumped)
    return found


def hidden_now(session: Session, players: Iterable[int]) -> set[str]:
    """Cards some player sees privately and the public does not, right now (none once the
    table is closed)."""
    try:
        status(session)
    except TableError:
        return set()
    public = view_cards(status(session).view)
    private: set[str] = set()
    for user in players:
        private |= view_cards(status(session, user).view)
    return private - public


async def stored_engine(session: Session) -> Any:
    """The channel's game as last committed, restored from its snapshot in the database
    (through a second connection, as an operator's tool would read it)."""
    try:
        now = status(session)
    except TableError:
        return None
    g = game(now.game)
    async with Database.open(session.config.database_path) as db, db.read() as conn:
        row = await tables.get(conn, now.table_id)
    if row is None or row.snapshot is None:
        return None
    return g.restore(row.snapshot)


def _deal(session: Session) -> int | None:
    try:
        return status(session).deal_number
    except TableError:
        return None


def _is_dm(session: Session, call: Call) -> bool:
    if call.path.startswith("/users/@me/channels"):
        return True
    match = re.match(r"/channels/(\d+)/", call.path)
    if match is None:
        return False
    channel = session.fake.world.channels.get(int(match[1]))
    return channel is not None and channel.is_dm


PING_ROUTES = ("/channels/{channel_id}/messages", "/webhooks/{webhook_id}/{webhook_token}")


def is_ping(call: Call) -> bool:
    """A turn ping (a post mentioning one named user, in the channel or as a public followup
    of a fresh interaction) or the delete of one: reported apart from the calls per action
    (issues 20 and 27)."""
    if call.method == "DELETE" and call.route in (
        "/channels/{channel_id}/messages/{message_id}",
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    ):
        return True
    body = call.body if isinstance(call.body, dict) else {}
    mentions = body.get("allowed_mentions")
    return (
        call.method == "POST"
        and call.route in PING_ROUTES
        and not int(body.get("flags") or 0) & EPHEMERAL
        and isinstance(mentions, dict)
        and bool(mentions.get("users"))
    )


PRIVATE_CALLBACKS = (8, 9)
"""Autocomplete choices and modals: Discord shows them to the one user who typed or clicked."""


def _updates_ephemeral(session: Session, call: Call) -> bool:
    """An interaction's UPDATE_MESSAGE (or webhook edit) of an ephemeral message, such as the
    My cards reply redrawn after its select: only its user sees it."""
    match = re.match(r"/(?:interactions|webhooks)/\d+/([^/]+)/", call.path)
    interaction = session.fake.interactions.by_token.get(match[1]) if match else None
    if interaction is None:
        return False
    body = call.body if isinstance(call.body, dict) else {}
    if call.path.startswith("/webhooks/"):
        target = interaction.message if "@original" in call.path else None
    else:
        target = interaction.source if body.get("type") == 7 else None
    return target is not None and target.ephemeral


def _is_ephemeral(call: Call) -> bool:
    body = call.body if isinstance(call.body, dict) else {}
    if body.get("type") in PRIVATE_CALLBACKS and "data" in body:
        return True
    data = body.get("data") if "type" in body else body
    return isinstance(data, dict) and bool(int(data.get("flags") or 0) & EPHEMERAL)


@dataclass
class Watch:
    """Everything the bot sent, checked step by step: public bodies never hold a hidden card,
    each DM only cards its reader may see; API calls per player action counted."""

    session: Session
    players: dict[int, Actor]
    seen_calls: int = 0
    dm_seen: dict[int, int] = field(default_factory=dict)
    public_bodies: list[str] = field(default_factory=list)
    dm_cards: dict[int, set[str]] = field(default_factory=dict)
    per_action: list[tuple[str, int]] = field(default_factory=list)
    channel_posts: int = 0
    pings: int = 0
    private_followups: int = 0
    held: dict[int, set[str]] = field(default_factory=dict)
    """Cards each player's own view showed at some step of this deal."""
    """A player's own private updates as ephemeral followups (not in ``per_action``)."""
    """Turn pings posted and deleted during counted actions (not in ``per_action``)."""
    deal: int | None = None
    public_seen: set[str] = field(default_factory=set)
    """Cards the public view showed at some step of this deal: naming them later is no leak
    (a Paiute discard someone takes back into their hand was seen face up by everyone; a
    Palace banner reject PP-6 dealt into a palace was turned face up by PP-5)."""
    hidden_checked: int = 0
    """Hidden cards looked for, summed over the steps (a scan that found nothing to look for
    would prove nothing)."""
    face_down: Callable[[Session], Awaitable[set[str]]] | None = None
    """The game's face-down cards, from its stored state (beyond the views); those the public
    view showed earlier in the deal (``public_seen``) are known to all and not looked for."""

    def __post_init__(self) -> None:
        # a shared fake (sandbox.shared) logged the calls of the tests before this one
        self.seen_calls = max(self.seen_calls, self.session.first_call)

    async def step(self, label: str | None = None) -> list[Call]:
        """After one step: settle, then check what the bot sent since the last step.
        ``label`` counts the step as a player action (for the calls-per-action report)."""
        await self.session.fake.settle(quiet=0.02, within=3.0)
        calls = self.session.fake.log.calls[self.seen_calls :]
        self.seen_calls += len(calls)
        # the command tree synced at start is no message (its descriptions may hold a code)
        counted = [
            c
            for c in calls
            if not _is_dm(self.session, c) and not c.route.startswith("/applications/")
        ]
        deal = _deal(self.session)
        if deal != self.deal:  # cards come round again in a new deal
            self.deal, self.public_bodies, self.public_seen = deal, [], set()
            self.held = {}
        # a player's own update after their own move is an ephemeral followup: private, like
        # a DM, and reported apart from the calls per action
        own = [c for c in counted if c.route.startswith("/webhooks/") and _is_ephemeral(c)]
        self.private_followups += len(own) if label is not None else 0
        for call in counted:
            private = _is_ephemeral(call) or _updates_ephemeral(self.session, call)
            if call.body is not None and not private:
                self.public_bodies.append(json.dumps(call.body, ensure_ascii=False))
        if label is not None:
            pings = sum(1 for c in counted if is_ping(c))
            self.pings += pings
            self.per_action.append((label, len(counted) - pings - len(own)))
            self.channel_posts += sum(
                1
                for c in counted
                if c.method == "POST"
                and c.route == "/channels/{channel_id}/messages"
                and not is_ping(c)
            )
        if deal is not None:
            self.public_seen |= view_cards(status(self.session).view)
        hidden = hidden_now(self.session, self.players) - self.public_seen
        if self.face_down is not None:
            hidden |= await self.face_down(self.session) - self.public_seen
        self.hidden_checked += len(hidden)
        for body in self.public_bodies:
            leaked = cards_in(body, hidden)
            assert not leaked, f"hidden cards {leaked} in a public message: {body[:300]}"
        self._check_dms()
        return counted

    def _check_dms(self) -> None:
        for user, actor in self.players.items():
            dms = sorted([*actor.dms(), *actor.ephemerals()], key=lambda m: m.id)
            new = dms[self.dm_seen.get(user, 0) :]
            self.dm_seen[user] = len(dms)
            if not new:
                continue
            try:
                mine = view_cards(status(self.session, user).view)
            except TableError:
                mine = set()
            self.held.setdefault(user, set()).update(mine)
            for dm in new:
                said = "\n".join([dm.content, *texts(dm), *alt_texts(dm)])
                shown = cards_in(said, _all_codes())
                # a card once face up is no secret; a card once theirs is theirs to hear of
                theirs = mine | self.public_seen | self.held.get(user, set())
                assert shown <= theirs, f"{actor.name} got cards {shown - theirs} not theirs"
                self.dm_cards.setdefault(user, set()).update(shown)

    def private_cards_reached_their_owners(self) -> None:
        """Every card a player sees privately now reached them by DM."""
        public = view_cards(status(self.session).view)
        for user, actor in self.players.items():
            own = view_cards(status(self.session, user).view) - public
            missing = own - self.dm_cards.get(user, set())
            assert not missing, f"{actor.name} never got {missing} by DM or followup"

    def report(self) -> tuple[float, str]:
        """The average API calls per player action, and a table of them per kind."""
        total = sum(n for _, n in self.per_action)
        average = total / max(1, len(self.per_action))
        kinds: dict[str, list[int]] = {}
        for label, n in self.per_action:
            kinds.setdefault(label, []).append(n)
        lines = [
            f"API calls per player action (DMs and turn pings not counted): {average:.2f} over "
            f"{len(self.per_action)} actions; new channel messages: {self.channel_posts}; "
            f"turn ping calls: {self.pings}; own updates as followups: {self.private_followups}"
        ]
        for label, counts in sorted(kinds.items()):
            lines.append(f"  {label:24} x{len(counts):3}  avg {sum(counts) / len(counts):.2f}")
        return average, "\n".join(lines)


def _all_codes() -> list[str]:
    from games.cards import FULL_DECK

    return [c.code for c in FULL_DECK]
