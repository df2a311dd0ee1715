"""Shared by the Paiute e2e tests: a table seed whose deals are known to reach a call, the
plan the tests play by, and Paiute's views of the running bot's table.

The hidden-card scan, DM checks and API-call counts are the kit's (``table_helpers.Watch``).
"""

from __future__ import annotations

import json
import re

from bot.exts.paiute import render
from games.actions import ChoiceField
from games.cards import Card
from games.paiute import Paiute, PaiuteOptions, PaiuteView
from sandbox.actors import Actor
from sandbox.harness import Session
from sandbox.messages import Message
from tests.e2e.table_helpers import status, stored_engine

OPTIONS = PaiuteOptions(stake=10, max_rounds=4, turn_timeout=600)
BUY_IN = 200
_CARD = re.compile(r"(?<![0-9])(10|[2-9AKQJ])([♠♥♦♣])")


async def open_with(host: Actor, others: list[Actor]) -> None:
    """``host`` opens a table with :data:`OPTIONS` and :data:`BUY_IN`; ``others`` join it."""
    await host.slash(
        "paiute open",
        stake=OPTIONS.stake,
        max_rounds=OPTIONS.max_rounds,
        turn_timeout=OPTIONS.turn_timeout,
        buy_in=BUY_IN,
    )
    for actor in others:
        await actor.slash("paiute join", buy_in=BUY_IN)


def codes_in(text: str) -> list[str]:
    """The codes of the cards a text shows (``10♥`` -> ``10h``), in order."""
    return [rank + "shdc"["♠♥♦♣".index(suit)] for rank, suit in _CARD.findall(text)]


def _first(game: Paiute, pid: str, kind: str) -> str | None:
    spec = next(s for s in game.legal_actions(pid) if s.kind == kind)
    field = next(iter(spec.fields.values()))
    assert isinstance(field, ChoiceField)
    return field.options[0]


def play_by_plan(game: Paiute, *, first_from_discard: bool) -> str | None:
    """Play a deal the way the e2e tests do: the first turn may take the top discard (then
    discards its first legal card); every other turn draws from the stock; a player who can
    call calls with the first legal option, else discards the card drawn. Returns the caller."""
    caller = None
    turn = 0
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        source = "discard" if first_from_discard and turn == 0 else "stock"
        game.act(pid, {"kind": "draw", "source": source})
        if any(s.kind == "call" for s in game.legal_actions(pid)):
            caller = caller or pid
            game.act(pid, {"kind": "call", "discard": _first(game, pid, "call")})
        elif source == "discard":
            game.act(pid, {"kind": "discard", "card": _first(game, pid, "discard")})
        else:
            game.act(pid, game.timeout_action(pid))
        turn += 1
    return caller


def find_seed(players: list[str], options: PaiuteOptions = OPTIONS) -> int:
    """A table seed whose first deal, played by the plan, has a call by a player who is not
    the dealer (so there are last turns), and whose second deal has a call too. The table
    service has no stacked deck; the seed is the one input a test may fix."""
    stacks = dict.fromkeys(players, BUY_IN)
    for seed in range(20_000):
        game = Paiute.new(players, stacks, options, seed=seed)
        caller = play_by_plan(game, first_from_discard=True)
        if caller is None or caller == game.dealer:
            continue
        if play_by_plan(game.next_deal(), first_from_discard=False) is not None:
            return seed
    raise AssertionError("no seed gives two deals with a call")


def view(session: Session, actor: Actor | None = None) -> PaiuteView:
    """The deal as the public (or ``actor``) sees it."""
    seen = status(session, actor.id if actor else None).view
    assert isinstance(seen, PaiuteView)
    return seen


def to_act(session: Session, actors: list[Actor]) -> Actor:
    who = status(session).to_act
    return next(a for a in actors if a.id == who)


def hand_line(session: Session, actor: Actor) -> str:
    """How the actor's hand reads in their DMs and My cards (wilds marked)."""
    own = view(session, actor)
    return render.cards(own.hand or [], own.indicator.rank)


def shown(message: Message) -> str:
    """What a message shows: content, embeds (title, description, fields, footer), labels."""
    parts = [message.content]
    for e in message.embeds:
        parts += [e.get("title", ""), e.get("description", "")]
        parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])]
        parts.append((e.get("footer") or {}).get("text", ""))
    for c in message.walk_components():
        parts.append(str(c.get("label") or c.get("placeholder") or ""))
        parts += [str(o.get("label")) for o in c.get("options", [])]
    return "\n".join(parts)


def menus(message: Message) -> list[str]:
    """The placeholders of a message's select menus."""
    return [str(c.get("placeholder")) for c in message.walk_components() if c.get("type") == 3]


def drawn(dm: Message) -> str:
    """The code of the card a "You drew X." DM names."""
    found = re.search(r"You drew (\S+)\.", dm.content)
    assert found, dm.content
    return codes_in(found[1])[0]


def first_value(message: Message, menu: str) -> str:
    return str(message.component(menu)["options"][0]["value"])


def card(code: str) -> str:
    return str(Card.parse(code))


async def stock(session: Session) -> set[str]:
    """The face-down stock of the stored game (for ``Watch(face_down=...)``): none of it may
    show in public. Only for deals too short to rebuild the stock from discards (PA-7), whose
    cards were public once: OPTIONS' 4 rounds of 3 players draw at most 15 of 35 cards."""
    game = await stored_engine(session)
    if game is None:
        return set()
    return set(json.loads(game.snapshot())["stock"])
