"""Issue 14, item 11: refusals named internal kinds ("You can: stake, sit_out", "nothing to
discard_soldiers"). Every refusal every game can give, with every action kind in it, is said
here in each language, and none shows an internal name: no ``snake_case`` word, no kind that
is not a word on a button or a command."""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import StrEnum

import pytest

from bot.exts.paiute import PaiuteUI
from bot.exts.palace import PalaceUI
from bot.exts.pontoon import PontoonUI
from bot.refusal import game_refusal
from bot.table import GameUI
from bot.text import catalog, languages
from bot.text.format import PlayerNames
from games.errors import IllegalAction, Param, Refusal
from games.paiute import ActionKind as PaiuteKind
from games.paiute import PaiuteRefusal
from games.palace import ActionKind as PalaceKind
from games.palace import PalaceRefusal
from games.pontoon import ActionKind as PontoonKind
from games.pontoon import PontoonRefusal

GAMES: list[tuple[GameUI, type[StrEnum], type[StrEnum]]] = [
    (PalaceUI(), PalaceKind, PalaceRefusal),
    (PaiuteUI(), PaiuteKind, PaiuteRefusal),
    (PontoonUI(), PontoonKind, PontoonRefusal),
]

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _params(kind: str, kinds: list[str]) -> Iterator[dict[str, Param]]:
    """The facts a refusal may carry, with ``kind`` as the action (and 1..2 for amounts)."""
    base: dict[str, Param] = {
        "kind": kind,
        "allowed": tuple(kinds),
        "field": "amount",
        "min": 10,
        "max": 20,
        "options": ("111",),
        "to_act": "111",
        "card": "As",
        "cards": ("As", "Kd"),
        "price": 10,
        "stack": 5,
        "need": 10,
        "total": 12,
        "min_stick": 15,
        "source": "stock",
    }
    yield base
    yield base | {"source": "discard", "min": 10, "max": 10, "to_act": None}


def _refusals(kinds_enum: type[StrEnum], codes_enum: type[StrEnum]) -> Iterator[IllegalAction]:
    kinds = [str(k) for k in kinds_enum]
    for code in [*Refusal, *codes_enum]:
        for kind in kinds:
            for params in _params(kind, kinds):
                yield IllegalAction(str(code), **params)


@pytest.mark.parametrize(("ui", "kinds", "codes"), GAMES, ids=["palace", "paiute", "pontoon"])
def test_no_refusal_names_an_internal_action_kind(
    ui: GameUI, kinds: type[StrEnum], codes: type[StrEnum]
):
    internal = {str(k) for k in kinds if "_" in str(k)}
    names = PlayerNames()
    for lang in languages():
        said = catalog(lang)
        for error in _refusals(kinds, codes):
            if error.code == Refusal.UNKNOWN_ACTION:
                continue  # says back what the player typed
            texts = [said.text(ui.refusal(error, names))]
            if error.code in set(Refusal):  # the kit's words, for a refusal without a presenter
                texts.append(said.text(game_refusal(error)))
            for text in texts:
                shown = set(SNAKE.findall(text)) & internal
                assert not shown, f"{lang} {ui.game} {error.code} {error.params['kind']}: {text}"
                assert "{" not in text, text
                assert text != error.code, text
