"""``/replay``: a finished deal step by step, ephemeral to its reader: the table picture at
each step, what happened and the rule that applied it, and the reader's own cards, with
⏮ ◀ ▶ ⏭ buttons. Everything comes from the deal's stored record
(:func:`services.histories.replay_step`), so the buttons work after a restart, and a click
shows the clicker's own view of the deal (or a refusal if they did not play it)."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any, Self

import discord

from bot.client import parlour
from bot.errors import reported
from bot.exts.history._rules import rule_line, rules_of
from bot.pictures import NoPicture, Picture, Public, draw, table_scene
from bot.refusal import Refusal
from bot.table import GameUI, TableNames, picture_labels
from bot.text import Catalog, Number, Text, catalog, msg
from bot.text.format import chips
from games.fairness import short
from services.histories import DealNotYours, HistoryService, NoReplay, ReplayStep
from services.tables import SeatStatus, TableStatus

COLOUR = discord.Colour.dark_teal()
TEMPLATE = r"parlour:replay:(?P<deal>\d{1,16}):(?P<step>\d{1,5}):(?P<slot>[0-3])"
"""A step button's custom id: the deal, the step it shows and which of the four buttons it is
(Discord refuses two components with one id: first and previous may lead to one step)."""
MAX_TEXT = 4000


def status_of(step: ReplayStep, view: Any) -> TableStatus:
    """The step as a table status the game's presenter reads (``view``: the public view or
    the reader's own)."""
    seats = tuple(
        SeatStatus(
            user_id=step.user_ids[pid],
            stack=step.stacks.get(pid, 0),
            seated=True,
            in_deal=True,
            away=False,
        )
        for pid in step.players
    )
    return TableStatus(
        table_id=step.table_id,
        guild_id=0,
        channel_id=0,
        game=step.game,
        title="",
        host_id=None,
        message_id=None,
        deal_number=step.deal_number,
        action_counter=step.index,
        deal_open=step.index < step.last,
        phase=None,
        to_act=None,
        deadline=None,
        pot=step.pot,
        kitty=0,
        seats=seats,
        max_seats=len(seats),
        min_buy_in=0,
        max_buy_in=0,
        options={},
        view=view,
    )


def happened(ui: GameUI, step: ReplayStep, names: TableNames) -> list[Text]:
    """What the step did, as the table's log and the reader's DMs said it."""
    lines: list[Text] = []
    for event in step.events:
        line = (
            ui.describe_event(event, names)
            if event.to is None
            else ui.describe_private(event, names)
        )
        if line and line not in lines:
            lines.append(line)
    return lines


def describe(ui: GameUI, step: ReplayStep, names: TableNames) -> list[Text]:
    """The step's words: which step, what happened, the rules, the seats and the reader's cards."""
    if step.index == 0:
        head: Text = msg("replay.dealt")
    else:
        head = msg("replay.acted", player=names.mention(step.player))
    lines: list[Text] = [head, *happened(ui, step, names)]
    rules = [rule_line(rule) for rule in rules_of(step.game, step.events)]
    if rules:
        lines += ["", *rules]
    public = status_of(step, step.table)
    seats: list[Text] = []
    for pid in step.players:
        stack = chips(step.stacks.get(pid, 0))
        seat: Text = msg("replay.seat", player=names.mention(pid), stack=stack)
        detail = ui.seat_detail(public, pid, names)
        seats.append(seat if detail is None else msg("table.seat.detail", line=seat, detail=detail))
    lines += ["", msg("replay.seats"), *seats]
    mine = ui.private_text(status_of(step, step.mine), step.user_ids[step.reader])
    lines += ["", msg("replay.mine"), *(mine if isinstance(mine, list) else [mine])]
    return lines


