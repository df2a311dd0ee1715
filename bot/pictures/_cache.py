"""Pictures as files, made once per scene, off the event loop, and sent only when changed.

``PictureCache`` maps a scene to its encoded picture: a hand's picture is drawn once per
private state however many replies and DMs show it (a table's goes through ``TablePictures``,
which draws only what changed since the table's last one). ``Uploads`` remembers the last
picture sent to each message, so an edit re-attaches the image only when the picture changed.
Painting holds the fonts' lock: FreeType faces are not safe to share between threads, and on
a two-core machine one picture at a time is as fast as two.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable

from bot.pictures._compose import Picture, drawn
from bot.pictures._fonts import LOCK
from bot.pictures._scene import Format, Scene, encode, paint


def draw(scene: Scene, fmt: Format = "png") -> Picture:
    """Paint and encode ``scene`` (no cache)."""
    if fmt == "png":
        with LOCK:
            return drawn(scene)
    with LOCK:
        data = encode(paint(scene), fmt)
    digest = hashlib.blake2b(data, digest_size=16).hexdigest()
    return Picture(data, scene.width, scene.height, fmt, digest)


class PictureCache:
    """The last ``size`` pictures drawn, by scene; thread-safe."""

    def __init__(self, size: int = 256, fmt: Format = "png") -> None:
        self.size = size
        self.format: Format = fmt
        self.hits = 0
        self.misses = 0
        self._pictures: OrderedDict[Scene, Picture] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._pictures)

    def picture(self, scene: Scene) -> Picture:
        """The picture of ``scene``, drawn now unless it was drawn before."""
        with self._lock:
            found = self._pictures.get(scene)
            if found is not None:
                self._pictures.move_to_end(scene)
                self.hits += 1
                return found
        made = draw(scene, self.format)
        with self._lock:
            self.misses += 1
            self._pictures[scene] = made
            while len(self._pictures) > self.size:
                self._pictures.popitem(last=False)
        return made

    async def render(self, build: Callable[[], Scene]) -> Picture:
        """Build the scene and draw its picture in a worker thread, keeping the loop free."""
        return await asyncio.to_thread(lambda: self.picture(build()))


class Uploads:
    """The picture last sent to each message (keyed by the caller: a table, a message id)."""

    def __init__(self) -> None:
        self._sent: dict[str, str] = {}

    def changed(self, key: str, picture: Picture) -> bool:
        """Whether ``picture`` differs from the one last sent under ``key``; if so it is
        recorded as sent, so call this when the message is about to go out."""
        if self._sent.get(key) == picture.digest:
            return False
        self._sent[key] = picture.digest
        return True

    def forget(self, key: str) -> None:
        """Drop ``key`` (its message was deleted or replaced by a new one)."""
        self._sent.pop(key, None)
