"""The ``/palace`` commands: the table's options at ``open`` and every action of the rules
(``rules/palace-poker.md``, "Actions") as a slash command; the lobby comes from ``TableCog``.

Where a choice comes from the game (the soldiers to discard, whom to attack, how much to raise)
the option autocompletes from the player's own legal actions: what the engine lists is what is
offered, so a suggestion is always accepted. Soldiers are face up, so suggesting them reveals
nothing; palace cards are never a choice.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Literal

import discord
from discord import app_commands

from bot.exts.palace._ui import MENTIONS, PalaceUI
from bot.refusal import Refusal
from bot.table import Computers, Delay, TableCog, decode_choice, desk_of, refusals, where
from bot.text import Number, Text, msg
from bot.text.format import cards as card_faces
from games.actions import AmountField, CardsField
from games.cards import Card
from games.palace import ActionKind

Positive = app_commands.Range[int, 1, 1_000_000]
MAX_CHOICES = 25
"""Discord shows at most 25 autocomplete suggestions."""

_MENTION = re.compile(r"<@!?(\d+)>")
_SPLIT = re.compile(r"[\s,]+")


def parse_cards(text: str | None) -> list[str]:
    """``"Kd, 10h"`` -> ``["Kd", "10h"]``; empty (or "none") -> no card. Codes are checked by
    the engine against the player's soldiers; a malformed one is refused here, kindly."""
    if text is None or text.strip().lower() in ("", "none", "keep", "-"):
        return []
    found = []
    for token in _SPLIT.split(text.strip()):
        if not token:
            continue
        try:
            found.append(Card.parse(token).code)
        except ValueError:
            raise Refusal(msg("palace.cog.bad_card", card=token)) from None
    return found


def cards_choices(options: tuple[str, ...], typed: str, least: int = 0) -> list[str]:
    """Suggestions for a cards option: what was typed so far, extended by one more soldier,
    plus whole sets (all of them, the smallest legal sets) when nothing was typed."""
    tokens = [t for t in _SPLIT.split(typed.strip()) if t]
    chosen: list[str] = []
    for token in tokens:
        try:
            code = Card.parse(token).code
        except ValueError:
            break
        if code in options and code not in chosen:
            chosen.append(code)
    rest = [c for c in options if c not in chosen]
    suggestions: list[list[str]] = []
    if chosen:
        suggestions.append(chosen)
    suggestions += [[*chosen, c] for c in rest]
    if not chosen:
        suggestions += [list(combo) for combo in combinations(options, max(least, 2))]
        suggestions.append(list(options))
    if least == 0 and not chosen:
        suggestions.insert(0, [])
    seen: set[tuple[str, ...]] = set()
    out = []
    for s in suggestions:
        key = tuple(s)
        if key in seen or len(s) < least:
            continue
        seen.add(key)
        out.append(" ".join(s))
    return out[:MAX_CHOICES]


def _choice_name(codes: str) -> Text:
    return card_faces(codes.split()) or msg("palace.reply.keep_all")


def _discarded(chosen: list[str]) -> Text:
    return msg("palace.reply.discard", cards=_choice_name(" ".join(chosen)))