def embed(say: Catalog, ui: GameUI, step: ReplayStep, names: TableNames) -> discord.Embed:
    """The step as an embed in the reader's language."""
    shown = discord.Embed(
        title=say.text(msg("replay.title", number=step.deal_id, game=ui.title)),
        colour=COLOUR,
        description=say.join(describe(ui, step, names), "\n")[:MAX_TEXT],
    )
    footer: Text = msg("replay.footer", step=Number(step.index), last=Number(step.last))
    if step.fingerprint:
        footer = msg("replay.footer.deck", line=footer, fingerprint=short(step.fingerprint))
    shown.set_footer(text=say.text(footer))
    return shown


class StepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """⏮ ◀ ▶ ⏭ of a replay: shows step ``step`` of deal ``deal`` to the clicker."""

    def __init__(
        self, deal: int, step: int, slot: int, *, label: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=f"parlour:replay:{deal}:{step}:{slot}",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.deal, self.step = deal, step

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        """Rebuild the button from its custom id (after a restart, too)."""
        label = getattr(item, "label", None) or "?"
        return cls(int(match["deal"]), int(match["step"]), int(match["slot"]), label=str(label))

    @reported
    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the step, editing the replay in place (one call)."""
        await show(interaction, self.deal, self.step, edit=True)


BUTTONS = ("⏮", "◀", "▶", "⏭")


def stepper(step: ReplayStep) -> discord.ui.View:
    """The four step buttons (first, previous, next, last); one that leads nowhere (or where
    the step already is) is disabled."""
    view = discord.ui.View(timeout=None)
    targets = (0, step.index - 1, step.index + 1, step.last)
    for slot, (label, target) in enumerate(zip(BUTTONS, targets, strict=True)):
        shown = max(0, min(target, step.last))
        off = shown == step.index
        view.add_item(StepButton(step.deal_id, shown, slot, label=label, disabled=off))
    return view


async def picture(step: ReplayStep, say: Catalog, names: dict[str, str]) -> Picture | None:
    """The table picture after the step (the public view only), drawn off the event loop."""
    words = picture_labels(say.locale)
    try:
        return await asyncio.to_thread(
            lambda: draw(table_scene(Public(step.table), names, words))  # type: ignore[arg-type]
        )
    except NoPicture:
        return None


async def show(interaction: discord.Interaction, deal: int, index: int, *, edit: bool) -> None:
    """Answer with step ``index`` of ``deal`` as the interaction's user saw it: a new
    ephemeral message (``/replay``) or an edit of the replay whose button was clicked."""
    guild = interaction.guild_id
    if guild is None:
        raise Refusal(msg("replay.refusal.in_server"))
    bot = parlour(interaction)
    say = catalog(await bot.languages.reader(interaction))
    try:
        step = await HistoryService(bot.db).replay(guild, str(interaction.user.id), deal, index)
    except DealNotYours:
        raise Refusal(msg("history.refusal.not_yours", number=deal)) from None
    except NoReplay:
        raise Refusal(msg("replay.refusal.none", number=deal)) from None
    ui = bot.desk.ui(step.game)
    names = TableNames(bot.desk.names, step.players)
    shown = embed(say, ui, step, names)
    drawn = await picture(step, say, bot.desk.names) if await bot.desk.images(guild) else None
    files: list[discord.File] = []
    if drawn is not None:
        name = f"replay-{drawn.digest[:12]}.{drawn.format}"
        shown.set_image(url=f"attachment://{name}")
        files.append(discord.File(io.BytesIO(drawn.data), filename=name))
    view = stepper(step)
    if edit:
        await interaction.response.edit_message(embed=shown, attachments=files, view=view)
    else:
        await interaction.response.send_message(embed=shown, files=files, view=view, ephemeral=True)


async def show_table_deal(
    interaction: discord.Interaction, table_id: int, deal_number: int
) -> None:
    """**Replay** on a table message: the table's deal ``deal_number``, from its first step."""
    guild = interaction.guild_id
    if guild is None:
        raise Refusal(msg("replay.refusal.in_server"))
    try:
        deal = await HistoryService(parlour(interaction).db).deal_of_table(
            guild, table_id, deal_number
        )
    except DealNotYours:
        raise Refusal(msg("replay.refusal.no_record", deal=deal_number)) from None
    await show(interaction, deal, 0, edit=False)
