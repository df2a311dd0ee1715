"""Every game Parlour offers, by id: the one place a game is declared.

The three games are declared here; anything else (a test's toy game) joins with
:func:`register`, with no edit to a shared module.
"""

from __future__ import annotations

from games.core.info import GameInfo, TableDefaults
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from games.pontoon import BankerMode, Pontoon, PontoonOptions


def _pontoon_seats(options: PontoonOptions) -> tuple[int, int]:
    return (1, 7) if options.banker == BankerMode.HOUSE else (2, 8)


def _bets(defaults: TableDefaults) -> dict[str, int]:
    return {
        "min_bet": defaults.min_bet,
        "max_bet": defaults.max_bet,
        "turn_timeout": defaults.turn_timeout_s,
    }


PALACE = GameInfo(
    id="palace",
    engine=PalacePoker,
    options=PalaceOptions,
    seats=lambda o: (2, 10),
    min_stack=lambda o: 1,
    top_stake=lambda o: o.big_bet,
    defaults=lambda d: {"small_bet": d.min_bet, "turn_timeout": d.turn_timeout_s},
)
PAIUTE = GameInfo(
    id="paiute",
    engine=Paiute,
    options=PaiuteOptions,
    seats=lambda o: (2, 5),
    min_stack=lambda o: o.stake,
    top_stake=lambda o: o.stake,
    defaults=lambda d: {"stake": d.min_bet, "turn_timeout": d.turn_timeout_s},
)
PONTOON = GameInfo(
    id="pontoon",
    engine=Pontoon,
    options=PontoonOptions,
    seats=_pontoon_seats,
    min_stack=lambda o: o.min_bet,
    top_stake=lambda o: o.max_bet,
    defaults=_bets,
)

_GAMES: dict[str, GameInfo] = {info.id: info for info in (PALACE, PAIUTE, PONTOON)}


def register(info: GameInfo) -> GameInfo:
    """Offer one more game (its id must be new)."""
    if info.id in _GAMES and _GAMES[info.id] is not info:
        raise ValueError(f"a game {info.id!r} is already registered")
    _GAMES[info.id] = info
    return info


def unregister(game_id: str) -> None:
    """Withdraw a registered game (tests put the registry back as it was)."""
    _GAMES.pop(game_id, None)


def game_info(game_id: str) -> GameInfo:
    """The game with this id; ``KeyError`` when there is none."""
    return _GAMES[game_id]


def game_ids() -> list[str]:
    """Every game's id, in the order they were declared."""
    return list(_GAMES)
