"""Computer players for the three games, pure: they see one seat's view and its legal actions.

``strategy(game_id, level)`` is the pinned entry point (code outside the project measures the
players through it): the object it returns has ``choose(view, legal, rng) -> dict``, where
``view`` is exactly the engine's ``view(player_id)`` for the seat, ``legal`` its
``legal_actions(player_id)`` and ``rng`` a ``random.Random``. The answer is an action dict that
``legal`` allows. A player sees nothing else (no engine, no snapshot, no other seat's view), so
it can only know what a person in that seat would know.

Levels: ``"easy"`` plays legal moves with light sense; ``"normal"`` plays the strategies of
``_pontoon``, ``_paiute`` and ``_palace``. ``"random"`` is the bench's baseline.

``company=True``: the player sits with a single person (solo practice), so it plays the deals
a cautious policy would sit out (Pontoon's weak first cards): the person has a game to play.
"""

from __future__ import annotations

from collections.abc import Callable

from games.computer._common import Checked, RandomPlayer, Strategy
from games.computer._paiute import PaiuteEasy, PaiuteNormal
from games.computer._palace import PalaceEasy, PalaceNormal
from games.computer._pontoon import PontoonEasy, PontoonNormal

GAMES = ("palace", "paiute", "pontoon")
LEVELS = ("easy", "normal")

_MAKERS: dict[tuple[str, str], Callable[..., Strategy]] = {
    ("palace", "easy"): PalaceEasy,
    ("palace", "normal"): PalaceNormal,
    ("paiute", "easy"): PaiuteEasy,
    ("paiute", "normal"): PaiuteNormal,
    ("pontoon", "easy"): PontoonEasy,
    ("pontoon", "normal"): PontoonNormal,
}


_SOCIABLE = frozenset({("pontoon", "normal")})
"""The players that would sit deals out, and take ``company``."""


def strategy(game_id: str, level: str = "normal", *, company: bool = False) -> Strategy:
    """The computer player for ``game_id`` at ``level`` (``"random"``: uniform legal play);
    ``company``: it keeps a lone person company and sits no deal out."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game id {game_id!r}")
    if level == "random":
        return RandomPlayer()
    maker = _MAKERS.get((game_id, level))
    if maker is None:
        raise ValueError(f"unknown level {level!r}")
    if (game_id, level) in _SOCIABLE:
        return Checked(maker(company=company))
    return Checked(maker())


__all__ = ["GAMES", "LEVELS", "Strategy", "strategy"]
