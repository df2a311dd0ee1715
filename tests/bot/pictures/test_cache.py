"""Pictures are drawn once per scene, off the event loop, and re-sent only when changed."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Callable

from PIL import Image

from bot.pictures import PictureCache, Public, Scene, Uploads, draw, palace_scene
from games.palace import PalacePoker
from tests.games.palace.helpers import table

NAMES = {"a": "Ann", "b": "Bo", "c": "Cy"}


def test_equal_scenes_are_drawn_once():
    game = table(3)
    cache = PictureCache(size=2)
    first = cache.picture(palace_scene(Public(game.view(None)), NAMES))
    again = cache.picture(palace_scene(Public(game.view(None)), NAMES))
    assert again is first
    assert (cache.hits, cache.misses) == (1, 1)
    renamed = cache.picture(palace_scene(Public(game.view(None)), NAMES | {"a": "Al"}))
    assert renamed.digest != first.digest
    assert renamed.filename != first.filename
    assert renamed.filename.endswith(".png")
    cache.picture(palace_scene(Public(table(4).view(None)), NAMES))
    assert len(cache) == 2  # the oldest went


def test_a_picture_is_uploaded_only_when_it_changed():
    game = table(3)
    uploads = Uploads()
    picture = draw(palace_scene(Public(game.view(None)), NAMES))
    assert uploads.changed("t1", picture)
    assert not uploads.changed("t1", draw(palace_scene(Public(game.view(None)), NAMES)))
    assert uploads.changed("t2", picture)
    game.act("a", {"kind": "stay"})
    moved = draw(palace_scene(Public(game.view(None)), NAMES))
    assert uploads.changed("t1", moved)
    uploads.forget("t1")
    assert uploads.changed("t1", moved)


async def test_rendering_runs_in_a_worker_thread():
    game = table(3)
    cache = PictureCache(fmt="webp")
    threads: list[int] = []

    def build():
        threads.append(threading.get_ident())
        return palace_scene(Public(game.view(None)), NAMES)

    picture = await cache.render(build)
    assert threads
    assert threads[0] != threading.get_ident()
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "WEBP"
    assert image.size == (picture.width, picture.height)
    assert await cache.render(build) is picture


async def test_pictures_drawn_at_once_in_several_threads_are_the_pictures_drawn_alone():
    games = [table(n) for n in (2, 3, 4, 5, 6, 7)]
    scenes = [palace_scene(Public(g.view(None)), NAMES) for g in games]
    alone = [draw(scene).data for scene in scenes]
    cache = PictureCache()

    def builder(game: PalacePoker) -> Callable[[], Scene]:
        return lambda: palace_scene(Public(game.view(None)), NAMES)

    together = await asyncio.gather(*(cache.render(builder(g)) for g in games))
    assert [p.data for p in together] == alone
