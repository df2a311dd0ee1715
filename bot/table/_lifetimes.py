"""How long the bot holds on to the views it sends.

Every component of a table (the table message's and the **My cards** reply's) is a
``DynamicItem``: discord.py finds its callback from the custom id's pattern, not from the view
the message was sent with. But discord.py keeps each view sent in an ephemeral reply, with a
sleeping timeout task, for 15 minutes (what it assumes an ephemeral message lives): a busy bot
held thousands of them, and the garbage collector walked them all on every full collection.
So a private reply lets go of its view as soon as it is sent; its selects keep working.
"""

from __future__ import annotations

from typing import Any

import discord


async def send_private(interaction: discord.Interaction, answer: dict[str, Any]) -> None:
    """Answer ``interaction`` ephemerally with ``answer`` (a send's keyword arguments), then
    stop its view."""
    await interaction.response.send_message(**answer, ephemeral=True)
    view = answer.get("view")
    if isinstance(view, discord.ui.View | discord.ui.LayoutView):
        view.stop()
