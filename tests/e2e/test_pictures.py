"""Table pictures end to end: every game played with pictures on (Components V2 table message,
the picture an attachment the fake checks is uploaded and referenced), and a server that
turned ``images`` off getting the text table.

The fake validates every V2 message (strict mode): no content or embeds with the flag, at most
40 components and 4000 characters of text, every ``attachment://`` among the message's files.
The other e2e tests read the text table's embed and run with pictures off (``TableSeed``);
here the same play runs with them on.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from bot.client import Parlour
from bot.pictures import palette
from sandbox.harness import Session
from sandbox.log import Call
from sandbox.messages import Message
from services.tables import TableError
from tests.e2e import test_palace, test_pontoon
from tests.e2e.paiute_helpers import find_seed, open_with, stock, to_act
from tests.e2e.table_helpers import (
    V2_FLAG,
    TableSeed,
    Watch,
    _is_dm,
    alt_texts,
    cards_in,
    click_action,
    status,
    table_message,
    table_title,
    texts,
    view_cards,
)

pytestmark = pytest.mark.usefixtures("chips_add_up")


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(test_pontoon.TABLE_SEED, pictures=True)


def gallery(message: Message) -> list[dict[str, object]]:
    """The media gallery items of a V2 message."""
    return [
        item
        for c in message.walk_components()
        if c.get("type") == 12
        for item in c.get("items") or []
    ]


def picture_of(message: Message) -> Image.Image:
    """The picture the message shows, decoded from the bytes the fake kept."""
    (item,) = gallery(message)
    url = str(item["media"]["url"])  # type: ignore[index]
    assert url.startswith("attachment://")
    name = url.removeprefix("attachment://")
    assert message.attachments == [name]
    return Image.open(io.BytesIO(message.files[name]))


async def pictured(session: Session) -> Message:
    """The table message once it shows a picture: drawing one takes a worker thread a moment,
    longer than the fake's quiet spell (the first picture also loads the fonts)."""
    for _ in range(200):
        await asyncio.sleep(0.05)  # the worker thread is no request the fake can wait for
        await session.fake.settle(quiet=0.02, within=1.0)
        message = table_message(session)
        if gallery(message):
            return message
    raise AssertionError(f"the table message shows no picture: {texts(message)}")


async def synced(session: Session) -> None:
    """Wait until the table message's buttons are drawn for the table as it is now (its
    custom ids carry the table, deal and action counter)."""
    for _ in range(200):
        await session.fake.settle(quiet=0.02, within=1.0)
        try:
            now = status(session)
        except TableError:  # closed: nothing more to draw
            return
        mark = ":".join(str(n) for n in now.expected)
        shown = [
            m
            for m in session.messages()
            if m.author.bot and not m.ephemeral and table_title(m).endswith("table")
        ]
        ids = shown[0].custom_ids if shown else ["(not posted yet)"]
        if not ids or any(f":{mark}:" in i for i in ids):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the table message still shows an earlier moment: {ids}")


@dataclass
class PictureWatch(Watch):
    """``Watch``, waiting for each picture to be drawn before checking a step."""

    async def step(self, label: str | None = None) -> list[Call]:
        await synced(self.session)
        return await super().step(label)


def report(session: Session, watch: Watch, game: str) -> str:
    """Table picture bytes uploaded per player action (the bench has the same per game)."""
    sizes = [
        size
        for call in session.fake.log.calls
        if isinstance(call.body, dict) and not _is_dm(session, call)
        for name, size in (call.body.get("_sizes") or {}).items()
        if name.startswith("table-")
    ]
    actions = len(watch.per_action)
    per = sum(sizes) / max(actions, 1) / 1024
    return f"\n[{game} pictures] {len(sizes)} uploads, {sum(sizes) // 1024} KB, {per:.1f} KB/action"


def assert_pictured(message: Message) -> None:
    """A V2 table message: no embed, a PNG of the table with alt text naming its cards."""
    assert message.flags & V2_FLAG
    assert message.embeds == []
    assert message.content == ""
    image = picture_of(message)
    assert image.format == "PNG"
    assert image.width >= 400
    (item,) = gallery(message)
    assert "table" in str(item["description"])


