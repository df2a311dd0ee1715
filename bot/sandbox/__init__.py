"""A fake Discord on loopback for end-to-end tests and the local sandbox.

The real, unmodified discord.py talks to it over HTTP and a websocket on 127.0.0.1. Start with
``harness.open_session`` (a fake, the standard world and a ready bot), act through
``actors.Actor``, read what users saw through ``log``; ``runner`` is ``python -m bot`` without a
token.
"""

from bot.sandbox.actors import Actor
from bot.sandbox.fake import FakeDiscord
from bot.sandbox.harness import Session, open_session
from bot.sandbox.interactions import CallbackType, Interaction, InvalidInjection
from bot.sandbox.state import Channel, Guild, Message, User

__all__ = [
    "Actor",
    "CallbackType",
    "Channel",
    "FakeDiscord",
    "Guild",
    "Interaction",
    "InvalidInjection",
    "Message",
    "Session",
    "User",
    "open_session",
]
