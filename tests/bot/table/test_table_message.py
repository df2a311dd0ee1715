"""The table message and its two formats, unit by unit: the real ``Formats``, ``EmbedFormat``
and ``V2Format`` (drawing through the real ``Desk`` of a spec'd ``commands.Bot``) against
spec'd fakes of discord.py's channel, messages, webhooks and interactions: a table keeps the
format it was first given until its server turns pictures on or off, what each format sends
through each door, and the V2 picture going up only when it changed."""

from __future__ import annotations

import dataclasses
from typing import Any
from unittest.mock import NonCallableMock, create_autospec

import discord
from discord.ext import commands

from bot.exts.pontoon import PontoonUI
from bot.table._desk import Desk
from bot.table._formats import Formats
from bot.table._ids import Key
from bot.table._message import TableMessage
from bot.table._message_embed import EmbedFormat
from bot.table._message_v2 import V2Format
from bot.table._model import Button, Component
from bot.text import msg
from services.tables import Expected, ManualClock, TableStatus
from tests.bot.pictures.helpers import shoot_lost_by_b
from tests.bot.table.discord_fakes import MESSAGE, channel, refused, status, webhook


def desk() -> Desk:
    """The real desk of a bot that has only what ``commands.Bot`` has (no card styles: the
    default style; no economy: pictures off unless a test's ``Formats`` says otherwise)."""
    bot = NonCallableMock(spec=commands.Bot)
    made = Desk(bot, clock=ManualClock())
    made.register(PontoonUI())
    return made


class Server:
    """A server's ``images`` setting, as the desk's ``images`` answers it."""

    def __init__(self, images: bool) -> None:
        self.images = images
        self.asked = 0

    async def __call__(self, guild: int) -> bool:
        self.asked += 1
        return self.images


def pontoon(message_id: int | None = MESSAGE, viewer: str | None = None) -> TableStatus:
    """A finished Shoot Pontoon deal at table 7 (``viewer``: that player's private view)."""
    game = shoot_lost_by_b()
    return dataclasses.replace(
        status(None, message_id=message_id), game="pontoon", view=game.view(viewer)
    )


async def drawn(fmt: Any, now: TableStatus, on: Desk) -> TableMessage:
    message: TableMessage = await fmt.table(now, on.model(now, legal=[]), "en")
    return message


def written(mock: Any) -> list[list[str] | None]:
    """Per call: the files it attached (``[]``: cleared), or None (the ones shown kept)."""
    return [
        None if (files := call.kwargs.get("attachments")) is None else [f.filename for f in files]
        for call in mock.await_args_list
    ]


def interaction() -> Any:
    """A click on the table message: its response and its ``@original`` edit spec'd."""
    clicked = create_autospec(discord.Interaction, instance=True)
    clicked.response = create_autospec(discord.InteractionResponse, instance=True)
    return clicked


def addressed() -> Any:
    """A table channel whose ``get_partial_message`` gives one spec'd table message."""
    where = channel()
    where.get_partial_message.return_value = create_autospec(discord.PartialMessage, instance=True)
    return where


# -- the choice -------------------------------------------------------------------------------


async def test_a_table_keeps_the_format_it_was_first_given():
    on, server = desk(), Server(images=False)
    formats = Formats(on, server)
    first = await formats.of(status())
    assert not first.pictures
    assert await formats.of(status(counter=2)) is first  # the same object, step after step
    other = await formats.of(dataclasses.replace(status(), table_id=8))
    assert other is not first  # each table its own


async def test_turning_pictures_on_then_off_draws_v2_then_an_embed_that_replaces_it():
    on, server = desk(), Server(images=True)
    formats = Formats(on, server)
    now = pontoon()
    pictured = await formats.of(now)
    assert pictured.pictures
    where = addressed()
    await (await drawn(pictured, now, on)).write(where, None)  # message 99 is V2 now
    server.images = False
    text = await formats.of(now)
    assert not text.pictures
    embed = await drawn(text, now, on)
    assert not embed.fits()  # no token edit over a V2 message
    posted: list[int] = []

    async def tell(_: TableStatus, message_id: int) -> None:
        posted.append(message_id)

    await embed.write(where, tell)
    where.get_partial_message.return_value.delete.assert_awaited_once()
    assert where.send.call_args.kwargs["embed"].title  # the embed, as a new message
    assert posted == [555]
    assert embed.fits()  # replaced: nothing V2 left to keep off
    server.images = True
    assert (await formats.of(now)).pictures


async def test_a_closed_table_forgets_its_format():
    on, server = desk(), Server(images=False)
    formats = Formats(on, server)
    first = await formats.of(status())
    formats.forget(status().table_id)
    assert await formats.of(status()) is not first


async def test_a_closed_table_whose_message_is_v2_is_not_deleted_for_its_last_embed():
    on = desk()
    pictures = V2Format(on)
    now = pontoon()
    where = addressed()
    await (await drawn(pictures, now, on)).write(where, None)
    text = EmbedFormat(set(pictures.sent))
    await (await drawn(text, now, on)).write(where, None)  # closed: never posted again
    where.get_partial_message.return_value.delete.assert_not_called()
    where.send.assert_not_called()


# -- the embed format -------------------------------------------------------------------------


def select() -> tuple[Component, ...]:
    return (Button(Key(Expected(7, 1, 1), "hit"), msg("table.reply.done")),)


