"""Users to act as: ``await alice.slash("pontoon open", min_bet=10)``, ``await bob.click(msg,
"Join")``, ``alice.dms()``. An actor is a user plus the channel it acts in by default."""

from __future__ import annotations

from collections.abc import Mapping

from sandbox import log
from sandbox.fake import WAIT_S, FakeDiscord
from sandbox.guilds import Channel, User
from sandbox.interactions import Interaction, OptionValue
from sandbox.log import ChangeKind
from sandbox.messages import Message


class Actor:
    """A human user of the fake Discord, acting in ``channel`` unless told otherwise."""

    def __init__(self, fake: FakeDiscord, user: User, channel: Channel) -> None:
        self.fake = fake
        self.user = user
        self.channel = channel
        self._dm_cursor = 0  # activity position after the last DM next_dm returned
        self._private_cursor = 0  # the same for next_private

    def __repr__(self) -> str:
        return f"Actor({self.user.name})"

    @property
    def name(self) -> str:
        """The user's name."""
        return self.user.name

    @property
    def id(self) -> int:
        """The user's id (what the bot stores)."""
        return self.user.id

    @property
    def mention(self) -> str:
        """``<@id>``, as the bot writes it."""
        return self.user.mention

    @property
    def dm_channel(self) -> Channel:
        """This user's DM channel with the bot."""
        return self.fake.world.dm_channel(self.user)

    # ------------------------------------------------------------------ acting

    async def slash(
        self,
        command: str,
        /,
        *,
        in_channel: Channel | None = None,
        in_dm: bool = False,
        options: Mapping[str, OptionValue | Actor] | None = None,
        wait: bool = True,
        within: float = WAIT_S,
        **kwargs: OptionValue | Actor,
    ) -> Interaction:
        """Run ``/command`` ("pontoon open" for a subcommand) with options as keyword arguments
        (an ``Actor`` stands for its user). Waits for the bot's answer unless ``wait=False``."""
        channel = self.dm_channel if in_dm else in_channel or self.channel
        values = {k: _value(v) for k, v in {**(options or {}), **kwargs}.items()}
        return await self.fake.slash(self.user, command, channel, values, wait=wait, within=within)

    async def autocomplete(
        self, command: str, /, focused: str, **options: OptionValue | Actor
    ) -> list[str | int | float]:
        """Type into option ``focused`` of ``/command``; the bot's suggested values."""
        values = {k: _value(v) for k, v in options.items()}
        return await self.fake.autocomplete(self.user, command, self.channel, focused, values)

    async def click(
        self, message: Message, button: str, *, wait: bool = True, within: float = WAIT_S
    ) -> Interaction:
        """Click the button labelled (or with custom_id) ``button`` on ``message``."""
        return await self.fake.use_component(self.user, message, button, wait=wait, within=within)

    async def select(
        self,
        message: Message,
        menu: str,
        *values: str,
        wait: bool = True,
        within: float = WAIT_S,
    ) -> Interaction:
        """Pick ``values`` in the select menu ``menu`` (custom_id or placeholder)."""
        return await self.fake.use_component(
            self.user, message, menu, list(values), wait=wait, within=within
        )

    async def submit(
        self, opened_by: Interaction, answers: Mapping[str, str] | None = None, /, **fields: str
    ) -> Interaction:
        """Fill in the modal the bot opened for ``opened_by`` (text input custom_id or label
        -> text, as a mapping or keywords) and submit it; waits for the bot's answer."""
        return await self.fake.submit_modal(self.user, opened_by, {**(answers or {}), **fields})

    async def say(self, content: str, *, in_channel: Channel | None = None) -> Message:
        """Write a message in the channel (the bot receives MESSAGE_CREATE)."""
        return await self.fake.post_as(self.user, in_channel or self.channel, content)

    async def reply_by_dm(self, content: str) -> Message:
        """Write to the bot in this user's DM channel."""
        return await self.fake.post_as(self.user, self.dm_channel, content)

    # ------------------------------------------------------------------ seeing

    def dms(self) -> list[Message]:
        """The DM conversation with the bot, as it is now."""
        return log.dms(self.fake.world, self.user)

    def ephemerals(self) -> list[Message]:
        """The ephemeral replies only this user saw."""
        return log.ephemerals(self.fake.world, self.user)

    def sees(self) -> list[Message]:
        """Everything this user can see now, in order."""
        return log.seen_by(self.fake.world, self.user)

    async def next_dm(self, within: float = WAIT_S) -> Message:
        """The bot's next DM to this user that ``next_dm`` has not returned yet (waiting for
        it if need be), so a DM sent before the call is not missed."""
        change = await self.fake.activity.wait_for(
            lambda c: (
                c.kind is ChangeKind.CREATED
                and c.message is not None
                and c.message.channel.recipient is self.user
                and c.message.author.bot
            ),
            after=self._dm_cursor,
            within=within,
        )
        self._dm_cursor = change.seq + 1
        if change.message is None:  # the predicate only matches changes with a message
            raise RuntimeError("unreachable: a DM change without a message")
        return change.message

    def _followed(self, message: Message) -> bool:
        """Whether ``message`` is an ephemeral followup of one of this user's interactions
        (not the answer itself)."""
        if message.visible_to is not self.user or message.interaction_id is None:
            return False
        for interaction in self.fake.interactions.by_token.values():
            if interaction.id == message.interaction_id:
                return any(m is message for m in interaction.followups)
        return False

    async def next_private(self, within: float = WAIT_S) -> Message:
        """The bot's next private update to this user outside an answer to them: a DM, or an
        ephemeral followup of one of their interactions (the bot sends a player's new cards on
        their latest fresh interaction instead of a DM). Like ``next_dm``, nothing sent before
        the call is missed, and nothing is returned twice."""
        change = await self.fake.activity.wait_for(
            lambda c: (
                c.kind is ChangeKind.CREATED
                and c.message is not None
                and c.message.author.bot
                and (c.message.channel.recipient is self.user or self._followed(c.message))
            ),
            after=self._private_cursor,
            within=within,
        )
        self._private_cursor = change.seq + 1
        if change.message is None:
            raise RuntimeError("unreachable: a private change without a message")
        return change.message


def _value(value: OptionValue | Actor) -> OptionValue:
    return value.user if isinstance(value, Actor) else value
