"""Logging for operators: one line per record, with the interaction it happened in.

``interaction_context(interaction)`` stores who did what (guild, channel, user, command or
custom_id) in a context variable; discord.py handles each interaction in its own task, so every
record logged while handling it carries that context without passing it around.
"""

from __future__ import annotations

import contextvars
import logging
import sys
from typing import Any

import discord

_context: contextvars.ContextVar[str] = contextvars.ContextVar("parlour_log_context", default="")

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s%(context)s"


def describe(interaction: discord.Interaction) -> str:
    """``guild=.. channel=.. user=.. cmd=/balance`` (or ``item=<custom_id>``)."""
    parts = [
        f"guild={interaction.guild_id}",
        f"channel={interaction.channel_id}",
        f"user={interaction.user.id}",
    ]
    if interaction.command is not None:
        parts.append(f"cmd=/{interaction.command.qualified_name}")
    else:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        if custom_id is not None:
            parts.append(f"item={custom_id}")
    return " ".join(parts)


def interaction_context(interaction: discord.Interaction) -> None:
    """Tag every record logged from now on in this task with the interaction."""
    _context.set(describe(interaction))


class ContextFilter(logging.Filter):
    """Adds ``record.context`` (" [guild=.. user=..]" or "") for the formatter."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Always keeps the record; only decorates it."""
        context = _context.get()
        record.context = f" [{context}]" if context else ""
        return True


class OneLineFormatter(logging.Formatter):
    """A record and its traceback on one line (newlines escaped), so one grep finds both."""

    def format(self, record: logging.LogRecord) -> str:
        """Format as usual, then fold the lines."""
        if not hasattr(record, "context"):
            record.context = ""
        return super().format(record).replace("\n", " \\n ")


def _not_about_voice(record: logging.LogRecord) -> bool:
    """Parlour has no voice: discord.py's "PyNaCl is not installed" warnings are noise."""
    return "voice will NOT be supported" not in record.getMessage()


def setup_logging(level: str = "INFO") -> None:
    """Send every record at ``level`` or above to stderr, one line each."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLineFormatter(FORMAT))
    handler.addFilter(ContextFilter())
    handler.addFilter(_not_about_voice)
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h.formatter, OneLineFormatter)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    # discord.py's gateway chatter is noise at INFO for an operator.
    logging.getLogger("discord.gateway").setLevel(max(logging.getLevelName(level), logging.WARNING))