class PalaceCog(TableCog, group_name="palace", group_description="Play Palace Poker"):
    """Palace Poker tables."""

    ui = PalaceUI()

    @app_commands.command(name="open", description="Open a Palace Poker table in this channel")
    @app_commands.describe(
        small_bet="S: the price of a buy or a discard, and the battle stake unit",
        big_bet="B: a limit raise (default 2 × small bet)",
        ante="Paid by everyone each deal (default half the small bet)",
        betting="How big battle raises are",
        max_raises="Limit games: raises per battle (default 3)",
        announce_battle_hands="Name the winning hand of each battle to the table",
        turn_timeout="Seconds per turn",
        seats="How many players may sit (2-10)",
        buy_in="Sit down yourself with this many chips",
        computers="Computer players to seat at once (their chips come from the house)",
        computer_delay="Seconds a computer player waits before it acts (default 1.5)",
    )
    async def open(
        self,
        interaction: discord.Interaction,
        small_bet: Positive | None = None,
        big_bet: Positive | None = None,
        ante: Positive | None = None,
        betting: Literal["limit", "no-limit"] | None = None,
        max_raises: app_commands.Range[int, 0, 20] | None = None,
        announce_battle_hands: bool | None = None,
        turn_timeout: app_commands.Range[int, 5, 3600] | None = None,
        seats: app_commands.Range[int, 2, 10] | None = None,
        buy_in: Positive | None = None,
        computers: Computers | None = None,
        computer_delay: Delay | None = None,
    ) -> None:
        options = {
            "small_bet": small_bet,
            "big_bet": big_bet,
            "ante": ante,
            "betting": betting,
            "max_raises": max_raises,
            "announce_battle_hands": announce_battle_hands,
            "turn_timeout": turn_timeout,
        }
        await self.open_table(
            interaction,
            options,
            buy_in=buy_in,
            seats=seats,
            computers=computers,
            computer_delay=computer_delay,
        )

    # -- turn actions ------------------------------------------------------------------------

    @app_commands.command(name="buy", description="Pay the small bet for the top card")
    async def buy(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, ActionKind.BUY, msg("palace.reply.buy"))

    @app_commands.command(name="discard", description="Pay the small bet, discard soldiers")
    @app_commands.describe(
        cards="Soldiers to discard face down (pick from the list, or type card codes)"
    )
    async def discard(self, interaction: discord.Interaction, cards: str) -> None:
        chosen = parse_cards(cards)
        if not chosen:
            raise Refusal(msg("palace.cog.name_a_soldier"))
        await self.act(interaction, ActionKind.DISCARD, _discarded(chosen), cards=chosen)

    @app_commands.command(
        name="discard_soldiers", description="The free discard after a buy or a capture"
    )
    @app_commands.describe(cards="Soldiers to discard (leave empty to keep them all)")
    async def discard_soldiers(
        self, interaction: discord.Interaction, cards: str | None = None
    ) -> None:
        chosen = parse_cards(cards)
        await self.act(interaction, ActionKind.DISCARD_SOLDIERS, _discarded(chosen), cards=chosen)

    @app_commands.command(name="stay", description="Do nothing this turn")
    async def stay(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, ActionKind.STAY, msg("palace.reply.stay"))

    @app_commands.command(name="fold", description="Leave the hand (as a battler too)")
    async def fold(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, ActionKind.FOLD, msg("palace.reply.fold"))

    @app_commands.command(name="bet", description="Attack a player and bet your stake")
    @app_commands.describe(target="The player you attack (their banner suit must differ)")
    async def bet(self, interaction: discord.Interaction, target: str) -> None:
        pid = self._target(interaction, target)
        reply = msg("palace.reply.bet", target=MENTIONS.mention(pid))
        await self.act(interaction, ActionKind.BET, reply, target=pid)

    @app_commands.command(name="call", description="Battle: pay your stake and show down")
    async def call(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, ActionKind.CALL, msg("palace.reply.call"))

    @app_commands.command(name="raise", description="Battle: pay the call and raise")
    @app_commands.describe(amount="The raise on top of the call (limit: fixed)")
    async def raise_(self, interaction: discord.Interaction, amount: Positive) -> None:
        reply = msg("palace.reply.raise", amount=Number(amount))
        await self.act(interaction, ActionKind.RAISE, reply, amount=amount)

    # -- autocomplete --------------------------------------------------------------------------

    def _field(self, interaction: discord.Interaction, kind: str, name: str) -> object | None:
        """The field ``name`` of the user's legal ``kind`` action now, or ``None``."""
        try:
            self.here(interaction)  # not another game's table (a Paiute discard is no soldier)
            guild, channel = where(interaction)
            with refusals():
                legal = desk_of(interaction).service.legal_actions(
                    guild, channel, interaction.user.id
                )
        except Refusal:
            return None
        spec = next((s for s in legal if s.kind == kind), None)
        return spec.fields.get(name) if spec is not None else None

    async def _card_choices(
        self, interaction: discord.Interaction, kind: str, typed: str
    ) -> list[app_commands.Choice[str]]:
        field = self._field(interaction, kind, "cards")
        if not isinstance(field, CardsField):
            return []
        locale = await self.desk.reader(interaction)
        return [
            app_commands.Choice(
                name=self.desk.words(_choice_name(codes), locale)[:100], value=codes
            )
            for codes in cards_choices(field.options, typed, field.min_count)
        ]

    @discard.autocomplete("cards")
    async def _discard_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(interaction, ActionKind.DISCARD, current)

    @discard_soldiers.autocomplete("cards")
    async def _step_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(interaction, ActionKind.DISCARD_SOLDIERS, current)

    @bet.autocomplete("target")
    async def _targets(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal targets, by display name (``PalaceUI.choice_label``)."""
        return await self.suggest(interaction, ActionKind.BET, "target", current)

    @raise_.autocomplete("amount")
    async def _raise_amounts(
        self, interaction: discord.Interaction, current: int | str
    ) -> list[app_commands.Choice[int]]:
        field = self._field(interaction, ActionKind.RAISE, "amount")
        if not isinstance(field, AmountField):
            return []
        amounts = [field.min, (field.min + field.max) // 2, field.max]
        if str(current).isdecimal() and field.contains(int(current)):
            amounts.insert(0, int(current))
        unique = list(dict.fromkeys(amounts))
        locale = await self.desk.reader(interaction)
        return [
            app_commands.Choice(
                name=self.desk.words(msg("palace.choice.amount", amount=Number(a)), locale), value=a
            )
            for a in unique
        ]

    def _target(self, interaction: discord.Interaction, target: str) -> str:
        """A target as typed: an id (what autocomplete sends), a mention, or a display name."""
        text = target.strip()
        mention = _MENTION.fullmatch(text)
        if mention:
            return mention[1]
        if text.isdecimal():
            return text
        if text.startswith("cpu"):  # a computer player, as autocomplete sends it
            return decode_choice(text) or text
        wanted = text.removeprefix("@").lower()
        matches = [pid for pid, n in self.desk.names.items() if n.lower() == wanted]
        if len(matches) == 1:
            return matches[0]
        raise Refusal(msg("palace.cog.unknown_player", name=text))
