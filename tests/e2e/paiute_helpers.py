"""Shared by the Paiute e2e tests: a seed whose deals are known to reach a call, a look at the
bot's tables from outside, and the scan of every public message for hidden cards."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import cast

from bot.client import Parlour
from bot.exts.paiute import _render as render
from bot.sandbox.actors import Actor
from bot.sandbox.harness import Session
from bot.sandbox.state import Message
from bot.tables import TableStatus
from games.cards import Card
from games.paiute import Paiute, PaiuteOptions, PaiuteView

OPTIONS = PaiuteOptions(stake=10, max_rounds=4, turn_timeout=600)
BUY_IN = 200
_CARD = re.compile(r"(?<![0-9])(10|[2-9AKQJ])([♠♥♦♣])")


def named_cards(text: str) -> set[Card]:
    """Every card a text names in its display form (``10♥``)."""
    return {Card.parse(rank + "shdc"["♠♥♦♣".index(s)]) for rank, s in _CARD.findall(text)}


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
        specs = {s.kind: s for s in game.legal_actions(pid)}
        if "call" in specs:
            caller = caller or pid
            game.act(pid, {"kind": "call", "discard": specs["call"].fields["discard"].options[0]})  # type: ignore[union-attr]
        elif source == "discard":
            card = specs["discard"].fields["card"].options[0]  # type: ignore[union-attr]
            game.act(pid, {"kind": "discard", "card": card})
        else:
            game.act(pid, game.timeout_action(pid))
        turn += 1
    return caller


def find_seed(players: list[str], options: PaiuteOptions = OPTIONS) -> int:
    """A table seed whose first deal, played by the plan, has a call by a player who is not
    the dealer (so there are last turns), and whose second deal has a call too."""
    stacks = dict.fromkeys(players, BUY_IN)
    for seed in range(20_000):
        game = Paiute.new(players, stacks, options, seed=seed)
        caller = play_by_plan(game, first_from_discard=True)
        if caller is None or caller == game.dealer:
            continue
        if play_by_plan(game.next_deal(), first_from_discard=False) is not None:
            return seed
    raise AssertionError("no seed gives two deals with a call")


class Watch:
    """The bot's tables seen from outside (through the running bot's service), and what
    every user can see in the channel."""

    def __init__(self, session: Session, actors: Iterable[Actor]) -> None:
        self.session = session
        self.actors = {a.id: a for a in actors}
        self.ever_public: set[Card] = set()

    @property
    def bot(self) -> Parlour:
        return cast(Parlour, self.session.bot)

    async def settled(self) -> None:
        """Wait until the bot is quiet (a command's table edit comes after its reply)."""
        await self.session.fake.settle(quiet=0.01, within=2.0)

    def status(self, user: int | None = None) -> TableStatus:
        return self.bot.tables.status(self.session.guild.id, self.session.channel.id, user)

    def view(self, actor: Actor | None = None) -> PaiuteView:
        view = self.status(actor.id if actor else None).view
        assert isinstance(view, PaiuteView)
        return view

    def to_act(self) -> Actor:
        who = self.status().to_act
        assert who is not None
        return self.actors[who]

    def message(self) -> Message:
        """The one table message."""
        found = [
            m
            for m in self.session.messages()
            if m.author.bot and any(e.get("title") == "Paiute table" for e in m.embeds)
        ]
        assert len(found) == 1, f"one table message, not {len(found)}"
        return found[0]

    def public_text(self) -> str:
        """Everything anyone sees in the channel: contents, embeds, components."""
        parts = []
        for m in self.session.messages():
            parts.append(m.content)
            for e in m.embeds:
                parts += [e.get("title", ""), e.get("description", "")]
                parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])]
                parts.append((e.get("footer") or {}).get("text", ""))
            for c in m.walk_components():
                parts.append(str(c.get("label") or "") + str(c.get("placeholder") or ""))
                parts += [str(o.get("label")) for o in c.get("options", [])]
        return "\n".join(parts)

    def hidden(self) -> set[Card]:
        """Cards in hands that were never face up (cards that lay face up since are known)."""
        if self.status().view is None:
            return set()  # no deal yet
        public = self.view()
        self.ever_public |= {public.indicator, *filter(None, [public.top_discard])}
        if public.taken_from_discard is not None:
            self.ever_public.add(public.taken_from_discard)
        for seat in public.seats:
            self.ever_public |= {*seat.laid_down, *(seat.shown or [])}
        held = {c for a in self.actors.values() for c in self.view(a).hand or []}
        return held - self.ever_public

    def check_no_hidden_card(self) -> None:
        """The scan: no public message, embed or component names a card still hidden."""
        leaked = named_cards(self.public_text()) & self.hidden()
        assert not leaked, f"hidden cards in public: {leaked}"

    def hand_line(self, actor: Actor) -> str:
        """How the actor's hand reads in their DMs and My cards (wilds marked)."""
        view = self.view(actor)
        return render.cards(view.hand or [], view.indicator.rank)


def bot_dms(actor: Actor) -> list[Message]:
    return [m for m in actor.dms() if m.author.bot]
