"""Looking at pictures the way a player would: which card shows where."""

from __future__ import annotations

import hashlib
from typing import Any

from PIL import Image

from bot.pictures import CardItem, Labels, Scene, back, face, paint
from bot.pictures._scene import PANEL
from bot.text import catalog, msg
from games.pontoon import Pontoon
from tests.games.pontoon.helpers import game


def codes(scene: Scene) -> list[str | None]:
    """Every card of the scene, faces by code and backs as ``None``."""
    return [c.code for c in scene.cards]


def faces(scene: Scene) -> set[str]:
    """The face-up cards of the scene."""
    return {c.code for c in scene.cards if c.code is not None}


def _strip(image: Image.Image, card: CardItem, x: int, y: int) -> bytes:
    """The part of the card nothing covers: its uncovered width, less the rounded corners'
    rows (where the card below shows through)."""
    corner = card.width // 9 + 2
    box = (x, y + corner, x + card.visible, y + card.height - corner)
    return image.crop(box).tobytes()


def shown(image: Image.Image, card: CardItem) -> bytes:
    """What the picture shows of ``card``."""
    return _strip(image, card, card.x, card.y)


def expected(card: CardItem, ground: tuple[int, int, int] = PANEL) -> bytes:
    """What ``card`` looks like on its own: the back for a hidden card, else its face."""
    art = (
        back(card.width, dim=card.dim)
        if card.code is None
        else face(card.code, card.width, wild=card.wild, dim=card.dim)
    )
    alone = Image.new("RGB", art.size, ground)
    alone.paste(art, (0, 0), art)
    return _strip(alone, card, 0, 0)


def check_every_card_drawn_as_itself(scene: Scene) -> Image.Image:
    """Paint ``scene`` and check each card shows exactly its own art: backs are the back."""
    image = paint(scene)
    for card in scene.cards:
        assert card.visible > 0
        assert shown(image, card) == expected(card), card
    return image


def digest(data: bytes) -> str:
    """A short hash of some pixels."""
    return hashlib.sha256(data).hexdigest()


def shoot_lost_by_b() -> Pontoon:
    """Shoot Pontoon to the end: b stakes 10 and shoots 20 on K 6, sticks on 16 and loses both
    to the banker's Q 9; c makes a five-card trick (+20); the banker a loses 10 net."""
    g = game("Ks 5s Qs 6d 4h 9h 2c 3c", shoot=True)
    g.act("a", {"kind": "kitty", "amount": 60})
    g.act("a", {"kind": "stay"})
    g.act("b", {"kind": "stake", "amount": 10})
    g.act("c", {"kind": "stake", "amount": 10})
    g.act("b", {"kind": "shoot", "amount": 20})
    g.act("c", {"kind": "shoot", "amount": 0})
    g.act("b", {"kind": "stick"})
    while not g.is_over:
        pid = g.to_act
        assert pid is not None
        g.act(pid, g.timeout_action(pid))
    return g


LABEL_WORDS = (
    "pot",
    "to_call",
    "raises",
    "stock",
    "discards",
    "round",
    "called",
    "kitty",
    "stake",
    "shoot",
    "stack",
)


def catalog_labels(lang: str) -> Labels:
    """The words the bot puts in the pictures for a reader of ``lang``, from the catalogs."""
    say = catalog(lang).text
    words: dict[str, Any] = {name: say(msg(f"pictures.label.{name}")) for name in LABEL_WORDS}
    return Labels(**words)
