"""A test-only bot whose commands exercise every route, interaction type, limit and fault of the
fake. It is deliberately plain discord.py, written the way the real bot's cogs will be: it
recovers from the failures the fake injects (closed DMs, missing permission, deleted message)
and reports them to the user, which is what the fake's tests check."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.factory import BotConfig

FRUITS = ["apple", "apricot", "banana", "cherry", "grape"]


class ChallengeView(discord.ui.View):
    """Accept/Decline for one opponent; others get an ephemeral refusal."""

    def __init__(
        self, challenger: discord.User | discord.Member, opponent: discord.User | discord.Member
    ) -> None:
        super().__init__(timeout=60)
        self.challenger, self.opponent = challenger, opponent

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.opponent.id:
            await interaction.response.send_message("This is not for you.", ephemeral=True)
            return False
        return True

    @discord.ui.button(label="Accept", style=discord.ButtonStyle.success, custom_id="ch:accept")
    async def accept(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]):
        await interaction.response.edit_message(
            content=f"{self.opponent.mention} accepted!", view=None
        )
        for player in (self.challenger, self.opponent):
            await player.send("Your game starts now.")

    @discord.ui.button(label="Decline", style=discord.ButtonStyle.danger, custom_id="ch:decline")
    async def decline(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]):
        await interaction.response.edit_message(content="Declined.", view=None)

    @discord.ui.button(label="Closed", disabled=True, custom_id="ch:closed")
    async def closed(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]):
        await interaction.response.send_message("unreachable")


class PickView(discord.ui.View):
    """A select menu answered ephemerally; a button that defers and edits in place."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="pick:fruit",
        placeholder="Pick a fruit",
        options=[discord.SelectOption(label=f, value=f) for f in FRUITS],
        max_values=2,
    )
    async def fruit(self, interaction: discord.Interaction, select: discord.ui.Select[Any]):
        await interaction.response.send_message(
            f"You picked {', '.join(select.values)}", ephemeral=True
        )

    @discord.ui.button(label="Refresh", custom_id="pick:refresh")
    async def refresh(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]):
        await interaction.response.defer()
        await interaction.edit_original_response(content="Refreshed.")

    @discord.ui.button(label="Feedback", custom_id="pick:feedback")
    async def feedback(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]):
        await interaction.response.send_modal(FeedbackModal())


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    """A modal with two text inputs."""

    topic: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Topic", custom_id="topic")
    body: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Details", custom_id="details", required=False, max_length=50
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Thanks: {self.topic.value} / {self.body.value or '-'}", ephemeral=True
        )


class TooManyRows(discord.ui.View):
    """A view rendering ``rows`` action rows (discord.py itself would refuse more than 5)."""

    def __init__(self, rows: int) -> None:
        super().__init__(timeout=5)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        button = {"type": 2, "style": 1, "label": "x"}
        return [
            {"type": 1, "components": [{**button, "custom_id": f"row{r}"}]}
            for r in range(self.rows)
        ]


class LongId(discord.ui.View):
    """A button whose custom_id is ``length`` characters long."""

    def __init__(self, length: int) -> None:
        super().__init__(timeout=5)
        self.add_item(discord.ui.Button(label="long", custom_id="x" * length))