async def my_cards_show_the_hand(session: Session, watch: Watch, players: dict[int, Any]) -> None:
    """Play until the player to act holds cards of their own, then check their **My cards**
    reply shows them as a picture whose alt text names them, as their DMs do."""
    for _ in range(20):
        user = status(session).to_act
        assert user is not None
        own = view_cards(status(session, user).view) - view_cards(status(session).view)
        if own:
            break
        action = test_pontoon.choose(session, user)
        await click_action(session, players[user], action["kind"], action.get("amount"))
        await watch.step("click")
    assert own
    assert user is not None
    mine = await players[user].click(table_message(session), "My cards")
    assert mine.ephemeral
    assert mine.message is not None
    assert picture_of(mine.message).format == "PNG"
    (alt,) = alt_texts(mine.message)
    assert cards_in(alt, own) == own  # the alt text names the reader's own cards
    # their private updates (DMs, or ephemeral answers and followups instead) show it too
    told = [*players[user].dms(), *players[user].ephemerals()]
    updates = [m for m in told if m.flags & V2_FLAG and m is not mine.message and m.attachments]
    assert updates
    assert picture_of(updates[-1]).format == "PNG"


async def test_pontoon_with_pictures(session: Session, alice, bob, carol, capsys) -> None:
    players = {a.id: a for a in (alice, bob, carol)}
    watch = PictureWatch(session, players, face_down=test_pontoon.face_down)
    await test_pontoon.open_table(session, watch, alice, [bob, carol], buttons=True)
    lobby = table_message(session)
    assert lobby.flags & V2_FLAG
    assert gallery(lobby) == []  # no cards before the deal: no picture
    await test_pontoon.deal(session, watch, alice, buttons=True)
    assert_pictured(await pictured(session))
    await my_cards_show_the_hand(session, watch, players)
    uploads = len(session.fake.log.calls)
    await test_pontoon.play_deal(session, watch, players, buttons=True)
    shown = table_message(session)
    assert "Deal over" in "\n".join(texts(shown))
    assert session.fake.log.calls[uploads:]  # the play edited the message
    watch.private_cards_reached_their_owners()
    with capsys.disabled():
        print(report(session, watch, "pontoon"))  # noqa: T201 - the report
    await alice.slash("pontoon close")
    await watch.step()
    closed = table_message(session)
    assert "closed" in "\n".join(texts(closed))
    assert closed.custom_ids == []


async def test_palace_with_pictures(session: Session, alice, bob, carol, capsys) -> None:
    players = {a.id: a for a in (alice, bob, carol)}
    watch = PictureWatch(session, players, face_down=test_palace.palaces_face_down)
    await alice.slash("palace open", buy_in=500)
    for actor in (bob, carol):
        await actor.slash("palace join", buy_in=500)
    started = await alice.slash("palace start")
    await watch.step()
    assert started.ephemeral
    assert status(session).deal_open
    assert_pictured(await pictured(session))
    await test_palace.play_deal(session, watch, players, buttons=True)
    watch.private_cards_reached_their_owners()
    with capsys.disabled():
        print(report(session, watch, "palace"))  # noqa: T201 - the report


async def test_paiute_with_pictures(
    session: Session, alice, bob, carol, table_seed, capsys
) -> None:
    players = [alice, bob, carol]
    table_seed.value = find_seed([str(a.id) for a in players])
    watch = PictureWatch(session, {a.id: a for a in players}, face_down=stock)
    await open_with(alice, [bob, carol])
    await alice.slash("paiute start")
    await watch.step("start")
    assert_pictured(await pictured(session))
    turns = 0
    while status(session).deal_open and turns < 60:
        actor = to_act(session, players)
        await actor.slash("paiute draw", source="stock")
        await watch.step("draw")
        calls = await actor.autocomplete("paiute call", focused="discard", discard="")
        if calls:
            await actor.slash("paiute call", discard=str(calls[0]))
        else:
            options = await actor.autocomplete("paiute discard", focused="card", card="")
            await actor.slash("paiute discard", card=str(options[0]))
        await watch.step("discard")
        turns += 1
    assert not status(session).deal_open
    assert "\n".join(texts(table_message(session)))
    watch.private_cards_reached_their_owners()
    with capsys.disabled():
        print(report(session, watch, "paiute"))  # noqa: T201 - the report


async def test_the_bot_draws_the_pictures_palette_as_it_starts(session: Session) -> None:
    """The first table picture after a start costs what the rest do: the bot draws the
    pictures' palette and card art (``bot.pictures.warm``) in a worker thread as it starts."""
    bot = session.bot
    assert isinstance(bot, Parlour)
    assert bot.warmed is not None
    assert bot.warmed.get_name() == "warm-pictures"
    await bot.warmed  # real work in a thread, no timer: done once the palette is drawn
    assert bot.warmed.exception() is None
    assert palette.cache_info().currsize == 1


async def test_images_off_gives_the_text_table(session: Session, alice, bob) -> None:
    changed = await alice.slash("admin settings", images="off")
    assert changed.ephemeral
    assert "Table pictures" in str(changed.message.embeds[0])
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await session.fake.settle(quiet=0.02)
    shown = table_message(session)
    assert not shown.flags & V2_FLAG
    assert shown.embeds
    assert shown.attachments == []