async def test_the_embed_hand_is_words_with_their_choices_and_its_edit_takes_them_away():
    fmt, now = EmbedFormat(), pontoon(viewer="b")
    assert await fmt.hand(now, "Your cards", "en") == {"content": "Your cards"}
    sent = await fmt.hand(now, "Your cards", "en", select())
    assert sent["content"] == "Your cards"
    assert isinstance(sent["view"], discord.ui.View)
    edited = await fmt.hand(now, "Now", "en", select(), edit=True)
    assert edited == {"content": "Now", "view": None}


async def test_an_embed_table_message_goes_through_every_door_as_the_embed():
    on = desk()
    message = await drawn(EmbedFormat(), pontoon(), on)
    click = interaction()
    await message.answer(click)
    shown = click.response.edit_message.call_args.kwargs
    assert shown["embed"].title == "Pontoon table"
    assert isinstance(shown["view"], discord.ui.View)
    hook = webhook("tok")
    await message.edit_by_token(hook)  # the click's webhook: its @original
    assert hook.edit_message.call_args.args == ("@original",)
    assert hook.edit_message.call_args.kwargs["embed"] is shown["embed"]
    await message.edit_by_webhook(hook)
    assert hook.edit_message.call_args.args == (MESSAGE,)
    assert await message.post_by_webhook(hook) == 555


async def test_a_deleted_embed_table_message_is_posted_again():
    on = desk()
    message = await drawn(EmbedFormat(), pontoon(), on)
    where = addressed()
    where.get_partial_message.return_value.edit.side_effect = refused(discord.NotFound, 404, 10008)
    posted: list[int] = []

    async def tell(_: TableStatus, message_id: int) -> None:
        posted.append(message_id)

    await message.write(where, tell)
    assert posted == [555]


# -- the V2 format ----------------------------------------------------------------------------


async def test_the_v2_table_message_shows_its_picture_with_alt_text_and_uploads_it_once():
    on = desk()
    pictures = V2Format(on)
    now = pontoon()
    message = await drawn(pictures, now, on)
    layout = message.layout  # type: ignore[attr-defined]
    children = list(layout.layout.walk_children())
    (gallery,) = [c for c in children if isinstance(c, discord.ui.MediaGallery)]
    (item,) = gallery.items
    assert item.media.url == f"attachment://{layout.filename}"
    assert (item.description or "").startswith("The Pontoon table.")
    where = addressed()
    await message.write(where, None)
    await (await drawn(pictures, now, on)).write(where, None)  # redrawn: the same picture
    edit = where.get_partial_message.return_value.edit
    assert written(edit) == [[layout.filename], None]
    assert all(call.kwargs["embed"] is None for call in edit.await_args_list)


async def test_a_v2_message_posted_by_a_token_keeps_its_picture_on_the_next_edit():
    on = desk()
    pictures = V2Format(on)
    hook = webhook("tok")
    posted = await (await drawn(pictures, pontoon(message_id=None), on)).post_by_webhook(hook)
    assert hook.send.call_args.kwargs["file"].filename.startswith("table-")
    await (await drawn(pictures, pontoon(message_id=posted), on)).edit_by_webhook(hook)
    assert written(hook.edit_message) == [None]  # Discord kept the file: nothing uploaded
    assert posted in pictures.sent


async def test_after_a_failed_v2_answer_the_next_write_uploads_the_picture_again():
    on = desk()
    pictures = V2Format(on)
    click = interaction()
    click.response.edit_message.side_effect = refused(discord.HTTPException, 500, 0)
    first = await drawn(pictures, pontoon(), on)
    try:
        await first.answer(click)
    except discord.HTTPException:
        pass
    else:
        raise AssertionError("the answer's refusal reaches the publisher")
    hook = webhook("tok")
    await (await drawn(pictures, pontoon(), on)).edit_by_token(hook)
    name = first.layout.filename  # type: ignore[attr-defined]
    assert written(click.response.edit_message) == [[name]]
    assert written(hook.edit_message) == [[name]]
    assert hook.edit_message.call_args.args == ("@original",)


async def test_the_v2_hand_carries_its_picture_and_its_edit_replaces_it():
    on = desk()
    pictures = V2Format(on)
    mine = pontoon(viewer="b")
    sent = await pictures.hand(mine, "Your cards", "en", select())
    assert isinstance(sent["view"], discord.ui.LayoutView)
    assert sent["file"].filename.startswith("hand-")
    rows = [c for c in sent["view"].walk_children() if isinstance(c, discord.ui.ActionRow)]
    assert rows  # the choices under the picture
    edited = await pictures.hand(mine, "Now", "en", select(), edit=True)
    assert [f.filename for f in edited["attachments"]] == [sent["file"].filename]
    assert not [c for c in edited["view"].walk_children() if isinstance(c, discord.ui.ActionRow)]


async def test_a_card_choice_answered_on_its_own_reply_keeps_the_choices_left_in_either_format():
    """A private update that answers a select of the player's own reply edits that reply: the
    cards now, with the choices they have now (not the My cards edit, which drops them)."""
    words = await EmbedFormat().hand(pontoon(viewer="b"), "Now", "en", select())
    assert EmbedFormat().as_edit(words) == {"content": "Now", "view": words["view"]}
    assert EmbedFormat().as_edit({"content": "Now"}) == {"content": "Now", "view": None}
    pictures = V2Format(desk())
    sent = await pictures.hand(pontoon(viewer="b"), "Now", "en", select())
    edited = pictures.as_edit(sent)
    assert edited == {"view": sent["view"], "attachments": [sent["file"]]}
    rows = [c for c in edited["view"].walk_children() if isinstance(c, discord.ui.ActionRow)]
    assert rows  # the choices left stay under the new picture
