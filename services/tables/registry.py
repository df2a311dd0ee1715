"""What the service knows about each game: its engine, options and the few engine extras.

The engines share the ``Engine`` protocol; what differs between them (how a deal announces
itself, who gets a kitty back, where the winners and starting card order are kept) is read
here, so the service itself never branches on the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from games.cards import Card
from games.engine import HOUSE, Engine
from games.paiute import Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker
from games.pontoon import BankerMode, Pontoon, PontoonOptions, hand_value
from services.tables.errors import AmountOutOfBounds, BadOptions, UnknownGame
from storage.settings import GuildSettings

MIN_TIMEOUT_S, MAX_TIMEOUT_S = 5, 3600


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What ``stats.record_result`` needs beyond the settlement."""

    winners: list[str] | None
    hand_names: dict[str, str]
    deck: list[str]


@dataclass(frozen=True, slots=True)
class Game:
    """One game as the table service sees it."""

    name: str
    title: str
    engine: type[Any]
    options: type[BaseModel]
    defaults: Callable[[GuildSettings], dict[str, Any]]
    """Options of a new table from the server's settings (the opener may override them)."""
    players: Callable[[BaseModel], tuple[int, int]]
    """Fewest and most players a deal may have with these options."""
    min_stack: Callable[[BaseModel], int]
    """Chips a player needs in their stack to be dealt in (fewer: they sit out)."""
    top_stake: Callable[[BaseModel], int]
    """The table's largest fixed stake, compared with the server's ``max_bet_limit``."""
    record: Callable[[Any], DealRecord]

    def build_options(self, settings: GuildSettings, overrides: Mapping[str, Any]) -> BaseModel:
        """The table's options: the server defaults, the opener's choices, the server limits."""
        try:
            opts = self.options.model_validate({**self.defaults(settings), **overrides})
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "options"
            raise BadOptions("option", option=where, problem=first["msg"]) from exc
        top = self.top_stake(opts)
        if top > settings.max_bet_limit:
            raise AmountOutOfBounds("stake_limit", max=settings.max_bet_limit, top=top)
        timeout = int(getattr(opts, "turn_timeout", settings.turn_timeout_s))
        if not MIN_TIMEOUT_S <= timeout <= MAX_TIMEOUT_S:
            raise AmountOutOfBounds("timer", min=MIN_TIMEOUT_S, max=MAX_TIMEOUT_S)
        return opts

    def new(
        self, players: list[str], stacks: Mapping[str, int], options: BaseModel, seed: int
    ) -> Engine:
        return cast(Engine, self.engine.new(players, stacks, options, seed=seed))

    def restore(self, snapshot: str) -> Engine:
        return cast(Engine, self.engine.restore(snapshot))


def kitty(engine: Engine) -> int:
    """The Shoot Pontoon kitty (0 for the games without one)."""
    return int(getattr(engine, "kitty", 0))


def owed_outside(engine: Engine) -> dict[str, int]:
    """Chips the deal owes players who are not in it (a banker who left takes the kitty)."""
    state = getattr(engine, "state", None)
    return dict(getattr(state, "refunds", {}) or {})


def kitty_owner(engine: Engine | None) -> str | None:
    """Who takes the kitty when the table closes: the banker, or the house bank."""
    if engine is None or not hasattr(engine, "banker"):
        return None
    banker = engine.banker
    return HOUSE if banker is None else str(banker)


def _palace_record(game: PalacePoker) -> DealRecord:
    result = game.state.result
    return DealRecord(
        winners=list(result.winners) if result else None,
        hand_names={p: h.category.name.lower() for p, h in result.hands.items()} if result else {},
        deck=[c.code for c in game.state.start_deck],
    )


def _paiute_record(game: Paiute) -> DealRecord:
    view = game.view(None)
    deck: list[str] = next((e["cards"] for e in game.history() if e.get("kind") == "deck"), [])
    names = {s.player: s.combination.category.name.lower() for s in view.seats if s.combination}
    return DealRecord(winners=list(view.winners), hand_names=names, deck=list(deck))


def _pontoon_record(game: Pontoon) -> DealRecord:
    cards = next((e for e in game.history() if e.get("kind") == "cards"), {})
    names: dict[str, str] = {}
    for pid, hands in dict(cards.get("punters", {})).items():
        if hands and hands[0]:
            names[pid] = _pontoon_label(hands[0])
    banker = cards.get("banker") or []
    if banker:
        names[game.banker or HOUSE] = _pontoon_label(banker)
    return DealRecord(winners=None, hand_names=names, deck=list(cards.get("start_deck", [])))


def _pontoon_label(codes: list[str]) -> str:
    """A hand's class and total as codes (``total 17``), no longer the engine's English."""
    value = hand_value(Card.parse_many(" ".join(codes)))
    return f"{value.kind.name.lower()} {value.total}"


def _pontoon_players(opts: BaseModel) -> tuple[int, int]:
    house = cast(PontoonOptions, opts).banker == BankerMode.HOUSE
    return (1, 7) if house else (2, 8)


GAMES: dict[str, Game] = {
    "palace": Game(
        name="palace",
        title="Palace Poker",
        engine=PalacePoker,
        options=PalaceOptions,
        defaults=lambda s: {"small_bet": s.min_bet, "turn_timeout": s.turn_timeout_s},
        players=lambda o: (2, 10),
        min_stack=lambda o: 1,
        top_stake=lambda o: cast(PalaceOptions, o).big_bet,
        record=_palace_record,
    ),
    "paiute": Game(
        name="paiute",
        title="Paiute",
        engine=Paiute,
        options=PaiuteOptions,
        defaults=lambda s: {"stake": s.min_bet, "turn_timeout": s.turn_timeout_s},
        players=lambda o: (2, 5),
        min_stack=lambda o: cast(PaiuteOptions, o).stake,
        top_stake=lambda o: cast(PaiuteOptions, o).stake,
        record=_paiute_record,
    ),
    "pontoon": Game(
        name="pontoon",
        title="Pontoon",
        engine=Pontoon,
        options=PontoonOptions,
        defaults=lambda s: {
            "min_bet": s.min_bet,
            "max_bet": s.max_bet,
            "turn_timeout": s.turn_timeout_s,
        },
        players=_pontoon_players,
        min_stack=lambda o: cast(PontoonOptions, o).min_bet,
        top_stake=lambda o: cast(PontoonOptions, o).max_bet,
        record=_pontoon_record,
    ),
}


def game(name: str) -> Game:
    """The game called ``name``, or ``UnknownGame``."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame("named", game=repr(name), known=known) from None