async def test_turning_images_off_mid_table_posts_the_text_table_anew(
    session: Session, alice, bob
) -> None:
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    first = await pictured(session)
    await alice.slash("admin settings", images="off")
    actor = alice if status(session).to_act == alice.id else bob
    action = test_pontoon.choose(session, actor.id)
    await actor.slash(
        f"pontoon {action['kind']}", **{k: v for k, v in action.items() if k != "kind"}
    )
    await synced(session)
    shown = table_message(session)  # one table message: the V2 one was deleted
    assert shown.id != first.id
    assert shown.embeds
    assert not shown.flags & V2_FLAG
    assert status(session).message_id == shown.id


async def test_a_deleted_table_message_is_posted_again_with_its_picture(
    session: Session, fake, alice, bob
) -> None:
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    first = await pictured(session)
    await fake.delete_by_user(first)
    # no MESSAGE_DELETE for the guilds intent: the next edit's 404 says so
    actor = alice if status(session).to_act == alice.id else bob
    action = test_pontoon.choose(session, actor.id)
    await actor.slash(
        f"pontoon {action['kind']}", **{k: v for k, v in action.items() if k != "kind"}
    )
    await synced(session)
    again = await pictured(session)
    assert again.id != first.id
    for _ in range(40):  # the service stores the new id just after the post
        if status(session).message_id == again.id:
            break
        await asyncio.sleep(0.05)
    assert status(session).message_id == again.id
    assert_pictured(again)  # uploaded again: the new message has the file it points at


def table_uploads(session: Session) -> list[str]:
    """The table pictures the bot uploaded to the channel, by file name, in order."""
    return [
        name
        for call in session.fake.log.calls
        if isinstance(call.body, dict) and not _is_dm(session, call)
        for name in (call.body.get("_sizes") or {})
        if name.startswith("table-")
    ]


async def test_a_table_update_that_leaves_the_picture_as_it_was_uploads_no_picture(
    session: Session, alice, bob, carol
) -> None:
    """Carol asks to leave after the deal: the table message says so, its picture (cards,
    stacks, whose turn) is the one it showed, and Discord keeps that attachment: nothing is
    uploaded again."""
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    for actor in (bob, carol):
        await actor.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await pictured(session)
    await synced(session)
    before = table_message(session)
    words, files = texts(before), list(before.attachments)
    shown_before = picture_of(before).tobytes()
    uploads = table_uploads(session)
    assert uploads  # the deal's picture went up
    await carol.slash("pontoon leave")
    await synced(session)
    await session.fake.settle(quiet=0.05, within=2.0)
    after = table_message(session)
    assert after.id == before.id
    assert texts(after) != words  # the table was written again: its words changed
    assert table_uploads(session) == uploads  # with no picture: the one shown stayed
    assert after.attachments == files
    assert picture_of(after).tobytes() == shown_before
    # the next step that changes the picture uploads it, once
    actor = alice if status(session).to_act == alice.id else bob
    if status(session).to_act == carol.id:
        actor = carol
    action = test_pontoon.choose(session, actor.id)
    await actor.slash(
        f"pontoon {action['kind']}", **{k: v for k, v in action.items() if k != "kind"}
    )
    await synced(session)
    await pictured(session)
    now = table_uploads(session)
    assert len(now) == len(uploads) + 1
    assert now[-1] != uploads[-1]
    assert table_message(session).attachments == [now[-1]]


async def test_a_closed_tables_picture_does_not_tell_a_screen_reader_someone_is_to_act(
    session: Session, alice, bob
) -> None:
    """The host closed a table mid-deal; its message kept the deal's picture, and a
    screen-reader user heard its alt text say "alice to act." of a table nobody can act at."""
    await alice.slash("pontoon open", min_bet=10, max_bet=50, buy_in=300)
    await bob.slash("pontoon join", buy_in=300)
    await alice.slash("pontoon start")
    await synced(session)
    (alt,) = alt_texts(await pictured(session))
    assert " to act. " in alt  # a live table says whose turn it is
    await alice.slash("pontoon close")
    await synced(session)
    await session.fake.settle(quiet=0.02)
    closed = table_message(session)
    assert "closed" in "\n".join(texts(closed))
    assert picture_of(closed).format == "PNG"  # the last moment's picture stays
    (alt,) = alt_texts(closed)
    assert alt.startswith("The Pontoon table. Closed: nobody is to act. Pot: ")
    assert " to act." not in alt.replace("nobody is to act.", "")
