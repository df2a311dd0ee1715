"""A fake Discord on loopback for end-to-end tests and the local sandbox.

The real, unmodified discord.py talks to it over HTTP and a websocket on 127.0.0.1. Start with
``harness.open_session`` (a fake, the standard world and a ready bot), act through
``actors.Actor``, read what users saw through ``log``; ``runner`` is ``python -m bot`` without a
token.
"""

from sandbox.actors import Actor
from sandbox.fake import FakeDiscord
from sandbox.guilds import Channel, Guild, User
from sandbox.harness import Session, open_session
from sandbox.interactions import CallbackType, Interaction, InvalidInjection
from sandbox.messages import Message

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
