"""The table kit: what every game cog (``/palace``, ``/paiute``, ``/pontoon``) is built on.

How a game cog plugs in (see ``bot/exts/pontoon/`` for a complete one)::

    # bot/exts/mygame/_ui.py  (every text a catalog message: bot/locale/en/mygame.po)
    class MyGameUI(GameUI):
        game, command = "mygame", "mygame"        # game: the service's name
        title, rules = msg("mygame.title"), msg("mygame.rules")
        def public_fields(self, status):          # status.view is the PUBLIC view
            return [EmbedField(msg("mygame.pot"), chips(status.pot))]
        def private_text(self, status, user):     # status.view is THAT player's view
            return [msg("mygame.hand", cards=cards(status.view.hand))]
        def describe_event(self, event, names):   # a typed GameEvent; players via names
            return msg("mygame.event.fold", player=names.mention(event.player))

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

Inside the kit: the presenter (``_presenter``, ``_layout``) turns a status, its events and the
game's ``GameUI`` into a presentation model (``_model``), the renderer (``_render``) words it in
one language, the table messages (``_table_messages``) draw it in the table's format, chosen
once per table (``_formats``: the embed, ``_message_embed``, or Components V2 with its picture,
``_message_v2``, behind one interface, ``_message``), the publisher (``_publisher``) puts it
on Discord; a player's cards are ``_my_cards``' (the **My cards** reply) and ``_private``'s
(each step's updates), the turn pings ``_pings``'; ``_names`` keeps the display names; the
table service's events reach the desk (``_desk``) through ``bot.table_events``.

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
  anything else → slash command only), whose custom ids carry ``(table, deal, counter)``: a
  click is routed by its id (``on_interaction``), so it works after a restart and discord.py
  keeps no view;
- a player's own private update in the answer to their own move (a slash command's ephemeral
  answer, or an ephemeral followup of a click, with their card choices); private events that
  reach a player outside their own move (the deal, another player's move) as an ephemeral
  followup of their latest fresh interaction at the table, else by DM (``_private``), then
  the player's :meth:`GameUI.private_text`; a one-time channel note for closed DMs;
- the table message kept inside Discord's rate limits: a click is answered with the table
  (UPDATE_MESSAGE), other updates coalesce into one edit of the latest state per free slot of
  the channel's budget (through the latest click's token while it is fresh: exempt from the
  global limit), failed edits are retried until the message shows the latest state;
- the table service's listener (timeouts, resumes, closes), refusals through the reporter.
"""

from bot.table._cog import Computers, Delay, TableCog
from bot.table._components import run_action, show_hand
from bot.table._context import desk_of, refusals, where
from bot.table._desk import Desk
from bot.table._fresh import FRESH_S
from bot.table._ids import BUTTON, SELECT, Key, Lobby, decode_choice, encode_choice
from bot.table._layout_v2 import labels as picture_labels
from bot.table._model import PrivateModel, TableModel
from bot.table._names import TableNames
from bot.table._presenter import close_reason
from bot.table._ui import EmbedField, GameUI

__all__ = [
    "BUTTON",
    "FRESH_S",
    "SELECT",
    "Computers",
    "Delay",
    "Desk",
    "EmbedField",
    "GameUI",
    "Key",
    "Lobby",
    "PrivateModel",
    "TableCog",
    "TableModel",
    "TableNames",
    "close_reason",
    "decode_choice",
    "desk_of",
    "encode_choice",
    "picture_labels",
    "refusals",
    "run_action",
    "show_hand",
    "where",
]
