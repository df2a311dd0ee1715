"""The terminal client: runs lines of the terminal language against a running session and
prints what the users saw as a result (channel messages, DMs, ephemeral replies, modals) and
any error the bot logged."""

from __future__ import annotations

import asyncio
import time
from typing import TextIO

import discord

from sandbox.actors import Actor
from sandbox.flags import MANAGE_GUILD
from sandbox.harness import Session
from sandbox.interactions import Interaction, InvalidInjection, OptionType, OptionValue
from sandbox.log import BotErrors, Change, ChangeKind, channel_messages
from sandbox.messages import Message
from sandbox.terminal import (
    HELP,
    Line,
    LineError,
    Verb,
    humanize,
    modal_answers,
    parse_line,
    render_message,
    render_modal,
    where,
)
from sandbox.wire import JSON

SETTLE_QUIET = 0.1  # the bot counts as done after this long without a call or change


def discord_locale(given: str) -> str:
    """A locale Discord's clients send (``en`` -> ``en-US``); raises ``LineError`` otherwise."""
    known = {str(x.value).lower(): str(x.value) for x in discord.Locale}
    found = known.get(given.lower()) or known.get(f"{given.lower()}-us")
    if found is None:
        choices = ", ".join(known.values())
        raise LineError(f"{given!r} is not a Discord locale; try one of: {choices}")
    return found


