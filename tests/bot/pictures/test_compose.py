"""A table's picture composed from its last one is the picture drawn whole, byte for byte.

``TablePictures`` repaints only the rectangles whose items changed and re-deflates only the PNG
bands under them; these tests hold it to a full drawing (``encode_scene``) over random tables
of every game, in play order and jumping between far-apart moments, decode the files to check
the pixels are the scene's, and check a composed picture shows every hidden card as a back.
"""

from __future__ import annotations

import dataclasses
import io
import random
import zlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from pydantic import BaseModel

from bot.pictures import Public, Scene, TablePictures, _png, draw, paint, table_scene
from bot.pictures._compose import encode_scene
from bot.pictures._scene import palette
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from games.pontoon import Pontoon, PontoonOptions

from .helpers import expected, shown

NAMES = ["Ann", "Bob the Builder", "محمد رضا", "Dana", "Émile", "Gus", "Hiro", "Ivy", "Jo", "Kai"]
SEATS = {"palace": (2, 10), "paiute": (2, 5), "pontoon": (2, 8)}


def _engine(game: str, ids: list[str], seed: int) -> Any:
    stacks = dict.fromkeys(ids, 500)
    if game == "palace":
        return PalacePoker.new(ids, stacks, PalaceOptions(small_bet=10), seed=seed)
    if game == "paiute":
        return Paiute.new(ids, stacks, PaiuteOptions(stake=10), seed)
    return Pontoon.new(ids, stacks, PontoonOptions(min_bet=10, max_bet=50, shoot=True), seed=seed)


def play(game: str, seats: int, seed: int, deals: int = 2) -> tuple[list[Any], dict[str, str]]:
    """The engines' public views after the deal and every action of random legal play, and
    the players' names."""
    ids = [str(100 + i) for i in range(seats)]
    rng = random.Random(seed)
    engine = _engine(game, ids, seed)
    views = []
    for _ in range(deals):
        views.append(engine.view(None))
        while not engine.is_over:
            pid = engine.to_act
            engine.act(pid, rng.choice(engine.legal_actions(pid)).sample(rng))
            views.append(engine.view(None))
        stacks = {p: s for p, s in engine.stacks.items() if p in ids and s > 0}
        if len(stacks) < 2:
            break
        engine = engine.next_deal(players=list(stacks), stacks=stacks)
    return views, dict(zip(ids, NAMES, strict=False))


def scene_of(view: Any, names: dict[str, str]) -> Scene:
    return table_scene(Public(view), names)


def pixels(data: bytes) -> bytes:
    """A PNG's pixels as RGB."""
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGB").tobytes()


def drawn_whole(scene: Scene) -> bytes:
    """The scene painted whole and mapped onto the pictures' palette, as RGB."""
    mapped = paint(scene).quantize(palette=palette(), dither=Image.Dither.NONE)
    return mapped.convert("RGB").tobytes()


@st.composite
def tables(draw_: st.DrawFn) -> tuple[str, int, int, list[int]]:
    game = draw_(st.sampled_from(sorted(SEATS)))
    low, high = SEATS[game]
    seats = draw_(st.integers(low, high))
    seed = draw_(st.integers(0, 10_000))
    jumps = draw_(st.lists(st.integers(0, 10_000), min_size=3, max_size=8))
    return game, seats, seed, jumps


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_a_composed_picture_is_the_picture_drawn_whole(table: tuple[str, int, int, list[int]]):
    game, seats, seed, jumps = table
    views, names = play(game, seats, seed)
    scenes = [scene_of(v, names) for v in views]
    pictures = TablePictures()
    # every moment in play order (each composed from the one before), then jumps between
    # moments far apart (composed from whatever the table showed last)
    order = list(range(len(scenes))) + [j % len(scenes) for j in jumps]
    for i in order:
        made = pictures.picture("t", scenes[i])
        assert made.data == encode_scene(scenes[i]), (game, seats, seed, i)
    assert pictures.composed > 0
    last = scenes[order[-1]]
    assert pixels(made.data) == drawn_whole(last)
    assert draw(last).data == made.data  # the uncached drawing is the same file