class Probe(commands.Cog):
    """Commands named after what they exercise."""

    def __init__(self, bot: ProbeBot) -> None:
        self.bot = bot
        self.board: discord.Message | None = None

    game = app_commands.Group(name="game", description="A command group")

    @game.command(name="open", description="Open a game")
    @app_commands.describe(min_bet="Smallest bet")
    async def game_open(
        self,
        interaction: discord.Interaction,
        min_bet: app_commands.Range[int, 1, 100],
        rated: bool = False,
    ) -> None:
        await interaction.response.send_message(f"Game open, min bet {min_bet}, rated={rated}")

    @app_commands.command(name="echo", description="Repeat text")
    async def echo(self, interaction: discord.Interaction, text: str) -> None:
        try:
            await interaction.response.send_message(text)
        except discord.HTTPException as error:
            self.bot.recovered.append(error)
            await interaction.response.send_message("That was too long.", ephemeral=True)

    @app_commands.command(name="embeds", description="Post several embeds in the channel")
    async def embeds(self, interaction: discord.Interaction, count: int) -> None:
        # discord.py refuses more than 10 embeds itself, so this goes through the raw route.
        await interaction.response.send_message("posting", ephemeral=True)
        embeds = [{"title": f"#{i}"} for i in range(count)]
        route = discord.http.Route(
            "POST", "/channels/{channel_id}/messages", channel_id=interaction.channel_id
        )
        await self.bot.http.request(route, json={"embeds": embeds})

    @app_commands.command(name="rows", description="Send a message with many rows")
    async def rows(self, interaction: discord.Interaction, count: int) -> None:
        await interaction.response.send_message("rows", view=TooManyRows(count))

    @app_commands.command(name="longid", description="A button with a long custom_id")
    async def longid(self, interaction: discord.Interaction, length: int) -> None:
        await interaction.response.send_message("long", view=LongId(length))

    @app_commands.command(name="challenge", description="Challenge someone")
    async def challenge(
        self, interaction: discord.Interaction, opponent: discord.User, stakes: int = 10
    ) -> None:
        await interaction.response.send_message(
            f"{interaction.user.mention} challenges {opponent.mention} for {stakes}",
            view=ChallengeView(interaction.user, opponent),
        )

    @app_commands.command(name="pick", description="Pick a fruit")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Choose:", view=PickView(), ephemeral=True)

    @app_commands.command(name="feedback", description="Open a modal")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @app_commands.command(name="fruit", description="Autocomplete a fruit")
    async def fruit(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"fruit: {name}")

    @fruit.autocomplete("name")
    async def fruit_names(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f, value=f) for f in FRUITS if f.startswith(current)]

    @app_commands.command(name="think", description="Defer, then follow up")
    async def think(self, interaction: discord.Interaction, secret: bool = True) -> None:
        await interaction.response.defer(ephemeral=secret, thinking=True)
        await interaction.followup.send("Done thinking.", ephemeral=secret)
        await interaction.followup.send("And one more thing.", ephemeral=secret)

    @app_commands.command(name="original", description="Edit, read and delete the original")
    async def original(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        await interaction.edit_original_response(content="second")
        fetched = await interaction.original_response()
        await interaction.followup.send(f"it said {fetched.content}")
        await interaction.delete_original_response()

    @app_commands.command(name="slow", description="Answer after a while")
    async def slow(self, interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await interaction.response.send_message("finally")

    @app_commands.command(name="twice", description="Answer twice (a bug)")
    async def twice(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        await self.bot.http.request(
            discord.http.Route(
                "POST",
                "/interactions/{interaction_id}/{token}/callback",
                interaction_id=interaction.id,
                token=interaction.token,
            ),
            json={"type": 4, "data": {"content": "two"}},
        )

    @app_commands.command(name="dm", description="Send me a DM")
    async def dm(self, interaction: discord.Interaction, text: str) -> None:
        user = await self.bot.fetch_user(interaction.user.id)
        try:
            await user.send(text)
        except discord.Forbidden as error:
            self.bot.recovered.append(error)
            await interaction.response.send_message(
                f"{interaction.user.mention}, I cannot DM you: open your DMs."
            )
            return
        await interaction.response.send_message("Sent you a DM.", ephemeral=True)

    @app_commands.command(name="post", description="Post in this channel")
    async def post(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        try:
            self.board = await channel.send(text)
        except discord.Forbidden as error:
            self.bot.recovered.append(error)
            await interaction.followup.send("I lack permission here.", ephemeral=True)
            return
        await interaction.followup.send("Posted.", ephemeral=True)

    @app_commands.command(name="bump", description="Edit the last post, or repost it")
    async def bump(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True)
        assert self.board is not None
        try:
            fetched = await self.board.channel.fetch_message(self.board.id)
            self.board = await fetched.edit(content=text)
        except discord.NotFound as error:
            self.bot.recovered.append(error)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            self.board = await channel.send(text)
        await interaction.followup.send("Bumped.", ephemeral=True)

    @app_commands.command(name="cleanup", description="Delete the last post")
    async def cleanup(self, interaction: discord.Interaction) -> None:
        assert self.board is not None
        await self.board.delete()
        await interaction.response.send_message("Deleted.", ephemeral=True)

    @app_commands.command(name="where", description="Guild or DM?")
    async def where(self, interaction: discord.Interaction) -> None:
        kind = "dm" if interaction.guild is None else "guild"
        member = (
            await interaction.guild.fetch_member(interaction.user.id) if interaction.guild else None
        )
        await interaction.response.send_message(f"{kind} {member.name if member else ''}".strip())

    @app_commands.command(name="secret", description="Ask for a word by DM")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Check your DMs.", ephemeral=True)
        prompt = await interaction.user.send("Reply with your secret word.")
        reply = await self.bot.wait_for(
            "message",
            timeout=2,
            check=lambda m: (
                m.author.id == interaction.user.id and m.channel.id == prompt.channel.id
            ),
        )
        await interaction.followup.send(f"Got {len(reply.content)} letters.", ephemeral=True)


class ProbeBot(commands.Bot):
    """The test-only bot: the Probe cog, commands synced to the dev guild."""

    def __init__(self, config: BotConfig) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            guild_ready_timeout=config.guild_ready_timeout,
        )
        self.config = config
        self.recovered: list[discord.HTTPException] = []  # failures the cog handled
        self.removed_from: list[int] = []

    async def setup_hook(self) -> None:
        await self.add_cog(Probe(self))
        if self.config.dev_guild_id is not None:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        # /where is also a global command, so it can be used in DMs
        await self.tree.sync()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        self.removed_from.append(guild.id)


def build_probe_bot(config: BotConfig) -> commands.Bot:
    """``BotFactory`` for the fake's own tests."""
    return ProbeBot(config)