class TerminalClient:
    """Plays lines as the session's users and writes the transcript to ``out``."""

    def __init__(self, session: Session, out: TextIO, errors: BotErrors) -> None:
        self.session = session
        self.out = out
        self.errors = errors
        self._errors_shown = 0
        self._seen = session.fake.activity.mark()
        """The bot's changes printed so far (a line's, or the watcher's)."""
        self._busy = False

    def write(self, *lines: str) -> None:
        """Print transcript lines, with mentions and timestamps as people read them."""
        world = self.session.fake.world
        users = {uid: user.name for uid, user in world.users.items()}
        channels = {cid: channel.name for cid, channel in world.channels.items()}
        now = time.time()
        for line in lines:
            self.out.write(humanize(line, users, channels, now) + "\n")
        self.out.flush()

    def banner(self) -> None:
        """The first lines of a session."""
        s = self.session
        self.write(
            f"Parlour sandbox: guild {s.guild.name!r}, channels "
            + ", ".join(f"#{c.name}" for c in s.guild.channels)
            + f"; you are {', '.join(s.actors)}. Type 'help' for the commands."
        )
        actors = s.actors.values()
        admins = [a.name for a in actors if s.guild.permissions_of(a.user) & MANAGE_GUILD]
        if admins:
            self.write(
                f"{', '.join(admins)} may manage the server (/admin); the others are plain members."
            )

    async def run(self, raw: str) -> bool:
        """Run one line and print its effects; False when the line was ``quit``."""
        try:
            line = parse_line(raw)
        except LineError as error:
            self.write(f"!! {error}")
            return True
        if line.verb is Verb.QUIT:
            return False
        mark = self._seen  # with anything the bot did by itself since the last line
        self._busy = True
        try:
            await self._do(line)
        except (InvalidInjection, LineError, LookupError) as error:
            self.write(f"!! {error}")
        except TimeoutError as error:
            self.write(f"!! {error}")
        await self.session.fake.settle(quiet=SETTLE_QUIET)
        self._seen = self.session.fake.activity.mark()
        self._busy = False
        self._show_changes(mark)
        self._show_errors()
        return True

    def busy(self) -> bool:
        """Whether a typed line is running (its output comes with it)."""
        return self._busy

    async def watch(self, every: float = 0.5) -> None:
        """Print what the bot does by itself between lines (a turn timer running out, a
        computer player's move) as it happens, for the interactive terminal."""
        activity = self.session.fake.activity
        while True:
            await asyncio.sleep(every)
            if self._busy or activity.mark() == self._seen:
                continue
            await self.session.fake.settle(quiet=SETTLE_QUIET)
            if self.busy():  # a line started meanwhile: it prints these changes
                continue
            mark, self._seen = self._seen, activity.mark()
            self._show_changes(mark)
            self._show_errors()

    async def _do(self, line: Line) -> None:
        s = self.session
        if line.verb is Verb.NOTHING:
            return
        if line.verb is Verb.HELP:
            self.write(HELP)
        elif line.verb is Verb.USERS:
            self.write("users: " + ", ".join(s.actors))
        elif line.verb is Verb.SHOW_CHANNEL:
            shown = channel_messages(s.fake.world, s.channel.id)
            for message in shown or []:
                self.write(*render_message(message, where(message)))
            if not shown:
                self.write(f"(#{s.channel.name} is empty)")
        elif line.verb is Verb.SHOW_DMS:
            dms = self._actor(line.user).dms()
            for message in dms:
                self.write(*render_message(message, where(message)))
            if not dms:
                self.write(f"(no DMs with {line.user})")
        elif line.verb is Verb.WAIT:
            await asyncio.sleep(float(line.words[0]))
        elif line.verb is Verb.USE:
            channel = s.channel_named(line.words[0])
            s.channel = channel
            for actor in s.actors.values():
                actor.channel = channel
            self.write(f"everyone acts in #{channel.name} now")
        elif line.verb is Verb.LOCALE:
            actor = self._actor(line.user)
            actor.user.locale = discord_locale(line.words[0])
            self.write(f"{actor.name}'s Discord speaks {actor.user.locale}")
        else:
            await self._act(self._actor(line.user), line)

    def _actor(self, name: str) -> Actor:
        actor = self.session.actors.get(name.lower().lstrip("@"))
        if actor is None:
            raise LineError(f"no user {name!r}; users: {', '.join(self.session.actors)}")
        return actor

    async def _act(self, actor: Actor, line: Line) -> None:
        if line.verb is Verb.SLASH:
            command = " ".join(line.words)
            options = self._typed_options(command, line.options)
            await actor.slash(command, options=options)
        elif line.verb is Verb.CLICK:
            label = " ".join(line.words)
            await actor.click(self._latest_with(actor, label), label)
        elif line.verb is Verb.SELECT:
            menu, *values = line.words
            await actor.select(self._latest_with(actor, menu), menu, *values)
        elif line.verb is Verb.SUBMIT:
            opened = next(
                (
                    i
                    for i in reversed(list(self.session.fake.interactions.by_token.values()))
                    if i.user is actor.user and i.modal is not None
                ),
                None,
            )
            if opened is None:
                raise LineError(f"the bot has not opened a modal for {actor.name}")
            assert opened.modal is not None  # noqa: S101 - found by its modal
            await actor.submit(opened, modal_answers(opened.modal, line.options))
        elif line.verb is Verb.SAY:
            await actor.say(line.text)
        elif line.verb is Verb.DM:
            await actor.reply_by_dm(line.text)

    def _latest_with(self, actor: Actor, key: str) -> Message:
        """The newest message ``actor`` can see that has a component called ``key``."""
        for message in reversed(actor.sees()):
            try:
                message.component(key)
            except LookupError:
                continue
            return message
        raise LineError(f"{actor.name} sees no message with {key!r}")

    def _typed_options(self, command: str, raw: dict[str, str]) -> dict[str, OptionValue]:
        """Turn ``name:value`` text into the types the synced command declares."""
        specs = self._option_specs(command)
        typed: dict[str, OptionValue] = {}
        for name, text in raw.items():
            kind = specs.get(name, {}).get("type")
            typed[name] = self._convert(kind, text)
        return typed

    def _convert(self, kind: int | None, text: str) -> OptionValue:
        world = self.session.fake.world
        try:
            if kind == OptionType.INTEGER:
                return int(text)
            if kind == OptionType.NUMBER:
                return float(text)
        except ValueError:
            raise LineError(f"{text!r} is not a number") from None
        if kind == OptionType.BOOLEAN:
            return text.lower() in ("true", "yes", "1", "on")
        if kind == OptionType.USER:
            return world.user_named(text.lstrip("@"))
        if kind == OptionType.CHANNEL:
            return self.session.channel_named(text.lstrip("#"))
        return text

    def _option_specs(self, command: str) -> dict[str, JSON]:
        root, *path = command.split()
        spec = self.session.fake.world.synced_command(root, self.session.guild)
        options: list[JSON] = list(spec.get("options") or []) if spec else []
        for part in path:
            sub = next((o for o in options if o["name"] == part), None)
            options = list(sub.get("options") or []) if sub else []
        return {o["name"]: o for o in options}

    def _show_changes(self, mark: int) -> None:
        """Each message changed since ``mark``, once, as it is now."""
        changes = self.session.fake.activity.changes[mark:]
        first: dict[int, Change] = {}
        for change in changes:
            if change.kind is ChangeKind.MODAL:
                interaction = self._interaction(change.interaction_id)
                if interaction is not None and interaction.modal is not None:
                    self.write(*render_modal(interaction.modal, interaction.user.name))
            elif change.message is not None and change.kind is not ChangeKind.DEFERRED_UPDATE:
                first.setdefault(change.message.id, change)
        for change in first.values():
            message = change.message
            if message is None:
                continue
            note = {ChangeKind.EDITED: "edited", ChangeKind.DELETED: ""}.get(change.kind, "")
            self.write(*render_message(message, where(message), note=note))

    def _interaction(self, interaction_id: int | None) -> Interaction | None:
        for interaction in self.session.fake.interactions.by_token.values():
            if interaction.id == interaction_id:
                return interaction
        return None

    def _show_errors(self) -> None:
        records = self.errors.records
        for record in records[self._errors_shown :]:
            self.write(f"!! bot error: {BotErrors.describe(record)}")
        self._errors_shown = len(records)