def test_an_unchanged_table_costs_nothing_and_is_the_same_picture():
    views, names = play("palace", 10, 3, deals=1)
    pictures = TablePictures()
    first = pictures.picture("t", scene_of(views[0], names))
    again = pictures.picture("t", scene_of(views[0], names))  # a new but equal scene
    assert again is first
    assert (pictures.full, pictures.composed, pictures.unchanged) == (1, 0, 1)
    moved = pictures.picture("t", scene_of(views[1], names))
    assert moved.digest != first.digest
    assert moved.filename != first.filename
    assert pictures.composed == 1


def test_each_table_is_composed_from_its_own_last_picture():
    palace, names = play("palace", 6, 1, deals=1)
    paiute, _ = play("paiute", 4, 1, deals=1)
    pictures = TablePictures(tables=2)
    for a, b in zip(palace[:5], paiute[:5], strict=True):
        one, other = scene_of(a, names), scene_of(b, names)
        assert pictures.picture("palace", one).data == encode_scene(one)
        assert pictures.picture("paiute", other).data == encode_scene(other)
    assert pictures.full == 2  # each table's first; the rest composed
    pictures.picture("third", scene_of(palace[0], names))
    assert len(pictures) == 2  # the table drawn longest ago was let go
    pictures.forget("third")
    assert len(pictures) == 1


def test_the_bands_join_into_one_valid_zlib_stream():
    raw = bytes(random.Random(5).randrange(4) for _ in range(5_000))
    parts = [raw[:1200], raw[1200:1201], raw[1201:]]
    bands = [_png.band(p) for p in parts]
    stream = b"".join([b"\x78\x01", *(b.data for b in bands), b"\x03\x00"])
    adler = 1
    for one in bands:
        adler = _png._combine(adler, one.adler, one.length)
    assert adler == zlib.adler32(raw)
    assert zlib.decompress(stream + adler.to_bytes(4, "big")) == raw
    assert [_png.rows(b) for b in bands] == parts


def test_a_composed_public_picture_shows_every_hidden_card_as_a_back():
    """Through a Pontoon and a Paiute deal, each composed picture shows each card of the scene
    as its own art (hidden cards as the back), and no card only a player may see."""
    for game, seats in (("pontoon", 6), ("paiute", 5)):
        ids = [str(100 + i) for i in range(seats)]
        names = dict(zip(ids, NAMES, strict=False))
        rng = random.Random(11)
        engine = _engine(game, ids, 11)
        pictures = TablePictures()
        while not engine.is_over:
            public = engine.view(None)
            scene = scene_of(public, names)
            made = pictures.picture("t", scene)
            with Image.open(io.BytesIO(made.data)) as image:
                decoded = image.convert("RGB")
            faces = {c.code for c in scene.cards if c.code is not None}
            for pid in ids:
                own = _cards(engine.view(pid)) - _cards(public)
                assert not own & faces, (game, pid, own & faces)
            for card in scene.cards:
                art = Image.frombytes(
                    "RGB", (card.visible, card.height - 2 * (card.width // 9 + 2)), expected(card)
                )
                mapped = art.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB")
                assert shown(decoded, card) == mapped.tobytes(), card
            pid = engine.to_act
            engine.act(pid, rng.choice(engine.legal_actions(pid)).sample(rng))
        assert pictures.composed > 0


def _cards(view: Any) -> set[str]:
    """Every card code a view shows, wherever it is in it."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        code = getattr(value, "code", None)
        if isinstance(code, str):
            found.add(code)
        elif isinstance(value, str) and 2 <= len(value) <= 3 and value[-1] in "shdc":
            found.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple | set | frozenset):
            for v in value:
                walk(v)
        elif isinstance(value, BaseModel):
            for name in type(value).model_fields:
                walk(getattr(value, name))
        elif dataclasses.is_dataclass(value):
            for field in dataclasses.fields(value):
                walk(getattr(value, field.name))

    walk(view)
    return found
