"""The table kit: what every game cog (``/palace``, ``/paiute``, ``/pontoon``) is built on.

How a game cog plugs in (see ``bot/exts/pontoon/`` for a complete one)::

    # bot/exts/mygame/_ui.py
    class MyGameUI(GameUI):
        game, title, command = "mygame", "My Game", "mygame"   # game: the service's name
        rules = "..."
        def public_fields(self, status):          # status.view is the PUBLIC view
            return [EmbedField("Pot", str(status.pot))]
        def private_text(self, status, user):     # status.view is THAT player's view
            return "Your cards: " + cards(status.view.hand)

    # bot/exts/mygame/_cog.py
    class MyGame(TableCog, group_name="mygame", group_description="Play My Game"):
        ui = MyGameUI()

        @app_commands.command(name="open", description="Open a table here")
        async def open(self, interaction, stake: int | None = None, buy_in: int | None = None):
            await self.open_table(interaction, {"stake": stake}, buy_in=buy_in)

        @app_commands.command(name="fold", description="Give up the hand")
        async def fold(self, interaction):
            await self.act(interaction, "fold")

    # bot/exts/mygame/__init__.py
    async def setup(bot): await bot.add_cog(MyGame(bot))

The extension is found by ``bot.client`` (every ``bot/exts/<name>`` package not starting with
``_``); nothing else to register. What the kit does for the cog:

- ``join`` / ``leave`` / ``start`` / ``close`` / ``status`` / ``rules`` / ``hand`` / ``back``
  subcommands (inherited from :class:`TableCog`);
- the one table message (``Desk.publish``), edited in place and posted again if deleted: seats,
  stacks, whose turn, the deadline as ``<t:…:R>``, the latest public events, then the game's
  :meth:`GameUI.public_fields`;
- buttons for the legal actions of the player to act, from the engine's ``ActionSpec``s
  (no field → a button; one amount → a button opening a modal with the bounds; one choice →
  a button per option or a select; card choices → a select in the **My cards** reply only;
  anything else → slash command only), persistent ``DynamicItem``s whose custom ids carry
  ``(table, deal, counter)``;
- DMs of private events (then the player's :meth:`GameUI.private_text`), a one-time channel
  note for closed DMs;
- the table service's listener (timeouts, resumes, closes), refusals through the reporter.
"""

from bot.table._cog import TableCog
from bot.table._components import (
    TableButton,
    TableSelect,
    run_action,
    show_hand,
)
from bot.table._context import desk_of, refusals, where
from bot.table._desk import Desk
from bot.table._ids import Key, Lobby
from bot.table._model import PrivateModel, TableModel
from bot.table._names import TableNames
from bot.table._ui import EmbedField, GameUI, card, cards, mention, with_mentions

__all__ = [
    "Desk",
    "EmbedField",
    "GameUI",
    "Key",
    "Lobby",
    "PrivateModel",
    "TableButton",
    "TableCog",
    "TableModel",
    "TableNames",
    "TableSelect",
    "card",
    "cards",
    "desk_of",
    "mention",
    "refusals",
    "run_action",
    "show_hand",
    "where",
    "with_mentions",
]
